"""Makes tests/readers/reader_builders.py importable from the reader tests."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

"""Makes tests/hostile/uploads.py importable from the hostile-input and fuzz tests."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

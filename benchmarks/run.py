"""``make bench``: the big-field benchmark, the archive benchmark (3 runs, medians), then
the double-dummy analysis of a 24-board session (cold and warm).

    python benchmarks/run.py [--quick]

``--quick`` runs smaller sizes (a 150-session archive, fields up to 1,000) in a minute or
so, for a check while working; the README's figures come from the full run.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import archive, big_field, double_dummy, end_to_end  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="smaller sizes, one archive run")
    args = parser.parse_args(argv)
    print("== big field ==")
    big_field.main(["--sizes", "100", "1000", "--runs", "3"] if args.quick else [])
    print("\n== big field, end to end (score --json beside salliere; the site of 1,000 tables) ==")
    end_to_end.main(["--tables", "100", "1000", "--runs", "1", "--site-tables", "0"] if args.quick else [])
    print("\n== archive ==")
    archive.main(["--sessions", "150", "--runs", "1"] if args.quick else ["--runs", "3"])
    print("\n== double dummy ==")
    double_dummy.main(["--runs", "1" if args.quick else "3"])


if __name__ == "__main__":
    main()

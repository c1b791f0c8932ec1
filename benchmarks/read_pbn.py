"""Reading a big field as PBN, against the same results as USEBIO: the CPU seconds of
reading the file (the parse and the validation apart) and of ``python -m generator score
FIELD --json`` end to end, for a barometer of R tables x 24 boards.

    python benchmarks/read_pbn.py [--tables 100 1000 9999] [--runs 3]

Reading is timed in this process (``time.process_time``, the median of ``--runs``): the
validation is the time spent in ``readers.validate.validate`` (the same checks for both
formats), the parse all the rest of reading the file into a session.  End to end is a child
process's user + system CPU seconds and wall seconds (medians).  The fields are written by
``benchmarks/field_files.py`` (``write_pbn`` and ``write_usebio``, the same results).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.end_to_end import run, score_command  # noqa: E402
from benchmarks.field_files import field_results, write_pbn, write_usebio  # noqa: E402
from generator.readers import read_sessions  # noqa: E402
from generator.readers import validate as validate_module  # noqa: E402


class _ValidationClock:
    """Wraps ``validate`` wherever a reader imported it, adding up its CPU seconds."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.original = validate_module.validate
        self.patched: list[object] = []

    def __enter__(self) -> _ValidationClock:
        def timed(*args, **kwargs):
            start = time.process_time()
            try:
                return self.original(*args, **kwargs)
            finally:
                self.seconds += time.process_time() - start

        for name, module in list(sys.modules.items()):
            if name.startswith("generator.readers") and getattr(module, "validate", None) is self.original:
                module.validate = timed  # type: ignore[attr-defined]
                self.patched.append(module)
        return self

    def __exit__(self, *exc: object) -> None:
        for module in self.patched:
            module.validate = self.original  # type: ignore[attr-defined]


def reading(path: Path, runs: int) -> tuple[float, float]:
    """Median CPU seconds of reading the file: (parse, validation)."""
    import generator.readers.pbn  # both readers loaded, so that both are wrapped
    import generator.readers.usebio  # noqa: F401

    parses, checks = [], []
    for _ in range(runs):
        with _ValidationClock() as clock:
            start = time.process_time()
            read_sessions(path, max_bytes=1 << 30)
            total = time.process_time() - start
        parses.append(total - clock.seconds)
        checks.append(clock.seconds)
    return statistics.median(parses), statistics.median(checks)


def end_to_end(path: Path, runs: int) -> tuple[float, float]:
    """Median wall and CPU seconds of ``score FIELD --json`` in a child process."""
    walls, cpus = [], []
    for _ in range(runs):
        wall, _, cpu = run(score_command(path, as_json=True))
        walls.append(wall)
        cpus.append(cpu)
    return statistics.median(walls), statistics.median(cpus)


def main(argv: list[str] | None = None) -> list[dict]:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, nargs="+", default=[100, 1000, 9999])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    rows = []
    print("tables  results  format  size MB  parse CPU-s  validate CPU-s  read CPU-s  score --json CPU-s (wall)")
    with tempfile.TemporaryDirectory() as tmp:
        for tables in args.tables:
            results = field_results(tables)
            count = sum(len(board) for board in results)
            files = {"PBN": Path(tmp) / f"field-{tables}.pbn", "USEBIO": Path(tmp) / f"field-{tables}.xml"}
            write_pbn(files["PBN"], results, tables)
            write_usebio(files["USEBIO"], tables, results)
            for kind, path in files.items():
                parse, check = reading(path, args.runs)
                wall, cpu = end_to_end(path, args.runs)
                row = {
                    "tables": tables,
                    "results": count,
                    "format": kind,
                    "megabytes": path.stat().st_size / 1e6,
                    "parse": parse,
                    "validate": check,
                    "score_cpu": cpu,
                    "score_wall": wall,
                }
                rows.append(row)
                print(
                    f"{tables:6}  {count:7}  {kind:6}  {row['megabytes']:7.1f}  {parse:11.3f}  {check:14.3f}  "
                    f"{parse + check:10.3f}  {cpu:8.2f} ({wall:.2f})",
                    flush=True,
                )
    return rows


if __name__ == "__main__":
    main()

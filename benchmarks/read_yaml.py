"""Reading one synthetic YAML session (14 tables × 24 boards, as the archive benchmark's):
the CPU time of ``read_sessions`` per session, median of many, and of its two halves (the
guarded loader, then the session reader).

    python benchmarks/read_yaml.py [--sessions 12] [--rounds 5]

Runs the ``generator`` of the current directory, so the same script times another checkout
back to back: ``cd ../main && .venv/bin/python ../yamlread/benchmarks/read_yaml.py``.
CPU time (``time.process_time``), not wall time: the machine is shared.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.getcwd())
sys.path.insert(1, str(Path(__file__).resolve().parent))

import synthetic

from generator.readers import read_sessions
from generator.readers.yaml_loader import load


def _median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sessions", type=int, default=12, help="distinct synthetic sessions (default 12)")
    parser.add_argument("--rounds", type=int, default=5, help="times each session is read (default 5)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        paths = synthetic.write_archive(Path(tmp), args.sessions)
        texts = [p.read_bytes().decode("utf-8") for p in paths]
        read_sessions(paths[0])  # imports and first-use caches out of the figures
        whole: list[float] = []
        loading: list[float] = []
        for _ in range(args.rounds):
            for path, text in zip(paths, texts):
                start = time.process_time()
                read_sessions(path)
                whole.append(time.process_time() - start)
                start = time.process_time()
                load(text)
                loading.append(time.process_time() - start)
    print(f"checkout: {os.getcwd()}")
    print(f"read_sessions, one 14-table 24-board session: {_median_ms(whole):.2f} ms CPU (median of {len(whole)})")
    print(f"  of which the guarded YAML load:            {_median_ms(loading):.2f} ms CPU")
    print(f"  so the session reader about:               {_median_ms(whole) - _median_ms(loading):.2f} ms CPU")
    print(f"load average: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()

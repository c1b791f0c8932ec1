"""The size of a fresh environment made from each runtime lock (requirements/runtime.txt,
languages.txt with Babel for a site in another language, and analysis.txt with the
double-dummy extra), as a club's workflow installs it.  Printed, not
asserted (README, "Dependencies and the lock file"; issue 26 asked for under 25 MB without
the extra).  Needs the package index or pip's cache: `python benchmarks/venv_sizes.py`."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="venv-sizes-") as tmp:
        empty = Path(tmp) / "empty"
        subprocess.run([sys.executable, "-m", "venv", str(empty)], check=True)
        base = folder_size(empty)
        print(f"{'lock':<14} {'installed':>10} {'over an empty venv':>20}")
        for lock in ("runtime.txt", "languages.txt", "analysis.txt"):
            venv = Path(tmp) / lock
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
            python = venv / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
            subprocess.run(
                [
                    str(python),
                    "-m",
                    "pip",
                    "install",
                    "--quiet",
                    "--require-hashes",
                    "-r",
                    str(ROOT / "requirements" / lock),
                ],
                check=True,
            )
            size = folder_size(venv)
            print(f"{lock:<14} {size / 1e6:>8.1f} MB {(size - base) / 1e6:>17.1f} MB")


if __name__ == "__main__":
    main()

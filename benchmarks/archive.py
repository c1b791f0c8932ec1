"""Archive: a club's 1,500 sessions (14 tables, 24 boards, a few hundred players).

A full build from scratch, then a build after adding one new session, then a build with
nothing changed.  Prints seconds, pages written per second, files rewritten, and the peak
memory of the whole build (the process and its workers, sampled from /proc).

    python benchmarks/archive.py [--sessions 1500] [--jobs N]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.synthetic import mitchell_yaml, player_names, write_archive  # noqa: E402


def _tree_rss(pid: int) -> int:
    """Resident memory of a process and all its descendants, in bytes (Linux /proc)."""
    total = 0
    pids = [pid]
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    parent = int(f.read().rsplit(")", 1)[1].split()[1])
                children.setdefault(parent, []).append(int(entry))
            except (OSError, IndexError, ValueError):
                pass
    while pids:
        p = pids.pop()
        pids.extend(children.get(p, []))
        try:
            with open(f"/proc/{p}/statm") as f:
                total += int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        except OSError:
            pass
    return total


def timed_build(content: Path, output: Path, jobs: int | None) -> dict:
    cmd = [sys.executable, "-m", "generator", "build", "--content", str(content), "--output", str(output)]
    if jobs:
        cmd += ["--jobs", str(jobs)]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    peak = 0
    stop = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not stop.is_set():
            peak = max(peak, _tree_rss(proc.pid))
            stop.wait(0.1)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    out, err = proc.communicate()
    seconds = time.perf_counter() - start
    stop.set()
    sampler.join()
    if proc.returncode:
        raise SystemExit(f"build failed:\n{err}")
    m = re.search(r"(\d+) files: (\d+) written, (\d+) unchanged, (\d+) removed", out)
    files, written, unchanged, removed = (int(x) for x in m.groups()) if m else (0, 0, 0, 0)
    return {"seconds": seconds, "files": files, "written": written, "unchanged": unchanged, "peak": peak, "report": out.strip()}


def count_unchanged_mtimes(output: Path, before: dict[str, int]) -> int:
    return sum(1 for p, t in before.items() if (output / p).exists() and (output / p).stat().st_mtime_ns == t)


def snapshot(output: Path) -> dict[str, int]:
    return {str(p.relative_to(output)): p.stat().st_mtime_ns for p in output.rglob("*") if p.is_file()}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sessions", type=int, default=1500)
    parser.add_argument("--jobs", type=int, default=None)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        content, output = Path(tmp) / "content", Path(tmp) / "site"
        t = time.perf_counter()
        write_archive(content, args.sessions)
        print(f"generated {args.sessions} sessions in {time.perf_counter() - t:.1f} s")
        print(f"{'build':<22} {'seconds':>8} {'files':>7} {'written':>8} {'pages/s':>9} {'peak MB':>8}")

        def show(name: str, r: dict) -> None:
            rate = r["written"] / r["seconds"] if r["seconds"] else 0
            print(f"{name:<22} {r['seconds']:>8.2f} {r['files']:>7} {r['written']:>8} {rate:>9,.0f} {r['peak'] / 2**20:>8.0f}")

        full = timed_build(content, output, args.jobs)
        show("full, from scratch", full)
        before = snapshot(output)
        rnd = random.Random(99)
        new = content / "sessions" / "2099-01-05-club-pairs-new.yaml"
        new.write_text(mitchell_yaml(rnd, event="Club Pairs", date="2099-01-05", tables=14, boards=24,
                                     names=player_names(300, random.Random(7))), encoding="utf-8")
        one = timed_build(content, output, args.jobs)
        show("one new session", one)
        kept = count_unchanged_mtimes(output, before)
        print(f"  files whose mtime was kept: {kept} of {len(before)}")
        before = snapshot(output)
        none = timed_build(content, output, args.jobs)
        show("nothing changed", none)
        print(f"  files whose mtime was kept: {count_unchanged_mtimes(output, before)} of {len(before)}")


if __name__ == "__main__":
    main()

"""Archive: a club's 1,500 sessions (14 tables, 24 boards, a few hundred players).

A full build from scratch, then a build after adding one new session, then a build with
nothing changed; ``--runs N`` repeats the three into fresh folders and prints the medians.
Prints seconds, pages written per second, files rewritten, the peak memory of the whole
build (the process and its workers, sampled from /proc) and the CPU time other processes
used meanwhile (``other cpu``: a busy machine explains a slow run).

The folders of every run are deleted only at the end, and the runs' folders are made under
``benchmarks/.scratch/`` in the checkout (``--dir`` to choose), as a club builds its site inside
its repository.  On our machines' disks (ext4 without a journal) creating files is much
slower for several minutes after many were deleted nearby: 600-900 µs a file instead of about
20, measured right after a run's 86,000 files were deleted.  A run that follows such a deletion
(another run's clean-up, a test run) pays it in the kernel: ``kernel`` shows the build's
kernel CPU seconds (a full build: 4.3 on an unpenalised disk, 35.6 started right after the
previous run's clean-up, 41.8 against 60.1 s), so such a run can be told from a slow build.
Take figures from a run started where nothing was deleted for a while.  ``load`` is the
machine's load average (1 minute) when the figure was taken.

``--raw`` (issue 27) puts the build beside what the disk and our stack allow, in the same run on
the same disk: after each round's three builds, a minimal two-process writer creates the files
of the full build's output with their sizes (makedirs, open, write, close), and a plain Jinja
generator (one template, each page's texts, two processes) renders the same pages
(benchmarks/raw_pages.py).  Three rounds unless ``--runs`` says otherwise, each in fresh
folders; the medians give the full build's pages/s as a percentage of the raw rate (and the
plain generator's, the practical ceiling), CPU per page, and the one-new-session and
nothing-changed builds as percentages of the full build's time.

    python benchmarks/archive.py [--sessions 1500] [--runs 1] [--jobs N] [--dir FOLDER] [--raw] [--language fr]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import raw_pages  # noqa: E402
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


def _busy_seconds() -> float | None:
    """CPU seconds the whole machine has spent busy (Linux /proc/stat), or None."""
    try:
        with open("/proc/stat") as f:
            ticks = [int(x) for x in f.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    idle = ticks[3] + (ticks[4] if len(ticks) > 4 else 0)
    steal = ticks[7] if len(ticks) > 7 else 0
    return (sum(ticks[:8]) - idle - steal) / os.sysconf("SC_CLK_TCK")


def timed_build(content: Path, output: Path, jobs: int | None) -> dict:
    cmd = [sys.executable, "-m", "generator", "build", "--content", str(content), "--output", str(output)]
    if jobs:
        cmd += ["--jobs", str(jobs)]
    busy_before, children_before = _busy_seconds(), os.times()
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
    busy_after, children_after = _busy_seconds(), os.times()
    own = (
        children_after.children_user
        + children_after.children_system
        - children_before.children_user
        - children_before.children_system
    )
    kernel = children_after.children_system - children_before.children_system
    other = None if busy_before is None or busy_after is None else max(0.0, busy_after - busy_before - own)
    if proc.returncode:
        raise SystemExit(f"build failed:\n{err}")
    m = re.search(r"(\d+) files: (\d+) written, (\d+) unchanged, (\d+) removed", out)
    files, written, unchanged, _removed = (int(x) for x in m.groups()) if m else (0, 0, 0, 0)
    return {
        "seconds": seconds,
        "files": files,
        "written": written,
        "unchanged": unchanged,
        "peak": peak,
        "cpu": own,
        "kernel": kernel,
        "other": other,
        "load": os.getloadavg()[0],
        "report": out.strip(),
    }


def timed_writer(kind: str, manifests: list[Path], dest: Path, files: int) -> dict:
    """A raw or plain run (benchmarks/raw_pages.py) as a row of the same table as a build's."""
    busy_before = _busy_seconds()
    t = raw_pages.timed(kind, manifests, dest, files)
    busy_after = _busy_seconds()
    other = None if busy_before is None or busy_after is None else max(0.0, busy_after - busy_before - t["cpu"])
    return {**t, "written": files, "unchanged": 0, "peak": 0, "other": other, "load": os.getloadavg()[0]}


def raw_comparison(results: dict[str, list[dict]]) -> None:
    """The medians of the rounds as issue 27 reads them: rates as percentages of the raw
    writer's, CPU per page, the incremental builds as percentages of the full one."""

    def median(name: str, key: str) -> float:
        return statistics.median(r[key] for r in results[name])

    def rate(r: dict) -> float:
        return r["written"] / r["seconds"] if r["seconds"] else 0.0

    rounds = len(results["raw writer"])
    raw_rate = statistics.median(rate(r) for r in results["raw writer"])
    print(f"\nraw comparison, medians of {rounds} round{'s' if rounds != 1 else ''} (each round's figure in brackets)")
    for name in ("full, from scratch", "plain Jinja"):
        share = statistics.median(rate(r) for r in results[name]) / raw_rate if raw_rate else 0.0
        each = ", ".join(f"{rate(r) / rate(w):.1%}" for r, w in zip(results[name], results["raw writer"]) if rate(w))
        print(f"  {name}: {share:.1%} of the raw writer's {raw_rate:,.0f} files/s ({each})")
    raw_cpu = median("raw writer", "cpu")
    for name in ("full, from scratch", "plain Jinja", "raw writer"):
        per_page = median(name, "cpu") / median(name, "written") * 1000 if median(name, "written") else 0.0
        times = f", {median(name, 'cpu') / raw_cpu:.1f}× the raw writer's" if raw_cpu and name != "raw writer" else ""
        print(
            f"  {name}: {per_page:.2f} CPU-ms a page{times} ({median(name, 'kernel'):.1f} of "
            f"{median(name, 'cpu'):.1f} CPU-s in the kernel, load {median(name, 'load'):.1f})"
        )
    full = median("full, from scratch", "seconds")
    for name in ("one new session", "nothing changed"):
        each = ", ".join(
            f"{r['seconds'] / f['seconds']:.1%}" for r, f in zip(results[name], results["full, from scratch"])
        )
        print(f"  {name}: {median(name, 'seconds') / full:.1%} of the full build's time ({each})")


def count_unchanged_mtimes(output: Path, before: dict[str, int]) -> int:
    return sum(1 for p, t in before.items() if (output / p).exists() and (output / p).stat().st_mtime_ns == t)


def snapshot(output: Path) -> dict[str, int]:
    return {str(p.relative_to(output)): p.stat().st_mtime_ns for p in output.rglob("*") if p.is_file()}


def commit_archive(content: Path, corrections: int) -> None:
    """The archive as a club's repository: every upload committed, then a second commit that
    corrects ``corrections`` of them (one board's result changed by a trick)."""
    import subprocess

    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(content),
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "Scorer",
        "GIT_AUTHOR_EMAIL": "scorer@example.org",
        "GIT_COMMITTER_NAME": "Scorer",
        "GIT_COMMITTER_EMAIL": "scorer@example.org",
        "GIT_AUTHOR_DATE": "2099-01-01T20:00:00+00:00",
        "GIT_COMMITTER_DATE": "2099-01-01T20:00:00+00:00",
    }

    def git(*args: str) -> None:
        subprocess.run(["git", "-C", str(content), *args], env=env, check=True, capture_output=True)

    git("init", "-q")
    git("add", "-A", ".")
    git("commit", "-q", "-m", "The archive")
    for path in sorted((content / "sessions").rglob("*.yaml"))[:corrections]:
        text = path.read_text(encoding="utf-8")
        path.write_text(
            re.sub(r"tricks: (\d+)", lambda m: f"tricks: {max(0, int(m[1]) - 1)}", text, count=1), encoding="utf-8"
        )
    git("commit", "-q", "-a", "-m", "Corrections")


def main(argv: list[str] | None = None) -> dict[str, list[dict]]:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sessions", type=int, default=1500)
    parser.add_argument(
        "--runs",
        type=int,
        default=None,
        help="repeat the three builds in fresh folders; medians at the end (default 1, with --raw 3)",
    )
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument(
        "--dir", type=Path, default=ROOT / "benchmarks" / ".scratch", help="where the runs' folders are made"
    )
    parser.add_argument(
        "--git",
        type=int,
        default=None,
        metavar="N",
        help="commit the archive to a git repository, then commit a correction to N of its uploads "
        "(the build reads their history)",
    )
    parser.add_argument(
        "--language", default=None, help="the site's language (site.yaml's language:, e.g. fr), issue 29's speed check"
    )
    parser.add_argument(
        "--site-url",
        default=None,
        help="the site's address (site.yaml's site_url:, as a club's workflow gives it): its pages "
        "then carry full addresses and the build writes the sitemap",
    )
    parser.add_argument(
        "--raw",
        action="store_true",
        help="beside each round's builds, a raw two-process writer and a plain Jinja generator "
        "making the full build's files (issue 27)",
    )
    args = parser.parse_args(argv)
    if args.runs is None:
        args.runs = 3 if args.raw else 1
    results: dict[str, list[dict]] = {"full, from scratch": [], "one new session": [], "nothing changed": []}
    if args.raw:
        results |= {"raw writer": [], "plain Jinja": []}
    header = f"{'build':<22} {'seconds':>8} {'files':>7} {'written':>8} {'pages/s':>9} {'peak MB':>8} {'cpu s':>7} {'kernel':>7} {'other cpu':>10} {'load':>5}"

    def show(name: str, r: dict) -> None:
        rate = r["written"] / r["seconds"] if r["seconds"] else 0
        other = "?" if r["other"] is None else f"{r['other']:.1f}"
        print(
            f"{name:<22} {r['seconds']:>8.2f} {r['files']:>7} {r['written']:>8} {rate:>9,.0f} "
            f"{r['peak'] / 2**20:>8.0f} {r['cpu']:>7.1f} {r['kernel']:>7.1f} {other:>10} {r['load']:>5.1f}"
        )
        if r.get("report"):
            print(f"  {r['report']}")

    args.dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        content = Path(tmp) / "content"
        t = time.perf_counter()
        write_archive(content, args.sessions)
        print(f"generated {args.sessions} sessions in {time.perf_counter() - t:.1f} s")
        if args.language:
            with open(content / "site.yaml", "a", encoding="utf-8") as settings:
                settings.write(f"language: {args.language}\n")
        if args.site_url:
            with open(content / "site.yaml", "a", encoding="utf-8") as settings:
                settings.write(f"site_url: {args.site_url}\n")
        if args.git is not None:
            t = time.perf_counter()
            commit_archive(content, args.git)
            print(f"committed them and corrected {args.git} in {time.perf_counter() - t:.1f} s")
        new = content / "sessions" / "2099-01-05-club-pairs-new.yaml"
        new_text = mitchell_yaml(
            random.Random(99),
            event="Club Pairs",
            date="2099-01-05",
            tables=14,
            boards=24,
            names=player_names(300, random.Random(7)),
        )
        manifests: dict[str, list[Path]] = {}
        published: list[tuple[str, int]] = []
        for run in range(1, args.runs + 1):
            # Each run in its own folder (site and .cache); all deleted together at the end.
            output = Path(tmp) / f"run-{run}" / "site"
            new.unlink(missing_ok=True)
            if args.runs > 1:
                print(f"\nrun {run} of {args.runs}")
            print(header)
            full = timed_build(content, output, args.jobs)
            show("full, from scratch", full)
            if args.raw and not published:
                # The full build's files, listed (and their texts read) once, before any timing.
                t = time.perf_counter()
                published = raw_pages.list_output(output)
                for kind in ("raw", "plain"):
                    manifests[kind] = raw_pages.write_manifests(output, published, Path(tmp) / "manifests", kind)
                print(
                    f"  listed its {len(published):,} files and read their pages' texts in {time.perf_counter() - t:.1f} s"
                )
            before = snapshot(output)
            new.write_text(new_text, encoding="utf-8")
            one = timed_build(content, output, args.jobs)
            show("one new session", one)
            print(f"  files whose mtime was kept: {count_unchanged_mtimes(output, before)} of {len(before)}")
            before = snapshot(output)
            none = timed_build(content, output, args.jobs)
            show("nothing changed", none)
            print(f"  files whose mtime was kept: {count_unchanged_mtimes(output, before)} of {len(before)}")
            rows = [full, one, none]
            if args.raw:
                for name, kind in (("raw writer", "raw"), ("plain Jinja", "plain")):
                    rows.append(timed_writer(kind, manifests[kind], Path(tmp) / f"run-{run}" / kind, len(published)))
                    show(name, rows[-1])
            for name, r in zip(results, rows):
                results[name].append(r)
        if args.runs > 1:
            print(f"\nmedians of {args.runs} runs")
            print(header)
            for name, rs in results.items():
                median = {
                    k: statistics.median(r[k] for r in rs)
                    for k in ("seconds", "files", "written", "peak", "cpu", "kernel", "load")
                }
                others = [r["other"] for r in rs if r["other"] is not None]
                median["other"] = statistics.median(others) if others else None
                show(name, median)
            rates = sorted(r["written"] / r["seconds"] for r in results["full, from scratch"])
            print(f"full build, pages/s of each run: {', '.join(f'{x:,.0f}' for x in rates)}")
        if args.raw:
            raw_comparison(results)
        t = time.perf_counter()
    print(f"deleted the runs' folders in {time.perf_counter() - t:.1f} s")
    return results


if __name__ == "__main__":
    main()

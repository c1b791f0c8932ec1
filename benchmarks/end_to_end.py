"""End to end, as a user runs it: ``python -m generator score FIELD.xml --json`` on a
barometer of R tables x 24 boards (process start, reading, validating, scoring with every
explanation, writing the JSON), side by side with salliere on the same field when it is
installed (Debian package ``salliere``), and the site ``build`` of one field.

    python benchmarks/end_to_end.py [--tables 100 1000 9999] [--runs 3] [--site-tables 1000]

Figures are wall-clock medians of ``--runs`` runs, the CPU seconds (user + system) of the
same runs (steadier than wall time on a shared machine), and the peak memory (max RSS) of
the child process.  The largest field is 9,999 tables (239,976 results): the readers take
pair numbers of up to four digits.  Uploads over 20 MB are refused by ``score`` (readers.MAX_BYTES); a field
whose USEBIO file is larger (10,000 tables: ~49 MB) is run through the same steps in a
child process that passes a larger limit to ``read_sessions`` (marked ``*``).
salliere rewrites its CSV files in place, so each run gets fresh copies; its wrapper
script fails in containers, so its jar is run directly.  The generator's modules are compiled
to bytecode before the runs, as an installed program's are.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.field_files import field_results, write_salliere, write_usebio  # noqa: E402
from generator.readers import MAX_BYTES  # noqa: E402

SALLIERE_JAR = Path("/usr/share/salliere/salliere-0.10.jar")

_LARGE_SCORE = """
import sys
from pathlib import Path
from generator.cli import main
import generator.readers as readers
readers.read_sessions.__defaults__ = (10 * readers.MAX_BYTES,)
sys.exit(main())  # as the program runs (main() without arguments reads sys.argv)
"""
"""``python -m generator`` with a larger upload limit, for fields over 20 MB of USEBIO."""


def run(command: list[str], stdout_path: Path | None = None, cwd: Path | None = None) -> tuple[float, int, float]:
    """Wall seconds, peak RSS (bytes) and CPU seconds of one child process; fails loudly on a non-zero exit."""
    out = open(stdout_path, "wb") if stdout_path else subprocess.DEVNULL  # noqa: SIM115 (closed once the child exits)
    start = time.perf_counter()
    proc = subprocess.Popen(command, stdout=out, stderr=subprocess.PIPE, cwd=cwd)
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode() if proc.stderr else ""
    if stdout_path:
        out.close()  # type: ignore[union-attr]
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({proc.returncode}): {err[-2000:]}")
    return seconds, usage.ru_maxrss * 1024, usage.ru_utime + usage.ru_stime


def salliere_available() -> bool:
    return SALLIERE_JAR.exists() and shutil.which("java") is not None


def time_salliere(folder: Path, runs: int) -> float:
    times = []
    for i in range(runs):
        work = folder / f"salliere-run-{i}"
        work.mkdir()
        shutil.copy(folder / "boards.csv", work / "boards.csv")
        shutil.copy(folder / "names.csv", work / "names.csv")
        seconds, _, _ = run(
            ["java", "-jar", str(SALLIERE_JAR), "score", "matchpoint", "total", "--", "boards.csv", "names.csv"],
            cwd=work,
        )
        times.append(seconds)
    return statistics.median(times)


def score_command(field: Path, as_json: bool) -> list[str]:
    head = [sys.executable, "-m", "generator"]
    if field.stat().st_size > MAX_BYTES:
        head = [sys.executable, "-c", _LARGE_SCORE]
    return head + ["score", str(field)] + (["--json"] if as_json else [])


def time_site(folder: Path, field: Path, runs: int) -> dict:
    content = folder / "content"
    (content / "sessions").mkdir(parents=True, exist_ok=True)
    (content / "site.yaml").write_text("club: Benchmark Simultaneous\n", encoding="utf-8")
    shutil.copy(field, content / "sessions" / "2026-11-23-simultaneous-pairs.xml")
    times, peaks = [], []
    for i in range(runs):
        output = folder / f"site-{i}"
        seconds, peak, _ = run(
            [sys.executable, "-m", "generator", "build", "--content", str(content), "--output", str(output)], cwd=folder
        )  # a fresh .cache each time: runs in its own folder
        shutil.rmtree(folder / ".cache", ignore_errors=True)
        times.append(seconds)
        peaks.append(peak)
    boards = sorted(p.stat().st_size for p in (folder / "site-0").rglob("board-*.html"))
    return {
        "seconds": statistics.median(times),
        "peak": max(peaks),
        "board_pages": len(boards),
        "largest_board_page": boards[-1] if boards else 0,
        "median_board_page": boards[len(boards) // 2] if boards else 0,
    }


def compile_bytecode() -> None:
    """Compile the generator's modules to bytecode first, as ``pip install`` does and as any
    second run does on a user's machine: without it, an environment that sets
    PYTHONDONTWRITEBYTECODE (CI images, this benchmark's machines) compiles about 40 modules
    from source on every run, some 80 ms no user pays after the first run."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "generator")], check=True)


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, nargs="+", default=[100, 1000, 9999])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site-tables", type=int, default=1000, help="the field whose site is built (0: none)")
    parser.add_argument(
        "--salliere-max-tables",
        type=int,
        default=1000,
        help="run salliere on fields up to this many tables only (it is slow on the largest)",
    )
    args = parser.parse_args(argv)
    compile_bytecode()
    figures: dict = {}
    have_salliere = salliere_available()
    if not have_salliere:
        print("salliere not installed (apt-get install salliere): its column is skipped")
    print(
        f"{'tables':>6} {'results':>8} {'xml MB':>7} {'json s':>7} {'cpu s':>6} {'json MB':>8} {'peak MB':>8}"
        f" {'text s':>7} {'salliere s':>10} {'ratio':>6}"
    )
    with tempfile.TemporaryDirectory(prefix="bench-e2e-") as tmp:
        for tables in args.tables:
            folder = Path(tmp) / f"field-{tables}"
            folder.mkdir()
            results = field_results(tables)
            field = folder / "field.xml"
            write_usebio(field, tables, results)
            write_salliere(folder / "boards.csv", folder / "names.csv", tables, results)
            count = sum(len(rows) for rows in results)
            runs = args.runs if tables <= 1000 else 1
            json_runs = [run(score_command(field, True), folder / "out.json", cwd=folder) for _ in range(runs)]
            text_runs = [run(score_command(field, False), cwd=folder) for _ in range(runs)]
            json_s = statistics.median(s for s, _, _ in json_runs)
            json_cpu = statistics.median(c for _, _, c in json_runs)
            peak = max(p for _, p, _ in json_runs)
            text_s = statistics.median(s for s, _, _ in text_runs)
            sal = time_salliere(folder, runs) if have_salliere and tables <= args.salliere_max_tables else None
            mark = "*" if field.stat().st_size > MAX_BYTES else " "
            figures[tables] = {
                "results": count,
                "json_seconds": json_s,
                "json_bytes": (folder / "out.json").stat().st_size,
                "peak": peak,
                "text_seconds": text_s,
                "json_cpu": json_cpu,
                "salliere_seconds": sal,
            }
            print(
                f"{tables:>5}{mark} {count:>8} {field.stat().st_size / 1e6:>7.1f} {json_s:>7.2f} {json_cpu:>6.2f} "
                f"{figures[tables]['json_bytes'] / 1e6:>8.1f} {peak / 1e6:>8.0f} {text_s:>7.2f} "
                + (f"{sal:>10.2f} {sal / json_s:>5.1f}x" if sal else f"{'-':>10} {'-':>6}")
            )
            if tables == args.site_tables:
                figures["site"] = time_site(folder, field, 1)
            shutil.rmtree(folder / "site-0", ignore_errors=True)
        small, large = min(args.tables), max(args.tables)
        if small != large:
            a, b = figures[small], figures[large]
            n_ratio = b["results"] / a["results"]
            import math

            rlogr = n_ratio * math.log(b["results"]) / math.log(a["results"])
            print(
                f"growth {small} -> {large} tables (score --json): wall x{b['json_seconds'] / a['json_seconds']:.1f}, "
                f"CPU x{b['json_cpu'] / a['json_cpu']:.1f} (R x{n_ratio:.1f}; R log R x{rlogr:.1f})"
            )
        if "site" in figures:
            s = figures["site"]
            print(
                f"site build of {args.site_tables} tables: {s['seconds']:.2f} s, peak {s['peak'] / 1e6:.0f} MB, "
                f"{s['board_pages']} board pages, largest {s['largest_board_page'] / 1e3:.0f} KB, "
                f"median {s['median_board_page'] / 1e3:.0f} KB"
            )
    return figures


if __name__ == "__main__":
    main()

"""Double-dummy analysis of a 24-board club session: cold (nothing cached) and warm (every
deal from ``.cache/double-dummy``), and the size of the board pages with the analysis,
charts and trick values.

    .venv/bin/python benchmarks/double_dummy.py [--runs 3] [--tables 12]

Random deals (seeded), a synthetic two-winner Mitchell around them; prints medians.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.synthetic import mitchell_yaml, player_names

RANKS = "AKQJT98765432"


def random_deal(rnd: random.Random) -> str:
    cards = [(s, r) for s in range(4) for r in RANKS]
    rnd.shuffle(cards)
    hands = []
    for h in range(4):
        held = cards[13 * h : 13 * h + 13]
        hands.append(".".join("".join(r for r in RANKS if (s, r) in held) for s in range(4)))
    return "N:" + " ".join(hands)


def session_with_deals(rnd: random.Random, tables: int, boards: int) -> str:
    text = mitchell_yaml(
        rnd,
        event="Club Pairs",
        date="2026-10-05",
        tables=tables,
        boards=boards,
        names=player_names(4 * tables + 8, rnd),
    )
    out = []
    for line in text.splitlines():
        out.append(line)
        if line.startswith("  - number: "):
            out.append(f'    deal: "{random_deal(rnd)}"')
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--tables", type=int, default=12)
    parser.add_argument("--boards", type=int, default=24)
    args = parser.parse_args(argv)

    from generator.analysis.double_dummy import analyse_session
    from generator.readers import read_sessions
    from generator.site.build import build_site

    cold, warm, builds, sizes = [], [], [], []
    for run in range(args.runs):
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp)
            (root / "content" / "sessions").mkdir(parents=True)
            upload = root / "content" / "sessions" / "2026-10-05-club-pairs.yaml"
            upload.write_text(session_with_deals(random.Random(run), args.tables, args.boards))
            (session,) = read_sessions(upload)
            t = time.perf_counter()
            analyse_session(session, root / "dd-cache")
            cold.append(time.perf_counter() - t)
            t = time.perf_counter()
            analyse_session(session, root / "dd-cache")
            warm.append(time.perf_counter() - t)
            t = time.perf_counter()
            build_site(root / "content", root / "site", jobs=1)  # its own cache: the deals solved again
            builds.append(time.perf_counter() - t)
            pages = sorted((root / "site" / "sessions").glob("*/board-*.html"))
            sizes += [p.stat().st_size for p in pages]
            print(
                f"run {run + 1}: analysis cold {cold[-1]:.2f} s, warm {warm[-1] * 1000:.1f} ms, "
                f"full build of the session {builds[-1]:.2f} s",
                flush=True,
            )
    print(f"\n{args.boards} boards, {args.tables} tables, {args.runs} runs (medians):")
    print(
        f"  double-dummy analysis, cold: {statistics.median(cold):.2f} s "
        f"({min(cold):.2f}-{max(cold):.2f}); warm (cache): {statistics.median(warm) * 1000:.1f} ms"
    )
    print(f"  build of the one session (solving its deals): {statistics.median(builds):.2f} s")
    print(f"  board pages: median {statistics.median(sizes) / 1024:.1f} KB, largest {max(sizes) / 1024:.1f} KB")


if __name__ == "__main__":
    main()

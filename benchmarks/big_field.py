"""Big field: a barometer with R results per board and 24 boards, scored with matchpoints +
Neuberg and with cross-IMPs, explanations included.  Prints medians of several runs.

    python benchmarks/big_field.py [--sizes 100 1000 10000] [--runs 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.synthetic import board_plan, table_result
from generator.model import (
    Artificial,
    Board,
    Direction,
    Pair,
    PairRef,
    Play,
    Scored,
    ScoringMethod,
    Section,
    Session,
    TravellerLine,
)
from generator.scoring.contract import Contract, Seat, board_vulnerability, ns_score
from generator.scoring.options import ScoringOptions
from generator.scoring.session import score_session


def barometer(results_per_board: int, boards: int = 24, seed: int = 1) -> Session:
    """R tables play every board; one board is short by 5% and one line per board in 200 is an A+/A-."""
    rnd = random.Random(seed)
    ns = [PairRef("", t, Direction.NS) for t in range(1, results_per_board + 1)]
    ew = [PairRef("", t, Direction.EW) for t in range(1, results_per_board + 1)]
    out = []
    for number in range(1, boards + 1):
        level, strain, ns_declares = board_plan(rnd)
        lines = []
        tables = results_per_board if number != 2 else int(results_per_board * 0.95)
        for t in range(tables):
            if rnd.random() < 0.005:
                ns_side, ew_side = Artificial.from_percent(60), Artificial.from_percent(40)
            else:
                r = table_result(rnd, level, strain, ns_declares)
                contract = Contract.parse(r["contract"])
                seat = Seat.parse(r["by"]) if "by" in r else None
                score = ns_score(contract, seat, r.get("tricks", 0), board_vulnerability(number))
                ns_side = ew_side = Scored.of(Play(score, contract, seat, r.get("tricks")))
            lines.append(TravellerLine(ns[t], ew[(t + number) % results_per_board], ns_side, ew_side))
        out.append(Board(number, tuple(lines)))
    pairs = tuple(Pair(r) for r in ns + ew)
    return Session(
        f"barometer {results_per_board}",
        ScoringMethod.MATCHPOINTS,
        sections=(Section("", pairs, 2),),
        boards=tuple(out),
    )


def time_scoring(session: Session, options: ScoringOptions, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = score_session(session, options)
        # read every explanation's steps (built when first read): nothing lazy hides their cost
        assert all(line.ns.explanation.steps and line.ew.explanation.steps for b in result.boards for line in b.lines)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 10000])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    figures: dict = {}
    print(f"{'method':<12} {'R':>6} {'results':>8} {'seconds':>9} {'results/s':>11}")
    for method, options in (("matchpoints", ScoringOptions()), ("cross-IMPs", ScoringOptions())):
        for r in args.sizes:
            session = barometer(r)
            if method == "cross-IMPs":
                session = Session(
                    session.title, ScoringMethod.CROSS_IMPS, sections=session.sections, boards=session.boards
                )
            runs = args.runs if r <= 1000 else max(1, args.runs // 2)
            seconds = time_scoring(session, options, runs)
            results = sum(len(b.lines) for b in session.boards)
            figures[(method, r)] = seconds
            print(f"{method:<12} {r:>6} {results:>8} {seconds:>9.3f} {results / seconds:>11,.0f}")
        if 1000 in args.sizes and 10000 in args.sizes:
            print(
                f"{method:<12} growth 1,000 -> 10,000: x{figures[(method, 10000)] / figures[(method, 1000)]:.1f} (target <= 13)"
            )
    return figures


if __name__ == "__main__":
    main()

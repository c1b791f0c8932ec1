"""Small builders for engine tests: a one-board session from a list of NS scores."""

from __future__ import annotations

from fractions import Fraction

from generator.model import (
    Artificial,
    Board,
    Component,
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
from generator.scoring.options import ScoringOptions
from generator.scoring.results import SessionResult
from generator.scoring.session import score_session


def weighted(*parts: tuple[int | str | Fraction, int]) -> Scored:
    """weighted((30, 1430), (40, 680)) — weights in percent."""
    return Scored(tuple(Component(Fraction(w) / 100, Play(score)) for w, score in parts))


def one_board(
    results: list, method: ScoringMethod = ScoringMethod.MATCHPOINTS, board: int = 1, **options: object
) -> SessionResult:
    """Score a single board; ``results`` holds NS scores (int), Scored, Artificial, or (ns, ew) splits.

    Table i is NS pair i against EW pair i of a two-winner Mitchell.
    """
    lines = []
    pairs = []
    for i, r in enumerate(results, start=1):
        ns_ref, ew_ref = PairRef("", i, Direction.NS), PairRef("", i, Direction.EW)
        pairs += [Pair(ns_ref), Pair(ew_ref)]
        if isinstance(r, tuple):
            ns, ew = (x if not isinstance(x, int) else Scored.of(Play(x)) for x in r)
        else:
            ns = ew = r if isinstance(r, (Scored, Artificial)) else Scored.of(Play(r))
        lines.append(TravellerLine(ns_ref, ew_ref, ns, ew))
    session = Session("test", method, sections=(Section("", tuple(pairs), 2),), boards=(Board(board, tuple(lines)),))
    return score_session(session, ScoringOptions().with_overrides(options))


def values_by_score(result: SessionResult, direction: str = "ns") -> dict[int, Fraction]:
    """The figure of each distinct real score on the (only) board."""
    out = {}
    for row in result.boards[0].frequencies:
        out[row.ns_score] = row.ns if direction == "ns" else row.ew
    return out


def line_value(result: SessionResult, table: int, direction: str = "ns") -> Fraction:
    for line in result.boards[0].lines:
        if line.line.ns_pair.number == table:
            return (line.ns if direction == "ns" else line.ew).value
    raise KeyError(table)


def mitchell(
    boards: dict[int, list[int]],
    handicaps: dict[str, object] | None = None,
    method: ScoringMethod = ScoringMethod.MATCHPOINTS,
) -> Session:
    """Table i is NS i against EW i on every board; ``handicaps`` by '1 NS' …"""
    tables = len(next(iter(boards.values())))
    handicaps = handicaps or {}
    pairs = []
    for i in range(1, tables + 1):
        for d in (Direction.NS, Direction.EW):
            ref = PairRef("", i, d)
            h = handicaps.get(f"{i} {d}")
            pairs.append(Pair(ref, handicap=None if h is None else Fraction(str(h))))
    played = tuple(
        Board(
            n,
            tuple(
                TravellerLine(
                    PairRef("", i, Direction.NS), PairRef("", i, Direction.EW), Scored.of(Play(s)), Scored.of(Play(s))
                )
                for i, s in enumerate(scores, start=1)
            ),
        )
        for n, scores in boards.items()
    )
    return Session("handicap test", method, sections=(Section("", tuple(pairs), 2),), boards=played)


# The handicap and strata tests' session: three tables, two boards, top 2 × (3 − 1) = 4 a board, 8 on the session.
# Board 1, NS 420 / 400 / 170: NS1 beats two = 4, NS2 beats one = 2, NS3 = 0; EW 0, 2, 4.
# Board 2, NS −100 / 140 / 140: NS1 = 0, NS2 and NS3 beat one and tie one = 2 + 1 = 3; EW 4, 1, 1.
# Scratch: NS1 4/8 = 50 %, NS2 5/8 = 62.5 %, NS3 3/8 = 37.5 %; EW1 4/8 = 50 %, EW2 3/8 = 37.5 %, EW3 5/8 = 62.5 %.
BOARDS = {1: [420, 400, 170], 2: [-100, 140, 140]}

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


def one_board(results: list, method: ScoringMethod = ScoringMethod.MATCHPOINTS, board: int = 1,
              **options: object) -> SessionResult:
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

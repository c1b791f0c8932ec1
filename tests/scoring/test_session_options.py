"""Pairs-session options: the session percentage method and a director's penalties on a pair's total."""

from __future__ import annotations

from fractions import Fraction

import pytest

from generator.model import Artificial, Board, Direction, Pair, PairRef, Play, Scored, ScoringMethod, Section, Session, TravellerLine
from generator.scoring.options import OptionError, ScoringOptions
from generator.scoring.session import score_session

NS, EW = Direction.NS, Direction.EW
MP = ScoringMethod.MATCHPOINTS


def mitchell(rows: dict[int, list[tuple[int, int | Artificial]]], method: ScoringMethod = MP, tables: int | None = None,
             **fields: object) -> Session:
    """rows: {board: [(table, NS score), ...]}; table t is NS pair t against EW pair t (one section, two fields)."""
    numbers = range(1, (tables or max(t for r in rows.values() for t, _ in r)) + 1)
    pairs = tuple(Pair(PairRef("", n, d)) for n in numbers for d in (NS, EW))
    boards = []
    for number, row in rows.items():
        lines = []
        for t, s in row:
            outcome = s if isinstance(s, Artificial) else Scored.of(Play(s))
            lines.append(TravellerLine(PairRef("", t, NS), PairRef("", t, EW), outcome, outcome))
        boards.append(Board(number, tuple(lines)))
    return Session("test", method, sections=(Section("", pairs, 2),), boards=tuple(boards), **fields)  # type: ignore[arg-type]


def steps(standing) -> dict:
    return {s.rule: s for s in standing.explanation.steps}


# --- session percentage ---------------------------------------------------------------------------------

# Neuberg off, so the tops differ: board 1 has 3 results (top 4), board 2 has 2 (top 2),
# board 3 only table 1's (top 0: no percentage).
UNEQUAL_TOPS = {1: [(1, 420), (2, 450), (3, 400)], 2: [(1, 100), (2, -100)], 3: [(1, 620)]}


def test_total_and_board_mean_differ_when_tops_differ():
    session = mitchell(UNEQUAL_TOPS)
    total = score_session(session, ScoringOptions(neuberg=False)).standing(PairRef("", 1, NS))
    mean = score_session(session, ScoringOptions(neuberg=False, session_percentage="board-mean")).standing(PairRef("", 1, NS))
    # NS 1: board 1 +420 beats +400 only: 2 of 4 = 50 %; board 2 +100 beats -100: 2 of 2 = 100 %; board 3: 0 of 0
    assert [e.score.value for e in total.scorecard] == [2, 2, 0]
    assert total.total == mean.total == 4 and total.available == mean.available == 6
    assert total.percentage == Fraction(400, 6)  # 4 / 6 = 66.67 %
    assert mean.percentage == 75  # (50 + 100) / 2: board 3 has no top, so it counts in neither
    assert mean.score == 75


def test_board_mean_explanation_shows_each_board_percentage_and_the_mean():
    result = score_session(mitchell(UNEQUAL_TOPS), ScoringOptions(neuberg=False, session_percentage="board-mean"))
    standing = result.standing(PairRef("", 1, NS))
    assert [s.rule for s in standing.explanation.steps] == ["session.total", "session.board_mean"]
    step = steps(standing)["session.board_mean"]
    assert step.values == {"percentages": [50, 100], "boards": 2, "sum": 150, "percentage": 75}
    assert step.summary == "the mean of the 2 board percentages: 150 / 2 = 75%"


def test_board_mean_counts_an_artificial_score_at_its_percentage():
    # Board 2: NS 1 gets A+; with Neuberg off the board keeps its 2 real results, top 2, so A+ is 60 % of 2 = 1.2 MP.
    rows = {1: [(1, 420), (2, 450), (3, 400)], 2: [(1, Artificial.from_percent(60)), (2, 100), (3, -100)]}
    result = score_session(mitchell(rows), ScoringOptions(neuberg=False, session_percentage="board-mean"))
    one = result.standing(PairRef("", 1, NS))
    assert [e.score.value for e in one.scorecard] == [2, Fraction(6, 5)]
    assert [e.score.percent for e in one.scorecard] == [50, 60]
    assert one.percentage == 55  # (50 + 60) / 2
    total = score_session(mitchell(rows), ScoringOptions(neuberg=False)).standing(PairRef("", 1, NS))
    assert total.percentage == Fraction(32, 6) * 10  # (2 + 1.2) / (4 + 2) = 53.33 %


def test_session_percentage_is_checked_and_settable_by_name():
    with pytest.raises(OptionError, match="session_percentage"):
        ScoringOptions(session_percentage="average")
    assert ScoringOptions().session_percentage == "total"
    assert ScoringOptions().with_overrides({"session-percentage": "board-mean"}).session_percentage == "board-mean"

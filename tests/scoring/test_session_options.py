"""Pairs-session options: the session percentage method and a director's penalties on a pair's total."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.model import (
    Artificial,
    Board,
    Direction,
    Pair,
    PairRef,
    Penalty,
    PenaltyUnit,
    Play,
    Scored,
    ScoringMethod,
    Section,
    Session,
    TravellerLine,
)
from generator.scoring.contract import POSSIBLE_SCORES
from generator.scoring.options import OptionError, ScoringOptions
from generator.scoring.rounding import decimal_places
from generator.scoring.session import score_session

NS, EW = Direction.NS, Direction.EW
MP = ScoringMethod.MATCHPOINTS


def mitchell(
    rows: dict[int, list[tuple[int, int | Artificial]]],
    method: ScoringMethod = MP,
    tables: int | None = None,
    **fields: object,
) -> Session:
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
    mean = score_session(session, ScoringOptions(neuberg=False, session_percentage="board-mean")).standing(
        PairRef("", 1, NS)
    )
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
    assert step.summary == "the mean of the 2 board percentages: 150% / 2 = 75%"


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


# --- penalties ---------------------------------------------------------------------------------------------


def penalty(
    number: int,
    amount: int | str | Fraction,
    unit: PenaltyUnit = PenaltyUnit.PERCENT_OF_TOP,
    direction: Direction | None = NS,
    reason: str = "",
) -> Penalty:
    return Penalty(PairRef("", number, direction), Fraction(amount), unit, reason)


# 13 tables, 2 boards, every table a different score: NS t beats the 13 - t tables below it.
THIRTEEN = {b: [(t, 1000 - 10 * t) for t in range(1, 14)] for b in (1, 2)}


def test_ebu_standard_penalty_is_a_quarter_of_a_top_off_the_total():
    """EBU forum (procedural penalties): "For x tables the top is 2x−2. So 25% of a top is (x−1)/2 … 13 tables
    … 6 match points … add up all the match points … and subtract 6"."""
    plain = score_session(mitchell(THIRTEEN), ScoringOptions())
    session = mitchell(THIRTEEN, penalties=(penalty(1, 25, reason="slow play"),))
    result = score_session(session, ScoringOptions())
    one = result.standing(PairRef("", 1, NS))
    assert result.board(1).top == 24
    assert plain.standing(PairRef("", 1, NS)).total == 48  # a top on both boards
    assert one.total == 42 and one.penalty == 6 and one.board_total == 48
    assert one.available == 48 and one.percentage == Fraction(4200, 48)  # 42 / 48 = 87.5 %
    assert one.scorecard[-1].running_total == 48  # the boards themselves are untouched
    assert result.board(1).lines[0].ns.value == 24
    step = steps(one)["session.penalty"]
    assert step.summary == (
        "director's penalty (slow play): 25% of a top: 25% × 24 = 6 matchpoints deducted: 48 − 6 = 42 matchpoints"
    )
    assert (step.values["top"], step.values["deducted"], step.values["before"], step.values["after"]) == (24, 6, 48, 42)
    assert step.values["reason"] == "slow play" and step.values["unit"] == "percent_of_top"
    assert [s.rule for s in one.explanation.steps] == [
        "session.total",
        "session.penalty",
        "session.available",
        "session.percentage",
    ]
    assert steps(one)["session.percentage"].values["total"] == 42
    # the ranking follows the adjusted totals: NS 2 (22 + 22 = 44, 91.67 %) now wins; nobody else moves
    assert [s.ref.number for s in result.fields[0].standings][:3] == [2, 1, 3]
    assert [s.ref.number for s in plain.fields[0].standings][:3] == [1, 2, 3]
    assert result.standing(PairRef("", 2, NS)).percentage == plain.standing(PairRef("", 2, NS)).percentage


def test_a_quarter_top_costs_25_over_the_boards_played_percentage_points():
    # Reference §8 [derived]: the effect on the session % is -25/boards_played points (24 boards: -1.0417 %).
    rows = {b: [(1, 420), (2, 400)] for b in range(1, 25)}
    before = score_session(mitchell(rows), ScoringOptions()).standing(PairRef("", 1, NS)).percentage
    after = score_session(mitchell(rows, penalties=(penalty(1, 25),)), ScoringOptions()).standing(PairRef("", 1, NS))
    assert before == 100 and after.penalty == Fraction(1, 2)  # top 2: 25 % is half a matchpoint
    assert before - after.percentage == Fraction(25, 24) and decimal_places(before - after.percentage, 4) == "1.0417"


def test_penalty_in_matchpoints_and_several_penalties_on_one_pair():
    session = mitchell(
        THIRTEEN,
        penalties=(
            penalty(3, "1.5", PenaltyUnit.MATCHPOINTS, reason="late arrival"),
            penalty(3, 25, reason="mobile phone"),
        ),
    )
    three = score_session(session, ScoringOptions()).standing(PairRef("", 3, NS))
    # boards: 20 + 20 = 40; less 1.5, less 25 % of 24 = 6: 32.5
    assert three.total == Fraction(65, 2) and three.penalty == Fraction(15, 2)
    penalties = [s for s in three.explanation.steps if s.rule == "session.penalty"]
    assert [(s.values["before"], s.values["after"]) for s in penalties] == [
        (40, Fraction(77, 2)),
        (Fraction(77, 2), Fraction(65, 2)),
    ]
    assert (
        penalties[0].summary
        == "director's penalty (late arrival): 1.5 matchpoints deducted: 40 − 1.5 = 38.5 matchpoints"
    )


def test_a_top_is_the_comparison_groups_full_top_in_either_unit():
    ebu = score_session(mitchell(THIRTEEN, penalties=(penalty(1, 25),)), ScoringOptions()).standing(PairRef("", 1, NS))
    acbl = score_session(
        mitchell(THIRTEEN, penalties=(penalty(1, 25),)), ScoringOptions(matchpoint_units="acbl")
    ).standing(PairRef("", 1, NS))
    assert (ebu.penalty, acbl.penalty) == (6, 3)  # 25 % of 24, of 12
    assert ebu.percentage == acbl.percentage == Fraction(175, 2)
    # Neuberg off: a board played by fewer tables keeps a smaller top, but "a top" is still a full board's, 2(E - 1).
    short = {1: THIRTEEN[1], 2: THIRTEEN[2][:4]}
    off = score_session(mitchell(short, penalties=(penalty(1, 25),)), ScoringOptions(neuberg=False)).standing(
        PairRef("", 1, NS)
    )
    assert [e.available for e in off.scorecard] == [24, 6]
    assert off.penalty == 6 and off.total == 24 + 6 - 6


def test_a_top_in_separate_and_pooled_sections():
    def line(section, t, score):
        o = Scored.of(Play(score))
        return TravellerLine(PairRef(section, t, NS), PairRef(section, t, EW), o, o, section=section)

    sections = tuple(
        Section(name, tuple(Pair(PairRef(name, t, d)) for t in range(1, n + 1) for d in (NS, EW)), 2)
        for name, n in (("A", 3), ("B", 2))
    )
    board = Board(1, tuple(line("A", t, 400 + t) for t in (1, 2, 3)) + tuple(line("B", t, 400 + t) for t in (1, 2)))
    pens = (
        Penalty(PairRef("A", 1, NS), Fraction(25), PenaltyUnit.PERCENT_OF_TOP),
        Penalty(PairRef("B", 1, NS), Fraction(25), PenaltyUnit.PERCENT_OF_TOP),
    )
    session = Session("two sections", MP, sections=sections, boards=(board,), penalties=pens)
    separate = score_session(session, ScoringOptions())
    # section A: 3 results, top 4, 25 % = 1; section B: 2 results, top 2, 25 % = 0.5
    assert [separate.standing(p.pair).penalty for p in pens] == [1, Fraction(1, 2)]
    pooled = score_session(session, ScoringOptions(sections="pooled"))
    assert [pooled.standing(p.pair).penalty for p in pens] == [2, 2]  # 5 results compared together: top 8


def test_penalty_with_the_board_mean_percentage():
    session = mitchell(UNEQUAL_TOPS, penalties=(penalty(1, 25, reason="slow play"),))
    # E = 3 (board 1), so a top is 4 and 25 % of it is 1 matchpoint
    total = score_session(session, ScoringOptions(neuberg=False)).standing(PairRef("", 1, NS))
    assert total.total == 3 and total.percentage == 50  # (4 - 1) / 6
    mean = score_session(session, ScoringOptions(neuberg=False, session_percentage="board-mean")).standing(
        PairRef("", 1, NS)
    )
    assert mean.total == 3 and mean.percentage == Fraction(125, 2)  # mean 75 %, less 25 % of a top over 2 boards
    step = steps(mean)["session.penalty_percentage"]
    assert (step.values["percent_of_top"], step.values["boards"], step.values["points"], step.values["percentage"]) == (
        25,
        2,
        Fraction(25, 2),
        Fraction(125, 2),
    )
    assert [s.rule for s in mean.explanation.steps] == [
        "session.total",
        "session.penalty",
        "session.board_mean",
        "session.penalty_percentage",
    ]


def test_penalty_does_not_change_a_variable_average():
    # Law 12C2(c) compares with the pair's results on its other boards; a penalty is not a board result.
    rows = {
        1: [(t, 1000 - 10 * t) for t in range(1, 14)],
        2: [(1, Artificial.from_percent(60))] + [(t, 500) for t in range(2, 14)],
    }
    plain = score_session(mitchell(rows), ScoringOptions(artificial="variable")).standing(PairRef("", 1, NS))
    fined = score_session(mitchell(rows, penalties=(penalty(1, 25),)), ScoringOptions(artificial="variable")).standing(
        PairRef("", 1, NS)
    )
    assert plain.scorecard[1].score.value == fined.scorecard[1].score.value == 24  # A+ is 100 %, the pair's board 1
    assert fined.total == plain.total - 6


def test_imp_pairs_penalty_comes_off_after_factoring():
    # Cross-IMPs, divisor total: NS 3 plays board 1 only, so its IMPs are scaled to 2 boards, then 6 IMPs come off.
    rows = {1: [(1, 420), (2, 450), (3, 400)], 2: [(1, 100), (2, -100)]}
    session = mitchell(
        rows, ScoringMethod.CROSS_IMPS, penalties=(penalty(3, 6, PenaltyUnit.IMPS, reason="appeal without merit"),)
    )
    options = ScoringOptions(cross_imp_divisor="total")
    three = score_session(session, options).standing(PairRef("", 3, NS))
    boards = sum(e.score.value for e in three.scorecard)
    assert boards == -3  # +400 v +420: 20 points, -1 IMP; v +450: 50 points, -2 IMPs
    assert three.penalty == 6 and three.total == boards - 6 == -9
    assert three.score == boards * 2 - 6 == -12
    assert [s.rule for s in three.explanation.steps] == ["session.imps_total", "session.factoring", "session.penalty"]
    assert (
        steps(three)["session.penalty"].summary
        == "director's penalty (appeal without merit): 6 IMPs deducted: -6 − 6 = -12 IMPs"
    )
    # another pair's score is untouched
    plain = score_session(mitchell(rows, ScoringMethod.CROSS_IMPS), options)
    assert (
        plain.standing(PairRef("", 1, NS)).score == score_session(session, options).standing(PairRef("", 1, NS)).score
    )


def test_butler_and_aggregate_penalties_in_their_own_units():
    rows = {1: [(1, 420), (2, 450), (3, 400)]}
    butler = score_session(
        mitchell(rows, ScoringMethod.BUTLER, penalties=(penalty(2, 3, PenaltyUnit.IMPS),)), ScoringOptions()
    )
    plain = score_session(mitchell(rows, ScoringMethod.BUTLER), ScoringOptions())
    assert butler.standing(PairRef("", 2, NS)).score == plain.standing(PairRef("", 2, NS)).score - 3
    aggregate = score_session(
        mitchell(rows, ScoringMethod.AGGREGATE, penalties=(penalty(2, 100, PenaltyUnit.POINTS),)), ScoringOptions()
    )
    two = aggregate.standing(PairRef("", 2, NS))
    assert two.total == two.score == 450 - 100
    assert [s.ref.number for s in aggregate.fields[0].standings] == [1, 3, 2]  # 420, 400, then 450 - 100 = 350


@pytest.mark.parametrize(
    "pen, message",
    [
        (penalty(99, 25), "penalty on 99 NS: no such pair in this session"),
        (
            penalty(1, 6, PenaltyUnit.IMPS),
            "penalty on 1 NS: imps does not apply to a matchpoints session; expected percent_of_top or matchpoints",
        ),
        (penalty(1, 0), "penalty on 1 NS: expected a positive amount to deduct, got 0"),
        (penalty(1, -25), "penalty on 1 NS: expected a positive amount to deduct, got -25"),
    ],
)
def test_a_penalty_the_engine_cannot_apply_is_refused(pen, message):
    with pytest.raises(ValueError) as info:
        score_session(mitchell(THIRTEEN, penalties=(pen,)), ScoringOptions())
    assert str(info.value) == message


def test_teams_sessions_take_no_pair_penalties():
    session = Session("teams", ScoringMethod.TEAMS, penalties=(penalty(1, 6, PenaltyUnit.IMPS),))
    with pytest.raises(ValueError, match="a teams session has no pair penalties"):
        score_session(session, ScoringOptions())


# --- properties on random Mitchell sessions ------------------------------------------------------------------

_SCORES = sorted(s for s in POSSIBLE_SCORES if -1000 <= s <= 1000)


@st.composite
def sessions(draw):
    """2-8 tables; board 1 played by every table, boards 2-5 by any non-empty subset."""
    tables = draw(st.integers(min_value=2, max_value=8))
    rows = {1: [(t, draw(st.sampled_from(_SCORES))) for t in range(1, tables + 1)]}
    for number in range(2, draw(st.integers(min_value=2, max_value=5)) + 1):
        played = draw(st.lists(st.integers(min_value=1, max_value=tables), min_size=1, max_size=tables, unique=True))
        rows[number] = [(t, draw(st.sampled_from(_SCORES))) for t in sorted(played)]
    return rows, tables


@settings(max_examples=80, deadline=None)
@given(sessions())
def test_with_neuberg_the_two_session_percentages_agree(drawn):
    rows, tables = drawn
    total = score_session(mitchell(rows, tables=tables), ScoringOptions())
    mean = score_session(mitchell(rows, tables=tables), ScoringOptions(session_percentage="board-mean"))
    assert [s.percentage for s in total.standings] == [s.percentage for s in mean.standings]


@settings(max_examples=80, deadline=None)
@given(sessions(), st.integers(min_value=1, max_value=8), st.sampled_from(["total", "board-mean"]))
def test_a_quarter_top_penalty_costs_25_over_boards_played_and_nobody_else_anything(drawn, table, method):
    rows, tables = drawn
    table = min(table, tables)
    options = ScoringOptions(session_percentage=method)
    plain = score_session(mitchell(rows, tables=tables), options)
    fined = score_session(mitchell(rows, tables=tables, penalties=(penalty(table, 25),)), options)
    ref = PairRef("", table, NS)
    before, after = plain.standing(ref), fined.standing(ref)
    assert after.penalty == fined.board(1).top / 4 and after.total == before.total - after.penalty
    assert before.percentage - after.percentage == Fraction(25, before.boards_played)
    assert all(fined.standing(s.ref).score == s.score for s in plain.standings if s.ref != ref)

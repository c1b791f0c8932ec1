"""Events of several sessions: hand-worked examples of each method, the missing-session rule,
unequal tops, and properties (issue 14 item 3)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.model import (
    Board,
    Direction,
    Pair,
    PairRef,
    Play,
    Player,
    Scored,
    ScoringMethod,
    Section,
    Session,
    TravellerLine,
)
from generator.scoring.event import EventError, EventOptions, pair_key, score_event
from generator.scoring.options import ScoringOptions
from generator.scoring.session import score_session

NS, EW = Direction.NS, Direction.EW


def mitchell(
    boards: dict[int, list[int]],
    seats: dict[str, str],
    title: str = "s",
    method: ScoringMethod = ScoringMethod.MATCHPOINTS,
):
    """Table i is NS i against EW i on every board; ``seats`` maps '1 NS' … to a pair's name
    (its two players are NAME-1 and NAME-2).  Returns the scored session."""
    tables = len(next(iter(boards.values())))
    pairs = []
    for i in range(1, tables + 1):
        for d in (NS, EW):
            name = seats[f"{i} {d}"]
            pairs.append(Pair(PairRef("", i, d), (Player(f"{name}-1"), Player(f"{name}-2"))))
    played = tuple(
        Board(
            n,
            tuple(
                TravellerLine(PairRef("", i, NS), PairRef("", i, EW), Scored.of(Play(s)), Scored.of(Play(s)))
                for i, s in enumerate(scores, start=1)
            ),
        )
        for n, scores in boards.items()
    )
    return score_session(
        Session(title, method, sections=(Section("", tuple(pairs), 2),), boards=played), ScoringOptions()
    )


# Session 1: three tables, two boards, top 4 a board (EBU: 2 per result beaten, 1 per tie).
# Board 1, NS 420 / 400 / 170: NS1 4, NS2 2, NS3 0; EW1 0, EW2 2, EW3 4.
# Board 2, NS −100 / 140 / 140: NS1 0, NS2 3, NS3 3; EW1 4, EW2 1, EW3 1.
# Pair A (NS1) 4 of 8 = 50 %, B (NS2) 5 = 62.5 %, C (NS3) 3 = 37.5 %,
#      D (EW1) 4 = 50 %,      E (EW2) 3 = 37.5 %,  F (EW3) 5 = 62.5 %.
S1_BOARDS = {1: [420, 400, 170], 2: [-100, 140, 140]}
S1_SEATS = {"1 NS": "A", "2 NS": "B", "3 NS": "C", "1 EW": "D", "2 EW": "E", "3 EW": "F"}
# Session 2: three tables, three boards, top 4 a board, 12 on the session; the pairs sit elsewhere.
# Board 1, NS 100 / 200 / 300: NS1 0, NS2 2, NS3 4; EW1 4, EW2 2, EW3 0.
# Board 2, NS 50 / 50 / −50:   NS1 3, NS2 3, NS3 0; EW1 1, EW2 1, EW3 4.
# Board 3, NS 600 / 620 / 600: NS1 1, NS2 4, NS3 1; EW1 3, EW2 0, EW3 3.
# NS1 = B 4 of 12 = 33.33 %, NS2 = E 9 = 75 %, NS3 = D 5 = 41.67 %,
# EW1 = C 8 = 66.67 %,      EW2 = F 3 = 25 %, EW3 = A 7 = 58.33 %.
S2_BOARDS = {1: [100, 200, 300], 2: [50, 50, -50], 3: [600, 620, 600]}
S2_SEATS = {"1 NS": "B", "2 NS": "E", "3 NS": "D", "1 EW": "C", "2 EW": "F", "3 EW": "A"}


@pytest.fixture(scope="module")
def sessions():
    return [mitchell(S1_BOARDS, S1_SEATS, "one"), mitchell(S2_BOARDS, S2_SEATS, "two")]


def figures(result) -> dict[str, tuple[Fraction | None, str]]:
    return {s.names.split("-")[0]: (s.figure, s.rank_label) for s in result.standings}


def test_pairs_are_matched_by_players_not_numbers(sessions):
    # B is NS 2 in session 1 and NS 1 in session 2: one pair, two sessions.
    result = score_event("Spring", sessions, EventOptions(method="average_percentage"))
    b = next(s for s in result.standings if s.names.startswith("B"))
    assert [str(f.standing.ref) for f in b.figures] == ["2 NS", "1 NS"]
    # Players in either order, case and spacing ignored, are the same pair.
    assert pair_key(Pair(PairRef("", 1), (Player("Ann  Archer"), Player("bill baker")))) == pair_key(
        Pair(PairRef("", 7), (Player("Bill Baker"), Player("ann archer")))
    )


def test_total_of_matchpoints_worked_example(sessions):
    result = score_event("Spring", sessions, EventOptions(method="total_matchpoints"))
    # A 4 + 7 = 11, B 5 + 4 = 9, C 3 + 8 = 11, D 4 + 5 = 9, E 3 + 9 = 12, F 5 + 3 = 8.
    assert figures(result) == {
        "E": (12, "1"),
        "A": (11, "2="),
        "C": (11, "2="),
        "B": (9, "4="),
        "D": (9, "4="),
        "F": (8, "6"),
    }
    e = result.standings[0]
    assert e.explanation.steps[-1].summary == "Total of 2 sessions: 3 + 9 = 12 matchpoints"
    assert result.unit == "matchpoints" and not any("differ" in n for n in result.notes)


def test_average_of_percentages_weighted_by_boards(sessions):
    result = score_event("Spring", sessions, EventOptions(method="average_percentage", weighting="boards"))
    # A (50 × 2 + 58.33 × 3) / 5 = (100 + 175) / 5 = 55;  B (62.5 × 2 + 33.33 × 3) / 5 = 45;
    # C (37.5 × 2 + 66.67 × 3) / 5 = 55;  D (50 × 2 + 41.67 × 3) / 5 = 45;
    # E (37.5 × 2 + 75 × 3) / 5 = 60;     F (62.5 × 2 + 25 × 3) / 5 = 40.
    assert figures(result) == {
        "E": (60, "1"),
        "A": (55, "2="),
        "C": (55, "2="),
        "B": (45, "4="),
        "D": (45, "4="),
        "F": (40, "6"),
    }
    assert result.standings[0].explanation.steps[-1].summary == (
        "Average of 2 session percentages weighted by the boards played: (37.5% × 2 + 75% × 3) / 5 = 60%"
    )


def test_average_of_percentages_sessions_alike(sessions):
    result = score_event("Spring", sessions, EventOptions(method="average_percentage", weighting="equal"))
    f = figures(result)
    # E (37.5 + 75) / 2 = 56.25; A (50 + 58.33) / 2 = 54.1667 (325/6); F (62.5 + 25) / 2 = 43.75.
    assert f["E"] == (Fraction(225, 4), "1")
    assert f["A"][0] == Fraction(325, 6) and f["F"][0] == Fraction(175, 4)
    a = next(s for s in result.standings if s.names.startswith("A"))
    # 58.33 is a rounded operand: the statement says ≈, never a false =.
    assert a.explanation.steps[-1].summary.endswith("(50% + 58.3333%) / 2 ≈ 54.1667%")


def test_carry_forward_half_of_the_qualifying_percentage(sessions):
    result = score_event("Spring", sessions, EventOptions(method="carry_forward", carry_forward=Fraction(1, 2)))
    f = figures(result)
    # E 75 + 0.5 × 37.5 = 93.75; C 66.67 + 18.75 = 85.4167; A 58.33 + 25 = 83.33;
    # D 41.67 + 25 = 66.67; B 33.33 + 31.25 = 64.5833; F 25 + 31.25 = 56.25.
    assert f == {
        "E": (Fraction(375, 4), "1"),
        "C": (Fraction(2050, 24), "2"),
        "A": (Fraction(250, 3), "3"),
        "D": (Fraction(200, 3), "4"),
        "B": (Fraction(775, 12), "5"),
        "F": (Fraction(225, 4), "6"),
    }
    assert result.labels == ("Qualifying", "Final")
    steps = [s.summary for s in result.standings[0].explanation.steps]
    assert steps == [
        "Qualifying 37.5% carried forward at 50%: 0.5 × 37.5 = 18.75",
        "Final percentage plus what is carried: 75 + 18.75 = 93.75",
    ]


# A small session: two tables, two boards, top 2 a board.  Board 1 NS 420 / 170: NS1 2, NS2 0,
# EW1 0, EW2 2; board 2 NS 100 / 100: 1 each.  A (NS1) 3, B (NS2) 1, C (EW1) 1, D (EW2) 3 of 4.
SMALL = {1: [420, 170], 2: [100, 100]}
SMALL_SEATS = {"1 NS": "A", "2 NS": "B", "1 EW": "C", "2 EW": "D"}


def test_unequal_tops_scaled_and_a_missing_pair(sessions):
    small = mitchell(SMALL, SMALL_SEATS, "small")
    played = score_event("Mixed", [sessions[0], small], EventOptions(method="total_matchpoints", missing="played"))
    # Tops 4 and 2: the small session scaled × 4 / 2.  A 4 + 3 × 2 = 10, B 5 + 2 = 7, C 3 + 2 = 5,
    # D 4 + 6 = 10; E and F missed the small session: 3 and 5 on the session they played.
    assert figures(played) == {
        "A": (10, "1="),
        "D": (10, "1="),
        "B": (7, "3"),
        "F": (5, "4="),
        "C": (5, "4="),
        "E": (3, "6"),
    }
    a = next(s for s in played.standings if s.names.startswith("A"))
    assert "Session 2 scaled to a top of 4: 3 × 4 / 2 = 6 matchpoints" in [s.summary for s in a.explanation.steps]
    assert any("tops differ" in n for n in played.notes)
    # An average for the missed session: half the most available there (4 / 2 = 2), scaled: 4.
    # E 3 + 4 = 7 (tied with B), F 5 + 4 = 9.
    average = score_event("Mixed", [sessions[0], small], EventOptions(method="total_matchpoints", missing="average"))
    assert figures(average)["E"] == (7, "4=") and figures(average)["F"] == (9, "3")
    e = next(s for s in average.standings if s.names.startswith("E"))
    assert (
        e.explanation.steps[0].summary == "Session 2 missed: an average, half the most available: 4 / 2 = 2 matchpoints"
    )
    # Not ranked: listed without a place.
    not_ranked = score_event("Mixed", [sessions[0], small], EventOptions(method="total_matchpoints"))
    assert figures(not_ranked)["E"] == (None, "–") and not_ranked.standings[-1].rank is None
    with pytest.raises(EventError, match=r"tops differ.*expected equal tops"):
        score_event("Mixed", [sessions[0], small], EventOptions(method="total_matchpoints", unequal_tops="refuse"))


def test_carry_forward_final_pairs_only(sessions):
    small = mitchell(SMALL, SMALL_SEATS, "final")
    result = score_event(
        "Cup", [sessions[0], small], EventOptions(method="carry_forward", carry_forward=Fraction(1, 4))
    )
    # Only A, B, C, D reached the final.  A 75 + 0.25 × 50 = 87.5; D 75 + 12.5 = 87.5;
    # B 25 + 0.25 × 62.5 = 40.625; C 25 + 0.25 × 37.5 = 34.375.
    assert figures(result) == {
        "A": (Fraction(175, 2), "1="),
        "D": (Fraction(175, 2), "1="),
        "B": (Fraction(325, 8), "3"),
        "C": (Fraction(275, 8), "4"),
    }


def test_refusals(sessions):
    teams = score_session(Session("teams", ScoringMethod.TEAMS), ScoringOptions())
    with pytest.raises(EventError, match=r"different kinds.*expected sessions of one kind"):
        score_event("x", [sessions[0], teams], EventOptions())
    with pytest.raises(EventError, match="expected two or more"):
        score_event("x", [sessions[0]], EventOptions())
    with pytest.raises(EventError, match="unknown method 'best'"):
        EventOptions(method="best")
    with pytest.raises(EventError, match="expected exactly two"):
        score_event("x", [sessions[0], sessions[1], sessions[0]], EventOptions(method="carry_forward"))
    butler = mitchell(S1_BOARDS, S1_SEATS, method=ScoringMethod.BUTLER)
    with pytest.raises(EventError, match="Session 2 is butler: expected matchpoint sessions"):
        score_event("x", [sessions[0], butler], EventOptions())


# --- properties -------------------------------------------------------------------------------

NAMES = ["A", "B", "C", "D", "E", "F"]
SLOTS = ["1 NS", "2 NS", "3 NS", "1 EW", "2 EW", "3 EW"]
scores = st.sampled_from([-200, -100, 0, 90, 110, 140, 400, 420, 620])
session_boards = st.integers(1, 4).flatmap(
    lambda n: st.lists(st.lists(scores, min_size=3, max_size=3), min_size=n, max_size=n)
)


@st.composite
def events(draw):
    count = draw(st.integers(2, 3))
    out = []
    for i in range(count):
        order = draw(st.permutations(NAMES))
        boards = draw(session_boards)
        out.append(mitchell(dict(enumerate(boards, start=1)), dict(zip(SLOTS, order)), f"s{i}"))
    return out


@settings(max_examples=40, deadline=None)
@given(events(), st.sampled_from(["boards", "equal"]))
def test_the_average_lies_between_the_lowest_and_highest_session_percentage(results, weighting):
    result = score_event("p", results, EventOptions(method="average_percentage", weighting=weighting))
    for s in result.standings:
        pcts = [f.figure for f in s.figures]
        assert min(pcts) <= s.figure <= max(pcts)


@settings(max_examples=40, deadline=None)
@given(events())
def test_carry_forward_of_nothing_is_the_final_alone(results):
    results = results[:2]
    result = score_event("p", results, EventOptions(method="carry_forward", carry_forward=Fraction(0)))
    final = {pair_key(s.pair): s.percentage for s in results[1].standings}
    for s in result.standings:
        assert s.figure == final[s.key]
    # The ranking is the final's percentages ranked (one field of all the final's pairs).
    assert sorted(final.values(), reverse=True) == [s.figure for s in result.standings]


@settings(max_examples=40, deadline=None)
@given(events())
def test_a_total_of_equal_top_sessions_is_the_sum_of_the_session_totals(results):
    result = score_event("p", results, EventOptions(method="total_matchpoints"))
    totals = {}
    for r in results:
        for s in r.standings:
            totals[pair_key(s.pair)] = totals.get(pair_key(s.pair), 0) + s.total
    assert {s.key: s.figure for s in result.standings} == totals

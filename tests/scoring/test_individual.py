"""Individual events in the engine (issue 14, item 1): each traveller line is scored as a
pairs line, and each of the four players takes their side's figure."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.model import (
    Board,
    Pair,
    PairRef,
    Play,
    Player,
    Scored,
    ScoringMethod,
    Seats,
    Section,
    Session,
    TravellerLine,
)
from generator.scoring.options import ScoringOptions
from generator.scoring.session import score_session

SCORES = (-1430, -620, -420, -200, -100, -50, 0, 50, 90, 110, 140, 170, 400, 420, 430, 450, 620, 1430)


def player(n: int) -> PairRef:
    return PairRef("", n)


def table(n: int, s: int, e: int, w: int, ns_score: int) -> TravellerLine:
    seats = Seats(player(n), player(s), player(e), player(w))
    result = Scored.of(Play(ns_score))
    return TravellerLine(seats.north, seats.east, result, result, seats=seats)


def individual(boards: dict[int, list[TravellerLine]], players: int, method=ScoringMethod.MATCHPOINTS) -> Session:
    pairs = tuple(Pair(player(i), (Player(f"Player {i}"),)) for i in range(1, players + 1))
    return Session(
        "Individual",
        method,
        sections=(Section("", pairs),),
        boards=tuple(Board(n, tuple(lines)) for n, lines in boards.items()),
        individual=True,
    )


def test_a_two_table_individual_worked_by_hand():
    # Two tables, eight players, two boards: each board is played twice, so its top is 2 (E = 2).
    # Board 1: table 1 N1 S2 v E3 W4, +420; table 2 N5 S6 v E7 W8, -50.
    #   420 beats -50: NS 2, EW 0 at table 1; NS 0, EW 2 at table 2.
    # Board 2 (partners change): table 1 N1 S5 v E2 W6, -400; table 2 N3 S7 v E4 W8, -430.
    #   -400 beats -430 for NS: NS 2, EW 0 at table 1; NS 0, EW 2 at table 2.
    # Each player adds their side's figure; the percentage is over the tops of the boards played (2 + 2 = 4):
    #   1: NS 2 + NS 2 = 4 (100 %)   2: NS 2 + EW 0 = 2 (50 %)   3: EW 0 + NS 0 = 0 (0 %)   4: EW 0 + EW 2 = 2 (50 %)
    #   5: NS 0 + NS 2 = 2 (50 %)    6: NS 0 + EW 0 = 0 (0 %)    7: EW 2 + NS 0 = 2 (50 %)  8: EW 2 + EW 2 = 4 (100 %)
    session = individual(
        {1: [table(1, 2, 3, 4, 420), table(5, 6, 7, 8, -50)], 2: [table(1, 5, 2, 6, -400), table(3, 7, 4, 8, -430)]},
        players=8,
    )
    result = score_session(session, ScoringOptions())
    [field] = result.fields
    got = {s.ref.number: (s.total, s.percentage, s.rank_label) for s in field.standings}
    assert got == {
        1: (4, 100, "1="),
        8: (4, 100, "1="),
        2: (2, 50, "3="),
        4: (2, 50, "3="),
        5: (2, 50, "3="),
        7: (2, 50, "3="),
        3: (0, 0, "7="),
        6: (0, 0, "7="),
    }
    card = {s.ref.number: s for s in field.standings}[2].scorecard
    # Player 2 sat South with 1 against 3 and 4 on board 1, East with 6 against 1 and 5 on board 2.
    assert [
        (e.board.number, e.direction.value, e.partner.number, [o.number for o in e.opponent_players], e.score.value)
        for e in card
    ] == [(1, "NS", 1, [3, 4], 2), (2, "EW", 6, [1, 5], 0)]


def test_cross_imps_in_an_individual():
    # One board, two tables: +420 and +170.  Cross-IMPs (each score against the other, divided by
    # the comparisons, 1): 250 is 6 IMPs.  N/S at table 1 get +6, E/W there −6; table 2 the reverse.
    session = individual(
        {1: [table(1, 2, 3, 4, 420), table(5, 6, 7, 8, 170)]}, players=8, method=ScoringMethod.CROSS_IMPS
    )
    result = score_session(session, ScoringOptions())
    got = {s.ref.number: s.total for s in result.standings}
    assert got == {1: 6, 2: 6, 3: -6, 4: -6, 5: -6, 6: -6, 7: 6, 8: 6}


@pytest.mark.parametrize(
    "seats, problem",
    [
        ((1, 1, 3, 4), "sits in two seats at one table"),
        ((1, 2, 3, 9), "player 9 in seat W is not one of the session's players"),
    ],
)
def test_the_engine_refuses_a_bad_table(seats, problem):
    session = individual({1: [table(*seats, 420), table(5, 6, 7, 8, -50)]}, players=8)
    with pytest.raises(ValueError, match=problem):
        score_session(session, ScoringOptions())


def test_the_engine_refuses_a_player_twice_on_a_board():
    session = individual({1: [table(1, 2, 3, 4, 420), table(5, 6, 7, 1, -50)]}, players=8)
    with pytest.raises(ValueError, match="plays the board twice"):
        score_session(session, ScoringOptions())


@st.composite
def individual_sessions(draw):
    """Random individuals: 2-4 tables, 1-4 boards; each board seats a random permutation of the
    players (so partners change), and some tables may sit a board out."""
    tables = draw(st.integers(2, 4))
    players = 4 * tables
    boards = {}
    for number in range(1, draw(st.integers(1, 4)) + 1):
        order = draw(st.permutations(range(1, players + 1)))
        played = draw(st.integers(1, tables))
        boards[number] = [table(*order[4 * t : 4 * t + 4], draw(st.sampled_from(SCORES))) for t in range(played)]
    return individual(
        boards,
        players,
        draw(st.sampled_from([ScoringMethod.MATCHPOINTS, ScoringMethod.CROSS_IMPS, ScoringMethod.BUTLER])),
    )


@settings(max_examples=60, deadline=None)
@given(individual_sessions())
def test_a_players_total_is_the_sum_of_their_side_on_each_line(session):
    result = score_session(session, ScoringOptions())
    expected: dict[PairRef, Fraction] = {p.ref: Fraction(0) for p in session.pairs}
    boards: dict[PairRef, int] = {p.ref: 0 for p in session.pairs}
    for board in result.boards:
        for line in board.lines:
            s = line.line.seats
            for ref in (s.north, s.south):
                expected[ref] += line.ns.value
                boards[ref] += 1
            for ref in (s.east, s.west):
                expected[ref] += line.ew.value
                boards[ref] += 1
    for standing in result.standings:
        assert standing.total == expected[standing.ref]
        assert standing.boards_played == boards[standing.ref]
        assert standing.total == sum((e.score.value for e in standing.scorecard), Fraction(0))

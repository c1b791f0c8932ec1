"""What one trick was worth: the figure equals the engine's value for the traveller with
that line's tricks changed (property test on random boards), and a hand-checked board."""

from __future__ import annotations

import copy
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.model import Artificial, Play, Scored, ScoringMethod, TravellerLine
from generator.scoring import trick_value
from generator.scoring.board import score_pairs_board
from generator.scoring.contract import Contract, Seat, Strain, ns_score
from generator.scoring.trick_value import split, trick_worth
from tests.helpers.builders import one_board

played = st.builds(
    lambda level, strain, doubled, declarer, tricks: (Contract(level, strain, doubled), declarer, tricks),
    st.integers(1, 7),
    st.sampled_from(list(Strain)),
    st.integers(0, 2),
    st.sampled_from(list(Seat)),
    st.integers(0, 13),
)
METHODS = [ScoringMethod.MATCHPOINTS, ScoringMethod.BUTLER, ScoringMethod.CROSS_IMPS, ScoringMethod.AGGREGATE]


def _board(plays, method, board_number, extra, **options):
    results = [
        Scored.of(Play(ns_score(c, d, t, "None" if board_number == 1 else "Both"), c, d, t)) for c, d, t in plays
    ]
    result = one_board(results, method, board=board_number, expected_results=len(results) + extra, **options)
    return result.boards[0], result.options


def _rescored_by_hand(board, index, tricks, options):
    """The traveller with one line's tricks changed, scored from scratch: the independent value."""
    lines = [sl.line for sl in board.lines]
    play = lines[index].ns.single
    changed = Scored.of(
        Play(ns_score(play.contract, play.declarer, tricks, board.vulnerability), play.contract, play.declarer, tricks)
    )
    ref = lines[index].ns_pair
    lines[index] = type(lines[index])(ref, lines[index].ew_pair, changed, changed)
    again = score_pairs_board(
        board.number,
        lines,
        method=board.method,
        expected=board.expected,
        options=options,
        vulnerability=board.vulnerability,
        dealer=board.dealer,
    )
    line = next(sl for sl in again.lines if sl.line.ns_pair == ref)
    return line.line.ns.single.ns_score, line.ns.value, line.ew.value


@settings(max_examples=120, deadline=None)
@given(
    st.lists(played, min_size=2, max_size=9),
    st.sampled_from(METHODS),
    st.sampled_from([1, 7]),
    st.integers(0, 3),
    st.sampled_from(["exact", "ebu", "acbl", "truncate"]),
    st.sampled_from(["ebu", "acbl"]),
    st.sampled_from(["factored", "ties"]),
    st.data(),
)
def test_each_figure_is_the_engines_value_for_the_modified_traveller(
    plays, method, board_number, extra, rounding, units, missing, data
):
    board, options = _board(
        plays, method, board_number, extra, neuberg_rounding=rounding, matchpoint_units=units, missing_results=missing
    )
    index = data.draw(st.integers(0, len(board.lines) - 1))
    memo: dict = {}  # shared between the board's lines, as the site does
    for i in range(len(board.lines)):
        trick_worth(board, i, options, memo)
    worth = trick_worth(board, index, options, memo)
    assert trick_worth(board, index, options) == worth  # without the memo: the whole traveller re-scored
    played_line = board.lines[index]
    assert (worth.played.ns_value, worth.played.ew_value) == (played_line.ns.value, played_line.ew.value)
    tricks = played_line.line.ns.single.tricks
    for result, n in ((worth.fewer, tricks - 1), (worth.more, tricks + 1)):
        if not 0 <= n <= 13:
            assert result is None
            continue
        assert (result.ns_score, result.ns_value, result.ew_value) == _rescored_by_hand(board, index, n, options)
        assert result.tricks == n


@settings(max_examples=80, deadline=None)
@given(st.lists(played, min_size=2, max_size=9), st.data())
def test_one_more_trick_never_costs_the_declaring_side_matchpoints(plays, data):
    board, options = _board(plays, ScoringMethod.MATCHPOINTS, 1, 0)
    index = data.draw(st.integers(0, len(board.lines) - 1))
    worth = trick_worth(board, index, options)
    declarer = board.lines[index].line.ns.single.declarer
    side = "ns_value" if declarer.is_ns else "ew_value"
    if worth.more is not None:
        assert getattr(worth.more, side) >= getattr(worth.played, side)
    if worth.fewer is not None:
        assert getattr(worth.fewer, side) <= getattr(worth.played, side)


def test_hand_checked_board():
    # Board 1, nobody vulnerable, three tables, top 4 (2 per result beaten, 1 per tie):
    #   4♠ by N, 10 tricks: +420;  3NTx by E, 7 tricks: +300;  passed out: 0.
    # 3NTx by E with 6 tricks is −3 doubled = +500 to NS: beats 420 and 0 → 4 MP (was 2).
    # With 8 tricks it is −1 doubled = +100 to NS: beats only 0 → 2 MP (unchanged).
    plays = [(Contract.parse("4S"), Seat.N, 10), (Contract.parse("3NTX"), Seat.E, 7)]
    results = [Scored.of(Play(ns_score(c, d, t, "None"), c, d, t)) for c, d, t in plays] + [
        Scored.of(Play(0, Contract.parse("PASS")))
    ]
    result = one_board(results)
    board = result.boards[0]
    index = next(i for i, sl in enumerate(board.lines) if sl.line.ns.single.ns_score == 300)
    worth = trick_worth(board, index, result.options)
    assert (worth.played.ns_score, worth.played.ns_value) == (300, Fraction(2))
    assert (worth.fewer.ns_score, worth.fewer.ns_value, worth.fewer.ew_value) == (500, Fraction(4), Fraction(0))
    assert (worth.more.ns_score, worth.more.ns_value, worth.more.ew_value) == (100, Fraction(2), Fraction(2))
    passed = next(i for i, sl in enumerate(board.lines) if sl.line.ns.single.ns_score == 0)
    assert trick_worth(board, passed, result.options) is None


outcomes = st.one_of(
    played.map(lambda p: Scored.of(Play(ns_score(p[0], p[1], p[2], "None"), p[0], p[1], p[2]))),
    st.sampled_from([Artificial.from_percent(60), Artificial.from_percent(40)]),
)


@settings(max_examples=200, deadline=None)
@given(outcomes, outcomes, st.sampled_from(["shared", "equal copy", "other"]))
def test_split_is_the_lines_own_answer(ns, other, how):
    """``split`` answers by identity first: the same as ``TravellerLine.is_split`` for one
    outcome object on both sides, an equal copy, or another outcome."""
    ew = ns if how == "shared" else copy.deepcopy(ns) if how == "equal copy" else other
    line = TravellerLine(None, None, ns, ew)
    assert split(line) == line.is_split


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(played, st.sampled_from(["None", "NS", "EW", "Both"])), min_size=1, max_size=30))
def test_remembered_scores_are_the_contracts_scores(plays):
    """``_ns_score`` remembers by identity; each answer is ``ns_score``'s, for shared and for
    equal but distinct contract objects alike, and the memory stays bounded."""
    for (contract, declarer, tricks), vulnerability in plays + plays:
        twin = Contract(contract.level, contract.strain, contract.doubled)
        for c in (contract, twin):
            assert trick_value._ns_score(c, declarer, tricks, vulnerability) == ns_score(
                c, declarer, tricks, vulnerability
            )
    assert len(trick_value._SCORES) <= trick_value._SCORES_KEPT

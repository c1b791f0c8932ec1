"""What one trick was worth on weighted and split scores (and why not on artificial ones):
each figure equals the engine's value for the traveller with that line changed, scored
from scratch by ``score_pairs_board`` (property test), and a hand-checked weighted board."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.model import Artificial, Component, Direction, Play, Scored, ScoringMethod, TravellerLine
from generator.scoring.board import score_pairs_board
from generator.scoring.contract import Contract, Seat, Strain, ns_score
from generator.scoring.trick_value import (
    NO_TRICK_VALUE_ARTIFICIAL,
    NO_TRICK_VALUE_MIXED,
    SideWorth,
    shifted,
    side_worth,
)
from tests.helpers.builders import one_board

METHODS = [ScoringMethod.MATCHPOINTS, ScoringMethod.BUTLER, ScoringMethod.CROSS_IMPS, ScoringMethod.AGGREGATE]
contract = st.builds(Contract, st.integers(1, 7), st.sampled_from(list(Strain)), st.integers(0, 2))


def play(c: Contract, declarer: Seat, tricks: int, vul: str = "None") -> Play:
    return Play(ns_score(c, declarer, tricks, vul), c, declarer, tricks)


@st.composite
def plain(draw):
    return Scored.of(play(draw(contract), draw(st.sampled_from(list(Seat))), draw(st.integers(0, 13))))


@st.composite
def weighted(draw, same_side: bool = True):
    """Two or three parts (weights summing to 1), declared by one side (or, rarely, either)."""
    seats = [Seat.N, Seat.S] if draw(st.booleans()) else [Seat.E, Seat.W]
    if not same_side:
        seats = list(Seat)
    n = draw(st.integers(2, 3))
    cuts = sorted(draw(st.lists(st.integers(1, 9), min_size=n - 1, max_size=n - 1, unique=True)))
    weights = [Fraction(b - a, 10) for a, b in zip([0] + cuts, cuts + [10])]
    return Scored(
        tuple(
            Component(w, play(draw(contract), draw(st.sampled_from(seats)), draw(st.integers(0, 13)))) for w in weights
        )
    )


def _rescored(board, index, direction, changed, options):
    """The traveller with the side's outcome replaced, scored from scratch: the independent figure."""
    lines = [sl.line for sl in board.lines]
    line = lines[index]
    if line.is_split:
        new = TravellerLine(
            line.ns_pair,
            line.ew_pair,
            changed if direction is Direction.NS else line.ns,
            changed if direction is Direction.EW else line.ew,
        )
    else:
        new = TravellerLine(line.ns_pair, line.ew_pair, changed, changed)
    lines[index] = new
    again = score_pairs_board(
        board.number,
        lines,
        method=board.method,
        expected=board.expected,
        options=options,
        vulnerability=board.vulnerability,
        dealer=board.dealer,
    )
    scored = next(sl for sl in again.lines if sl.line.ns_pair == line.ns_pair)
    return scored.ns.value if direction is Direction.NS else scored.ew.value


@settings(max_examples=60, deadline=None)
@given(
    st.lists(plain(), min_size=1, max_size=6),
    st.lists(weighted(), min_size=0, max_size=2),
    st.lists(st.tuples(plain(), st.one_of(plain(), weighted())), min_size=0, max_size=2),
    st.sampled_from(METHODS),
    st.integers(0, 2),
    st.sampled_from(["exact", "ebu", "truncate"]),
    st.sampled_from(["exact", "ten"]),
    st.sampled_from(["exact", "integer"]),
    st.data(),
)
def test_each_figure_is_the_engines_value_for_the_modified_traveller(
    plains, weights, splits, method, extra, rounding, aggregate_rounding, imp_rounding, data
):
    results = plains + weights + splits
    result = one_board(
        results,
        method,
        expected_results=len(results) + extra,
        neuberg_rounding=rounding,
        weighted_aggregate_rounding=aggregate_rounding,
        weighted_imp_rounding=imp_rounding,
    )
    board, options = result.boards[0], result.options
    checked = 0
    for index, sl in enumerate(board.lines):
        line = sl.line
        if not (line.is_split or (isinstance(line.ns, Scored) and line.ns.is_weighted)):
            continue
        for direction in (Direction.NS, Direction.EW):
            worth = side_worth(board, index, direction, options)
            assert isinstance(worth, SideWorth)
            own = line.ns if direction is Direction.NS else line.ew
            assert worth.played == (sl.ns.value if direction is Direction.NS else sl.ew.value)
            for got, delta in ((worth.fewer, -1), (worth.more, +1)):
                changed = shifted(own, delta, board.vulnerability)
                if any(not 0 <= c.play.tricks + delta <= 13 for c in own.components):
                    assert got is None and changed is None
                    continue
                assert got is not None and got[0] == changed
                assert [c.play.tricks for c in changed.components] == [c.play.tricks + delta for c in own.components]
                assert got[1] == _rescored(board, index, direction, changed, options)
            checked += 1
    assert checked == 2 * (len(weights) + sum(1 for ns, ew in splits if ns != ew))  # an equal pair is no split


def test_hand_checked_weighted_board():
    # Board 1, nobody vulnerable, EBU matchpoints (2 per result beaten, 1 per tie), three tables, top 4:
    #   table 1: 4♠ by N, 10 tricks, +420;  table 2: 4♠ by N, 9 tricks, −50;
    #   table 3 (weighted): 50% of 4♠ by N, 10 tricks (+420), 50% of 4♠ by N, 9 tricks (−50).
    # Table 3's NS figure, each part against the other tables' results (+420 and −50):
    #   as +420: beats −50, ties +420 → 2 + 1 = 3;  as −50: ties −50 → 1;  50% × 3 + 50% × 1 = 2.
    # One trick more in each part: 11 tricks (+450) and 10 tricks (+420):
    #   as +450: beats both → 4;  as +420: 3;  50% × 4 + 50% × 3 = 3.5.
    # One trick fewer in each part: 9 tricks (−50) and 8 tricks (−100):
    #   as −50: ties −50 → 1;  as −100: 0;  50% × 1 + 50% × 0 = 0.5.
    n = Contract.parse("4S")
    weighted_line = Scored(
        (Component(Fraction(1, 2), play(n, Seat.N, 10)), Component(Fraction(1, 2), play(n, Seat.N, 9)))
    )
    result = one_board([Scored.of(play(n, Seat.N, 10)), Scored.of(play(n, Seat.N, 9)), weighted_line])
    board = result.boards[0]
    index = next(i for i, sl in enumerate(board.lines) if sl.line.ns.is_weighted)
    worth = side_worth(board, index, Direction.NS, result.options)
    assert worth.played == Fraction(2) and worth.declaring is Direction.NS
    assert [c.play.ns_score for c in worth.more[0].components] == [450, 420]
    assert [c.play.ns_score for c in worth.fewer[0].components] == [-50, -100]
    assert (worth.more[1], worth.fewer[1]) == (Fraction(7, 2), Fraction(1, 2))
    assert worth.more[1] == _rescored(board, index, Direction.NS, worth.more[0], result.options)


def test_artificial_and_mixed_weighted_lines_have_no_trick_value():
    n, h = Contract.parse("4S"), Contract.parse("5HX")
    mixed = Scored((Component(Fraction(1, 2), play(n, Seat.N, 10)), Component(Fraction(1, 2), play(h, Seat.E, 9))))
    result = one_board([420, 450, Artificial.from_percent(60), mixed])
    board = result.boards[0]
    kinds = {}
    for i, sl in enumerate(board.lines):
        kinds[
            type(sl.line.ns).__name__ + ("w" if isinstance(sl.line.ns, Scored) and sl.line.ns.is_weighted else "")
        ] = i
    assert side_worth(board, kinds["Artificial"], Direction.NS, result.options) == NO_TRICK_VALUE_ARTIFICIAL
    assert side_worth(board, kinds["Scoredw"], Direction.EW, result.options) == NO_TRICK_VALUE_MIXED

"""Properties that hold on every board, checked on random travellers (hypothesis)."""

import itertools
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.model import Artificial, ScoringMethod
from generator.scoring.contract import POSSIBLE_SCORES
from tests.helpers.builders import one_board

SCORES = sorted(s for s in POSSIBLE_SCORES if -2000 <= s <= 2000)
score = st.sampled_from(SCORES)
travellers = st.lists(score, min_size=2, max_size=14)


def _lines(result):
    return result.boards[0].lines


@settings(max_examples=150, deadline=None)
@given(travellers)
def test_ns_plus_ew_equals_the_top_on_an_ordinary_board(scores):
    result = one_board(scores)
    top = result.boards[0].top
    assert top == 2 * (len(scores) - 1)
    assert all(line.ns.value + line.ew.value == top for line in _lines(result))
    assert sum(line.ns.value for line in _lines(result)) == top * len(scores) / 2


@settings(max_examples=150, deadline=None)
@given(travellers)
def test_a_better_score_never_gets_fewer_matchpoints(scores):
    rows = one_board(scores).boards[0].frequencies  # best NS score first
    assert all(a.ns > b.ns and a.ew < b.ew for a, b in itertools.pairwise(rows))


@settings(max_examples=150, deadline=None)
@given(travellers, st.integers(min_value=0, max_value=6))
def test_neuberg_factored_matchpoints_average_half_the_new_top(scores, missing):
    expected = len(scores) + missing
    result = one_board(scores, expected_results=expected)
    board = result.boards[0]
    assert board.top == 2 * (expected - 1)
    ns = [line.ns.value for line in _lines(result)]
    assert sum(ns) / len(ns) == board.top / 2


@settings(max_examples=100, deadline=None)
@given(travellers, st.sampled_from(["total", "comparisons", "scores"]))
def test_cross_imps_of_a_board_sum_to_zero(scores, divisor):
    result = one_board(scores, ScoringMethod.CROSS_IMPS, cross_imp_divisor=divisor)
    assert sum(line.ns.value for line in _lines(result)) == 0
    assert all(line.ns.value == -line.ew.value for line in _lines(result))


@settings(max_examples=100, deadline=None)
@given(travellers, st.randoms(use_true_random=False), st.sampled_from(list(ScoringMethod)[:4]))
def test_scoring_does_not_depend_on_the_order_of_the_results(scores, rnd, method):
    shuffled = list(scores)
    rnd.shuffle(shuffled)
    a = {r.ns_score: (r.ns, r.ew) for r in one_board(scores, method).boards[0].frequencies}
    b = {r.ns_score: (r.ns, r.ew) for r in one_board(shuffled, method).boards[0].frequencies}
    assert a == b


@settings(max_examples=100, deadline=None)
@given(travellers, st.sampled_from([40, 50, 60]))
def test_artificial_scores_do_not_count_as_results(scores, pct):
    result = one_board(scores + [Artificial.from_percent(pct)])
    board = result.boards[0]
    assert board.actual == len(scores) and board.expected == len(scores) + 1
    assert _lines(result)[-1].ns.value == Fraction(pct, 100) * board.top
    real = [line.ns.value for line in _lines(result) if line.line.is_result]
    assert sum(real) / len(real) == board.top / 2


@settings(max_examples=100, deadline=None)
@given(travellers)
def test_butler_imps_are_zero_sum_by_direction(scores):
    result = one_board(scores, ScoringMethod.BUTLER)
    assert all(line.ns.value == -line.ew.value for line in _lines(result))


@settings(max_examples=80, deadline=None)
@given(
    st.lists(score, min_size=2, max_size=10),
    st.lists(st.tuples(st.integers(1, 9), score), min_size=2, max_size=4, unique_by=lambda c: c[1]),
    st.sampled_from([ScoringMethod.MATCHPOINTS, ScoringMethod.CROSS_IMPS]),
)
def test_a_weighted_score_is_the_average_of_its_scenarios(field, parts, method):
    """Law 12C1(c) by factored frequencies equals averaging the board over each assigned result.

    True for matchpoints and cross-IMPs, which are linear in the frequencies; not for Butler,
    whose datum is taken once from the factored table (seed 000 §5.1), as the seed prescribes.
    """
    from tests.helpers.builders import line_value, weighted

    total = sum(w for w, _ in parts)
    weights = [Fraction(w, total) for w, _ in parts]
    assigned = weighted(*((w * 100, s) for w, (_, s) in zip(weights, parts)))
    result = one_board(field + [assigned], method)
    scenarios = [one_board(field + [s], method) for _, s in parts]
    tables = range(1, len(field) + 2)
    for table in tables:
        for side in ("ns", "ew"):
            expected = sum(w * line_value(r, table, side) for w, r in zip(weights, scenarios))
            assert line_value(result, table, side) == expected


def test_an_artificial_split_does_not_make_a_second_table():
    result = one_board([420, 400, (Artificial.from_percent(60), Artificial.from_percent(40))])
    assert result.boards[0].ew_frequencies is None

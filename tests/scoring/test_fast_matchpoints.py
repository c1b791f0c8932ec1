"""The matchpoint engine's fast path against the definition, on random boards (hypothesis).

``Matchpoints`` counts in EBU units (half an ACBL matchpoint) as ints on a board of whole,
unfactored results and builds its explanation's steps only when they are read.  Here every
figure is recomputed the slow way — each line compared with every other line, in Fractions,
then Neuberg's (M + 1) x E / A - 1 — and must be equal, as must the figure the explanation
shows and the what-if path (``value_only``).
"""

import gc
import pickle
import weakref
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.model import Direction, ScoringMethod
from generator.scoring.board import board_scorer
from generator.scoring.contract import POSSIBLE_SCORES
from generator.scoring.explain import Explanation, Step
from generator.scoring.imps import imps
from generator.scoring.options import ScoringOptions
from generator.scoring.rounding import round_neuberg
from tests.helpers.builders import one_board

SCORES = sorted(s for s in POSSIBLE_SCORES if -1500 <= s <= 1500)
travellers = st.lists(st.sampled_from(SCORES), min_size=4, max_size=16)


def slow_figure(scores: list[int], own: int, direction: str, expected: int, units: str, rounding: str) -> Fraction:
    """By definition: 2 EBU units per result beaten, 1 per tie (the line's own result not
    counted), scaled by Neuberg when results are missing, halved for ACBL units."""
    others = list(scores)
    others.remove(own)
    beaten = sum(1 for t in others if (t < own if direction == "ns" else t > own))
    tied = sum(1 for t in others if t == own)
    m = Fraction(2 * beaten + tied)
    half = Fraction(1, 2) if units == "acbl" else Fraction(1)
    actual = len(scores)
    if expected == actual:
        return m * half
    top = 2 * (expected - 1) * half
    return round_neuberg(((m + 1) * Fraction(expected, actual) - 1) * half, rounding, top / 2)


@settings(max_examples=200, deadline=None)
@given(
    travellers,
    st.integers(min_value=0, max_value=4),
    st.sampled_from(["ebu", "acbl"]),
    st.sampled_from(["exact", "ebu", "acbl", "truncate"]),
)
def test_every_line_matches_the_slow_definition(scores, missing, units, rounding):
    expected = len(scores) + missing
    result = one_board(
        scores, expected_results=expected, matchpoint_units=units, neuberg_rounding=rounding, small_groups="none"
    )
    board = result.boards[0]
    for line in board.lines:
        ns = line.line.ns.components[0].play.ns_score
        for direction, side in (("ns", line.ns), ("ew", line.ew)):
            want = slow_figure(scores, ns, direction, expected, units, rounding)
            assert side.value == want
            assert type(side.value) is Fraction
            assert side.explanation.result == want
            # The explanation's last step restates the figure (as a percentage of the top).
            assert side.explanation.steps[-1].values["matchpoints"] == want


@settings(max_examples=100, deadline=None)
@given(travellers, st.integers(min_value=0, max_value=4), st.sampled_from(["ebu", "acbl"]))
def test_value_only_equals_the_explained_figure(scores, missing, units):
    result = one_board(scores, expected_results=len(scores) + missing, matchpoint_units=units, small_groups="none")
    board = result.boards[0]
    options = ScoringOptions().with_overrides({"matchpoint_units": units, "small_groups": "none"})
    scorer, _, _, _ = board_scorer(
        1, [line.line for line in board.lines], method=board.method, expected=len(scores) + missing, options=options
    )
    for s in set(scores):
        for d in (Direction.NS, Direction.EW):
            assert scorer.value_only(d, s) == scorer.value(d, s)[0]


def test_steps_are_built_once_and_only_when_read():
    calls = []

    def recipe():
        calls.append(1)
        return [Step("x.y", "one step", {"n": 1})]

    lazy = Explanation.lazy("matchpoints", Fraction(3), recipe, {"score": 420})
    assert calls == []
    assert lazy.steps == (Step("x.y", "one step", {"n": 1}),)
    assert lazy.steps is lazy.steps and calls == [1]
    assert lazy == Explanation("matchpoints", Fraction(3), (Step("x.y", "one step", {"n": 1}),), {"score": 420})
    assert lazy.to_dict()["steps"] == [{"rule": "x.y", "summary": "one step", "values": {"n": "1"}}]


def test_a_lazy_explanation_pickles_with_its_steps():
    lazy = Explanation.lazy("matchpoints", Fraction(3), lambda: [Step("x.y", "one step")], {})
    copy = pickle.loads(pickle.dumps(lazy))
    assert copy == lazy and copy.steps[0].summary == "one step"


@settings(max_examples=100, deadline=None)
@given(travellers, st.sampled_from(["total", "comparisons", "scores"]))
def test_cross_imps_match_the_slow_definition_and_their_lazy_steps(scores, divisor):
    """Each line IMPed against every other line, then divided as the option says; the
    explanation's steps (built on reading) add up to the same figure."""
    result = one_board(scores, ScoringMethod.CROSS_IMPS, cross_imp_divisor=divisor)
    n = len(scores)
    div = {"total": 1, "comparisons": n - 1, "scores": n}[divisor]
    for line in result.boards[0].lines:
        own = line.line.ns.components[0].play.ns_score
        others = list(scores)
        others.remove(own)
        want = Fraction(sum(imps(own - t) for t in others), div)
        assert line.ns.value == want and line.ew.value == -want
        assert line.ns.explanation.result == want
        comparison = line.ns.explanation.steps[0].values
        assert comparison["total"] == sum(r["frequency"] * r["imps"] for r in comparison["rows"])


def test_an_unread_explanation_keeps_no_scorer_alive():
    """Build workers run with the cycle collector off: a recipe that held its scorer (whose
    cache holds the explanation) would keep every board's scorer until the process ends."""
    options = ScoringOptions()
    for method in (ScoringMethod.MATCHPOINTS, ScoringMethod.CROSS_IMPS):
        board = one_board([420, 450, 400, -50], method).boards[0]
        scorer, _, _, _ = board_scorer(
            1, [line.line for line in board.lines], method=method, expected=4, options=options
        )
        _, explanation = scorer.value(Direction.NS, 420)
        alive = weakref.ref(scorer)
        gc.disable()
        try:
            del scorer
            assert alive() is None, method
        finally:
            gc.enable()
        assert explanation.steps  # still readable without its scorer

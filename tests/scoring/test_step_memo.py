"""The matchpoint explanation's formula and percentage steps are kept by what they follow
from (``pairs_methods._FORMULA_STEPS``, ``_PERCENTAGE_STEPS``): a kept step is the step made
afresh, value types included, whatever other boards were explained before."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.model import Direction
from generator.scoring import pairs_methods
from generator.scoring.frequency import FrequencyTable

SCORES = [-200, -100, -50, 110, 140, 420, 450, 620]
ONE_WEIGHT = st.sampled_from([Fraction(3, 10), Fraction(1, 2), Fraction(7, 10)])

results = st.lists(
    st.one_of(
        st.sampled_from(SCORES).map(lambda s: [(Fraction(1), s)]),
        st.tuples(ONE_WEIGHT, st.sampled_from(SCORES), st.sampled_from(SCORES)).map(
            lambda t: [(t[0], t[1]), (1 - t[0], t[2])]
        ),
    ),
    min_size=1,
    max_size=14,
)
boards = st.tuples(results, st.integers(min_value=0, max_value=3), st.sampled_from([Fraction(1), Fraction(1, 2)]))


def _steps(table: FrequencyTable, half: Fraction) -> dict:
    """Every score's steps from both sides, as their reprs (so an int and a whole Fraction differ)."""
    top = Fraction(table.top) * half
    return {
        (d, s): repr(pairs_methods._matchpoint_steps(d, s, table, half, top, "exact"))
        for d in Direction
        for s in table.scores
    }


@settings(max_examples=200, deadline=None)
@given(st.lists(boards, min_size=1, max_size=6))
def test_kept_steps_are_the_steps_made_afresh(session):
    tables = [(FrequencyTable.build(r, len(r) + missing), half) for r, missing, half in session]
    with pytest.MonkeyPatch.context() as patched:  # one session's memory, filled board by board
        patched.setattr(pairs_methods, "_FORMULA_STEPS", {})
        patched.setattr(pairs_methods, "_PERCENTAGE_STEPS", {})
        kept = [_steps(t, h) for t, h in tables]
    fresh = []
    for t, h in tables:
        with pytest.MonkeyPatch.context() as patched:  # nothing remembered: every step made
            patched.setattr(pairs_methods, "_STEPS_KEPT", 0)
            patched.setattr(pairs_methods, "_FORMULA_STEPS", _Forgetful())
            patched.setattr(pairs_methods, "_PERCENTAGE_STEPS", _Forgetful())
            fresh.append(_steps(t, h))
    assert kept == fresh


class _Forgetful(dict):
    """A memory that keeps nothing."""

    def __setitem__(self, key, value) -> None:
        pass


def test_a_hand_worked_step_is_shared():
    # 14 tables, NS +420 beat 8 and tied with 1 other: 2 x 8 + 1 = 17 of a top of 26, 65.38%
    table = FrequencyTable.build([[(Fraction(1), s)] for s in [420, 420] + [400] * 8 + [450] * 4], 14)
    first = pairs_methods._matchpoint_steps(Direction.NS, 420, table, Fraction(1), Fraction(26), "exact")
    assert [s.summary for s in first[1:]] == ["2 × 8 + 1 = 17 of a top of 26", "17 / 26 = 65.38%"]
    again = pairs_methods._matchpoint_steps(Direction.NS, 420, table, Fraction(1), Fraction(26), "exact")
    assert again[1] is first[1] and again[2] is first[2]

"""``explain.fmt`` remembers the figures it has shown (``_SHOWN``): what it writes is
``rounding.display_decimal``'s text, the definition, whatever was shown before."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.scoring import explain
from generator.scoring.rounding import display_decimal

figures = st.one_of(
    st.integers(min_value=-10_000, max_value=10_000),
    st.fractions(min_value=-1000, max_value=1000, max_denominator=400),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(figures, st.integers(min_value=0, max_value=6)), max_size=30))
def test_a_remembered_figure_is_the_definitions_text(shown):
    for value, places in shown + shown:  # each twice: written, then remembered
        assert explain.fmt(value, places) == display_decimal(value, places)


def test_the_memory_is_bounded_and_starts_again(monkeypatch):
    monkeypatch.setattr(explain, "_SHOWN", {})
    monkeypatch.setattr(explain, "_SHOWN_KEPT", 3)
    texts = [explain.fmt(Fraction(n, 7), 2) for n in range(10)]
    assert texts == [display_decimal(Fraction(n, 7), 2) for n in range(10)]
    assert len(explain._SHOWN) <= 3


def test_a_hand_worked_figure():
    # 29/8 = 3.625: to 2 places a half away from zero, 3.63; to 4 exact
    assert (explain.fmt(Fraction(29, 8)), explain.fmt(Fraction(29, 8), 4), explain.fmt(Fraction(29, 8))) == (
        "3.63",
        "3.625",
        "3.63",
    )


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=-100_000, max_value=100_000), st.integers(min_value=0, max_value=6))
def test_a_whole_figure_is_written_the_same_as_an_int_or_a_fraction(n, places):
    # why the steps of an unfactored EBU board may carry ints where they carried whole Fractions
    assert explain.fmt(n, places) == explain.fmt(Fraction(n), places)
    assert explain.json_number(n) == explain.json_number(Fraction(n))


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from([-200, -100, -50, 110, 140, 420, 450, 620]), min_size=1, max_size=14),
    st.integers(min_value=0, max_value=3),
    st.sampled_from([Fraction(1), Fraction(1, 2)]),
)
def test_whole_matchpoint_steps_are_the_fraction_steps(scores, missing, half):
    """An unfactored EBU board's steps counted in ints (``_in_units``): the same explanation, as
    JSON, as counted in Fractions (every count multiplied by ``half``, the definition)."""
    from generator.model import Direction
    from generator.scoring import pairs_methods
    from generator.scoring.explain import Explanation
    from generator.scoring.frequency import FrequencyTable

    table = FrequencyTable.build([[(Fraction(1), s)] for s in scores], len(scores) + missing)
    top = Fraction(table.top) * half

    def explained(direction, score):
        steps = pairs_methods._matchpoint_steps(direction, score, table, half, top, "exact")
        return Explanation("m", Fraction(0), tuple(steps), {}).to_dict()

    quick = {(d, s): explained(d, s) for d in Direction for s in set(scores)}
    with pytest.MonkeyPatch.context() as patched:  # (a fresh one for each example)
        patched.setattr(pairs_methods, "_in_units", lambda count, half, whole: count * half)
        slow = {(d, s): explained(d, s) for d in Direction for s in set(scores)}
    assert quick == slow

"""``explain.fmt`` remembers the figures it has shown (``_SHOWN``): what it writes is
``rounding.display_decimal``'s text, the definition, whatever was shown before."""

from fractions import Fraction

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

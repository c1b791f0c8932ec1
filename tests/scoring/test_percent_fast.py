"""``rounding.percent`` of ints and Fractions, made as one Fraction, against its definition
``Fraction(numerator) * 100 / denominator``: the same value, a Fraction, the same error for a zero top."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.scoring.rounding import percent

exact = st.one_of(
    st.integers(min_value=-5000, max_value=5000),
    st.fractions(min_value=-5000, max_value=5000, max_denominator=500),
)


@settings(max_examples=500, deadline=None)
@given(exact, exact.filter(lambda d: d != 0))
def test_percent_is_the_definition(numerator, denominator):
    fast = percent(numerator, denominator)
    assert fast == Fraction(numerator) * 100 / denominator
    assert type(fast) is Fraction


def test_a_hand_worked_percentage():
    # 7.5 matchpoints of a top of 12: 7.5 / 12 × 100 = 62.5 %; -3/2 of 6: -25 %
    assert percent(Fraction(15, 2), 12) == Fraction(125, 2)
    assert percent(Fraction(-3, 2), Fraction(6)) == -25


def test_a_zero_top_fails_as_before():
    with pytest.raises(ZeroDivisionError):
        percent(3, 0)
    with pytest.raises(ZeroDivisionError):
        percent(Fraction(3, 2), Fraction(0))

"""``running_totals`` (integer sums over a common denominator) against Fraction's own sums."""

import itertools
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.scoring.exact_sums import running_totals

figures = st.one_of(
    st.integers(min_value=-50, max_value=50),
    st.fractions(min_value=-50, max_value=50, max_denominator=60),
    st.sampled_from([Fraction(1, 2), Fraction(-3, 2), Fraction(26, 3), Fraction(125, 12)]),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(figures, max_size=40))
def test_running_totals_equal_the_fraction_sums(values):
    slow = list(itertools.accumulate((Fraction(v) for v in values), initial=Fraction(0)))[1:]
    fast = running_totals(values)
    assert fast == slow
    assert all(type(t) is Fraction for t in fast)


def test_a_hand_worked_card():
    # 7 + 5.5 + 26/3 = 21 1/6: the denominators 1, 2 and 3 meet at 6
    assert running_totals([Fraction(7), Fraction(11, 2), Fraction(26, 3)]) == [
        Fraction(7),
        Fraction(25, 2),
        Fraction(127, 6),
    ]
    assert running_totals([]) == []

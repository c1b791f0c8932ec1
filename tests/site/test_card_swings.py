"""A card's 'where a trick mattered most' takes its three biggest swings, ties in card order:
``pair_pages`` sorts by the swing, reversed (a stable sort keeps the order of ties), as
``heapq.nsmallest`` of the negated swing did (the definition kept here); a card's bars are
the percentages' floats (``as_float``)."""

import heapq
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.site.pair_pages import _swing, as_float

swings = st.one_of(st.integers(min_value=0, max_value=6), st.fractions(min_value=0, max_value=6, max_denominator=4))


@settings(max_examples=300, deadline=None)
@given(st.lists(swings, max_size=30))
def test_the_three_biggest_swings_in_card_order(values):
    entries = [(v, board) for board, v in enumerate(values)]  # boards in card order
    quick = sorted(entries, key=_swing, reverse=True)[:3]
    definition = heapq.nsmallest(3, entries, key=lambda m: -m[0])
    assert [board for _, board in quick] == [board for _, board in definition]


def test_ties_keep_card_order():
    entries = [(2, 1), (Fraction(5, 2), 2), (2, 3), (2, 4)]
    assert [b for _, b in sorted(entries, key=_swing, reverse=True)[:3]] == [2, 1, 3]


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.integers(-(10**20), 10**20), st.fractions(max_denominator=10**9)))
def test_a_bars_float_is_float(value):
    assert as_float(value) == float(value)

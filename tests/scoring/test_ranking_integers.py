"""``rank_labels`` ranks exact scores as ints over their common denominator (``_as_integers``):
the places and '=' marks are those of ranking the Fractions themselves (``_labels``, the
definition), ties and input order included."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.scoring.ranking import _labels, rank_labels

exact = st.one_of(
    st.integers(min_value=-300, max_value=300),
    st.fractions(min_value=-300, max_value=300, max_denominator=97),
    st.sampled_from([Fraction(1, 3), Fraction(2, 6), Fraction(5, 2), Fraction(-7, 12), Fraction(125, 12), 0, 5]),
)


@settings(max_examples=400, deadline=None)
@given(st.lists(exact, max_size=40))
def test_ranked_as_integers_is_ranked_as_fractions(scores):
    keyed = [(i, s) for i, s in enumerate(scores)]
    assert rank_labels(keyed) == _labels(keyed)


def test_a_hand_worked_field():
    # 62.5 % ties 125/2; 187/3 = 62.33 % is below both; 70 first: places 1, 2=, 2=, 4
    scores = [("a", Fraction(187, 3)), ("b", Fraction(125, 2)), ("c", 70), ("d", Fraction(250, 4))]
    assert rank_labels(scores) == {"c": (1, "1"), "b": (2, "2="), "d": (2, "2="), "a": (4, "4")}


def test_other_scores_are_ranked_as_they_are():
    assert rank_labels([("x", 1.5), ("y", 2.5)]) == {"y": (1, "1"), "x": (2, "2")}

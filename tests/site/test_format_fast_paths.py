"""The display filters' shortcuts (generator/site/format.py) give the general path's text."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.scoring.contract import Contract, Strain
from generator.scoring.rounding import decimal_places, display_percentage, matchpoint_places
from generator.site import format as fmt

figures = st.one_of(st.integers(-1000, 1000), st.fractions(max_denominator=1000).filter(lambda f: abs(f) < 10**4))


@given(figures)
def test_one_matchpoint_figure_takes_the_places_of_a_column_of_one(value):
    assert fmt.matchpoints(value) == decimal_places(value, matchpoint_places([value]))
    assert fmt.figure(value, "matchpoints") == fmt.matchpoints(value, matchpoint_places([value]))


def test_hand_checked():
    # 12.6 exact to one decimal; 12 whole: one decimal; 38/3 = 12.666..: two; 1/4: two
    assert [fmt.matchpoints(v) for v in (Fraction(126, 10), 12, Fraction(38, 3), Fraction(1, 4))] == [
        "12.6",
        "12.0",
        "12.67",
        "0.25",
    ]


@given(figures, st.sampled_from([None, 1, 2]))
def test_matchpoint_texts_kept_by_value_are_the_definition(value, places):
    """``matchpoints`` keeps each text by (numerator, denominator, places): asked twice, and
    for a value equal to another already written, it gives ``decimal_places``' text."""
    want = decimal_places(value, matchpoint_places([value]) if places is None else places)
    assert fmt.matchpoints(value, places) == want
    assert fmt.matchpoints(Fraction(value), places) == want  # the same figure, another object
    assert fmt.matchpoints(value, places) == want


@given(figures)
def test_percentage_texts_kept_by_value_are_the_definition(value):
    want = display_percentage(value)
    assert fmt.percentage(value) == want
    assert fmt.percentage(Fraction(value)) == want


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(st.none(), st.integers(-500, 500), st.fractions(min_value=-500, max_value=500, max_denominator=60)),
    st.sampled_from(["matchpoints", "imps", "points", "vp"]),
    st.one_of(st.none(), st.integers(0, 4)),
)
def test_a_figure_writer_writes_what_figure_writes(value, unit, places):
    assert fmt.figure_writer(unit)(value, places) == fmt.figure(value, unit, places)


contracts = st.builds(
    lambda level, strain, doubled: Contract(level, strain, doubled),
    st.integers(1, 7),
    st.sampled_from(list(Strain)),
    st.integers(0, 2),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(contracts, st.sampled_from(["4HX", "3NT", "PASS", "<b>", "", None])), max_size=20))
def test_a_contract_found_by_identity_is_the_contracts_markup(values):
    """Shared objects, equal twins, texts and None: the same markup as ``contract``."""
    twins = [Contract(v.level, v.strain, v.doubled) if isinstance(v, Contract) else v for v in values]
    for value in values + twins + values:
        assert fmt.contract_by_identity(value) == fmt.contract(value)

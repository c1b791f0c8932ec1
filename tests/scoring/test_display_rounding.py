"""Display rounding (generator/scoring/rounding.py): ``decimal_places`` writes a whole figure
without the general arithmetic; both paths must give the definition's text — the exact value
rounded to ``places`` decimals, a half away from zero (Decimal's ROUND_HALF_UP on the exact
quotient), minus sign only on a non-zero figure."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from generator.scoring.rounding import decimal_places


def _definition(value: Fraction, places: int) -> str:
    with localcontext() as ctx:
        ctx.prec = 200
        exact = Decimal(value.numerator) / Decimal(value.denominator)
        text = str(exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))
    return text[1:] if text.startswith("-") and not any(c not in "0." for c in text[1:]) else text


@given(st.integers(-(10**12), 10**12), st.integers(0, 5))
def test_whole_figures_as_the_definition(n, places):
    assert decimal_places(n, places) == _definition(Fraction(n), places)
    assert decimal_places(Fraction(n), places) == _definition(Fraction(n), places)


@given(st.fractions(max_denominator=10**6), st.integers(0, 5))
def test_any_figure_as_the_definition(value, places):
    assert decimal_places(value, places) == _definition(value, places)


def test_hand_checked():
    # 12 to two places; -12; 0 never signed; 2/3 = 0.666..; -1/8 = -0.125 -> -0.13 (half away);
    # True is the int 1 (a bool is an int), written as a number
    assert [decimal_places(v, 2) for v in (12, Fraction(-12), 0, Fraction(2, 3), Fraction(-1, 8))] == [
        "12.00",
        "-12.00",
        "0.00",
        "0.67",
        "-0.13",
    ]
    assert decimal_places(True, 1) == "1.0"

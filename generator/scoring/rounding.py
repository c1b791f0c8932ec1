"""Every rounding rule the engine or the site applies, in one place.

The engine keeps exact ``Fraction`` values and rounds only where a scoring rule or
an option says so; display rounding (one or two decimals on a page) also lives here
so that the site and the command line print the same figure.

>>> str(round_half_away(Fraction(5, 2))), str(round_half_away(Fraction(-5, 2)))
('3', '-3')
>>> str(round_to_ten(Fraction(68175, 100))), str(round_to_ten(Fraction(232)))
('680', '230')
>>> str(round_toward(Fraction(1305, 100), Fraction(1, 10), toward=Fraction(11)))
'13'
>>> str(round_toward(Fraction(895, 100), Fraction(1, 10), toward=Fraction(11)))
'9'
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from decimal import ROUND_DOWN, ROUND_FLOOR, ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction


def round_half_away(value: Fraction, unit: Fraction = Fraction(1)) -> Fraction:
    """To the nearest multiple of ``unit``; an exact half goes away from zero."""
    q = value / unit
    n = math.floor(abs(q) + Fraction(1, 2))
    return Fraction(n if q >= 0 else -n) * unit


def round_half_up(value: Fraction, unit: Fraction = Fraction(1)) -> Fraction:
    """To the nearest multiple of ``unit``; an exact half goes up (toward +infinity)."""
    return Fraction(math.floor(value / unit + Fraction(1, 2))) * unit


def round_half_even(value: Fraction, unit: Fraction = Fraction(1)) -> Fraction:
    """To the nearest multiple of ``unit``; an exact half goes to the even multiple."""
    return Fraction(round(value / unit)) * unit  # Fraction.__round__ is banker's rounding


def round_toward(value: Fraction, unit: Fraction, toward: Fraction) -> Fraction:
    """To the nearest multiple of ``unit``; an exact half goes toward ``toward`` (EBU Neuberg)."""
    low = Fraction(math.floor(value / unit)) * unit
    high = low + unit if low != value else low
    if value - low < high - value:
        return low
    if value - low > high - value:
        return high
    return high if toward > value else low


def round_to_ten(value: Fraction, rule: str = "half-away") -> Fraction:
    """Nearest 10 (Butler datum, weighted aggregate). ``rule``: half-away | half-even | exact."""
    if rule == "exact":
        return value
    if rule == "half-even":
        return round_half_even(value, Fraction(10))
    return round_half_away(value, Fraction(10))


NEUBERG_ROUNDING_WORDS = {
    "ebu": "to one decimal, a half toward the average",
    "acbl": "to two decimals, a half up",
    "truncate": "down to one decimal (the rest cut off)",
}
"""How each ``neuberg_rounding`` rule is said in an explanation ('exact' never rounds)."""


def round_neuberg(value: Fraction, rule: str, average: Fraction) -> Fraction:
    """Per-board factored matchpoints: 'exact', 'ebu' (0.1, half toward average), 'acbl' (0.01, half up),
    'truncate' (cut down to 0.1, as Bridge NZ Scorer prints them)."""
    if rule == "truncate":
        return Fraction(math.floor(value * 10), 10)
    if rule == "ebu":
        return round_toward(value, Fraction(1, 10), average)
    if rule == "acbl":
        return round_half_up(value, Fraction(1, 100))
    return value


def round_weighted_imps(value: Fraction, rule: str) -> Fraction:
    """Weighted IMP results: 'exact' or 'integer' (half away from zero)."""
    return round_half_away(value) if rule == "integer" else value


def round_weighted_aggregate(value: Fraction, rule: str) -> Fraction:
    """Weighted aggregate points: 'exact' or 'ten'."""
    return round_half_away(value, Fraction(10)) if rule == "ten" else value


SNAP = Decimal("1e-30")
"""Scale values are computed to 40 digits; one within 10^-30 of a figure with fewer
decimals is that figure (e.g. VP(B/3) = 15 exactly, where 40-digit logarithms give
14.999...): no genuine value of the scale comes that close without being equal."""


def round_vp(value: Decimal, rule: str = "fix") -> Decimal:
    """Continuous-scale victory points to two decimals (option ``vp_rounding``): a half
    rounded up for 'fix' and 'half-up' (the WBF's published rule; 'fix' then applies the
    concavity correction in vp.py), cut off for 'truncate'.

    >>> str(round_vp(Decimal("10.275"))), str(round_vp(Decimal("10.279"), "truncate"))
    ('10.28', '10.27')
    >>> str(round_vp(Decimal("14.9999999999999999999999999999999999999"), "truncate"))
    '15.00'
    """
    return _snap(value).quantize(Decimal("0.01"), rounding=ROUND_DOWN if rule == "truncate" else ROUND_HALF_UP)


def round_vp_fraction(value: Fraction, rule: str = "fix") -> Fraction:
    """An exact VP figure between two scale entries (a fractional margin interpolated) to
    two decimals by the same rule: a half up, or cut off for 'truncate'.

    >>> str(round_vp_fraction(Fraction(10595, 1000))), str(round_vp_fraction(Fraction(10595, 1000), "truncate"))
    ('53/5', '1059/100')
    """
    unit = Fraction(1, 100)
    if rule == "truncate":
        return Fraction(math.floor(value / unit)) * unit
    return round_half_up(value, unit)


def round_vp_margin(margin: Fraction) -> Fraction:
    """A fractional IMP margin to a whole IMP before a VP scale is read (EBU: totals strictly
    between -0.5 and +0.5 are a draw, below n.5 counts as n, so n.5 counts as n + 1).

    >>> [str(round_vp_margin(Fraction(x))) for x in ("0.4", "-0.4", "0.5", "-0.5", "2.49", "2.5")]
    ['0', '0', '1', '-1', '2', '3']
    """
    return round_half_away(margin)


def round_over_root(value: Fraction, k: int) -> int:
    """value / √k to the nearest whole number, an exact half away from zero (the EBU's XIMPQ
    match total: White Book §3.1.3 with §4.2.6.3).  √k is irrational unless k is a square,
    so the test is made on squares, exactly: for value >= 0 the result is the largest n with
    (n − ½)² × k <= value².

    >>> [round_over_root(Fraction(x), 3) for x in ("0", "4.33", "4.34", "-4.34", "12")]
    [0, 2, 3, -3, 7]
    >>> [round_over_root(Fraction(x), 4) for x in ("5", "-5", "4.99")]   # 2.5 exactly: away from zero
    [3, -3, 2]
    """
    if k < 1:
        raise ValueError(f"k must be at least 1, got {k}")
    size = abs(Fraction(value))
    n = 0
    while (Fraction(2 * n + 1, 2)) ** 2 * k <= size * size:
        n += 1
    return n if value >= 0 else -n


def display_over_root(value: Fraction, k: int, places: int = 2) -> str:
    """value / √k written to ``places`` decimals (a half away from zero), for an explanation
    only: the figure that counts is ``round_over_root``'s, computed exactly.

    >>> display_over_root(Fraction(19, 2), 3)
    '5.48'
    """
    with localcontext() as ctx:
        ctx.prec = 40
        q = Decimal(value.numerator) / Decimal(value.denominator) / Decimal(k).sqrt()
        return str(q.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))


def floor_bound(value: Decimal) -> int:
    """The discrete VP scale's band bound: the floor of the inverted continuous scale,
    after snapping a value within 10^-30 of a whole number to it (imap(7.5) on the 10-VP
    scale is B/3 exactly, a whole number for 2, 8, 18, 32 ... boards).

    >>> floor_bound(Decimal("9.9999999999999999999999999999999999999")), floor_bound(Decimal("9.87"))
    (10, 9)
    """
    return int(_snap(value).to_integral_value(rounding=ROUND_FLOOR))


def _snap(value: Decimal) -> Decimal:
    with localcontext() as ctx:
        ctx.prec = 60
        return value.quantize(SNAP, rounding=ROUND_HALF_EVEN)


def decimal_places(value: Fraction | int, places: int) -> str:
    """Display form with a fixed number of decimals, a half rounded away from zero.

    >>> decimal_places(Fraction(2, 3), 2), decimal_places(Fraction(-1, 8), 2), decimal_places(Fraction(7), 0)
    ('0.67', '-0.13', '7')
    >>> decimal_places(Fraction(-12), 2), decimal_places(0, 1)
    ('-12.00', '0.0')
    """
    n, d = _parts(value)
    if d == 1 and 0 < places <= len(_ZEROS):  # a whole figure (the commonest): its digits and zeros
        return f"{n:d}.{_ZEROS[places - 1]}"
    q, r = divmod(abs(n) * 10**places, d)
    if 2 * r >= d:
        q += 1
    return _digits(q, places, negative=n < 0, strip=False)


def display_decimal(value: Fraction | int, places: int = 2) -> str:
    """A figure in an explanation: exact when it terminates within ``places``, else to
    ``places`` decimals with a half away from zero (as the page's tables round), trailing
    zeros dropped.

    >>> display_decimal(Fraction(14625, 1000)), display_decimal(Fraction(1, 3)), display_decimal(Fraction(5, 2), 0)
    ('14.63', '0.33', '3')
    """
    if type(value) is int:  # whole: written as it is (the commonest figure in a step)
        return str(value)
    n, d = _parts(value)
    q, r = divmod(abs(n) * 10**places, d)
    if 2 * r >= d:
        q += 1
    return _digits(q, places, negative=n < 0, strip=True)


def exact_decimal(value: Fraction | int, max_places: int = 12) -> str:
    """The exact value as a decimal string when it terminates within ``max_places``,
    else rounded to ``max_places`` (a half to even) with no loss a reader of JSON would notice.

    >>> exact_decimal(Fraction(207, 10)), exact_decimal(Fraction(1, 3), 6), exact_decimal(Fraction(-4))
    ('20.7', '0.333333', '-4')
    """
    n, d = _parts(value)
    if d == 1:
        return str(n)
    q, r = divmod(abs(n) * 10**max_places, d)
    if 2 * r > d or (2 * r == d and q % 2):
        q += 1
    return _digits(q, max_places, negative=n < 0, strip=True)


_ZEROS = ("0", "00", "000", "0000")
"""The decimals of a whole figure, by the number of places (1 to 4)."""


def _parts(value: Fraction | int) -> tuple[int, int]:
    if isinstance(value, int):
        return value, 1
    return value.numerator, value.denominator


def _digits(scaled: int, places: int, negative: bool, strip: bool) -> str:
    """Integer ``scaled`` = |value| x 10^places, written with its decimal point (integer arithmetic only)."""
    if places == 0:
        text = str(scaled)
    else:
        digits = str(scaled).rjust(places + 1, "0")
        whole, frac = digits[:-places], digits[-places:]
        if strip:
            frac = frac.rstrip("0")
        text = f"{whole}.{frac}" if frac else whole
    return "-" + text if negative and scaled else text


# --- display rules: how many decimals a page prints for each unit (issue 11) ---------------
# Matchpoints: one decimal when every figure of the column (or page) is exact to one, else
# two; percentages and VPs: always two; IMPs: as the method gives them (whole, or two
# decimals when fractional); points: as they are.  site/format.py applies these to tables
# and the engine's explanation steps use the same for VPs.

PERCENT_PLACES = 2
VP_PLACES = 2


def matchpoint_places(values: Iterable[Fraction | int]) -> int:
    """1 when every value is exact to one decimal, else 2: one width for a whole column or page."""
    # ints have a denominator (1) too; a column has only a few distinct ones
    denominators = {
        v.denominator if type(v) is int or type(v) is Fraction else Fraction(v).denominator
        for v in values
        if v is not None
    }
    return 1 if all(10 % d == 0 for d in denominators) else 2


def display_vp(value: Fraction | int) -> str:
    """VPs to two decimals: '14.60', '5.40'."""
    return decimal_places(value, VP_PLACES)


def display_percentage(value: Fraction | int) -> str:
    return decimal_places(value, PERCENT_PLACES)


def percent(numerator: Fraction | int, denominator: Fraction | int) -> Fraction:
    """An exact percentage (0..100): of ints and Fractions made as one Fraction, reduced once
    (a session asks for one per distinct score and side), else ``Fraction(numerator) * 100 / denominator``."""
    if (type(numerator) is int or type(numerator) is Fraction) and (
        type(denominator) is int or type(denominator) is Fraction
    ):
        return Fraction(
            numerator.numerator * 100 * denominator.denominator, numerator.denominator * denominator.numerator
        )
    return Fraction(numerator) * 100 / denominator

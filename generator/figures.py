"""Every figure as text, through ``generator.scoring.rounding`` (no markup): matchpoints,
percentages, IMPs, points, VPs, scores, exact values and weights.

Below the site and the history alike: the site's display filters (``site/format.py``) and
the history's snapshots of a scored session write their figures here, the same way.

>>> matchpoints(Fraction(126, 10)), matchpoints(Fraction(12)), matchpoints(Fraction(38, 3))
('12.6', '12.0', '12.67')
>>> percentage(Fraction(5625, 100)), imps(Fraction(-7)), imps(Fraction(22, 10)), signed_imps(Fraction(3))
('56.25', '-7', '2.20', '+3')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction

from .memo import remember
from .scoring.rounding import decimal_places, display_percentage, display_vp, exact_decimal, matchpoint_places

FigureWriter = Callable[[Fraction | int | None, int | None], str]
"""A figure's text from its value and its column's places (``figure_writer``)."""


def matchpoint_writer(sign: str = ".") -> FigureWriter:
    """``matchpoints`` writing ``sign`` for the decimal point (a site in French writes
    '12,67'): its own texts kept, so that another language's figures cost what English ones do."""
    texts: dict[tuple[int, int, int], str] = {}

    def matchpoints(value: Fraction | int | None, places: int | None = None) -> str:
        """One decimal place, or two where one would hide a third (12.67); ``places`` fixes it
        for a whole column (see ``mp_places``).  Each text is kept by the figure's numerator,
        denominator and places: a session writes a few hundred distinct figures some 4,000 times
        (a pair of ints hashes in a fraction of the time a ``Fraction`` does)."""
        if value is None:
            return ""
        kind = type(value)
        if kind is not Fraction and kind is not int:  # another Rational: the general path
            return decimal_places(value, mp_places([value]) if places is None else places).replace(".", sign)
        n: int = value.numerator  # an int's numerator is itself, its denominator 1
        d: int = value.denominator
        if places is None:  # one figure on its own: mp_places([value]), without the list
            places = 1 if 10 % d == 0 else 2
        key = (n, d, places)
        text = texts.get(key)
        if text is None:
            text = remember(texts, key, decimal_places(value, places).replace(".", sign), 8192)
        return text

    return matchpoints


matchpoints = matchpoint_writer()


def mp_places(values: Iterable[Fraction | int]) -> int:
    """1 when every value is exact to one decimal, else 2: one width for a whole column (rounding.py decides)."""
    return matchpoint_places(values)


def percentage_writer(sign: str = ".") -> Callable[[Fraction | int | None], str]:
    """``percentage`` writing ``sign`` for the decimal point, its own texts kept (as
    ``matchpoint_writer``)."""
    texts: dict[tuple[int, int], str] = {}

    def percentage(value: Fraction | int | None) -> str:
        """Two decimals (``display_percentage``), each text kept by value like ``matchpoints``'
        (a line's percentage recurs on every line with its score)."""
        if value is None:
            return ""
        kind = type(value)
        if kind is not Fraction and kind is not int:
            return display_percentage(value).replace(".", sign)
        key = (value.numerator, value.denominator)
        text = texts.get(key)
        if text is None:
            text = remember(texts, key, display_percentage(value).replace(".", sign), 8192)
        return text

    return percentage


percentage = percentage_writer()


def signed_percentage(value: Fraction | int | None) -> str:
    """Percentage points with their sign, as a handicap is written: '+2.50', '−6.42', '0.00'."""
    text = percentage(value)
    if not text or not value:
        return text
    return "+" + text if value > 0 else "−" + text.lstrip("-")


def imps(value: Fraction | int | None, places: int | None = None) -> str:
    """Whole IMPs as they are; anything else to two decimals.  ``places`` (see ``imp_places``)
    fixes it for a whole table, so that '5' never stands beside '18.40'."""
    if value is None:
        return ""
    if places is not None:
        return decimal_places(value, places)
    return (
        str(value)
        if isinstance(value, int)
        else str(value.numerator)
        if value.denominator == 1
        else decimal_places(value, 2)
    )


def imp_places(values: Iterable[Fraction | int | None]) -> int | None:
    """2 when any figure of a table is fractional (all are then written to two decimals), else None."""
    return 2 if any(Fraction(v).denominator != 1 for v in values if v is not None) else None


def column_places(unit: str, values: Iterable[Fraction | int]) -> int | None:
    """The decimals of a whole column of figures in ``unit``, so that one column never shows
    '42.90' beside '46.1' or '5' beside '18.40' (docs/site.md, "Dates and decimals"):
    matchpoints ``mp_places``, IMPs ``imp_places``; VPs and points have fixed places (None).

    >>> column_places("imps", [Fraction(5), Fraction(11, 4)]), column_places("imps", [5, -3])
    (2, None)
    >>> column_places("matchpoints", [Fraction(25, 2), 3]), column_places("vp", [Fraction(157, 10)])
    (1, None)
    """
    if unit == "matchpoints":
        return mp_places(values)
    if unit == "imps":
        return imp_places(values)
    return None


def signed_imps(value: Fraction | int | None) -> str:
    text = imps(value)
    return text if not text or text.startswith("-") or not value else "+" + text


def points(value: Fraction | int | None) -> str:
    if value is None:
        return ""
    return exact_decimal(value, 2)


def vp(value: Fraction | int | None) -> str:
    return "" if value is None else display_vp(value)


_OTHER_UNITS: dict[str, Callable[[Fraction | int | None], str]] = {"imps": imps, "points": points, "vp": vp}
"""Each unit but matchpoints: its figures written (their places fixed by the unit)."""


def figure(value: Fraction | int | None, unit: str, places: int | None = None) -> str:
    """By the session's unit: 'matchpoints', 'imps', 'points' or 'vp'; ``places`` (a column's,
    ``column_places``) for matchpoints and IMPs."""
    if unit == "matchpoints":
        return matchpoints(value, places)
    if unit == "imps":
        return imps(value, places)
    return _OTHER_UNITS[unit](value)


def figure_writer(unit: str) -> FigureWriter:
    """``figure`` with the unit chosen once: ``writer(value, places)`` is
    ``figure(value, unit, places)`` (matchpoints themselves for a matchpointed session), one
    call per figure rather than two for the tables' thousands of figures."""
    if unit == "matchpoints":
        return matchpoints
    if unit == "imps":
        return imps
    write = _OTHER_UNITS[unit]

    def writer(value: Fraction | int | None, places: int | None = None) -> str:
        return write(value)

    return writer


def exact(value: Fraction | int | None) -> str:
    """The exact value (up to 12 decimals) for explanations."""
    return "" if value is None else exact_decimal(value)


def weight(value: Fraction) -> str:
    return exact_decimal(Fraction(value) * 100, 2) + "%"


def score(value: int | None) -> str:
    return "" if value is None else str(value)


def signed_score(value: int | None) -> str:
    """'+420', '-50', '0': a score as the pair sees it."""
    return "" if value is None else (f"+{value}" if value > 0 else str(value))

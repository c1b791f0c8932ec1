"""Places from scores, with ties shown as '3=': the one home of ranking with ties.

Every ranking a page or the JSON shows comes from here: a session's fields
(``session.py``), handicap and strata (``handicap.py``, ``strata.py``), teams
(``teams.py``), Swiss standings after every round (``swiss.py``), events of several
sessions (``event.py``) and the site's season tables (``site/archive.py``).  Not ranking:
``site/explain_view.py`` orders a board's distinct scores, ``site/format.py`` prints a card's
rank, and the readers take the places a program printed as they are (``readers/printed.py``).

>>> rank_labels([("a", 60), ("b", 55), ("c", 55), ("d", 40)])
{'a': (1, '1'), 'b': (2, '2='), 'c': (2, '2='), 'd': (4, '4')}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from fractions import Fraction
from math import lcm
from typing import Any, TypeVar

from .rounding import decimal_places

K = TypeVar("K", bound=Hashable)


def rank_labels(scores: Sequence[tuple[K, Any]]) -> dict[K, tuple[int, str]]:
    """Higher score ranks first; equal scores share the place, written '3='.  Keys that tie
    keep the order they came in (a stable sort), for callers that list them in a set order."""
    return _labels(_as_integers(scores))


def tie_key(score: Fraction, ties: str) -> Fraction:
    """What equal places compare (the option ``ties``): the exact score, or with ``displayed``
    the score as the page shows it, to two decimals (so 55.004 % and 55.001 % tie).

    >>> tie_key(Fraction(55004, 1000), "displayed") == tie_key(Fraction(55001, 1000), "displayed") == 55
    True
    """
    return Fraction(decimal_places(score, 2)) if ties == "displayed" else score


def _as_integers(scores: Sequence[tuple[K, Any]]) -> Sequence[tuple[K, Any]]:
    """Exact scores (Fractions and ints) as ints over their common denominator — the same order
    and the same ties, compared and counted in C instead of by Fraction's Python methods (2,000
    pairs of a big field); anything else as it is."""
    values = [score for _, score in scores]
    if not values or not all(type(v) is Fraction or type(v) is int for v in values):
        return scores
    common = lcm(*{v.denominator for v in values})
    return [(key, v.numerator * (common // v.denominator)) for (key, _), v in zip(scores, values, strict=True)]


def _labels(scores: Sequence[tuple[K, Any]]) -> dict[K, tuple[int, str]]:
    ordered = sorted(scores, key=lambda item: item[1], reverse=True)
    counts = Counter(score for _, score in ordered)
    out: dict[K, tuple[int, str]] = {}
    place = 0
    previous = object()
    for index, (key, score) in enumerate(ordered, start=1):
        if score != previous:
            place = index
            previous = score
        out[key] = (place, f"{place}=" if counts[score] > 1 else str(place))
    return out

"""Exact sums of many Fractions, added as integers over a common denominator.

Each ``Fraction`` addition builds a new Fraction and reduces it by a gcd: a pair's running
total over a 24-board card is 24 of them, and a field of 2,000 pairs 48,000.  Figures share
a few small denominators (1 for whole matchpoints and IMPs, 2 for ACBL halves, E/A's for
Neuberg), so the sum is kept as an integer numerator over the least common denominator seen
so far and made a Fraction once per total — the same exact values, far fewer objects.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fractions import Fraction
from math import gcd


def running_totals(values: Iterable[Fraction | int]) -> list[Fraction]:
    """The running sums of ``values`` (exactly ``[v1, v1 + v2, ...]`` as Fractions).

    >>> [str(t) for t in running_totals([Fraction(1, 2), 3, Fraction(1, 3)])]
    ['1/2', '7/2', '23/6']
    """
    return [Fraction(n) if d == 1 else Fraction(n, d) for n, d in _partial_sums(values)]


def exact_sum(values: Iterable[Fraction | int]) -> Fraction:
    """``sum(values, Fraction(0))`` as ``running_totals`` adds: one Fraction at the end.

    >>> str(exact_sum([Fraction(1, 2), 3, Fraction(1, 3)]))
    '23/6'
    """
    numerator, denominator = 0, 1
    for numerator, denominator in _partial_sums(values):  # noqa: B007 (the last pair is the sum)
        pass
    return Fraction(numerator, denominator)


def _partial_sums(values: Iterable[Fraction | int]) -> Iterator[tuple[int, int]]:
    """After each value, the sum so far as (numerator, denominator) over the least common
    denominator seen so far (not reduced: ``Fraction`` reduces it once, when made)."""
    numerator, denominator = 0, 1
    for value in values:
        n, d = value.numerator, value.denominator
        if d == denominator:
            numerator += n
        elif denominator % d == 0:
            numerator += n * (denominator // d)
        else:
            common = denominator // gcd(denominator, d) * d
            numerator = numerator * (common // denominator) + n * (common // d)
            denominator = common
        yield numerator, denominator

"""The IMP scale (Law 78B).

>>> imps(750), imps(-30), imps(0), imps(2980), imps(4000)
(13, -1, 0, 21, 24)
"""

from __future__ import annotations

from bisect import bisect_right
from fractions import Fraction

IMP_LOWER_BOUNDS: tuple[int, ...] = (
    20,
    50,
    90,
    130,
    170,
    220,
    270,
    320,
    370,
    430,
    500,
    600,
    750,
    900,
    1100,
    1300,
    1500,
    1750,
    2000,
    2250,
    2500,
    3000,
    3500,
    4000,
)
"""A difference of at least ``IMP_LOWER_BOUNDS[k-1]`` points is worth k IMPs."""


def imps(difference: int | Fraction) -> int:
    """IMPs for a points difference, signed.  A difference between two bands (possible
    only against an unrounded datum) counts the bands whose lower bound it reaches."""
    magnitude = -difference if difference < 0 else difference
    n = bisect_right(IMP_LOWER_BOUNDS, magnitude)
    return n if difference >= 0 else -n


def imp_band(difference: int | Fraction) -> str:
    """The scale band a difference falls in, for explanations: '750–890' (an en dash: not a minus)."""
    magnitude = -difference if difference < 0 else difference
    n = imps(magnitude)
    low = 0 if n == 0 else IMP_LOWER_BOUNDS[n - 1]
    if n == len(IMP_LOWER_BOUNDS):
        return f"{low} and over"
    high = IMP_LOWER_BOUNDS[n] - 10
    return f"{low}–{high}"

"""One scored traveller line: each side's figure with its explanation.

Below ``results`` and ``swiss_result``, which both hold scored lines, so neither needs the other.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..model import Direction, TravellerLine
from .explain import Explanation


@dataclass(frozen=True, slots=True)
class SideScore:
    """One side's score on one traveller line."""

    value: Fraction
    explanation: Explanation
    percent: Fraction | None = None
    """Board percentage (matchpoints only): value / top * 100."""


@dataclass(frozen=True, slots=True)
class ScoredLine:
    line: TravellerLine
    ns: SideScore
    ew: SideScore

    def side(self, direction: Direction) -> SideScore:
        return self.ns if direction is Direction.NS else self.ew

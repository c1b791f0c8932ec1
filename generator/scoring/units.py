"""Units and the words for them, in one place: which unit a method's board figures count in,
the stable id (in results and JSON) and the word a reader sees, the short column heading, and
the singular for a figure of one.

>>> unit_of(ScoringMethod.BUTLER), unit_label("vps"), UNIT_SHORT["matchpoints"]
('imps', 'VPs', 'MP')
>>> unit(1, "IMPs"), unit(-1, "matchpoints"), unit(2, "VPs")
('IMP', 'matchpoint', 'VPs')
"""

from __future__ import annotations

from fractions import Fraction

from ..model import ScoringMethod

METHOD_UNITS: dict[ScoringMethod, str] = {
    ScoringMethod.MATCHPOINTS: "matchpoints",
    ScoringMethod.BUTLER: "imps",
    ScoringMethod.CROSS_IMPS: "imps",
    ScoringMethod.AGGREGATE: "points",
    ScoringMethod.TEAMS: "imps",
}
"""The unit of a method's board figures (a teams session's follows its options: ``teams.team_units``)."""

UNIT_LABELS: dict[str, str] = {
    "matchpoints": "matchpoints",
    "imps": "IMPs",
    "cross_imps": "cross-IMPs",
    "points": "points",
    "board_points": "board points",
    "vps": "VPs",
    "wins": "wins",
}
"""A unit's stable id (in results, JSON and printed figures) and the word a reader sees."""

UNIT_SHORT: dict[str, str] = {"matchpoints": "MP", "imps": "IMPs", "points": "Points"}
"""A unit as a column heading."""

SINGULAR: dict[str, str] = {"IMPs": "IMP", "matchpoints": "matchpoint", "points": "point", "VPs": "VP"}
"""The word for a figure of one (other words are the same either way)."""


def unit_of(method: ScoringMethod) -> str:
    """The unit id of a method's board figures."""
    return METHOD_UNITS[method]


def unit_label(unit_id: str) -> str:
    """'vps' -> 'VPs', 'board_points' -> 'board points'."""
    return UNIT_LABELS[unit_id]


def method_label(method: ScoringMethod) -> str:
    """The word for a method's board figures: 'matchpoints', 'IMPs' or 'points'."""
    return UNIT_LABELS[METHOD_UNITS[method]]


def unit(value: Fraction | int, word: str) -> str:
    """'IMPs' or 'IMP', 'matchpoints' or 'matchpoint', for a figure of ``value``."""
    return SINGULAR.get(word, word) if abs(value) == 1 else word

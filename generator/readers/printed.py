"""Figures another program printed in its export, kept only so that `check` can audit them.

Readers store a ``PrintedFigures`` in ``Session.printed["figures"]``.  The engine never
reads it: every board is re-scored from the raw results.  Each figure keeps the text as
printed, its exact value and the number of decimals it was printed with, because a
figure "agrees" when ours rounds to theirs at their precision.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from ..model import PairRef, Session

KEY = "figures"
_FIGURE = re.compile(r"[+-]?(?:[0-9]{1,15}(?:\.[0-9]{0,15})?|\.[0-9]{1,15})")


@dataclass(frozen=True, slots=True)
class Figure:
    """One printed number: '42.5' has value 85/2 and 1 decimal place."""

    text: str
    value: Fraction
    places: int

    @staticmethod
    def parse(text: str | None) -> Figure | None:
        """A figure from printed text, or None when the text is blank, '-' or not a number."""
        if text is None:
            return None
        t = text.strip().replace(",", ".")
        if t in ("", "-", "?") or not _FIGURE.fullmatch(t):
            return None  # '1e999999999' would take hours as a Fraction: printed figures are plain decimals
        try:
            d = Decimal(t)
        except InvalidOperation:
            return None
        if not d.is_finite():
            return None
        exponent = d.as_tuple().exponent
        places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
        return Figure(t, Fraction(d), places)


@dataclass(frozen=True, slots=True)
class PrintedLine:
    """A traveller line's printed figures (matchpoints, IMPs, Butler or cross-IMPs)."""

    board: int
    section: str
    ns_pair: PairRef | None
    ew_pair: PairRef | None
    where: str
    score_text: str = ""
    """The score as printed ('420', 'A6040', 'A+'), for messages."""
    ns: Figure | None = None
    ew: Figure | None = None
    ns_percent: Figure | None = None
    ew_percent: Figure | None = None


@dataclass(frozen=True, slots=True)
class PrintedBoard:
    board: int
    section: str
    where: str
    datum: Figure | None = None


@dataclass(frozen=True, slots=True)
class PrintedPair:
    ref: PairRef
    where: str
    total: Figure | None = None
    percentage: Figure | None = None
    place: str = ""
    handicap: Figure | None = None
    """A handicap the program added to the percentage (USEBIO HANDICAP)."""


@dataclass(frozen=True, slots=True)
class PrintedTeam:
    """A team's printed total and place (USEBIO TEAM)."""

    number: int
    where: str
    total: Figure | None = None
    place: str = ""


@dataclass(frozen=True, slots=True)
class PrintedMatch:
    """A teams match summary (PBN team score tables, USEBIO MATCH)."""

    round: int | None
    home: int
    away: int
    where: str
    home_imps: Figure | None = None
    away_imps: Figure | None = None
    home_vp: Figure | None = None
    away_vp: Figure | None = None


@dataclass(slots=True)
class PrintedFigures:
    program: str = ""
    lines: list[PrintedLine] = field(default_factory=list)
    boards: list[PrintedBoard] = field(default_factory=list)
    pairs: list[PrintedPair] = field(default_factory=list)
    matches: list[PrintedMatch] = field(default_factory=list)
    teams: list[PrintedTeam] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    """What the reader left out or interpreted (bye lines, totals that are percentages)."""
    warnings: list[str] = field(default_factory=list)
    """What the reader left out or believed over the file that the user must hear of from `build`
    and `check` alike (a hand record left out, directions taken from the travellers)."""
    line_unit: str = ""
    """What a line figure means: 'matchpoints', 'imps' (Butler), 'cross_imps'."""


def printed_figures(session: Session) -> PrintedFigures | None:
    value = session.printed.get(KEY)
    return value if isinstance(value, PrintedFigures) else None

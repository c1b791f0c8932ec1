"""Artificial adjusted scores as older programs write them: a zero score, no contract, and the
matchpoints or IMPs the director gave.

USEBIO 1.0 programs had no artificial score code (``A6040``): an average-plus / average-minus
is written ``<SCORE>0</SCORE>`` with no ``CONTRACT``, ``PLAYED_BY`` or ``TRICKS``, beside the
figures awarded.  Read as a score of 0 it would be a pass-out, and matchpointed as one; so on a
board whose other lines are played contracts such a line is read as what it is, an
``Artificial`` score like ``A6040``:

- matchpoints: each side's share of the board's top (the sum of a played line's two figures),
  taken as 60, 50 or 40 % when within ``SNAP`` points of one (the figures are printed rounded),
  else as that fixed percentage to the nearest whole one;
- IMPs (Butler, cross-IMPs): each side's sign, more than 0 average-plus, 0 average, less than
  0 average-minus.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from fractions import Fraction

from ..model import Artificial
from .printed import Figure

_ZERO = re.compile(r"[+-]?0+(?:\.0+)?")
SNAP = Fraction(5)
"""Percentage points within which a share is taken as 60, 50 or 40 %."""
_NOMINAL = (Fraction(60), Fraction(50), Fraction(40))


def zero_figures(texts: dict[str, str], tags: Iterable[tuple[str, str, str]]) -> tuple[Figure, Figure, str] | None:
    """(NS figure, EW figure, unit) of a line written as a zero score with no contract, declarer
    or tricks but both sides' figures (``tags``: NS tag, EW tag, unit); else None."""
    if texts.get("CONTRACT") or texts.get("PLAYED_BY") or texts.get("TRICKS"):
        return None
    if not _ZERO.fullmatch(texts.get("SCORE", "")):
        return None
    for ns_tag, ew_tag, unit in tags:
        ns, ew = Figure.parse(texts.get(ns_tag)), Figure.parse(texts.get(ew_tag))
        if ns is not None and ew is not None:
            return ns, ew, unit
    return None


def top_of(sums: Iterable[Fraction]) -> Fraction | None:
    """The board's top: the most common sum of a played line's two matchpoint figures."""
    counted = Counter(s for s in sums if s > 0)
    return counted.most_common(1)[0][0] if counted else None


def artificial_of(ns: Fraction, ew: Fraction, unit: str, top: Fraction | None) -> tuple[Artificial, Artificial]:
    """The artificial scores the figures given stand for (see the module)."""
    if unit == "matchpoints":
        if top is None:  # no played line to measure by: the comparison alone
            return _by_sign(ns - ew), _by_sign(ew - ns)
        return _share(100 * ns / top), _share(100 * ew / top)
    return _by_sign(ns), _by_sign(ew)


def _share(percent: Fraction) -> Artificial:
    nearest = min(_NOMINAL, key=lambda p: abs(percent - p))
    if abs(percent - nearest) <= SNAP:
        return Artificial.from_percent(nearest)
    return Artificial.from_percent(Fraction(round(percent)))


def _by_sign(figure: Fraction) -> Artificial:
    return Artificial.from_percent(_NOMINAL[0] if figure > 0 else _NOMINAL[1] if figure == 0 else _NOMINAL[2])


__all__ = ["SNAP", "artificial_of", "top_of", "zero_figures"]

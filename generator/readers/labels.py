"""How our messages name a pair: as the user knows it ('NS pair 7', 'EW pair A3', 'pair 5').

Its own module so that every reader's checks (``validate``, ``sitouts``, the penalties) can
name a pair without importing one another.  The label is a message (``scoring/said.py``): the
English here, translated where a page or ``check``'s report is in another language."""

from __future__ import annotations

from ..model import PairRef
from ..scoring.message import Param, msg
from ..scoring.said import Said, param_of, said


def pair_label(ref: PairRef | None, side: str = "") -> Said | None:
    """'NS pair 7', 'EW pair A3', 'pair 5' — as the user knows the pair."""
    if ref is None:
        return None
    text = f"{ref.section}{ref.number}" if ref.section and len(ref.section) <= 2 else str(ref.number)
    direction = str(ref.direction) if ref.direction is not None else side
    if direction == "NS":
        return said(msg("NS pair %(number)s", number=text))
    if direction == "EW":
        return said(msg("EW pair %(number)s", number=text))
    if not direction:
        return said(msg("pair %(number)s", number=text))
    return said(f"{direction} pair {text}")  # no other direction is written; said as it always was


def versus(ns: str | None, ew: str | None) -> Said | None:
    """'NS pair 3 v EW pair 5' (either alone when the other is unknown; None for neither)."""
    if ns and ew:
        return said(msg("%(ns)s v %(ew)s", ns=param_of(ns), ew=param_of(ew)))
    return said(param_of(ns)) if ns else (said(param_of(ew)) if ew else None)


def place(location: str) -> Param:
    """A place in a file as a message names it: 'line 12' and 'line 12, column 3' said in the
    language; an element path, a byte or anything else as it is (never a word to translate)."""
    head, _, rest = location.partition(", column ")
    line = head.removeprefix("line ")
    if head.startswith("line ") and line.isascii() and line.isdigit():
        if not rest:
            return msg("line %(line)s", line=line)
        if rest.isascii() and rest.isdigit():
            return msg("line %(line)s, column %(column)s", line=line, column=rest)
    return location


__all__ = ["pair_label", "place", "versus"]

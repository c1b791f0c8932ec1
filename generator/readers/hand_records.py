"""Hand records as the programs write them, and what becomes of one that is wrong.

A hand record is optional information: the results stand without it.  So a wrong one (a hand
of 12 cards, a card dealt twice, a seat nobody knows) never refuses an upload: the board is
published without its deal (no double-dummy table, no par), its page says why
(``Board.deal_note``), and `build` and `check` warn, naming the file, the board and the hand
(``PrintedFigures.warnings``).  A file whose hand records are all wrong says so in one line.

Programs write a void as nothing at all, ``-``, an em or en dash, or ``void`` (``<HEARTS/>``,
``<HEARTS>-</HEARTS>``, PBN ``Q64.-.KQ8643.KQT4``); ``suit_ranks`` reads them all.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..model import Deal, Seat
from ..notation import ContractError
from ..scoring.message import msg
from ..scoring.said import param_of, said
from .labels import place

VOIDS = frozenset({"", "-", "\u2014", "\u2013", "VOID"})
"""A void suit as hand records write it: empty, hyphen, em dash, en dash, the word."""


def dealer(text: str) -> Seat:
    """A hand record's dealer ('N', 'north'); a seat written wrongly raises ``ValueError`` with
    ``Seat.parse``'s English, said as a message (the engine's notation knows no messages)."""
    try:
        return Seat.parse(text)
    except ContractError:
        raise ValueError(said(msg("expected a seat N, E, S or W, got %(text)s", text=repr(text)))) from None


def suit_ranks(text: str | None) -> str:
    """A suit's ranks in PBN letters ('AKT2') from a hand record's text ('A K 10 2', '-', '—', '')."""
    ranks = (text or "").strip().upper().replace("10", "T").replace(" ", "")
    return "" if ranks in VOIDS else ranks


@dataclass(slots=True)
class HandRecords:
    """A session's hand records: the deals read, and those left out with why."""

    deals: dict[int, Deal] = field(default_factory=dict)
    dropped: dict[int, tuple[str, str]] = field(default_factory=dict)
    """Board number → (where the hand record was, what is wrong with it)."""
    unplaced: list[str] = field(default_factory=list)
    """Hand records left out that name no board (an unreadable BOARD_NUMBER), or HANDSETs not read."""
    seen: dict[int, str] = field(default_factory=dict)
    """Where each board's kept deal came from, for a second record of the same board."""

    def keep(self, number: int, deal: Deal, where: str) -> None:
        """A readable hand record; a second, different one for the board leaves both out."""
        if number in self.dropped:
            return
        known = self.deals.get(number)
        if known is None:
            self.deals[number] = deal
            self.seen[number] = where
        elif known != deal:
            del self.deals[number]
            self.dropped[number] = (
                where,
                said(msg("two different hand records for the board (also %(where)s)", where=place(self.seen[number]))),
            )

    def drop(self, number: int, where: str, reason: str) -> None:
        """A wrong hand record: the board goes without a deal (unless another record gave one)."""
        if number not in self.deals and number not in self.dropped:
            self.dropped[number] = (where, reason)

    def note(self, number: int) -> str:
        """The board page's note when the board's hand record was left out, else ''."""
        if number in self.deals or number not in self.dropped:
            return ""
        reason = param_of(self.dropped[number][1])
        return said(msg("The hand record of this board was left out: %(reason)s.", reason=reason))

    def warnings(self) -> list[str]:
        """One warning per board left out, or one line when no hand record could be read at all."""
        shown = [n for n in sorted(self.dropped) if n not in self.deals]
        if len(shown) > 1 and not self.deals:
            first = shown[0]
            where, reason = self.dropped[first]
            return [
                f"every hand record was left out ({len(shown)} boards): the first, board {first} ({where}): "
                f"{reason}; the results are scored without the deals",
            ] + self.unplaced
        return [
            f"board {n}: hand record left out ({self.dropped[n][0]}): {self.dropped[n][1]}; "
            "the results are scored without the deal"
            for n in shown
        ] + self.unplaced


__all__ = ["VOIDS", "HandRecords", "suit_ranks"]

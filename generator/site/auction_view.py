"""A board's recorded auctions and play as the board page shows them: pure view data.

Each traveller line that carries an auction or play gets a block with an anchor its line
links to; the board's own recorded auctions (matched to no one line) follow, each saying why
it is not on a line; auctions and play the reader dropped are listed as notes.  The bidding
diagram has the columns W N E S, empty cells before the dealer; the play is a row a trick,
the cards in the order played, who led and who won (as the reader worked them out).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..model import Auction, Board, CardPlay, Contract, Scored, Seat
from ..scoring.results import ScoredBoard
from .i18n import pgettext, said_text
from .i18n import text as _
from .naming import seat_name

COLUMNS = (Seat.W, Seat.N, Seat.E, Seat.S)


def call_words() -> dict[str, str]:
    """The calls that are no bid as a bidding diagram writes them, in the site's language
    (French 'Passe', 'Contre', 'Surcontre'; Dutch 'Pas', 'Doublet', 'Redoublet')."""
    return {
        "Pass": pgettext("call", "Pass"),
        "X": pgettext("call", "Dbl"),
        "XX": pgettext("call", "Rdbl"),
        "AP": pgettext("call", "All pass"),
        "-": "–",
    }


def line_anchor(index: int) -> str:
    """The id of the block of the board's ``index``-th traveller line (from 0)."""
    return f"table-{index + 1}"


def auction_view(auction: Auction, prefix: str) -> dict[str, Any]:
    """The bidding diagram: rows of four cells (W N E S), None before the dealer; each call's
    bid (a ``Contract`` for the ``contract`` filter) or its word, its alert and note; the notes
    with their ids (``prefix``-note-n) for the calls' links."""
    cells: list[dict[str, Any] | None] = [None] * COLUMNS.index(auction.dealer)
    words = call_words()
    for call in auction.calls:
        bid = Contract.parse(call.text) if call.text[0].isdigit() else None
        cells.append(
            {
                "bid": bid,
                "text": words.get(call.text, call.text),
                "alert": call.alert,
                "note": call.note,
                "note_id": f"{prefix}-note-{call.note}" if call.note is not None else None,
            }
        )
    cells += [None] * (-len(cells) % 4)
    return {
        "dealer": seat_name(auction.dealer),
        "rows": [cells[i : i + 4] for i in range(0, len(cells), 4)],
        "notes": [{"number": n, "text": t, "id": f"{prefix}-note-{n}"} for n, t in auction.notes],
        "complete": auction.complete,
        "alerts": any(c.alert for c in auction.calls),
    }


def play_view(play: CardPlay, prefix: str) -> dict[str, Any]:
    """The play, a row a trick: its number, the leader, the cards in the order played (seat,
    card, note), the winner (None: not known)."""
    return {
        "opening_leader": seat_name(play.opening_leader),
        "tricks": [
            {
                "number": n,
                "leader": t.leader.value if t.leader else None,
                "cards": [
                    {
                        "seat": c.seat.value,
                        "card": c.card,
                        "note": c.note,
                        "note_id": f"{prefix}-pnote-{c.note}" if c.note is not None else None,
                    }
                    for c in t.cards
                ],
                "winner": t.winner.value if t.winner else None,
            }
            for n, t in enumerate(play.tricks, 1)
        ],
        "notes": [{"number": n, "text": t, "id": f"{prefix}-pnote-{n}"} for n, t in play.notes],
        "complete": play.complete,
    }


def records_view(board: ScoredBoard, source: Board | None, table: Callable[[int], str]) -> dict[str, Any] | None:
    """The board page's auctions-and-play section: a block per traveller line that has a
    record (``table``: the words for the board's i-th line, 'NS 1 v EW 2'), the board's
    unmatched records and the notes on dropped ones; None when the upload records none."""
    blocks = []
    for i, scored in enumerate(board.lines):
        line = scored.line
        if line.auction is None and line.card_play is None:
            continue
        anchor = line_anchor(i)
        single = line.ns.single if isinstance(line.ns, Scored) else None
        blocks.append(
            {
                "id": anchor,
                "title": table(i),
                "contract": single.contract if single else None,
                "declarer": single.declarer.value if single and single.declarer else "",
                "tricks": single.tricks if single else None,
                "auction": auction_view(line.auction, anchor) if line.auction else None,
                "play": play_view(line.card_play, anchor) if line.card_play else None,
                "why": "",
            }
        )
    for k, r in enumerate(source.recorded if source else (), 1):
        anchor = f"recorded-{k}"
        blocks.append(
            {
                "id": anchor,
                "title": _("Recorded for the board"),
                "contract": r.contract,
                "declarer": r.declarer.value if r.declarer else "",
                "tricks": r.tricks,
                "auction": auction_view(r.auction, anchor) if r.auction else None,
                "play": play_view(r.play, anchor) if r.play else None,
                "why": r.why,
            }
        )
    notes = [said_text(n) for n in source.record_notes] if source else []  # in the site's language
    if not blocks and not notes:
        return None
    return {"blocks": blocks, "notes": notes}

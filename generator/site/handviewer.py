"""A deal's address in BBO's hand viewer, where a member can replay it card by card.

BBO's handviewer takes the whole deal in its address (documented by BBO at
https://www.bridgebase.com/tools/hvdoc.html, summarised at
http://karty.striz.cz/doplnky/handviewer/hv-lin.htm; an example BBO itself exports is quoted
at https://bridgewinners.com/article/view/converting-a-bbo-link-into-a-pbn/):
``n``, ``e``, ``s``, ``w`` each hand as ``s`` + spades + ``h`` + hearts + ``d`` + diamonds +
``c`` + clubs (``t`` for the ten), ``d`` the dealer (n, e, s, w), ``v`` the vulnerability
(``-`` nobody, ``n``, ``e``, ``b`` both) and ``b`` the board number.  Only a deal with all
four hands known gets one; the query is built by urlencode, the page escapes it.
"""

from __future__ import annotations

from urllib.parse import urlencode

from ..model import Deal
from ..notation import Seat, Vulnerability

HANDVIEWER = "https://www.bridgebase.com/tools/handviewer.html"

_VUL = {Vulnerability.NONE: "-", Vulnerability.NS: "n", Vulnerability.EW: "e", Vulnerability.BOTH: "b"}


def handviewer_url(deal: Deal, board: int, dealer: Seat, vulnerability: Vulnerability) -> str | None:
    """The hand viewer's address for the deal, or None when a hand is missing.

    >>> from generator.model import Deal
    >>> from generator.notation import Seat, Vulnerability
    >>> hands = {Seat.N: "AKQ.T98.-.J", Seat.E: "J.-.AT.2", Seat.S: "-.-.-.-", Seat.W: "2.2.2.2"}
    >>> handviewer_url(Deal(hands), 3, Seat.S, Vulnerability.EW)  # doctest: +NORMALIZE_WHITESPACE
    'https://www.bridgebase.com/tools/handviewer.html?n=sakqht98dcj&e=sjhdatc2&s=shdc&w=s2h2d2c2&d=s&v=e&b=3'
    """
    seats = (Seat.N, Seat.E, Seat.S, Seat.W)
    if any(seat not in deal.hands for seat in seats):
        return None
    query = {seat.value.lower(): _hand(deal, seat) for seat in seats}
    query.update(d=dealer.value.lower(), v=_VUL[Vulnerability(vulnerability)], b=str(board))
    return f"{HANDVIEWER}?{urlencode(query)}"


def _hand(deal: Deal, seat: Seat) -> str:
    return "".join(
        letter + cards.replace("-", "").lower() for letter, cards in zip("shdc", deal.suits(seat), strict=True)
    )

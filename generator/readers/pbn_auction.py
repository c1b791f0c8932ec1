"""A PBN game's ``[Auction]`` and ``[Play]`` sections (PBN 2.1, 3.5 and 3.6) → the model.

Both are optional information: a section that cannot be right raises ``ValueError`` with a
sentence saying why, and the reader drops it with a note — never the results.

The auction: calls from the seat the tag names (``-`` for the seats before the dealer), each
optionally followed by ``!`` (alerted, as the programs write it), a note reference ``=n=``,
other suffixes and NAGs (``$n``, read and not shown); ``^I`` before an insufficient bid the
opponents accepted, ``^S`` for a seat skipped by a call out of rotation; ``AP`` for the
remaining passes; ``*`` or ``+`` where the record stops.  A call that the laws do not allow
(an insufficient bid not marked ``^I``, a double of partner, a call after the auction ended)
makes the auction wrong.

The play: cards four to a trick in seat order from the seat the tag names (the opening
leader), ``-`` for a card not known, ``*`` or ``+`` where the record stops.  Who led each
later trick is who won the one before (Law 44): the highest trump, else the highest card of
the suit led.  A card played twice, or by a seat the deal says does not hold it, makes the
play wrong.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from ..model import Auction, Call, CardPlay, Contract, Deal, PlayedCard, Seat, Strain, Trick
from ..notation import PASS
from ..scoring.message import Param, msg
from ..scoring.said import said

_TOKEN = re.compile(r"=\d+=|\$\d+|[!?]{1,2}|\^[A-Za-z]|[*+]|[A-Za-z0-9]+|-|\S")
_CLOCKWISE = (Seat.N, Seat.E, Seat.S, Seat.W)
_STRAINS = ("C", "D", "H", "S", "NT")
_BID = re.compile(r"^([1-7])(C|D|H|S|NT|N)$")
_CARD = re.compile(r"^([SHDC])(10|[AKQJT98765432])$")
_RANK_ORDER = "23456789TJQKA"
_SEAT_WORDS = {Seat.N: msg("North"), Seat.E: msg("East"), Seat.S: msg("South"), Seat.W: msg("West")}
"""A seat's name in a reason: each language names it (French 'Nord', Dutch 'Noord')."""


def next_seat(seat: Seat, steps: int = 1) -> Seat:
    return _CLOCKWISE[(_CLOCKWISE.index(seat) + steps) % 4]


def notes(values: Iterable[str]) -> tuple[tuple[int, str], ...]:
    """``[Note "1:text"]`` values as (number, text); a value without a number is left out."""
    out = []
    for value in values:
        number, colon, text = value.partition(":")
        if colon and number.strip().isdigit():
            out.append((int(number), text.strip()))
    return tuple(out)


def _tokens(lines: Iterable[str]) -> list[str]:
    """The section's tokens, each line without its ``;`` comment."""
    out: list[str] = []
    for line in lines:
        out += _TOKEN.findall(line.split(";", 1)[0])
    return out


def _noted(items: list[Any], token: str, what: Param) -> bool:
    """Whether ``token`` is a note reference (``=n=``); if so the last call or card gets it."""
    if not (token.startswith("=") and token.endswith("=") and len(token) > 2):
        return False
    if not items:
        raise ValueError(said(msg("a note reference %(token)s before any %(what)s", token=token, what=what)))
    items[-1] = replace(items[-1], note=int(token[1:-1]))
    return True


def parse_auction(lines: Iterable[str], first: str, dealer: Seat | None = None) -> Auction:
    """The auction of a ``[Auction "first"]`` section; ``dealer``: the board's, when known,
    which the first call must come from."""
    try:
        seat = Seat(first.strip().upper())
    except ValueError:
        raise ValueError(
            said(msg("[Auction %(first)s]: expected the seat that calls first, N, E, S or W", first=repr(first)))
        ) from None
    calls: list[Call] = []
    start = seat
    last_bid: tuple[int, int] | None = None
    bidder: Seat | None = None
    doubled, doubler = 0, None
    passes = 0
    insufficient = False
    ended = False
    for token in _tokens(lines):
        if _noted(calls, token, msg("call")):
            continue
        if token[0] in "!?$":
            if token == "!" and calls:
                calls[-1] = replace(calls[-1], alert=True)
            continue  # other suffixes and NAGs judge a call: read, not shown
        upper = token.upper()
        if upper == "^I":
            insufficient = True
            continue
        if token in ("*", "+"):
            break
        if ended:
            raise ValueError(said(msg("%(call)s after the auction had ended", call=repr(token))))
        if upper == "^S":  # a seat skipped by a call out of rotation
            calls.append(Call("-"))
            seat = next_seat(seat)
            continue
        if token == "-":
            if calls:
                raise ValueError(said(msg("'-' (a seat before the dealer) after the first call")))
            seat = start = next_seat(seat)
            continue
        if upper in ("AP", "PASS", "P"):
            if upper == "AP":
                calls.append(Call("AP"))
                ended = True
                continue
            calls.append(Call("Pass"))
            passes += 1
            ended = passes == (3 if last_bid else 4)
        elif upper in ("X", "D", "DBL"):
            if last_bid is None or bidder is None or bidder.is_ns == seat.is_ns or doubled:
                raise ValueError(
                    said(msg("%(seat)s doubles with no opponent's undoubled bid to double", seat=_SEAT_WORDS[seat]))
                )
            calls.append(Call("X"))
            doubled, doubler, passes = 1, seat, 0
        elif upper in ("XX", "R", "RDBL"):
            if doubled != 1 or doubler is None or doubler.is_ns == seat.is_ns:
                raise ValueError(
                    said(msg("%(seat)s redoubles with no opponent's double to redouble", seat=_SEAT_WORDS[seat]))
                )
            calls.append(Call("XX"))
            doubled, passes = 2, 0
        else:
            m = _BID.match(upper)
            if m is None:
                raise ValueError(
                    said(msg("expected a call such as 1H, 3NT, Pass, X or XX, got %(call)s", call=repr(token)))
                )
            strain = "NT" if m.group(2) in ("N", "NT") else m.group(2)
            bid = (int(m.group(1)), _STRAINS.index(strain))
            if last_bid is not None and bid <= last_bid and not insufficient:
                raise ValueError(
                    said(
                        msg(
                            "%(call)s after %(bid)s is insufficient (and not marked ^I)",
                            call=token,
                            bid=_bid_text(last_bid),
                        )
                    )
                )
            calls.append(Call(f"{m.group(1)}{strain}"))
            last_bid, bidder, doubled, doubler, passes = bid, seat, 0, None, 0
        insufficient = False
        seat = next_seat(seat)
    if not calls:
        raise ValueError(said(msg("no calls")))
    if dealer is not None and start is not dealer:
        raise ValueError(
            said(
                msg(
                    "the first call is %(seat)s's, but %(dealer)s dealt",
                    seat=_SEAT_WORDS[start],
                    dealer=_SEAT_WORDS[dealer],
                )
            )
        )
    return Auction(start, tuple(calls), complete=ended)


def _bid_text(bid: tuple[int, int]) -> str:
    return f"{bid[0]}{_STRAINS[bid[1]]}"


def final_contract(auction: Auction) -> tuple[Contract, Seat | None] | None:
    """The contract an ended auction reached and its declarer (the first of the declaring
    side to name the strain); None for an auction the record stops in."""
    if not auction.complete:
        return None
    seat = auction.dealer
    named: dict[tuple[bool, str], Seat] = {}
    last: tuple[str, Seat] | None = None
    doubled = 0
    for call in auction.calls:
        m = _BID.match(call.text)
        if m:
            strain = m.group(2)
            named.setdefault((seat.is_ns, strain), seat)
            last, doubled = (call.text, seat), 0
        elif call.text == "X":
            doubled = 1
        elif call.text == "XX":
            doubled = 2
        seat = next_seat(seat)
    if last is None:
        return PASS, None
    contract = Contract.parse(last[0] + "X" * doubled)
    assert contract.strain is not None
    return contract, named[(last[1].is_ns, contract.strain.value)]


def parse_play(
    lines: Iterable[str],
    first: str,
    contract: Contract | None = None,
    declarer: Seat | None = None,
    deal: Deal | None = None,
) -> CardPlay:
    """The play of a ``[Play "first"]`` section, trick by trick.  ``contract`` gives the
    trumps (without it, or with a card unknown, a trick's winner is not known, nor who led
    the next); ``declarer``, the opening leader to expect; ``deal``, who holds each card."""
    try:
        leader = Seat(first.strip().upper())
    except ValueError:
        raise ValueError(
            said(msg("[Play %(first)s]: expected the opening leader's seat, N, E, S or W", first=repr(first)))
        ) from None
    cards: list[PlayedCard] = []
    out_of_turn: set[int] = set()
    seen: dict[str, int] = {}
    """Each card played, and in which trick."""
    holds = _holders(deal)
    for token in _tokens(lines):
        if _noted(cards, token, msg("card")):
            continue
        if token[0] in "!?$":
            continue
        upper = token.upper()
        if upper == "^L":
            out_of_turn.add(len(cards))
            continue
        if upper[0] == "^":
            continue  # ^R: a revoke, noted by the laws' own procedure
        if token in ("*", "+"):
            break
        seat = next_seat(leader, len(cards))
        if token == "-":
            cards.append(PlayedCard(seat, None))
            continue
        m = _CARD.match(upper)
        if m is None:
            raise ValueError(said(msg("expected a card such as SK, or '-', got %(card)s", card=repr(token))))
        card = m.group(1) + ("T" if m.group(2) == "10" else m.group(2))
        trick = len(cards) // 4 + 1
        if card in seen:
            raise ValueError(
                said(
                    msg(
                        "%(card)s is played twice, in tricks %(first)s and %(second)s",
                        card=card,
                        first=seen[card],
                        second=trick,
                    )
                )
            )
        if holds and holds.get(card) is not seat:
            raise ValueError(
                said(
                    msg(
                        "%(seat)s plays %(card)s in trick %(trick)s, but the deal gives it to %(holder)s",
                        seat=_SEAT_WORDS[seat],
                        card=card,
                        trick=trick,
                        holder=_SEAT_WORDS[holds[card]],
                    )
                )
            )
        seen[card] = trick
        cards.append(PlayedCard(seat, card))
    if len(cards) > 52:
        raise ValueError(said(msg("%(count)s cards: expected at most 52, four to a trick", count=len(cards))))
    if not cards:
        raise ValueError(said(msg("no cards")))
    if declarer is not None and leader is not next_seat(declarer) and 0 not in out_of_turn:
        raise ValueError(
            said(
                msg(
                    "the play starts with %(seat)s, but the opening leader is %(leader)s, on declarer %(declarer)s's left",
                    seat=_SEAT_WORDS[leader],
                    leader=_SEAT_WORDS[next_seat(declarer)],
                    declarer=_SEAT_WORDS[declarer],
                )
            )
        )
    trumps = contract.strain if contract is not None and not contract.passed_out else None
    known_contract = contract is not None and not contract.passed_out
    tricks = []
    on_lead: Seat | None = leader
    for start in range(0, len(cards), 4):
        column = cards[start : start + 4]
        lead_at = next((i for i in range(start, start + 4) if i in out_of_turn), None)
        if lead_at is not None and lead_at < len(cards):
            on_lead = cards[lead_at].seat
        if on_lead is None:
            tricks.append(Trick(None, tuple(column), None))
            continue
        by_seat = {c.seat: c for c in column}
        order = tuple(by_seat[s] for s in (next_seat(on_lead, k) for k in range(4)) if s in by_seat)
        winner = _winner(order, trumps) if known_contract and len(order) == 4 else None
        tricks.append(Trick(on_lead, order, winner))
        on_lead = winner
    return CardPlay(leader, tuple(tricks), complete=len(cards) == 52)


def _winner(order: tuple[PlayedCard, ...], trumps: Strain | None) -> Seat | None:
    """Law 44: the highest trump, else the highest card of the suit led; None if a card is unknown."""
    known = [(c.seat, c.card) for c in order if c.card is not None]
    if len(known) < len(order):
        return None
    led = known[0][1][0]
    trump = trumps.value if trumps is not None and trumps is not Strain.NOTRUMP else None
    best = max(
        (k for k in known if k[1][0] in (led, trump)),
        key=lambda k: (k[1][0] == trump, _RANK_ORDER.index(k[1][1])),
    )
    return best[0]


def _holders(deal: Deal | None) -> dict[str, Seat]:
    """Who holds each card, for a complete deal (four hands of 13); else empty: not checked."""
    if deal is None or len(deal.hands) != 4:
        return {}
    out: dict[str, Seat] = {}
    for seat, hand in deal.hands.items():
        for suit, ranks in zip("SHDC", hand.split(".")):
            for rank in ranks.upper():
                if rank in _RANK_ORDER:
                    out[suit + rank] = seat
    return out if len(out) == 52 else {}

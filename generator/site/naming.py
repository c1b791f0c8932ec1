"""How a session and its parts are named on its pages: its title, date and kind, a field's
name, the seats' names, the seat a player sat in."""

from __future__ import annotations

from ..dates import MONTHS
from ..model import PairRef, ScoringMethod, Session
from ..notation import Seat

SEATS = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}


def session_kind(session: Session) -> str:
    if session.method is ScoringMethod.TEAMS:
        return "Teams (IMPs, VPs)" if session.matches else "Teams"
    if session.swiss:
        return f"Swiss pairs, {'cross-IMPs' if session.method is ScoringMethod.CROSS_IMPS else 'Butler IMPs'}, VPs"
    movement = "Mitchell" if any(p.ref.direction for p in session.pairs) else "Howell"
    method = {
        ScoringMethod.MATCHPOINTS: "matchpoints",
        ScoringMethod.BUTLER: "Butler IMPs",
        ScoringMethod.CROSS_IMPS: "cross-IMPs",
        ScoringMethod.AGGREGATE: "aggregate",
    }[session.method]
    if session.individual:
        return f"Individual, {method}"
    # A handicap event says so wherever its kind is named (home page, session page, feed).
    handicap = ", handicap" if any(p.handicap is not None for p in session.pairs) else ""
    return f"Pairs, {movement}, {method}{handicap}"


def seat_of(seats, ref: PairRef) -> str | None:
    """The seat (N, S, E, W) a player sat in on an individual event's line."""
    return next((seat for seat, player in seats.by_seat() if player == ref), None) if seats else None


def session_title(session: Session) -> str:
    return session.event or session.title or "Session"


def long_date(session: Session) -> str:
    d = session.date
    return f"{d.day} {MONTHS[d.month - 1]} {d.year}" if d else ""


def field_name(name: str) -> str:
    words = {"NS": "North-South", "EW": "East-West"}
    parts = name.split()
    out = []
    for p in parts:
        out.append(words.get(p, f"Section {p}"))
    return ", ".join(out)

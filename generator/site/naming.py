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
    return f"Pairs, {movement}, {method}"


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


# Words that belong to a surname when they come before it ('Jan van der Berg': 'van der Berg').
_PARTICLES = frozenset(
    {"van", "von", "der", "den", "de", "del", "della", "di", "da", "du", "le", "la", "ten", "ter", "st", "st."}
)


def surname(name: str) -> str:
    """A player's surname, for a traveller on a phone where the full names do not fit:
    'Ann Smith' → 'Smith', 'Smith, Ann' → 'Smith', 'Jan van der Berg' → 'van der Berg'.
    A one-word name is itself.  Only shortens what the page shows; the full name stays
    in the markup for screen readers and wider screens."""
    name = " ".join(name.split())
    if "," in name:
        return name.split(",", 1)[0].strip() or name
    words = name.split(" ")
    start = len(words) - 1
    while start > 1 and words[start - 1].lower() in _PARTICLES:
        start -= 1
    return " ".join(words[start:])

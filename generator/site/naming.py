"""How a session and its parts are named on its pages: its title, date and kind, a field's
name, the seats' names, the seat a player sat in."""

from __future__ import annotations

from ..model import PairRef, ScoringMethod, Seats, Session
from ..notation import Seat
from . import i18n
from .i18n import text as _

SEATS = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
"""The seats' English names (``seat_name`` gives them in the site's language)."""


def seat_name(seat: Seat) -> str:
    """'North', 'Nord', 'Noord'."""
    if seat is Seat.N:
        return _("North")
    if seat is Seat.E:
        return _("East")
    if seat is Seat.S:
        return _("South")
    return _("West")


def session_kind(session: Session) -> str:
    if session.method is ScoringMethod.TEAMS:
        return _("Teams (IMPs, VPs)") if session.matches else _("Teams")
    if session.swiss:
        if session.method is ScoringMethod.CROSS_IMPS:
            return _("Swiss pairs, cross-IMPs, VPs")
        return _("Swiss pairs, Butler IMPs, VPs")
    movement = "Mitchell" if any(p.ref.direction for p in session.pairs) else "Howell"
    method = {
        ScoringMethod.MATCHPOINTS: _("matchpoints"),
        ScoringMethod.BUTLER: _("Butler IMPs"),
        ScoringMethod.CROSS_IMPS: _("cross-IMPs"),
        ScoringMethod.AGGREGATE: _("aggregate"),
    }[session.method]
    if session.individual:
        return _("Individual, %(method)s", method=method)
    # A handicap event says so wherever its kind is named (home page, session page, feed).
    if any(p.handicap is not None for p in session.pairs):
        return _("Pairs, %(movement)s, %(method)s, handicap", movement=movement, method=method)
    return _("Pairs, %(movement)s, %(method)s", movement=movement, method=method)


def seat_of(seats: Seats | None, ref: PairRef) -> str | None:
    """The seat (N, S, E, W) a player sat in on an individual event's line."""
    return next((seat for seat, player in seats.by_seat() if player == ref), None) if seats else None


def pair_text(ref: PairRef) -> str:
    """A pair as ``str(ref)`` writes it ('A3 EW'), its direction as the site's language
    abbreviates it ('A3 EO', 'A3 OW')."""
    if ref.direction is None:
        return str(ref)
    return f"{ref.section}{ref.number} {i18n.seat(ref.direction.value)}"


def session_title(session: Session) -> str:
    return session.event or session.title or _("Session")


def long_date(session: Session) -> str:
    d = session.date
    return i18n.long_date(d, i18n.active()) if d else ""


def field_name(name: str) -> str:
    words = {"NS": _("North-South"), "EW": _("East-West")}
    parts = name.split()
    out = []
    for p in parts:
        out.append(words.get(p) or _("Section %(section)s", section=p))
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

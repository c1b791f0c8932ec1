"""The same session uploaded twice ('monday-pairs.yaml' and 'monday-pairs (1).yaml'):
both would be published and the season ranking would count it twice.

Two sessions are the same when they have the same date, the same event and session
title (case and spacing aside) and the same set of pairs — each pair known by its
players' names, or by its number when the file names no players (teams by their
players).  The sessions of a multi-session event have different titles ('Session 1',
'Session 2'), and two sections of one event have different pairs: neither is a duplicate.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from ..model import Session
from .links import player_key

if TYPE_CHECKING:
    from .summary import SessionSummary

T = TypeVar("T")


def _words(text: str | None) -> str:
    return " ".join((text or "").split()).casefold()


def session_identity(session: Session) -> list[str | list[list[str]] | None]:
    """What makes a session the same as another, as plain JSON data (it is cached)."""
    pairs: list[list[str]] = []
    for pair in session.pairs:
        names = sorted(player_key(p.name) for p in pair.players if p.name.strip())
        pairs.append(["names", *names] if names else ["number", pair.ref.slug])
    for team in session.teams:
        names = sorted(player_key(p.name) for p in team.players if p.name.strip())
        pairs.append(["team", *names] if names else ["team", str(team.number), _words(team.name)])
    return [
        session.date.isoformat() if session.date else None,
        _words(session.event),
        _words(session.title),
        sorted(pairs),
    ]


def duplicates(sessions: list[tuple[T, SessionSummary]]) -> list[tuple[T, T, SessionSummary]]:
    """(where, summary) in build order -> (where, where the first was, summary) for each
    session that is the same as one before it."""
    first: dict[str, T] = {}
    out = []
    for upload, summary in sessions:
        identity = summary.get("identity")
        if identity is None:
            continue
        key = repr(identity)
        if key in first:
            out.append((upload, first[key], summary))
        else:
            first[key] = upload
    return out

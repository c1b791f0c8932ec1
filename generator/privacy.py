"""Members who asked not to be named: their names replaced once, right after reading.

``site.yaml``'s ``hidden_names:`` lists names or membership numbers; ``hide`` gives the
sessions back with each such player's name replaced ("Player 2", or their initials with
``hidden_names_as: initials``) and their membership number dropped, before anything is
scored, so that every page, download, feed entry and search index made from the sessions
shows only the replacement (docs/site.md, "Members who asked not to be named").  The
replaced player is marked ``hidden``: the site gives them no player page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:  # the model is imported where a name is replaced: site.yaml is read without it
    from .model import Match, Pair, Player, Section, Session, Team

HiddenAs = Literal["number", "initials"]
HIDDEN_AS: tuple[HiddenAs, ...] = ("number", "initials")


@dataclass(frozen=True, slots=True)
class Privacy:
    """The hidden names as site.yaml lists them, and how a hidden player is shown."""

    entries: tuple[str, ...]
    shown_as: HiddenAs = "number"

    def replacement(self, player: Player) -> Player | None:
        """The player as the site shows them, or None when they are not hidden.  The number is
        the entry's place in the list (1-based): the same on every page of every build while
        the list keeps its order, and it says nothing about the player."""
        name = _key(player.name)
        member = (player.id or "").strip()
        for n, entry in enumerate(self.entries, start=1):
            if _key(entry) == name or (member and entry.strip() == member):
                from .model import Player

                shown = f"Player {n}" if self.shown_as == "number" else initials(player.name)
                return Player(shown, None, hidden=True)
        return None


def _key(name: str) -> str:
    """A name compared with the list: case and spacing ignored."""
    return " ".join(name.casefold().split())


def initials(name: str) -> str:
    """'Cora van Cole' → 'C. v. C.'; a name with no letters gives 'Player'.

    >>> initials("Cora van Cole"), initials("  ")
    ('C. v. C.', 'Player')
    """
    parts = [w[0] + "." for w in name.split() if w[0].isalnum()]
    return " ".join(parts) or "Player"


def privacy_of(settings: Any, where: str) -> Privacy | None:
    """site.yaml's ``hidden_names`` and ``hidden_names_as`` checked: None when none are hidden.
    Raises ValueError saying what was expected (``where`` names the file)."""
    if not isinstance(settings, dict):
        return None
    names = settings.get("hidden_names")
    shown_as = settings.get("hidden_names_as", "number")
    if shown_as not in HIDDEN_AS:
        raise ValueError(f"{where}: 'hidden_names_as' must be number or initials, got {shown_as!r}")
    if names is None:
        return None
    if not isinstance(names, list) or not all(isinstance(n, (str, int)) and str(n).strip() for n in names):
        raise ValueError(f"{where}: 'hidden_names' must be a list of names or membership numbers")
    if not names:
        return None
    return Privacy(tuple(str(n).strip() for n in names), shown_as)


def hide(sessions: Sequence[Session], privacy: Privacy | None) -> list[Session]:
    """The sessions with every hidden player replaced (the same objects when none is hidden)."""
    if privacy is None:
        return list(sessions)
    return [_session(s, privacy) for s in sessions]


def _players(players: tuple[Player, ...], privacy: Privacy) -> tuple[Player, ...]:
    return tuple(privacy.replacement(p) or p for p in players)


def _session(s: Session, privacy: Privacy) -> Session:
    def team(t: Team) -> Team:
        return replace(t, players=_players(t.players, privacy))

    def section(x: Section) -> Section:
        return replace(x, pairs=tuple(_pair(p, privacy) for p in x.pairs))

    def match(m: Match) -> Match:
        return replace(m, home=team(m.home), away=team(m.away))

    return replace(
        s,
        sections=tuple(map(section, s.sections)),
        teams=tuple(map(team, s.teams)),
        matches=tuple(map(match, s.matches)),
    )


def _pair(p: Pair, privacy: Privacy) -> Pair:
    return replace(p, players=_players(p.players, privacy))

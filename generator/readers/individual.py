"""Individual events in every reader: the four players of a traveller line, and their checks.

A player is a ``PairRef`` with no direction (the session's ``Pair`` for them holds one
name).  Readers gather each line's seat numbers, build ``Seats`` with ``seats_of`` (a
missing seat is refused there) and ``validate`` runs ``seat_problems`` on every board.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..errors import InputError
from ..model import Board, PairRef, Seats, TravellerLine
from ..scoring.message import Msg, Param, msg
from ..scoring.said import Said, said
from .labels import place

_SEAT_WORDS: dict[str, Msg] = {"N": msg("North"), "S": msg("South"), "E": msg("East"), "W": msg("West")}
"""A seat's name inside a message: each language names it (French 'Nord', Dutch 'Noord')."""


def player_label(ref: PairRef) -> Said:
    """'player 7', 'player A7' — as the scorer numbers the player (a message: ``labels.py``)."""
    text = f"{ref.section}{ref.number}" if ref.section and len(ref.section) <= 2 else str(ref.number)
    return said(msg("player %(number)s", number=text))


def seats_of(numbers: Mapping[str, int | None], section: str) -> Seats:
    """Seats from the player numbers by seat letter (N, S, E, W); every seat must be filled."""
    missing = [s for s in "NESW" if numbers.get(s) is None]
    if missing:
        seats: Param = _SEAT_WORDS[missing[0]]
        for s in missing[1:]:
            seats = msg("%(first)s or %(second)s", first=seats, second=_SEAT_WORDS[s])
        raise ValueError(
            said(
                msg(
                    "no player in %(seats)s: expected the player numbers of all four seats "
                    "(N, S, E and W) on every line of an individual event",
                    seats=seats,
                )
            )
        )
    ref = {s: PairRef(section, n) for s in "NSEW" if (n := numbers.get(s)) is not None}  # all four: none missing
    return Seats(ref["N"], ref["S"], ref["E"], ref["W"])


def seat_problems(
    file: str, board: Board, known: set[PairRef], where_of: Callable[[TravellerLine], str]
) -> list[InputError]:
    """An unknown player, a player in two seats at one table, a player at two tables of one board."""
    errors: list[InputError] = []
    n = board.number
    seen: dict[PairRef, tuple[str, str]] = {}
    for line in board.lines:
        if line.seats is None:
            continue
        where = where_of(line)
        at_table: dict[PairRef, str] = {}
        for seat, ref in line.seats.by_seat():
            label = player_label(ref)
            if known and ref not in known:
                errors.append(
                    InputError(
                        file,
                        where,
                        said(
                            msg(
                                "unknown %(player)s in %(seat)s: expected one of the players listed (%(listed)s)",
                                player=label.param,
                                seat=_SEAT_WORDS[seat],
                                listed=_listed(known, ref.section),
                            )
                        ),
                        n,
                        label,
                    )
                )
                continue
            if ref in at_table:
                errors.append(
                    InputError(
                        file,
                        where,
                        said(
                            msg(
                                "%(player)s sits both %(seat)s and %(other)s at this table: "
                                "expected four different players",
                                player=label.param,
                                seat=_SEAT_WORDS[at_table[ref]],
                                other=_SEAT_WORDS[seat],
                            )
                        ),
                        n,
                        label,
                    )
                )
                continue
            at_table[ref] = seat
            if ref in seen:
                other_seat, other_where = seen[ref]
                errors.append(
                    InputError(
                        file,
                        where,
                        said(
                            msg(
                                "%(player)s plays this board twice (%(seat)s at %(where)s, %(other)s here): "
                                "expected each player once a board",
                                player=label.param,
                                seat=_SEAT_WORDS[other_seat],
                                where=place(other_where),
                                other=_SEAT_WORDS[seat],
                            )
                        ),
                        n,
                        label,
                    )
                )
                continue
            seen[ref] = (seat, where)
    return errors


def _listed(known: set[PairRef], section: str) -> str:
    """The section's player numbers as ranges ('1-8, 10'); ``KnownPairs`` computes them once."""
    numbers = getattr(known, "numbers", None)
    if numbers is not None:
        listed: str = numbers(section, None, True)
        return listed
    return ", ".join(str(r.number) for r in sorted(known, key=lambda r: r.number) if r.section == section) or "none"


def line_players(line: TravellerLine) -> str | None:
    """'N 1, S 2 v E 3, W 4' for messages about a line of an individual event."""
    if line.seats is None:
        return None
    s = line.seats
    return f"N {s.north.number}, S {s.south.number} v E {s.east.number}, W {s.west.number}"

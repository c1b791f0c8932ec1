"""Individual events in every reader: the four players of a traveller line, and their checks.

A player is a ``PairRef`` with no direction (the session's ``Pair`` for them holds one
name).  Readers gather each line's seat numbers, build ``Seats`` with ``seats_of`` (a
missing seat is refused there) and ``validate`` runs ``seat_problems`` on every board.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..errors import InputError
from ..model import Board, PairRef, Seats, TravellerLine
from ..scoring.message import msg
from ..scoring.said import Said, said

SEAT_NAMES = {"N": "North", "S": "South", "E": "East", "W": "West"}


def player_label(ref: PairRef) -> Said:
    """'player 7', 'player A7' — as the scorer numbers the player (a message: ``labels.py``)."""
    text = f"{ref.section}{ref.number}" if ref.section and len(ref.section) <= 2 else str(ref.number)
    return said(msg("player %(number)s", number=text))


def seats_of(numbers: Mapping[str, int | None], section: str) -> Seats:
    """Seats from the player numbers by seat letter (N, S, E, W); every seat must be filled."""
    missing = [SEAT_NAMES[s] for s in "NESW" if numbers.get(s) is None]
    if missing:
        raise ValueError(
            f"no player in {' or '.join(missing)}: expected the player numbers of all four seats "
            "(N, S, E and W) on every line of an individual event"
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
                        f"unknown {label} in {SEAT_NAMES[seat]}: expected one of the "
                        f"players listed ({_listed(known, ref.section)})",
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
                        f"{label} sits both {SEAT_NAMES[at_table[ref]]} and "
                        f"{SEAT_NAMES[seat]} at this table: expected four different players",
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
                        f"{label} plays this board twice ({SEAT_NAMES[other_seat]} "
                        f"at {other_where}, {SEAT_NAMES[seat]} here): expected each player once a board",
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

"""Individual events: four players a table, partners change from board to board.

Each traveller line is scored exactly like a pairs line (matchpoints, cross-IMPs, ...);
each player then takes their side's figure (North and South the NS figure, East and West
the EW one), so the ranking of players reuses the pairs ranking (``TravellerLine.sides``).
Here: the checks an individual session must pass before it is scored.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..model import PairRef, ScoringMethod, Session
from .explain import Step, equals, fmt
from .results import ScorecardEntry

INDIVIDUAL_METHODS = (
    ScoringMethod.MATCHPOINTS,
    ScoringMethod.CROSS_IMPS,
    ScoringMethod.BUTLER,
    ScoringMethod.AGGREGATE,
)


def check_individual(session: Session) -> None:
    """Every line of an individual session seats four different known players, each once a board.

    The readers report these with the file's places; this is the engine's own guard."""
    lines = [(board.number, line) for board in session.boards for line in board.lines]
    if not session.individual:
        if any(line.seats is not None for _, line in lines):
            raise ValueError("a traveller line names four players but the session is not an individual event")
        return
    if session.method not in INDIVIDUAL_METHODS:
        raise ValueError(
            f"an individual event is scored by {session.method}: expected matchpoints, cross_imps, butler or aggregate"
        )
    known = {p.ref for p in session.pairs}
    seen: dict[int, set[PairRef]] = {}
    for number, line in lines:
        if line.seats is None:
            raise ValueError(f"board {number}: a traveller line without its four players in an individual event")
        players = [ref for _, ref in line.seats.by_seat()]
        for seat, ref in line.seats.by_seat():
            if ref not in known:
                raise ValueError(f"board {number}: player {ref} in seat {seat} is not one of the session's players")
        if len(set(players)) < 4:
            raise ValueError(f"board {number}: a player sits in two seats at one table")
        board_players = seen.setdefault(number, set())
        if board_players & set(players):
            raise ValueError(f"board {number}: a player plays the board twice")
        board_players.update(players)


def sides_step(card: Sequence[ScorecardEntry], total: Fraction, unit: str) -> Step:
    """The first step of a player's total: on each board, the seat they sat in and their side's figure."""
    parts = [f"board {e.board.slug} {_seat(e)} ({e.direction} {fmt(e.score.value, 4)})" for e in card]
    values = [e.score.value for e in card]
    sum_text = fmt(values[0], 4) if values else "0"
    for v in values[1:]:
        sum_text += f" + {fmt(v, 4)}" if v >= 0 else f" − {fmt(-v, 4)}"
    return Step(
        "session.individual",
        f"an individual: each board counts the figure of the side the player sat in — "
        f"{'; '.join(parts) or 'no boards'}: {sum_text} {equals(*values, places=4)} {fmt(total, 4)} {unit}",
        {"boards": [e.board.slug for e in card], "seats": [_seat(e) for e in card], "figures": values, "total": total},
    )


def _seat(entry: ScorecardEntry) -> str:
    seats = entry.line.line.seats
    if seats is None:
        return str(entry.direction)
    partner = entry.partner
    for seat, ref in seats.by_seat():
        if seats.partner(ref) == partner and ref != partner:
            return {"N": "North", "S": "South", "E": "East", "W": "West"}[seat]
    return str(entry.direction)

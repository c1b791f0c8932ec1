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
from .explain import Step, equals, fig, unit_word
from .message import Param, formula, join, msg
from .message import seat as seat_code
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
    parts = [
        msg(
            "board %(board)s %(seat)s (%(side)s %(figure)s)",
            board=e.board.slug,
            seat=_seat_message(e),
            side=seat_code(str(e.direction)),
            figure=fig(e.score.value, 4),
        )
        for e in card
    ]
    values = [e.score.value for e in card]
    terms: list[Param] = [fig(values[0], 4)] if values else ["0"]
    for v in values[1:]:
        terms.append(formula(" + %(v)s", v=fig(v, 4)) if v >= 0 else formula(" − %(v)s", v=fig(-v, 4)))
    return Step(
        "session.individual",
        msg(
            "an individual: each board counts the figure of the side the player sat in — %(boards)s: "
            "%(worked)s %(unit)s",
            boards=join("; ", parts) if parts else msg("no boards"),
            worked=formula(
                "%(terms)s %(eq)s %(total)s", terms=join("", terms), eq=equals(*values, places=4), total=fig(total, 4)
            ),
            unit=unit_word(unit),
        ),
        {"boards": [e.board.slug for e in card], "seats": [_seat(e) for e in card], "figures": values, "total": total},
    )


def _seat_message(entry: ScorecardEntry) -> Param:
    """``_seat`` as a message: 'North' … or the side ('NS') where the seats are not known."""
    name = _seat(entry)
    words = {"North": msg("North"), "South": msg("South"), "East": msg("East"), "West": msg("West")}
    return words.get(name) or seat_code(name)


def _seat(entry: ScorecardEntry) -> str:
    seats = entry.line.line.seats
    if seats is None:
        return str(entry.direction)
    partner = entry.partner
    for seat, ref in seats.by_seat():
        if seats.partner(ref) == partner and ref != partner:
            return {"N": "North", "S": "South", "E": "East", "W": "West"}[seat]
    return str(entry.direction)

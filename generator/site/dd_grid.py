"""A deal's double-dummy grid and par as a page shows them (the board page, a match's board)."""

from __future__ import annotations

from typing import Any

from ..analysis.double_dummy import DealAnalysis
from ..notation import Seat, Strain
from .i18n import seats_or
from .naming import seat_name

DD_SEATS = (Seat.N, Seat.S, Seat.E, Seat.W)
DD_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)


def dd_view(analysis: DealAnalysis | None) -> dict[str, Any] | None:
    """The double-dummy grid (declarers N, S, E, W; strains NT down to clubs) and par."""
    if analysis is None:
        return None
    return {
        "rows": [
            {"seat": seat.value, "name": seat_name(seat), "tricks": [analysis.tricks[seat][st] for st in DD_STRAINS]}
            for seat in DD_SEATS
        ],
        "strains": [st.value for st in DD_STRAINS],
        "par_score": analysis.par_score,
        "par_contracts": [
            {
                "contract": f"{c.level}{c.strain.value}{'X' if c.doubled else ''}",
                "declarers": seats_or(c.declarers),
                "tricks": c.tricks,
            }
            for c in analysis.par_contracts
        ],
    }

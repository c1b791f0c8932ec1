"""What a pair's scorecard says on a board of its section it has no line on.

Sat out (recorded by the upload, or inferred when the upload records none and the
``sitout_policy`` made an award), or late/absent (no line and no sit-out record).  The words
only point at the total's explanation, where the engine's steps show what the boards were worth.
"""

from __future__ import annotations

from collections.abc import Callable

from ..model import Session
from ..scoring.results import Standing
from .i18n import text as _


def _sat_out(policy: str) -> str:
    """What a board sat out scored under ``policy`` (option ``sitout_policy``), in the site's language."""
    if policy == "average":
        return _("sat out: an average (see how the total was calculated)")
    if policy == "session-average":
        return _("sat out: the pair's session average (see how the total was calculated)")
    return _("sat out: boards sat out do not count")


def sitout_rows(session: Session, standing: Standing) -> Callable[[int], str]:
    """A function from a board number the pair did not play to the scorecard's words for it."""
    recorded = {r.board for r in session.sitouts if r.pair == standing.ref}
    policy = standing.sitout.policy if standing.sitout is not None else "none"

    def why(board: int) -> str:
        if session.sitouts:
            if board in recorded:
                return _sat_out(policy)
            return _("not played: no sit-out recorded (late or absent), so nothing scored")
        if standing.sitout is not None:
            return _sat_out(policy)
        return _("not played")

    return why


__all__ = ["sitout_rows"]

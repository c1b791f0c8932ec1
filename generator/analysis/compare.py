"""A table's result set against the deal's double-dummy analysis: tricks and par.

Plain integer differences, computed here once so that pages only print them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Play
from .double_dummy import DealAnalysis


@dataclass(frozen=True, slots=True)
class VersusDoubleDummy:
    dd_tricks: int | None
    """What the declarer takes double dummy in the contract's strain (None: no contract played)."""
    trick_difference: int | None
    """Tricks taken minus ``dd_tricks``: +1 is one trick more than double dummy."""
    par_score: int
    par_difference: int
    """The table's NS score minus par (both from NS's side)."""

    @property
    def tricks_short(self) -> str:
        """'+1', '−2', '=' for a traveller column ('' when no contract was played)."""
        d = self.trick_difference
        return "" if d is None else "=" if d == 0 else f"{'+' if d > 0 else '−'}{abs(d)}"


def versus_double_dummy(play: Play, analysis: DealAnalysis) -> VersusDoubleDummy:
    """How one table's play compares with the analysis (a passed-out or score-only line
    has no trick comparison, only the one with par)."""
    dd_tricks = diff = None
    c = play.contract
    if c is not None and not c.passed_out and c.strain is not None and play.declarer and play.tricks is not None:
        dd_tricks = analysis.tricks[play.declarer][c.strain]
        diff = play.tricks - dd_tricks
    return VersusDoubleDummy(dd_tricks, diff, analysis.par_score, play.ns_score - analysis.par_score)

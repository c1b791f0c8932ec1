"""A teams match page's double-dummy analysis: each board's grid and par beside the deal,
and the two tables' results against them (``generator.analysis.compare`` works out the
differences; this module words them from the home team's seats)."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from ..analysis.compare import versus_double_dummy
from ..analysis.double_dummy import DealAnalysis
from ..model import Scored, TeamsBoard
from . import format as fmt
from .i18n import pgettext, seat


def versus(board: TeamsBoard | None, analysis: DealAnalysis | None, home: str, away: str) -> list[dict[str, Any]]:
    """Each table's result on a played teams board against double dummy and par: one entry
    per table with a bridge result ('Lions NS v Tigers EW: 4♠ by N, 10 tricks, NS +420 —
    as double dummy; NS at par').  None of it where the deal was not analysed."""
    if analysis is None or board is None:
        return []
    out = []
    for outcome, ns_team, ew_team in ((board.home_ns, home, away), (board.home_ew, away, home)):
        if not isinstance(outcome, Scored) or outcome.single is None:
            continue  # an artificial or weighted score: not a result at one table
        play = outcome.single
        v = versus_double_dummy(play, analysis)
        c = play.contract
        if c is None:
            result = Markup("NS {}").format(fmt.signed_score(play.ns_score) or "0")
        elif c.passed_out:
            result = Markup("passed out, NS 0")
        else:
            result = Markup("{} by {}, {} tricks, NS {}").format(
                fmt.contract(c),
                seat(play.declarer.value) if play.declarer else "?",
                play.tricks,
                fmt.signed_score(play.ns_score) or "0",
            )
        tricks = f"{v.tricks_text}; " if v.tricks_text else ""
        out.append(
            {
                "table": f"{ns_team} {seat('NS')} {pgettext('versus', 'v')} {ew_team} {seat('EW')}",
                "result": result,
                "comparison": f"{tricks}"
                + (f"NS {fmt.signed_score(v.par_difference)} vs par" if v.par_difference else "NS at par"),
            }
        )
    return out

"""A teams match page's double-dummy analysis: each board's grid and par beside the deal,
and the two tables' results against them (``generator.analysis.compare`` works out the
differences; this module words them from the home team's seats, in the site's language)."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from ..analysis.compare import VersusDoubleDummy, versus_double_dummy
from ..analysis.double_dummy import DealAnalysis
from ..model import Scored, TeamsBoard
from . import format as fmt
from .i18n import contract, ngettext, pgettext, seat
from .i18n import text as _


def versus(board: TeamsBoard | None, analysis: DealAnalysis | None, home: str, away: str) -> list[dict[str, Any]]:
    """Each table's result on a played teams board against double dummy and par: one entry
    per table with a bridge result ('Lions NS v Tigers EW: 4♠ by N, 10 tricks, NS +420 —
    as double dummy; NS at par').  None of it where the deal was not analysed."""
    if analysis is None or board is None:
        return []
    out = []
    ns = seat("NS")
    for outcome, ns_team, ew_team in ((board.home_ns, home, away), (board.home_ew, away, home)):
        if not isinstance(outcome, Scored) or outcome.single is None:
            continue  # an artificial or weighted score: not a result at one table
        play = outcome.single
        v = versus_double_dummy(play, analysis)
        c = play.contract
        if c is None:
            result = Markup("{} {}").format(ns, fmt.signed_score(play.ns_score) or "0")
        elif c.passed_out:
            result = Markup(_("passed out, %(ns)s 0")) % {"ns": ns}
        else:
            result = Markup(_("%(contract)s by %(seat)s, %(tricks)s tricks, %(ns)s %(score)s")) % {
                "contract": contract(c),
                "seat": seat(play.declarer.value) if play.declarer else "?",
                "tricks": play.tricks,
                "ns": ns,
                "score": fmt.signed_score(play.ns_score) or "0",
            }
        tricks = _tricks_words(v)
        par = (
            _("%(ns)s %(score)s vs par", ns=ns, score=fmt.signed_score(v.par_difference))
            if v.par_difference
            else _("%(ns)s at par", ns=ns)
        )
        out.append(
            {
                "table": f"{ns_team} {ns} {pgettext('versus', 'v')} {ew_team} {seat('EW')}",
                "result": result,
                "comparison": _("%(tricks)s; %(par)s", tricks=tricks, par=par) if tricks else par,
            }
        )
    return out


def _tricks_words(v: VersusDoubleDummy) -> str:
    """'+1 trick vs double dummy', '−2 tricks vs double dummy', 'as double dummy' ('' when no
    contract was played): the traveller's messages for its 'vs DD' column."""
    d = v.trick_difference
    if d is None:
        return ""
    if d == 0:
        return _("as double dummy")
    return ngettext("%(diff)s trick vs double dummy", "%(diff)s tricks vs double dummy", abs(d), diff=v.tricks_short)

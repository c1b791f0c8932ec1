"""A teams session's match pages (board by board, from the home team's side) and the
match list of its session page.

Pure view data (``plan.py`` holds the shared helpers); the engine's explanation steps are
shown as they are, the templates compute nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import figures
from ..model import Artificial, Deal, Outcome, ScoringMethod, TeamsBoard
from ..scoring.contract import board_dealer, board_vulnerability
from ..scoring.results import MatchResult, TeamsBoardResult
from . import format as fmt
from .adjusted_worth import award_label
from .dd_grid import dd_view
from .explain_view import block
from .i18n import amount_text, localised, said_text, term
from .i18n import text as _
from .links import player_link
from .match_analysis import versus
from .naming import seat_name
from .page import Page
from .session_view import SessionView, heading

if TYPE_CHECKING:
    from ..scoring.options import ScoringOptions


def plan_match_pages(view: SessionView) -> list[Page]:
    """A page for each teams match of the session."""
    return [match_page(view, i, m) for i, m in enumerate(view.result.matches, start=1)]


def match_title(plan: SessionView, m: MatchResult) -> str:
    """'Round 2: Owls v Larks' ('Owls v Larks' outside a round), in the site's language."""
    home, away = m.match.home.name, m.match.away.name
    if m.match.round:
        return _("Round %(round)s: %(home)s v %(away)s", round=m.match.round, home=home, away=away)
    return _("%(home)s v %(away)s", home=home, away=away)


def match_summary(plan: SessionView, i: int, m: MatchResult) -> dict[str, Any]:
    return {
        "url": f"match-{i}.html",
        "title": match_title(plan, m),
        "home": m.match.home.name,
        "away": m.match.away.name,
        "home_imps": m.home_imps,
        "away_imps": m.away_imps,
        "home_vp": m.home_vp,
        "away_vp": m.away_vp,
        "board_label": m.board_unit_label,
        "outcome": _match_outcome(m),
    }


def match_page(plan: SessionView, i: int, m: MatchResult) -> Page:
    path = f"{plan.dir}/match-{i}.html"
    rows = []
    played = {tb.number: tb for tb in m.match.boards}
    for b in m.boards:
        tb = played.get(b.number)
        rows.append(
            {
                "number": b.number,
                "home_ns": b.home_ns,
                "home_ew": b.home_ew,
                "home_ew_own": -b.home_ew if b.home_ew is not None else None,
                "home_ns_line": _team_view(
                    plan.outcome_view(tb.home_ns), tb.home_ns, 1, m.match.home.name, plan.result.options
                )
                if tb and tb.home_ns is not None
                else None,
                "home_ew_line": _team_view(
                    plan.outcome_view(tb.home_ew), tb.home_ew, -1, m.match.away.name, plan.result.options
                )
                if tb and tb.home_ew is not None
                else None,
                "home": b.home,
                "anchor": f"board-{b.number}",
                **_board_cells(b, m),
                "block": block(
                    f"board-{b.number}",
                    _("%(board)s: %(swing)s", board=_("Board %(board)s", board=b.number), swing=_swing(b, m)),
                    b.explanation,
                    plan.site.rule_map,
                    plan.site.article_titles,
                    plan.rules,
                ),
                "deal": plan.deal_view(deal) if (deal := _deal_of(plan, b.number)) else None,
                "deal_note": said_text(plan.deals[b.number].deal_note) if b.number in plan.deals else "",
                "dealer": seat_name(
                    (plan.deals[b.number].dealer if b.number in plan.deals else None) or board_dealer(b.number)
                ),
                "vulnerability": (plan.deals[b.number].vulnerability if b.number in plan.deals else None)
                or board_vulnerability(b.number),
                **match_analysis(plan, b.number, tb, m),
            }
        )
    result_block = block(
        "result", _("The match result"), m.explanation, plan.site.rule_map, plan.site.article_titles, plan.rules
    )
    # IMPs and points: one width for the match's table; board points (½) stay as they are
    imp_places = (
        None
        if m.board_unit == "board_points"
        else fmt.imp_places([m.home_imps, m.away_imps] + [b.home for b in m.boards])
    )
    return Page(
        path,
        "match.html",
        plan.base(
            path,
            match_title(plan, m),
            match=m,
            rows=rows,
            imp_places=imp_places,
            result_block=result_block,
            outcome=_match_outcome(m),
            home_players=[player_link(p) for p in m.match.home.players],
            away_players=[player_link(p) for p in m.match.away.players],
        ),
    )


def match_analysis(plan: SessionView, number: int, played: TeamsBoard | None, m: MatchResult) -> dict[str, Any]:
    """A match board's double-dummy grid, par and the tables against them (or the warning)."""
    info = plan.deals.get(number)
    found = plan.analysis.for_board(info) if plan.analysis and info else None
    analysis = found.analysis if found else None
    return {
        "dd": dd_view(analysis),
        "dd_warning": found.warning if found else "",
        "dd_article": plan.dd_article() if analysis else None,
        "versus": versus(played, analysis, m.match.home.name, m.match.away.name),
    }


def _team_view(
    view: dict[str, Any], outcome: Outcome, sign: int, ns_team: str, options: ScoringOptions
) -> dict[str, Any]:
    """A table's result in a match's row, from the home team's side: weighted components carry
    the home team's own score (``sign`` -1 where it sat EW); an award names the team it went to."""
    if view["kind"] == "weighted":
        return {**view, "components": [{**c, "score": sign * c["ns_score"]} for c in view["components"]]}
    if view["kind"] == "artificial":
        assert isinstance(outcome, Artificial)  # the view says so
        words = award_label(outcome, ScoringMethod.TEAMS, options)
        return {
            **view,
            "words": _(
                "%(award)s to %(team)s (%(side)s): the director's ruling",
                award=heading(words),
                team=ns_team,
                side=_("North-South"),
            ),
        }
    return view


def _deal_of(plan: SessionView, number: int) -> Deal | None:
    board = plan.deals.get(number)
    return board.deal if board is not None else None


def _swing(b: TeamsBoardResult, m: MatchResult) -> str:
    """A board's heading: who won it, and by how much."""
    home, away = m.match.home.name, m.match.away.name
    if m.board_unit == "board_points":
        assert b.away is not None  # board points share the board: both teams have a figure
        shares = {"home": localised(figures.imps(b.home)), "away": localised(figures.imps(b.away))}
        if b.home == b.away:
            return _("shared, %(home)s – %(away)s board points", **shares)
        return _("won by %(team)s, %(home)s – %(away)s board points", team=home if b.home > b.away else away, **shares)
    if b.home == 0:
        return _("no points either way") if m.board_unit == "points" else _("no IMPs either way")
    amount = abs(b.home)
    return _(
        "%(amount)s to %(team)s",
        amount=amount_text(amount, m.board_unit_label, localised(figures.imps(amount))),
        team=home if b.home > 0 else away,
    )


def _board_cells(b: TeamsBoardResult, m: MatchResult) -> dict[str, Any]:
    """The two teams' columns of a board: each team's share of board points, or the swing on the winner's side."""
    if m.board_unit == "board_points":
        return {"home_cell": b.home, "away_cell": b.away}
    return {"home_cell": b.home if b.home > 0 else None, "away_cell": -b.home if b.home < 0 else None}


def _match_outcome(m: MatchResult) -> str:
    """What the match is worth beyond its board total: VPs, or a win/draw/loss."""
    if m.home_vp is not None:
        return f"{localised(figures.vp(m.home_vp))} – {localised(figures.vp(m.away_vp))} {term('VPs')}"
    if m.total_unit == "wins":
        return f"{localised(figures.imps(m.home_score))} – {localised(figures.imps(m.away_score))} {term(m.total_unit_label)}"
    return ""

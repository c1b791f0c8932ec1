"""The pages of a Swiss pairs event: round by round, each match, and each pair's rounds.

Pure data like ``plan.py``: the contexts carry the engine's exact figures and explanation
steps; the templates format them and compute nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from ..model import PairRef, Player
from ..scoring.swiss import SwissBye, SwissMatchResult, SwissResult, SwissRoundResult, SwissStanding
from . import format as fmt
from .explain_view import block
from .i18n import step_text
from .i18n import text as _
from .links import board_file, pair_file
from .page import Page
from .session_view import SessionView

ROUNDS_FILE = "swiss.html"


def match_file(m: SwissMatchResult, index: int) -> str:
    return f"swiss-round-{m.round}-match-{index}.html"


def _match_files(swiss: SwissResult) -> dict[int, str]:
    return {id(m): match_file(m, i) for r in swiss.rounds for i, m in enumerate(r.matches, start=1)}


def standing_rows(plan: SessionView, standings: tuple[SwissStanding, ...]) -> list[dict[str, Any]]:
    """The standings table's rows; each round's cell says whether its VPs were a bye's award."""
    swiss = plan.result.swiss
    byes = {(r.number, b.pair) for r in swiss.rounds for b in r.byes} if swiss else set()
    numbers = [r.number for r in swiss.rounds] if swiss else []
    return [
        {
            "rank": s.rank_label,
            "pair": plan.pair_link(s.ref),
            "players": plan.players(s.ref),
            "url": pair_file(s.ref),
            "vps": s.vps,
            "imps": s.imps,
            "rounds": [{"vps": v, "bye": (n, s.ref) in byes} for n, v in zip(numbers, s.rounds)],
            "summary": step_text(s.explanation.steps[0]),
        }
        for s in standings
    ]


def _match_row(plan: SessionView, m: SwissMatchResult, url: str) -> dict[str, Any]:
    return {
        "table": m.match.table,
        "first": plan.pair_link(m.match.first),
        "second": plan.pair_link(m.match.second),
        "margin": m.margin,
        "first_vps": m.first_vps,
        "second_vps": m.second_vps,
        "url": url,
    }


def session_context(plan: SessionView) -> dict[str, Any]:
    """What the session page shows of a Swiss event: the standings after the last round."""
    swiss = plan.result.swiss
    if swiss is None:
        return {"swiss": None}
    last = swiss.rounds[-1].number if swiss.rounds else 0
    return {
        "swiss": {
            "rows": standing_rows(plan, swiss.standings),
            "bye_vps": swiss.bye_vps,
            "has_bye": any(r.byes for r in swiss.rounds),
            "tied": len({s.rank_label for s in swiss.standings}) < len(swiss.standings),
            "after": last,
            "url": ROUNDS_FILE,
            "rounds": [r.number for r in swiss.rounds],
        }
    }


def plan_swiss_pages(plan: SessionView) -> list[Page]:
    """A Swiss event's rounds page and a page for each match (none for other sessions)."""
    swiss = plan.result.swiss
    if swiss is None:
        return []
    files = _match_files(swiss)
    out = []
    rounds = []
    for r in swiss.rounds:
        rounds.append(
            {
                "number": r.number,
                "boards": [{"number": b, "url": board_file(b)} for b in r.boards],
                "matches": [_match_row(plan, m, files[id(m)]) for m in r.matches],
                "byes": [{"pair": plan.pair_link(b.pair), "vps": b.vps} for b in r.byes],
                "standings": standing_rows(plan, r.standings),
            }
        )
        for m in r.matches:
            out.append(match_page(plan, r, m, files[id(m)]))
    path = f"{plan.dir}/{ROUNDS_FILE}"
    out.insert(
        0,
        Page(
            path,
            "swiss.html",
            plan.base(
                path,
                _("Round by round"),
                rounds=rounds,
                pool=swiss.pool,
                bye_vps=swiss.bye_vps,
                scale=_scale_words(plan),
                ximpq=plan.result.options.swiss_margin == "ximpq",
            ),
        ),
    )
    return out


def _scale_words(plan: SessionView) -> str:
    options = plan.result.options
    if options.vp_scale == "wbf":
        return _("the WBF continuous 20-VP scale")
    if options.vp_scale == "discrete":
        return _("the WBF/EBU discrete %(pool)s-VP scale", pool=options.vp_pool)
    if options.vp_scale == "club":
        return _("the club's own VP scale")
    return options.vp_scale


def match_page(plan: SessionView, r: SwissRoundResult, m: SwissMatchResult, file: str) -> Page:
    path = f"{plan.dir}/{file}"
    rows = []
    for f in m.boards:
        board = plan.result.board(f.number)
        index = plan.line_index(board, f.line)
        anchors = plan.blocks(board)[1]
        ns_anchor, ew_anchor = anchors[index]
        first_anchor, second_anchor = (
            (ns_anchor, ew_anchor) if f.first_direction.value == "NS" else (ew_anchor, ns_anchor)
        )
        view = plan.outcome_view(f.line.line.ns)
        url = board_file(board.number, board.section)
        rows.append(
            {
                "number": f.number,
                "url": url,
                "outcome": view,
                "first_direction": f.first_direction.value,
                "first": f.first,
                "second": f.second,
                "first_url": f"{url}#{first_anchor}",
                "second_url": f"{url}#{second_anchor}",
            }
        )
    first, second = plan.pair_link(m.match.first), plan.pair_link(m.match.second)
    title = (
        _(
            "Round %(round)s, table %(table)s: pair %(first)s v pair %(second)s",
            round=r.number,
            table=m.match.table,
            first=first["label"],
            second=second["label"],
        )
        if m.match.table is not None
        else _(
            "Round %(round)s: pair %(first)s v pair %(second)s",
            round=r.number,
            first=first["label"],
            second=second["label"],
        )
    )
    winner = None if m.margin == 0 else first if m.margin > 0 else second
    result_block = block(
        "result", _("How the match was scored"), m.explanation, plan.site.rule_map, plan.site.article_titles, plan.rules
    )
    return Page(
        path,
        "swiss_match.html",
        plan.base(
            path,
            title,
            match=m,
            round=r.number,
            first=first,
            second=second,
            rows=rows,
            result_block=result_block,
            winner=winner,
            margin=abs(m.margin),
            imp_places=fmt.imp_places(
                [v for f in m.boards for v in (f.first, f.second)] + [m.first_imps, m.second_imps]
            ),
            first_players=plan.players(m.match.first),
            second_players=plan.players(m.match.second),
            crumbs=[*plan.base(path, title)["crumbs"], (ROUNDS_FILE, _("Round by round"))],
        ),
    )


def pair_context(plan: SessionView, ref: PairRef) -> dict[str, Any]:
    """A pair's rounds for its page: opponents, the match's IMPs and VPs, VPs so far and place."""
    swiss = plan.result.swiss
    if swiss is None:
        return {"swiss_rows": [], "swiss_final": None, "swiss_url": None}
    files = _match_files(swiss)
    rows = []
    for r, item in swiss.matches_of(ref):
        after = next(s for s in r.standings if s.ref == ref)
        if isinstance(item, SwissBye):
            rows.append(
                {
                    "round": r.number,
                    "bye": True,
                    "vps": item.vps,
                    "total": after.vps,
                    "rank": after.rank_label,
                    "summary": step_text(item.explanation.steps[0]),
                }
            )
        else:
            rows.append(
                {
                    "round": r.number,
                    "bye": False,
                    "opponent": plan.pair_link(item.opponent(ref)),
                    "imps": item.imps_of(ref),
                    "vps": item.vps_of(ref),
                    "total": after.vps,
                    "rank": after.rank_label,
                    "url": files[id(item)],
                }
            )
    final = next((s for s in swiss.standings if s.ref == ref), None)
    return {"swiss_rows": rows, "swiss_final": final, "swiss_url": ROUNDS_FILE}


def summary_entries(
    plan: SessionView, people: Callable[[Sequence[Player]], dict[str, list[str]]]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The players' and home pages' view of a Swiss event: each pair's Swiss place and VPs
    (not its place on IMPs over all boards), and the winners on VPs.  ``people`` is plan.py's
    helper for a pair's names."""
    swiss = plan.result.swiss
    assert swiss is not None
    entries, winners = [], []
    for s in swiss.standings:
        url = f"{plan.dir}/{pair_file(s.ref)}"
        entries.append(
            {
                **people(s.pair.players),
                "pair": plan.pair_label(s.ref),
                "field": "",
                "url": url,
                "rank": s.rank_label,
                "percentage": None,
                "score": _fraction(s.vps),
                "total": _fraction(s.vps),
                "unit": "vp",
                "entrants": len(swiss.standings),
                "masterpoints": None,
            }
        )
        if s.rank == 1:
            tied = sum(1 for o in swiss.standings if o.rank == 1) > 1
            winners.append({"field": "", "names": s.pair.names, "url": url, "tied": tied})
    return entries, winners


def _fraction(value: Fraction) -> str:
    """As plan.py's summaries write a figure (read back exactly by the archive)."""
    return f"{value.numerator}/{value.denominator}"

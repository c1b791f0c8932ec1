"""The session's own page: its rankings, boards, matches, corrections and the
reconciliation with the program's figures: a page kind (``page_kinds.py``)."""

from __future__ import annotations

from typing import Any

from .. import figures
from ..scoring.explain import fmt as explain_fmt
from ..scoring.results import Field, Standing
from . import format as fmt
from . import i18n, swiss_pages
from .i18n import text as _
from .links import board_file, pair_file, player_link
from .naming import field_name, session_title
from .page import Page
from .session_view import SessionView, heading
from .team_pages import match_summary


def plan_session_page(view: SessionView) -> list[Page]:
    """The session's index page."""
    return [session_page(view)]


def session_page(view: SessionView) -> Page:
    path = f"{view.dir}/index.html"
    fields: list[dict[str, Any]] = []
    for f in sorted(view.result.fields, key=_field_order):
        rows = []
        standings = list(f.standings)
        if view.result.swiss is not None:  # not a ranking: in the order of the Swiss standings
            order = {s.ref: n for n, s in enumerate(view.result.swiss.standings)}
            standings.sort(key=lambda s: order.get(s.ref, len(order)))
        for s in standings:
            marks = view.history.standing_marks.get(s.ref.slug, {})
            rows.append(
                {
                    "rank": s.rank_label,
                    "pair": view.pair_link(s.ref, short=bool(s.ref.direction)),
                    "players": view.players(s.ref),
                    "total": s.total,
                    "percentage": s.percentage,
                    "score": s.score,
                    "boards": s.boards_played,
                    "url": pair_file(s.ref),
                    "penalised": bool(s.penalty),
                    "masterpoints": s.pair.masterpoints,
                    "strata": s.strata,
                    "scaled_total": s.scaled_total,
                    # a correction's mark on each figure it changed (none on one it left alone)
                    "mark": marks.get("total"),
                    "percentage_mark": marks.get("percentage"),
                    "place_mark": marks.get("place"),
                }
            )
        factored = any(r["score"] != r["total"] for r in rows) and view.unit == "imps"
        handicap_rows = [handicap_row(view, s) for s in f.handicap_standings]
        fields.append(
            {
                "name": field_name(f.name),
                "rows": rows,
                "factored": factored,
                "missed": len({r["boards"] for r in rows}) > 1,
                "scaled": any(r["scaled_total"] is not None for r in rows),
                "places": fmt.column_places(view.unit, [s.total for s in standings]),
                "has_percentage": any(r["percentage"] is not None for r in rows),
                # A handicap event's masterpoints were awarded on the handicap order: shown there.
                "has_masterpoints": not handicap_rows and any(r["masterpoints"] for r in rows),
                "has_strata": any(r["strata"] for r in rows),
                "handicap_rows": handicap_rows,
                "handicap_masterpoints": any(r["masterpoints"] for r in handicap_rows),
                # a shared place ('1=') is explained under the table that shows one
                "tied": any(s.rank_label.endswith("=") or any(p.endswith("=") for _, p in s.strata) for s in standings)
                or any(s.handicap.rank_label.endswith("=") for s in f.handicap_standings if s.handicap),
            }
        )
    boards = [
        {"label": b.slug, "title": view.board_title(b), "url": board_file(b.number, b.section)}
        for b in view.result.boards
    ]
    team_standings = view.result.team_standings
    # one number of decimals a column (docs/site.md, "Dates and decimals")
    imps_places = fmt.imp_places([v for t in team_standings for v in (t.imps_for, t.imps_against)])
    total_places = fmt.imp_places([t.total for t in team_standings if t.total_unit != "vps"])
    teams = [
        {
            "rank": t.rank_label,
            "name": t.team.name,
            "total": t.total,
            "imps_for": t.imps_for,
            "imps_against": t.imps_against,
            "matches": t.matches,
            "total_text": i18n.localised(
                figures.vp(t.total) if t.total_unit == "vps" else figures.imps(t.total, total_places)
            ),
            "players": [player_link(p) for p in t.team.players],
        }
        for t in team_standings
    ]
    matches = [match_summary(view, i, m) for i, m in enumerate(view.result.matches, start=1)]
    standing = view.result.team_standings[0] if view.result.team_standings else None
    return Page(
        path,
        "session.html",
        view.base(
            path,
            session_title(view.session),
            crumbs=[("../../index.html", _("Home"))],
            fields=fields,
            boards=boards,
            teams=teams,
            teams_imps_places=imps_places,
            matches=matches,
            options=view.result.options.to_dict(),
            team_total_header=heading(i18n.term(standing.total_unit_label)) if standing else "",
            board_header=heading(i18n.term(standing.board_unit_label)) if standing else "",
            penalised=any(r["penalised"] for f in fields for r in f["rows"]),
            club_of_session=view.session.club,
            corrections=view.history.corrections,
            history_notes=view.history.notes,
            provisional=view.provisional,
            has_deals=any(b.deal is not None for b in view.session.boards),
            reconcile=view.reconciliation,
            events=view.events,
            strata=[
                {"name": s.name, "limit": None if s.max_rating is None else explain_fmt(s.max_rating)}
                for s in view.session.strata
            ],
            neighbours=view.inputs.neighbours,
            **swiss_pages.session_context(view),
        ),
    )


def handicap_row(view: SessionView, s: Standing) -> dict[str, Any]:
    """A row of the handicap ranking: scratch %, the handicap added, handicapped %."""
    h = s.handicap
    assert h is not None
    return {
        "rank": h.rank_label,
        "scratch_rank": s.rank_label,
        "pair": view.pair_link(s.ref, short=bool(s.ref.direction)),
        "players": view.players(s.ref),
        "scratch": s.percentage,
        "applied": h.applied,
        "percentage": h.percentage,
        "url": pair_file(s.ref),
        "masterpoints": s.pair.masterpoints,
    }


def _field_order(f: Field) -> tuple[str, int]:
    """Sections in order; North-South before East-West."""
    parts = f.name.split()
    return (" ".join(p for p in parts if p not in ("NS", "EW")), 1 if "EW" in parts else 0)

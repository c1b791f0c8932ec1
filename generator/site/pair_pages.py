"""A pair's page (its card): the boards it played, what each was worth, its total explained.

Pure view data, like the rest of the planning (``plan.py`` holds the shared helpers and the
session and board pages); the template formats it and computes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from .. import figures
from ..history.snapshot import line_key
from ..model import Direction
from ..scoring.results import ScoredBoard, Standing
from ..scoring.units import UNIT_SHORT
from . import adjusted_worth, i18n, swiss_pages
from . import format as fmt
from .charts import Bar, bar_chart
from .explain_view import block
from .i18n import text as gettext
from .links import board_file, pair_file
from .naming import field_name, seat_of
from .page import Page
from .session_view import SessionView
from .sitout_rows import sitout_rows


def plan_pair_pages(view: SessionView) -> list[Page]:
    """A card for each pair (or player) of the session."""
    return pair_pages(view, view.result.standings)


def pair_pages(view: SessionView, standings: Sequence[Standing]) -> list[Page]:
    """The cards of ``standings``: all of them, or a big field's slice (``split``)."""
    return [pair_page(view, s) for s in standings]


def pair_page(plan: SessionView, standing: Standing) -> Page:
    """A pair's card: each board it played with its score and the explanation anchors, the
    boards that mattered most, the chart, the total's explanation; boards of its field it
    missed are listed too."""
    ref = standing.ref
    path = f"{plan.dir}/{pair_file(ref)}"
    rows: list[dict[str, Any]] = []
    swings: list[tuple[Any, ScoredBoard, int, Direction, dict[str, Any] | None]] = []
    line_marks = plan.history.line_marks
    card_facts, worth_swing, pair_link, outcome_view = (
        plan.card_facts,
        plan.worth_swing,
        plan.pair_link,
        plan.outcome_view,
    )
    percentage = figures.percentage
    for entry in standing.scorecard:
        board = entry.board
        slug, board_url, has_chart, positions, anchors = card_facts(board)
        line = entry.line
        index = positions.get(id(line))
        if index is None:  # (``line_index``: by identity, else by equality)
            index = board.lines.index(line)
        direction = entry.direction
        ns_side = direction is Direction.NS
        swing = worth_swing(board, index, direction)  # the view is made only if it matters most
        if swing is not None:
            if swing > 0:
                swings.append((swing, board, index, direction, None))
        else:
            swings += [
                (e["swing"], board, index, direction, e)
                for e in plan.adjusted_worth(board, index, direction)
                if e["swing"] > 0
            ]
        tl = line.line
        view = outcome_view(tl.ns if ns_side else tl.ew)
        play = view["kind"] == "play"
        score = entry.score
        partner = entry.partner
        rows.append(
            {
                "board": slug,
                "board_url": board_url,
                "direction": "NS" if ns_side else "EW",
                "opponents": pair_link(entry.opponents, True),
                "outcome": view,
                "seat": seat_of(tl.seats, ref) if partner is not None else None,
                "partner": pair_link(partner, True) if partner is not None else None,
                "against": [pair_link(o, True) for o in entry.opponent_players] if entry.opponent_players else [],
                "own_score": own_score(view, direction),
                "value": score.value,
                "percent": score.percent,
                "percent_text": i18n.localised(percentage(score.percent)),
                "running": entry.running_total,
                "anchor_url": f"{board_url}#{anchors[index][0 if ns_side else 1]}",
                "missed": False,
                "dist_url": f"{board_url}#dist-{view['ns_score']}" if has_chart and play else None,
                "mark": line_marks.get(line_key(slug, tl.ns_pair, tl.ew_pair), {}).get("ns" if ns_side else "ew")
                if line_marks
                else None,
            }
        )
    # the three biggest swings, ties in card order (nsmallest is sorted(...)[:3], stable);
    # only those are copied into the page's rows
    # (a stable sort, reversed, keeps ties in card order as nsmallest of the negated swing did)
    mattered = [
        {
            "board": board.slug,
            "board_url": board_file(board.number, board.section),
            **(w or plan.worth(board, index, direction) or {}),
        }
        for _, board, index, direction, w in sorted(swings, key=_swing, reverse=True)[:3]
    ]
    chart = None
    if standing.percentage is not None and rows:
        each_board = [
            gettext("board %(board)s: %(percent)s%%", board=r["board"], percent=r["percent_text"])
            for r in rows
            if r["percent"] is not None
        ]
        chart = bar_chart(
            "card",
            [
                Bar(r["board"], as_float(r["percent"]), r["percent_text"] + "%")
                for r in rows
                if r["percent"] is not None
            ],
            gettext(
                "%(entrant)s %(pair)s: percentage on each board",
                entrant=i18n.term(plan.entrant),
                pair=plan.pair_label(ref),
            ),
            gettext(
                "Board and the pair's percentage on it: %(boards)s. Session: %(session)s%%.",
                boards="; ".join(each_board),
                session=i18n.localised(figures.percentage(standing.percentage)),
            ),
            100.0,
            step=20,
            reference=(
                float(standing.percentage),
                gettext("session %(percent)s%%", percent=i18n.localised(figures.percentage(standing.percentage))),
            ),
            kind="card",
            values=False,
        )
    # the unit's word as the total's own step writes it ('total 1 IMPs'): the plural, always
    total = f"{i18n.localised(figures.figure(standing.total, plan.unit))} {i18n.term(plan.unit_word)}" + (
        f", {i18n.percent_text(figures.percentage(standing.percentage))}" if standing.percentage is not None else ""
    )
    total_block = block(
        "total",
        gettext(
            "%(entrant)s %(pair)s: %(total)s", entrant=i18n.term(plan.entrant), pair=plan.pair_label(ref), total=total
        ),
        standing.explanation,
        plan.site.rule_map,
        plan.site.article_titles,
        plan.rules,
        None,
        plan.block_ends,
        plan.fragments,
    )
    handicap_block = None
    if standing.handicap is not None:
        h = standing.handicap
        shown = (
            i18n.percent_text(figures.percentage(h.percentage))
            if h.percentage is not None
            else gettext("no percentage")
        )
        handicap_block = block(
            "handicap",
            gettext("Pair %(pair)s: handicapped %(percent)s", pair=plan.pair_label(ref), percent=shown),
            h.explanation,
            plan.site.rule_map,
            plan.site.article_titles,
            plan.rules,
        )
    title = gettext(
        "%(entrant)s %(pair)s: %(names)s",
        entrant=i18n.term(plan.entrant),
        pair=plan.pair_label(ref),
        names=standing.pair.names,
    )
    reasons = [p.reason for p in plan.session.penalties if p.pair == ref and p.reason]
    penalty = (
        {
            "reasons": ", ".join(reasons),
            "value": -standing.penalty,
            "total": standing.total,
            "span": 4
            + (len({r["direction"] for r in rows}) > 1 and not plan.session.individual)
            + (2 if plan.session.individual else 0),
        }
        if standing.penalty
        else None
    )
    card_places = fmt.column_places(
        plan.unit,
        [v for r in rows for v in (r["value"], r["running"])]
        + [m[k]["value"] for m in mattered if "what" not in m for k in ("played", "fewer", "more") if m[k]]
        + [v for m in mattered if "what" in m for v in m["figures"]]
        + ([penalty["value"], penalty["total"]] if penalty else []),
    )
    for m in mattered:
        m["text"] = (
            plan.worth_text(m, card_places)
            if "what" not in m
            else adjusted_worth.text(m, plan.unit, UNIT_SHORT[plan.unit], card_places)
        )
    played = {r["board"] for r in rows}
    same_field = _boards_of_field(plan, standing)
    why = sitout_rows(plan.session, standing)
    for board in plan.result.boards if not same_field <= played else ():  # (most cards miss none)
        slug, board_url, _ = plan.board_facts(board)
        if slug in same_field and slug not in played:
            rows.append(
                {
                    "board": slug,
                    "board_url": board_url,
                    "missed": True,
                    "direction": rows[0]["direction"] if rows else "",
                    "why": why(board.number),
                }
            )
    order = plan.board_order()
    rows.sort(key=lambda r: order.get(r["board"], 0))
    show_direction = len({r["direction"] for r in rows if not r["missed"]}) > 1 and not plan.session.individual
    return Page(
        path,
        "pair.html",
        plan.base(
            path,
            title,
            pair_label=plan.pair_label(ref),
            players=plan.players(ref),
            standing=standing,
            mattered=mattered,
            chart=chart,
            mark=plan.history.pair_marks.get(ref.slug),
            corrected=any(r.get("mark") for r in rows),
            field_name=field_name(standing.field),
            rows=rows,
            total_block=total_block,
            penalty=penalty,
            handicap_block=handicap_block,
            show_direction=show_direction,
            places=card_places,
            **swiss_pages.pair_context(plan, ref),
        ),
    )


def as_float(value: Fraction | int) -> float:
    """``float(value)`` of an int or a Fraction: the same division of the two ints that
    ``numbers.Rational.__float__`` makes, without its two ``int()`` calls (a card's bars)."""
    return value.numerator / value.denominator


def _swing(m: tuple[Any, ...]) -> Any:
    """A swing's size: the first of (swing, board, line, direction, view)."""
    return m[0]


def _boards_of_field(plan: SessionView, standing: Standing) -> set[str]:
    """The boards anyone in the pair's field played (once per field, not once per pair)."""
    field = _field_of(plan, standing)
    key = id(field)
    if key not in plan.field_boards:
        plan.field_boards[key] = {e.board.slug for other in field for e in other.scorecard}
    return plan.field_boards[key]


def _field_of(plan: SessionView, standing: Standing) -> Sequence[Standing]:
    """The standings of the pair's field (the pairs it is ranked with)."""
    for f in plan.result.fields:
        if any(s is standing for s in f.standings):
            return f.standings
    return (standing,)


def own_score(view: dict[str, Any], direction: Direction) -> int | None:
    if view["kind"] != "play":
        return None
    score: int = view["ns_score"]
    return score if direction is Direction.NS else -score

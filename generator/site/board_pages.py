"""The board pages and a big field's traveller downloads: page kinds (``page_kinds.py``)."""

from __future__ import annotations

from typing import Any

from .. import figures
from ..analysis.compare import versus_double_dummy
from ..analysis.double_dummy import DealAnalysis
from ..history.snapshot import line_key
from ..model import Artificial, Scored, ScoringMethod
from ..scoring.options import ScoringOptions
from ..scoring.results import FrequencyRow, ScoredBoard, ScoredLine
from ..scoring.trick_value import split as is_split
from ..scoring.units import UNIT_SHORT
from . import adjusted_worth
from . import format as fmt
from .auction_view import line_anchor, records_view
from .big_field import is_big, traveller_csv, traveller_file
from .charts import Bar, bar_chart
from .dd_grid import dd_view
from .explain_view import block
from .handviewer import handviewer_url
from .i18n import pgettext, said_text, seat
from .i18n import text as gettext
from .links import board_file
from .naming import seat_name
from .page import Page
from .session_view import SessionView, heading


def plan_board_pages(view: SessionView) -> list[Page]:
    """A page for each board: its deal, traveller, frequencies, trick values and explanations."""
    return [board_page(view, b, i) for i, b in enumerate(view.result.boards)]


def plan_traveller_files(view: SessionView) -> list[Page]:
    """A big field's travellers as CSV files beside their board pages (``big_field``)."""
    return [
        Page(f"{view.dir}/{traveller_file(b.slug)}", None, data=traveller_csv(b, view.data_label))
        for b in view.result.boards
        if is_big(b)
    ]


def line_row(
    view: SessionView,
    board: ScoredBoard,
    line: ScoredLine,
    anchors: tuple[str, str],
    analysis: DealAnalysis | None = None,
) -> dict[str, Any]:
    tl = line.line
    ns_out, ew_out = tl.ns, tl.ew
    line_marks = view.history.line_marks  # a correction's marks on the line (none: not looked up)
    marks = line_marks.get(line_key(board.slug, tl.ns_pair, tl.ew_pair), {}) if line_marks else {}
    both_artificial = isinstance(ns_out, Artificial) and isinstance(ew_out, Artificial)
    split = is_split(tl)
    versus = None
    if analysis is not None and isinstance(ns_out, Scored) and not ns_out.is_weighted and not split:
        versus = versus_double_dummy(ns_out.components[0].play, analysis)
    return {
        "dd": versus,
        "ns_pair": view.pair_link(tl.ns_pair, short=True),
        "ew_pair": view.pair_link(tl.ew_pair, short=True),
        "seats": None
        if tl.seats is None
        else {
            side: [
                {"seat": seat, **view.pair_link(ref, short=True)} for seat, ref in tl.seats.by_seat() if seat in side
            ]
            for side in ("NS", "EW")
        },
        "ns": view.outcome_view(ns_out),
        "ew": view.outcome_view(ew_out) if split and not both_artificial else None,
        "ruling": _ruling(ns_out, ew_out, view.session.method, view.result.options)
        if isinstance(ns_out, Artificial) and isinstance(ew_out, Artificial)
        else None,
        "ns_value": line.ns.value,
        "ew_value": line.ew.value,
        "ns_percent": line.ns.percent,
        "ew_percent": line.ew.percent,
        "ns_anchor": anchors[0],
        "ew_anchor": anchors[1],
        "note": tl.note,
        "marks": marks,
        "ns_mark": marks.get("ns"),
        "ew_mark": marks.get("ew"),
    }


def board_page(view: SessionView, board: ScoredBoard, index: int) -> Page:
    path = f"{view.dir}/{board_file(board.number, board.section)}"
    blocks, anchors = view.blocks(board)
    info = view.deals.get(board.number)
    found = view.analysis.for_board(info) if view.analysis else None
    analysis = found.analysis if found else None
    big = is_big(board)  # a big field: the frequency table is the page, the traveller a CSV beside it
    lines = [] if big else [line_row(view, board, line, anchors[i], analysis) for i, line in enumerate(board.lines)]
    score_anchor_ns: dict[int, str] = {}
    score_anchor_ew: dict[int, str] = {}
    for row, (a_ns, a_ew) in zip(board.lines, anchors):
        out = row.line.ns
        if isinstance(out, Scored) and not out.is_weighted and not is_split(row.line):
            score_anchor_ns.setdefault(out.components[0].play.ns_score, a_ns)
            score_anchor_ew.setdefault(out.components[0].play.ns_score, a_ew)
    freq = [
        _frequency_row(r, score_anchor_ns.get(r.ns_score), score_anchor_ew.get(r.ns_score)) for r in board.frequencies
    ]
    ew_freq = None
    if board.ew_frequencies is not None and board.ew_frequencies != board.frequencies:
        ew_freq = [_frequency_row(r, None, None) for r in board.ew_frequencies]
    deal = view.deal_view(info.deal) if info and info.deal else None
    records = records_view(board, info, lambda i: view.table_words(board.lines[i].line))
    for i, shown_line in enumerate(lines):
        tl = board.lines[i].line
        if tl.auction is not None or tl.card_play is not None:
            shown_line["record"] = {
                "id": line_anchor(i),
                "what": pgettext("a record's link", "auction")
                if tl.auction is not None
                else pgettext("a record's link", "play"),
            }
    prev_b = view.result.boards[index - 1] if index > 0 else None
    next_b = view.result.boards[index + 1] if index + 1 < len(view.result.boards) else None
    board_block = block(
        "board-arithmetic",
        gettext("%(board)s: how the board was scored", board=view.board_title(board)),
        board.explanation,
        view.site.rule_map,
        view.site.article_titles,
        view.rules,
        None,
        view.block_ends,
        view.fragments,
    )
    worth = []
    views: list[dict[str, Any] | None] = []  # each entry's shared view (None: adjusted_worth's)
    for i, r in enumerate(lines):
        if (w := view.worth(board, i)) is not None:
            worth.append(dict(w, ns_pair=r["ns_pair"], ew_pair=r["ew_pair"], table=_table_of(r)))
            views.append(w)
        else:  # weighted, split and artificial lines: adjusted_worth words them
            adjusted = [
                dict(e, ns_pair=r["ns_pair"], ew_pair=r["ew_pair"], table=_table_of(r))
                for e in view.adjusted_worth(board, i)
            ]
            worth += adjusted
            views += [None] * len(adjusted)
    places = fmt.column_places(
        view.unit,
        [v for line in board.lines for v in (line.ns.value, line.ew.value)]
        + [v for r in freq for v in (r["ns"], r["ew"])]
        + [w[k]["value"] for w in worth if "what" not in w for k in ("played", "fewer", "more") if w[k]]
        + [v for w in worth if "what" in w for v in w["figures"]],
    )
    texts: dict[int, str] = {}  # lines with the same result share a view: worded once
    for w, shared in zip(worth, views):
        if shared is None:
            w["text"] = adjusted_worth.text(w, view.unit, UNIT_SHORT[view.unit], places)
        else:
            text = texts.get(id(shared))
            if text is None:
                text = texts[id(shared)] = view.worth_text(w, places)
            w["text"] = text
    occurring = [r for r in freq if r["occurs"]]
    # each label and figure written once, for the bar and the text alternative
    shown = (
        [(r, figures.score(r["score"]), figures.exact(r["frequency"])) for r in occurring] if len(occurring) > 1 else []
    )
    chart = (
        bar_chart(
            "dist",
            [Bar(label, float(r["frequency"]), text, f"dist-{r['score']}") for r, label, text in shown],
            gettext("%(board)s: how often each NS score was scored", board=view.board_title(board)),
            gettext(
                "NS score and the number of tables that scored it: %(scores)s.",
                scores="; ".join(f"{label}: {text}" for _, label, text in shown),
            ),
            float(max((r["frequency"] for r in occurring), default=1)),
            kind="dist",
            axes=(gettext("NS score"), gettext("Tables")),
        )
        if len(occurring) > 1
        else None
    )
    factored = board.factor != 1 or any(r.frequency.denominator != 1 for r in board.frequencies)
    return Page(
        path,
        "board.html",
        view.base(
            path,
            view.board_title(board),
            board=board,
            places=places,
            deal=deal,
            handviewer=handviewer_url(info.deal, board.number, board.dealer, board.vulnerability)
            if info and info.deal
            else None,
            deal_note=said_text(info.deal_note) if info and not deal else "",  # in the site's language
            records=records,
            dealer=seat_name(board.dealer),
            chart=chart,
            dd=dd_view(analysis),
            dd_warning=found.warning if found else "",
            dd_article=view.dd_article() if analysis else None,
            worth=worth,
            worth_adjusted=any("what" in w for w in worth),
            corrected=any(r["marks"] for r in lines),
            vulnerability=board.vulnerability,
            lines=lines,
            freq=freq,
            ew_freq=ew_freq,
            sitouts=[view.pair_link(ref) for ref in board.sitouts],
            traveller_csv=traveller_file(board.slug) if big else None,
            line_count=len(board.lines),
            factored=factored,
            blocks=blocks,
            board_block=board_block,
            weighted_rows=any(r["occurs"] is False for r in freq),
            # the session's neighbours in the archive, as on the session page (same folder level)
            neighbours=view.inputs.neighbours,
            prev={"url": board_file(prev_b.number, prev_b.section), "title": view.board_title(prev_b)}
            if prev_b
            else None,
            next={"url": board_file(next_b.number, next_b.section), "title": view.board_title(next_b)}
            if next_b
            else None,
        ),
    )


def _frequency_row(r: FrequencyRow, ns_anchor: str | None, ew_anchor: str | None) -> dict[str, Any]:
    """A row of a board's frequency table, with the explanation anchors of its score (if any)."""
    return {
        "score": r.ns_score,
        "frequency": r.frequency,
        "factored": r.factored,
        "ns": r.ns,
        "ew": r.ew,
        "occurs": r.occurs,
        "ns_anchor": ns_anchor,
        "ew_anchor": ew_anchor,
    }


def _table_of(row: dict[str, Any]) -> str:
    """A traveller row as a sentence names it: 'NS 1 v EW 2', or the four players of an individual."""
    if row["seats"]:
        ns, ew = (", ".join(f"{seat(p['seat'])} {p['names']}" for p in row["seats"][side]) for side in ("NS", "EW"))
    else:
        ns, ew = row["ns_pair"]["label"], row["ew_pair"]["label"]
    return gettext("%(ns)s v %(ew)s", ns=ns, ew=ew)


def _ruling(ns: Artificial, ew: Artificial, method: ScoringMethod, options: ScoringOptions) -> str:
    """'Average-plus (60%) to NS, average-minus (40%) to EW: the director's ruling' (in IMPs on an IMP board)."""
    ns_words, ew_words = (adjusted_worth.award_label(a, method, options) for a in (ns, ew))
    if ns == ew:
        return gettext("%(award)s to both sides: the director's ruling", award=heading(ns_words))
    ns_side, ew_side = seat("NS"), seat("EW")
    return gettext(
        "%(ns_award)s to %(ns)s, %(ew_award)s to %(ew)s: the director's ruling",
        ns_award=heading(ns_words),
        ns=ns_side,
        ew_award=ew_words,
        ew=ew_side,
    )

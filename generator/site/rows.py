"""Table rows written in one piece: the scorecard's and the traveller's, some 1,000 rows a
session, each the markup its template loop wrote (``pair.html``, ``board.html``) at about a
third of the cost (docs/performance.md, branch pagespeed).  The view data stays in the page's
context (``rows``, ``lines``); tests/site/test_rows.py renders the old loops, kept there,
against these on any rows, hostile strings included.

Texts the planner writes (slugs, urls, labels) are ``str`` and go through MarkupSafe's
escaping like any ``{{ value }}``; figures and scores are digits and signs, which escaping
leaves as they are.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from . import format as fmt
from .format import escape_text as esc_text
from .format import escape_value as esc

_CORRECTED = (
    '<a class="corrected" href="index.html#{}" aria-label="corrected: see the correction" '
    'title="corrected: see the correction">&thinsp;*</a>'
)


def card_rows(rows: list[dict[str, Any]], unit: str, places: int | None, show_direction: bool, entrant: str) -> Markup:
    """The scorecard's rows (``pair.html``'s table body) written in one piece: the markup the
    template's loop over ``rows`` wrote, at about a third of its cost (some 700 rows a
    session).  tests/site/test_rows.py renders that loop (kept there) against this on
    any rows.  Texts the planner writes (slugs, urls, labels, figures) are ``str``; figures
    and scores are digits and signs, which escaping leaves as they are."""
    out = []
    matchpoints = unit == "matchpoints"
    direction_cell = "<td></td>" if show_direction else ""
    span = (6 if matchpoints else 5) + (2 if entrant == "Player" else 0)
    figure = fmt.figure_writer(unit)
    for r in rows:
        board = esc_text(r["board"])
        head = f'<th scope="row"><a href="{esc_text(r["board_url"])}">{board}</a></th>'
        if r["missed"]:
            why = esc(r["why"]) if "why" in r else "not played"
            out.append(f'<tr class="missed">{head}{direction_cell}<td colspan="{span}">{why}</td></tr>\n')
            continue
        direction = f"<td>{esc_text(r['direction'])}</td>" if show_direction else ""
        partner = r["partner"]
        if partner:
            against = ", ".join(f'<a href="{esc(o["url"])}">{esc(o["names"])}</a>' for o in r["against"])
            who = (
                f'<td>{esc(r["seat"])}</td><td><a href="{esc(partner["url"])}">{esc(partner["names"])}</a></td>'
                f"\n<td>{against}</td>\n"
            )
        else:
            o = r["opponents"]
            label = esc_text(o["label"])
            who = f'<td><a href="{esc_text(o["url"])}">{label}</a></td>' if o["url"] else f"<td>{label}</td>"
        outcome = r["outcome"]
        kind = outcome["kind"]
        if kind == "play":
            contract = f"{fmt.contract_by_identity(outcome['contract'])} {esc_text(outcome['declarer'])}"
        elif kind == "artificial":
            contract = f'<abbr title="{esc(outcome["words"])}">{esc(outcome["code"])}</abbr>'
        else:
            contract = "weighted"
        own = r["own_score"]
        if own is None:
            own_text = ""
        elif r["dist_url"]:
            own_text = fmt.signed_score(own)
            own_text = (
                f'<a href="{esc_text(r["dist_url"])}" aria-label="{own_text}: among the board\'s scores">{own_text}</a>'
            )
        else:
            own_text = fmt.signed_score(own)
        value = figure(r["value"], places)
        mark = _CORRECTED.format(esc(r["mark"])) if r["mark"] else ""
        percent = f'<td class="num">{esc_text(r["percent_text"])}</td>' if matchpoints else ""
        out.append(
            f'<tr>\n{head}\n{direction}{who}<td>{contract}</td>\n<td class="num">{own_text}</td>\n'
            f'<td class="num"><a href="{esc_text(r["anchor_url"])}" aria-label="{value} on board {board}: how it was '
            f'calculated">{value}</a>{mark}</td>\n{percent}<td class="num">{figure(r["running"], places)}</td>\n'
            "</tr>\n"
        )
    return Markup("".join(out))


def outcome_text(o: dict[str, Any]) -> str:
    """``_macros.html``'s ``outcome_contract``: a result as words (the contract, the ruling,
    or the parts of a weighted score)."""
    kind = o["kind"]
    if kind == "play":
        return str(fmt.contract_by_identity(o["contract"]))
    if kind == "artificial":
        return esc(o["words"])
    parts = []
    for c in o["components"]:
        played = f"{fmt.contract_by_identity(c['contract'])} {esc(c['declarer'])} " if c["contract"] else ""
        score = esc(fmt.signed_score(c["score"])) if "score" in c else f"NS {esc(fmt.signed_score(c['ns_score']))}"
        parts.append(f"{esc(fmt.weight(c['weight']))} of {played}{score}")
    return "Weighted: " + ", ".join(parts)


def _pair_cell(link: dict[str, Any], label: str) -> str:
    """A pair's cell: a link to its page, or its label (``label``: already escaped)."""
    return f'<td><a href="{esc_text(link["url"])}">{label}</a></td>' if link["url"] else f"<td>{label}</td>"


def traveller_rows(lines: list[dict[str, Any]], dd: bool, unit: str, places: int | None) -> Markup:
    """The traveller's rows (``board.html``'s table body, before the sit-outs)."""
    out = []
    figure = fmt.figure_writer(unit)
    note_span = 11 if dd else 9
    for line in lines:
        seats = line["seats"]
        if seats:  # an individual: the players by seat; a figure's label names them
            pairs = "".join(
                '<td class="seats">'
                + "<br>".join(
                    f'{esc(p["seat"])}&nbsp;<a href="{esc(p["url"])}">{esc(p["names"])}</a>' for p in seats[side]
                )
                + "</td>"
                for side in ("NS", "EW")
            )
            ns_who = " and ".join(esc(p["names"]) for p in seats["NS"])
            ew_who = " and ".join(esc(p["names"]) for p in seats["EW"])
        else:  # pairs: each its label (a str, as ``pair_link`` writes it)
            ns_pair, ew_pair = line["ns_pair"], line["ew_pair"]
            ns_who, ew_who = esc_text(ns_pair["label"]), esc_text(ew_pair["label"])
            pairs = _pair_cell(ns_pair, ns_who) + _pair_cell(ew_pair, ew_who)
        ns, ew = line["ns"], line["ew"]
        if line["ruling"]:
            result = f'<td colspan="5">{esc(line["ruling"])}</td>\n'
        elif ns["kind"] == "play" and not ew:
            tricks = "" if ns["tricks"] is None else str(ns["tricks"])  # an int: digits
            record = line.get("record")  # the table's auction or play, shown below the traveller
            linked = f' <a class="rec" href="#{esc(record["id"])}">{esc(record["what"])}</a>' if record else ""
            result = (
                f"<td>{fmt.contract_by_identity(ns['contract'])}{linked}</td><td>{esc_text(ns['declarer'])}</td><td>{fmt.card(ns['lead'])}</td>\n"
                f'<td class="num">{tricks}</td>\n<td class="num">{fmt.score(ns["ns_score"])}</td>\n'
            )
        else:
            both = outcome_text(ns) + (f"<br>EW: {outcome_text(ew)}" if ew else "")
            result = f'<td colspan="5">{both}</td>\n'
        versus = ""
        if dd:
            v = line["dd"]
            versus = (
                f'<td class="num" title="{esc(v.tricks_text)}">{esc(v.tricks_short)}</td>'
                f'<td class="num">{esc(fmt.signed_score(v.par_difference) or "par")}</td>'
                if v
                else "<td></td><td></td>"
            )
        ns_value = figure(line["ns_value"], places)
        ew_value = figure(line["ew_value"], places)
        ns_mark = _CORRECTED.format(esc(line["ns_mark"])) if line["ns_mark"] else ""
        ew_mark = _CORRECTED.format(esc(line["ew_mark"])) if line["ew_mark"] else ""
        note = line["note"]
        out.append(
            f"<tr>\n{pairs}{result}{versus}"
            f'<td class="num"><a href="#{esc_text(line["ns_anchor"])}" aria-label="{ns_value}: how NS {ns_who} got it">'
            f"{ns_value}</a>{ns_mark}</td>\n"
            f'<td class="num"><a href="#{esc_text(line["ew_anchor"])}" aria-label="{ew_value}: how EW {ew_who} got it">'
            f"{ew_value}</a>{ew_mark}</td>\n</tr>\n"
            + (
                f'<tr class="line-note"><td colspan="{note_span}"><strong>Note:</strong> {esc(note)}</td></tr>'
                if note
                else ""
            )
        )
    return Markup("".join(out))


def frequency_rows(
    rows: list[dict[str, Any]], factored: bool, unit: str, places: int | None, sides: tuple[str, ...] = ("ns", "ew")
) -> Markup:
    """A frequency table's rows (``board.html``'s ``freq_table``): each NS score, how often,
    and what it was worth to each side in ``sides``, linked to its explanation (a board whose
    split score gives East-West a table of its own shows each table with its own side only)."""
    out = []
    figure = fmt.figure_writer(unit)
    both = sides == ("ns", "ew")
    for r in rows:
        score = fmt.score(r["score"])
        counts = f'<td class="num">{fmt.exact(r["factored"])}</td>' if factored else ""
        if r["occurs"] and both:  # the usual table: both sides, written inline (a hot path)
            ns, ew = figure(r["ns"], places), figure(r["ew"], places)
            if r["ns_anchor"]:
                ns = f'<a href="#{esc(r["ns_anchor"])}">{ns}</a>'
            if r["ew_anchor"]:
                ew = f'<a href="#{esc(r["ew_anchor"])}">{ew}</a>'
            worth = f'<td class="num">{ns}</td>\n<td class="num">{ew}</td>\n'
        elif r["occurs"]:
            cells = []
            for side in sides:
                value = figure(r[side], places)
                if r[f"{side}_anchor"]:
                    value = f'<a href="#{esc(r[f"{side}_anchor"])}">{value}</a>'
                cells.append(f'<td class="num">{value}</td>\n')
            worth = "".join(cells)
        if r["occurs"]:
            out.append(
                f'<tr id="freq-{score}">\n<th scope="row" class="num">{score}</th>\n'
                f'<td class="num">{fmt.exact(r["frequency"])}</td>\n{counts}{worth}</tr>\n'
            )
        else:
            out.append(
                f'<tr id="freq-{score}" class="component">\n<th scope="row" class="num">{score}</th>\n'
                f'<td class="num">{fmt.exact(r["frequency"])}</td>\n{counts}'
                + '<td class="num">—</td>' * len(sides)
                + "</tr>\n"
            )
    return Markup("".join(out))


def worth_items(worth: list[dict[str, Any]]) -> Markup:
    """'What each trick was worth': a board page's list items, one per traveller line (or
    side of a weighted or split line), each line's text already worded."""
    out = []
    for w in worth:
        what = (
            esc(w["what"])
            if "what" in w
            else f"{fmt.contract_by_identity(w['contract'])} by {esc(w['declarer'])} ({esc(w['side'])})"
        )
        out.append(f"<li>{esc(w['table'])}, {what}: {esc(w['text'])}.</li>\n")
    return Markup("".join(out))

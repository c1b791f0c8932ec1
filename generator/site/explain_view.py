"""Explanations as view data: which anchor each figure links to, the steps to show,
and the article that explains each rule.

Explanations are deduplicated per board page: every ordinary result with NS +420
shares the block ``#ns-420``; artificial, weighted and split lines get their own
(``#line-3-ns``).  Line and scorecard figures link to the block instead of repeating it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..model import Direction, Scored
from ..scoring.explain import Explanation
from ..scoring.results import ScoredBoard, ScoredLine
from ..scoring.trick_value import split as is_split
from . import i18n
from .adjusted_worth import award_code
from .articles import article_for_rule
from .fragments import Fragments
from .i18n import amount_text, step_text
from .i18n import text as _
from .links import score_anchor

StepMemo = dict[str, tuple[str | None, str, dict[str, dict[str, Any]]]]
"""By rule: its article slug, its CSS class and each text step's view by summary (a session's blocks share
them: the same sentence, '2 × 8 + 4 = 20 of a top of 26', recurs on many boards)."""

TABLE_RULES = frozenset({"weighted.component", "cross_imps.comparison", "butler.frequencies"})
"""Steps that ``_macros.html``'s ``explanation_step`` shows with a small table of their values
(their views are not shared: each carries its own values)."""


@dataclass(frozen=True, slots=True)
class ArticleLink:
    slug: str
    title: str


@dataclass(slots=True)
class ExplanationBlock:
    """One explanation as a block of a page: ``_macros.html``'s ``explanations`` writes it,
    each step through ``explanation_step``."""

    anchor: str
    heading: str
    explanation: Explanation
    steps: list[dict[str, Any]] = field(default_factory=list)
    """Each step's view: its ``rule``, ``summary``, ``values`` and CSS class (``kind``)."""
    articles: list[ArticleLink] = field(default_factory=list)
    fragments: Fragments = field(default_factory=Fragments)
    """Where its steps are rendered: the session's, shared by all its blocks (``fragments``)."""

    def steps_html(self, step: Callable[..., Any], unit: str) -> Any:
        """The block's steps, each written by ``step`` (the ``explanation_step`` macro in the
        template's scope): a step view the session's blocks share is rendered once."""
        return self.fragments.each(step, self.steps, unit)


def side_anchor(board: ScoredBoard, index: int, line: ScoredLine, direction: Direction) -> str:
    """The anchor of the explanation of one side's figure on a line of the board page."""
    outcome = line.line.ns if direction is Direction.NS else line.line.ew
    side = direction.value.lower()
    if isinstance(outcome, Scored) and not outcome.is_weighted and not line.line.is_split:
        return score_anchor(side, outcome.components[0].play.ns_score)
    return f"line-{index + 1}-{side}"


def rule_info(
    rule: str, rule_map: dict[str, str], memo: dict[str, tuple[str | None, str]] | None = None
) -> tuple[str | None, str]:
    """A rule's article slug (or None) and its CSS class; ``memo`` (one per ``rule_map``) keeps
    them, a session's few dozen rules being looked up for every step of every block."""
    info = memo.get(rule) if memo is not None else None
    if info is None:
        info = (article_for_rule(rule, rule_map), rule.replace(".", "-").replace("_", "-"))
        if memo is not None:
            memo[rule] = info
    return info


def block(
    anchor: str,
    heading: str,
    explanation: Explanation,
    rule_map: dict[str, str],
    titles: dict[str, str],
    memo: dict[str, tuple[str | None, str]] | None = None,
    items: StepMemo | None = None,
    ends: dict[tuple[str, ...], list[ArticleLink]] | None = None,
    fragments: Fragments | None = None,
) -> ExplanationBlock:
    """An explanation as view data for the ``explanations`` macro: its steps and the articles
    its rules link to.  ``items`` (one per session) keeps each text step's view, and ``ends``
    (one per session) each list of articles, and ``fragments`` (one per session) the rendered
    steps: blocks share them."""
    seen: list[str] = []
    steps = []
    for step in explanation.steps:
        rule = step.rule
        known = items.get(rule) if items is not None else None
        if known is None:
            known = (*rule_info(rule, rule_map, memo), {})
            if items is not None:
                items[rule] = known
        slug, kind, by_summary = known
        if slug and slug not in seen:
            seen.append(slug)
        summary = step.summary
        view = by_summary.get(summary) if rule not in TABLE_RULES else None
        if view is None:
            view = {"rule": rule, "summary": step_text(step), "values": step.values, "kind": kind}
            if rule not in TABLE_RULES:
                by_summary[summary] = view
        steps.append(view)
    if not seen:
        slug = rule_info(explanation.method, rule_map, memo)[0]
        if slug:
            seen.append(slug)
    key = tuple(seen)
    articles = ends.get(key) if ends is not None else None
    if articles is None:
        articles = [ArticleLink(s, titles.get(s, s)) for s in seen]
        if ends is not None:
            ends[key] = articles
    return ExplanationBlock(
        anchor, heading, explanation, steps, articles, Fragments() if fragments is None else fragments
    )


def board_blocks(
    board: ScoredBoard,
    unit_word: str,
    fig: Callable[..., str],
    rule_map: dict[str, str],
    titles: dict[str, str],
    memo: dict[str, tuple[str | None, str]] | None = None,
    items: StepMemo | None = None,
    ends: dict[tuple[str, ...], list[ArticleLink]] | None = None,
    fragments: Fragments | None = None,
) -> tuple[list[ExplanationBlock], list[tuple[str, str]]]:
    """All distinct explanations of a board, in frequency-table order then line order,
    and for each traveller line its (NS anchor, EW anchor)."""
    blocks: dict[str, ExplanationBlock] = {}
    anchors: list[tuple[str, str]] = []
    # the order blocks are shown in: by their score's first row in the frequency table (NS
    # before EW; distinct scores, which never tie: not a ranking), then the lines' own blocks
    # in line order
    places: dict[str, tuple[int, Any]] = {}
    positions = {score: i for i, score in reversed(list(enumerate(row.ns_score for row in board.frequencies)))}
    unknown = len(board.frequencies)
    for i, line in enumerate(board.lines):
        pair = []
        tl = line.line
        ns_out = tl.ns
        # ``side_anchor`` written out for both sides at once: an unsplit line's sides hold
        # equal outcomes, so one test (and one score) serves both
        line_score = None
        if isinstance(ns_out, Scored) and not ns_out.is_weighted and not is_split(tl):
            line_score = ns_out.components[0].play.ns_score
        for direction, name, side, side_order in (
            (Direction.NS, "ns", line.ns, 0),
            (Direction.EW, "ew", line.ew, 1),
        ):
            score = line_score
            anchor = score_anchor(name, score) if score is not None else f"line-{i + 1}-{name}"
            existing = blocks.get(anchor)
            if (
                existing is not None
                and existing.explanation is not side.explanation
                and existing.explanation != side.explanation
            ):
                anchor = f"line-{i + 1}-{name}"
                score = None
                existing = None
            if existing is None:
                heading = _heading(line, direction, side.value, unit_word, fig)
                blocks[anchor] = block(
                    anchor, heading, side.explanation, rule_map, titles, memo, items, ends, fragments
                )
                places[anchor] = (
                    (0, (positions.get(score, unknown), side_order)) if score is not None else (1, len(places))
                )
            pair.append(anchor)
        anchors.append((pair[0], pair[1]))
    score_first = sorted(places, key=places.__getitem__)
    return [blocks[a] for a in score_first], anchors


def _heading(
    line: ScoredLine, direction: Direction, value: Fraction | int, unit_word: str, fig: Callable[..., str]
) -> str:
    """'North-South, NS -110: 6.0 matchpoints' in the site's language: who, the result (or the
    ruling, or the weighted score, with the table's pairs) and the figure in its unit."""
    worth = amount_text(value, unit_word, fig(value))
    outcome = line.line.ns if direction is Direction.NS else line.line.ew
    who = _("North-South") if direction is Direction.NS else _("East-West")
    if isinstance(outcome, Scored) and not outcome.is_weighted:
        ns = outcome.components[0].play.ns_score
        side = i18n.seat("NS")
        contract = outcome.components[0].play.contract
        what = (
            f"{side} {ns:+d}"
            if ns
            else _("%(side)s 0 (passed out)", side=side)
            if contract and contract.passed_out
            else f"{side} 0"
        )
        if is_split(line.line):
            return _(
                "%(who)s, %(result)s (table of %(pairs)s): %(worth)s",
                who=who,
                result=what,
                pairs=_pairs(line),
                worth=worth,
            )
        return _("%(who)s, %(result)s: %(worth)s", who=who, result=what, worth=worth)
    if isinstance(outcome, Scored):
        return _("%(who)s, weighted score (%(pairs)s): %(worth)s", who=who, pairs=_pairs(line), worth=worth)
    return _(
        "%(who)s, %(ruling)s (%(pairs)s): %(worth)s",
        who=who,
        ruling=award_code(outcome),
        pairs=_pairs(line),
        worth=worth,
    )


def _pairs(line: ScoredLine) -> str:
    """'NS 4 v EW 5' ('NS 4 c. EO 5'), or an individual's four players by seat."""
    versus = i18n.pgettext("versus", "v")
    seats = line.line.seats
    if seats is not None:
        n, e, s, w = (i18n.seat(code) for code in ("N", "E", "S", "W"))
        return (
            f"{n} {seats.north.number}, {s} {seats.south.number} {versus} "
            f"{e} {seats.east.number}, {w} {seats.west.number}"
        )
    ns = line.line.ns_pair
    ew = line.line.ew_pair
    return f"{i18n.seat('NS')} {ns.number if ns else '-'} {versus} {i18n.seat('EW')} {ew.number if ew else '-'}"

"""The page plan of one session: each page's path, template and context — pure data.

Nothing here renders HTML or rounds a figure: contexts carry the engine's exact
``Fraction``s and the templates format them through the filters in ``format.py``.
``plan_session`` also returns the session's summary for the cross-session pages
(home, players), which the build caches as JSON.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..analysis.compare import versus_double_dummy
from ..analysis.double_dummy import DealAnalysis, SessionAnalysis
from ..history.snapshot import line_key
from ..model import Artificial, Direction, PairRef, Scored, ScoringMethod
from ..scoring.contract import Seat
from ..scoring.results import ScoredBoard, ScoredLine, SessionResult, Standing
from ..scoring.trick_value import TrickWorth, trick_worth
from ..scoring.trick_value import split as is_split
from ..scoring.units import UNIT_LABELS as UNIT_WORDS
from ..scoring.units import UNIT_SHORT, unit_of
from . import adjusted_worth, swiss_pages
from . import format as fmt
from .auction_view import line_anchor, records_view
from .big_field import is_big, traveller_csv, traveller_file
from .charts import Bar, bar_chart
from .dd_grid import dd_view
from .explain_view import ArticleLink, StepMemo, block, board_blocks, rule_info
from .links import LEGACY, board_file, pair_file, player_path, player_slug, session_dir
from .meta import page_head
from .naming import SEATS, field_name, long_date, session_kind, session_title
from .page import Page, PageBase, SiteInfo
from .pair_pages import pair_page
from .redirects import redirect_pages
from .summary import session_summary
from .team_pages import match_page, match_summary

if TYPE_CHECKING:
    from ..scoring.options import ScoringOptions
    from .summary import SessionSummary

HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}


def _table_of(row: dict[str, Any]) -> str:
    """A traveller row as a sentence names it: 'NS 1 v EW 2', or the four players of an individual."""
    if row["seats"]:
        return " v ".join(", ".join(f"{p['seat']} {p['names']}" for p in row["seats"][side]) for side in ("NS", "EW"))
    return f"{row['ns_pair']['label']} v {row['ew_pair']['label']}"


def hcp(cards: str) -> int:
    return sum(HCP.get(c, 0) for c in cards.upper())


class SessionPlanner:
    def __init__(
        self,
        result: SessionResult,
        slug: str,
        site: SiteInfo,
        record: dict[str, Any] | None = None,
        provisional: dict[str, Any] | None = None,
        analysis: SessionAnalysis | None = None,
        events: list[dict[str, str]] | None = None,
        scoring: dict[str, Any] | None = None,
        legacy: Sequence[str] = (),
    ):
        self.result = result
        self.legacy = tuple(legacy)
        """The session's slugs in earlier address schemes (``links.LEGACY``): redirected here."""
        self.redirected: list[str] = []
        """The redirect pages ``pages`` planned (the sitemap leaves them out)."""
        self.scoring = scoring or {}
        """The site's scoring options (site.yaml), beneath the upload's: where the audit's
        search for the program's conventions starts, so it names only what the club does not use."""
        self.events = events or []
        """The events of several sessions this session belongs to: title, label, url (from the site root)."""
        self.record = record or {"corrections": [], "notes": [], "line_marks": {}, "pair_marks": {}}
        """The corrections between the upload's versions (``generator.history.record``)."""
        self.provisional = provisional
        self.analysis = analysis
        self.session = result.session
        self.slug = slug
        self.site = site
        self.dir = session_dir(slug)
        self.unit = unit_of(self.session.method)
        self.unit_word = UNIT_WORDS[self.unit]
        self.figure = fmt.figure_writer(self.unit)
        """``fmt.figure`` in the session's unit: ``figure(value, places)``."""
        self.multi_section = len({b.section for b in result.boards}) > 1 or len(self.session.sections) > 1
        self.entrant = "Player" if self.session.individual else "Pair"
        """What the session ranks, as pages name it: pairs, or players in an individual event."""
        self.pair_names = {p.ref: p for p in self.session.pairs}
        self.deals = {b.number: b for b in self.session.boards}
        self._blocks: dict[int, tuple[list, list[tuple[str, str]]]] = {}
        self._positions: dict[int, dict[int, int]] = {}
        self._links: dict[tuple[PairRef | None, bool], dict[str, Any]] = {}
        self._links_by_id: dict[tuple[int, bool], tuple[PairRef | None, dict[str, Any]]] = {}
        self._players: dict[PairRef, list[dict[str, str]]] = {}
        self._views: dict[int, tuple[Any, dict[str, Any]]] = {}
        self.rules: dict[str, tuple[str | None, str]] = {}
        """Each explanation rule seen -> (its article slug or None, its CSS class): ``rule_info``'s memo."""
        self.step_items: StepMemo = {}
        """Each explanation rule's article, its steps' opening and each step's line by summary
        (``explain_view.block``'s memo)."""
        self.block_ends: dict[tuple[str, ...], list[ArticleLink]] = {}
        """Each list of articles a block links to (``block``'s)."""
        self._worth: dict[tuple[int, int], tuple[TrickWorth | None, Any, bool]] = {}
        self._worth_memo: dict[int, dict] = {}
        self._worth_shared: dict[int, dict[tuple[Any, ...], tuple[TrickWorth, Any, bool]]] = {}
        self._board_facts: dict[int, tuple[str, str, bool]] = {}
        self._card_facts: dict[int, tuple[str, str, bool, dict[int, int], list[tuple[str, str]]]] = {}
        self._board_order: dict[str, int] | None = None
        self._session_head: dict[str, Any] | None = None
        self._worth_views: dict[tuple[int, bool], dict[str, Any]] = {}
        self._swings: dict[tuple[int, bool], Fraction | int] = {}
        self.field_boards: dict[int, set[str]] = {}
        """The boards each field played, by the field's id (``pair_pages``)."""

    def blocks(self, board: ScoredBoard):
        """The board's distinct explanation blocks and each line's (NS, EW) anchors, computed once."""
        key = id(board)
        if key not in self._blocks:
            self._blocks[key] = board_blocks(
                board,
                self.unit_word,
                self.figure,
                self.site.rule_map,
                self.site.article_titles,
                self.rules,
                self.step_items,
                self.block_ends,
            )
        return self._blocks[key]

    def board_facts(self, board: ScoredBoard) -> tuple[str, str, bool]:
        """A board's slug, its page and whether it has a chart of scores (more than one
        occurs): read for every line of every pair's card, worked out once."""
        facts = self._board_facts.get(id(board))
        if facts is None:
            slug = board.slug
            facts = self._board_facts[id(board)] = (
                slug,
                board_file(board.number, board.section),
                sum(1 for f in board.frequencies if f.occurs) > 1,
            )
        return facts

    def card_facts(self, board: ScoredBoard) -> tuple[str, str, bool, dict[int, int], list[tuple[str, str]]]:
        """What a card's row reads of its board, in one look-up (some 700 rows a session):
        ``board_facts``, each line's place by its id (``line_index``) and each line's
        explanation anchors (``blocks``)."""
        facts = self._card_facts.get(id(board))
        if facts is None:
            slug, url, chart = self.board_facts(board)
            positions = self._positions.get(id(board))
            if positions is None:
                positions = self._positions[id(board)] = {id(x): i for i, x in enumerate(board.lines)}
            facts = self._card_facts[id(board)] = (slug, url, chart, positions, self.blocks(board)[1])
        return facts

    def board_order(self) -> dict[str, int]:
        """Each board's place in the session, by slug (a card's rows are sorted by it)."""
        if self._board_order is None:
            self._board_order = {self.board_facts(b)[0]: i for i, b in enumerate(self.result.boards)}
        return self._board_order

    def line_index(self, board: ScoredBoard, line: ScoredLine) -> int:
        """Where a scorecard's line is on its board: by identity (a pair has one result per
        board, so the lines differ); ``index`` compared whole dataclasses line by line."""
        positions = self._positions.get(id(board))
        if positions is None:
            positions = self._positions[id(board)] = {id(x): i for i, x in enumerate(board.lines)}
        i = positions.get(id(line))
        return board.lines.index(line) if i is None else i

    # --- helpers -------------------------------------------------------------------
    def fig(self, value: Fraction | None) -> str:
        return self.figure(value, None)

    def pair_label(self, ref: PairRef | None, direction: bool = True) -> str:
        """'A11 NS' (a two-winner field's pair); without ``direction`` where the sentence says it
        already ('NS 11 v EW 12', not 'NS 11 NS v EW 12 EW')."""
        if ref is None:
            return "—"
        section = ref.section if self.multi_section else ""
        seat = f" {ref.direction.value}" if ref.direction and direction else ""
        return f"{section}{ref.number}{seat}"

    def pair_link(self, ref: PairRef | None, short: bool = False) -> dict[str, Any]:
        """A pair as a link; ``short`` drops the direction (a traveller's column already says it).
        Made once per pair and shared by every row that shows it (templates only read it)."""
        # by identity first: a PairRef's hash (its fields, an enum among them) costs more than
        # the link; the memo keeps the ref, so its id stays its own
        seen = self._links_by_id.get((id(ref), short))
        if seen is not None and seen[0] is ref:
            return seen[1]
        link = self._links.get((ref, short))
        if link is None:
            if ref is None:
                link = {"label": "—", "url": None, "names": ""}
            else:
                pair = self.pair_names.get(ref)
                label = f"{ref.section if self.multi_section else ''}{ref.number}" if short else self.pair_label(ref)
                link = {"label": label, "url": pair_file(ref) if pair else None, "names": pair.names if pair else ""}
            self._links[(ref, short)] = link
        self._links_by_id[(id(ref), short)] = (ref, link)
        return link

    def players(self, ref: PairRef) -> list[dict[str, str]]:
        found = self._players.get(ref)
        if found is None:
            pair = self.pair_names.get(ref)
            found = (
                []
                if pair is None
                else [{"name": p.name, "url": "../../" + player_path(player_slug(p.name))} for p in pair.players]
            )
            self._players[ref] = found
        return found

    def base(self, path: str, title: str, **extra: Any) -> dict[str, Any]:
        """What every page of the session shows: ``base.html``'s part, then the session's."""
        head: PageBase = {
            "club": self.site.club,
            "title": title,
            "root": "../../",
            "page_path": path,
            "crumbs": [("../../index.html", "Home"), ("index.html", session_title(self.session))],
            "head": page_head(
                self.site.meta,
                self.site.club,
                path,
                title,
                ", ".join(x for x in (session_title(self.session), long_date(self.session)) if x),
                session_title(self.session),
            ),
        }
        if self._session_head is None:  # the same on every page of the session: made once
            self._session_head = {
                "session_title": session_title(self.session),
                "session_date": long_date(self.session),
                "session_kind": session_kind(self.session),
                "unit": self.unit,
                "unit_word": self.unit_word,
                "unit_short": UNIT_SHORT[self.unit],
                "entrant": self.entrant,
            }
        ctx: dict[str, Any] = {**head, **self._session_head}
        ctx.update(extra)
        return ctx

    # --- the pages -----------------------------------------------------------------
    def pages(self, pairs: bool = True) -> list[Page]:
        """Every page of the session; without the pair pages when ``pairs`` is false (a big
        field's are planned by several processes, each a slice: ``pair_pages``, pipeline.py)."""
        pages = [self.session_page()]
        pages += [self.board_page(b, i) for i, b in enumerate(self.result.boards)]
        pages += [
            Page(f"{self.dir}/{traveller_file(b.slug)}", None, data=traveller_csv(b, self.pair_label))
            for b in self.result.boards
            if is_big(b)
        ]
        if pairs:
            pages += self.pair_pages(self.result.standings)
        pages += [match_page(self, i, m) for i, m in enumerate(self.result.matches, start=1)]
        pages += swiss_pages.pages(self)
        moved = redirect_pages(self.moves(pages), {p.path for p in pages} | self.pair_paths(), self.site.meta)
        self.redirected = [p.path for p in moved]
        return pages + moved

    def pair_paths(self) -> set[str]:
        return {f"{self.dir}/{pair_file(s.ref)}" for s in self.result.standings}

    def moves(self, pages: Sequence[Page]) -> list[tuple[str, str]]:
        """(old, new) for every page of the session whose address an earlier scheme gave
        otherwise: pair and board pages by their old names, and every page of the session
        under the session's old folder (an upload whose name had letters the old scheme dropped)."""
        renamed: list[tuple[str, str]] = []
        for scheme in LEGACY:
            renamed += [(scheme.pair_file(s.ref), pair_file(s.ref)) for s in self.result.standings]
            renamed += [
                (scheme.board_file(b.number, b.section), board_file(b.number, b.section)) for b in self.result.boards
            ]
        prefix = self.dir + "/"
        pairs = self.pair_paths()
        same = [(p.path[len(prefix) :],) * 2 for p in pages if p.template is not None and p.path not in pairs]
        return [
            (f"{folder}/{old}", f"{self.dir}/{new}")
            for folder in dict.fromkeys((self.dir, *(session_dir(s) for s in self.legacy)))
            for old, new in (renamed if folder == self.dir else renamed + same)
        ]

    def pair_pages(self, standings: Sequence[Standing]) -> list[Page]:
        return [pair_page(self, s) for s in standings]

    def board_title(self, board: ScoredBoard) -> str:
        return f"Board {board.number}" + (f", section {board.section}" if board.section else "")

    def session_page(self) -> Page:
        path = f"{self.dir}/index.html"
        fields: list[dict[str, Any]] = []
        for f in sorted(self.result.fields, key=_field_order):
            rows = []
            for s in f.standings:
                rows.append(
                    {
                        "rank": s.rank_label,
                        "pair": self.pair_link(s.ref, short=bool(s.ref.direction)),
                        "players": self.players(s.ref),
                        "total": s.total,
                        "percentage": s.percentage,
                        "score": s.score,
                        "boards": s.boards_played,
                        "url": pair_file(s.ref),
                        "penalised": bool(s.penalty),
                        "masterpoints": s.pair.masterpoints,
                        "strata": s.strata,
                        "scaled_total": s.scaled_total,
                        "mark": self.record["pair_marks"].get(s.ref.slug),
                    }
                )
            factored = any(r["score"] != r["total"] for r in rows) and self.unit == "imps"
            fields.append(
                {
                    "name": field_name(f.name),
                    "rows": rows,
                    "factored": factored,
                    "missed": len({r["boards"] for r in rows}) > 1,
                    "scaled": any(r["scaled_total"] is not None for r in rows),
                    "places": fmt.mp_places([r["total"] for r in rows]),
                    "has_percentage": any(r["percentage"] is not None for r in rows),
                    "has_masterpoints": any(r["masterpoints"] for r in rows),
                    "has_strata": any(r["strata"] for r in rows),
                    "handicap_rows": [self.handicap_row(s) for s in f.handicap_standings],
                }
            )
        boards = [
            {"label": b.slug, "title": self.board_title(b), "url": board_file(b.number, b.section)}
            for b in self.result.boards
        ]
        teams = [
            {
                "rank": t.rank_label,
                "name": t.team.name,
                "total": t.total,
                "imps_for": t.imps_for,
                "imps_against": t.imps_against,
                "matches": t.matches,
                "total_text": fmt.vp(t.total) if t.total_unit == "vps" else fmt.imps(t.total),
                "players": [
                    {"name": p.name, "url": "../../" + player_path(player_slug(p.name))} for p in t.team.players
                ],
            }
            for t in self.result.team_standings
        ]
        matches = [match_summary(self, i, m) for i, m in enumerate(self.result.matches, start=1)]
        standing = self.result.team_standings[0] if self.result.team_standings else None
        return Page(
            path,
            "session.html",
            self.base(
                path,
                session_title(self.session),
                crumbs=[("../../index.html", "Home")],
                fields=fields,
                boards=boards,
                teams=teams,
                matches=matches,
                options=self.result.options.to_dict(),
                team_total_header=_heading(standing.total_unit_label) if standing else "",
                board_header=_heading(standing.board_unit_label) if standing else "",
                penalised=any(r["penalised"] for f in fields for r in f["rows"]),
                club_of_session=self.session.club,
                corrections=self.record["corrections"],
                history_notes=self.record["notes"],
                provisional=self.provisional,
                has_deals=any(b.deal is not None for b in self.session.boards),
                reconcile=self.reconciliation(),
                events=self.events,
                **swiss_pages.session_context(self),
            ),
        )

    def reconciliation(self) -> dict[str, Any] | None:
        """When the upload carries the program's own figures: how many of them ours agree with,
        and where and why the others differ (`check`'s audit, under the options the site uses)."""
        from ..check import audit, summary_lines
        from ..readers.printed import printed_figures

        figures = printed_figures(self.session)
        if figures is None:
            return None
        a = audit(self.result)
        if not a.compared:
            return None
        program = figures.program if figures.program and figures.program != "PBN" else "the scoring program"
        conventions, differences = self.program_conventions(a) if a.differences else (None, a.differences)
        return {
            "program": program,
            "agree": a.agreeing,
            "compared": a.compared,
            "summary": summary_lines(a, differences),
            "details": [str(d) for d in differences],
            "conventions": conventions,
        }

    def program_conventions(self, a) -> tuple[dict[str, Any] | None, list[Any]]:
        """The conventions `check` finds for the program (docs/check.md), when they explain more of
        its figures than the site's options do: named, with how many figures then agree, and the
        differences with those they explain given that reason.  The site still publishes its own
        scoring (the club's options); the note says so."""
        from dataclasses import replace as with_reason

        from ..check import audit
        from ..conventions import find_conventions, meaning

        search = find_conventions(self.session, {}, audit, site=self.scoring)
        if not search.found or search.audit.agreeing <= a.agreeing:
            return None, a.differences
        found = [meaning({k: v}) for k, v in search.found.items()]
        reason = "the program's conventions (" + "; ".join(found) + ")"
        differences = [
            with_reason(d, reason=reason, detail="") if (d.where, d.what) in search.audit.agreed else d
            for d in a.differences
        ]
        return {"found": found, "agree": search.audit.agreeing}, differences

    def handicap_row(self, s: Standing) -> dict[str, Any]:
        """A row of the handicap ranking: scratch %, the handicap added, handicapped %."""
        h = s.handicap
        assert h is not None
        return {
            "rank": h.rank_label,
            "scratch_rank": s.rank_label,
            "pair": self.pair_link(s.ref, short=bool(s.ref.direction)),
            "players": self.players(s.ref),
            "scratch": s.percentage,
            "applied": h.applied,
            "percentage": h.percentage,
            "url": pair_file(s.ref),
        }

    def line_row(
        self, board: ScoredBoard, line: ScoredLine, anchors: tuple[str, str], analysis: DealAnalysis | None = None
    ) -> dict[str, Any]:
        tl = line.line
        ns_out, ew_out = tl.ns, tl.ew
        line_marks = self.record["line_marks"]  # a correction's marks on the line (none: not looked up)
        marks = line_marks.get(line_key(board.slug, tl.ns_pair, tl.ew_pair), {}) if line_marks else {}
        both_artificial = isinstance(ns_out, Artificial) and isinstance(ew_out, Artificial)
        split = is_split(tl)
        versus = None
        if analysis is not None and isinstance(ns_out, Scored) and not ns_out.is_weighted and not split:
            versus = versus_double_dummy(ns_out.components[0].play, analysis)
        return {
            "dd": versus,
            "ns_pair": self.pair_link(tl.ns_pair, short=True),
            "ew_pair": self.pair_link(tl.ew_pair, short=True),
            "seats": None
            if tl.seats is None
            else {
                side: [
                    {"seat": seat, **self.pair_link(ref, short=True)}
                    for seat, ref in tl.seats.by_seat()
                    if seat in side
                ]
                for side in ("NS", "EW")
            },
            "ns": self.outcome_view(ns_out),
            "ew": self.outcome_view(ew_out) if split and not both_artificial else None,
            "ruling": _ruling(ns_out, ew_out, self.session.method, self.result.options)
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

    def outcome_view(self, outcome) -> dict[str, Any]:
        """Made once per outcome (a line shows on its board page and on both pairs' pages);
        the memo holds the outcome too, so its id cannot be reused while the planner lives."""
        found = self._views.get(id(outcome))
        if found is None:
            found = self._views[id(outcome)] = (outcome, self._outcome_view(outcome))
        return found[1]

    def _outcome_view(self, outcome) -> dict[str, Any]:
        if isinstance(outcome, Artificial):
            return {
                "kind": "artificial",
                "code": outcome.code,
                "words": f"{_heading(adjusted_worth.award_label(outcome, self.session.method, self.result.options))}: "
                "the director's ruling",
            }
        if outcome.is_weighted:
            return {
                "kind": "weighted",
                "components": [{"weight": c.weight, **_play(c.play)} for c in outcome.components],
            }
        return {"kind": "play", **_play(outcome.components[0].play)}

    def board_page(self, board: ScoredBoard, index: int) -> Page:
        path = f"{self.dir}/{board_file(board.number, board.section)}"
        blocks, anchors = self.blocks(board)
        info = self.deals.get(board.number)
        found = self.analysis.for_board(info) if self.analysis else None
        analysis = found.analysis if found else None
        big = is_big(board)  # a big field: the frequency table is the page, the traveller a CSV beside it
        lines = [] if big else [self.line_row(board, line, anchors[i], analysis) for i, line in enumerate(board.lines)]
        score_anchor_ns: dict[int, str] = {}
        score_anchor_ew: dict[int, str] = {}
        for row, (a_ns, a_ew) in zip(board.lines, anchors):
            out = row.line.ns
            if isinstance(out, Scored) and not out.is_weighted and not is_split(row.line):
                score_anchor_ns.setdefault(out.components[0].play.ns_score, a_ns)
                score_anchor_ew.setdefault(out.components[0].play.ns_score, a_ew)
        freq: list[dict[str, Any]] = [
            {
                "score": r.ns_score,
                "frequency": r.frequency,
                "factored": r.factored,
                "ns": r.ns,
                "ew": r.ew,
                "occurs": r.occurs,
                "ns_anchor": score_anchor_ns.get(r.ns_score),
                "ew_anchor": score_anchor_ew.get(r.ns_score),
            }
            for r in board.frequencies
        ]
        ew_freq = None
        if board.ew_frequencies is not None and board.ew_frequencies != board.frequencies:
            ew_freq = [
                {
                    "score": r.ns_score,
                    "frequency": r.frequency,
                    "factored": r.factored,
                    "ns": r.ns,
                    "ew": r.ew,
                    "occurs": r.occurs,
                    "ns_anchor": None,
                    "ew_anchor": None,
                }
                for r in board.ew_frequencies
            ]
        deal = self.deal_view(info.deal) if info and info.deal else None
        records = records_view(board, info, lambda i: self.table_words(board.lines[i].line))
        for i, shown_line in enumerate(lines):
            tl = board.lines[i].line
            if tl.auction is not None or tl.card_play is not None:
                shown_line["record"] = {"id": line_anchor(i), "what": "auction" if tl.auction is not None else "play"}
        prev_b = self.result.boards[index - 1] if index > 0 else None
        next_b = self.result.boards[index + 1] if index + 1 < len(self.result.boards) else None
        board_block = block(
            "board-arithmetic",
            f"{self.board_title(board)}: how the board was scored",
            board.explanation,
            self.site.rule_map,
            self.site.article_titles,
            self.rules,
            None,
            self.block_ends,
        )
        worth = []
        views: list[dict[str, Any] | None] = []  # each entry's shared view (None: adjusted_worth's)
        for i, r in enumerate(lines):
            if (w := self.worth(board, i)) is not None:
                worth.append(dict(w, ns_pair=r["ns_pair"], ew_pair=r["ew_pair"], table=_table_of(r)))
                views.append(w)
            else:  # weighted, split and artificial lines: adjusted_worth words them
                adjusted = [
                    dict(e, ns_pair=r["ns_pair"], ew_pair=r["ew_pair"], table=_table_of(r))
                    for e in self.adjusted_worth(board, i)
                ]
                worth += adjusted
                views += [None] * len(adjusted)
        places = fmt.mp_places(
            [v for line in board.lines for v in (line.ns.value, line.ew.value)]
            + [v for r in freq for v in (r["ns"], r["ew"])]
            + [w[k]["value"] for w in worth if "what" not in w for k in ("played", "fewer", "more") if w[k]]
            + [v for w in worth if "what" in w for v in w["figures"]]
        )
        texts: dict[int, str] = {}  # lines with the same result share a view: worded once
        for w, view in zip(worth, views):
            if view is None:
                w["text"] = adjusted_worth.text(w, self.unit, UNIT_SHORT[self.unit], places)
            else:
                text = texts.get(id(view))
                if text is None:
                    text = texts[id(view)] = self.worth_text(w, places)
                w["text"] = text
        occurring = [r for r in freq if r["occurs"]]
        # each label and figure written once, for the bar and the text alternative
        shown = [(r, fmt.score(r["score"]), fmt.exact(r["frequency"])) for r in occurring] if len(occurring) > 1 else []
        chart = (
            bar_chart(
                "dist",
                [Bar(label, float(r["frequency"]), text, f"dist-{r['score']}") for r, label, text in shown],
                f"{self.board_title(board)}: how often each NS score was scored",
                "NS score and the number of tables that scored it: "
                + "; ".join(f"{label}: {text}" for _, label, text in shown)
                + ".",
                float(max((r["frequency"] for r in occurring), default=1)),
                kind="dist",
            )
            if len(occurring) > 1
            else None
        )
        factored = board.factor != 1 or any(r.frequency.denominator != 1 for r in board.frequencies)
        return Page(
            path,
            "board.html",
            self.base(
                path,
                self.board_title(board),
                board=board,
                places=places,
                deal=deal,
                deal_note=info.deal_note if info and not deal else "",
                records=records,
                dealer=SEATS[board.dealer],
                chart=chart,
                dd=dd_view(analysis),
                dd_warning=found.warning if found else "",
                dd_article=self.dd_article() if analysis else None,
                worth=worth,
                worth_adjusted=any("what" in w for w in worth),
                corrected=any(r["marks"] for r in lines),
                vulnerability=board.vulnerability,
                lines=lines,
                freq=freq,
                ew_freq=ew_freq,
                sitouts=[self.pair_link(ref) for ref in board.sitouts],
                traveller_csv=traveller_file(board.slug) if big else None,
                line_count=len(board.lines),
                factored=factored,
                blocks=blocks,
                board_block=board_block,
                weighted_rows=any(r["occurs"] is False for r in freq),
                prev={"url": board_file(prev_b.number, prev_b.section), "title": self.board_title(prev_b)}
                if prev_b
                else None,
                next={"url": board_file(next_b.number, next_b.section), "title": self.board_title(next_b)}
                if next_b
                else None,
            ),
        )

    def worth_text(self, w: dict[str, Any], places: int | None) -> str:
        """'10 tricks: +420, 5.25 MP; 11 tricks would have been +450: 7.75 MP' — the figures
        through the site's filters (written here once per line, not by a template macro)."""
        short = UNIT_SHORT[self.unit]
        figure = self.figure

        def fig(r: dict[str, Any]) -> str:
            return f"{figure(r['value'], places)} {short}"

        p = w["played"]
        parts = [f"{p['tricks']} tricks: {fmt.signed_score(p['score'])}, {fig(p)}"]
        parts += [
            f"{w[k]['tricks']} tricks would have been {fmt.signed_score(w[k]['score'])}: {fig(w[k])}"
            for k in ("fewer", "more")
            if w[k]
        ]
        return "; ".join(parts)

    def dd_article(self) -> dict[str, str] | None:
        """The article on double dummy and par, when the site has one (its rules list ``double_dummy``)."""
        slug = rule_info("double_dummy", self.site.rule_map, self.rules)[0]
        return {"slug": slug, "title": self.site.article_titles.get(slug, slug)} if slug else None

    def worth(self, board: ScoredBoard, index: int, direction: Direction | None = None) -> dict[str, Any] | None:
        """What one trick more or fewer was worth on line ``index`` (the board re-scored by
        the engine for each), from ``direction``'s side or else the declaring side's."""
        found, play, declarer_ns = self._worth_entry(board, index)
        if found is None:
            return None
        ns = (direction is Direction.NS) if direction is not None else declarer_ns
        # The board page asks for the declaring side's view and each pair's card for its own;
        # lines with the same result share one (callers copy it before adding to it).
        seen = self._worth_views.get((id(found), ns))
        if seen is None:
            seen = self._worth_views[(id(found), ns)] = _worth_view(found, play, ns, declarer_ns)
        return seen

    def worth_swing(self, board: ScoredBoard, index: int, direction: Direction) -> Fraction | int | None:
        """``worth(board, index, direction)["swing"]`` without making the view (a card makes
        views only for its three biggest swings; the other side's view of a line is rarely
        one of them); None where ``worth`` is None."""
        found = self._worth_entry(board, index)[0]
        if found is None:
            return None
        ns = direction is Direction.NS
        view = self._worth_views.get((id(found), ns))
        if view is not None:
            shown: Fraction | int = view["swing"]
            return shown
        swing = self._swings.get((id(found), ns))  # (found is kept in _worth: its id stays its own)
        if swing is None:
            swing = self._swings[(id(found), ns)] = _swing_of(found, ns)
        return swing

    def _worth_entry(self, board: ScoredBoard, index: int) -> tuple[TrickWorth | None, Any, bool]:
        """``_trick_worth`` of line ``index``, worked out once a line."""
        key = (id(board), index)
        entry = self._worth.get(key)
        if entry is None:
            entry = self._worth[key] = self._trick_worth(board, index)
        return entry

    def _trick_worth(self, board: ScoredBoard, index: int) -> tuple[TrickWorth | None, Any, bool]:
        """``trick_worth`` of line ``index``, its play and whether NS declared, shared by the
        lines of the board with the same result (contract, declarer, tricks, score) and the
        same figures: the trick values depend on nothing else.  Teams boards have none."""
        if board.method is ScoringMethod.TEAMS:
            return None, None, False
        line = board.lines[index]
        outcome = line.line.ns
        play = outcome.single if isinstance(outcome, Scored) and not is_split(line.line) else None
        memo = self._worth_memo.get(id(board))
        if memo is None:
            memo = self._worth_memo[id(board)] = {}
        if play is None:  # not a single result: trick_worth says None (adjusted_worth words it)
            return trick_worth(board, index, self.result.options, memo), None, False
        # by identity: contracts and seats are shared objects, alive as long as the board
        same = (id(play.contract), id(play.declarer), play.tricks, play.ns_score)
        shared = self._worth_shared.get(id(board))
        if shared is None:
            shared = self._worth_shared[id(board)] = {}
        hit = shared.get(same)
        if (
            hit is not None
            and _same(hit[0].played.ns_value, line.ns.value)
            and _same(hit[0].played.ew_value, line.ew.value)
        ):
            return hit
        found = trick_worth(board, index, self.result.options, memo)
        declarer_ns = play.declarer is Seat.N or play.declarer is Seat.S
        if found is None:
            return None, play, declarer_ns
        shared[same] = entry = (found, play, declarer_ns)
        return entry

    def adjusted_worth(
        self, board: ScoredBoard, index: int, direction: Direction | None = None
    ) -> list[dict[str, Any]]:
        """A weighted, split or artificial line's trick values (``adjusted_worth.entries``):
        every side whose own score it is, or only ``direction``'s.  None on teams boards."""
        if board.method is ScoringMethod.TEAMS or not adjusted_worth.adjusted(board, index):
            return []
        return adjusted_worth.entries(board, index, self.result.options, (direction,) if direction else None)

    def deal_view(self, deal) -> dict[str, Any]:
        hands = {}
        for seat in (Seat.N, Seat.E, Seat.S, Seat.W):
            if seat not in deal.hands:
                continue
            suits = deal.suits(seat)
            hands[seat.value] = {
                "name": SEATS[seat],
                "suits": list(zip("SHDC", suits)),
                "hcp": sum(hcp(s) for s in suits),
            }
        return {"hands": hands}

    # --- summary for the archive pages (summary.py) -----------------------------------
    def summary(self) -> SessionSummary:
        return session_summary(self)

    def table_words(self, line) -> str:
        """A traveller line's table as a heading names it: 'Table 1: NS 1 v EW 2'."""
        table = f"Table {line.table}: " if line.table is not None else ""
        if line.seats is not None:
            return table + " v ".join(
                ", ".join(
                    f"{seat} {self.pair_link(ref, short=True)['label']}"
                    for seat, ref in line.seats.by_seat()
                    if seat in side
                )
                for side in ("NS", "EW")
            )
        ns, ew = self.pair_link(line.ns_pair, short=True), self.pair_link(line.ew_pair, short=True)
        return f"{table}NS {ns['label']} v EW {ew['label']}"

    def warnings(self) -> list[str]:
        """What the reader left out or believed over the file (a hand record left out, say), lines
        taken on trust from the program's export, and auctions and play left out (optional
        information that could not be right), for the build summary."""
        from ..readers.printed import printed_figures

        figures = printed_figures(self.session)
        return (
            [f"{self.session.source}: {w}" for w in (figures.warnings if figures else ())]
            + [
                f"{self.session.source}: board {b.number}, NS {self.pair_label(l.line.ns_pair, direction=False)} v EW "
                f"{self.pair_label(l.line.ew_pair, direction=False)}: {l.line.note}"
                for b in self.result.boards
                for l in b.lines
                if l.line.note
            ]
            + [
                f"{self.session.source}: board {b.number}, {note}"
                for b in self.session.boards
                for note in b.record_notes
            ]
        )


def _same(a: Fraction, b: Fraction) -> bool:
    return a is b or a == b


def _worth_view(found: TrickWorth, play, ns: bool, declarer_ns: bool) -> dict[str, Any]:
    """One side's view of a line's trick values: its scores and figures, and the biggest
    change one trick made (``swing``, which orders a card's 'where a trick mattered')."""

    def side(r):
        return (
            None
            if r is None
            else {
                "tricks": r.tricks,
                "score": r.ns_score if ns else -r.ns_score,
                "value": r.ns_value if ns else r.ew_value,
            }
        )

    view = {
        "side": "NS" if ns else "EW",
        "contract": play.contract,
        "declarer": play.declarer.value,
        "declaring": ns == declarer_ns,
        "played": side(found.played),
        "fewer": side(found.fewer),
        "more": side(found.more),
    }
    view["swing"] = _swing_of(found, ns)
    return view


def _swing_of(found: TrickWorth, ns: bool) -> Fraction | int:
    """The biggest change one trick more or fewer made to ``ns``'s (else EW's) figure: an
    int for whole figures (no Fraction made), Fraction(0) when none."""
    played = found.played.ns_value if ns else found.played.ew_value
    swing: Fraction | int = 0
    for r in (found.fewer, found.more):
        if r is not None:
            other = r.ns_value if ns else r.ew_value
            if played.denominator == 1 and other.denominator == 1:  # whole figures: no Fraction made
                change: Fraction | int = abs(other.numerator - played.numerator)
            else:
                change = abs(other - played)
            if change > swing:
                swing = change
    return swing if swing else Fraction(0)


def _ruling(ns: Artificial, ew: Artificial, method: ScoringMethod, options: ScoringOptions) -> str:
    """'Average-plus (60%) to NS, average-minus (40%) to EW: the director's ruling' (in IMPs on an IMP board)."""
    ns_words, ew_words = (adjusted_worth.award_label(a, method, options) for a in (ns, ew))
    if ns == ew:
        return f"{_heading(ns_words)} to both sides: the director's ruling"
    return f"{_heading(ns_words)} to NS, {ew_words} to EW: the director's ruling"


def _heading(label: str) -> str:
    """'board points' → 'Board points'; 'VPs' and 'IMPs' stay as they are."""
    return label[:1].upper() + label[1:]


def _field_order(f) -> tuple[str, int]:
    """Sections in order; North-South before East-West."""
    parts = f.name.split()
    return (" ".join(p for p in parts if p not in ("NS", "EW")), 1 if "EW" in parts else 0)


def _play(play) -> dict[str, Any]:
    return {
        "contract": play.contract,
        "declarer": play.declarer.value if play.declarer else "",
        "tricks": play.tricks,
        "lead": play.lead,
        "ns_score": play.ns_score,
    }


def plan_session(
    result: SessionResult,
    slug: str,
    site: SiteInfo,
    record: dict[str, Any] | None = None,
    provisional: dict[str, Any] | None = None,
    analysis: SessionAnalysis | None = None,
    events: list[dict[str, str]] | None = None,
    scoring: dict[str, Any] | None = None,
) -> tuple[list[Page], SessionSummary]:
    planner = SessionPlanner(result, slug, site, record, provisional, analysis, events, scoring)
    return planner.pages(), planner.summary()

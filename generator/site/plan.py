"""The page plan of one session: each page's path, template and context — pure data.

Nothing here renders HTML or rounds a figure: contexts carry the engine's exact
``Fraction``s and the templates format them through the filters in ``format.py``.
``plan_session`` also returns the session's summary for the cross-session pages
(home, players), which the build caches as JSON.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..analysis.compare import versus_double_dummy
from ..analysis.double_dummy import DealAnalysis, SessionAnalysis
from ..history.snapshot import line_key
from ..model import Artificial, Direction, PairRef, Scored, ScoringMethod, Session
from ..scoring.contract import Seat, Strain, board_dealer, board_vulnerability
from ..scoring.pairs_methods import award_words
from ..scoring.results import ScoredBoard, ScoredLine, SessionResult, Standing
from ..scoring.trick_value import trick_worth
from . import adjusted_worth, match_analysis, swiss_pages
from . import format as fmt
from .big_field import is_big, traveller_csv, traveller_file
from .charts import Bar, bar_chart
from .explain_view import block, board_blocks, rule_info
from .links import board_file, pair_file, player_key, player_path, player_slug, session_dir
from .sitout_rows import sitout_rows

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")
SEATS = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}


@dataclass(slots=True)
class Page:
    path: str
    """Where the page goes, POSIX, relative to the site root."""
    template: str | None
    context: dict[str, Any] = field(default_factory=dict)
    data: bytes | None = None
    """Pages that are not templates (downloads): their bytes."""


@dataclass(frozen=True, slots=True)
class SiteInfo:
    """What every page of every session needs to know about the site (part of the cache key)."""

    club: str
    rule_map: dict[str, str]
    """Explanation rule prefix -> article slug."""
    article_titles: dict[str, str]


DD_SEATS = (Seat.N, Seat.S, Seat.E, Seat.W)
DD_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)


def unit_of(method: ScoringMethod) -> str:
    return {ScoringMethod.MATCHPOINTS: "matchpoints", ScoringMethod.BUTLER: "imps",
            ScoringMethod.CROSS_IMPS: "imps", ScoringMethod.AGGREGATE: "points",
            ScoringMethod.TEAMS: "imps"}[method]


UNIT_WORDS = {"matchpoints": "matchpoints", "imps": "IMPs", "points": "points"}
UNIT_SHORT = {"matchpoints": "MP", "imps": "IMPs", "points": "Points"}


def session_kind(session: Session) -> str:
    if session.method is ScoringMethod.TEAMS:
        return "Teams (IMPs, VPs)" if session.matches else "Teams"
    if session.swiss:
        return f"Swiss pairs, {'cross-IMPs' if session.method is ScoringMethod.CROSS_IMPS else 'Butler IMPs'}, VPs"
    movement = "Mitchell" if any(p.ref.direction for p in session.pairs) else "Howell"
    method = {ScoringMethod.MATCHPOINTS: "matchpoints", ScoringMethod.BUTLER: "Butler IMPs",
              ScoringMethod.CROSS_IMPS: "cross-IMPs", ScoringMethod.AGGREGATE: "aggregate"}[session.method]
    if session.individual:
        return f"Individual, {method}"
    return f"Pairs, {movement}, {method}"


def _table_of(row: dict[str, Any]) -> str:
    """A traveller row as a sentence names it: 'NS 1 v EW 2', or the four players of an individual."""
    if row["seats"]:
        return " v ".join(", ".join(f"{p['seat']} {p['names']}" for p in row["seats"][side]) for side in ("NS", "EW"))
    return f"{row['ns_pair']['label']} v {row['ew_pair']['label']}"


def _seat_of(seats, ref: PairRef) -> str | None:
    """The seat (N, S, E, W) a player sat in on an individual event's line."""
    return next((seat for seat, player in seats.by_seat() if player == ref), None) if seats else None


def session_title(session: Session) -> str:
    return session.event or session.title or "Session"


def long_date(session: Session) -> str:
    d = session.date
    return f"{d.day} {MONTHS[d.month - 1]} {d.year}" if d else ""


def hcp(cards: str) -> int:
    return sum(HCP.get(c, 0) for c in cards.upper())


class SessionPlanner:
    def __init__(self, result: SessionResult, slug: str, site: SiteInfo, record: dict[str, Any] | None = None,
                 provisional: dict[str, Any] | None = None, analysis: SessionAnalysis | None = None,
                 events: list[dict[str, str]] | None = None):
        self.result = result
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
        self.multi_section = len({b.section for b in result.boards}) > 1 or len(self.session.sections) > 1
        self.entrant = "Player" if self.session.individual else "Pair"
        """What the session ranks, as pages name it: pairs, or players in an individual event."""
        self.pair_names = {p.ref: p for p in self.session.pairs}
        self.deals = {b.number: b for b in self.session.boards}
        self._blocks: dict[int, tuple[list, list[tuple[str, str]]]] = {}
        self._positions: dict[int, dict[int, int]] = {}
        self._links: dict[tuple[PairRef | None, bool], dict[str, Any]] = {}
        self._players: dict[PairRef, list[dict[str, str]]] = {}
        self._views: dict[int, tuple[Any, dict[str, Any]]] = {}
        self._rules: dict[str, tuple[str | None, str]] = {}
        self._worth: dict[tuple[int, int], Any] = {}
        self._worth_memo: dict[int, dict] = {}
        self._worth_views: dict[tuple[tuple[int, int], bool], dict[str, Any]] = {}
        self._field_boards: dict[int, set[str]] = {}

    def blocks(self, board: ScoredBoard):
        """The board's distinct explanation blocks and each line's (NS, EW) anchors, computed once."""
        key = id(board)
        if key not in self._blocks:
            self._blocks[key] = board_blocks(board, self.unit_word, self.fig, self.site.rule_map,
                                             self.site.article_titles, self._rules)
        return self._blocks[key]

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
        return fmt.figure(value, self.unit)

    def pair_label(self, ref: PairRef | None) -> str:
        if ref is None:
            return "—"
        section = ref.section if self.multi_section else ""
        direction = f" {ref.direction.value}" if ref.direction else ""
        return f"{section}{ref.number}{direction}"

    def pair_link(self, ref: PairRef | None, short: bool = False) -> dict[str, Any]:
        """A pair as a link; ``short`` drops the direction (a traveller's column already says it).
        Made once per pair and shared by every row that shows it (templates only read it)."""
        link = self._links.get((ref, short))
        if link is None:
            if ref is None:
                link = {"label": "—", "url": None, "names": ""}
            else:
                pair = self.pair_names.get(ref)
                label = f"{ref.section if self.multi_section else ''}{ref.number}" if short else self.pair_label(ref)
                link = {"label": label, "url": pair_file(ref) if pair else None, "names": pair.names if pair else ""}
            self._links[(ref, short)] = link
        return link

    def players(self, ref: PairRef) -> list[dict[str, str]]:
        found = self._players.get(ref)
        if found is None:
            pair = self.pair_names.get(ref)
            found = [] if pair is None else [{"name": p.name, "url": "../../" + player_path(player_slug(p.name))}
                                             for p in pair.players]
            self._players[ref] = found
        return found

    def base(self, path: str, title: str, **extra: Any) -> dict[str, Any]:
        ctx = {"club": self.site.club, "title": title, "root": "../../", "page_path": path,
               "session_title": session_title(self.session), "session_date": long_date(self.session),
               "session_kind": session_kind(self.session), "unit": self.unit, "unit_word": self.unit_word,
               "unit_short": UNIT_SHORT[self.unit], "entrant": self.entrant, "crumbs": [("../../index.html", "Home"),
                                                             ("index.html", session_title(self.session))]}
        ctx.update(extra)
        return ctx

    # --- the pages -----------------------------------------------------------------
    def pages(self) -> list[Page]:
        pages = [self.session_page()]
        pages += [self.board_page(b, i) for i, b in enumerate(self.result.boards)]
        pages += [Page(f"{self.dir}/{traveller_file(b.slug)}", None, data=traveller_csv(b, self.pair_label))
                  for b in self.result.boards if is_big(b)]
        pages += [self.pair_page(s) for s in self.result.standings]
        pages += [self.match_page(i, m) for i, m in enumerate(self.result.matches, start=1)]
        pages += swiss_pages.pages(self)
        return pages

    def board_title(self, board: ScoredBoard) -> str:
        return f"Board {board.number}" + (f", section {board.section}" if board.section else "")

    def session_page(self) -> Page:
        path = f"{self.dir}/index.html"
        fields: list[dict[str, Any]] = []
        for f in sorted(self.result.fields, key=_field_order):
            rows = []
            for s in f.standings:
                rows.append({"rank": s.rank_label, "pair": self.pair_link(s.ref, short=bool(s.ref.direction)),
                             "players": self.players(s.ref),
                             "total": s.total, "percentage": s.percentage, "score": s.score,
                             "boards": s.boards_played, "url": pair_file(s.ref), "penalised": bool(s.penalty),
                             "masterpoints": s.pair.masterpoints, "strata": s.strata,
                             "scaled_total": s.scaled_total, "mark": self.record["pair_marks"].get(s.ref.slug)})
            factored = any(r["score"] != r["total"] for r in rows) and self.unit == "imps"
            fields.append({"name": _field_name(f.name), "rows": rows, "factored": factored,
                           "missed": len({r["boards"] for r in rows}) > 1,
                           "scaled": any(r["scaled_total"] is not None for r in rows),
                           "places": fmt.mp_places([r["total"] for r in rows]),
                           "has_percentage": any(r["percentage"] is not None for r in rows),
                           "has_masterpoints": any(r["masterpoints"] for r in rows),
                           "has_strata": any(r["strata"] for r in rows),
                           "handicap_rows": [self.handicap_row(s) for s in f.handicap_standings]})
        boards = [{"label": b.slug, "title": self.board_title(b), "url": board_file(b.slug)} for b in self.result.boards]
        teams = [{"rank": t.rank_label, "name": t.team.name, "total": t.total, "imps_for": t.imps_for,
                  "imps_against": t.imps_against, "matches": t.matches,
                  "total_text": fmt.vp(t.total) if t.total_unit == "vps" else fmt.imps(t.total),
                  "players": [{"name": p.name, "url": "../../" + player_path(player_slug(p.name))} for p in t.team.players]}
                 for t in self.result.team_standings]
        matches = [self.match_summary(i, m) for i, m in enumerate(self.result.matches, start=1)]
        standing = self.result.team_standings[0] if self.result.team_standings else None
        return Page(path, "session.html", self.base(
            path, session_title(self.session), crumbs=[("../../index.html", "Home")], fields=fields, boards=boards,
            teams=teams, matches=matches, options=self.result.options.to_dict(),
            team_total_header=_heading(standing.total_unit_label) if standing else "",
            board_header=_heading(standing.board_unit_label) if standing else "",
            penalised=any(r["penalised"] for f in fields for r in f["rows"]),
            club_of_session=self.session.club, corrections=self.record["corrections"],
            history_notes=self.record["notes"], provisional=self.provisional,
            has_deals=any(b.deal is not None for b in self.session.boards),
            reconcile=self.reconciliation(), events=self.events, **swiss_pages.session_context(self)))

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
        return {"program": program, "agree": a.agreeing, "compared": a.compared,
                "summary": summary_lines(a, differences), "details": [str(d) for d in differences],
                "conventions": conventions}

    def program_conventions(self, a) -> tuple[dict[str, Any] | None, list[Any]]:
        """The conventions `check` finds for the program (docs/check.md), when they explain more of
        its figures than the site's options do: named, with how many figures then agree, and the
        differences with those they explain given that reason.  The site still publishes its own
        scoring (the club's options); the note says so."""
        from dataclasses import replace as with_reason

        from ..check import audit
        from ..conventions import find_conventions, meaning

        search = find_conventions(self.session, {}, audit)
        if not search.found or search.audit.agreeing <= a.agreeing:
            return None, a.differences
        found = [meaning({k: v}) for k, v in search.found.items()]
        reason = "the program's conventions (" + "; ".join(found) + ")"
        differences = [with_reason(d, reason=reason, detail="") if (d.where, d.what) in search.audit.agreed else d
                       for d in a.differences]
        return {"found": found, "agree": search.audit.agreeing}, differences

    def handicap_row(self, s: Standing) -> dict[str, Any]:
        """A row of the handicap ranking: scratch %, the handicap added, handicapped %."""
        h = s.handicap
        assert h is not None
        return {"rank": h.rank_label, "scratch_rank": s.rank_label, "pair": self.pair_link(s.ref, short=bool(s.ref.direction)),
                "players": self.players(s.ref), "scratch": s.percentage, "applied": h.applied,
                "percentage": h.percentage, "url": pair_file(s.ref)}

    def line_row(self, board: ScoredBoard, line: ScoredLine, anchors: tuple[str, str],
                 analysis: DealAnalysis | None = None) -> dict[str, Any]:
        tl = line.line
        ns_out, ew_out = tl.ns, tl.ew
        both_artificial = isinstance(ns_out, Artificial) and isinstance(ew_out, Artificial)
        versus = None
        if analysis is not None and isinstance(ns_out, Scored) and not ns_out.is_weighted and not tl.is_split:
            versus = versus_double_dummy(ns_out.components[0].play, analysis)
        return {
            "dd": versus,
            "ns_pair": self.pair_link(tl.ns_pair, short=True), "ew_pair": self.pair_link(tl.ew_pair, short=True),
            "seats": None if tl.seats is None else {
                side: [{"seat": seat, **self.pair_link(ref, short=True)} for seat, ref in tl.seats.by_seat() if seat in side]
                for side in ("NS", "EW")},
            "ns": self.outcome_view(ns_out), "ew": self.outcome_view(ew_out) if tl.is_split and not both_artificial else None,
            "ruling": _ruling(ns_out, ew_out) if isinstance(ns_out, Artificial) and isinstance(ew_out, Artificial) else None,
            "ns_value": line.ns.value, "ew_value": line.ew.value, "ns_percent": line.ns.percent,
            "ew_percent": line.ew.percent, "ns_anchor": anchors[0], "ew_anchor": anchors[1], "note": tl.note,
            "marks": self.record["line_marks"].get(line_key(board.slug, tl.ns_pair, tl.ew_pair), {}),
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
            return {"kind": "artificial", "code": outcome.code,
                    "words": f"{award_words(outcome).capitalize()}: the director's ruling"}
        if outcome.is_weighted:
            return {"kind": "weighted", "components": [
                {"weight": c.weight, **_play(c.play)} for c in outcome.components]}
        return {"kind": "play", **_play(outcome.components[0].play)}

    def board_page(self, board: ScoredBoard, index: int) -> Page:
        path = f"{self.dir}/{board_file(board.slug)}"
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
            if isinstance(out, Scored) and not out.is_weighted and not row.line.is_split:
                score_anchor_ns.setdefault(out.components[0].play.ns_score, a_ns)
                score_anchor_ew.setdefault(out.components[0].play.ns_score, a_ew)
        freq: list[dict[str, Any]] = [{"score": r.ns_score, "frequency": r.frequency, "factored": r.factored, "ns": r.ns, "ew": r.ew,
                 "occurs": r.occurs, "ns_anchor": score_anchor_ns.get(r.ns_score),
                 "ew_anchor": score_anchor_ew.get(r.ns_score)} for r in board.frequencies]
        ew_freq = None
        if board.ew_frequencies is not None and board.ew_frequencies != board.frequencies:
            ew_freq = [{"score": r.ns_score, "frequency": r.frequency, "factored": r.factored, "ns": r.ns,
                        "ew": r.ew, "occurs": r.occurs, "ns_anchor": None, "ew_anchor": None}
                       for r in board.ew_frequencies]
        deal = self.deal_view(info.deal) if info and info.deal else None
        prev_b = self.result.boards[index - 1] if index > 0 else None
        next_b = self.result.boards[index + 1] if index + 1 < len(self.result.boards) else None
        board_block = block("board-arithmetic", f"{self.board_title(board)}: how the board was scored",
                            board.explanation, self.site.rule_map, self.site.article_titles, self._rules)
        worth = []
        for i, r in enumerate(lines):
            if (w := self.worth(board, i)) is not None:
                worth.append(dict(w, ns_pair=r["ns_pair"], ew_pair=r["ew_pair"], table=_table_of(r)))
            else:  # weighted, split and artificial lines: adjusted_worth words them
                worth += [dict(e, ns_pair=r["ns_pair"], ew_pair=r["ew_pair"], table=_table_of(r))
                          for e in self.adjusted_worth(board, i)]
        places = fmt.mp_places([v for line in board.lines for v in (line.ns.value, line.ew.value)]
                               + [v for r in freq for v in (r["ns"], r["ew"])]
                               + [w[k]["value"] for w in worth if "what" not in w
                                  for k in ("played", "fewer", "more") if w[k]]
                               + [v for w in worth if "what" in w for v in w["figures"]])
        for w in worth:
            w["text"] = self.worth_text(w, places) if "what" not in w else \
                adjusted_worth.text(w, self.unit, UNIT_SHORT[self.unit], places)
        occurring = [r for r in freq if r["occurs"]]
        chart = bar_chart(
            "dist", [Bar(fmt.score(r["score"]), float(r["frequency"]), fmt.exact(r["frequency"]), f"dist-{r['score']}")
                     for r in occurring],
            f"{self.board_title(board)}: how often each NS score was scored",
            "NS score and the number of tables that scored it: "
            + "; ".join(f"{fmt.score(r['score'])}: {fmt.exact(r['frequency'])}" for r in occurring) + ".",
            float(max((r["frequency"] for r in occurring), default=1)), kind="dist") if len(occurring) > 1 else None
        return Page(path, "board.html", self.base(
            path, self.board_title(board), board=board, places=places, deal=deal, dealer=SEATS[board.dealer],
            chart=chart,
            dd=_dd_view(analysis), dd_warning=found.warning if found else "",
            dd_article=self.dd_article() if analysis else None,
            worth=worth, worth_adjusted=any("what" in w for w in worth),
            corrected=any(r["marks"] for r in lines),
            vulnerability=board.vulnerability, lines=lines, freq=freq, ew_freq=ew_freq,
            sitouts=[self.pair_link(ref) for ref in board.sitouts],
            traveller_csv=traveller_file(board.slug) if big else None, line_count=len(board.lines),
            factored=board.factor != 1 or any(r.frequency.denominator != 1 for r in board.frequencies),
            blocks=blocks, board_block=board_block,
            prev={"url": board_file(prev_b.slug), "title": self.board_title(prev_b)} if prev_b else None,
            next={"url": board_file(next_b.slug), "title": self.board_title(next_b)} if next_b else None))

    def worth_text(self, w: dict[str, Any], places: int | None) -> str:
        """'10 tricks: +420, 5.25 MP; 11 tricks would have been +450: 7.75 MP' — the figures
        through the site's filters (written here once per line, not by a template macro)."""
        short = UNIT_SHORT[self.unit]

        def fig(r: dict[str, Any]) -> str:
            return f"{fmt.figure(r['value'], self.unit, places)} {short}"

        p = w["played"]
        parts = [f"{p['tricks']} tricks: {fmt.signed_score(p['score'])}, {fig(p)}"]
        parts += [f"{w[k]['tricks']} tricks would have been {fmt.signed_score(w[k]['score'])}: {fig(w[k])}"
                  for k in ("fewer", "more") if w[k]]
        return "; ".join(parts)

    def dd_article(self) -> dict[str, str] | None:
        """The article on double dummy and par, when the site has one (its rules list ``double_dummy``)."""
        slug = rule_info("double_dummy", self.site.rule_map, self._rules)[0]
        return {"slug": slug, "title": self.site.article_titles.get(slug, slug)} if slug else None

    def worth(self, board: ScoredBoard, index: int, direction: Direction | None = None) -> dict[str, Any] | None:
        """What one trick more or fewer was worth on line ``index`` (the board re-scored by
        the engine for each), from ``direction``'s side or else the declaring side's."""
        key = (id(board), index)
        if key not in self._worth:
            memo = self._worth_memo.setdefault(id(board), {})
            self._worth[key] = trick_worth(board, index, self.result.options, memo) \
                if board.method is not ScoringMethod.TEAMS else None
        found = self._worth[key]
        if found is None:
            return None
        outcome = board.lines[index].line.ns
        play = outcome.single if isinstance(outcome, Scored) else None
        assert play is not None and play.declarer is not None  # trick_worth found the line playable
        ns = (direction is Direction.NS) if direction else play.declarer.is_ns
        # The board page asks for the declaring side's view and each pair's card for its own:
        # one of those is the same view, made once (callers copy it before adding to it).
        seen = self._worth_views.get((key, ns))
        if seen is not None:
            return seen

        def side(r):
            return None if r is None else {"tricks": r.tricks, "score": r.ns_score if ns else -r.ns_score,
                                           "value": r.ns_value if ns else r.ew_value}
        view = {"side": "NS" if ns else "EW", "contract": play.contract, "declarer": play.declarer.value,
                "declaring": ns == play.declarer.is_ns,
                "played": side(found.played), "fewer": side(found.fewer), "more": side(found.more)}
        swings = [abs(view[k]["value"] - view["played"]["value"]) for k in ("fewer", "more") if view[k]]
        view["swing"] = max(swings, default=Fraction(0))
        self._worth_views[(key, ns)] = view
        return view

    def adjusted_worth(self, board: ScoredBoard, index: int,
                       direction: Direction | None = None) -> list[dict[str, Any]]:
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
            hands[seat.value] = {"name": SEATS[seat], "suits": list(zip("SHDC", suits)),
                                 "hcp": sum(hcp(s) for s in suits)}
        return {"hands": hands}

    def pair_page(self, standing: Standing) -> Page:
        ref = standing.ref
        path = f"{self.dir}/{pair_file(ref)}"
        rows = []
        for entry in standing.scorecard:
            board = entry.board
            index = self.line_index(board, entry.line)
            _, anchors = self.blocks(board)
            anchor = anchors[index][0 if entry.direction is Direction.NS else 1]
            outcome = entry.line.line.ns if entry.direction is Direction.NS else entry.line.line.ew
            view = self.outcome_view(outcome)
            rows.append({
                "board": board.slug, "board_url": board_file(board.slug), "direction": entry.direction.value,
                "opponents": self.pair_link(entry.opponents, short=True), "outcome": view,
                "seat": _seat_of(entry.line.line.seats, ref) if entry.partner is not None else None,
                "partner": self.pair_link(entry.partner, short=True) if entry.partner is not None else None,
                "against": [self.pair_link(o, short=True) for o in entry.opponent_players],
                "own_score": _own_score(view, entry.direction), "value": entry.score.value,
                "percent": entry.score.percent, "running": entry.running_total,
                "anchor_url": f"{board_file(board.slug)}#{anchor}",
                "missed": False,
                "dist_url": f"{board_file(board.slug)}#dist-{view['ns_score']}" if view["kind"] == "play"
                and sum(1 for f in board.frequencies if f.occurs) > 1 else None,
                "mark": self.record["line_marks"].get(line_key(board.slug, entry.line.line.ns_pair,
                                                               entry.line.line.ew_pair), {}).get(
                    "ns" if entry.direction is Direction.NS else "ew"),
            })
        mattered = []
        for entry in standing.scorecard:
            index = self.line_index(entry.board, entry.line)
            w = self.worth(entry.board, index, entry.direction)
            if w is not None and w["swing"] > 0:
                mattered.append({"board": entry.board.slug, "board_url": board_file(entry.board.slug), **w})
            elif w is None:
                mattered += [{"board": entry.board.slug, "board_url": board_file(entry.board.slug), **e}
                             for e in self.adjusted_worth(entry.board, index, entry.direction) if e["swing"] > 0]
        mattered = sorted(mattered, key=lambda m: -m["swing"])[:3]
        chart = None
        if standing.percentage is not None and rows:
            chart = bar_chart(
                "card", [Bar(r["board"], float(r["percent"]), fmt.percentage(r["percent"]) + "%")
                         for r in rows if r["percent"] is not None],
                f"{self.entrant} {self.pair_label(ref)}: percentage on each board",
                "Board and the pair's percentage on it: " + "; ".join(
                    f"board {r['board']}: {fmt.percentage(r['percent'])}%" for r in rows if r["percent"] is not None)
                + f". Session: {fmt.percentage(standing.percentage)}%.",
                100.0, step=20, reference=(float(standing.percentage), f"session {fmt.percentage(standing.percentage)}%"),
                kind="card", values=False)
        total = f"{fmt.figure(standing.total, self.unit)} {self.unit_word}" + (
            f", {fmt.percentage(standing.percentage)}%" if standing.percentage is not None else "")
        total_block = block("total", f"{self.entrant} {self.pair_label(ref)}: {total}", standing.explanation,
                            self.site.rule_map, self.site.article_titles, self._rules)
        handicap_block = None
        if standing.handicap is not None:
            h = standing.handicap
            shown = f"{fmt.percentage(h.percentage)}%" if h.percentage is not None else "no percentage"
            handicap_block = block("handicap", f"Pair {self.pair_label(ref)}: handicapped {shown}", h.explanation,
                                   self.site.rule_map, self.site.article_titles, self._rules)
        title = f"{self.entrant} {self.pair_label(ref)}: {standing.pair.names}"
        reasons = [p.reason for p in self.session.penalties if p.pair == ref and p.reason]
        penalty = {"reasons": ", ".join(reasons), "value": -standing.penalty, "total": standing.total,
                   "span": 4 + (len({r["direction"] for r in rows}) > 1 and not self.session.individual)
                   + (2 if self.session.individual else 0)} if standing.penalty else None
        card_places = fmt.mp_places([v for r in rows for v in (r["value"], r["running"])]
                                    + [m[k]["value"] for m in mattered if "what" not in m
                                       for k in ("played", "fewer", "more") if m[k]]
                                    + [v for m in mattered if "what" in m for v in m["figures"]]
                                    + ([penalty["value"], penalty["total"]] if penalty else []))
        for m in mattered:
            m["text"] = self.worth_text(m, card_places) if "what" not in m else \
                adjusted_worth.text(m, self.unit, UNIT_SHORT[self.unit], card_places)
        played = {r["board"] for r in rows}
        same_field = self._boards_of_field(standing)
        why = sitout_rows(self.session, standing)
        for board in self.result.boards:
            if board.slug in same_field and board.slug not in played:
                rows.append({"board": board.slug, "board_url": board_file(board.slug), "missed": True,
                             "direction": rows[0]["direction"] if rows else "", "why": why(board.number)})
        order = {b.slug: i for i, b in enumerate(self.result.boards)}
        rows.sort(key=lambda r: order.get(r["board"], 0))
        return Page(path, "pair.html", self.base(
            path, title, pair_label=self.pair_label(ref), players=self.players(ref), standing=standing,
            mattered=mattered, chart=chart,
            mark=self.record["pair_marks"].get(ref.slug), corrected=any(r.get("mark") for r in rows),
            field_name=_field_name(standing.field), rows=rows, total_block=total_block, penalty=penalty,
            handicap_block=handicap_block,
            show_direction=len({r["direction"] for r in rows if not r["missed"]}) > 1 and not self.session.individual,
            places=card_places, **swiss_pages.pair_context(self, ref)))

    def _boards_of_field(self, standing: Standing) -> set[str]:
        """The boards anyone in the pair's field played (once per field, not once per pair)."""
        field = self._field_of(standing)
        key = id(field)
        if key not in self._field_boards:
            self._field_boards[key] = {e.board.slug for other in field for e in other.scorecard}
        return self._field_boards[key]

    def _field_of(self, standing: Standing):
        """The standings of the pair's field (the pairs it is ranked with)."""
        for f in self.result.fields:
            if any(s is standing for s in f.standings):
                return f.standings
        return (standing,)

    # --- teams -----------------------------------------------------------------------
    def match_title(self, m) -> str:
        prefix = f"Round {m.match.round}: " if m.match.round else ""
        return f"{prefix}{m.match.home.name} v {m.match.away.name}"

    def match_summary(self, i: int, m) -> dict[str, Any]:
        return {"url": f"match-{i}.html", "title": self.match_title(m), "home": m.match.home.name,
                "away": m.match.away.name, "home_imps": m.home_imps, "away_imps": m.away_imps,
                "home_vp": m.home_vp, "away_vp": m.away_vp, "board_label": m.board_unit_label,
                "outcome": _match_outcome(m)}

    def match_page(self, i: int, m) -> Page:
        path = f"{self.dir}/match-{i}.html"
        rows = []
        played = {tb.number: tb for tb in m.match.boards}
        for b in m.boards:
            tb = played.get(b.number)
            rows.append({"number": b.number, "home_ns": b.home_ns, "home_ew": b.home_ew,
                         "home_ew_own": -b.home_ew if b.home_ew is not None else None,
                         "home_ns_line": _team_view(self.outcome_view(tb.home_ns), tb.home_ns, 1, m.match.home.name)
                         if tb and tb.home_ns is not None else None,
                         "home_ew_line": _team_view(self.outcome_view(tb.home_ew), tb.home_ew, -1, m.match.away.name)
                         if tb and tb.home_ew is not None else None,
                         "home": b.home, "anchor": f"board-{b.number}", **_board_cells(b, m),
                         "block": block(f"board-{b.number}", f"Board {b.number}: {_swing(b, m)}",
                                        b.explanation, self.site.rule_map, self.site.article_titles, self._rules),
                         "deal": self.deal_view(self.deals[b.number].deal) if b.number in self.deals
                         and self.deals[b.number].deal else None,
                         "dealer": SEATS[(self.deals[b.number].dealer if b.number in self.deals else None)
                                         or board_dealer(b.number)],
                         "vulnerability": (self.deals[b.number].vulnerability if b.number in self.deals else None)
                         or board_vulnerability(b.number), **self.match_analysis(b.number, tb, m)})
        result_block = block("result", "The match result", m.explanation, self.site.rule_map, self.site.article_titles,
                             self._rules)
        # IMPs and points: one width for the match's table; board points (½) stay as they are
        imp_places = None if m.board_unit == "board_points" else \
            fmt.imp_places([m.home_imps, m.away_imps] + [b.home for b in m.boards])
        return Page(path, "match.html", self.base(
            path, self.match_title(m), match=m, rows=rows, imp_places=imp_places, result_block=result_block, outcome=_match_outcome(m),
            home_players=[{"name": p.name, "url": "../../" + player_path(player_slug(p.name))} for p in m.match.home.players],
            away_players=[{"name": p.name, "url": "../../" + player_path(player_slug(p.name))} for p in m.match.away.players]))

    def match_analysis(self, number: int, played, m) -> dict[str, Any]:
        """A match board's double-dummy grid, par and the tables against them (or the warning)."""
        info = self.deals.get(number)
        found = self.analysis.for_board(info) if self.analysis and info else None
        analysis = found.analysis if found else None
        return {"dd": _dd_view(analysis), "dd_warning": found.warning if found else "",
                "dd_article": self.dd_article() if analysis else None,
                "versus": match_analysis.versus(played, analysis, m.match.home.name, m.match.away.name)}

    # --- summary for the archive pages ---------------------------------------------
    def summary(self) -> dict[str, Any]:
        entries = []
        winners = []
        for f in self.result.fields:
            for s in f.standings:
                entry = {
                    **_people([p.name for p in s.pair.players]),
                    # an individual has no fixed partner: the player's history says so instead
                    "pair": f"individual (player {self.pair_label(s.ref)})" if self.session.individual else self.pair_label(s.ref),
                    "field": _field_name(f.name), "url": f"{self.dir}/{pair_file(s.ref)}",
                    "rank": s.rank_label, "percentage": _frac(s.percentage), "score": _frac(s.score),
                    "total": _frac(s.total), "unit": self.unit, "entrants": len(f.standings),
                    "masterpoints": _award(s.pair.masterpoints),
                }
                entries.append(entry)
                if s.rank == 1:
                    winners.append({"field": _field_name(f.name), "names": s.pair.names,
                                    "url": f"{self.dir}/{pair_file(s.ref)}"})
        if self.result.swiss is not None:  # ranked on VPs, not on the IMPs over all boards
            entries, winners = swiss_pages.summary_entries(self, _people)
        for t in self.result.team_standings:
            for p in t.team.players:
                # A team member's partners are the team-mates (the player page's Partner column).
                entries.append({**_people([p.name]), "pair": f"Team {t.team.name}", "field": "", "url": f"{self.dir}/index.html",
                                "teammates": [q.name for q in t.team.players if q is not p],
                                "rank": t.rank_label, "percentage": None, "score": _frac(t.total),
                                "total": _frac(t.total), "unit": _ARCHIVE_UNIT.get(t.total_unit, "points"),
                                "entrants": len(self.result.team_standings)})
            if t.rank == 1:
                winners.append({"field": "", "names": t.team.name, "url": f"{self.dir}/index.html"})
        d = self.session.date
        return {
            "slug": self.slug, "title": session_title(self.session), "date": d.isoformat() if d else None,
            "long_date": long_date(self.session), "kind": session_kind(self.session),
            "method": self.session.method.value, "url": f"{self.dir}/index.html",
            "winners": winners, "entries": entries, "warnings": self.warnings(),
            "corrections": [{"anchor": c["anchor"], "date": c["date"], "iso": c["iso"], "text": c["text"],
                             "reason": c["reason"], "late": c["late"]} for c in self.record["corrections"]],
            "provisional": self.provisional,
        }

    def warnings(self) -> list[str]:
        """Lines taken on trust from the program's export, for the build summary."""
        return [f"{self.session.source}: board {b.number}, NS {self.pair_label(l.line.ns_pair)} v EW "
                f"{self.pair_label(l.line.ew_pair)}: {l.line.note}"
                for b in self.result.boards for l in b.lines if l.line.note]


def _team_view(view: dict[str, Any], outcome, sign: int, ns_team: str) -> dict[str, Any]:
    """A table's result in a match's row, from the home team's side: weighted components carry
    the home team's own score (``sign`` -1 where it sat EW); an award names the team it went to."""
    if view["kind"] == "weighted":
        return {**view, "components": [{**c, "score": sign * c["ns_score"]} for c in view["components"]]}
    if view["kind"] == "artificial":
        return {**view, "words": f"{award_words(outcome).capitalize()} to {ns_team} (North-South): the director's ruling"}
    return view


def _ruling(ns: Artificial, ew: Artificial) -> str:
    """'Average-plus to NS, average-minus to EW: the director's ruling'."""
    if ns == ew:
        return f"{award_words(ns).capitalize()} to both sides: the director's ruling"
    return f"{award_words(ns).capitalize()} to NS, {award_words(ew)} to EW: the director's ruling"


def _heading(label: str) -> str:
    """'board points' → 'Board points'; 'VPs' and 'IMPs' stay as they are."""
    return label[:1].upper() + label[1:]


_ARCHIVE_UNIT = {"vps": "vp", "imps": "imps"}
"""How the archive pages print a team's total: VPs, IMPs, or plain points (the rest)."""


def _swing(b, m) -> str:
    """A board's heading: who won it, and by how much."""
    home, away = m.match.home.name, m.match.away.name
    if m.board_unit == "board_points":
        if b.home == b.away:
            return f"shared, {fmt.imps(b.home)} – {fmt.imps(b.away)} board points"
        return f"won by {home if b.home > b.away else away}, {fmt.imps(b.home)} – {fmt.imps(b.away)} board points"
    if b.home == 0:
        return f"no {m.board_unit_label} either way"
    team = home if b.home > 0 else away
    amount = abs(b.home)
    label = m.board_unit_label[:-1] if amount == 1 and m.board_unit_label.endswith("s") else m.board_unit_label
    return f"{fmt.imps(amount)} {label} to {team}"


def _board_cells(b, m) -> dict[str, Any]:
    """The two teams' columns of a board: each team's share of board points, or the swing on the winner's side."""
    if m.board_unit == "board_points":
        return {"home_cell": b.home, "away_cell": b.away}
    return {"home_cell": b.home if b.home > 0 else None, "away_cell": -b.home if b.home < 0 else None}


def _match_outcome(m) -> str:
    """What the match is worth beyond its board total: VPs, or a win/draw/loss."""
    if m.home_vp is not None:
        return f"{fmt.vp(m.home_vp)} – {fmt.vp(m.away_vp)} VPs"
    if m.total_unit == "wins":
        return f"{fmt.imps(m.home_score)} – {fmt.imps(m.away_score)} {m.total_unit_label}"
    return ""


def _field_order(f) -> tuple[str, int]:
    """Sections in order; North-South before East-West."""
    parts = f.name.split()
    return (" ".join(p for p in parts if p not in ("NS", "EW")), 1 if "EW" in parts else 0)


def _award(masterpoints) -> str | None:
    """'4000 c': the award as the program wrote it, with its type."""
    if masterpoints is None:
        return None
    return f"{masterpoints.awarded} {masterpoints.kind}".strip()


def _field_name(name: str) -> str:
    words = {"NS": "North-South", "EW": "East-West"}
    parts = name.split()
    out = []
    for p in parts:
        out.append(words.get(p, f"Section {p}"))
    return ", ".join(out)


def _people(names: list[str]) -> dict[str, list[str]]:
    """An entry's players as written, with their spelling (spacing normalised) and identity,
    worked out here, in the worker, so that the archive pages need not."""
    return {"players": names, "spellings": [" ".join(n.split()) for n in names], "keys": [player_key(n) for n in names]}


def _frac(value: Fraction | None) -> str | None:
    return None if value is None else f"{value.numerator}/{value.denominator}"


def _play(play) -> dict[str, Any]:
    return {"contract": play.contract, "declarer": play.declarer.value if play.declarer else "",
            "tricks": play.tricks, "lead": play.lead, "ns_score": play.ns_score}


def _dd_view(analysis: DealAnalysis | None) -> dict[str, Any] | None:
    """The double-dummy grid (declarers N, S, E, W; strains NT down to clubs) and par."""
    if analysis is None:
        return None
    return {"rows": [{"seat": seat.value, "name": SEATS[seat],
                      "tricks": [analysis.tricks[seat][st] for st in DD_STRAINS]} for seat in DD_SEATS],
            "strains": [st.value for st in DD_STRAINS], "par_score": analysis.par_score,
            "par_contracts": [{"contract": f"{c.level}{c.strain.value}{'X' if c.doubled else ''}",
                               "declarers": " or ".join(s.value for s in c.declarers), "tricks": c.tricks}
                              for c in analysis.par_contracts]}


def _own_score(view: dict[str, Any], direction: Direction) -> int | None:
    if view["kind"] != "play":
        return None
    return view["ns_score"] if direction is Direction.NS else -view["ns_score"]


def plan_session(result: SessionResult, slug: str, site: SiteInfo, record: dict[str, Any] | None = None,
                 provisional: dict[str, Any] | None = None,
                 analysis: SessionAnalysis | None = None,
                 events: list[dict[str, str]] | None = None) -> tuple[list[Page], dict[str, Any]]:
    planner = SessionPlanner(result, slug, site, record, provisional, analysis, events)
    return planner.pages(), planner.summary()

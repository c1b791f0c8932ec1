"""What every page kind of a session reads: the session's inputs, typed and frozen
(``SessionInputs``), and the views the pages share (``SessionView``: pair labels and links,
the base context, figures, deal views, trick values), each worked out once a session.

The bottom of the page modules: it imports none of them (``page_kinds.py`` lists them), so
the board, pair, team, Swiss and summary modules all import this one and never each other's
planner.  Nothing here scores, audits or searches: the reconciliation with the program's
printed figures comes in worked out (``generator.reconcile``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .. import figures
from ..history.types import Provisional
from ..model import Artificial, Deal, Direction, Outcome, PairRef, Play, Scored, ScoringMethod, TravellerLine
from ..scoring.contract import Seat
from ..scoring.results import ScoredBoard, ScoredLine, SessionResult
from ..scoring.trick_value import TrickResult, TrickWorth, trick_worth
from ..scoring.trick_value import split as is_split
from ..scoring.units import UNIT_LABELS as UNIT_WORDS
from ..scoring.units import UNIT_SHORT, unit_of
from . import adjusted_worth, i18n
from . import format as fmt
from .explain_view import ArticleLink, StepMemo, board_blocks, rule_info
from .fragments import Fragments
from .i18n import text as _
from .links import board_file, pair_file, player_link, session_dir
from .meta import page_head
from .naming import long_date, seat_name, session_kind, session_title, surname
from .page import PageBase, SiteInfo

if TYPE_CHECKING:  # types only: neither is a page module, and the audit's imports are heavy
    from ..analysis.double_dummy import SessionAnalysis
    from ..reconcile import Reconciliation
    from ..scoring.options import ScoringOptions

HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}


@dataclass(frozen=True, slots=True)
class SessionHistory:
    """The corrections between the upload's versions (``generator.history.record.corrections``)
    as the pages show them: none for an upload with one version."""

    corrections: list[dict[str, Any]] = field(default_factory=list)
    """Each correction (anchor, date, reason, text), oldest first."""
    notes: list[str] = field(default_factory=list)
    """Notes on versions the corrections leave out."""
    line_marks: dict[str, dict[str, str]] = field(default_factory=dict)
    """A corrected figure's correction anchor, by line key (``history.snapshot.line_key``) and side."""
    pair_marks: dict[str, str] = field(default_factory=dict)
    """A corrected pair's correction anchor, by pair slug."""
    standing_marks: dict[str, dict[str, str]] = field(default_factory=dict)
    """By pair slug, the figures of its standing a correction changed ('total', 'percentage',
    'place'), each with its correction's anchor: only these carry a mark."""

    @classmethod
    def of(cls, record: Mapping[str, Any] | None) -> SessionHistory:
        """From ``corrections``' dict (None: no earlier version)."""
        if record is None:
            return cls()
        return cls(
            record["corrections"],
            record["notes"],
            record["line_marks"],
            record["pair_marks"],
            record.get("standing_marks", {}),
        )


@dataclass(frozen=True, slots=True)
class SessionInputs:
    """Everything a session's pages are planned from, worked out before planning."""

    result: SessionResult
    """The scored session (its resolved scoring options: ``options``)."""
    slug: str
    """The session's folder under ``sessions/``."""
    site: SiteInfo
    history: SessionHistory = SessionHistory()
    provisional: Provisional | None = None
    """The upload's provisional status (``history.provisional``), shown on the session page."""
    analysis: SessionAnalysis | None = None
    """The deals' double-dummy analysis."""
    events: tuple[Mapping[str, str], ...] = ()
    """The events of several sessions this session belongs to: title, label, url (from the site root)."""
    reconciliation: Reconciliation | None = None
    """Our figures beside the program's printed ones (``generator.reconcile``)."""
    legacy: tuple[str, ...] = ()
    """The session's slugs in earlier address schemes (``links.LEGACY``): redirected here."""
    neighbours: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """The previous and next session in date order across the archive (``neighbours.py``):
    ``prev`` and ``next``, each url, title and date; none at the ends."""

    @property
    def options(self) -> ScoringOptions:
        """The resolved scoring options the session was scored under."""
        return self.result.options


class SessionView:
    """The views the page kinds share, over one ``SessionInputs``: each made once a session
    (a line shows on its board page and on both pairs' pages) and kept in the memos here."""

    def __init__(self, inputs: SessionInputs):
        self.inputs = inputs
        result = self.result = inputs.result
        self.legacy = inputs.legacy
        self.redirected: list[str] = []
        """The redirect pages ``plan.plan_pages`` planned (the sitemap leaves them out)."""
        self.events = list(inputs.events)
        self.history = inputs.history
        self.provisional = inputs.provisional
        self.analysis = inputs.analysis
        self.reconciliation = inputs.reconciliation
        self.session = result.session
        self.slug = inputs.slug
        self.site = inputs.site
        self.dir = session_dir(self.slug)
        self.unit = unit_of(self.session.method)
        self.unit_word = UNIT_WORDS[self.unit]
        self.figure = i18n.localising(fmt.figure_writer(self.unit))
        """``fmt.figure`` in the session's unit: ``figure(value, places)``."""
        self.multi_section = len({b.section for b in result.boards}) > 1 or len(self.session.sections) > 1
        self.entrant = "Player" if self.session.individual else "Pair"
        """What the session ranks, as pages name it: pairs, or players in an individual event."""
        self.pair_names = {p.ref: p for p in self.session.pairs}
        self.deals = {b.number: b for b in self.session.boards}
        self._blocks: dict[int, tuple[list[Any], list[tuple[str, str]]]] = {}
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
        self.fragments = Fragments()
        """The session's explanation steps, each rendered once (``fragments``)."""
        self._worth: dict[tuple[int, int], tuple[TrickWorth | None, Any, bool]] = {}
        self._worth_memo: dict[int, dict[Any, Any]] = {}
        self._worth_shared: dict[int, dict[tuple[Any, ...], tuple[TrickWorth, Any, bool]]] = {}
        self._board_facts: dict[int, tuple[str, str, bool]] = {}
        self._card_facts: dict[int, tuple[str, str, bool, dict[int, int], list[tuple[str, str]]]] = {}
        self._board_order: dict[str, int] | None = None
        self._session_head: dict[str, Any] | None = None
        self._worth_views: dict[tuple[int, bool], dict[str, Any]] = {}
        self._swings: dict[tuple[int, bool], Fraction | int] = {}
        self.field_boards: dict[int, set[str]] = {}
        """The boards each field played, by the field's id (``pair_pages``)."""

    def blocks(self, board: ScoredBoard) -> tuple[list[Any], list[tuple[str, str]]]:
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
                self.fragments,
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
        """'A11 NS' (a two-winner field's pair), its direction as the site's language writes it
        ('A11 EO'); without ``direction`` where the sentence says it already ('NS 11 v EW 12',
        not 'NS 11 NS v EW 12 EW')."""
        if ref is None:
            return "—"
        section = ref.section if self.multi_section else ""
        seat = f" {i18n.seat(ref.direction.value)}" if ref.direction and direction else ""
        return f"{section}{ref.number}{seat}"

    def data_label(self, ref: PairRef | None) -> str:
        """``pair_label`` as a data file writes it (a traveller's CSV): the direction's code,
        'NS' or 'EW' in every language, as the CSV's declarer is N, E, S or W."""
        if ref is None or ref.direction is None:
            return self.pair_label(ref)
        return f"{self.pair_label(ref, direction=False)} {ref.direction.value}"

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
                link = {"label": "—", "url": None, "names": "", "people": "", "surnames": ""}
            else:
                pair = self.pair_names.get(ref)
                label = f"{ref.section if self.multi_section else ''}{ref.number}" if short else self.pair_label(ref)
                players = pair.players if pair else ()
                link = {
                    "label": label,
                    "url": pair_file(ref) if pair else None,
                    "names": pair.names if pair else "",
                    # the players' names only ('' when the upload has none): a traveller's line
                    # shows them beside the number, surnames on a phone (site.css)
                    "people": " & ".join(p.name for p in players),
                    "surnames": " & ".join(surname(p.name) for p in players),
                }
            self._links[(ref, short)] = link
        self._links_by_id[(id(ref), short)] = (ref, link)
        return link

    def players(self, ref: PairRef) -> list[dict[str, str]]:
        found = self._players.get(ref)
        if found is None:
            pair = self.pair_names.get(ref)
            found = [] if pair is None else [player_link(p) for p in pair.players]
            self._players[ref] = found
        return found

    def base(self, path: str, title: str, **extra: Any) -> dict[str, Any]:
        """What every page of the session shows: ``base.html``'s part, then the session's."""
        head: PageBase = {
            "club": self.site.club,
            "title": title,
            "root": "../../",
            "page_path": path,
            "crumbs": [("../../index.html", _("Home")), ("index.html", session_title(self.session))],
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

    def board_title(self, board: ScoredBoard) -> str:
        title = _("Board %(board)s", board=board.number)
        return title + (_(", section %(section)s", section=board.section) if board.section else "")

    def outcome_view(self, outcome: Outcome) -> dict[str, Any]:
        """Made once per outcome (a line shows on its board page and on both pairs' pages);
        the memo holds the outcome too, so its id cannot be reused while the planner lives."""
        found = self._views.get(id(outcome))
        if found is None:
            found = self._views[id(outcome)] = (outcome, self._outcome_view(outcome))
        return found[1]

    def _outcome_view(self, outcome: Outcome) -> dict[str, Any]:
        if isinstance(outcome, Artificial):
            award = adjusted_worth.award_label(outcome, self.session.method, self.result.options)
            return {
                "kind": "artificial",
                "code": adjusted_worth.award_code(outcome),
                "words": _("%(award)s: the director's ruling", award=heading(award)),
            }
        if outcome.is_weighted:
            return {
                "kind": "weighted",
                "components": [{"weight": c.weight, **_play(c.play)} for c in outcome.components],
            }
        return {"kind": "play", **_play(outcome.components[0].play)}

    def worth_text(self, w: dict[str, Any], places: int | None) -> str:
        """'10 tricks: +420, 5.25 MP; 11 tricks would have been +450: 7.75 MP' — the figures
        through the site's filters (written here once per line, not by a template macro)."""
        short = i18n.term(UNIT_SHORT[self.unit])
        figure = self.figure

        def fig(r: dict[str, Any]) -> str:
            return f"{figure(r['value'], places)} {short}"

        p = w["played"]
        parts = [
            _(
                "%(tricks)s tricks: %(score)s, %(figure)s",
                tricks=p["tricks"],
                score=figures.signed_score(p["score"]),
                figure=fig(p),
            )
        ]
        parts += [
            _(
                "%(tricks)s tricks would have been %(score)s: %(figure)s",
                tricks=w[k]["tricks"],
                score=figures.signed_score(w[k]["score"]),
                figure=fig(w[k]),
            )
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

    def deal_view(self, deal: Deal) -> dict[str, Any]:
        hands = {}
        for seat in (Seat.N, Seat.E, Seat.S, Seat.W):
            if seat not in deal.hands:
                continue
            suits = deal.suits(seat)
            hands[seat.value] = {
                "name": seat_name(seat),
                "suits": list(zip("SHDC", suits)),
                "hcp": sum(hcp(s) for s in suits),
            }
        return {"hands": hands}

    def table_words(self, line: TravellerLine) -> str:
        """A traveller line's table as a heading names it: 'Table 1: NS 1 v EW 2'."""
        if line.seats is not None:
            ns_side, ew_side = (
                ", ".join(
                    f"{i18n.seat(seat)} {self.pair_link(ref, short=True)['label']}"
                    for seat, ref in line.seats.by_seat()
                    if seat in side
                )
                for side in ("NS", "EW")
            )
        else:
            ns, ew = self.pair_link(line.ns_pair, short=True), self.pair_link(line.ew_pair, short=True)
            ns_side, ew_side = f"{i18n.seat('NS')} {ns['label']}", f"{i18n.seat('EW')} {ew['label']}"
        pairs = _("%(ns)s v %(ew)s", ns=ns_side, ew=ew_side)
        return pairs if line.table is None else _("Table %(table)s: %(pairs)s", table=line.table, pairs=pairs)

    def warnings(self) -> list[str]:
        """What the reader left out or believed over the file (a hand record left out, say), lines
        taken on trust from the program's export, and auctions and play left out (optional
        information that could not be right), for the build summary."""
        from ..readers.printed import printed_figures

        printed = printed_figures(self.session)
        return (
            [f"{self.session.source}: {w}" for w in (printed.warnings if printed else ())]
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


def hcp(cards: str) -> int:
    return sum(HCP.get(c, 0) for c in cards.upper())


def _same(a: Fraction, b: Fraction) -> bool:
    return a is b or a == b


def _worth_view(found: TrickWorth, play: Play, ns: bool, declarer_ns: bool) -> dict[str, Any]:
    """One side's view of a line's trick values: its scores and figures, and the biggest
    change one trick made (``swing``, which orders a card's 'where a trick mattered')."""

    def side(r: TrickResult | None) -> dict[str, Any] | None:
        return (
            None
            if r is None
            else {
                "tricks": r.tricks,
                "score": r.ns_score if ns else -r.ns_score,
                "value": r.ns_value if ns else r.ew_value,
            }
        )

    assert play.declarer is not None  # a line with trick values was played and declared
    view: dict[str, Any] = {
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


def heading(label: str) -> str:
    """'board points' → 'Board points'; 'VPs' and 'IMPs' stay as they are."""
    return label[:1].upper() + label[1:]


def _play(play: Play) -> dict[str, Any]:
    return {
        "contract": play.contract,
        "declarer": play.declarer.value if play.declarer else "",
        "tricks": play.tricks,
        "lead": play.lead,
        "ns_score": play.ns_score,
    }

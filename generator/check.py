"""`check`: audit the figures another program printed in an export against our scoring.

Every printed figure (traveller matchpoints or IMPs, board datums, pair totals,
percentages and places) is compared with ours at the precision the file prints it:
a figure agrees when ours rounds to theirs at their number of decimals, under any
half-rounding rule (the difference is at most half a unit of their last place).
Each difference is listed with the board, line or pair, theirs, ours and, where one
is recognisable, the likely reason.  See docs/check.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

from .conventions import describe, find_conventions, split_shown
from .model import Artificial, Direction, PairRef, Scored, ScoringMethod
from .readers.individual import player_label
from .readers.labels import pair_label
from .readers.printed import Figure, PrintedFigures, PrintedLine, PrintedPair, printed_figures
from .readers.values import optional_whole
from .scoring.explain import fig as said_figure
from .scoring.explain import fmt
from .scoring.imps import imps
from .scoring.message import Figure as Shown
from .scoring.message import Param, english, formula, join, msg, plural
from .scoring.results import ScoredBoard, ScoredLine, SessionResult, Standing, TeamStanding
from .scoring.rounding import round_half_away, round_to_ten
from .scoring.said import N_, Said, param_of, said
from .scoring.units import UNIT_LABELS
from .scoring.vp import match_vps
from .site_settings import site_scoring_for
from .upload import SessionOutcome, read_and_score

ROUNDING = N_("rounding")
TRUNCATED = N_("figures cut down (truncated)")
TIE_BROKEN = N_("tie broken")
UNFACTORED = N_("unfactored short board")
UNMARKED = N_("unmarked artificial score")
DATUM = N_("datum")
DIVISOR = N_("different cross-IMP divisor")
FOLLOWS = N_("follows from the differences above")
HANDICAP = N_("handicap")
ARTIFICIAL = N_("artificial score valued differently")
VP_SCALE = N_("another VP scale")
TEAM_TOTAL = N_("IMPs scored, not net")
SCALED = N_("total scaled to every board of the session")
NOT_THEIR_SUM = N_("their total is not the sum of their own traveller figures")
PERCENT_SCALED = N_("percentage over another number of boards")
REASONS = frozenset(
    (ROUNDING, TRUNCATED, TIE_BROKEN, UNFACTORED, UNMARKED, DATUM, DIVISOR, FOLLOWS, HANDICAP, ARTIFICIAL)
    + (VP_SCALE, TEAM_TOTAL, SCALED, NOT_THEIR_SUM, PERCENT_SCALED)
)
NO_REASON = N_("no known reason")


@dataclass(frozen=True)
class Difference:
    where: str
    what: str
    theirs: str
    ours: str
    reason: str = ""
    detail: str = ""
    otherwise: tuple[str, str] = field(default=("", ""), compare=False)
    """The reason to give should a tentative 'truncated' not be confirmed (``confirm_truncation``)."""
    values: tuple[Fraction | None, Fraction | None] = field(default=(None, None), compare=False)
    """Theirs and ours exactly, for the report in another language (the texts are the English)."""

    def __str__(self) -> str:
        return str(said(self.said()))

    def said(self) -> Param:
        """The line ``--verbose`` prints, as a message (its English is ``str``)."""
        words = {
            "where": param_of(self.where),
            "what": param_of(self.what),
            "theirs": _figure_param(self.values[0], self.theirs),
            "ours": _figure_param(self.values[1], self.ours),
        }
        if self.reason and self.detail:
            return msg(
                "%(where)s: %(what)s: theirs %(theirs)s, ours %(ours)s — %(reason)s: %(detail)s",
                **words,
                reason=_reason(self.reason),
                detail=param_of(self.detail),
            )
        if self.reason:
            return msg(
                "%(where)s: %(what)s: theirs %(theirs)s, ours %(ours)s — %(reason)s",
                **words,
                reason=_reason(self.reason),
            )
        return msg("%(where)s: %(what)s: theirs %(theirs)s, ours %(ours)s — no known reason", **words)


def _reason(reason: str) -> Param:
    """A reason as a message: one of ours (``REASONS``), or the re-scoring that explains it (``describe``)."""
    if reason in REASONS or reason == NO_REASON:
        return msg(reason)
    return param_of(reason)


FIGURE_WORDS = frozenset(
    (N_("matchpoints"), N_("IMPs"), N_("cross-IMPs"), N_("points"), N_("board points"), N_("VPs"), N_("wins"))
    + (N_("figure"), N_("percentage"), N_("datum"), N_("total"), N_("place"))
)
"""What a compared figure is ('NS matchpoints', 'total'): the words of its name."""


def _figure_word(word: str) -> Param:
    return msg(word) if word in FIGURE_WORDS else word


@lru_cache(maxsize=256)
def _what(text: str) -> str:
    """What a figure is ('NS matchpoints', 'datum'), said: its English is ``text``."""
    direction, _, rest = text.partition(" ")
    if direction == "NS" and rest:
        return said(msg("NS %(figure)s", figure=_figure_word(rest)))
    if direction == "EW" and rest:
        return said(msg("EW %(figure)s", figure=_figure_word(rest)))
    return said(_figure_word(text))


@lru_cache(maxsize=1 << 14)
def _line_where(board: int, ns: PairRef | None, ew: PairRef | None, where: str) -> Said:
    """'board 3, NS pair 1 v EW pair 2 (…)': said once for every audit of the convention search."""
    ns_label, ew_label = _label(pair_label(ns, "NS")), _label(pair_label(ew, "EW"))
    return said(msg("board %(board)s, %(ns)s v %(ew)s (%(where)s)", board=board, ns=ns_label, ew=ew_label, where=where))


@lru_cache(maxsize=1 << 14)
def _players_where(board: int, seats: tuple[int, int, int, int], where: str) -> Said:
    """'board 3, N 1, S 2 v E 3, W 4 (…)': a line of an individual event."""
    north, south, east, west = seats
    players = msg("N %(north)s, S %(south)s v E %(east)s, W %(west)s", north=north, south=south, east=east, west=west)
    return said(msg("board %(board)s, %(players)s (%(where)s)", board=board, players=players, where=where))


@lru_cache(maxsize=1 << 14)
def _pair_where(label: str, where: str) -> Said:
    """'NS pair 7 (…)', 'player 3 (…)'."""
    return said(formula("%(label)s (%(where)s)", label=_label(label), where=where))


def _label(label: str | None) -> Param:
    """A pair's label ('NS pair 7') as a message ('None' for no pair, as the report always said)."""
    return "None" if label is None else param_of(label)


def _figure_param(value: Fraction | None, text: str) -> Param:
    """A figure as the report shows it: a plain decimal ('2.5', '-0.33') written as the
    language writes it; anything else ('3=', '—') as it is."""
    body = text.removeprefix("-").removeprefix("+")
    whole, dot, part = body.partition(".")
    if value is not None and whole.isascii() and whole.isdigit() and (not dot or (part.isascii() and part.isdigit())):
        return Shown(value, len(part), text)
    return text


Reason = Callable[[Fraction, Figure], tuple[str, str]]
"""Why a figure that differs may differ: (reason, detail), or ("", "") when none is known."""


def agrees(ours: Fraction, theirs: Figure) -> bool:
    return abs(ours - theirs.value) <= Fraction(1, 2 * 10**theirs.places)


def _show(value: Fraction, theirs: Figure) -> str:
    return fmt(value, max(theirs.places, 2))


class _Audit:
    def __init__(self, result: SessionResult, figures: PrintedFigures, lines_result: SessionResult | None = None):
        self.result = result
        self.figures = figures
        self.compared = 0
        self.unverified = 0
        self.differences: list[Difference] = []
        self.differing: set[Any] = set()
        """Pairs with a differing traveller figure, total or percentage: their totals and percentages (and
        the places of their field) follow from it."""
        self.line_differing: set[Any] = set()
        """Pairs with a differing traveller figure."""
        self.their_lines_add_up: set[Any] = set()
        """Pairs whose printed total is the sum of their own printed traveller figures (at the total's precision)."""
        self.owners: dict[tuple[str, str], Any] = {}
        """(where, what) of a pair's total, percentage or place -> the pair."""
        self.cut_evidence: dict[str, tuple[int, int]] = {}
        """By kind of figure: (figures cut down, figures rounded) where the two differ."""
        self._otherwise: tuple[str, str] = ("", "")
        self.agreed: set[tuple[str, str]] = set()
        """(where, what) of every figure that agrees: how re-scorings are compared figure by figure."""
        self.lines: dict[tuple[int, Any, Any], tuple[ScoredBoard, ScoredLine]] = {
            (b.number, l.line.ns_pair, l.line.ew_pair): (b, l) for b in (lines_result or result).boards for l in b.lines
        }

    @property
    def agreeing(self) -> int:
        return self.compared - len(self.differences)

    def figure(
        self, ours: Fraction | None, theirs: Figure | None, where: str, what: str, reason: Reason | None = None
    ) -> bool:
        """Compare one figure; returns True when it agrees (or was not printed)."""
        if theirs is None:
            return True
        self.compared += 1
        if ours is not None:
            self.count_cut(ours, theirs, what)
            if agrees(ours, theirs):
                self.agreed.add((where, what))
                return True
        self._otherwise = ("", "")
        why, detail = reason(ours, theirs) if (reason and ours is not None) else ("", "")
        self.differences.append(
            Difference(
                where,
                what,
                theirs.text,
                "—" if ours is None else _show(ours, theirs),
                why,
                detail,
                self._otherwise,
                (theirs.value, ours),
            )
        )
        return False

    # --- traveller lines ----------------------------------------------------------------------
    def run_lines(self) -> None:
        unit = UNIT_LABELS.get(self.figures.line_unit, "figure")  # matchpoints, imps, cross_imps or none
        what = {d: _what(f"{d} {unit}") for d in ("NS", "EW")}
        for p in self.figures.lines:
            found = self.lines.get((p.board, p.ns_pair, p.ew_pair))
            if found is not None and found[1].line.seats is not None:
                s = found[1].line.seats
                seats = (s.north.number, s.south.number, s.east.number, s.west.number)
                where = _players_where(p.board, seats, p.where)
            else:
                where = _line_where(p.board, p.ns_pair, p.ew_pair, p.where)
            if found is None:
                for f in (p.ns, p.ew):
                    self.figure(None, f, where, _what(unit), None)
                continue
            board, line = found
            for direction, f, pct in ((Direction.NS, p.ns, p.ns_percent), (Direction.EW, p.ew, p.ew_percent)):
                side = line.side(direction)
                if not self.figure(
                    side.value,
                    f,
                    where,
                    what[str(direction)],
                    partial(self.line_reason, board, line, direction, p=p),
                ):
                    pair = p.ns_pair if direction is Direction.NS else p.ew_pair
                    self.differing.add(pair)
                    self.line_differing.add(pair)
                self.figure(side.percent, pct, where, _what(f"{direction} percentage"), None)

    def line_reason(
        self, board: ScoredBoard, line: ScoredLine, d: Direction, ours: Fraction, theirs: Figure, p: PrintedLine
    ) -> tuple[str, str]:
        unit = Fraction(1, 10**theirs.places)
        method = self.result.session.method
        outcome = line.line.ns if d is Direction.NS else line.line.ew
        real = [l.line.ns.single.ns_score for l in board.lines if isinstance(l.line.ns, Scored) and l.line.ns.single]
        if method is ScoringMethod.MATCHPOINTS and board.top is not None:
            if isinstance(outcome, Scored) and outcome.single and theirs.value * 2 in (board.top, 2 * (len(real) - 1)):
                other = p.ew if d is Direction.NS else p.ns
                if other is not None and other.value == theirs.value:
                    return (
                        UNMARKED,
                        said(
                            msg(
                                "they gave both sides 50 %% on a line with a real score (%(score)s)",
                                score=outcome.single.ns_score,
                            )
                        ),
                    )
            if isinstance(outcome, Scored) and outcome.single and board.actual < board.expected:
                s = outcome.single.ns_score
                ns_raw = Fraction(2 * sum(1 for x in real if x < s) + sum(1 for x in real if x == s) - 1)
                raw = ns_raw if d is Direction.NS else 2 * (len(real) - 1) - ns_raw
                if self.result.options.matchpoint_units == "acbl":
                    raw /= 2
                if abs(raw - theirs.value) <= unit / 2:
                    return UNFACTORED, said(
                        msg(
                            "%(results)s results where %(expected)s were expected; theirs is the "
                            "unfactored value on a top of %(top)s, ours is factored (Neuberg)",
                            results=board.actual,
                            expected=board.expected,
                            top=2 * (board.actual - 1),
                        )
                    )
        if method is ScoringMethod.BUTLER and isinstance(outcome, Scored) and outcome.single:
            printed = next((b.datum for b in self.figures.boards if b.board == board.number and b.datum), None)
            if printed is not None and printed.value != board.datum:
                s = outcome.single.ns_score
                value = imps(s - printed.value) * (1 if d is Direction.NS else -1)
                if value == theirs.value:
                    return DATUM, said(
                        msg(
                            "follows from their datum %(theirs)s (ours %(ours)s)",
                            theirs=_figure_param(printed.value, printed.text),
                            ours=said_figure(board.datum or 0),
                        )
                    )
        if method is ScoringMethod.CROSS_IMPS and isinstance(outcome, Artificial) and len(real) > 1:
            return ARTIFICIAL, said(
                msg(
                    "theirs is %(theirs)s IMPs for each of the %(results)s results; "
                    "ours is %(ours)s for each of %(comparisons)s comparisons",
                    theirs=said_figure(theirs.value / len(real)),
                    results=len(real),
                    ours=said_figure(ours / (len(real) - 1)),
                    comparisons=len(real) - 1,
                )
            )
        if method is ScoringMethod.CROSS_IMPS and isinstance(outcome, Scored) and outcome.single and len(real) > 1:
            s = outcome.single.ns_score
            total = Fraction(sum(imps(s - x) for x in real) * (1 if d is Direction.NS else -1))
            own = {"total": 1, "comparisons": len(real) - 1, "scores": len(real)}[self.result.options.cross_imp_divisor]
            if board.actual < board.expected and abs(total / own - theirs.value) <= unit / 2:
                return UNFACTORED, said(
                    msg(
                        "%(results)s results where %(expected)s were expected; theirs is not factored, ours is (Neuberg)",
                        results=board.actual,
                        expected=board.expected,
                    )
                )
            for name, divisor in (
                (msg("the total over comparisons"), 1),
                (msg("divided by the comparisons"), len(real) - 1),
                (msg("divided by the number of scores"), len(real)),
            ):
                if abs(total / divisor - theirs.value) <= unit / 2:
                    return DIVISOR, said(
                        msg(
                            "theirs is %(name)s (%(total)s / %(divisor)s); ours uses %(option)s",
                            name=name,
                            total=said_figure(total),
                            divisor=divisor,
                            option=self.result.options.cross_imp_divisor,
                        )
                    )
        if method is ScoringMethod.MATCHPOINTS and (p.board, board.section) in self.unmarked:
            return UNMARKED, said(
                msg(
                    "follows from the unmarked artificial score on board %(board)s: they factored the other results",
                    board=p.board,
                )
            )
        return self.rounding(ours, theirs)

    def boards_counted(self, ours: Fraction, theirs: Figure, s: Any) -> tuple[str, str] | None:
        """A percentage the program worked over another number of boards than the pair played
        (the session's, or the most any pair played: a board missed counted as 0 %): theirs is
        ours × played / that number, at their precision."""
        played = s.boards_played
        counts = {self.result.session.board_count, max((x.boards_played for x in self.result.standings), default=0)}
        for boards in sorted(counts - {played, 0}):
            if played and agrees(ours * played / boards, theirs):
                return PERCENT_SCALED, said(
                    msg(
                        "theirs is ours × %(played)s/%(boards)s: the percentage over %(boards)s boards, "
                        "of which the pair played %(played)s",
                        played=played,
                        boards=boards,
                    )
                )
        return None

    def rounding(self, ours: Fraction, theirs: Figure, otherwise: tuple[str, str] = ("", "")) -> tuple[str, str]:
        """A figure that differs is never "rounding": a figure agrees when ours rounds to theirs at
        the decimals they print (half a unit of their last place), so more than that is not their
        rounding (0.67 of a matchpoint on a figure printed whole is not).  What may explain it is
        that they *cut figures down* (truncate): named only when ``confirm_truncation`` finds that
        this kind of figure is cut down throughout the file; else ``otherwise``."""
        if _cut(ours, theirs.places) == theirs.value and ours != theirs.value:
            self._otherwise = otherwise
            return TRUNCATED, said(
                msg("theirs is ours cut down (truncated) to %(places)s decimals", places=theirs.places)
            )
        return otherwise

    def count_cut(self, ours: Fraction, theirs: Figure, what: str) -> None:
        """Evidence, by kind of figure, of whether the program cuts figures down or rounds them:
        only figures where the two give different results count."""
        cut = _cut(ours, theirs.places)
        if cut == round_half_away(ours, Fraction(1, 10**theirs.places)):
            return
        kind = _kind(what)
        cuts, rounds = self.cut_evidence.get(kind, (0, 0))
        if theirs.value == cut:
            self.cut_evidence[kind] = (cuts + 1, rounds)
        elif agrees(ours, theirs):
            self.cut_evidence[kind] = (cuts, rounds + 1)

    def confirm_truncation(self) -> None:
        """A kind of figure is cut down when at least two of its figures are, and none is rounded
        where cutting would differ: then 'truncated' is a reason; otherwise the coincidence is not."""
        confirmed = {k for k, (cuts, rounds) in self.cut_evidence.items() if cuts >= 2 and rounds == 0}
        self.differences = [
            d
            if d.reason != TRUNCATED or _kind(d.what) in confirmed
            else replace(d, reason=d.otherwise[0], detail=d.otherwise[1])
            for d in self.differences
        ]

    def find_unmarked(self) -> None:
        """Boards where the file gave a real result 50/50: it then factored the others (Neuberg)."""
        self.unmarked: set[tuple[int, str]] = set()
        if self.result.session.method is not ScoringMethod.MATCHPOINTS:
            return
        for p in self.figures.lines:
            found = self.lines.get((p.board, p.ns_pair, p.ew_pair))
            if found is None or p.ns is None or p.ew is None or p.ns.value != p.ew.value:
                continue
            board, line = found
            if (
                isinstance(line.line.ns, Scored)
                and line.line.ns.single
                and board.top
                and p.ns.value * 2 == board.top
                and not agrees(line.ns.value, p.ns)
            ):
                self.unmarked.add((p.board, board.section))

    # --- boards -------------------------------------------------------------------------------
    def run_boards(self) -> None:
        ours = {(b.number, b.section): b for b in self.result.boards}
        for p in self.figures.boards:
            board = ours.get((p.board, p.section)) or next((b for b in self.result.boards if b.number == p.board), None)
            if board is None or p.datum is None:
                continue
            self.figure(
                board.datum,
                p.datum,
                said(msg("board %(board)s (%(where)s)", board=p.board, where=p.where)),
                _what("datum"),
                partial(self.datum_reason, board),
            )

    def datum_reason(self, board: ScoredBoard, ours: Fraction, theirs: Figure) -> tuple[str, str]:
        scores = sorted(
            l.line.ns.single.ns_score for l in board.lines if isinstance(l.line.ns, Scored) and l.line.ns.single
        )
        for trim in (0, 1, 2):
            kept = scores[trim : len(scores) - trim] if len(scores) > 2 * trim else []
            if not kept:
                continue
            m = Fraction(sum(kept), len(kept))
            ends = (
                msg("after dropping the top and bottom score")
                if trim == 1
                else (
                    msg("after dropping the top and bottom %(trim)s scores", trim=trim)
                    if trim
                    else msg("of all scores")
                )
            )
            for rounding in ("half-away", "half-even", "exact"):
                if round_to_ten(m, rounding) == theirs.value:
                    how = msg("unrounded") if rounding == "exact" else msg("rounded to 10 (%(rule)s)", rule=rounding)
                    return DATUM, said(
                        msg(
                            "theirs is the mean %(ends)s, %(how)s; ours uses butler_trim=%(trim)s, datum_rounding=%(rounding)s",
                            ends=ends,
                            how=how,
                            trim=str(self.result.options.butler_trim),
                            rounding=self.result.options.datum_rounding,
                        )
                    )
        return "", ""

    # --- pairs --------------------------------------------------------------------------------
    def run_pairs(self) -> None:
        standings = {s.ref: s for s in self.result.standings}
        imp_method = self.result.session.method in (ScoringMethod.BUTLER, ScoringMethod.CROSS_IMPS)
        line_places = max((f.places for p in self.figures.lines for f in (p.ns, p.ew) if f), default=0)
        individual = self.result.session.individual

        def follows(ref: Any) -> bool:
            """Whether a pair's figure can follow from differences listed before it: its own (in an
            individual a line's pair fields name only two of its four players, so any difference)."""
            return bool(self.differences) if individual else ref in self.differing

        their_sums = self.printed_sums()
        for p in self.figures.pairs:
            label = player_label(p.ref) if self.result.session.individual else pair_label(p.ref)
            where = _pair_where(label, p.where)
            added = their_sums.get(p.ref)
            if added is not None and p.total is not None and agrees(added[0], p.total):
                self.their_lines_add_up.add(p.ref)
            s = standings.get(p.ref)
            if s is None:
                for fig in (p.total, p.percentage):
                    self.figure(None, fig, where, _what("total"), None)
                continue
            ours_total = s.score if imp_method else s.total
            for what in ("total", "percentage", "place"):
                self.owners[(where, what)] = s.ref

            def total_reason(o: Fraction, t: Figure, s: Standing = s) -> tuple[str, str]:
                rounded = sum(
                    (round_half_away(e.score.value, Fraction(1, 10**line_places)) for e in s.scorecard), Fraction(0)
                )
                if abs(rounded - t.value) <= Fraction(1, 2 * 10**t.places):
                    return ROUNDING, said(
                        msg("theirs adds the per-board figures rounded to %(places)s decimals", places=line_places)
                    )
                if imp_method and s.total != s.score and agrees(s.total, t):
                    return UNFACTORED, said(
                        msg("theirs is the unfactored total of %(boards)s boards", boards=s.boards_played)
                    )
                boards = len(self.result.session.boards)
                if (
                    imp_method
                    and s.boards_played
                    and s.boards_played < boards
                    and agrees(s.total * boards / s.boards_played, t)
                ):
                    return SCALED, said(
                        msg(
                            "theirs scales the total of %(played)s boards to all %(boards)s boards of the "
                            "session; ours scales to the most boards any pair in the field played",
                            played=s.boards_played,
                            boards=boards,
                        )
                    )
                theirs_added = their_sums.get(s.ref)
                if theirs_added is not None and not _adds_up(theirs_added, t):
                    return NOT_THEIR_SUM, said(
                        msg(
                            "their own figures for this pair's %(lines)s traveller lines add up to %(sum)s",
                            lines=theirs_added[1],
                            sum=said_figure(theirs_added[0]),
                        )
                    )
                return (FOLLOWS, "") if follows(s.ref) else ("", "")

            if not self.figure(ours_total, p.total, where, _what("total"), total_reason):
                self.differing.add(s.ref)

            def percentage_reason(o: Fraction, t: Figure, p: PrintedPair = p, s: Standing = s) -> tuple[str, str]:
                if s.handicap is not None and s.percentage is not None:
                    if agrees(s.percentage, t):
                        return HANDICAP, said(
                            msg(
                                "theirs is the scratch percentage; ours adds the handicap (handicap_share=%(share)s)",
                                share=self.result.options.handicap_share,
                            )
                        )
                    for share, words in ((1, msg("the whole handicap")), (Fraction(1, 2), msg("half the handicap"))):
                        if agrees(s.percentage + s.handicap.handicap * share, t):
                            return HANDICAP, said(
                                msg(
                                    "theirs adds %(words)s (%(handicap)s); ours uses handicap_share=%(share)s",
                                    words=words,
                                    handicap=_figure_param(p.handicap.value, p.handicap.text) if p.handicap else "",
                                    share=self.result.options.handicap_share,
                                )
                            )
                elif p.handicap is not None:
                    for share, words in (
                        (1, msg("the pair's handicap")),
                        (Fraction(1, 2), msg("half the pair's handicap")),
                    ):
                        if agrees(o + p.handicap.value * share, t):
                            return HANDICAP, said(
                                msg(
                                    "theirs adds %(words)s (%(handicap)s)",
                                    words=words,
                                    handicap=_figure_param(p.handicap.value, p.handicap.text),
                                )
                            )
                scaled = self.boards_counted(o, t, s)
                if scaled:
                    return scaled
                return self.rounding(o, t, (FOLLOWS, "") if follows(s.ref) else ("", ""))

            # A handicap event prints the handicapped percentage: compare with ours.
            ours_pct = s.handicap.percentage if s.handicap is not None else s.percentage
            if not self.figure(ours_pct, p.percentage, where, _what("percentage"), percentage_reason):
                self.differing.add(s.ref)  # the places of its field may follow from it
            place = _place(p.place)
            if place is not None:
                self.figure(
                    Fraction(s.rank),
                    Figure(p.place, Fraction(place), 0),
                    where,
                    _what("place"),
                    partial(self.place_reason, s, p, where, standings),
                )

    def place_reason(
        self, s: Any, p: Any, where: str, standings: dict[Any, Any], ours: Fraction, printed: Figure
    ) -> tuple[str, str]:
        """A place that differs: a tie they broke, when ours is a tie of k pairs on equal scores, theirs
        lies among the k places the tie spans, and the pair's total as printed (if printed) is ours —
        then no scoring option is the reason, and none is named (``_explained`` keeps it)."""
        theirs = int(printed.value)
        tied = [t for t in standings.values() if t.field == s.field and t.rank == s.rank]
        total_agrees = p.total is None or (where, "total") in self.agreed
        if len(tied) > 1 and s.rank <= theirs < s.rank + len(tied) and total_agrees:
            recorded = (
                msg("the tie-break figures the file records do not order them so")
                if s.pair.tiebreak is not None
                else msg("the file records no tie-break figure")
            )
            return TIE_BROKEN, said(
                msg(
                    "ours %(place)s: %(tied)s pairs on equal scores share the place; theirs places them "
                    "%(first)s to %(last)s by a tie-break (%(recorded)s)",
                    place=s.rank_label,
                    tied=len(tied),
                    first=s.rank,
                    last=s.rank + len(tied) - 1,
                    recorded=recorded,
                )
            )
        if self.result.session.individual:
            return (FOLLOWS, "") if self.differences else ("", "")
        field = {t.ref for t in standings.values() if t.field == s.field}
        return (FOLLOWS, "") if field & self.differing else ("", "")

    def printed_sums(self) -> dict[Any, tuple[Fraction, int, int]]:
        """Each pair's printed traveller figures added up: (sum, lines, most decimals printed).

        A program's total that is not the sum of its own printed lines cannot be explained by
        any scoring of ours ("follows from the differences above" would then be false)."""
        sums: dict[Any, tuple[Fraction, int, int]] = {}
        for line in self.figures.lines:
            for ref, fig in ((line.ns_pair, line.ns), (line.ew_pair, line.ew)):
                if ref is None or fig is None:
                    continue
                total, n, places = sums.get(ref, (Fraction(0), 0, 0))
                sums[ref] = (total + fig.value, n + 1, max(places, fig.places))
        return sums

    # --- teams --------------------------------------------------------------------------------
    def run_matches(self) -> None:
        ours = {(m.match.round, m.match.home.number, m.match.away.number): m for m in self.result.matches}
        for p in self.figures.matches:
            printed = (p.home_imps, p.away_imps, p.home_vp, p.away_vp)
            m = ours.get((p.round, p.home, p.away))
            if m is None or not m.boards:
                self.unverified += sum(1 for f in printed if f is not None)
                continue
            home, away = m.match.home.name, m.match.away.name
            where = said(
                msg(
                    "round %(round)s, %(home)s v %(away)s (%(where)s)",
                    round=p.round,
                    home=home,
                    away=away,
                    where=p.where,
                )
                if p.round
                else msg("%(home)s v %(away)s (%(where)s)", home=home, away=away, where=p.where)
            )
            unit = _figure_word(m.board_unit_label)
            self.figure(
                m.home_imps, p.home_imps, where, said(formula("%(team)s %(unit)s", team=home, unit=unit)), self.follows
            )
            self.figure(
                m.away_imps, p.away_imps, where, said(formula("%(team)s %(unit)s", team=away, unit=unit)), self.follows
            )
            for name, ours_vp, theirs in ((home, m.home_vp, p.home_vp), (away, m.away_vp, p.away_vp)):
                what = said(formula("%(team)s %(unit)s", team=name, unit=msg("VPs")))
                self.figure(ours_vp, theirs, where, what, partial(self.vp_reason, m, name == home))

    def vp_reason(self, m: Any, home: bool, ours: Fraction, theirs: Figure) -> tuple[str, str]:
        """Their VPs are ours margin on another 20-VP scale: said only when one of the scales we know
        (the WBF continuous scale, its whole-VP discrete form) gives their figure for our IMP margin.
        Otherwise their IMPs may differ (a file that prints VPs only does not say): no known reason."""
        margin = m.home_imps - m.away_imps
        boards = len(m.boards)
        options = self.result.options
        names = {"wbf": msg("WBF continuous"), "discrete": msg("WBF/EBU discrete (whole VPs)")}
        for scale in ("wbf", "discrete"):
            if scale == options.vp_scale:
                continue
            try:
                vps = match_vps(
                    m.home_imps, m.away_imps, boards, options.vp_fractional_margin, scale, options.vp_rounding
                )
            except ValueError:
                continue
            if agrees(vps[0] if home else vps[1], theirs):
                return VP_SCALE, said(
                    msg(
                        "theirs converts the %(margin)s-IMP margin over %(boards)s boards on the "
                        "%(scale)s 20-VP scale (--option vp_scale=%(option)s); ours uses %(ours)s",
                        margin=said_figure(abs(margin), 2),
                        boards=boards,
                        scale=names[scale],
                        option=scale,
                        ours=str(options.vp_scale),
                    )
                )
        return self.follows(Fraction(0), theirs)

    def follows(self, ours: Fraction, theirs: Figure) -> tuple[str, str]:
        return (FOLLOWS, "") if self.differences else ("", "")

    def run_teams(self) -> None:
        standings = {s.team.number: s for s in self.result.team_standings}
        scored = {t.number for m in self.result.matches if m.boards for t in (m.match.home, m.match.away)}
        for p in self.figures.teams:
            s = standings.get(p.number)
            if s is None or p.number not in scored:
                self.unverified += (p.total is not None) + (_place(p.place) is not None)
                continue
            where = said(msg("team %(number)s %(name)s (%(where)s)", number=p.number, name=s.team.name, where=p.where))

            def total_reason(o: Fraction, t: Figure, s: TeamStanding = s) -> tuple[str, str]:
                if agrees(s.imps_for, t):
                    return TEAM_TOTAL, said(
                        msg(
                            "theirs is the %(imps)s IMPs the team scored; ours is its net total",
                            imps=said_figure(s.imps_for, 2),
                        )
                    )
                return self.follows(o, t)

            self.figure(s.total, p.total, where, _what("total"), total_reason)
            place = _place(p.place)
            if place is not None:
                self.figure(Fraction(s.rank), Figure(p.place, Fraction(place), 0), where, _what("place"), self.follows)


def _cut(value: Fraction, places: int) -> Fraction:
    """``value`` cut down toward zero to ``places`` decimals."""
    unit = Fraction(1, 10**places)
    return int(value / unit) * unit


def _kind(what: str) -> str:
    """'NS matchpoints' and 'EW matchpoints' are one kind of figure."""
    return what.removeprefix("NS ").removeprefix("EW ")


def _adds_up(added: tuple[Fraction, int, int], total: Figure) -> bool:
    """Whether a printed total can be the sum of printed lines, each rounded to its printed decimals."""
    value, lines, places = added
    slack = lines * Fraction(1, 2 * 10**places) + Fraction(1, 2 * 10**total.places)
    return abs(value - total.value) <= slack


def _place(text: str) -> int | None:
    """A printed place ('3', '3='), or None when it is not one (a place is never signed)."""
    place = optional_whole(text.rstrip("="))
    return place if place is not None and place >= 1 and text[:1].isascii() and text[:1].isdigit() else None


def audit(result: SessionResult, lines_result: SessionResult | None = None) -> _Audit:
    """Every printed figure compared with ``result``; traveller figures with ``lines_result``
    when the program shows them scored otherwise (``line_figures=unfactored``, see conventions.py)."""
    figures = printed_figures(result.session) or PrintedFigures()
    a = _Audit(result, figures, lines_result)
    a.find_unmarked()
    a.run_lines()
    a.run_boards()
    a.run_pairs()
    a.run_matches()
    a.run_teams()
    a.confirm_truncation()
    return a


@dataclass(frozen=True, slots=True)
class CheckReport:
    """``check``'s outcome: each session with its reconciliation (the convention search and its
    audit, ``SessionOutcome.reconciliation``), the counts, and the report as ``check`` prints it."""

    path: Path
    sessions: tuple[SessionOutcome, ...]
    compared: int
    differ: int
    unverified: int
    text: str
    """The report in English, as ``check`` prints it."""
    lines: tuple[Param, ...] = ()
    """The same lines as messages (``scoring/message.py``): ``check --language`` prints them
    translated (``site/i18n.py::said_text``); their English is ``text``."""

    @property
    def ok(self) -> bool:
        """Every figure agrees and every one could be re-scored (``check``'s exit status 0)."""
        return self.differ == 0 and self.unverified == 0


def check_command(path: Path, overrides: dict[str, Any] | None = None, verbose: bool = False) -> tuple[str, bool]:
    """``check``'s text and whether every figure agrees (``check_upload``)."""
    report = check_upload(path, overrides, verbose)
    return report.text, report.ok


def check_upload(path: Path, overrides: Mapping[str, Any] | None = None, verbose: bool = False) -> CheckReport:
    """The audit of every session in ``path`` (read and scored by ``read_and_score``), after
    working out the program's conventions: one line per board (or pairs, teams, matches) and
    reason; every difference with ``verbose``."""
    overrides = dict(overrides or {})
    out: list[Param] = []
    compared = differ = unverified = 0
    reasons: Counter[str] = Counter()
    site = site_scoring_for(Path(path))
    scoring_overrides, _ = split_shown(overrides)
    checked = []
    for scored in read_and_score(path, site=site, overrides=scoring_overrides, events=False).sessions:
        s = scored.session
        search = find_conventions(s, overrides, audit, site, scored)
        checked.append(replace(scored, reconciliation=search))
        a = search.audit
        differences = [_explained(d, search.explained.get((d.where, d.what))) for d in a.differences]
        # "%(num)s boards" in both English forms: the report always said "1 boards"; a language
        # with plural forms writes its own.
        boards = plural("%(num)s boards", "%(num)s boards", _count(s.board_count))
        method = str(s.method)
        out.append(
            msg(
                "%(source)s: %(title)s (%(method)s, %(boards)s)",
                source=str(s.source),
                title=s.title,
                method=msg(method) if method in METHOD_WORDS else method,
                boards=boards,
            )
        )
        if search.found:
            found = ", ".join(f"{k}={_word(v)}" for k, v in search.found.items())
            out.append(
                _indented(msg("conventions found: %(options)s; pass these as --option to reproduce", options=found))
            )
        if verbose:
            out += [_indented(d.said()) for d in differences]
        else:
            out += [_indented(param_of(line)) for line in summary_lines(a, differences)]
        for note in (printed_figures(s) or PrintedFigures()).notes:
            out.append(_indented(msg("note: %(note)s", note=param_of(note))))
        out += [
            _indented(msg("warning: %(warning)s", warning=param_of(w)))
            for w in (printed_figures(s) or PrintedFigures()).warnings
        ]
        compared += a.compared
        differ += len(differences)
        unverified += a.unverified
        reasons.update(d.reason or NO_REASON for d in differences)
    if reasons:
        counted = [formula("%(reason)s %(count)s", reason=_reason(r), count=n) for r, n in reasons.most_common()]
        out.append(msg("Likely reasons: %(reasons)s", reasons=join(", ", counted)))
    # Both English forms alike, as the report always wrote them; other languages choose by the count.
    summary: list[Param] = [
        plural(
            "%(agree)s of %(num)s figures agree (%(differ)s differ)",
            "%(agree)s of %(num)s figures agree (%(differ)s differ)",
            _count(compared),
            agree=compared - differ,
            differ=differ,
        )
    ]
    if unverified:
        summary.append(
            plural(
                "; %(num)s figures cannot be re-scored (the file holds no board results for them)",
                "; %(num)s figures cannot be re-scored (the file holds no board results for them)",
                _count(unverified),
            )
        )
    out.append(join("", summary))
    text = "\n".join(english(line) for line in out)
    return CheckReport(Path(path), tuple(checked), compared, differ, unverified, text, tuple(out))


METHOD_WORDS = frozenset((N_("matchpoints"), N_("butler"), N_("cross_imps"), N_("aggregate"), N_("teams")))
"""The scoring methods as the report's heading names them (``ScoringMethod``'s values)."""


def _count(n: int) -> Shown:
    return Shown(n, 0, str(n))


def _indented(line: Param) -> Param:
    return join("", ("  ", line))


def _word(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _explained(d: Difference, options: dict[str, Any] | None) -> Difference:
    """A difference that a re-scoring with other options makes agree is explained by them."""
    if (
        not options
        or d.reason == TIE_BROKEN
        or (d.reason == UNMARKED and d.detail.startswith("they gave both sides 50 %"))
    ):
        return d  # a real score given 50 % to both sides is named as such, whatever else agrees with it
    return replace(d, reason=describe(options), detail="")


def _group(where: str) -> str:
    head = where.split(" (")[0]
    if head.startswith("board "):
        return head.split(",")[0]
    if head.startswith("team "):
        return N_("team totals")
    if " pair " in f" {head}":
        return N_("pair totals")
    return N_("matches")


def _group_said(group: str) -> Param:
    """A group of differences ('board 15', 'pair totals') as a message."""
    if group.startswith("board "):
        return msg("board %(board)s", board=group.removeprefix("board "))
    return msg(group)


def summary_lines(a: _Audit, differences: list[Difference] | None = None) -> list[Said]:
    """The audit's differences, one line per board (or pairs, teams) and reason."""
    short = {f"board {b.number}": (b.actual, b.expected) for b in a.result.boards if b.actual < b.expected}
    return _grouped(a.differences if differences is None else differences, short)


def _grouped(differences: list[Difference], short: dict[str, tuple[int, int]]) -> list[Said]:
    """'board 15: unfactored (…): 36 figures' — one line per board (or pairs, teams) and reason;
    a short board says how short (``short``: results and expected results by board)."""
    counts: Counter[tuple[str, str]] = Counter((_group(d.where), d.reason or NO_REASON) for d in differences)
    lines = []
    for (group, reason), n in counts.items():
        words: dict[str, Param] = {
            "group": _group_said(group),
            "reason": _reason(reason),
            "figures": plural("%(num)s figure", "%(num)s figures", _count(n)),
        }
        if group in short:
            results, expected = short[group]
            line = msg(
                "%(group)s (%(results)s results where %(expected)s were expected): %(reason)s: %(figures)s",
                **words,
                results=results,
                expected=expected,
            )
        else:
            line = msg("%(group)s: %(reason)s: %(figures)s", **words)
        lines.append(said(line))
    return lines

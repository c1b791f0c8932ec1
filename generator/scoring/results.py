"""What the engine returns: scored boards, pair standings, teams matches — with explanations.

All figures are exact ``Fraction``s.  The meaning of a figure follows the session's
method: matchpoints (MATCHPOINTS), IMPs (BUTLER, CROSS_IMPS) or points (AGGREGATE).
Teams results name their units: ``board_unit`` (IMPs, points or board points) for the
board figures and ``total_unit`` (VPs, IMPs, points, board points or wins) for what a
match adds to a team's total (see ``UNIT_LABELS``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import overload

from ..model import Direction, Match, Pair, PairRef, ScoringMethod, Session, Team, TravellerLine
from ..notation import Seat, Vulnerability
from .explain import Explanation
from .lines import ScoredLine as ScoredLine
from .lines import SideScore as SideScore
from .options import ScoringOptions
from .sitout import SitOut
from .swiss_result import SwissResult
from .units import UNIT_LABELS as UNIT_LABELS
from .units import unit_label as unit_label


@dataclass(frozen=True, slots=True)
class FrequencyRow:
    """One distinct NS score on a board.

    ``frequency`` counts the results (a weighted component counts its weight);
    ``factored`` is ``frequency * E / A``.  ``ns`` and ``ew`` are what a pair with this
    score gets: matchpoints, Butler IMPs or cross-IMPs (after the divisor).
    """

    ns_score: int
    frequency: Fraction
    factored: Fraction | int
    ns: Fraction
    ew: Fraction
    occurs: bool = True
    """False for a weighted component that no table actually scored."""


@dataclass(frozen=True, slots=True)
class ScoredBoard:
    number: int
    section: str
    """The comparison group's section, or '' when sections are pooled."""
    method: ScoringMethod
    vulnerability: Vulnerability
    dealer: Seat
    lines: tuple[ScoredLine, ...]
    frequencies: tuple[FrequencyRow, ...]
    """The NS frequency table, best NS score first."""
    ew_frequencies: tuple[FrequencyRow, ...] | None
    """A separate table for the EW field when a split score makes the two differ."""
    expected: int
    """E: results expected on the board."""
    actual: int
    """A: actual results (artificial scores are not results)."""
    top: Fraction | None
    """Matchpoint top after factoring, 2(E-1) (or E-1 in ACBL units)."""
    datum: Fraction | None
    explanation: Explanation
    """Board-level arithmetic: factoring, small-group rule, the Butler datum."""
    sitouts: tuple[PairRef, ...] = ()
    """The pairs the upload records sitting this board out (explicit sit-out lines)."""

    @property
    def factor(self) -> Fraction:
        return Fraction(self.expected, self.actual) if self.actual else Fraction(1)

    @property
    def slug(self) -> str:
        return f"{self.section}{self.number}" if self.section else str(self.number)


@dataclass(frozen=True, slots=True)
class ScorecardEntry:
    """One board of one pair's scorecard."""

    board: ScoredBoard
    line: ScoredLine
    direction: Direction
    opponents: PairRef | None
    score: SideScore
    available: Fraction | None
    running_total: Fraction
    partner: PairRef | None = None
    """Individual events: who sat opposite the player on this board."""
    opponent_players: tuple[PairRef, ...] = ()
    """Individual events: the two players at the other side of the table."""


class Scorecard(Sequence[ScorecardEntry]):
    """A pair's scorecard, built the first time it is read.  ``score --json`` never reads one
    and a big field has one entry per pair and board (48,000 at 1,000 tables), each with its
    running total; the site's pair pages read every one.  Behaves as the tuple it builds
    (equal to it, pickled as it)."""

    __slots__ = ("_build", "_entries")

    def __init__(self, build: Callable[[], tuple[ScorecardEntry, ...]]):
        self._build: Callable[[], tuple[ScorecardEntry, ...]] | None = build
        self._entries: tuple[ScorecardEntry, ...] = ()

    @property
    def entries(self) -> tuple[ScorecardEntry, ...]:
        if self._build is not None:
            self._entries, self._build = self._build(), None
        return self._entries

    @overload
    def __getitem__(self, index: int) -> ScorecardEntry: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[ScorecardEntry, ...]: ...

    def __getitem__(self, index: int | slice) -> ScorecardEntry | tuple[ScorecardEntry, ...]:
        return self.entries[index]

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self) -> Iterator[ScorecardEntry]:
        return iter(self.entries)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Scorecard):
            return self.entries == other.entries
        return self.entries == other

    __hash__ = None  # type: ignore[assignment]  # as a tuple of unhashable entries: never hashed

    def __repr__(self) -> str:
        return f"Scorecard({self.entries!r})"

    def __reduce__(self) -> tuple[type[tuple[ScorecardEntry, ...]], tuple[tuple[ScorecardEntry, ...]]]:
        return (tuple, (self.entries,))


@dataclass(frozen=True, slots=True)
class Handicapped:
    """A pair's place in the handicap ranking: scratch percentage plus (a share of) its handicap."""

    handicap: Fraction
    """The pair's handicap as given, in percentage points."""
    applied: Fraction
    """What was added: the whole handicap or half of it (option ``handicap_share``)."""
    percentage: Fraction | None
    """The handicapped percentage; None when the pair has no scratch percentage."""
    rank: int
    rank_label: str
    explanation: Explanation


@dataclass(frozen=True, slots=True)
class Standing:
    pair: Pair
    field: str
    """'NS', 'EW', 'A NS', or '' for a single field."""
    total: Fraction
    """Sum of the pair's board scores (matchpoints, IMPs or points), less any director's
    penalty (``penalty``); the scorecard's running total is the boards alone."""
    boards_played: int
    available: Fraction | None
    """Sum of the tops on the boards played (matchpoints)."""
    percentage: Fraction | None
    score: Fraction
    """What the ranking sorts on: the percentage (matchpoints), the factored IMP total, or the total."""
    rank: int
    rank_label: str
    """'1', '3=' ..."""
    scorecard: Sequence[ScorecardEntry]
    """A ``Scorecard`` (built when read) or a tuple."""
    explanation: Explanation
    penalty: Fraction = Fraction(0)
    """What the director's penalties took off (``Session.penalties``), in the session's unit:
    matchpoints (a percentage of a top converted), IMPs or points.  0 when none."""
    scaled_total: Fraction | None = None
    """Matchpoints: the total scaled to the most boards any pair of the field played (option
    ``scaled_total``), for a pair who played fewer; None otherwise."""
    handicap: Handicapped | None = None
    """The handicap ranking's figures, when the session is a handicap event."""
    strata: tuple[tuple[str, str], ...] = ()
    """Stratified events: (stratum, place label) for the pair's stratum and every higher one,
    highest first, such as (('A', '5'), ('B', '2='))."""
    sitout: SitOut | None = None
    """What the boards the pair sat out added (option ``sitout_policy``); None when nothing."""

    @property
    def ref(self) -> PairRef:
        return self.pair.ref

    @property
    def board_total(self) -> Fraction:
        """The boards alone, before penalties."""
        return self.total + self.penalty


@dataclass(frozen=True, slots=True)
class Field:
    """A group of pairs ranked together: a Howell, or one direction of a Mitchell."""

    name: str
    standings: tuple[Standing, ...]

    @property
    def handicap_standings(self) -> tuple[Standing, ...]:
        """The handicap ranking (empty unless a handicap event): by handicapped place."""
        if not any(s.handicap for s in self.standings):
            return ()

        def place(s: Standing) -> tuple[int, int]:
            assert s.handicap is not None  # a handicap event: every pair has one (scoring/handicap.py)
            return s.handicap.rank, s.pair.ref.number

        return tuple(sorted(self.standings, key=place))


class _UnitLabels:
    """The words for a teams result's ``board_unit`` and ``total_unit`` ('IMPs', 'board points', 'VPs' …)."""

    __slots__ = ()
    board_unit: str
    total_unit: str

    @property
    def board_unit_label(self) -> str:
        return unit_label(self.board_unit)

    @property
    def total_unit_label(self) -> str:
        return unit_label(self.total_unit)


@dataclass(frozen=True, slots=True)
class TeamsBoardResult:
    number: int
    home_ns: int | None
    """NS score at the table where the home team sat NS (None when artificial)."""
    home_ew: int | None
    """NS score at the table where the home team sat EW."""
    home: Fraction
    """The home team's figure on this board, in the match's ``board_unit``: for IMPs and
    points the signed swing (the away team gets the negation); for board points the home
    team's share (1, ½ or 0; 2, 1 or 0 in UK units), the away team getting the rest."""
    explanation: Explanation
    home_ns_line: TravellerLine | None = None
    home_ew_line: TravellerLine | None = None
    away: Fraction | None = None
    """The away team's figure: -home for IMPs and points, the rest of the board for board points."""


@dataclass(frozen=True, slots=True)
class MatchResult(_UnitLabels):
    match: Match
    boards: tuple[TeamsBoardResult, ...]
    home_imps: Fraction
    """What the home team won on the boards (plus any adjustment), in ``board_unit``:
    IMPs, points (aggregate) or board points (board-a-match), despite the name."""
    away_imps: Fraction
    home_vp: Fraction | None
    """VPs when a VP scale converts the IMPs, else None."""
    away_vp: Fraction | None
    explanation: Explanation
    board_unit: str
    """Unit of the board figures and of home_imps/away_imps: 'imps', 'points' or 'board_points'."""
    total_unit: str
    """Unit of what the match adds to each team's total: 'vps', 'imps' (the IMP margin),
    'points' (the points margin), 'board_points' or 'wins' (1, ½, 0)."""
    home_score: Fraction
    """What the match adds to the home team's total, in ``total_unit``."""
    away_score: Fraction


@dataclass(frozen=True, slots=True)
class TeamStanding(_UnitLabels):
    team: Team
    total: Fraction
    """The ranking total over all matches, in ``total_unit``: VPs, IMP margin, points
    margin, board points or wins."""
    imps_for: Fraction
    """Board figures won over all matches, in ``board_unit`` (IMPs, points or board points)."""
    imps_against: Fraction
    matches: int
    rank: int
    rank_label: str
    board_unit: str
    total_unit: str


@dataclass(frozen=True, slots=True)
class SessionResult:
    session: Session
    options: ScoringOptions
    boards: tuple[ScoredBoard, ...]
    fields: tuple[Field, ...]
    matches: tuple[MatchResult, ...] = ()
    team_standings: tuple[TeamStanding, ...] = ()
    swiss: SwissResult | None = None
    """Swiss pairs: the rounds' matches, VPs and standings (None for any other event)."""

    def standing(self, ref: PairRef) -> Standing:
        for f in self.fields:
            for s in f.standings:
                if s.ref == ref:
                    return s
        raise KeyError(f"no pair {ref} in this session")

    @property
    def standings(self) -> tuple[Standing, ...]:
        return tuple(s for f in self.fields for s in f.standings)

    def board(self, number: int, section: str = "") -> ScoredBoard:
        for b in self.boards:
            if b.number == number and (not section or b.section in (section, "")):
                return b
        raise KeyError(f"no board {number} in this session")


__all__ = [
    "UNIT_LABELS",
    "Field",
    "FrequencyRow",
    "MatchResult",
    "ScorecardEntry",
    "ScoredBoard",
    "ScoredLine",
    "SessionResult",
    "SideScore",
    "Standing",
    "TeamStanding",
    "TeamsBoardResult",
    "unit_label",
]

"""The session model: what was played, as read from an upload, before any scoring.

Readers build these objects; the engine scores them; the site renders the scores.
Everything is frozen plain data.  Scores are North-South points (int) — East-West
is always the negation.  Nothing here is rounded or derived from printed figures.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction

from .notation import PASS as PASS
from .notation import Contract as Contract
from .notation import ContractError as ContractError
from .notation import Seat as Seat
from .notation import Strain as Strain
from .notation import Vulnerability as Vulnerability


class Direction(enum.Enum):
    """The two directions of a table; a Mitchell field is one direction."""

    NS = "NS"
    EW = "EW"

    __hash__ = object.__hash__
    """Members are singletons compared by identity: hashing by identity (in C) keeps the hash
    of a ``PairRef``, a key of every ranking and scorecard, out of Python code (Enum's own
    hashes the member's name in Python)."""

    def __str__(self) -> str:
        return self.value

    @property
    def other(self) -> Direction:
        return Direction.EW if self is Direction.NS else Direction.NS


class ScoringMethod(enum.Enum):
    """How a session's boards are scored (USEBIO EVENT_TYPE maps onto these)."""

    MATCHPOINTS = "matchpoints"
    BUTLER = "butler"
    CROSS_IMPS = "cross_imps"
    AGGREGATE = "aggregate"
    TEAMS = "teams"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class PairRef:
    """Identifies a pair within a session.

    In a Howell (one field) a pair plays both directions, so ``direction`` is None.
    In a Mitchell (two fields) NS 3 and EW 3 are different pairs: ``direction`` is set.
    """

    section: str
    number: int
    direction: Direction | None = None

    def __str__(self) -> str:
        prefix = f"{self.section}" if self.section else ""
        suffix = f" {self.direction}" if self.direction else ""
        return f"{prefix}{self.number}{suffix}"

    @property
    def slug(self) -> str:
        """A stable, URL-safe id such as ``A-3-NS`` or ``A-3``."""
        parts = [self.section or "0", str(self.number)]
        if self.direction:
            parts.append(self.direction.value)
        return "-".join(parts)


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    id: str | None = None
    """A federation or club membership number, when the upload carries one."""
    hidden: bool = False
    """A member who asked not to be named (site.yaml ``hidden_names``, ``privacy.py``): ``name``
    is the replacement, and the site gives them no player page."""


@dataclass(frozen=True, slots=True)
class Masterpoints:
    """Masterpoints as the scoring program awarded them (USEBIO ``MASTER_POINTS_AWARDED``,
    ``MASTER_POINT_TYPE``): shown, never computed.  ``awarded`` keeps the file's figure as
    written (programs count in different units: NZ Scorer in hundredths)."""

    awarded: str
    kind: str = ""


@dataclass(frozen=True, slots=True)
class Pair:
    ref: PairRef
    players: tuple[Player, ...] = ()
    handicap: Fraction | None = None
    """Handicap pairs: percentage points added to the pair's scratch percentage (USEBIO
    ``HANDICAP``, YAML ``handicap:``); negative for a strong pair.  None: not a handicap event."""
    masterpoints: Masterpoints | None = None
    """What the program awarded the pair, when the upload says (None: nothing, or 0)."""
    stratum: str | None = None
    """Stratified events: the stratum (flight) the pair plays in, stated or from its rating."""
    is_player: bool = False
    """An individual event's entrant: one player (``players`` holds their name, if known)."""
    tiebreak: Fraction | None = None
    """A tie-break figure the program recorded for the pair (PBN TotalScoreTable ``Tiebreak``): it
    orders pairs on equal scores under the option ``tie_break``.  None: none recorded."""

    @property
    def names(self) -> str:
        return " & ".join(p.name for p in self.players) or f"{'Player' if self.is_player else 'Pair'} {self.ref}"


@dataclass(frozen=True, slots=True)
class Play:
    """A board as actually played at a table: contract, declarer, tricks, lead, NS score.

    ``contract`` is None when only a raw score is known (a score-only upload).
    A passed-out board has ``Contract.PASS`` and score 0.
    """

    ns_score: int
    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    lead: str | None = None


@dataclass(frozen=True, slots=True)
class Component:
    """One component of an assigned weighted score (Law 12C1(c)); weights sum to 1."""

    weight: Fraction
    play: Play


@dataclass(frozen=True, slots=True)
class Scored:
    """A real (or assigned) bridge result: one component of weight 1, or a weighted score."""

    components: tuple[Component, ...]

    @staticmethod
    def of(play: Play) -> Scored:
        return Scored((Component(Fraction(1), play),))

    @property
    def is_weighted(self) -> bool:
        return len(self.components) > 1

    @property
    def single(self) -> Play | None:
        """The play when this is an ordinary result, else None."""
        return self.components[0].play if len(self.components) == 1 else None


class ArtificialKind(enum.Enum):
    """Law 12C2 artificial adjusted scores."""

    PLUS = "A+"
    AVERAGE = "A="
    MINUS = "A-"
    FIXED = "fixed"
    """A stated percentage such as 70 % or 30 %, never varied by Law 12C2(c)."""


@dataclass(frozen=True, slots=True)
class Artificial:
    """An artificial adjusted score for one side: not a result, so left out of the board's count.

    ``percent`` is the nominal percentage of a top (60 for A+, 50 for A=, 40 for A-).
    """

    kind: ArtificialKind
    percent: Fraction

    @staticmethod
    def from_percent(percent: int | Fraction) -> Artificial:
        """60, 50 and 40 are average-plus, average and average-minus; anything else is fixed."""
        p = Fraction(percent)
        kind = {
            Fraction(60): ArtificialKind.PLUS,
            Fraction(50): ArtificialKind.AVERAGE,
            Fraction(40): ArtificialKind.MINUS,
        }.get(p, ArtificialKind.FIXED)
        return Artificial(kind, p)

    @property
    def code(self) -> str:
        if self.kind is ArtificialKind.FIXED:
            return f"A{self.percent}%"
        code: str = self.kind.value
        return code


Outcome = Scored | Artificial


@dataclass(frozen=True, slots=True)
class Seats:
    """An individual event's table: each seat's player (a ``PairRef`` naming one player)."""

    north: PairRef
    south: PairRef
    east: PairRef
    west: PairRef

    def by_seat(self) -> tuple[tuple[str, PairRef], ...]:
        return (("N", self.north), ("S", self.south), ("E", self.east), ("W", self.west))

    def partner(self, player: PairRef) -> PairRef | None:
        pairs = {self.north: self.south, self.south: self.north, self.east: self.west, self.west: self.east}
        return pairs.get(player)

    def opponents(self, player: PairRef) -> tuple[PairRef, PairRef]:
        if player in (self.north, self.south):
            return (self.east, self.west)
        return (self.north, self.south)


@dataclass(frozen=True, slots=True)
class Call:
    """One call of an auction as the file recorded it: a bid ('4S', '3NT'), 'Pass', 'X',
    'XX', 'AP' (all pass: the auction's remaining passes) or '-' (a seat that could not call,
    PBN ``^S``)."""

    text: str
    alert: bool = False
    """Alerted (PBN ``!`` after the call)."""
    note: int | None = None
    """The number of the note that explains it (PBN ``=n=``), listed in ``Auction.notes``."""


@dataclass(frozen=True, slots=True)
class Auction:
    """A table's auction: the calls from the dealer on, and the notes they refer to.
    ``complete`` is false when the record stops before the auction ended (PBN ``*`` or ``+``)."""

    dealer: Seat
    calls: tuple[Call, ...]
    notes: tuple[tuple[int, str], ...] = ()
    complete: bool = True


@dataclass(frozen=True, slots=True)
class PlayedCard:
    seat: Seat
    card: str | None
    """'SK', 'H2' — None for a card the record leaves unknown (PBN ``-``)."""
    note: int | None = None


@dataclass(frozen=True, slots=True)
class Trick:
    """One trick as played: its cards from the leader on (in seat order from the opening
    leader when the leader is unknown), and who won it (None when a card is unknown)."""

    leader: Seat | None
    cards: tuple[PlayedCard, ...]
    winner: Seat | None


@dataclass(frozen=True, slots=True)
class CardPlay:
    """A table's play, trick by trick; ``complete`` is false when the record stops before the
    thirteenth trick (a claim, PBN ``*``)."""

    opening_leader: Seat
    tricks: tuple[Trick, ...]
    notes: tuple[tuple[int, str], ...] = ()
    complete: bool = True


@dataclass(frozen=True, slots=True)
class RecordedTable:
    """An auction or play the file records for a board but that no traveller line can be
    given: it matches none of the results, or more than one.  Shown as the board's, never
    put on a line."""

    auction: Auction | None
    play: CardPlay | None
    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    why: str = ""
    """Why it is not on a line ('no result on the traveller is 4S by N making 10')."""


@dataclass(frozen=True, slots=True)
class TravellerLine:
    """One table's result on one board.

    ``ns`` and ``ew`` are the outcomes assigned to each side; they are the same object
    except for a split score, where the director assigned the sides different results.
    ``ns_pair`` or ``ew_pair`` may be None for a bye / phantom line.
    """

    ns_pair: PairRef | None
    ew_pair: PairRef | None
    ns: Outcome
    ew: Outcome
    section: str = ""
    table: int | None = None
    source_line: int | None = None
    """Where the line came from in the upload (line number), for error messages."""
    note: str = ""
    """What the reader accepted on trust from a program's export (a recorded score that its
    contract does not explain, a contract it could not read); the board page shows it."""
    seats: Seats | None = None
    """Individual events: the four players at the table.  ``ns_pair`` is then North and
    ``ew_pair`` East, so that a line keeps its usual key; South and West score with them."""
    auction: Auction | None = None
    """The table's auction, when the upload records it (PBN ``[Auction]``)."""
    card_play: CardPlay | None = None
    """The table's play, when the upload records it (PBN ``[Play]``)."""

    def sides(self) -> tuple[tuple[PairRef, Direction], ...]:
        """Who scores this line and with which side's figure: the two pairs, or the four players."""
        if self.seats is not None:
            s = self.seats
            return ((s.north, Direction.NS), (s.south, Direction.NS), (s.east, Direction.EW), (s.west, Direction.EW))
        return tuple(
            (ref, d) for ref, d in ((self.ns_pair, Direction.NS), (self.ew_pair, Direction.EW)) if ref is not None
        )

    @property
    def is_split(self) -> bool:
        return self.ns != self.ew

    @property
    def is_result(self) -> bool:
        """Counts towards A (the actual number of results): both sides got a bridge score."""
        return isinstance(self.ns, Scored) and isinstance(self.ew, Scored)


@dataclass(frozen=True, slots=True)
class Deal:
    """A hand record: each seat's cards as PBN-style 'spades.hearts.diamonds.clubs' strings."""

    hands: dict[Seat, str]

    def suits(self, seat: Seat) -> tuple[str, str, str, str]:
        parts = self.hands[seat].split(".")
        return (parts[0], parts[1], parts[2], parts[3])


@dataclass(frozen=True, slots=True)
class Board:
    number: int
    lines: tuple[TravellerLine, ...]
    deal: Deal | None = None
    dealer: Seat | None = None
    """Overrides the Law 2 dealer when the upload says otherwise."""
    vulnerability: Vulnerability | None = None
    """Overrides the Law 2 vulnerability."""
    deal_note: str = ""
    """Why the upload's hand record of this board was left out (a hand of 12 cards, a card
    dealt twice): the board is scored without it and its page says so."""
    recorded: tuple[RecordedTable, ...] = ()
    """Auctions and play the upload records for the board that belong to no one traveller line."""
    record_notes: tuple[str, ...] = ()
    """Auctions and play the reader dropped (malformed: optional information), each why."""


@dataclass(frozen=True, slots=True)
class TeamsBoard:
    """One board of a teams match: the result at each table.

    ``home_ns`` is the result with the home team sitting NS (open room),
    ``home_ew`` the result with the home team sitting EW (closed room); both are NS scores.
    """

    number: int
    home_ns: Outcome | None
    home_ew: Outcome | None
    home_ns_line: TravellerLine | None = None
    home_ew_line: TravellerLine | None = None


@dataclass(frozen=True, slots=True)
class Team:
    number: int
    name: str
    players: tuple[Player, ...] = ()


@dataclass(frozen=True, slots=True)
class Match:
    home: Team
    away: Team
    boards: tuple[TeamsBoard, ...]
    round: int | None = None
    imp_adjustment: Fraction = Fraction(0)
    """IMPs awarded to the home team by the director outside the boards (penalties)."""


class PenaltyUnit(enum.Enum):
    """What a penalty's amount counts: a percentage of a board's top, or the session's own unit."""

    PERCENT_OF_TOP = "percent_of_top"
    """Matchpoints: a percentage of the usual top of a board (EBU standard penalty: 25 %)."""
    MATCHPOINTS = "matchpoints"
    IMPS = "imps"
    """Butler and cross-IMP pairs (EBU standard penalty: 6 IMPs)."""
    POINTS = "points"
    """Aggregate pairs."""

    def __str__(self) -> str:
        return self.value


PENALTY_UNITS: dict[ScoringMethod, tuple[PenaltyUnit, ...]] = {
    ScoringMethod.MATCHPOINTS: (PenaltyUnit.PERCENT_OF_TOP, PenaltyUnit.MATCHPOINTS),
    ScoringMethod.BUTLER: (PenaltyUnit.IMPS,),
    ScoringMethod.CROSS_IMPS: (PenaltyUnit.IMPS,),
    ScoringMethod.AGGREGATE: (PenaltyUnit.POINTS,),
}
"""The units a director's penalty may be given in, by the session's method (teams have none:
a match takes ``Match.imp_adjustment``)."""


@dataclass(frozen=True, slots=True)
class Penalty:
    """A director's deduction from a pair's session total (a procedural penalty, Law 90).

    Not a board result: it changes the pair's total, percentage and place, never a board's
    figures nor any other pair's score.  ``amount`` is positive and is deducted.
    """

    pair: PairRef
    amount: Fraction
    unit: PenaltyUnit
    reason: str = ""
    source_line: int | None = None
    """Where the penalty came from in the upload (line number), for error messages."""


@dataclass(frozen=True, slots=True)
class Stratum:
    """A stratum (flight) of a stratified event; ``Session.strata`` lists them highest first.

    A pair qualifies for its own stratum and every higher one (A is open to all), and gets a
    place in each beside its overall place, as ACBLscore prints them."""

    name: str
    max_rating: Fraction | None = None
    """Pairs rated at most this belong here (or lower); None for the top (open) stratum."""


@dataclass(frozen=True, slots=True)
class SitOut:
    """An explicit sit-out: the upload says ``pair`` had no opponents on ``board`` (a traveller
    line with no opponent, a bye line, a line against a phantom pair, a YAML ``sitout``).

    Not a result: it never counts towards A.  With explicit records a pair with no line and no
    record on a board of its section was late or absent, not sitting out."""

    pair: PairRef
    board: int
    source_line: int | None = None
    """Where the sit-out came from in the upload (line number), for messages."""
    where: str = ""
    """The element path or line the reader found it at (USEBIO), for messages."""


@dataclass(frozen=True, slots=True)
class SwissMatch:
    """One match of a Swiss pairs round: two pairs at one table for the round's boards.

    ``first`` is the pair named first (NS at the table, when the upload says)."""

    first: PairRef
    second: PairRef
    table: int | None = None
    source_line: int | None = None


@dataclass(frozen=True, slots=True)
class SwissRound:
    """A round of a Swiss pairs event: its boards (every match plays them all), its matches
    and the pairs with a bye."""

    number: int
    boards: tuple[int, ...]
    matches: tuple[SwissMatch, ...]
    byes: tuple[PairRef, ...] = ()
    source_line: int | None = None


@dataclass(frozen=True, slots=True)
class Section:
    name: str
    pairs: tuple[Pair, ...]
    winners: int = 1
    """1 for a single field (Howell, or Mitchell scored as one), 2 for NS and EW fields."""


@dataclass(frozen=True, slots=True)
class Session:
    """One session of an event: what a results page shows."""

    title: str
    method: ScoringMethod
    sections: tuple[Section, ...] = ()
    boards: tuple[Board, ...] = ()
    matches: tuple[Match, ...] = ()
    teams: tuple[Team, ...] = ()
    club: str = ""
    event: str = ""
    date: date | None = None
    source: str = ""
    """The upload's path, for messages and links."""
    options: dict[str, object] = field(default_factory=dict)
    """Scoring options given by the upload (merged over site defaults by the caller)."""
    printed: dict[str, object] = field(default_factory=dict)
    """Figures printed in the upload (for `check`), keyed by reader-defined ids. Never used to score."""
    penalties: tuple[Penalty, ...] = ()
    """The director's penalties on pairs' session totals (pairs sessions; teams use ``Match.imp_adjustment``)."""
    strata: tuple[Stratum, ...] = ()
    """A stratified event's strata, highest (open) first; empty when not stratified."""
    individual: bool = False
    """An individual event: each ``Pair`` is one player (its ``players`` hold one name), each
    traveller line has ``seats``, and the ranking is of players."""
    swiss: tuple[SwissRound, ...] = ()
    """Swiss pairs: the rounds, in order; empty for any other event.  The boards are scored
    against the field by the session's method, then each match becomes VPs."""
    sitouts: tuple[SitOut, ...] = ()
    """Explicit sit-outs the upload records (which pair sat out which board); when empty a
    sit-out is inferred from a pair having no line on a board of its section."""

    @property
    def pairs(self) -> tuple[Pair, ...]:
        return tuple(p for s in self.sections for p in s.pairs)

    @property
    def board_count(self) -> int:
        """Distinct boards played: the travellers' boards, or the boards of the teams' matches."""
        numbers = {b.number for b in self.boards if b.lines} | {tb.number for m in self.matches for tb in m.boards}
        return len(numbers)

"""What a Swiss pairs event scores to: each round's matches and byes, and the standings after it.

The types only (``swiss`` computes them), below ``results``, whose session result holds one.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..model import Direction, Pair, PairRef, SwissMatch
from .explain import Explanation
from .lines import ScoredLine


@dataclass(frozen=True, slots=True)
class SwissBoardFigure:
    """One board of a match: each pair's figure against the field, from the scored traveller."""

    number: int
    line: ScoredLine
    first_direction: Direction
    first: Fraction
    second: Fraction


@dataclass(frozen=True, slots=True)
class SwissMatchResult:
    round: int
    match: SwissMatch
    boards: tuple[SwissBoardFigure, ...]
    first_imps: Fraction
    second_imps: Fraction
    margin: Fraction
    """IMPs to the first pair: (first − second) / 2, or with swiss_margin 'ximpq' that over
    √(r(r − 1)/2), rounded to a whole IMP."""
    first_vps: Fraction
    second_vps: Fraction
    explanation: Explanation

    def vps_of(self, ref: PairRef) -> Fraction:
        return self.first_vps if ref == self.match.first else self.second_vps

    def imps_of(self, ref: PairRef) -> Fraction:
        """The pair's share of the margin: + for the winner, − for the loser."""
        return self.margin if ref == self.match.first else -self.margin

    def opponent(self, ref: PairRef) -> PairRef:
        return self.match.second if ref == self.match.first else self.match.first


@dataclass(frozen=True, slots=True)
class SwissBye:
    round: int
    pair: PairRef
    vps: Fraction
    explanation: Explanation


@dataclass(frozen=True, slots=True)
class SwissStanding:
    """A pair's place after a round: VPs and IMPs over the rounds so far."""

    pair: Pair
    vps: Fraction
    imps: Fraction
    rounds: tuple[Fraction, ...]
    """VPs in each round so far, in order (a bye counts its award)."""
    rank: int
    rank_label: str
    explanation: Explanation

    @property
    def ref(self) -> PairRef:
        return self.pair.ref


@dataclass(frozen=True, slots=True)
class SwissRoundResult:
    number: int
    boards: tuple[int, ...]
    matches: tuple[SwissMatchResult, ...]
    byes: tuple[SwissBye, ...]
    standings: tuple[SwissStanding, ...]
    """Cumulative, after this round, best first."""


@dataclass(frozen=True, slots=True)
class SwissResult:
    rounds: tuple[SwissRoundResult, ...]
    pool: int
    bye_vps: Fraction
    scale: str

    @property
    def standings(self) -> tuple[SwissStanding, ...]:
        return self.rounds[-1].standings if self.rounds else ()

    def matches_of(self, ref: PairRef) -> list[tuple[SwissRoundResult, SwissMatchResult | SwissBye]]:
        out: list[tuple[SwissRoundResult, SwissMatchResult | SwissBye]] = []
        for r in self.rounds:
            out += [(r, m) for m in r.matches if ref in (m.match.first, m.match.second)]
            out += [(r, b) for b in r.byes if b.pair == ref]
        return out

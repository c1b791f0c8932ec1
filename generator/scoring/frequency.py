"""The frequency table of a board: every pairs method scores from it.

Each distinct NS score gets a frequency: 1 per table that scored it, and a weight
(0.3, 0.4 ...) per component of an assigned weighted score (Law 12C1(c)).  When the
board has fewer results than expected (A < E), every frequency is multiplied by E/A —
the "factored frequency" form of the Neuberg formula — so the board carries the same
weight as a complete one.  Matchpoints, the Butler datum and cross-IMPs are then
computed "as normal" from the factored frequencies, as the EBU's weighted-score guide
prescribes (seed 000 §4.1, §5.1, §6.1).

>>> t = FrequencyTable.build([[(Fraction(1), 420)], [(Fraction(1), 420)], [(Fraction(1), 450)]], expected=3)
>>> [(s, str(t.matchpoints(s))) for s in t.scores]
[(450, '4'), (420, '1')]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .imps import imps

Components = Sequence[tuple[Fraction, int]]
"""One result as (weight, NS score) pairs; an ordinary result is [(1, score)]."""


@dataclass(frozen=True, slots=True)
class FrequencyTable:
    scores: tuple[int, ...]
    """Distinct NS scores, best first."""
    frequency: dict[int, Fraction]
    """Raw frequency of each score (weights count fractionally)."""
    occurs: frozenset[int]
    """Scores that some table actually scored (not only as a weighted component)."""
    actual: int
    """A: the number of results (a weighted result counts once)."""
    expected: int
    """E: the number of results the board is scored as if it had."""
    below: dict[int, Fraction | int]
    """Factored frequency of the scores below each score (ints while every factored frequency is whole)."""
    _factored: dict[int, Fraction | int]
    _counts: dict[int, Fraction | int]
    """Raw frequencies as ints where whole: int arithmetic is much faster than Fraction."""

    @classmethod
    def build(cls, results: Iterable[Components], expected: int | None = None) -> FrequencyTable:
        plain: Counter[int] = Counter()  # whole results counted in ints: big fields stay fast
        frequency: dict[int, Fraction] = {}
        whole: dict[int, bool] = {}  # by the components' id: results sharing one list are checked once
        actual = 0
        for components in results if type(results) is list else list(results):  # (all alive: ids stay theirs)
            actual += 1
            is_whole = whole.get(id(components))
            if is_whole is None:
                is_whole = whole[id(components)] = len(components) == 1 and components[0][0] == 1
            if is_whole:
                plain[components[0][1]] += 1
                continue
            for weight, score in components:
                frequency[score] = frequency.get(score, Fraction(0)) + weight
        occurs = set(plain)
        for score, count in plain.items():
            weighted = frequency.get(score)  # (only weighted components are counted there yet)
            frequency[score] = Fraction(count) if weighted is None else weighted + count
        scores = tuple(sorted(frequency, reverse=True))
        counts = {s: (f.numerator if f.denominator == 1 else f) for s, f in frequency.items()}
        table = cls(scores, frequency, frozenset(occurs), actual, expected or actual, {}, {}, counts)
        running: Fraction | int = 0  # stays an int on a board of whole, unfactored results
        for score in reversed(scores):
            table.below[score] = running
            running += table.factored(score)
        return table

    @property
    def factor(self) -> Fraction:
        """E / A: how many times each actual result counts."""
        return Fraction(self.expected, self.actual) if self.actual else Fraction(1)

    @property
    def top(self) -> int:
        """Matchpoint top in EBU units: 2 (E - 1)."""
        return 2 * (self.expected - 1)

    def factored(self, score: int) -> Fraction | int:
        """Factored frequency; a plain int on an unfactored board of whole results (keeps big fields fast)."""
        cached = self._factored.get(score)
        if cached is None:
            f = self.frequency[score]
            if self.actual == self.expected:
                cached = f.numerator if f.denominator == 1 else f
            else:
                cached = f * self.expected / self.actual
            self._factored[score] = cached
        return cached

    def matchpoints(self, score: int) -> Fraction | int:
        """EBU units: 2 per (factored) result beaten, 1 per tie, less 1 for the pair's own result
        (an int on a board of whole, unfactored results)."""
        return 2 * self.below[score] + self.factored(score) - 1

    def raw_matchpoints(self, score: int) -> Fraction:
        """M: matchpoints on the actual results only, before any factoring."""
        below = sum((self.frequency[s] for s in self.scores if s < score), Fraction(0))
        return 2 * below + self.frequency[score] - 1

    def above(self, score: int) -> Fraction | int:
        """Factored frequency of the scores above ``score``."""
        return self.expected - self.below[score] - self.factored(score)

    def comparisons(self, score: int) -> list[tuple[int, Fraction | int, int]]:
        """(other score, its factored frequency, IMPs) for every other score."""
        return [(t, self.factored(t), imps(score - t)) for t in self.scores if t != score]

    def cross_imps_total(self, score: int) -> Fraction:
        """Sum over every other result of factored frequency x IMPs against it (exact).

        Summed on the raw frequencies (ints for whole results) and factored once at the end.
        """
        counts = self._counts
        raw = sum(counts[t] * imps(score - t) for t in self.scores if t != score)
        return Fraction(raw) * self.factor

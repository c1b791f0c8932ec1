"""What one trick was worth: a traveller line's result with one trick more or fewer,
scored again on the same board (the same frequency table otherwise).

The figures are the engine's own: the board is re-scored with that one line changed, so
the value is exactly what the pair would have got (datum, factoring and all).
"""

from __future__ import annotations

import dataclasses
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple

from ..memo import remember
from ..model import Artificial, Direction, Play, Scored, ScoringMethod, TravellerLine
from ..notation import Vulnerability
from .board import components, score_one_line, scorer_for_results, small_group_rule
from .contract import Contract, Seat, ns_score
from .message import Msg, msg
from .options import ScoringOptions
from .results import ScoredBoard
from .rounding import round_neuberg


class TrickResult(NamedTuple):
    """One number of tricks for the line's declarer: the NS score and both sides' figures
    (a tuple: made for every line of every board, a third of a frozen dataclass's cost)."""

    tricks: int
    ns_score: int
    ns_value: Fraction
    ew_value: Fraction


class TrickWorth(NamedTuple):
    """The line as played, and with one trick fewer and one more (None beyond 0 or 13 tricks)."""

    played: TrickResult
    fewer: TrickResult | None
    more: TrickResult | None


def split(line: TravellerLine) -> bool:
    """``line.is_split``, answered by identity when both sides hold one outcome object (as the
    readers give an ordinary result): ``is_split`` compares the two dataclasses, and the
    pages ask it of every line several times.  tests/scoring/test_trick_value.py checks both."""
    return line.ns is not line.ew and line.is_split


def _ns_score(contract: Contract, declarer: Seat | None, tricks: int, vulnerability: Vulnerability) -> int:
    """``ns_score``, remembered by the objects' identities (``ns_score``'s own memory hashes a
    contract and two enums in Python, each time): the entry keeps the objects, so their ids
    stay theirs while it lasts."""
    key = (id(contract), id(declarer), tricks, id(vulnerability))
    hit = _SCORES.get(key)
    if hit is not None and hit[0] is contract:
        return hit[1]
    score = ns_score(contract, declarer, tricks, vulnerability)
    remember(_SCORES, key, (contract, score, declarer, vulnerability), _SCORES_KEPT)
    return score


_SCORES: dict[tuple[int, int, int, int], tuple[Contract, int, Seat | None, Vulnerability]] = {}
_SCORES_KEPT = 1 << 12


def playable(board: ScoredBoard, index: int) -> Play | None:
    """The line's play when one more or fewer trick can be scored: a single result with a
    contract, a declarer and its tricks, the same for both sides (no split, weighted,
    artificial or score-only line)."""
    tl = board.lines[index].line
    if split(tl) or not isinstance(tl.ns, Scored) or tl.ns.single is None:
        return None
    play = tl.ns.single
    if play.contract is None or play.contract.passed_out or play.declarer is None or play.tricks is None:
        return None
    return play


def changed_lines(board: ScoredBoard, index: int, tricks: int) -> tuple[list[TravellerLine], TravellerLine]:
    """The board's traveller with line ``index``'s declarer taking ``tricks`` tricks: (lines, the changed line)."""
    play = playable(board, index)
    if play is None or play.contract is None:
        raise ValueError(f"board {board.number}: line {index} has no contract and tricks to change")
    changed = dataclasses.replace(
        play, tricks=tricks, ns_score=ns_score(play.contract, play.declarer, tricks, board.vulnerability)
    )
    outcome = Scored.of(changed)
    new_line = dataclasses.replace(board.lines[index].line, ns=outcome, ew=outcome)
    return [new_line if i == index else sl.line for i, sl in enumerate(board.lines)], new_line


def with_tricks(board: ScoredBoard, index: int, tricks: int, options: ScoringOptions) -> TrickResult:
    """Line ``index`` with its declarer taking ``tricks`` tricks, scored on the board (the
    other lines as played): the engine's value for the modified traveller."""
    lines, line = changed_lines(board, index, tricks)
    ns, ew = score_one_line(board.number, lines, line, method=board.method, expected=board.expected, options=options)
    play = line.ns.single if isinstance(line.ns, Scored) else None
    assert play is not None  # changed_lines changes only a playable line
    return TrickResult(tricks, play.ns_score, ns, ew)


class _BoardResults:
    """The board's results gathered once, so that a line's changed result is scored without
    walking every traveller line again: on a plain matchpointed board only the sorted NS
    scores (``_plain_matchpoints``), else each side's components, line by line (gathered
    when first needed)."""

    def __init__(self, board: ScoredBoard):
        self.lines = [sl.line for sl in board.lines]
        self.count = len(self.lines)
        self._sides: tuple[list[Any], list[Any], bool] | None = None
        # Plain matchpoints on whole results only: the changed line's figure is counted
        # straight from the sorted scores (what Matchpoints.value_only does on a rebuilt table).
        self.sorted_scores = _whole_scores(self.lines) if board.method is ScoringMethod.MATCHPOINTS else None
        self._plain: tuple[int, int, bool, Fraction | None] | None = None
        self._plain_options: ScoringOptions | None = None

    def sides(self) -> tuple[list[Any], list[Any], bool]:
        """Each line's NS and EW components (None for an artificial side) and whether a split
        score gives EW a table of its own."""
        if self._sides is None:
            lines = self.lines
            ns = [components(l.ns) if isinstance(l.ns, Scored) else None for l in lines]
            ew = [components(l.ew) if isinstance(l.ew, Scored) else None for l in lines]
            split = any(l.is_split and (isinstance(l.ns, Scored) or isinstance(l.ew, Scored)) for l in lines)
            self._sides = (ns, ew, split)
        return self._sides

    def _plain_figures(self, board: ScoredBoard, options: ScoringOptions) -> tuple[int, int, bool, Fraction | None]:
        """What every line's figures on a plain board share: A, E (as the options count it),
        ACBL units and the average a factored figure is rounded to; E is 0 where a small
        group's rule scores the board instead (no quick count)."""
        if self._plain is None or self._plain_options is not options:
            scores = self.sorted_scores
            assert scores is not None
            actual = len(scores)
            expected = max(board.expected, self.count)
            e = expected if options.neuberg else max(actual, 1)
            acbl = options.matchpoint_units == "acbl"
            if small_group_rule(actual, e, options.small_groups):
                e = 0
            # the average (half the top), needed only to round a factored figure
            average = Fraction(e - 1, 2 if acbl else 1) if e and e != actual else None
            self._plain, self._plain_options = (actual, e, acbl, average), options
        return self._plain

    def _plain_matchpoints(
        self, board: ScoredBoard, old: int, new_score: int, options: ScoringOptions
    ) -> tuple[Fraction, Fraction] | None:
        """The figures ``score`` gives on a plain matchpointed board (every result whole, no
        split) for a line that scored ``old``, from the sorted scores with ``old`` swapped for
        ``new_score``; None where the board takes another rule (a small group) and must be
        scored in full."""
        scores = self.sorted_scores
        if scores is None:
            return None
        actual, e, acbl, average = self._plain_figures(board, options)
        if not e:
            return None
        less = bisect_left(scores, new_score) - (1 if old < new_score else 0)
        greater = actual - bisect_right(scores, new_score) - (1 if old > new_score else 0)
        same = actual - less - greater  # the new result itself and its ties
        values = []
        for beaten in (less, greater):
            if average is not None and options.missing_results == "ties":  # one tie a missing result
                values.append(Fraction(2 * beaten + same - 1 + e - actual, 2 if acbl else 1))
                continue
            # (2 x beaten + own - 1) x half, each frequency factored by E / A: in ints over one denominator
            value = Fraction((2 * beaten + same) * e - actual, actual * (2 if acbl else 1))
            if average is not None:  # factored (Neuberg)
                value = round_neuberg(value, options.neuberg_rounding, average)
            values.append(value)
        return values[0], values[1]

    def score(
        self, board: ScoredBoard, index: int, old: int, new_score: int, options: ScoringOptions
    ) -> tuple[Fraction, Fraction]:
        """NS and EW figures of line ``index`` (a single, unsplit result: NS ``old``) scored as ``new_score``."""
        quick = self._plain_matchpoints(board, old, new_score, options)
        if quick is not None:
            return quick
        sides_ns, sides_ew, split = self.sides()
        new = [(Fraction(1), new_score)]
        ns = [new if i == index else c for i, c in enumerate(sides_ns) if c is not None]
        ew = [new if i == index else c for i, c in enumerate(sides_ew) if c is not None]
        scorer, _, _, _ = scorer_for_results(
            board.number, ns, ew, split, self.count, method=board.method, expected=board.expected, options=options
        )
        return scorer.value_only(Direction.NS, new_score), scorer.value_only(Direction.EW, new_score)


def _whole_scores(lines: list[TravellerLine]) -> list[int] | None:
    """The NS scores of the results, sorted, when every result is a single whole one and no
    score is split; else None.  (A line sharing one outcome object for both sides is not split.)"""
    scores = []
    for line in lines:
        ns, ew = line.ns, line.ew
        if split(line) and (isinstance(ns, Scored) or isinstance(ew, Scored)):
            return None
        if isinstance(ns, Scored):
            parts = ns.components
            if len(parts) != 1 or parts[0].weight != 1:
                return None
            scores.append(parts[0].play.ns_score)
    scores.sort()
    return scores


def trick_worth(
    board: ScoredBoard, index: int, options: ScoringOptions, memo: dict[Any, Any] | None = None
) -> TrickWorth | None:
    """Line ``index`` as played and with one trick fewer and one more, each scored on the board.

    A changed line's figures depend only on its old and new NS score (the rest of the board
    is as played), so ``memo`` — one per board — shares them between lines with the same
    result, and holds the board's results gathered once.  Without it each figure comes from
    ``with_tricks`` (the whole traveller re-scored line by line); the property test checks
    both against an independent re-scoring.
    """
    play = playable(board, index)
    if play is None or play.tricks is None:
        return None
    played = board.lines[index]
    contract, declarer, old = play.contract, play.declarer, play.ns_score
    assert contract is not None

    def at(tricks: int) -> TrickResult | None:
        if not 0 <= tricks <= 13:
            return None
        if memo is None:
            return with_tricks(board, index, tricks, options)
        new_score = _ns_score(contract, declarer, tricks, board.vulnerability)
        key = (old, new_score, tricks)
        found: TrickResult | None = memo.get(key)
        if found is None:
            gathered = memo.get("results")
            if gathered is None:
                gathered = memo["results"] = _BoardResults(board)
            ns, ew = gathered.score(board, index, old, new_score, options)
            found = memo[key] = TrickResult(tricks, new_score, ns, ew)
        return found

    return TrickWorth(
        TrickResult(play.tricks, old, played.ns.value, played.ew.value),
        at(play.tricks - 1),
        at(play.tricks + 1),
    )


# --- weighted and split scores, and why an artificial score has no trick value -----------

NO_TRICK_VALUE_ARTIFICIAL = msg(
    "an artificial score (the director's ruling, not a result at the table): no trick value applies"
)
"""Why a line has no trick value, as messages (the site writes them in its language)."""
NO_TRICK_VALUE_SCORE_ONLY = msg("a score without its contract and tricks: no trick value can be worked out")
NO_TRICK_VALUE_PASSED_OUT = msg("passed out: no declarer to take a trick")
NO_TRICK_VALUE_MIXED = msg(
    "the weighted parts are declared by different sides: no one side took the trick, so no trick value applies"
)


@dataclass(frozen=True, slots=True)
class SideWorth:
    """One side's figure on a weighted or split line: as played, and with the declaring side
    taking one trick fewer and one more (in every part of a weighted score).  ``fewer`` and
    ``more`` are None where a part would go below 0 or above 13 tricks."""

    direction: Direction
    """Whose figure: the side whose own score this is."""
    declaring: Direction
    """The side that declared (every part of a weighted score)."""
    outcome: Scored
    played: Fraction
    fewer: tuple[Scored, Fraction] | None
    more: tuple[Scored, Fraction] | None


def _declaring_side(outcome: Scored) -> Direction | Msg:
    """The side that declared every part of ``outcome``, or why there is none."""
    sides = set()
    for c in outcome.components:
        play = c.play
        if play.contract is not None and play.contract.passed_out:
            return NO_TRICK_VALUE_PASSED_OUT
        if play.contract is None or play.declarer is None or play.tricks is None:
            return NO_TRICK_VALUE_SCORE_ONLY
        sides.add(Direction.NS if play.declarer.is_ns else Direction.EW)
    return sides.pop() if len(sides) == 1 else NO_TRICK_VALUE_MIXED


def shifted(outcome: Scored, delta: int, vulnerability: Vulnerability) -> Scored | None:
    """``outcome`` with the declarer taking ``delta`` more tricks in every part, each part
    scored again with the same weight; None when a part would leave 0–13 tricks."""
    parts = []
    for c in outcome.components:
        play = c.play
        assert play.contract is not None and play.declarer is not None and play.tricks is not None
        tricks = play.tricks + delta
        if not 0 <= tricks <= 13:
            return None
        parts.append(
            dataclasses.replace(
                c,
                play=dataclasses.replace(
                    play, tricks=tricks, ns_score=ns_score(play.contract, play.declarer, tricks, vulnerability)
                ),
            )
        )
    return Scored(tuple(parts))


def side_worth(board: ScoredBoard, index: int, direction: Direction, options: ScoringOptions) -> SideWorth | Msg:
    """What one trick was worth to ``direction`` on line ``index`` when the line is weighted
    or split (ordinary lines: ``trick_worth``), or the plain reason why no trick value applies.

    A weighted score (Law 12C1(c)): every part's contract with one trick more (fewer) for its
    declarer, the parts weighted as the engine weights the real line.  A split score: the
    side's own result changed, the other side's left as assigned.  Each figure is the
    engine's value for the traveller with only that changed (``score_one_line``)."""
    line = board.lines[index].line
    outcome = line.ns if direction is Direction.NS else line.ew
    if isinstance(outcome, Artificial):
        return NO_TRICK_VALUE_ARTIFICIAL
    declaring = _declaring_side(outcome)
    if isinstance(declaring, Msg):
        return declaring
    lines = [sl.line for sl in board.lines]
    played = board.lines[index].ns.value if direction is Direction.NS else board.lines[index].ew.value

    def at(delta: int) -> tuple[Scored, Fraction] | None:
        changed = shifted(outcome, delta, board.vulnerability)
        if changed is None:
            return None
        if line.is_split and direction is Direction.NS:
            new_line = dataclasses.replace(line, ns=changed)
        elif line.is_split:
            new_line = dataclasses.replace(line, ew=changed)
        else:
            new_line = dataclasses.replace(line, ns=changed, ew=changed)
        ns, ew = score_one_line(
            board.number,
            [new_line if i == index else l for i, l in enumerate(lines)],
            new_line,
            method=board.method,
            expected=board.expected,
            options=options,
        )
        return changed, ns if direction is Direction.NS else ew

    return SideWorth(direction, declaring, outcome, played, at(-1), at(+1))

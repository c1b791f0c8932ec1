"""What one trick was worth: a traveller line's result with one trick more or fewer,
scored again on the same board (the same frequency table otherwise).

The figures are the engine's own: the board is re-scored with that one line changed, so
the value is exactly what the pair would have got (datum, factoring and all).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction

from ..model import Play, Scored
from .board import score_pairs_board
from .contract import ns_score
from .options import ScoringOptions
from .results import ScoredBoard


@dataclass(frozen=True, slots=True)
class TrickResult:
    """One number of tricks for the line's declarer: the NS score and both sides' figures."""

    tricks: int
    ns_score: int
    ns_value: Fraction
    ew_value: Fraction


@dataclass(frozen=True, slots=True)
class TrickWorth:
    """The line as played, and with one trick fewer and one more (None beyond 0 or 13 tricks)."""

    played: TrickResult
    fewer: TrickResult | None
    more: TrickResult | None


def playable(board: ScoredBoard, index: int) -> Play | None:
    """The line's play when one more or fewer trick can be scored: a single result with a
    contract, a declarer and its tricks, the same for both sides (no split, weighted,
    artificial or score-only line)."""
    tl = board.lines[index].line
    if tl.is_split or not isinstance(tl.ns, Scored) or tl.ns.single is None:
        return None
    play = tl.ns.single
    if play.contract is None or play.contract.passed_out or play.declarer is None or play.tricks is None:
        return None
    return play


def with_tricks(board: ScoredBoard, index: int, tricks: int, options: ScoringOptions) -> tuple[ScoredBoard, int]:
    """The board scored again with line ``index``'s declarer taking ``tricks`` tricks:
    (the re-scored board, the changed line's position in it)."""
    play = playable(board, index)
    if play is None:
        raise ValueError(f"board {board.number}: line {index} has no contract and tricks to change")
    assert play.contract is not None
    changed = dataclasses.replace(play, tricks=tricks,
                                  ns_score=ns_score(play.contract, play.declarer, tricks, board.vulnerability))
    outcome = Scored.of(changed)
    old = board.lines[index].line
    new_line = dataclasses.replace(old, ns=outcome, ew=outcome)
    lines = [new_line if i == index else sl.line for i, sl in enumerate(board.lines)]
    rescored = score_pairs_board(board.number, lines, method=board.method, expected=board.expected, options=options,
                                 section=board.section, vulnerability=board.vulnerability, dealer=board.dealer)
    position = next(i for i, sl in enumerate(rescored.lines) if sl.line is new_line)
    return rescored, position


def _result(board: ScoredBoard, position: int) -> TrickResult:
    sl = board.lines[position]
    play = sl.line.ns.single  # type: ignore[union-attr]
    assert play is not None and play.tricks is not None
    return TrickResult(play.tricks, play.ns_score, sl.ns.value, sl.ew.value)


def trick_worth(board: ScoredBoard, index: int, options: ScoringOptions) -> TrickWorth | None:
    """Line ``index`` as played and with one trick fewer and one more, each scored on the board."""
    play = playable(board, index)
    if play is None or play.tricks is None:
        return None

    def at(tricks: int) -> TrickResult | None:
        if not 0 <= tricks <= 13:
            return None
        return _result(*with_tricks(board, index, tricks, options))

    return TrickWorth(_result(board, index), at(play.tricks - 1), at(play.tricks + 1))

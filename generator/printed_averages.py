"""Lines another program gave an average though the file records a score for them.

A director who assigns an average (Law 12C2) sometimes leaves the table's score in the
program; the export then holds a real score *and* 50 % for both sides, and the program
factored the board's other results as for any artificial score.  No element says so: the
only trace is the printed figures.  ``check`` tries the reading "these lines were averages"
as one more candidate convention (``unmarked_averages=average``): the session is scored
again with each such line as A= for both sides, and the reading is kept only when more
printed figures then agree.  Nothing here computes a figure; the engine scores the variant.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from .model import Artificial, Scored, Session
from .readers.printed import printed_figures
from .scoring.results import SessionResult

AVERAGE = Artificial.from_percent(50)


def unmarked_averages(result: SessionResult) -> set[tuple[int, object, object]]:
    """(board, NS pair, EW pair) of every line with a real score that the file prints as the same
    figure for both sides, where that figure is half our top and is not what we score the line."""
    figures = printed_figures(result.session)
    if figures is None or not figures.lines:
        return set()
    ours = {(b.number, l.line.ns_pair, l.line.ew_pair): (b, l) for b in result.boards for l in b.lines}
    found: set[tuple[int, object, object]] = set()
    for p in figures.lines:
        key = (p.board, p.ns_pair, p.ew_pair)
        if key not in ours or p.ns is None or p.ew is None or p.ns.value != p.ew.value:
            continue
        board, line = ours[key]
        if not isinstance(line.line.ns, Scored) or board.top is None or p.ns.value * 2 != board.top:
            continue
        if abs(line.ns.value - p.ns.value) > Fraction(1, 2 * 10**p.ns.places):
            found.add(key)
    return found


def with_averages(session: Session, lines: set[tuple[int, object, object]]) -> Session:
    """The session with each of ``lines`` an average (A=) for both sides."""
    if not lines:
        return session
    boards = []
    for board in session.boards:
        changed = tuple(
            replace(l, ns=AVERAGE, ew=AVERAGE) if (board.number, l.ns_pair, l.ew_pair) in lines else l
            for l in board.lines
        )
        boards.append(replace(board, lines=changed) if changed != board.lines else board)
    return replace(session, boards=tuple(boards))


__all__ = ["unmarked_averages", "with_averages"]

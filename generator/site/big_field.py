"""Board pages of a big field (a simultaneous of hundreds or thousands of tables).

A board with more than ``BIG_FIELD_LINES`` traveller lines does not list them on its page
(a 1,000-line traveller made a 400 KB page): its frequency table, one row per distinct
score with its explanation, *is* the board page; the full traveller is a CSV file beside
it, and each pair's line is on the pair's own scorecard.  Club sessions stay far below the
threshold and keep their pages as they are.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable

from ..export import text_cell
from ..model import Artificial, PairRef, Scored
from ..scoring.explain import json_number
from ..scoring.results import ScoredBoard

BIG_FIELD_LINES = 100
"""More traveller lines than this on a board: a big field (the largest club sessions have ~30)."""

TRAVELLER_COLUMNS = (
    "ns_pair",
    "ew_pair",
    "contract",
    "declarer",
    "lead",
    "tricks",
    "ns_score",
    "artificial",
    "ns_figure",
    "ew_figure",
)


def is_big(board: ScoredBoard) -> bool:
    return len(board.lines) > BIG_FIELD_LINES


def traveller_file(board_slug: str) -> str:
    return f"traveller-{board_slug}.csv"


def traveller_csv(board: ScoredBoard, label: Callable[[PairRef | None], str]) -> bytes:
    """The board's traveller in the page's order, figures as exact decimal strings (as in the
    JSON); a weighted line shows its contract column empty and its figures; every text cell
    through ``text_cell`` (no formula reaches a spreadsheet)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(TRAVELLER_COLUMNS)
    for line in board.lines:
        tl = line.line
        ns = tl.ns
        contract = declarer = lead = tricks = score = artificial = ""
        if isinstance(ns, Artificial):
            artificial = ns.code
        elif isinstance(ns, Scored) and not ns.is_weighted:
            play = ns.components[0].play
            contract = str(play.contract) if play.contract else ""
            declarer = play.declarer.value if play.declarer else ""
            lead = play.lead or ""
            tricks = "" if play.tricks is None else str(play.tricks)
            score = str(play.ns_score)
        writer.writerow(
            (
                text_cell(label(tl.ns_pair)),
                text_cell(label(tl.ew_pair)),
                text_cell(contract),
                declarer,
                text_cell(lead),
                tricks,
                score,
                text_cell(artificial),
                json_number(line.ns.value),
                json_number(line.ew.value),
            )
        )
    return buffer.getvalue().encode("utf-8")

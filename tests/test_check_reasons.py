"""Issue 24: each reason `check`'s audit gives is given when its precondition holds and not when it
does not.  The audit is run under the file's own options (no convention search), so the reason is
the audit's own, not a re-scoring's.  (Tie-breaks: test_check_tiebreaks.py; rounding, truncation
and VP scales: test_check.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.check import DATUM, DIVISOR, HANDICAP, ROUNDING, UNFACTORED, UNMARKED, audit
from generator.readers import read_sessions
from generator.scoring.session import score_session
from generator.upload import session_options

FIXTURES = Path(__file__).parent / "readers" / "fixtures" / "usebio"
MITCHELL = FIXTURES / "mitchell_compscore.xml"
EVENTS = FIXTURES / "two_events.xml"


def _reason(tmp_path: Path, source: Path, old: str, new: str, what: str, where: str, index: int = 0) -> str:
    text = source.read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / source.name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    session = read_sessions(path)[index]
    a = audit(score_session(session, session_options(session, {})))
    found = [d for d in a.differences if d.what == what and d.where.startswith(where)]
    assert len(found) == 1, a.differences
    return found[0].reason


# Board 3 of the Mitchell: 2 results where 3 were expected; NS 1's -120 lost to +110: 0 of a top of 2
# unfactored, (0 + 1) x 3 / 2 - 1 = 0.5 factored (as printed).
@pytest.mark.parametrize(
    ("printed", "reason"),
    [
        ("0.0", UNFACTORED),  # the unfactored value: the precondition holds
        ("1.5", ""),  # neither factored nor unfactored: no reason
    ],
)
def test_unfactored_short_board(tmp_path, printed, reason):
    old = "<SCORE>-120</SCORE><NS_MATCH_POINTS>0.5</NS_MATCH_POINTS>"
    new = f"<SCORE>-120</SCORE><NS_MATCH_POINTS>{printed}</NS_MATCH_POINTS>"
    assert _reason(tmp_path, MITCHELL, old, new, "NS matchpoints", "board 3") == reason


# Butler board 1: scores 450, 420, 170.  Mean of all 346.67 -> 350 rounded to 10; of the middle one
# (one off each end) 420.  360 is no mean of them, trimmed or not, rounded or not.
@pytest.mark.parametrize(("printed", "reason"), [("350", DATUM), ("360", "")])
def test_datum(tmp_path, printed, reason):
    old = "<BOARD_AVERAGE>420</BOARD_AVERAGE>"
    new = f"<BOARD_AVERAGE>{printed}</BOARD_AVERAGE>"
    assert _reason(tmp_path, EVENTS, old, new, "datum", "board 1") == reason


# Cross-IMPs board 1: +450 against +420 (1 IMP) and +170 (7 IMPs): total 8; ours 8 / 2 comparisons = 4.
# 8 is the total, 8 / 3 = 2.67 the total over the scores; 5 is neither.
@pytest.mark.parametrize(("printed", "reason"), [("8", DIVISOR), ("2.67", DIVISOR), ("5", "")])
def test_cross_imp_divisor(tmp_path, printed, reason):
    old = "<NS_CROSS_IMP_POINTS>4</NS_CROSS_IMP_POINTS>"
    new = f"<NS_CROSS_IMP_POINTS>{printed}</NS_CROSS_IMP_POINTS>"
    assert _reason(tmp_path, EVENTS, old, new, "NS cross-IMPs", "board 1", index=1) == reason


# Board 2 of the Mitchell: NS 1 v EW 2 scored -110 (a real score), printed 0.5 and 3.5 (as ours).
@pytest.mark.parametrize(
    ("ns", "ew", "reason"),
    [
        ("2", "2", UNMARKED),  # both sides half the top on a real score: an average they did not mark
        ("2", "3.5", ""),  # 2 for NS only: not the both-sides-50 % shape
    ],
)
def test_unmarked_artificial_score(tmp_path, ns, ew, reason):
    old = "<SCORE>-110</SCORE><NS_MATCH_POINTS>0.5</NS_MATCH_POINTS><EW_MATCH_POINTS>3.5</EW_MATCH_POINTS>"
    new = f"<SCORE>-110</SCORE><NS_MATCH_POINTS>{ns}</NS_MATCH_POINTS><EW_MATCH_POINTS>{ew}</EW_MATCH_POINTS>"
    assert _reason(tmp_path, MITCHELL, old, new, "NS matchpoints", "board 2") == reason


# The NZ-style handicap file: NS 1's scratch 50 %, HANDICAP 5; they print 52.50 (half added); ours
# under the session's option adds it whole, 55.  52.50 is scratch + half (the precondition holds);
# 53.10 is no share of it.  (The file's TOTAL_SCORE repeats the percentage: both are changed.)
@pytest.mark.parametrize(("printed", "reason"), [("52.50", HANDICAP), ("53.10", "")])
def test_handicap(tmp_path, printed, reason):
    old = "<PERCENTAGE>52.50</PERCENTAGE>"
    new = f"<PERCENTAGE>{printed}</PERCENTAGE>"
    text = (FIXTURES / "handicap_nz_style.xml").read_text(encoding="utf-8")
    path = tmp_path / "h.xml"
    text = text.replace(old, new, 1).replace(
        "<TOTAL_SCORE>52.50</TOTAL_SCORE>", f"<TOTAL_SCORE>{printed}</TOTAL_SCORE>", 1
    )
    path.write_text(text, encoding="utf-8")
    session = read_sessions(path)[0]
    a = audit(score_session(session, session_options(session, {"handicap_share": "whole"})))
    found = [d for d in a.differences if d.what == "percentage" and d.where.startswith("NS pair 1 ")]
    assert len(found) == 1 and found[0].reason == reason


def _synthetic(total: str):
    """Board 1 at 5 tables (100 … 140: NS 3 scores 4), board 2 at 4 (E = 5, A = 4): NS 3's +170 beat
    one result, M = 2, factored (2 + 1) x 5 / 4 - 1 = 2.75, printed to one decimal 2.8 (agrees).
    NS 3's exact total 4 + 2.75 = 6.75; the sum of the printed (rounded) lines is 4.0 + 2.8 = 6.8."""
    from dataclasses import replace

    from generator.model import Direction, PairRef
    from generator.readers.printed import KEY, Figure, PrintedFigures, PrintedLine, PrintedPair
    from tests.scoring.test_session_options import mitchell

    session = mitchell(
        {1: [(1, 100), (2, 110), (3, 120), (4, 130), (5, 140)], 2: [(1, 420), (2, 420), (3, 170), (4, -50)]}
    )
    ns3, ew3 = PairRef("", 3, Direction.NS), PairRef("", 3, Direction.EW)
    figures = PrintedFigures(
        line_unit="matchpoints",
        lines=[
            PrintedLine(1, "", ns3, ew3, "line 1", "120", Figure.parse("4.0"), Figure.parse("4.0")),
            PrintedLine(2, "", ns3, ew3, "line 2", "170", Figure.parse("2.8"), Figure.parse("5.3")),
        ],
        pairs=[PrintedPair(ns3, "line 3", Figure.parse(total))],
    )
    session = replace(session, printed={KEY: figures})
    return audit(score_session(session, session_options(session, {})))


@pytest.mark.parametrize(("total", "reason"), [("6.80", ROUNDING), ("6.90", "")])
def test_a_total_of_rounded_lines_is_rounding_and_another_is_not(total, reason):
    a = _synthetic(total)
    assert a.differences and all(d.what == "total" for d in a.differences)
    assert a.differences[0].reason == reason

"""Handicap pairs in the readers (USEBIO HANDICAP, YAML handicap:) and in `check`.

The fixture handicap_nz_style.xml imitates an NZ Scorer export (invented names): 3 tables,
2 boards, top 4 a board.  Scratch: NS1 4/8 = 50 %, NS2 5/8 = 62.5 %, NS3 3/8 = 37.5 %;
EW1 50 %, EW2 37.5 %, EW3 62.5 %.  Its PERCENTAGE adds half the HANDICAP, as that program
did: NS2 62.5 + (−10)/2 = 57.5, NS3 37.5 + 15/2 = 45, EW3 62.5 + (−2.5)/2 = 61.25.
"""

from __future__ import annotations

from fractions import Fraction

from generator.check import check_command
from generator.readers import read_sessions
from generator.scoring.options import ScoringOptions
from generator.scoring.session import score_session
from tests.helpers.reader_builders import FIXTURES, messages, write
from tests.helpers.sessions import HANDICAP_PAIRS

NZ = FIXTURES / "usebio" / "handicap_nz_style.xml"


def handicaps(session):
    return {str(p.ref): p.handicap for p in session.pairs}


def test_usebio_handicap_is_read_into_the_pair():
    [session] = read_sessions(NZ)
    assert handicaps(session) == {
        "1 NS": 5,
        "2 NS": -10,
        "3 NS": 15,
        "1 EW": 0,
        "2 EW": Fraction(5, 2),
        "3 EW": Fraction(-5, 2),
    }


def test_yaml_handicap_is_read_into_the_pair(tmp_path):
    [session] = read_sessions(write(tmp_path, "h.yaml", HANDICAP_PAIRS))
    assert handicaps(session) == handicaps(read_sessions(NZ)[0])


def test_the_two_readers_give_the_same_handicap_ranking(tmp_path):
    # Half shares: NS1 50 + 2.5 = 52.5, NS2 62.5 − 5 = 57.5, NS3 37.5 + 7.5 = 45.
    options = ScoringOptions(handicap_share="half")
    for path in (NZ, write(tmp_path, "h.yaml", HANDICAP_PAIRS)):
        [session] = read_sessions(path)
        result = score_session(session, options)
        assert {str(s.ref): (s.handicap.percentage, s.handicap.rank_label) for s in result.standings} == {
            "1 NS": (Fraction(105, 2), "2"),
            "2 NS": (Fraction(115, 2), "1"),
            "3 NS": (45, "3"),
            "1 EW": (50, "2"),
            "2 EW": (Fraction(155, 4), "3"),
            "3 EW": (Fraction(245, 4), "1"),
        }


def test_check_agrees_with_half_handicaps_and_finds_the_share():
    text, ok = check_command(NZ, {"handicap_share": "half"})
    assert ok and text.endswith("12 of 12 figures agree (0 differ)")
    # Without the option, the convention search re-scores with each share: half makes all 12 agree.
    text, ok = check_command(NZ)
    assert "conventions found: handicap_share=half" in text and text.endswith("12 of 12 figures agree (0 differ)")


def test_check_names_the_share_when_told_the_other():
    # Told the whole handicap (a given option is not searched), ours for NS2 is 62.5 − 10 = 52.5;
    # theirs 57.50 adds half; re-scored with half, those 5 agree.  EW1's handicap is 0: both shares agree.
    text, ok = check_command(NZ, {"handicap_share": "whole"})
    assert not ok
    assert "pair totals: half the handicap added to the percentage (--option handicap_share=half): 5 figures" in text
    assert text.endswith("7 of 12 figures agree (5 differ)")


def test_usebio_handicap_that_is_not_a_number(tmp_path):
    text = NZ.read_text(encoding="utf-8").replace("<HANDICAP>-10.00</HANDICAP>", "<HANDICAP>ten</HANDICAP>", 1)
    path = write(tmp_path, "bad.xml", text)
    assert messages(path) == [
        f"{path}: NS pair 2 (USEBIO/EVENT/PARTICIPANTS/PAIR[2]/HANDICAP): expected a handicap in "
        "percentage points such as -6.42 or 3, got 'ten'"
    ]


def test_yaml_handicap_out_of_range(tmp_path):
    path = write(tmp_path, "bad.yaml", HANDICAP_PAIRS.replace("handicap: -10}", "handicap: 250}"))
    assert messages(path) == [
        f"{path}: pair 2 (line 7): handicap of pair 2: expected a handicap between -100 and 100 "
        "percentage points, got '250'"
    ]


def test_a_pair_without_a_handicap_in_a_handicap_event(tmp_path):
    path = write(tmp_path, "bad.yaml", HANDICAP_PAIRS.replace(", handicap: 2.5}", "}"))
    assert messages(path) == [
        f"{path}: EW pair 2 (line 10): EW pair 2 has no handicap while other pairs have one: "
        "expected a handicap for every pair (0 for a scratch pair)"
    ]


def test_handicaps_in_an_imp_session(tmp_path):
    path = write(tmp_path, "bad.yaml", HANDICAP_PAIRS.replace("method: matchpoints", "method: butler"))
    assert messages(path) == [
        f"{path}: NS pair 1 (line 6): handicaps are added to a matchpoint percentage: a butler "
        "session has none; expected no handicap"
    ]

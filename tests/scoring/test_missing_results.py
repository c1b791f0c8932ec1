"""Issue 24: missing results on a short board counted as ties (the ScoreBridge way) beside Neuberg."""

from __future__ import annotations

from fractions import Fraction

from generator.model import Direction, ScoringMethod
from generator.scoring.board import score_one_line
from generator.scoring.options import ScoringOptions
from generator.scoring.session import score_session
from tests.scoring.test_session_options import mitchell

NS, EW = Direction.NS, Direction.EW

# Board 1 played at all 5 tables; board 2 at 4 of them (table 5 did not play it): E = 5, A = 4.
SESSION = mitchell(
    {
        1: [(1, 100), (2, 110), (3, 120), (4, 130), (5, 140)],
        2: [(1, 420), (2, 420), (3, 170), (4, -50)],
    }
)


def board_2(options: ScoringOptions):
    board = next(b for b in score_session(SESSION, options).boards if b.number == 2)
    return {l.line.ns_pair.number: (l.ns.value, l.ew.value, l.ns.explanation) for l in board.lines}


def test_each_missing_result_counts_as_a_tie_with_yours():
    """By hand, 2/1 scale, top 2 (E - 1) = 8; each of the E - A = 1 missing results is a tie (+1):
    +420 (tables 1, 2): beat 2, tied 1 on the 4 played: M = 2 x 2 + 1 = 5 -> 5 + 1 = 6; EW 6 - 5 = 1 -> 1 + 1 = 2.
    +170 (table 3): beat 1: M = 2 -> 3; EW: M = 6 - 2 = 4 -> 5.
    -50 (table 4): M = 0 -> 1; EW: M = 6 -> 7.
    Each table's NS + EW = 8, the full top: a missing tie gives both sides one."""
    figures = board_2(ScoringOptions(missing_results="ties"))
    assert {t: (ns, ew) for t, (ns, ew, _) in figures.items()} == {1: (6, 2), 2: (6, 2), 3: (3, 5), 4: (1, 7)}
    steps = [s.summary for s in figures[1][2].steps]
    assert steps[1] == (
        "1 result missing (4 played where 5 were expected), each counted as a tie with this result: 5 + 1 × 1 = 6 of a top of 8"
    )
    assert figures[1][2].method == "missing_ties"


def test_in_acbl_units_a_missing_tie_is_worth_a_half():
    """ACBL units: +420's M = 2 + ½ = 2.5 -> 2.5 + ½ = 3 of a top of 4 (75 %, as on the 2/1 scale)."""
    figures = board_2(ScoringOptions(missing_results="ties", matchpoint_units="acbl"))
    assert figures[1][:2] == (Fraction(3), Fraction(1))
    assert figures[4][:2] == (Fraction(1, 2), Fraction(7, 2))


def test_neuberg_is_still_the_default():
    """Neuberg: (5 + 1) x 5 / 4 - 1 = 6.5 for +420 (neuberg.md's example), not 6."""
    figures = board_2(ScoringOptions())
    assert figures[1][:2] == (Fraction(13, 2), Fraction(3, 2))
    assert figures[1][2].method == "neuberg"


def test_a_full_board_is_scored_the_same_way_under_both():
    one = next(b for b in score_session(SESSION, ScoringOptions(missing_results="ties")).boards if b.number == 1)
    assert [l.ns.value for l in one.lines] == [8, 6, 4, 2, 0]


def test_one_line_scored_alone_follows_the_option():
    """``score_one_line`` (what `check` and the what-if figures use): +420 at table 1 is 6 and 2, as above."""
    options = ScoringOptions(missing_results="ties")
    lines = SESSION.boards[1].lines
    assert score_one_line(2, lines, lines[0], method=ScoringMethod.MATCHPOINTS, expected=5, options=options) == (6, 2)

"""Issue 14 item 5: what a pair scores for the boards it sat out (option ``sitout_policy``).

The fixture is a Howell of five pairs and a phantom (pair 6): each board is played at two
tables, one pair sits out.  The reader (Bridge NZ Scorer style, an odd number of pairs) sets
E to the full table count, 3, so every board is factored from 2 results to 3 and the top is
2 × (3 − 1) = 4: a result beating the other scores (2 + 1) × 3 / 2 − 1 = 3.5, the other
(0 + 1) × 3 / 2 − 1 = 0.5, a tie 2 each.

Pair 1 plays boards 1 (NS, 420 v 170: 3.5), 3 (NS, 90 v −50: 3.5), 4 (EW, 650 = 650: 2) and
5 (EW, 120 v −100 for NS: 0.5), and sits out board 2: 9.5 matchpoints of 16.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from generator.export import session_to_json
from generator.model import PairRef, ScoringMethod
from generator.readers import read_sessions
from generator.scoring.options import OptionError, ScoringOptions
from generator.scoring.session import score_session
from generator.upload import session_options

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "sitout" / "howell_phantom_scorer.xml"


def _pair_one(policy: str, **more):
    session = read_sessions(FIXTURE)[0]
    result = score_session(session, session_options(session, {"sitout_policy": policy, **more}))
    return result, result.standing(PairRef("", 1, None))


def test_none_the_board_sat_out_does_not_count():
    _, s = _pair_one("none")
    assert s.boards_played == 4 and s.total == Fraction(19, 2) and s.available == 16
    assert s.percentage == Fraction(19, 2) * 100 / 16  # 59.375 %
    assert s.sitout is None


def test_average_adds_half_a_top_for_each_board_sat_out():
    _, s = _pair_one("average")
    # 9.5 + 1 × 50 % of 4 = 11.5 of 16 + 4 = 20: 57.5 % (what the fixture's program printed)
    assert s.total == Fraction(23, 2) and s.available == 20 and s.percentage == Fraction(575, 10)
    assert (s.sitout.boards, s.sitout.award, s.sitout.tops) == (1, 2, 4)
    step = next(st for st in s.explanation.steps if st.rule == "session.sitout")
    assert step.summary == (
        "sat out 1 board: an average on each, 50% of the top of 4: 1 × 2 = 2 matchpoints; "
        "total 9.5 + 2 = 11.5 matchpoints"
    )
    available = next(st for st in s.explanation.steps if st.rule == "session.available")
    assert available.summary == "the tops of the 4 boards played and the 1 sat out add up to 20 matchpoints"


def test_session_average_keeps_the_percentage_and_scales_the_total():
    _, none = _pair_one("none")
    _, s = _pair_one("session-average")
    # 9.5 of 16 is 59.375 %; the board sat out is worth that of its top 4: 9.5 × 4 / 16 = 2.375
    assert s.sitout.award == Fraction(19, 8) and s.total == Fraction(19, 2) + Fraction(19, 8)
    assert s.percentage == none.percentage and s.available == 20
    assert s.scaled_total is None  # the total is already over every board


def test_imp_pairs_session_average_scales_to_every_board_of_the_section():
    session = read_sessions(FIXTURE)[0]
    session = replace(session, method=ScoringMethod.BUTLER)
    plain = score_session(session, session_options(session, {})).standing(PairRef("", 1, None))
    scaled = score_session(session, session_options(session, {"sitout_policy": "session-average"})).standing(
        PairRef("", 1, None)
    )
    averaged = score_session(session, session_options(session, {"sitout_policy": "average"})).standing(
        PairRef("", 1, None)
    )
    assert plain.boards_played == 4
    assert scaled.score == plain.total * 5 / 4  # played 4 of the 5 boards: its IMPs per board on the fifth too
    assert averaged.score == plain.total  # an average is 0 IMPs, and the total is not scaled


def test_json_carries_the_sitout_and_none_when_nothing_was_added():
    result, _ = _pair_one("average")
    pairs = {p["number"]: p for p in session_to_json(result, explanations=False)["pairs"]}
    assert pairs[1]["sitout"] == {"policy": "average", "boards": 1, "award": "2", "tops": "4"}
    result, _ = _pair_one("none")
    assert all(p["sitout"] is None for p in session_to_json(result, explanations=False)["pairs"])


def test_policy_values_are_checked_and_board_mean_is_refused():
    with pytest.raises(OptionError, match="sitout_policy"):
        ScoringOptions(sitout_policy="half")
    with pytest.raises(OptionError, match="session_percentage 'total'"):
        ScoringOptions(sitout_policy="average", session_percentage="board-mean")


def test_score_text_says_what_the_sitout_added():
    from generator.commands import score_command

    text = score_command(FIXTURE, overrides={"sitout_policy": "average"})
    assert "Aurora Ashdown & Bertram Bloom               11.5   57.5%  (sat out 1: +2, average)" in text
    assert "sat out" not in score_command(FIXTURE, overrides={})

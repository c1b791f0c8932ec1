"""Issue 14 item 5: explicit sit-out lines, kept by the readers and used by the engine.

The fixture is the Howell of ``howell_phantom_scorer.xml`` (five pairs, each board played at
two tables) with a sit-out line on every board: pair 5 sits out board 1, pair 1 board 2,
pair 2 board 3, pair 3 board 4, pair 4 board 5.

Pair 1 plays boards 1 (NS, 420 v 170), 3 (NS, 90 v −50), 4 (EW, 650 = 650) and 5 (EW, 120
v −100 for NS) and sits out board 2.

- ``sitout_slot`` uncounted: E = 2, top 2(2 − 1) = 2: pair 1 scores 2 + 2 + 1 + 0 = 5 of 8.
  With ``sitout_policy`` average: + 1 (half of a top of 2) = 6 of 10 = 60 %.
- ``sitout_slot`` counted: E = 3 (two results and the sit-out slot), top 4; a result beating
  the other scores (2 + 1) × 3 / 2 − 1 = 3.5, the other 0.5, a tie 2: pair 1 scores
  3.5 + 3.5 + 2 + 0.5 = 9.5 of 16; with an average, + 2 = 11.5 of 20 = 57.5 % — the figure
  NZ Scorer prints for the same session without its sit-out lines.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from generator.model import PairRef
from generator.readers import read_sessions
from generator.scoring.session import score_session
from generator.upload import session_options

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "sitout" / "howell_sitout_lines.xml"
ONE = PairRef("", 1, None)


def _score(session=None, **options):
    session = session or read_sessions(FIXTURE)[0]
    return score_session(session, session_options(session, options))


def test_the_reader_keeps_each_sit_out_line_as_a_record():
    session = read_sessions(FIXTURE)[0]
    assert [(r.pair.number, r.board) for r in session.sitouts] == [(5, 1), (1, 2), (2, 3), (3, 4), (4, 5)]
    assert all(len(b.lines) == 2 for b in session.boards)  # a sit-out line is not a result
    assert "expected_results" not in session.options


def test_uncounted_slot_compares_the_board_over_the_two_results():
    result = _score(sitout_policy="average")
    board = next(b for b in result.boards if b.number == 1)
    assert (board.expected, board.top) == (2, 2)
    assert board.sitouts == (PairRef("", 5, None),)
    step = board.explanation.steps[0]
    assert step.rule == "board.sitout" and step.summary.startswith("pair 5 sat out: the sit-out slot is not one")
    s = result.standing(ONE)
    assert (s.total, s.available) == (6, 10) and s.percentage == 60


def test_counted_slot_makes_e_three_as_nz_scorer_does():
    result = _score(sitout_policy="average", sitout_slot="counted")
    board = next(b for b in result.boards if b.number == 1)
    assert (board.expected, board.top) == (3, 4)
    assert "E = 3" in board.explanation.steps[0].summary
    s = result.standing(ONE)
    assert (s.total, s.available) == (Fraction(23, 2), 20) and s.percentage == Fraction(115, 2)


def test_a_pair_with_no_line_and_no_record_is_absent_not_sitting_out():
    """Drop pair 1's record on board 2: it was late, so no average for it (counted slot:
    9.5 of 16 = 59.375 %), and the explanation says why."""
    session = read_sessions(FIXTURE)[0]
    session = replace(session, sitouts=tuple(r for r in session.sitouts if r.pair != ONE))
    s = _score(session, sitout_policy="average", sitout_slot="counted").standing(ONE)
    assert s.sitout is None and (s.total, s.available) == (Fraction(19, 2), 16)
    absent = next(st for st in s.explanation.steps if st.rule == "session.absent")
    assert absent.summary.startswith("no result on board 2 and no sit-out recorded: the pair was late or absent")
    # the pairs whose sit-outs are recorded still get their average
    assert (
        _score(session, sitout_policy="average", sitout_slot="counted").standing(PairRef("", 2, None)).sitout.boards
        == 1
    )


def test_without_records_the_sit_out_is_still_inferred():
    session = read_sessions(FIXTURE)[0]
    s = _score(replace(session, sitouts=()), sitout_policy="average").standing(ONE)
    assert s.sitout is not None and s.sitout.boards == 1
    assert not any(st.rule == "session.absent" for st in s.explanation.steps)


def test_a_fixed_e_is_named_instead_of_the_slot_option():
    """NZ Scorer's reader sets expected_results to the table count; the step says E comes from it."""
    result = _score(expected_results=3)
    board = next(b for b in result.boards if b.number == 1)
    assert board.expected == 3
    assert board.explanation.steps[0].summary == (
        "pair 5 sat out: E is set to 3 by the option expected_results (the full number of tables)"
    )

"""Handicap pairs: a second ranking on scratch % + the handicap (whole or half)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.model import (
    Direction,
    ScoringMethod,
)
from generator.scoring.options import ScoringOptions
from generator.scoring.session import score_session
from tests.helpers.builders import BOARDS, mitchell

NS, EW = Direction.NS, Direction.EW


# Three tables, two boards, top 2 × (3 − 1) = 4 a board, 8 on the session.
# Board 1, NS 420 / 400 / 170: NS1 beats two = 4, NS2 beats one = 2, NS3 = 0; EW 0, 2, 4.
# Board 2, NS −100 / 140 / 140: NS1 = 0, NS2 and NS3 beat one and tie one = 2 + 1 = 3; EW 4, 1, 1.
# Scratch: NS1 4/8 = 50 %, NS2 5/8 = 62.5 %, NS3 3/8 = 37.5 %; EW1 4/8 = 50 %, EW2 3/8 = 37.5 %, EW3 5/8 = 62.5 %.
HANDICAPS = {"1 NS": 5, "2 NS": -10, "3 NS": 15, "1 EW": 0, "2 EW": 2.5, "3 EW": -2.5}


def by_pair(result):
    return {str(s.ref): s for s in result.standings}


def test_whole_handicap_worked_example():
    result = score_session(mitchell(BOARDS, HANDICAPS), ScoringOptions())
    s = by_pair(result)
    # Scratch ranking unchanged: NS2 62.5, NS1 50, NS3 37.5.
    assert [(k, s[k].percentage, s[k].rank_label) for k in ("1 NS", "2 NS", "3 NS")] == [
        ("1 NS", 50, "2"),
        ("2 NS", Fraction(125, 2), "1"),
        ("3 NS", Fraction(75, 2), "3"),
    ]
    # Handicapped: NS1 50 + 5 = 55, NS2 62.5 − 10 = 52.5, NS3 37.5 + 15 = 52.5 (a tie for second).
    assert [(k, s[k].handicap.percentage, s[k].handicap.rank_label) for k in ("1 NS", "2 NS", "3 NS")] == [
        ("1 NS", 55, "1"),
        ("2 NS", Fraction(105, 2), "2="),
        ("3 NS", Fraction(105, 2), "2="),
    ]
    # EW: 50 + 0 = 50, 37.5 + 2.5 = 40, 62.5 − 2.5 = 60.
    assert [(s[k].handicap.percentage, s[k].handicap.rank_label) for k in ("1 EW", "2 EW", "3 EW")] == [
        (50, "2"),
        (40, "3"),
        (60, "1"),
    ]
    ns_field = next(f for f in result.fields if f.name == "NS")
    assert [str(x.ref) for x in ns_field.handicap_standings] == ["1 NS", "2 NS", "3 NS"]
    assert [x.summary for x in s["2 NS"].handicap.explanation.steps] == ["scratch 62.5% − the handicap 10 = 52.5%"]


def test_half_handicap_worked_example():
    result = score_session(mitchell(BOARDS, HANDICAPS), ScoringOptions(handicap_share="half"))
    s = by_pair(result)
    # NS1 50 + 2.5 = 52.5, NS2 62.5 − 5 = 57.5, NS3 37.5 + 7.5 = 45.
    assert [
        (s[k].handicap.applied, s[k].handicap.percentage, s[k].handicap.rank_label) for k in ("1 NS", "2 NS", "3 NS")
    ] == [(Fraction(5, 2), Fraction(105, 2), "2"), (-5, Fraction(115, 2), "1"), (Fraction(15, 2), 45, "3")]
    assert [x.summary for x in s["2 NS"].handicap.explanation.steps] == [
        "half the handicap of -10: -10 / 2 = -5",
        "scratch 62.5% − half the handicap 5 = 57.5%",
    ]


def test_a_session_without_handicaps_has_no_handicap_ranking():
    result = score_session(mitchell(BOARDS), ScoringOptions())
    assert all(s.handicap is None for s in result.standings)
    assert all(f.handicap_standings == () for f in result.fields)


def test_a_pair_without_a_handicap_in_a_handicap_event_is_refused():
    partial = {k: v for k, v in HANDICAPS.items() if k != "3 EW"}
    with pytest.raises(ValueError, match=r"pair 3 EW has no handicap .* expected a handicap for every pair"):
        score_session(mitchell(BOARDS, partial), ScoringOptions())


def test_handicaps_on_an_imp_session_are_refused():
    with pytest.raises(ValueError, match="butler session has no percentage"):
        score_session(mitchell(BOARDS, HANDICAPS, ScoringMethod.BUTLER), ScoringOptions())


def test_a_handicap_that_is_not_a_percentage_is_refused():
    with pytest.raises(ValueError, match="expected between -100 and 100"):
        score_session(mitchell(BOARDS, {**HANDICAPS, "1 NS": 150}), ScoringOptions())


def test_handicap_share_is_an_option_with_two_values():
    assert ScoringOptions().with_overrides({"handicap_share": "half"}).handicap_share == "half"
    with pytest.raises(ValueError, match="handicap_share"):
        ScoringOptions(handicap_share="quarter")


scores = st.sampled_from([-1100, -500, -200, -100, -50, 0, 90, 110, 140, 400, 420, 450, 620, 1430])
handicap = st.fractions(min_value=-15, max_value=15, max_denominator=100)


@given(
    st.lists(st.lists(scores, min_size=3, max_size=3), min_size=1, max_size=4),
    st.lists(handicap, min_size=6, max_size=6),
    st.sampled_from(["whole", "half"]),
)
def test_handicapped_minus_scratch_is_the_applied_handicap(boards, handicaps, share):
    keys = [f"{i} {d}" for i in (1, 2, 3) for d in ("NS", "EW")]
    session = mitchell(dict(enumerate(boards, start=1)), dict(zip(keys, handicaps)))
    result = score_session(session, ScoringOptions(handicap_share=share))
    given_by_pair = dict(zip(keys, handicaps))
    for s in result.standings:
        h = given_by_pair[str(s.ref)]
        assert s.handicap.handicap == h
        assert s.handicap.percentage - s.percentage == (h if share == "whole" else h / 2)
        # The scratch figures are those of the same session without handicaps.
    plain = {
        str(s.ref): (s.percentage, s.rank_label)
        for s in score_session(
            replace(
                session,
                sections=tuple(
                    replace(sec, pairs=tuple(replace(p, handicap=None) for p in sec.pairs)) for sec in session.sections
                ),
            ),
            ScoringOptions(),
        ).standings
    }
    assert {str(s.ref): (s.percentage, s.rank_label) for s in result.standings} == plain

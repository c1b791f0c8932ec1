"""Strata: places within each stratum a pair qualifies for, beside the overall place."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from generator.model import Stratum
from generator.scoring.options import ScoringOptions
from generator.scoring.session import score_session
from tests.helpers.builders import BOARDS, mitchell

STRATA = (Stratum("A"), Stratum("B", Fraction(1500)), Stratum("C", Fraction(500)))


def stratified(strata_of: dict[str, str]):
    session = mitchell(BOARDS)
    sections = tuple(
        replace(sec, pairs=tuple(replace(p, stratum=strata_of[str(p.ref)]) for p in sec.pairs))
        for sec in session.sections
    )
    return replace(session, sections=sections, strata=STRATA)


def test_places_in_each_stratum_worked_example():
    # Scratch NS: NS2 62.5 % (an A pair), NS1 50 % (C), NS3 37.5 % (B).
    # A, open to all: NS2 1, NS1 2, NS3 3.  B, the B and C pairs: NS1 1, NS3 2.  C, the C pairs: NS1 1.
    session = stratified({"1 NS": "C", "2 NS": "A", "3 NS": "B", "1 EW": "A", "2 EW": "B", "3 EW": "B"})
    s = {str(x.ref): x for x in score_session(session, ScoringOptions()).standings}
    assert s["1 NS"].strata == (("A", "2"), ("B", "1"), ("C", "1"))
    assert s["2 NS"].strata == (("A", "1"),)
    assert s["3 NS"].strata == (("A", "3"), ("B", "2"))
    # EW: EW1 50 % (A), EW2 37.5 % (B), EW3 62.5 % (B): B places EW3 1, EW2 2; the overall place is unchanged.
    assert (s["3 EW"].rank_label, s["3 EW"].strata) == ("1", (("A", "1"), ("B", "1")))
    assert s["2 EW"].strata == (("A", "3"), ("B", "2"))


def test_ties_within_a_stratum():
    # Board 2 alone: NS −100 / 140 / 140: NS2 and NS3 tie with 3 of 4; both are B pairs: 1= in B.
    session = stratified({"1 NS": "A", "2 NS": "B", "3 NS": "B", "1 EW": "A", "2 EW": "A", "3 EW": "A"})
    session = replace(session, boards=session.boards[1:])
    s = {str(x.ref): x for x in score_session(session, ScoringOptions()).standings}
    assert s["2 NS"].strata == (("A", "1="), ("B", "1=")) and s["3 NS"].strata == (("A", "1="), ("B", "1="))


def test_a_session_without_strata_has_no_stratum_places():
    assert all(s.strata == () for s in score_session(mitchell(BOARDS), ScoringOptions()).standings)


def test_a_pair_in_a_stratum_that_does_not_exist_is_refused():
    session = stratified({"1 NS": "D", "2 NS": "A", "3 NS": "B", "1 EW": "A", "2 EW": "B", "3 EW": "B"})
    with pytest.raises(ValueError, match=r"pair 1 NS: stratum 'D' does not exist: expected one of A, B, C"):
        score_session(session, ScoringOptions())

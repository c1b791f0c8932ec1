"""USEBIO reader: each dialect quirk seen in real exports, on small invented fixtures."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from generator.model import Artificial, ArtificialKind, Direction, PairRef, Scored, ScoringMethod
from generator.readers import read_sessions
from generator.readers.printed import printed_figures
from generator.scoring.contract import PASS, Seat
from tests.helpers.reader_builders import FIXTURES


def test_compscore_mitchell_pair_numbers_with_direction_suffix():
    [s] = read_sessions(FIXTURES / "usebio/mitchell_compscore.xml")
    assert s.method is ScoringMethod.MATCHPOINTS
    assert s.club == "Riverside Bridge Club" and s.title == "Monday Pairs (invented)"
    assert s.date == date(2026, 10, 5)  # written 05/10/2026: day first
    [section] = s.sections
    assert section.winners == 2
    assert {p.ref for p in section.pairs} == {PairRef("", n, d) for n in (1, 2, 3) for d in Direction}
    first = s.boards[0].lines[0]
    assert (first.ns_pair, first.ew_pair) == (PairRef("", 1, Direction.NS), PairRef("", 1, Direction.EW))
    play = first.ns.single
    assert (str(play.contract), play.declarer, play.tricks, play.lead, play.ns_score) == ("4S", Seat.N, 10, "HK", 420)


def test_artificial_a6040_has_no_contract_and_gives_each_side_its_percentage():
    [s] = read_sessions(FIXTURES / "usebio/mitchell_compscore.xml")
    line = s.boards[1].lines[1]
    assert line.ns == Artificial(ArtificialKind.PLUS, Fraction(60))
    assert line.ew == Artificial(ArtificialKind.MINUS, Fraction(40))
    assert not line.is_result


def test_passed_out_with_blank_tricks():
    [s] = read_sessions(FIXTURES / "usebio/mitchell_compscore.xml")
    play = s.boards[1].lines[2].ns.single
    assert (play.contract, play.ns_score, play.tricks, play.declarer) == (PASS, 0, 0, None)


def test_doctype_is_allowed_and_handset_gives_the_deal():
    [s] = read_sessions(FIXTURES / "usebio/mitchell_compscore.xml")
    deal = s.boards[0].deal
    assert deal is not None
    assert deal.hands[Seat.N] == "AK72.QJ5.T84.A93" and deal.hands[Seat.W] == "43.T74.J632.QT72"
    assert s.boards[1].deal is None


def test_printed_figures_are_kept_for_check_only():
    [s] = read_sessions(FIXTURES / "usebio/mitchell_compscore.xml")
    figures = printed_figures(s)
    assert figures.program == "Compscore3" and figures.line_unit == "matchpoints"
    first = figures.lines[0]
    assert (first.board, first.ns.text, first.ew.text, first.where) == (
        1,
        "2",
        "2",
        "USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[1]",
    )
    pair = figures.pairs[0]
    assert (pair.ref, pair.total.text, pair.percentage.text, pair.place) == (
        PairRef("", 1, Direction.NS),
        "3.00",
        "25.00",
        "3",
    )


def test_section_wrapping_space_pair_numbers_and_section_prefix():
    [s] = read_sessions(FIXTURES / "usebio/sections_scorer.xml")
    assert [(x.name, x.winners) for x in s.sections] == [("A", 1), ("B", 1)]
    a_lines = [l for b in s.boards for l in b.lines if l.section == "A"]
    assert a_lines[0].ns_pair == PairRef("A", 1, Direction.NS)  # written '1 NS' inside SECTION A
    assert a_lines[1].ew_pair == PairRef("A", 2, Direction.EW)  # written '(A) 2 EW'
    b_line = next(l for b in s.boards for l in b.lines if l.section == "B")
    assert (b_line.ns_pair, b_line.ew_pair) == (PairRef("B", 1), PairRef("B", 2))  # Howell section: no direction
    assert s.date == date(2025, 12, 5)  # '5/12/2025'


def test_np_contract_is_read_as_passed_out():
    [s] = read_sessions(FIXTURES / "usebio/sections_scorer.xml")
    play = s.boards[0].lines[1].ns.single
    assert (play.contract, play.ns_score) == (PASS, 0)


def test_scorer_a6040_with_tricks_zero_and_x_doubling():
    [s] = read_sessions(FIXTURES / "usebio/sections_scorer.xml")
    lines = {l.section: l for l in s.boards[0].lines}
    assert isinstance(lines["B"].ns, Artificial) and lines["B"].ns.percent == 60
    assert str(s.boards[0].lines[0].ns.single.contract) == "3NTX"  # '3Nx'


def test_single_ranking_across_sections_pools_them_and_percent_totals_are_not_totals():
    [s] = read_sessions(FIXTURES / "usebio/sections_scorer.xml")
    assert s.options == {"sections": "pooled"}
    figures = printed_figures(s)
    assert all(p.total is None for p in figures.pairs)
    assert "TOTAL_SCORE repeats PERCENTAGE for every pair: it is not compared as a total" in figures.notes


def test_several_events_are_several_sessions_with_their_conventions():
    butler, cross = read_sessions(FIXTURES / "usebio/two_events.xml")
    assert (butler.method, cross.method) == (ScoringMethod.BUTLER, ScoringMethod.CROSS_IMPS)
    assert butler.options == {"butler_trim": "1"}  # Compscore drops the top and bottom score
    assert cross.options == {}
    assert [p.ref for p in butler.pairs][:2] == [PairRef("", 1), PairRef("", 2)]
    assert printed_figures(butler).boards[0].datum.value == 420
    assert isinstance(butler.boards[0].lines[0].ns, Scored)

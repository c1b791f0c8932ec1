"""PBN reader: score tables as Ruter and Magic Contest write them, on invented fixtures."""

from __future__ import annotations

from datetime import date

from generator.model import ArtificialKind, PairRef, ScoringMethod
from generator.readers import read_sessions
from generator.readers.pbn import scoring_method
from generator.readers.printed import printed_figures
from generator.scoring.contract import PASS, Seat
from tests.helpers.reader_builders import FIXTURES


def test_iso_8859_1_names_and_finnish_directions():
    [s] = read_sessions(FIXTURES / "pbn/pairs_latin1.pbn")
    assert s.method is ScoringMethod.MATCHPOINTS and s.date == date(2026, 10, 8)
    assert s.pairs[0].names == "Åsa Öberg & Jörg Müller"
    assert [p.ref for p in s.pairs] == [PairRef("", n) for n in range(1, 7)]  # unique ids: one field
    assert s.sections[0].winners == 1


def test_bye_lines_are_skipped_and_noted():
    [s] = read_sessions(FIXTURES / "pbn/pairs_latin1.pbn")
    assert len(s.boards[0].lines) == 3
    assert (
        "board 1: a bye line (line 24) names pair 7, who is not listed (a phantom pair): not a result"
        in printed_figures(s).notes
    )


def test_a_plus_cells_are_artificial_scores_for_each_side():
    [s] = read_sessions(FIXTURES / "pbn/pairs_latin1.pbn")
    line = s.boards[1].lines[1]
    assert line.ns.kind is ArtificialKind.PLUS and line.ew.kind is ArtificialKind.PLUS


def test_score_in_the_ew_column_is_negated_and_pass_is_zero():
    [s] = read_sessions(FIXTURES / "pbn/pairs_latin1.pbn")
    assert s.boards[0].lines[2].ns.single.ns_score == -100
    assert s.boards[1].lines[2].ns.single.contract == PASS
    assert s.boards[1].vulnerability == "NS" and s.boards[1].dealer is Seat.E


def test_deal_tag_and_empty_deal():
    [s] = read_sessions(FIXTURES / "pbn/pairs_latin1.pbn")
    assert s.boards[0].deal.hands[Seat.E] == "QT8.K962.AQ7.J54"
    assert s.boards[1].deal is None


def test_utf8_butler_with_datum_and_bye():
    [s] = read_sessions(FIXTURES / "pbn/butler_utf8.pbn")
    assert s.method is ScoringMethod.BUTLER and s.options == {"butler_trim": "1"}
    figures = printed_figures(s)
    assert figures.boards[0].datum.text == "420" and figures.line_unit == "imps"
    assert s.pairs[3].names == "Åsa Öberg & Jörg Müller"


def test_scoring_tags_map_to_methods_and_options():
    assert scoring_method("MatchPoints;MP1") == (ScoringMethod.MATCHPOINTS, {})
    assert scoring_method("IMP;Butler-2;Mean") == (ScoringMethod.BUTLER, {"butler_trim": "1"})
    assert scoring_method("IMP;Cross") == (
        ScoringMethod.CROSS_IMPS,
        {"cross_imp_divisor": "total", "neuberg": False, "artificial_imps": "3/2"},
    )
    assert scoring_method("Teams")[0] is ScoringMethod.TEAMS
    assert scoring_method("Chicago") is None


def test_teams_match_summaries_are_read_without_boards():
    [s] = read_sessions(FIXTURES / "pbn/teams_summary.pbn")
    assert s.method is ScoringMethod.TEAMS
    assert [t.name for t in s.teams] == ["LIONS", "TIGERS"]
    assert s.teams[0].players[3].name == "Dan Drake"
    [match] = s.matches
    assert (match.home.number, match.away.number, match.boards) == (1, 2, ())
    printed = printed_figures(s).matches[0]
    assert (printed.home_imps.text, printed.away_imps.text, printed.home_vp.text) == ("25", "8", "15.75")


def test_scoring_tag_variants_of_the_open_ended_standard():
    # PBN 2.1 section 3.4.12: Cross1 divides by the scores, Cross2 by the comparisons, MP2 is 1 / ½.
    assert scoring_method("IMP;Cross1") == (ScoringMethod.CROSS_IMPS, {"cross_imp_divisor": "scores"})
    assert scoring_method("IMP;Cross2") == (ScoringMethod.CROSS_IMPS, {"cross_imp_divisor": "comparisons"})
    assert scoring_method("MP;MP2") == (ScoringMethod.MATCHPOINTS, {"matchpoint_units": "acbl"})
    assert scoring_method("Butler") == (ScoringMethod.BUTLER, {})
    assert scoring_method("Butler-2") == (ScoringMethod.BUTLER, {"butler_trim": "1"})
    assert scoring_method("Cross-IMPs")[0] is ScoringMethod.CROSS_IMPS
    assert scoring_method("BAM") == (ScoringMethod.TEAMS, {"teams_scoring": "board-a-match"})
    assert scoring_method("IMPs")[0] is ScoringMethod.BUTLER

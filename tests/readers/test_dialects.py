"""Dialects of real exports (issue 12): each read, scored, and its printed figures checked.

Every fixture is ours (invented names) and imitates one program's form; the printed figures
in each were worked by hand (shown beside each test), so `check` agreeing on all of them
shows the file was read the way the program scored it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.check import check_command
from generator.errors import InputErrors
from generator.model import Direction, PairRef, ScoringMethod
from generator.readers import read_sessions
from tests.helpers.reader_builders import FIXTURES

USEBIO = FIXTURES / "usebio"


def _variant(tmp_path: Path, source: Path, old: str, new: str, encoding: str = "utf-8") -> Path:
    text = source.read_text(encoding=encoding)
    assert old in text, old
    path = tmp_path / source.name
    path.write_text(text.replace(old, new), encoding=encoding)
    return path


# --- item 1: EVENT_TYPE="PAIRS" with BOARD_SCORING_METHOD --------------------------------------------
CROSS = USEBIO / "pairs_event_cross_imps_method.xml"


def test_pairs_event_type_with_cross_imps_method_is_scored_by_cross_imps():
    # Board 1: 420, 450, -50.  420: -1 (v 450) + 10 (v -50) = 9 over 2 comparisons = 4.50;
    # 450: 1 + 11 = 12 / 2 = 6.00; -50: -10 - 11 = -21 / 2 = -10.50 — as the file prints.
    [s] = read_sessions(CROSS)
    assert s.method is ScoringMethod.CROSS_IMPS
    text, ok = check_command(CROSS)
    assert ok, text
    assert text.endswith("24 of 24 figures agree (0 differ)")


@pytest.mark.parametrize("event_type", ["PAIRS", "MP_PAIRS"])
@pytest.mark.parametrize(
    "written, method",
    [
        ("CROSS_IMPS", ScoringMethod.CROSS_IMPS),
        ("BUTLER", ScoringMethod.BUTLER),
        ("IMPS", ScoringMethod.BUTLER),
        ("MATCH_POINTS", ScoringMethod.MATCHPOINTS),
    ],
)
def test_the_board_scoring_method_decides_over_the_event_type(tmp_path, event_type, written, method):
    path = _variant(tmp_path, CROSS, "<BOARD_SCORING_METHOD>CROSS_IMPS<", f"<BOARD_SCORING_METHOD>{written}<")
    path.write_text(path.read_text().replace('EVENT_TYPE="PAIRS"', f'EVENT_TYPE="{event_type}"'))
    [s] = read_sessions(path)
    assert s.method is method


def test_an_unknown_board_scoring_method_is_refused_not_matchpointed(tmp_path):
    path = _variant(tmp_path, CROSS, "<BOARD_SCORING_METHOD>CROSS_IMPS<", "<BOARD_SCORING_METHOD>SWISS_IMPS<")
    with pytest.raises(InputErrors) as info:
        read_sessions(path)
    [error] = info.value.errors
    assert error.location == "USEBIO/EVENT/BOARD_SCORING_METHOD"
    assert "unknown board scoring 'SWISS_IMPS' for a pairs event" in error.message


def test_matchpointing_the_cross_imp_file_would_disagree_with_its_figures(tmp_path):
    """The failure this guards against: the same file matchpointed agrees on almost nothing."""
    path = _variant(tmp_path, CROSS, "<BOARD_SCORING_METHOD>CROSS_IMPS<", "<BOARD_SCORING_METHOD>MATCH_POINTS<")
    text, ok = check_command(path)
    assert not ok and "(0 differ)" not in text


# --- item 2: one winner, only some pairs carry a DIRECTION ----------------------------------------------
def test_one_winner_event_with_some_directions_is_one_field():
    # Board 1: 420 beats 400: NS 1 2 MP, EW 4 2 MP; board 2: two -100s: 1 each.
    # Totals 1: 3, 2: 1, 3: 1, 4: 3 of a possible 4 — 75 % and 25 %, as printed.
    path = USEBIO / "one_winner_some_directions.xml"
    [s] = read_sessions(path)
    [section] = s.sections
    assert section.winners == 1
    assert {p.ref for p in section.pairs} == {PairRef("", n) for n in (1, 2, 3, 4)}
    text, ok = check_command(path)
    assert ok, text
    assert "20 of 20 figures agree" in text and "read as one field" in text


def test_two_winners_with_a_missing_direction_is_still_an_error(tmp_path):
    path = _variant(tmp_path, USEBIO / "one_winner_some_directions.xml", "<WINNER_TYPE>1<", "<WINNER_TYPE>2<")
    with pytest.raises(InputErrors) as info:
        read_sessions(path)
    assert any("pair 3 has no direction" in e.message for e in info.value.errors)


# --- item 5: individual events (scored since issue 14; tests/readers/test_individuals.py has the rest) --------
def test_an_individual_event_is_read_and_scored_player_by_player():
    # One table, one board: 4S by N making (420).  Neuberg with one result on the board: no top,
    # so every player has 0 matchpoints and no percentage; the four are read as players 1-4.
    [s] = read_sessions(USEBIO / "individual.xml")
    assert s.individual and s.method is ScoringMethod.MATCHPOINTS
    assert [(p.ref.number, p.names) for p in s.pairs] == [
        (1, "Vi Walnut"),
        (2, "Wyn Willow"),
        (3, "Xan Yew"),
        (4, "Yas Zelkova"),
    ]
    [line] = s.boards[0].lines
    assert [(seat, ref.number) for seat, ref in line.seats.by_seat()] == [("N", 1), ("S", 2), ("E", 3), ("W", 4)]


# --- item 8: sections pooled, decided by one direction's field --------------------------------------------
def test_two_winner_sections_whose_places_run_across_both_are_pooled():
    # Each board has 4 results across the two sections (top 6): board 1 450 → 6, 420 and 420 → 3, 400 → 0.
    # NS places 1=, 1=, 3=, 3= run past the 2 NS pairs of either section: pooled.
    path = USEBIO / "mitchell_two_sections_pooled.xml"
    [s] = read_sessions(path)
    assert s.options["sections"] == "pooled"
    assert [s_.winners for s_ in s.sections] == [2, 2]
    assert PairRef("A", 2, Direction.NS) in {p.ref for p in s.pairs}
    text, ok = check_command(path)
    assert ok, text
    assert text.endswith("40 of 40 figures agree (0 differ)")


def test_two_winner_sections_with_places_inside_one_field_stay_separate(tmp_path):
    path = USEBIO / "mitchell_two_sections_pooled.xml"
    text = path.read_text().replace("<PLACE>3=</PLACE>", "<PLACE>2</PLACE>")
    changed = tmp_path / path.name
    changed.write_text(text)
    [s] = read_sessions(changed)
    assert "sections" not in s.options


# --- item 7: PBN as BridgeWebs writes it -------------------------------------------------------------
BRIDGEWEBS = FIXTURES / "pbn" / "bridgewebs_mitchell.pbn"


def test_bridgewebs_score_table_without_scores_is_scored_from_the_contracts():
    [s] = read_sessions(BRIDGEWEBS)
    assert s.method is ScoringMethod.MATCHPOINTS
    scores = [[line.ns.single.ns_score if line.is_result else line.ns.code for line in b.lines] for b in s.boards]
    # 3S* by N taking 8, none vul: doubled one down -100; 4S= +420; PO 0.
    # 1NT** by S taking 7, NS vul: 4 x 40 = 160 + 500 game + 100 for the redouble = 760; A → A=; 2H by E taking 8: -110.
    assert scores == [[-100, 420, 0], [760, "A=", -110]]
    assert (
        str(s.boards[0].lines[0].ns.single.contract) == "3SX"
        and str(s.boards[1].lines[0].ns.single.contract) == "1NTXX"
    )


def test_bridgewebs_figures_agree():
    # Board 2 has 2 results where 3 were expected: 760 → (2+1)·3/2 − 1 = 3.5, −110 → 0.5; A= is 2 of a top of 4.
    # NS 2: 4 + 2 = 6 of 8 = 75 %; EW 1: 4 + 3.5 = 7.5 = 93.75 % — as the totals table prints.
    text, ok = check_command(BRIDGEWEBS)
    assert ok, text
    assert "18 of 18 figures agree" in text


def test_bridgewebs_without_a_totals_table_is_a_mitchell_when_a_number_sits_both_ways(tmp_path):
    text = BRIDGEWEBS.read_text()
    start = text.index("[TotalScoreTable")
    path = tmp_path / "nototals.pbn"
    path.write_text(text[:start] + text[text.index("[ScoreTable") :])
    [s] = read_sessions(path)
    assert s.sections[0].winners == 2
    assert {p.ref for p in s.pairs} == {PairRef("", n, d) for n in (1, 2, 3) for d in Direction}


def test_bridgewebs_adjusted_score_with_a_split(tmp_path):
    path = _variant(tmp_path, BRIDGEWEBS, "2 3 A - -", "2 3 A - 60/40")
    [s] = read_sessions(path)
    line = s.boards[1].lines[1]
    assert (line.ns.code, line.ew.code) == ("A+", "A-")


def test_bridgewebs_bad_contract_names_the_line(tmp_path):
    path = _variant(tmp_path, BRIDGEWEBS, "2 2 4S N 10", "2 2 4Q N 10")
    with pytest.raises(InputErrors) as info:
        read_sessions(path)
    [error] = info.value.errors
    assert error.location.startswith("line ") and error.board == 1
    assert "expected a contract such as 4H" in error.message and "worked out from the contract" in error.message


# --- item 6: slips the club accepted in a program's export ---------------------------------------------
SLIPS = USEBIO / "slips_accepted.xml"


def test_unreadable_contract_beside_a_sensible_score_keeps_the_score_with_a_note():
    [s] = read_sessions(SLIPS)
    line = s.boards[0].lines[0]
    assert line.ns.single.ns_score == 480 and line.ns.single.contract is None
    assert line.note == "the contract '42' cannot be read; the recorded score 480 is used"


def test_recorded_score_contradicting_its_contract_is_scored_as_recorded_and_flagged():
    [s] = read_sessions(SLIPS)
    line = s.boards[1].lines[0]
    assert line.ns.single.ns_score == -170
    assert line.note == (
        "the recorded score does not match 6NT by N taking 12 tricks (which scores 1440); "
        "the club's program scored -170, and so do we"
    )
    # The other lines carry no note.
    assert [l.note for l in s.boards[0].lines[1:] + s.boards[1].lines[1:]] == ["", ""]


def test_check_agrees_with_the_program_that_scored_the_recorded_scores():
    # Board 1: 480 beats 420 (NS 1: 2, NS 3: 0); board 2: 600 beats -170 (NS 4: 2, NS 1: 0).
    # Totals 1: 2, 2: 0, 3: 2, 4: 4 of 4 — as printed.
    text, ok = check_command(SLIPS)
    assert ok, text
    assert text.count("note: board") == 2 and "20 of 20 figures agree" in text


def test_an_impossible_recorded_score_is_still_an_error(tmp_path):
    path = _variant(tmp_path, SLIPS, "<SCORE>-170</SCORE>", "<SCORE>-175</SCORE>")
    with pytest.raises(InputErrors) as info:
        read_sessions(path)
    assert any("impossible score -175" in e.message for e in info.value.errors)


def test_pbn_contradicting_score_is_flagged_too(tmp_path):
    path = _variant(
        tmp_path,
        FIXTURES / "pbn" / "pairs_latin1.pbn",
        '4S  N 10 HK  "420"',
        '4S  N 10 HK  "450"',
        encoding="iso-8859-1",
    )
    [s] = read_sessions(path)
    line = s.boards[0].lines[0]
    assert line.ns.single.ns_score == 450 and "does not match 4S by N taking 10 tricks (which scores 420)" in line.note


def test_our_yaml_stays_strict(tmp_path):
    path = tmp_path / "strict.yaml"
    path.write_text(
        "method: matchpoints\nmovement: howell\npairs:\n  - {number: 1}\n  - {number: 2}\nboards:\n"
        "  - number: 1\n    results:\n      - {ns: 1, ew: 2, contract: 4S, by: N, tricks: 10, score: 450}\n"
    )
    with pytest.raises(InputErrors) as info:
        read_sessions(path)
    assert "score 450 contradicts 4S by N taking 10 tricks" in info.value.errors[0].message


# --- item 3: teams programs' pair numbers and point-a-board ----------------------------------------------
PAB = USEBIO / "pab_teams_team_player_numbers.xml"


def test_point_a_board_with_team_player_player_numbers():
    s, _ = read_sessions(PAB)
    assert s.method is ScoringMethod.TEAMS
    assert s.options == {"teams_scoring": "board-a-match", "board_a_match_units": "2"}
    [match] = s.matches
    assert (match.home.name, match.away.name) == ("Otters", "Voles")
    # 12-3-4 sits NS in the second line of each board: the home team (10) sat EW there.
    assert [b.home_ew.single.ns_score for b in match.boards] == [400, 100, 140]
    assert [b.home_ns.single.ns_score for b in match.boards] == [420, -100, 170]


def test_point_a_board_figures_agree():
    # Net for the home team: board 1 420 − 400 = +20 (2–0), board 2 −100 − 100 = −200 (0–2),
    # board 3 170 − 140 = +30 (2–0): 4–2, as TEAM_SCORE and the teams' totals print.
    text, ok = check_command(PAB)
    assert ok, text
    assert "6 of 6 figures agree" in text and "PAIRWISE_SCORING_METHOD CROSS_IMPS" in text


def test_the_pairwise_cross_imp_ranking_is_scored_as_a_second_session():
    from generator.commands import score_file

    _teams, pairs = score_file(PAB, {})
    assert pairs.session.method is ScoringMethod.CROSS_IMPS and pairs.session.title.endswith(": pairs (cross_imps)")
    # One comparison a board: board 1 420 v 400 = +20 → 1 IMP; board 2 −100 v +100 = −200 → −5; board 3 170 v 140 → 1.
    # 10-1-2 (NS at the Otters' table) and 10-3-4 (EW, facing the Voles' NS): 1 − 5 + 1 = −3; the Voles' pairs +3.
    totals = {s.pair.names: s.score for f in pairs.fields for s in f.standings}
    assert totals == {
        "Ari Otter & Bea Otter": -3,
        "Cy Otter & Di Otter": -3,
        "Ed Vole & Flo Vole": 3,
        "Gus Vole & Hen Vole": 3,
    }


def test_match_points_match_scoring_reads(tmp_path):
    path = _variant(tmp_path, PAB, "<MATCH_SCORING_METHOD>PAB<", "<MATCH_SCORING_METHOD>MATCH_POINTS<")
    path.write_text(path.read_text().replace("<BOARD_SCORING_METHOD>PAB<", "<BOARD_SCORING_METHOD>MATCH_POINTS<"))
    s, _ = read_sessions(path)
    assert s.options == {"teams_scoring": "board-a-match"}
    text, ok = check_command(path)
    # Board-a-match at 1 / ½ / 0 gives 2–1, where the file prints the 2 / 1 / 0 figures 4–2:
    # `check` finds the convention by re-scoring.
    assert ok, text
    assert "conventions found: board_a_match_units=2; pass these as --option to reproduce" in text
    assert "6 of 6 figures agree" in text


# --- item 4: USEBIO 1.0 and 1.1 ---------------------------------------------------------------------
@pytest.mark.parametrize("version", ["1.0", "1.1"])
def test_older_usebio_versions_read_like_1_2(tmp_path, version):
    # Board 1: 450 beats 420; board 2: 140 beats 110 — NS 1 has both tops (4 of 4), the EW pairs one each.
    path = _variant(tmp_path, USEBIO / "usebio_1_0_mitchell.xml", 'Version="1.0"', f'Version="{version}"')
    [s] = read_sessions(path)
    assert s.method is ScoringMethod.MATCHPOINTS and s.sections[0].winners == 2
    assert str(s.date) == "2009-03-02"
    text, ok = check_command(path)
    assert ok, text
    assert "20 of 20 figures agree" in text


def test_a_one_winner_mitchell_is_ranked_as_one_field(tmp_path):
    """WINNER_TYPE 1 with every pair directed (an arrow-switched Mitchell, or one ranked as one):
    one ranking of all six pairs, as the program printed it, not an NS and an EW ranking."""
    from generator.commands import score_file

    path = _variant(tmp_path, USEBIO / "mitchell_compscore.xml", "<WINNER_TYPE>2<", "<WINNER_TYPE>1<")
    [result] = score_file(path, {})
    [field] = result.fields
    assert len(field.standings) == 6
    # NS 2 (82.5 %) heads the field, EW 2 (66.67 %) is second: one ranking across both directions.
    assert [str(s.ref) for s in field.standings[:2]] == ["2 NS", "2 EW"]


def test_a_pairwise_method_we_do_not_score_is_noted(tmp_path):
    path = _variant(tmp_path, PAB, "<PAIRWISE_SCORING_METHOD>CROSS_IMPS<", "<PAIRWISE_SCORING_METHOD>PAB<")
    [_s] = read_sessions(path)
    text, ok = check_command(path)
    assert ok and "note: PAIRWISE_SCORING_METHOD PAB: not a method we score" in text


def test_pbn_unreadable_contract_beside_a_sensible_score_is_kept_with_a_note(tmp_path):
    path = _variant(
        tmp_path,
        FIXTURES / "pbn" / "pairs_latin1.pbn",
        '4S  N 10 HK  "420"',
        '4Q  N 10 HK  "420"',
        encoding="iso-8859-1",
    )
    [s] = read_sessions(path)
    line = s.boards[0].lines[0]
    assert line.ns.single.ns_score == 420 and line.ns.single.contract is None
    assert line.note == "the contract '4Q' cannot be read; the recorded score 420 is used"

"""Every bad-input case gets a message naming the file, the place, the board and the pair,
and saying what was expected.  All problems in a file are reported together."""

from __future__ import annotations

import pytest

from generator.errors import InputErrors
from generator.readers import read_sessions, yaml_loader
from tests.helpers.reader_builders import FIXTURES, GOOD_BOARD, board, line, messages, usebio, write

# --- USEBIO ----------------------------------------------------------------------------------


def test_malformed_xml(tmp_path):
    path = write(tmp_path, "bad.xml", "<USEBIO><EVENT></USEBIO>")
    assert messages(path) == [
        f"{path} (line 1, column 18): malformed XML (mismatched tag): expected well-formed USEBIO XML"
    ]


def test_entity_bomb_is_refused(tmp_path):
    bomb = (
        '<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">'
        '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;">]><USEBIO>&c;</USEBIO>'
    )
    path = write(tmp_path, "bomb.xml", bomb)
    assert messages(path) == [
        f"{path} (DOCTYPE): the file declares an XML entity 'a', which uploads may not use "
        "(entities can expand into a huge document or read other files): expected plain USEBIO XML"
    ]


def test_external_entity_is_refused(tmp_path):
    text = (
        '<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY secret SYSTEM "file:///etc/passwd">]><USEBIO>&secret;</USEBIO>'
    )
    path = write(tmp_path, "external.xml", text)
    assert messages(path) == [
        f"{path} (DOCTYPE): the file declares an XML entity 'secret', which uploads may not use "
        "(entities can expand into a huge document or read other files): expected plain USEBIO XML"
    ]


def test_doctype_naming_a_dtd_is_allowed_but_never_fetched(tmp_path):
    text = usebio(GOOD_BOARD).replace(
        "<USEBIO", '<!DOCTYPE USEBIO SYSTEM "http://127.0.0.1:9/usebio_v1_2.dtd"><USEBIO', 1
    )
    [session] = read_sessions(write(tmp_path, "doctype.xml", text))
    assert len(session.boards) == 1


def test_file_too_large_is_refused_before_parsing(tmp_path):
    path = write(tmp_path, "big.xml", usebio(GOOD_BOARD))
    size = path.stat().st_size
    with pytest.raises(InputErrors) as info:
        read_sessions(path, max_bytes=100)
    assert [str(e) for e in info.value.errors] == [f"{path}: the file is {size:,} bytes: expected at most 100 bytes"]


def test_not_a_usebio_document(tmp_path):
    path = write(tmp_path, "other.xml", "<RESULTS/>")
    assert messages(path) == [f"{path} (RESULTS): expected a USEBIO document (root element USEBIO), got <RESULTS>"]


def test_unknown_event_type(tmp_path):
    path = write(tmp_path, "type.xml", usebio(GOOD_BOARD, event_type="SOLITAIRE"))
    [message] = messages(path)
    assert message.startswith(f"{path} (USEBIO/EVENT@EVENT_TYPE): unknown event type 'SOLITAIRE': expected one of ")
    assert "MP_PAIRS" in message and "BUTLER_PAIRS" in message and "CROSS_IMP" in message


def test_unknown_pair_number(tmp_path):
    path = write(tmp_path, "pair.xml", usebio(board(1, line("1", "9"), line("3", "4"))))
    assert messages(path) == [
        f"{path}: board 1, EW pair 9 (USEBIO/EVENT/BOARD/TRAVELLER_LINE[1]): "
        "unknown EW pair 9: expected one of the pairs listed (1-4)"
    ]


def test_pair_with_two_results_on_a_board(tmp_path):
    path = write(tmp_path, "twice.xml", usebio(board(1, line("1", "2"), line("1", "4"))))
    assert messages(path) == [
        f"{path}: board 1, NS pair 1 (USEBIO/EVENT/BOARD/TRAVELLER_LINE[2]): NS pair 1 has two results "
        "on this board (also USEBIO/EVENT/BOARD/TRAVELLER_LINE[1]): expected one result per pair"
    ]


def test_board_with_no_results(tmp_path):
    path = write(tmp_path, "empty.xml", usebio(GOOD_BOARD, board(2)))
    assert messages(path) == [
        f"{path}: board 2 (USEBIO/EVENT/BOARD[2]): board 2 has no results: expected at least one traveller line"
    ]


def test_impossible_score(tmp_path):
    path = write(tmp_path, "435.xml", usebio(board(1, line("1", "2", score="435"), line("3", "4"))))
    assert messages(path) == [
        f"{path}: board 1, NS pair 1 v EW pair 2 (USEBIO/EVENT/BOARD/TRAVELLER_LINE[1]): "
        "impossible score 435: no contract scores that; expected a score such as 420 or -50"
    ]


def test_score_contradicting_contract_and_tricks_is_scored_as_recorded_with_a_note(tmp_path):
    """A program's export: the club accepted the slip, so the recorded score stands, flagged (issue 12)."""
    path = write(tmp_path, "contradiction.xml", usebio(board(1, line("1", "2", score="450"), line("3", "4"))))
    [s] = read_sessions(path)
    first = s.boards[0].lines[0]
    assert first.ns.single.ns_score == 450 and first.ns.single.contract is None
    assert first.note == (
        "the recorded score does not match 4S by N taking 10 tricks (which scores 420); "
        "the club's program scored 450, and so do we"
    )


def test_tricks_outside_0_to_13(tmp_path):
    path = write(tmp_path, "tricks.xml", usebio(board(1, line("1", "2", tricks="14"), line("3", "4"))))
    assert messages(path) == [
        f"{path}: board 1, NS pair 1 v EW pair 2 (USEBIO/EVENT/BOARD/TRAVELLER_LINE[1]/TRICKS): "
        "tricks must be 0 to 13, got 14 from '14' in 4S"
    ]


def test_score_that_is_not_a_score(tmp_path):
    path = write(tmp_path, "score.xml", usebio(board(1, line("1", "2", score="4S"), line("3", "4"))))
    assert messages(path) == [
        f"{path}: board 1, NS pair 1 v EW pair 2 (USEBIO/EVENT/BOARD/TRAVELLER_LINE[1]/SCORE): "
        "expected a score such as 420 or an artificial score such as A60/40, got '4S'"
    ]


def test_pair_in_both_directions_on_one_line(tmp_path):
    path = write(tmp_path, "both.xml", usebio(board(1, line("1", "1"), line("3", "4"))))
    assert messages(path) == [
        f"{path}: board 1, pair 1 (USEBIO/EVENT/BOARD/TRAVELLER_LINE[1]): "
        "pair 1 is both NS and EW on this line: expected two different pairs"
    ]


def test_pair_in_both_directions_on_one_board(tmp_path):
    path = write(tmp_path, "both.xml", usebio(board(1, line("1", "2"), line("3", "1"))))
    assert messages(path) == [
        f"{path}: board 1, EW pair 1 (USEBIO/EVENT/BOARD/TRAVELLER_LINE[2]): pair 1 sits NS "
        "(USEBIO/EVENT/BOARD/TRAVELLER_LINE[1]) and EW on the same board: expected a pair to play a board once, in one direction"
    ]


def test_mitchell_pair_number_in_the_wrong_column(tmp_path):
    pairs = "".join(
        f"<PAIR><PAIR_NUMBER>{n}{d}</PAIR_NUMBER><DIRECTION>{d}</DIRECTION></PAIR>"
        for n in (1, 2)
        for d in ("NS", "EW")
    )
    path = write(tmp_path, "column.xml", usebio(board(1, line("1NS", "2NS"), line("2NS", "1EW")), pairs=pairs))
    assert messages(path) == [
        f"{path}: board 1, EW pair 2 (USEBIO/EVENT/BOARD/TRAVELLER_LINE[1]/EW_PAIR_NUMBER): "
        "pair '2NS' is written in the EW column: expected an EW pair number"
    ]


def test_all_problems_in_a_file_are_reported_together(tmp_path):
    text = usebio(board(1, line("1", "9", score="435"), line("3", "4", tricks="14")), board(2))
    path = write(tmp_path, "many.xml", text)
    assert messages(path) == [
        f"{path}: board 1, NS pair 3 v EW pair 4 (USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[2]/TRICKS): tricks must be 0 to 13, got 14 from '14' in 4S",
        f"{path}: board 1, EW pair 9 (USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[1]): unknown EW pair 9: expected one of the pairs listed (1-4)",
        f"{path}: board 1, NS pair 1 v EW pair 9 (USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[1]): impossible score 435: no contract scores that; expected a score such as 420 or -50",
        f"{path}: board 2 (USEBIO/EVENT/BOARD[2]): board 2 has no results: expected at least one traveller line",
    ]


def test_a_line_that_cannot_be_read_still_has_its_pairs_checked(tmp_path):
    """A bad score and a doubled pair on the same board: both reported in one run, not one after the other."""
    text = usebio(board(1, line("1", "2", score="4S"), line("1", "4"), line("3", "9", tricks="15")))
    path = write(tmp_path, "both.xml", text)
    assert messages(path) == [
        f"{path}: board 1, NS pair 1 v EW pair 2 (USEBIO/EVENT/BOARD/TRAVELLER_LINE[1]/SCORE): "
        "expected a score such as 420 or an artificial score such as A60/40, got '4S'",
        f"{path}: board 1, NS pair 3 v EW pair 9 (USEBIO/EVENT/BOARD/TRAVELLER_LINE[3]/TRICKS): tricks must be 0 to 13, got 15 from '15' in 4S",
        f"{path}: board 1, NS pair 1 (USEBIO/EVENT/BOARD/TRAVELLER_LINE[2]): NS pair 1 has two results on this board "
        "(also USEBIO/EVENT/BOARD/TRAVELLER_LINE[1]): expected one result per pair",
        f"{path}: board 1, EW pair 9 (USEBIO/EVENT/BOARD/TRAVELLER_LINE[3]): unknown EW pair 9: expected one of the pairs listed (1-4)",
    ]


def test_malformed_artificial_code(tmp_path):
    path = write(tmp_path, "art.xml", usebio(board(1, line("1", "2", contract="", score="A6"), line("3", "4"))))
    assert messages(path) == [
        f"{path}: board 1, NS pair 1 v EW pair 2 (USEBIO/EVENT/BOARD/TRAVELLER_LINE[1]/SCORE): "
        "expected an artificial score such as A60/40, A6040, A+/A- or A=, got 'A6'"
    ]


def test_unknown_suffix(tmp_path):
    path = write(tmp_path, "results.txt", "hello")
    assert messages(path) == [f"{path}: unknown file type '.txt': expected .xml (USEBIO), .pbn or .yaml"]


# --- PBN -------------------------------------------------------------------------------------

PBN = (
    '[Event "E"]\n[Board "1"]\n[Vulnerable "None"]\n[Scoring "{scoring}"]\n'
    '[ScoreTable "PairId_NS\\1R;PairId_EW\\1R;Contract\\3L;Declarer\\1R;Result\\2R;Score_NS\\5R;Score_EW\\5R;MP_NS\\3R;MP_EW\\3R"]\n'
)


def pbn(tmp_path, rows: str, scoring: str = "MatchPoints"):
    return write(tmp_path, "bad.pbn", PBN.format(scoring=scoring) + rows)


def test_pbn_row_with_the_wrong_number_of_cells(tmp_path):
    path = pbn(tmp_path, '1 2 4S N 10 "420" - 2 0\n3 4 4S N 10 "420" - 0\n')
    assert messages(path) == [f"{path}: board 1 (line 7): expected 9 cells as the table header on line 5 names, got 8"]


def test_pbn_unknown_scoring(tmp_path):
    path = pbn(tmp_path, '1 2 4S N 10 "420" - 2 0\n', scoring="Chicago")
    assert messages(path) == [
        f"{path} (line 4): unknown scoring 'Chicago': expected MatchPoints, IMP;Butler, IMP;Cross or Teams"
    ]


def test_pbn_artificial_score_for_one_side_only(tmp_path):
    path = pbn(tmp_path, '1 2 - - - "A+" - 2 0\n3 4 4S N 10 "420" - 0 2\n')
    assert messages(path) == [
        f"{path}: board 1, NS pair 1 v EW pair 2 (line 6): expected an artificial score for both sides "
        "(such as \"A+\" \"A-\"), got 'A+' and '-'"
    ]


def test_pbn_score_that_is_not_a_score(tmp_path):
    path = pbn(tmp_path, '1 2 4S N 10 "4S" - 2 0\n3 4 4S N 10 "420" - 0 2\n')
    assert messages(path) == [
        f"{path}: board 1, NS pair 1 v EW pair 2 (line 6): expected a score such as 420 or an "
        "artificial score such as A60/40, got '4S'"
    ]


def test_pbn_pair_with_two_results(tmp_path):
    path = pbn(tmp_path, '1 2 4S N 10 "420" - 2 0\n1 4 4S N 10 "420" - 0 2\n')
    assert messages(path) == [
        f"{path}: board 1, NS pair 1 (line 7): NS pair 1 has two results on this board (also line 6): "
        "expected one result per pair"
    ]


def test_pbn_score_contradicting_contract_uses_the_vulnerable_tag(tmp_path):
    path = pbn(tmp_path, '1 2 4S N 10 "620" - 2 0\n3 4 4S N 10 "420" - 0 2\n')
    [s] = read_sessions(path)
    assert (
        s.boards[0]
        .lines[0]
        .note.startswith("the recorded score does not match 4S by N taking 10 tricks (which scores 420)")
    )


# --- YAML ------------------------------------------------------------------------------------

PAIRS = "method: matchpoints\npairs:\n  - {number: 1}\n  - {number: 2}\nboards:\n  - number: 1\n    results:\n"


def test_malformed_yaml(tmp_path):
    path = write(tmp_path, "bad.yaml", "method: matchpoints\npairs: [1, 2\n")
    # libyaml (used when PyYAML has it) and PyYAML's own parser word the problem differently
    problem = (
        "did not find expected ',' or ']'"
        if yaml_loader._Loader is not yaml_loader._PythonLoader
        else "expected ',' or ']', but got '<stream end>'"
    )
    assert messages(path) == [
        f"{path} (line 3, column 1): malformed YAML ({problem}): expected a YAML session as in docs/yaml-format.md"
    ]


def test_yaml_aliases_are_refused(tmp_path):
    path = write(tmp_path, "alias.yaml", "method: matchpoints\na: &x [1, 2]\nb: *x\n")
    assert messages(path) == [
        f"{path} (line 3): YAML aliases (*name) are not allowed in uploads: expected plain values"
    ]


def test_yaml_that_is_not_a_mapping(tmp_path):
    path = write(tmp_path, "list.yaml", "- just\n- a list\n")
    assert messages(path) == [
        f"{path} (line 1): expected a mapping of session details (club, event, method, ...), got list"
    ]


def test_yaml_not_utf8(tmp_path):
    path = write(tmp_path, "latin.yaml", "method: matchpoints\nevent: Caf\xe9\n".encode("latin-1"))
    assert messages(path) == [f"{path} (byte 30): the file is not UTF-8 text: expected a UTF-8 YAML file"]


def test_yaml_unknown_method(tmp_path):
    path = write(tmp_path, "method.yaml", "method: chicago\npairs: []\n")
    assert messages(path) == [
        f"{path} (line 1): unknown method 'chicago': expected one of matchpoints, butler, cross_imps, aggregate, teams"
    ]


def test_yaml_unknown_option_value(tmp_path):
    path = write(
        tmp_path,
        "option.yaml",
        "options:\n  neuberg_rounding: sometimes\n" + PAIRS + "      - {ns: 1, ew: 2, score: 420}\n",
    )
    assert messages(path) == [
        f"{path} (line 2): option 'neuberg_rounding': expected one of exact, ebu, acbl, truncate, got 'sometimes'"
    ]


def test_yaml_weights_not_adding_up_to_100_percent(tmp_path):
    result = "      - ns: 1\n        ew: 2\n        weighted:\n          - {weight: 60%, score: 420}\n          - {weight: 30%, score: -50}\n"
    path = write(tmp_path, "weights.yaml", PAIRS + result)
    assert messages(path) == [
        f"{path}: board 1, NS pair 1 v EW pair 2 (line 8): weights add up to 90 %: expected 100 %"
    ]


def test_yaml_board_with_no_results(tmp_path):
    path = write(tmp_path, "empty.yaml", PAIRS + "      []\n  - number: 2\n")
    assert messages(path) == [
        f"{path}: board 1 (line 6): board 1 has no results: expected at least one traveller line",
        f"{path}: board 2 (line 9): board 2 has no results: expected a list under results",
    ]


def test_yaml_pair_in_both_directions(tmp_path):
    path = write(tmp_path, "both.yaml", PAIRS + "      - {ns: 2, ew: 2, score: 420}\n")
    assert messages(path) == [
        f"{path}: board 1, pair 2 (line 8): pair 2 is both NS and EW on this line: expected two different pairs"
    ]


def test_yaml_tricks_outside_0_to_13_and_a_score_that_is_not_a_score(tmp_path):
    results = "      - {ns: 1, ew: 2, contract: 4S, by: N, tricks: 14}\n      - {ns: 2, ew: 1, score: 4S}\n"
    path = write(
        tmp_path, "tricks.yaml", PAIRS.replace("  - {number: 2}\n", "  - {number: 2}\n  - {number: 3}\n") + results
    )
    assert messages(path) == [
        f"{path}: board 1, NS pair 1 v EW pair 2 (line 9): tricks must be 0 to 13, got 14",
        f"{path}: board 1, NS pair 2 v EW pair 1 (line 10): expected a score such as 420 or an artificial score such as A60/40, got '4S'",
        # Lines that could not be read still have their pairs checked: both pairs sit both ways.
        f"{path}: board 1, NS pair 2 (line 10): pair 2 sits EW (line 9) and NS on the same board: expected a pair to play a board once, in one direction",
        f"{path}: board 1, EW pair 1 (line 10): pair 1 sits NS (line 9) and EW on the same board: expected a pair to play a board once, in one direction",
    ]


def test_yaml_mitchell_pair_in_the_wrong_direction_and_contradicting_score(tmp_path):
    text = (
        "method: matchpoints\nmovement: mitchell\npairs:\n  - {number: 1, direction: NS}\n  - {number: 1, direction: EW}\n"
        "  - {number: 2, direction: NS}\nboards:\n  - number: 1\n    results:\n"
        "      - {ns: 1, ew: 2, contract: 4S, by: N, tricks: 10, score: 450}\n"
    )
    path = write(tmp_path, "mitchell.yaml", text)
    assert messages(path) == [
        f"{path}: board 1, EW pair 2 (line 10): pair 2 is listed as NS but sits EW here: expected an EW pair number",
        f"{path}: board 1, NS pair 1 v EW pair 2 (line 10): score 450 contradicts 4S by N taking 10 tricks (vulnerable: None): expected 420",
    ]


def test_yaml_unknown_pair_and_impossible_score(tmp_path):
    path = write(tmp_path, "unknown.yaml", PAIRS + "      - {ns: 1, ew: 7, score: 435}\n")
    assert messages(path) == [
        f"{path}: board 1, EW pair 7 (line 8): unknown EW pair 7: expected one of the pairs listed (1-2)",
        f"{path}: board 1, NS pair 1 v EW pair 7 (line 8): impossible score 435: no contract scores that; expected a score such as 420 or -50",
    ]


# --- YAML penalties ------------------------------------------------------------------------------

PENALISED = (
    PAIRS.replace("  - {number: 2}\n", "  - {number: 2}\n  - {number: 3}\n  - {number: 4}\n")
    + "      - {ns: 1, ew: 2, score: 420}\n      - {ns: 3, ew: 4, score: 400}\npenalties:\n"
)  # entries from line 13


def test_yaml_penalty_on_an_unknown_pair_and_with_a_bad_amount(tmp_path):
    text = (
        PENALISED + "  - {pair: 7, amount: 25%}\n  - {pair: 2, amount: a lot, reason: slow play}\n  - {amount: 25%}\n"
    )
    path = write(tmp_path, "penalty.yaml", text)
    assert messages(path) == [
        f"{path}: pair 7 (line 13): unknown pair 7: expected one of the pairs listed (1-4)",
        f"{path}: pair 2 (line 14): expected the penalty's amount such as 25% (of a top) or 1.5 (matchpoints), got 'a lot'",
        f"{path} (line 15): expected the penalised pair's number under pair, such as 3, got None",
    ]


def test_yaml_penalty_in_a_unit_the_session_has_not(tmp_path):
    text = PENALISED + "  - {pair: 1, amount: 6 IMPs}\n"
    imps = PENALISED.replace("method: matchpoints", "method: cross_imps") + "  - {pair: 1, amount: 25%}\n"
    assert messages(write(tmp_path, "mp.yaml", text)) == [
        f"{tmp_path / 'mp.yaml'}: pair 1 (line 13): a penalty in IMPs does not apply to a matchpoints session: "
        "expected 25% (of a top) or 1.5 (matchpoints)"
    ]
    assert messages(write(tmp_path, "imps.yaml", imps)) == [
        f"{tmp_path / 'imps.yaml'}: pair 1 (line 13): a penalty as a percentage of a top does not apply to a cross_imps session: "
        "expected 6 IMPs"
    ]


def test_yaml_penalty_that_is_not_a_deduction(tmp_path):
    path = write(tmp_path, "bonus.yaml", PENALISED + "  - {pair: 1, amount: -6}\n  - {pair: 2, amount: 0%}\n")
    assert messages(path) == [
        f"{path}: pair 1 (line 13): expected an amount above 0 (a penalty is deducted; there are no bonuses), got -6",
        f"{path}: pair 2 (line 14): expected an amount above 0 (a penalty is deducted; there are no bonuses), got '0%'",
    ]


def test_yaml_penalty_direction_in_a_mitchell_and_a_howell(tmp_path):
    mitchell = (
        "method: matchpoints\npairs:\n  - {number: 1, direction: NS}\n  - {number: 1, direction: EW}\n"
        "boards:\n  - number: 1\n    results:\n      - {ns: 1, ew: 1, score: 420}\npenalties:\n"
        "  - {pair: 1, amount: 25%}\n  - {pair: 2, direction: EW, amount: 25%}\n  - {pair: 1, direction: up, amount: 25%}\n"
    )
    path = write(tmp_path, "mitchell.yaml", mitchell)
    assert messages(path) == [
        f"{path}: pair 1 (line 10): pair 1 has no direction in a mitchell: expected direction NS or EW",
        f"{path}: EW pair 2 (line 11): unknown EW pair 2: expected one of the pairs listed (1)",
        f"{path}: pair 1 (line 12): expected a direction NS or EW, got 'up'",
    ]
    howell = write(tmp_path, "howell.yaml", PENALISED + "  - {pair: 1, direction: NS, amount: 25%}\n")
    assert messages(howell) == [
        f"{howell}: NS pair 1 (line 13): pair 1 has a direction in a howell: expected none (a Howell pair plays both ways)"
    ]


def test_yaml_penalties_not_a_list_or_in_the_wrong_place(tmp_path):
    path = write(tmp_path, "notlist.yaml", PENALISED + "  pair: 1\n")
    assert messages(path) == [
        f"{path} (line 1): expected penalties as a list such as [{{pair: 3, amount: 25%, reason: slow play}}], "
        "got {'pair': 1}"
    ]
    teams = write(
        tmp_path, "teams.yaml", (FIXTURES / "yaml/teams.yaml").read_text() + "penalties: [{pair: 1, amount: 6 IMPs}]\n"
    )
    assert messages(teams) == [
        f"{teams} (line 1): penalties apply to pairs sessions: expected a teams director's adjustment "
        "as imp_adjustment on the match"
    ]
    shared = write(
        tmp_path,
        "shared.yaml",
        "method: matchpoints\npairs: [{number: 1}, {number: 2}]\n"
        "penalties:\n  - {pair: 1, amount: 25%}\nsessions:\n"
        "  - boards: [{number: 1, results: [{ns: 1, ew: 2, score: 420}]}]\n",
    )
    assert messages(shared) == [
        f"{shared} (line 4): penalties belong to one session: expected them under that session's item in sessions"
    ]


def test_yaml_penalty_in_a_session_of_two_sections_names_its_section(tmp_path):
    text = (
        "method: matchpoints\nsections:\n"
        "  - {name: A, pairs: [{number: 1}, {number: 2}], boards: [{number: 1, results: [{ns: 1, ew: 2, score: 420}]}]}\n"
        "  - {name: B, pairs: [{number: 1}, {number: 2}], boards: [{number: 1, results: [{ns: 1, ew: 2, score: 420}]}]}\n"
        "penalties:\n  - {pair: 1, amount: 25%}\n  - {section: C, pair: 1, amount: 25%}\n  - {section: B, pair: 3, amount: 25%}\n"
    )
    path = write(tmp_path, "sections.yaml", text)
    assert messages(path) == [
        f"{path}: pair 1 (line 6): the penalty names no section: expected section: with one of 'A', 'B'",
        f"{path}: pair C1 (line 7): unknown section 'C': expected section: with one of 'A', 'B'",
        f"{path}: pair B3 (line 8): unknown pair 3 in section B: expected one of the pairs listed (1-2)",
    ]

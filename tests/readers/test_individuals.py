"""Individual events in the three readers (issue 14 item 1, issue 12 item 5): USEBIO
``EVENT_TYPE="INDIVIDUAL"``, PBN score tables seating ``PlayerId_North`` ..., our YAML
``players:`` — each read, scored alike and checked; each bad table refused with its place."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.check import check_command
from generator.errors import InputErrors
from generator.readers import read_sessions
from generator.scoring.options import ScoringOptions
from generator.scoring.session import score_session
from tests.helpers.reader_builders import FIXTURES

YAML = FIXTURES / "yaml" / "individual.yaml"
USEBIO = FIXTURES / "usebio" / "individual_two_tables.xml"
PBN = FIXTURES / "pbn" / "individual_magic.pbn"

# The same two-table individual in each format (tests/scoring/test_individual.py works it by hand):
# players 1 and 8 on 4 of 4 (100 %), 2, 4, 5 and 7 on 2 (50 %), 3 and 6 on 0.
RANKING = [
    (1, "Ada Alder", 4, "1="),
    (8, "Hal Hazel", 4, "1="),
    (2, "Bo Birch", 2, "3="),
    (4, "Di Damson", 2, "3="),
    (5, "Ed Elm", 2, "3="),
    (7, "Gus Gorse", 2, "3="),
    (3, "Cy Cedar", 0, "7="),
    (6, "Flo Fir", 0, "7="),
]


@pytest.mark.parametrize("path", [YAML, USEBIO, PBN], ids=["yaml", "usebio", "pbn"])
def test_each_format_reads_and_scores_the_same_individual(path):
    [session] = read_sessions(path)
    assert session.individual
    result = score_session(session, ScoringOptions().with_overrides(session.options))
    assert [(s.ref.number, s.pair.names, s.total, s.rank_label) for s in result.standings] == RANKING
    line = result.boards[1].lines[0].line
    assert [(seat, ref.number) for seat, ref in line.seats.by_seat()] == [("N", 1), ("S", 5), ("E", 2), ("W", 6)]


@pytest.mark.parametrize("path", [USEBIO, PBN], ids=["usebio", "pbn"])
def test_check_agrees_with_the_programs_figures(path):
    # 4 lines × 2 figures + 8 players × (total, percentage, place) = 32 figures, all as worked above.
    text, ok = check_command(path)
    assert ok, text
    assert text.endswith("32 of 32 figures agree (0 differ)")


def test_check_names_the_players_where_a_figure_differs(tmp_path):
    path = tmp_path / "wrong.xml"
    path.write_text(
        USEBIO.read_text(encoding="utf-8").replace(
            "<PLAYER_NAME>Ada Alder</PLAYER_NAME><TOTAL_SCORE>4</TOTAL_SCORE>",
            "<PLAYER_NAME>Ada Alder</PLAYER_NAME><TOTAL_SCORE>3</TOTAL_SCORE>",
        ),
        encoding="utf-8",
    )
    text, ok = check_command(path, verbose=True)
    assert not ok
    assert "player 1 (USEBIO/EVENT/PARTICIPANTS/PLAYER[1]): total: theirs 3, ours 4" in text


# --- bad input: each refused with file, place and what was expected -------------------------------------
def _errors(path: Path):
    with pytest.raises(InputErrors) as info:
        read_sessions(path)
    return info.value.errors


def _yaml_variant(tmp_path: Path, old: str, new: str) -> Path:
    text = YAML.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "individual.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def _line_of(path: Path, needle: str) -> str:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return f"line {number}"
    raise AssertionError(needle)


def test_yaml_a_player_in_two_seats_at_one_table(tmp_path):
    path = _yaml_variant(tmp_path, "{N: 1, S: 2, E: 3, W: 4,", "{N: 1, S: 2, E: 3, W: 1,")
    [error] = _errors(path)
    assert (error.file, error.location, error.board, error.pair) == (str(path), _line_of(path, "W: 1,"), 1, "player 1")
    assert error.message == "player 1 sits both North and West at this table: expected four different players"


def test_yaml_a_player_twice_on_one_board(tmp_path):
    path = _yaml_variant(tmp_path, "{N: 5, S: 6, E: 7, W: 8,", "{N: 5, S: 6, E: 7, W: 4,")
    errors = _errors(path)
    assert [(e.location, e.board, e.pair) for e in errors] == [
        (_line_of(path, "W: 4, contract: 4S, by: N, tricks: 9"), 1, "player 4")
    ]
    assert errors[0].message == (
        f"player 4 plays this board twice (West at {_line_of(path, 'N: 1, S: 2')}, West here): "
        "expected each player once a board"
    )


def test_yaml_an_unknown_player(tmp_path):
    path = _yaml_variant(tmp_path, "{N: 3, S: 7, E: 4, W: 8,", "{N: 3, S: 7, E: 4, W: 18,")
    [error] = _errors(path)
    assert error.location == _line_of(path, "W: 18") and error.board == 2 and error.pair == "player 18"
    assert error.message == "unknown player 18 in West: expected one of the players listed (1-8)"


def test_yaml_a_line_missing_a_seat(tmp_path):
    path = _yaml_variant(tmp_path, "{N: 1, S: 5, E: 2, W: 6,", "{N: 1, S: 5, E: 2,")
    [error] = _errors(path)
    assert error.location == _line_of(path, "{N: 1, S: 5, E: 2, contract") and error.board == 2
    assert error.message == (
        "no player in West: expected the player numbers of all four seats (N, S, E and W) "
        "on every line of an individual event"
    )


def test_yaml_players_and_pairs_together_are_refused(tmp_path):
    path = _yaml_variant(tmp_path, "players:", "pairs: [{number: 1, players: [A, B]}]\nplayers:")
    [error] = _errors(path)
    assert "expected players: or pairs: (or sections:), not both" in error.message


def test_yaml_a_player_listed_twice(tmp_path):
    path = _yaml_variant(tmp_path, "{number: 8, name: Hal Hazel}", "{number: 7, name: Hal Hazel}")
    errors = _errors(path)
    assert (
        errors[0].message == f"player 7 is listed twice (also {_line_of(path, 'Gus Gorse')}): expected each player once"
    )


def _usebio_variant(tmp_path: Path, old: str, new: str) -> Path:
    text = USEBIO.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "individual.xml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_usebio_a_player_in_two_seats_at_one_table(tmp_path):
    path = _usebio_variant(tmp_path, "<E_PLAYER_NUMBER>3</E_PLAYER_NUMBER>", "<E_PLAYER_NUMBER>2</E_PLAYER_NUMBER>")
    [error] = _errors(path)
    assert (error.location, error.board, error.pair) == ("USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[1]", 1, "player 2")
    assert error.message == "player 2 sits both South and East at this table: expected four different players"


def test_usebio_a_line_missing_a_seat(tmp_path):
    path = _usebio_variant(tmp_path, "<S_PLAYER_NUMBER>6</S_PLAYER_NUMBER>", "")
    [error] = _errors(path)
    assert (error.location, error.board) == ("USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[2]", 1)
    assert error.message.startswith("no player in South: expected the player numbers of all four seats")


def test_usebio_an_unknown_player(tmp_path):
    path = _usebio_variant(tmp_path, "<W_PLAYER_NUMBER>8</W_PLAYER_NUMBER>", "<W_PLAYER_NUMBER>9</W_PLAYER_NUMBER>")
    [error] = _errors(path)
    assert (error.location, error.board, error.pair) == ("USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[2]", 1, "player 9")
    assert error.message == "unknown player 9 in West: expected one of the players listed (1-8)"


def test_pbn_a_player_twice_on_one_board(tmp_path):
    text = PBN.read_text(encoding="utf-8")
    old = '2 1 5 7 6 8 4S N  9 - "50" 0.0 2.0'
    assert old in text
    path = tmp_path / "individual.pbn"
    path.write_text(text.replace(old, '2 1 5 7 6 1 4S N  9 - "50" 0.0 2.0'), encoding="utf-8")
    [error] = _errors(path)
    assert error.location == _line_of(path, "2 1 5 7 6 1 4S") and error.board == 1 and error.pair == "player 1"
    assert "player 1 plays this board twice (North at line" in error.message and "West here" in error.message


def test_yaml_two_individual_sessions_in_one_file_each_list_their_players(tmp_path):
    # The same players in two sessions of one file are not "listed twice".
    session = """  - date: {date}
    players:
      - {{number: 1, name: Ada Alder}}
      - {{number: 2, name: Bo Birch}}
      - {{number: 3, name: Cy Cedar}}
      - {{number: 4, name: Di Damson}}
    boards:
      - number: 1
        results:
          - {{N: 1, S: 2, E: 3, W: 4, contract: 4S, by: N, tricks: 10}}
"""
    path = tmp_path / "two.yaml"
    path.write_text(
        "method: matchpoints\nevent: Individual\nsessions:\n"
        + session.format(date="2026-11-20")
        + session.format(date="2026-11-27"),
        encoding="utf-8",
    )
    sessions = read_sessions(path)
    assert [(len(s.pairs), s.individual) for s in sessions] == [(4, True), (4, True)]


def test_pbn_without_a_totals_table_takes_the_players_the_tables_seat(tmp_path):
    # No TotalScoreTable: the players are numbers only, named "Player N" (never "Pair N").
    text = PBN.read_text(encoding="utf-8")
    start = text.index("[TotalScoreTable")
    end = text.index("[ScoreTable")
    path = tmp_path / "no_totals.pbn"
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    [session] = read_sessions(path)
    assert session.individual and [p.names for p in session.pairs] == [f"Player {n}" for n in range(1, 9)]
    result = score_session(session, ScoringOptions())
    assert [(s.ref.number, s.total) for s in result.standings][:2] == [(1, 4), (8, 4)]


def test_yaml_players_with_swiss_rounds_are_refused(tmp_path):
    path = _yaml_variant(tmp_path, "boards:", "swiss: []\nboards:")
    [error] = _errors(path)
    assert error.file == str(path)
    assert error.message == "Swiss pairs is an event for pairs: expected pairs:, not players:, with swiss:"

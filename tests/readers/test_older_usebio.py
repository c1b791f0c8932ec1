"""USEBIO 1.0 and older programs' habits (issue 24, item 3): decimal scores that are whole
numbers, dates dd-mm-yyyy and dd.mm.yyyy, every pair listed NS in a one-winner event, and
artificial scores written as a zero score with the matchpoints or IMPs given."""

from __future__ import annotations

import json
from datetime import date
from fractions import Fraction

import pytest

from generator.cli import main
from generator.model import Artificial, ArtificialKind, Scored
from generator.readers.printed import printed_figures
from generator.readers.usebio import read_usebio
from generator.readers.values import parse_date, whole_score
from generator.readers.zero_artificial import artificial_of
from tests.helpers.reader_builders import FIXTURES

OLDER = FIXTURES / "usebio" / "usebio_1_0_older_habits.xml"
TEXT = OLDER.read_text()
DIRECTIONS = (
    "USEBIO/EVENT: every pair is listed DIRECTION NS in an event with no WINNER_TYPE: the directions are not "
    "believed; the pairs are read as one field, each number one pair, seated as the traveller lines say"
)


def _read(text: str, stream: bool = False):
    return read_usebio("f.xml", text.encode(), stream_above=0 if stream else 1_000_000)


@pytest.mark.parametrize("stream", [False, True], ids=["tree", "stream"])
def test_the_older_file_reads_in_both_readers(stream):
    [session], errors = _read(TEXT, stream)
    assert errors == []
    assert session.date == date(2010, 10, 7)  # written 07-10-2010
    [section] = session.sections
    assert section.winners == 1 and all(p.ref.direction is None for p in section.pairs)
    assert printed_figures(session).warnings == [DIRECTIONS]
    one = session.boards[0].lines
    assert [l.ns.components[0].play.ns_score for l in one if isinstance(l.ns, Scored)] == [420, 450, -50]
    artificial = session.boards[1].lines[2]
    assert (artificial.ns, artificial.ew) == (Artificial.from_percent(60), Artificial.from_percent(40))
    assert artificial.ns.kind is ArtificialKind.PLUS and artificial.ew.kind is ArtificialKind.MINUS
    assert "not as a pass-out" in artificial.note
    assert _read(TEXT, not stream) == ([session], [])


def test_the_older_file_scores_as_worked_by_hand(capsys):
    """Top 4 (three tables).  Board 1: 450 4, 420 2, -50 0.  Board 3: 120 4, 90 2, -110 0.
    Board 2: two results and an average-plus/minus; Neuberg for 3 expected from 2 actual:
    (MP + 1) × 3/2 − 1, so 600 → (2+1)×3/2−1 = 3.5 and -110 → (0+1)×3/2−1 = 0.5 (EW the
    complement); the artificial line 60 % and 40 % of 4 = 2.4 and 1.6.
    Pair 2: 4 + 3.5 + 4 = 11.5 (of 12: 95.83 %); 5: 0 + 3.5 + 4 = 7.5; 6: 4 + 0.5 + 2 = 6.5;
    1: 2 + 0.5 + 2 = 4.5; 4: 2 + 1.6 + 0 = 3.6; 3: 0 + 2.4 + 0 = 2.4 (20 %)."""
    assert main(["score", str(OLDER), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["event"]["date"] == "2010-10-07"
    assert [(p["number"], p["total"], p["rank"]) for p in data["pairs"]] == [
        (2, "11.5", 1),
        (5, "7.5", 2),
        (6, "6.5", 3),
        (1, "4.5", 4),
        (4, "3.6", 5),
        (3, "2.4", 6),
    ]
    line = data["boards"][1]["lines"][2]
    assert (line["artificial"], line["ns"]["value"], line["ew"]["value"]) == ("A+", "2.4", "1.6")


def test_check_agrees_with_every_printed_figure_and_says_what_it_believed(capsys):
    assert main(["check", str(OLDER)]) == 0
    out = capsys.readouterr().out
    assert "36 of 36 figures agree (0 differ)" in out
    assert f"  warning: {DIRECTIONS}" in out
    assert "read as the artificial adjusted scores A+ to NS and A- to EW, not as a pass-out" in out


def test_a_decimal_score_that_is_not_whole_is_still_refused():
    [_], errors = _read(TEXT.replace("<SCORE>420.0</SCORE>", "<SCORE>420.5</SCORE>"))
    assert [(e.location, e.message) for e in errors] == [
        (
            "USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[1]/SCORE",
            "expected a score such as 420 or an artificial score such as A60/40, got '420.5'",
        )
    ]


@pytest.mark.parametrize(
    ("text", "score"), [("430", 430), ("430.0", 430), ("-150.0", -150), ("-150.00", -150), (" +90.0 ", 90)]
)
def test_whole_scores_written_as_decimals(text, score):
    assert whole_score(text) == score


@pytest.mark.parametrize("text", ["430.5", "430.", ".0", "4e2", "1" * 7 + ".0"])
def test_scores_that_are_not_whole(text):
    with pytest.raises(ValueError):
        whole_score(text)


@pytest.mark.parametrize("text", ["07-10-2010", "07.10.2010", "7.10.2010", "07/10/2010", "2010-10-07", "2010.10.07"])
def test_day_first_dates_with_hyphens_or_dots(text):
    assert parse_date(text) == date(2010, 10, 7)


def test_a_date_with_mixed_separators_is_refused():
    with pytest.raises(ValueError, match="expected a date"):
        parse_date("07-10.2010")


def test_one_winner_stated_says_so():
    text = TEXT.replace("<DATE>07-10-2010</DATE>", "<DATE>07.10.2010</DATE><WINNER_TYPE>1</WINNER_TYPE>")
    [session], errors = _read(text)
    assert errors == [] and session.date == date(2010, 10, 7)
    assert printed_figures(session).warnings == [
        DIRECTIONS.replace("an event with no WINNER_TYPE", "a one-winner event (WINNER_TYPE 1)")
    ]


def test_two_winners_with_every_pair_ns_is_not_guessed():
    """With two winners stated the field cannot be one: a pair listed NS sitting EW is an error, as before."""
    [_], errors = _read(TEXT.replace("<DATE>07-10-2010</DATE>", "<DATE>07-10-2010</DATE><WINNER_TYPE>2</WINNER_TYPE>"))
    assert errors and all("is listed as NS but sits EW here" in e.message for e in errors)


def test_a_zero_score_on_a_board_of_scores_only_stays_a_score():
    """No line of the board names a contract: 0 is the score written, as before (a pass-out)."""
    board_2 = TEXT.split("<BOARD_NUMBER>2</BOARD_NUMBER>")[1].split("</BOARD>")[0]
    bare = board_2
    for tag in ("<CONTRACT>2H</CONTRACT><PLAYED_BY>E</PLAYED_BY><TRICKS>8</TRICKS>", "<CONTRACT>3NT</CONTRACT>"):
        bare = bare.replace(tag, "")
    bare = bare.replace("<PLAYED_BY>S</PLAYED_BY><TRICKS>9</TRICKS>", "")
    [session], errors = _read(TEXT.replace(board_2, bare))
    assert errors == []
    line = session.boards[1].lines[2]
    assert isinstance(line.ns, Scored) and line.ns.components[0].play.ns_score == 0 and line.note == ""


@pytest.mark.parametrize(
    ("ns", "ew", "unit", "top", "codes"),
    [
        (Fraction(12, 5), Fraction(8, 5), "matchpoints", Fraction(4), ("A+", "A-")),  # 60 % and 40 % of 4
        (Fraction(2), Fraction(2), "matchpoints", Fraction(4), ("A=", "A=")),  # 50 % each
        (Fraction(23, 10), Fraction(17, 10), "matchpoints", Fraction(4), ("A+", "A-")),  # 57.5 %: printed rounded
        (Fraction(8, 5), Fraction(8, 5), "matchpoints", Fraction(4), ("A-", "A-")),  # both at fault: 40 % each
        (Fraction(3), Fraction(1), "matchpoints", Fraction(4), ("A75%", "A25%")),  # no nominal share: fixed
        (Fraction(6), Fraction(4), "matchpoints", None, ("A+", "A-")),  # no played line: the comparison
        (Fraction(3), Fraction(-3), "imps", None, ("A+", "A-")),  # IMPs: each side's sign
        (Fraction(0), Fraction(0), "cross_imps", None, ("A=", "A=")),
    ],
)
def test_the_artificial_scores_figures_stand_for(ns, ew, unit, top, codes):
    assert tuple(a.code for a in artificial_of(ns, ew, unit, top)) == codes


_LINE_3_4 = (
    "<TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER><SCORE>0</SCORE>"
    "<NS_MATCH_POINTS>2.4</NS_MATCH_POINTS><EW_MATCH_POINTS>1.6</EW_MATCH_POINTS></TRAVELLER_LINE>"
)


def _missed(pair_4_percentage: str) -> str:
    """Pairs 3 and 4 miss board 2 (its line removed): pair 3 scores 0 + 0 = 0, pair 4 2 + 0 = 2 of
    a top of 4 on each of the 2 boards it played: 2/8 = 25 %; over the session's 3 boards the
    program would print 2/12 = 16.67 %.  The other pairs' figures do not change (board 2's two
    results are factored to 3 expected either way)."""
    text = TEXT.replace(_LINE_3_4, "")
    text = text.replace(
        "<TOTAL_SCORE>2.4</TOTAL_SCORE><PERCENTAGE>20.00</PERCENTAGE>",
        "<TOTAL_SCORE>0</TOTAL_SCORE><PERCENTAGE>0.00</PERCENTAGE>",
    )
    return text.replace(
        "<TOTAL_SCORE>3.6</TOTAL_SCORE><PERCENTAGE>30.00</PERCENTAGE>",
        f"<TOTAL_SCORE>2</TOTAL_SCORE><PERCENTAGE>{pair_4_percentage}</PERCENTAGE>",
    )


def _check(tmp_path, text: str, capsys) -> str:
    path = tmp_path / "missed.xml"
    path.write_text(text)
    main(["check", str(path), "--verbose"])
    return capsys.readouterr().out


def test_check_finds_a_percentage_over_the_sessions_boards(tmp_path, capsys):
    out = _check(tmp_path, _missed("16.67"), capsys)
    assert (
        "pair 4 (USEBIO/EVENT/PARTICIPANTS/PAIR[4]): percentage: theirs 16.67, ours 25 — percentage over another "
        "number of boards: theirs is ours × 2/3: the percentage over 3 boards, of which the pair played 2"
    ) in out
    assert "33 of 34 figures agree (1 differ)"  # the removed line's 2 figures are gone in out


def test_a_percentage_over_the_boards_played_agrees(tmp_path, capsys):
    assert "34 of 34 figures agree (0 differ)" in _check(tmp_path, _missed("25.00"), capsys)


def test_a_percentage_no_board_count_explains_gets_no_such_reason(tmp_path, capsys):
    """17.50 % is neither 25 % × 2/2 nor × 2/3 (16.67): the reason is not claimed."""
    out = _check(tmp_path, _missed("17.50"), capsys)
    assert "percentage: theirs 17.50, ours 25 — no known reason" in out
    assert "percentage over another number of boards" not in out


def test_a_zero_score_with_imps_given_is_an_artificial_score_in_a_butler_event():
    """The same file as a Butler event: the zero line's +2 and -2 IMPs are average-plus and -minus."""
    text = TEXT.replace("<EVENT_TYPE>MP_PAIRS</EVENT_TYPE>", "<EVENT_TYPE>BUTLER_PAIRS</EVENT_TYPE>")
    text = text.replace("_MATCH_POINTS>", "_BUTLER_POINTS>")
    text = text.replace(
        "<NS_BUTLER_POINTS>2.4</NS_BUTLER_POINTS><EW_BUTLER_POINTS>1.6</EW_BUTLER_POINTS>",
        "<NS_BUTLER_POINTS>2</NS_BUTLER_POINTS><EW_BUTLER_POINTS>-2</EW_BUTLER_POINTS>",
    )
    [session], errors = _read(text)
    assert errors == []
    line = session.boards[1].lines[2]
    assert (line.ns.code, line.ew.code) == ("A+", "A-")
    assert line.note.startswith("a zero score with no contract and imps given (NS 2, EW -2)")

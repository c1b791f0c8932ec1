"""`check` works out conventions beyond the scoring options (issue 12 item 9, issue 14 item 5):
the sit-out policy, traveller figures shown unfactored beside factored totals, and lines a
program gave an average though the file records their score.  Fixtures are our own."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.check import check_command
from generator.errors import GeneratorError

HERE = Path(__file__).parent
MITCHELL = HERE / "readers" / "fixtures" / "usebio" / "mitchell_compscore.xml"
PHANTOM = HERE / "fixtures" / "sitout" / "howell_phantom_scorer.xml"


def _variant(tmp_path: Path, source: Path, *replacements: tuple[str, str]) -> Path:
    text = source.read_text(encoding="utf-8")
    for old, new in replacements:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / source.name
    path.write_text(text, encoding="utf-8")
    return path


def _line(ns: str, ew: str, score: str, old: tuple[str, str], new: tuple[str, str]) -> tuple[str, str]:
    text = "<SCORE>{}</SCORE><NS_MATCH_POINTS>{}</NS_MATCH_POINTS><EW_MATCH_POINTS>{}</EW_MATCH_POINTS>"
    return text.format(score, *old), text.format(score, *new)


def test_the_sitout_policy_of_a_phantom_howell_is_found():
    """The fixture's program gave each pair an average for the board it sat out (57.50 % for
    pair 1: 9.5 + 2 of 16 + 4, see tests/scoring/test_sitout.py)."""
    text, ok = check_command(PHANTOM)
    assert ok, text
    assert text.splitlines()[1] == "  conventions found: sitout_policy=average; pass these as --option to reproduce"
    assert text.splitlines()[-1] == "30 of 30 figures agree (0 differ)"
    text, ok = check_command(PHANTOM, {"sitout_policy": "none"})
    assert not ok
    assert (
        "  pair totals: an average for each board sat out (--option sitout_policy=average): 4 figures"
        in text.splitlines()
    )


def test_traveller_figures_on_the_boards_own_top_beside_factored_totals(tmp_path):
    """Compscore's convention: board 2 (two results and an A60/40) and board 3 (two results of
    three) printed on their own top of 2(2 − 1) = 2 — the better score 2, the other 0, the
    A60 60 % of 2 = 1.2 — while the totals stay factored (3.5 and 0.5 of 4 on board 3)."""
    path = _variant(
        tmp_path,
        MITCHELL,
        _line("1NS", "2EW", "-110", ("0.5", "3.5"), ("0", "2")),
        _line("2NS", "1EW", "A6040", ("2.4", "1.6"), ("1.2", "0.8")),
        _line("3NS", "3EW", "0", ("3.5", "0.5"), ("2", "0")),
        _line("1NS", "3EW", "-120", ("0.5", "3.5"), ("0", "2")),
        _line("2NS", "2EW", "110", ("3.5", "0.5"), ("2", "0")),
    )
    text, ok = check_command(path)
    assert ok, text
    assert text.splitlines()[1] == "  conventions found: line_figures=unfactored; pass these as --option to reproduce"
    assert text.splitlines()[-1] == "34 of 34 figures agree (0 differ)"
    # neuberg=false alone would not do: the totals are factored
    text, ok = check_command(path, {"neuberg": False, "line_figures": "factored"})
    assert not ok


def test_a_line_printed_fifty_fifty_with_a_score_is_found_as_an_average(tmp_path):
    """Board 1 (complete, E = 3): the program gave 430 (2NS v 3EW) an average, 2 of 4 each way,
    and factored the two other results to 3: 420 beats −100, (2 + 1) × 3 / 2 − 1 = 3.5 and 0.5.
    Totals by hand: 1NS 3 − 2 + 3.5 = 4.5 of 12 = 37.5 %; 2NS 9.9 − 4 + 2 = 7.9 of 12 = 65.83 %;
    3NS 3.5 − 0 + 0.5 = 4 of 8 = 50 %; 1EW 3.6 − 2 + 0.5 = 2.1 of 8 = 26.25 %; 2EW 8 − 4 + 3.5 =
    7.5 of 12 = 62.5 %; 3EW 4 − 0 + 2 = 6 of 12 = 50 %: EW places 2EW 1, 3EW 2, 1EW 3."""
    pair = "<PAIR_NUMBER>{0}</PAIR_NUMBER><DIRECTION>{1}</DIRECTION><TOTAL_SCORE>{2}</TOTAL_SCORE><PERCENTAGE>{3}</PERCENTAGE><PLACE>{4}</PLACE>"
    path = _variant(
        tmp_path,
        MITCHELL,
        _line("1NS", "1EW", "420", ("2", "2"), ("3.5", "0.5")),
        _line("2NS", "3EW", "430", ("4", "0"), ("2", "2")),
        _line("3NS", "2EW", "-100", ("0", "4"), ("0.5", "3.5")),
        (pair.format("1NS", "NS", "3.00", "25.00", 3), pair.format("1NS", "NS", "4.50", "37.50", 3)),
        (pair.format("2NS", "NS", "9.90", "82.50", 1), pair.format("2NS", "NS", "7.90", "65.83", 1)),
        (pair.format("3NS", "NS", "3.50", "43.75", 2), pair.format("3NS", "NS", "4.00", "50.00", 2)),
        (pair.format("1EW", "EW", "3.60", "45.00", 2), pair.format("1EW", "EW", "2.10", "26.25", 3)),
        (pair.format("2EW", "EW", "8.00", "66.67", 1), pair.format("2EW", "EW", "7.50", "62.50", 1)),
        (pair.format("3EW", "EW", "4.00", "33.33", 3), pair.format("3EW", "EW", "6.00", "50.00", 2)),
    )
    text, ok = check_command(path)
    assert ok, text
    assert text.splitlines()[1] == "  conventions found: unmarked_averages=average; pass these as --option to reproduce"
    text, ok = check_command(path, {"unmarked_averages": "scored"}, verbose=True)
    assert not ok
    lines = text.splitlines()
    # the other lines of the board are explained by the re-scoring; the line itself is named as what it is
    assert any(
        line.startswith("  board 1, NS pair 1 v EW pair 1")
        and line.endswith(
            "lines printed 50 % to both sides scored as averages (A=), as the program did (--option unmarked_averages=average)"
        )
        for line in lines
    )
    assert any(
        line.startswith("  board 1, NS pair 2 v EW pair 3")
        and line.endswith("unmarked artificial score: they gave both sides 50 % on a line with a real score (430)")
        for line in lines
    )


def test_a_tie_at_the_median_is_not_an_unmarked_average():
    """The plain fixture's 420 on board 1 is 2 and 2 of 4 because it beats one score and loses to
    one: ours agrees, so it is no candidate and nothing is 'found'."""
    text, ok = check_command(MITCHELL)
    assert ok and "conventions found" not in text


def test_a_convention_value_that_does_not_exist_is_refused():
    with pytest.raises(GeneratorError, match="line_figures"):
        check_command(MITCHELL, {"line_figures": "sideways"})


def test_factored_traveller_figures_beside_totals_on_each_boards_own_top(tmp_path):
    """Bridge NZ Scorer's way: lines factored, percentages on each board's own top.  Unfactored
    (top 2 on boards 2 and 3, 4 on board 1; the A60 is 60 % of 2 = 1.2), by hand:
    1NS 2 + 0 + 0 = 2 of 8 = 25 %; 2NS 4 + 1.2 + 2 = 7.2 of 8 = 90 %; 3NS 0 + 2 = 2 of 6 = 33.33 %;
    1EW 2 + 0.8 = 2.8 of 6 = 46.67 %; 2EW 4 + 2 + 0 = 6 of 8 = 75 %; 3EW 0 + 0 + 2 = 2 of 8 = 25 %."""
    pair = "<PAIR_NUMBER>{0}</PAIR_NUMBER><DIRECTION>{1}</DIRECTION><TOTAL_SCORE>{2}</TOTAL_SCORE><PERCENTAGE>{3}</PERCENTAGE>"
    path = _variant(
        tmp_path,
        MITCHELL,
        (pair.format("1NS", "NS", "3.00", "25.00"), pair.format("1NS", "NS", "2.00", "25.00")),
        (pair.format("2NS", "NS", "9.90", "82.50"), pair.format("2NS", "NS", "7.20", "90.00")),
        (pair.format("3NS", "NS", "3.50", "43.75"), pair.format("3NS", "NS", "2.00", "33.33")),
        (pair.format("1EW", "EW", "3.60", "45.00"), pair.format("1EW", "EW", "2.80", "46.67")),
        (pair.format("2EW", "EW", "8.00", "66.67"), pair.format("2EW", "EW", "6.00", "75.00")),
        (pair.format("3EW", "EW", "4.00", "33.33"), pair.format("3EW", "EW", "2.00", "25.00")),
    )
    text, ok = check_command(path)
    assert ok, text
    assert text.splitlines()[1] == "  conventions found: total_figures=unfactored; pass these as --option to reproduce"
    # Told the totals are factored, the next best reading is Neuberg off: the factored lines then differ.
    text, ok = check_command(path, {"total_figures": "factored"})
    assert not ok and text.splitlines()[1] == "  conventions found: neuberg=false; pass these as --option to reproduce"
    assert text.splitlines()[-1] == "24 of 34 figures agree (10 differ)"


def test_check_finds_the_sitout_slot_from_explicit_sit_out_lines():
    """The same Howell with its sit-out lines kept and no Scorer convention: the printed figures
    (top 4, pair 1 11.5 of 20 = 57.5 %) need the slot counted in E and an average for the
    board sat out (tests/scoring/test_sitout_records.py works them)."""
    text, ok = check_command(HERE / "fixtures" / "sitout" / "howell_sitout_lines.xml")
    assert ok, text
    assert text.splitlines()[1] == (
        "  conventions found: sitout_slot=counted, sitout_policy=average; pass these as --option to reproduce"
    )
    assert text.splitlines()[-1] == "30 of 30 figures agree (0 differ)"


def test_check_finds_missing_results_counted_as_ties():
    """Issue 24: an invented export (tests/readers/fixtures/usebio/short_board_ties.xml) whose board 3
    was played at 2 of 3 tables (E = 3, A = 2, top 2 (E - 1) = 4), scored the ScoreBridge way:
    +450 beat +170: M = 2 on a top of 2, + 1 tie for the missing result = 3; EW 0 + 1 = 1;
    +170: 0 + 1 = 1, EW 2 + 1 = 3.  (Neuberg would give (2 + 1) x 3 / 2 - 1 = 3.5 and 0.5.)
    NS 1's total: 4 (board 1) + 1 (board 2) + 3 = 8 of 12 = 66.67 %, as printed."""
    path = Path(__file__).parent / "readers" / "fixtures" / "usebio" / "short_board_ties.xml"
    text, ok = check_command(path)
    assert ok, text
    assert "conventions found: missing_results=ties" in text
    assert text.splitlines()[-1] == "34 of 34 figures agree (0 differ)"
    neuberg, _ = check_command(path, {"missing_results": "factored", "neuberg": True}, verbose=True)
    assert (
        "  board 3, NS pair 1 v EW pair 3 (USEBIO/EVENT/BOARD[3]/TRAVELLER_LINE[1]): NS matchpoints: theirs 3.0, ours 3.5"
        " — each missing result on a short board counted as a tie (ScoreBridge) (--option missing_results=ties)"
    ) in neuberg.splitlines()


def test_check_finds_a_clubs_own_short_match_vp_table_from_its_site_yaml(tmp_path):
    """Issue 24: an old short-match scale the club gave as a club VP table (invented here: 3-board
    matches, 3-5 IMPs is 14-6) is found with no options.  Round 1, Otters v Badgers: boards 10 - 6
    IMPs, a 4-IMP margin: 14-6 on this table (13-7 on the WBF discrete scale, 12.61-7.39 continuous)."""
    text = (Path(__file__).parent / "readers" / "fixtures" / "usebio" / "swiss_teams.xml").read_text()
    text = text.replace(
        "<TEAM_SCORE>12.61</TEAM_SCORE><OPPOSING_TEAM_SCORE>7.39</OPPOSING_TEAM_SCORE>",
        "<TEAM_SCORE>14.00</TEAM_SCORE><OPPOSING_TEAM_SCORE>6.00</OPPOSING_TEAM_SCORE>",
    )
    text = text.replace("<TOTAL_SCORE>12.61</TOTAL_SCORE>", "<TOTAL_SCORE>14.00</TOTAL_SCORE>")
    text = text.replace("<TOTAL_SCORE>7.39</TOTAL_SCORE>", "<TOTAL_SCORE>6.00</TOTAL_SCORE>")
    (tmp_path / "swiss.xml").write_text(text)
    (tmp_path / "site.yaml").write_text(
        "club: Invented\nscoring:\n  club_vp_scales:\n    - boards: 3\n"
        "      vps: {0: 10-10, 1-2: 12-8, 3-5: 14-6, 6-9: 16-4, 10-14: 18-2, 15+: 20-0}\n"
    )
    out, ok = check_command(tmp_path / "swiss.xml")
    assert ok, out
    assert "conventions found: vp_scale=club" in out

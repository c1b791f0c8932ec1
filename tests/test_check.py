"""`check`: agreement at the printed precision, and each recognised reason for a difference."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from generator.check import agrees, check_command
from generator.readers.printed import Figure

FIXTURES = Path(__file__).parent / "readers" / "fixtures"
MITCHELL = FIXTURES / "usebio/mitchell_compscore.xml"
EVENTS = FIXTURES / "usebio/two_events.xml"


def _variant(tmp_path: Path, source: Path, *replacements: tuple[str, str]) -> Path:
    text = source.read_text(encoding="utf-8")
    for old, new in replacements:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / source.name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_figure_agrees_when_ours_rounds_to_theirs_under_any_half_rule():
    assert agrees(Fraction(245, 100), Figure.parse("2.4")) and agrees(Fraction(245, 100), Figure.parse("2.5"))
    assert not agrees(Fraction(246, 100), Figure.parse("2.4"))
    assert agrees(Fraction(2, 3), Figure.parse("0.67")) and not agrees(Fraction(2, 3), Figure.parse("0.66"))


def test_all_figures_agree():
    text, ok = check_command(MITCHELL)
    assert ok
    assert text == f"{MITCHELL}: Monday Pairs (invented) (matchpoints, 3 boards)\n34 of 34 figures agree (0 differ)"


def test_unfactored_short_board(tmp_path):
    path = _variant(
        tmp_path,
        MITCHELL,
        (
            "<NS_MATCH_POINTS>0.5</NS_MATCH_POINTS><EW_MATCH_POINTS>3.5</EW_MATCH_POINTS></TRAVELLER_LINE>\n    <TRAVELLER_LINE><NS_PAIR_NUMBER>2NS</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2EW",
            "<NS_MATCH_POINTS>0</NS_MATCH_POINTS><EW_MATCH_POINTS>2</EW_MATCH_POINTS></TRAVELLER_LINE>\n    <TRAVELLER_LINE><NS_PAIR_NUMBER>2NS</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2EW",
        ),
    )
    text, ok = check_command(path, verbose=True)
    assert not ok
    lines = text.splitlines()
    # NS: theirs 0, ours 0.5 agrees at 0 decimals (half a unit); EW: theirs 2, ours 3.5 does not
    # The reason is a re-scoring: with neuberg=false the figure agrees (but the board's others do not, so
    # it is not the convention found).
    assert lines[1] == (
        "  board 3, NS pair 1 v EW pair 3 (USEBIO/EVENT/BOARD[3]/TRAVELLER_LINE[1]): EW matchpoints: theirs 2, ours 3.5"
        " — unfactored (the board's results on their own top) (--option neuberg=false)"
    )
    assert lines[-1] == "33 of 34 figures agree (1 differ)"
    assert lines[-2] == "Likely reasons: unfactored (the board's results on their own top) (--option neuberg=false) 1"
    brief, _ = check_command(path)
    assert (
        brief.splitlines()[1]
        == "  board 3 (2 results where 3 were expected): unfactored (the board's results on their own top) (--option neuberg=false): 1 figure"
    )


def test_unmarked_artificial_score(tmp_path):
    path = _variant(
        tmp_path,
        MITCHELL,
        (
            "<SCORE>-110</SCORE><NS_MATCH_POINTS>0.5</NS_MATCH_POINTS><EW_MATCH_POINTS>3.5</EW_MATCH_POINTS>",
            "<SCORE>-110</SCORE><NS_MATCH_POINTS>2</NS_MATCH_POINTS><EW_MATCH_POINTS>2</EW_MATCH_POINTS>",
        ),
    )
    text, ok = check_command(path, verbose=True)
    assert not ok
    assert (
        "  board 2, NS pair 1 v EW pair 2 (USEBIO/EVENT/BOARD[2]/TRAVELLER_LINE[1]): NS matchpoints: theirs 2, ours 0.5"
        " — unmarked artificial score: they gave both sides 50 % on a line with a real score (-110)"
    ) in text.splitlines()
    assert text.splitlines()[-2:] == [
        "Likely reasons: unmarked artificial score 2",
        "32 of 34 figures agree (2 differ)",
    ]


def test_a_difference_beyond_the_rounding_of_the_decimals_printed_is_not_called_rounding(tmp_path):
    """Issue 24: 82.49 printed to 2 decimals stands for 82.485 to 82.495; ours is 82.5 — no rounding
    of 82.5 to 2 decimals gives 82.49, so "rounding" would be false."""
    path = _variant(tmp_path, MITCHELL, ("<PERCENTAGE>82.50</PERCENTAGE>", "<PERCENTAGE>82.49</PERCENTAGE>"))
    text, ok = check_command(path, verbose=True)
    assert not ok
    assert text.splitlines()[1] == (
        "  NS pair 2 (USEBIO/EVENT/PARTICIPANTS/PAIR[2]): percentage: theirs 82.49, ours 82.5 — no known reason"
    )


def test_a_whole_number_a_matchpoint_off_is_not_rounding(tmp_path):
    """Issue 24: a figure printed whole can differ by at most 0.5 through rounding.  EW 2's total,
    ours 8, printed "7": not rounding — their own lines add up to 8, and that is said."""
    path = _variant(tmp_path, MITCHELL, ("<TOTAL_SCORE>8.00</TOTAL_SCORE>", "<TOTAL_SCORE>7</TOTAL_SCORE>"))
    text, _ = check_command(path, verbose=True)
    line = next(l for l in text.splitlines() if ": total: theirs 7," in l)
    assert "rounding" not in line and "their total is not the sum of their own traveller figures" in line


def test_two_thirds_of_a_matchpoint_on_a_whole_figure_is_neither_agreement_nor_rounding():
    """7⅔ printed "8" agrees (rounded, 0.33 off); printed "7" it is 0.67 off: no rounding gives it,
    and cutting down is only a reason once the file shows it does that throughout."""
    from generator.check import ROUNDING, TRUNCATED, _Audit, agrees
    from generator.readers.printed import Figure

    ours = Fraction(23, 3)
    assert agrees(ours, Figure.parse("8")) and not agrees(ours, Figure.parse("7"))
    a = _Audit.__new__(_Audit)
    a.cut_evidence, a._otherwise = {}, ("", "")
    assert a.rounding(ours, Figure.parse("7"))[0] == TRUNCATED  # tentative only: see confirm_truncation
    assert a.rounding(ours, Figure.parse("6")) == ("", "")
    assert ROUNDING not in (a.rounding(ours, Figure.parse("7"))[0], a.rounding(ours, Figure.parse("6"))[0])


SHORT_TIES = FIXTURES / "usebio/short_board_ties.xml"
# Percentages where cutting down and rounding differ (by hand): NS 1 8/12 = 66.666… (66.67 rounded, 66.66 cut),
# NS 2 2/12 = 16.666… (16.67, 16.66), EW 2 8/12 (66.67, 66.66), EW 3 5/12 = 41.666… (41.67, 41.66).
CUT = (
    ("<PERCENTAGE>66.67</PERCENTAGE><PLACE>2</PLACE>", "<PERCENTAGE>66.66</PERCENTAGE><PLACE>2</PLACE>"),
    ("<PERCENTAGE>16.67</PERCENTAGE>", "<PERCENTAGE>16.66</PERCENTAGE>"),
    ("<PERCENTAGE>66.67</PERCENTAGE><PLACE>1</PLACE>", "<PERCENTAGE>66.66</PERCENTAGE><PLACE>1</PLACE>"),
    ("<PERCENTAGE>41.67</PERCENTAGE>", "<PERCENTAGE>41.66</PERCENTAGE>"),
)


def test_truncation_is_named_when_the_file_cuts_down_every_such_figure(tmp_path):
    path = _variant(tmp_path, SHORT_TIES, *CUT)
    text, _ = check_command(path, verbose=True)
    cut = [l for l in text.splitlines() if "percentage: theirs" in l]
    assert len(cut) == 4
    assert all(
        l.endswith("— figures cut down (truncated): theirs is ours cut down (truncated) to 2 decimals") for l in cut
    )


def test_one_figure_cut_down_among_rounded_ones_is_not_truncation(tmp_path):
    """The other three percentages are rounded where cutting would differ: the one 0.01 low is no
    convention of theirs."""
    path = _variant(tmp_path, SHORT_TIES, CUT[1])
    text, _ = check_command(path, verbose=True)
    line = next(l for l in text.splitlines() if "percentage: theirs 16.66" in l)
    assert line.endswith("— no known reason")


def test_butler_datum_without_trimming_and_the_imps_that_follow(tmp_path):
    path = _variant(
        tmp_path,
        EVENTS,
        ("<BOARD_AVERAGE>420</BOARD_AVERAGE>", "<BOARD_AVERAGE>350</BOARD_AVERAGE>"),
        ("<NS_BUTLER_POINTS>1</NS_BUTLER_POINTS>", "<NS_BUTLER_POINTS>3</NS_BUTLER_POINTS>"),
    )
    text, ok = check_command(path, verbose=True)
    assert not ok
    lines = text.splitlines()
    assert (
        "  board 1, NS pair 1 v EW pair 4 (USEBIO/EVENT[1]/BOARD/TRAVELLER_LINE[1]): NS IMPs: theirs 3, ours 1"
        " — datum of all scores (--option butler_trim=none)"
    ) in lines
    assert (
        "  board 1 (USEBIO/EVENT[1]/BOARD): datum: theirs 350, ours 420 — datum of all scores (--option butler_trim=none)"
    ) in lines


def test_cross_imp_divisor(tmp_path):
    path = _variant(
        tmp_path,
        EVENTS,
        ("<NS_CROSS_IMP_POINTS>4</NS_CROSS_IMP_POINTS>", "<NS_CROSS_IMP_POINTS>8</NS_CROSS_IMP_POINTS>"),
    )
    text, _ = check_command(path, verbose=True)
    assert (
        "  board 1, NS pair 1 v EW pair 4 (USEBIO/EVENT[2]/BOARD/TRAVELLER_LINE[1]): NS cross-IMPs: theirs 8, ours 4"
        " — cross-IMPs as the total over comparisons (--option cross_imp_divisor=total)"
    ) in text.splitlines()


def test_several_sessions_one_summary():
    text, ok = check_command(EVENTS)
    assert ok and text.splitlines()[-1] == "25 of 25 figures agree (0 differ)"
    assert text.count("(invented)") == 2


def test_match_totals_only_cannot_be_re_scored():
    text, ok = check_command(FIXTURES / "pbn/teams_summary.pbn")
    assert not ok
    assert text.splitlines()[-1] == (
        "0 of 0 figures agree (0 differ); 4 figures cannot be re-scored (the file holds no board results for them)"
    )


def test_our_own_yaml_prints_no_figures():
    text, ok = check_command(FIXTURES / "yaml/complete.yaml")
    assert ok and text.endswith("0 of 0 figures agree (0 differ)")


def test_bye_lines_are_noted(tmp_path):
    text, ok = check_command(FIXTURES / "pbn/pairs_latin1.pbn")
    assert ok
    assert (
        "  note: board 1: a bye line (line 24) names pair 7, who is not listed (a phantom pair): not a result"
        in text.splitlines()
    )


# --- conventions worked out by re-scoring (issue 12) -----------------------------------------------------
CROSS = FIXTURES / "usebio/pairs_event_cross_imps_method.xml"


def _doubled_cross_imps(tmp_path: Path) -> Path:
    """The cross-IMP fixture as a program that prints the total over comparisons would write it:
    each line's cross-IMPs and each total twice the figure divided by the 2 comparisons."""
    text = CROSS.read_text(encoding="utf-8")
    for tag in ("NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS", "TOTAL_SCORE"):
        parts = text.split(f"<{tag}>")
        doubled = [(Fraction(p.split("<", 1)[0]) * 2, p.split("<", 1)[1]) for p in parts[1:]]
        text = parts[0] + "".join(f"<{tag}>{float(value):.2f}<{rest}" for value, rest in doubled)
    path = tmp_path / "total.xml"
    path.write_text(text, encoding="utf-8")
    return path


def test_check_finds_the_cross_imp_divisor_by_re_scoring(tmp_path):
    path = _doubled_cross_imps(tmp_path)
    assert "<NS_CROSS_IMP_POINTS>9.00<" in path.read_text()  # 420: −1 + 10 = 9 over both comparisons
    text, ok = check_command(path)
    assert ok, text
    assert text.splitlines()[1] == ("  conventions found: cross_imp_divisor=total; pass these as --option to reproduce")
    assert text.splitlines()[-1] == "24 of 24 figures agree (0 differ)"


def test_an_option_given_on_the_command_line_is_not_searched(tmp_path):
    path = _doubled_cross_imps(tmp_path)
    text, ok = check_command(path, {"cross_imp_divisor": "comparisons"})
    assert not ok and "conventions found" not in text
    # Every line figure differs, each explained by the re-scoring that makes it agree.
    assert (
        "  board 1: cross-IMPs as the total over comparisons (--option cross_imp_divisor=total): 6 figures"
        in text.splitlines()
    )


def test_summary_lines_by_default_every_difference_with_verbose(tmp_path, capsys):
    from generator.cli import main

    path = _doubled_cross_imps(tmp_path)
    assert main(["check", str(path), "--option", "cross_imp_divisor=comparisons"]) == 1
    brief = capsys.readouterr().out.splitlines()
    assert main(["check", str(path), "--option", "cross_imp_divisor=comparisons", "--verbose"]) == 1
    verbose = capsys.readouterr().out.splitlines()
    assert brief[-1] == verbose[-1] == "6 of 24 figures agree (18 differ)"
    assert len([l for l in brief if l.startswith("  board ")]) == 2  # one line per board and reason
    assert len([l for l in verbose if l.startswith("  board ")]) == 12  # one line per figure
    assert (
        "  board 2, NS pair 4 v EW pair 1 (USEBIO/EVENT/BOARD[2]/TRAVELLER_LINE[1]): NS cross-IMPs: theirs -1.00, ours -0.5"
        " — cross-IMPs as the total over comparisons (--option cross_imp_divisor=total)" in verbose
    )


def test_a_total_that_is_not_the_sum_of_their_own_lines_is_named_and_follows_only_its_own_lines(tmp_path):
    """Their lines for NS 2 are 4 + 2.4 + 3.5 = 9.9, as ours; a printed total of 10.90 cannot come
    from any scoring of those lines, so "follows from the differences above" would be false for it.
    NS 1's board-3 line is printed 1.5 (ours 0.5) and its total 4.00 = 2 + 0.5 + 1.5 adds up:
    that total does follow from the line above."""
    path = _variant(
        tmp_path,
        MITCHELL,
        ("<TOTAL_SCORE>9.90</TOTAL_SCORE>", "<TOTAL_SCORE>10.90</TOTAL_SCORE>"),
        ("<TOTAL_SCORE>3.00</TOTAL_SCORE>", "<TOTAL_SCORE>4.00</TOTAL_SCORE>"),
        (
            "<SCORE>-120</SCORE><NS_MATCH_POINTS>0.5</NS_MATCH_POINTS>",
            "<SCORE>-120</SCORE><NS_MATCH_POINTS>1.5</NS_MATCH_POINTS>",
        ),
    )
    text, ok = check_command(path, verbose=True)
    assert not ok
    totals = {line.split(" (")[0].strip(): line for line in text.splitlines() if ": total:" in line}
    assert totals["NS pair 2"].endswith(
        "total: theirs 10.90, ours 9.9 — their total is not the sum of their own "
        "traveller figures: their own figures for this pair's 3 traveller lines add up to 9.9"
    )
    assert totals["NS pair 1"].endswith("total: theirs 4.00, ours 3 — follows from the differences above")


def _teams_audit(tmp_path, *replacements):
    """The audit of the invented Swiss teams file scored on the discrete scale (no search: the reason
    a figure is given by the audit itself)."""
    from generator.check import audit
    from generator.readers import read_sessions
    from generator.scoring.options import ScoringOptions
    from generator.scoring.session import score_session

    path = (
        _variant(tmp_path, FIXTURES / "usebio/swiss_teams.xml", *replacements)
        if replacements
        else FIXTURES / "usebio/swiss_teams.xml"
    )
    session = read_sessions(path)[0]
    return audit(score_session(session, ScoringOptions(vp_scale="discrete")))


def test_another_vp_scale_is_named_when_that_scale_gives_their_figure(tmp_path):
    """Round 1, Otters v Badgers: their 12.61 - 7.39 is the WBF continuous scale's figure for our margin;
    ours on the discrete scale is 13 - 7."""
    a = _teams_audit(tmp_path)
    vps = [d for d in a.differences if d.what.endswith("VPs")]
    assert vps and all(d.reason == "another VP scale" and "WBF continuous" in d.detail for d in vps)


def test_vps_no_scale_gives_are_not_blamed_on_a_scale(tmp_path):
    """15.50 - 4.50 is neither scale's figure for our margin: their IMPs may differ; no scale is named."""
    a = _teams_audit(
        tmp_path,
        (
            "<TEAM_SCORE>12.61</TEAM_SCORE><OPPOSING_TEAM_SCORE>7.39</OPPOSING_TEAM_SCORE>",
            "<TEAM_SCORE>15.50</TEAM_SCORE><OPPOSING_TEAM_SCORE>4.50</OPPOSING_TEAM_SCORE>",
        ),
    )
    vps = [d for d in a.differences if d.what.endswith("VPs")]
    assert len(vps) == 2 and all(d.reason != "another VP scale" for d in vps)
    assert vps[0].reason == ""

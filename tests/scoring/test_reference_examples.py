"""Worked numbers from the scoring rules' published sources (other than the seeds)."""

from fractions import Fraction

from generator.model import Artificial, ScoringMethod
from generator.scoring.rounding import decimal_places
from tests.helpers.builders import line_value, one_board, values_by_score, weighted

BUTLER, XIMP = ScoringMethod.BUTLER, ScoringMethod.CROSS_IMPS


def test_matchpoints_ten_tables_with_ties():
    # NS +400 x2, +150, +120 x3, -50 x4 -> 17, 14, 10, 3 (top 18, total 90)
    result = one_board([400, 400, 150, 120, 120, 120, -50, -50, -50, -50])
    assert values_by_score(result) == {400: 17, 150: 14, 120: 10, -50: 3}
    assert sum(l.ns.value for l in result.boards[0].lines) == 90


def test_matchpoints_three_way_tie_averages():
    # +680 x3 among 11 results shares (16 + 14 + 12) / 3 = 14
    result = one_board([1430, 690, 680, 680, 680, 660, 660, 650, -100, -100, -200])
    assert values_by_score(result) == {1430: 20, 690: 18, 680: 14, 660: 9, 650: 6, -100: 3, -200: 0}


def test_acbl_units_halve_the_figures():
    result = one_board([400, 400, 150, 120, 120, 120, -50, -50, -50, -50], matchpoint_units="acbl")
    assert values_by_score(result) == {400: Fraction(17, 2), 150: 7, 120: 5, -50: Fraction(3, 2)}
    assert result.boards[0].top == 9
    # Neuberg in ACBL units: E = 7, A = 6, M = 2 -> (2 + 1/2) x 7/6 - 1/2 = 2.4167
    short = one_board([500, 400, 300, 200, 100, 0], expected_results=7, matchpoint_units="acbl")
    assert values_by_score(short)[200] == Fraction(5, 2) * Fraction(7, 6) - Fraction(1, 2)


def test_neuberg_seven_of_six():
    # E = 7, A = 6: M = 4 -> (4 + 1) x 7/6 - 1 = 4.8333; M = 9 (a shared top) -> 10.6667
    result = one_board([500, 500, 400, 300, 200, 100], expected_results=7)
    values = values_by_score(result)
    assert values[300] == Fraction(29, 6)
    assert values[500] == Fraction(32, 3)
    assert (decimal_places(values[300], 4), decimal_places(values[500], 4)) == ("4.8333", "10.6667")


def test_weighted_score_thirteen_tables():
    # 12 results +110 x5, +50 x3, -50 x2, -110 x2; TD awards 60% of +110 and 40% of -50.
    result = one_board([110] * 5 + [50] * 3 + [-50] * 2 + [-110] * 2 + [weighted((60, 110), (40, -50))])
    assert {s: decimal_places(v, 1) for s, v in values_by_score(result).items()} == {
        110: "19.4",
        50: "10.8",
        -50: "5.4",
        -110: "1.0",
    }
    assert decimal_places(line_value(result, 13), 1) == "13.8"
    assert decimal_places(line_value(result, 13, "ew"), 1) == "10.2"


def test_split_score_cross_imps():
    # Four results, and table 5 with NS {-110: 1/2, +50: 1/2} and EW {+170: 1/2, +120: 1/2}; divided by comparisons.
    result = one_board([-110, 50, 170, 120, (weighted((50, -110), (50, 50)), weighted((50, 170), (50, 120)))], XIMP)
    ns = [line_value(result, t) for t in range(1, 5)]
    ew = [line_value(result, t, "ew") for t in range(1, 5)]
    assert ns == [Fraction(-19, 4), Fraction(1, 4), Fraction(17, 4), Fraction(5, 2)]
    assert ew == [Fraction(47, 8), Fraction(7, 8), Fraction(-13, 4), Fraction(-5, 4)]
    assert line_value(result, 5) == Fraction(-9, 4) and line_value(result, 5, "ew") == Fraction(-9, 4)
    assert result.boards[0].ew_frequencies is not None


def test_butler_datum_without_and_with_trimming():
    result = one_board([980] * 3 + [480] * 11 + [450] * 7 + [-50], BUTLER)
    assert result.boards[0].datum == 510  # mean 514.545
    assert values_by_score(result) == {980: 10, 480: -1, 450: -2, -50: -11}
    trimmed = one_board([620] * 4 + [170] * 3, BUTLER, butler_trim="1")
    assert trimmed.boards[0].datum == 440
    assert values_by_score(trimmed) == {620: 5, 170: -7}


def test_butler_percentage_trim_and_datum_rounding_rules():
    # 10% of 20 results = 2 off each end
    scores = [1000, 1000] + [400] * 16 + [-500, -500]
    assert one_board(scores, BUTLER, butler_trim="10%").boards[0].datum == 400
    assert one_board([420, 430], BUTLER).boards[0].datum == 430  # 425, half away from zero
    assert one_board([420, 430], BUTLER, datum_rounding="half-even").boards[0].datum == 420
    assert one_board([430, 440], BUTLER, datum_rounding="half-even").boards[0].datum == 440
    assert one_board([-420, -430], BUTLER).boards[0].datum == -430
    assert one_board([420, 430], BUTLER, datum_rounding="exact").boards[0].datum == 425


def test_cross_imp_divisors():
    scores = [450, 200, 420, 200, -50, 590]
    assert line_value(one_board(scores, XIMP, cross_imp_divisor="total"), 3) == 16
    assert line_value(one_board(scores, XIMP), 3) == Fraction(16, 5)
    assert line_value(one_board(scores, XIMP, cross_imp_divisor="scores"), 3) == Fraction(16, 6)


def test_artificial_scores_in_imps():
    scores = [450, 200, 420, 200, -50]
    plus = Artificial.from_percent(60)
    assert line_value(one_board(scores + [plus], BUTLER), 6) == 3
    assert line_value(one_board(scores + [plus], XIMP), 6) == 3
    assert line_value(one_board(scores + [plus], XIMP, cross_imp_divisor="total"), 6) == 15  # 3 x (results - 1)
    assert line_value(one_board(scores + [Artificial.from_percent(40)], XIMP), 6) == -3


def test_artificial_split_sixty_forty_in_matchpoints():
    from generator.model import ArtificialKind

    result = one_board([420, 400, 450, (Artificial.from_percent(60), Artificial.from_percent(40))])
    assert result.boards[0].top == 6 and result.boards[0].actual == 3
    assert line_value(result, 4) == Fraction(36, 10) and line_value(result, 4, "ew") == Fraction(24, 10)
    assert Artificial.from_percent(70).kind is ArtificialKind.FIXED


def test_passed_out_board_is_matchpointed_as_zero():
    result = one_board([0, 0, -50, 110])
    assert values_by_score(result) == {110: 6, 0: 3, -50: 0}


def test_wbf_acbl_small_group_rule():
    # WBF 1991 / ACBLscore: two results get 65 % and 55 % of the top; three or more are Neuberg-factored.
    two = one_board([450, 420], expected_results=6, small_groups="acbl")
    assert values_by_score(two) == {450: Fraction(65, 10), 420: Fraction(55, 10)}
    one = one_board([450], expected_results=6, small_groups="acbl")
    assert values_by_score(one) == {450: 6} and values_by_score(one, "ew") == {450: 6}  # 60 % each
    three = one_board([450, 420, 400], expected_results=10, small_groups="acbl")
    assert three.boards[0].lines[0].ns.explanation.method == "neuberg"


def test_neuberg_rounding_rules():
    # E = 11, A = 9 (nine different scores): the best gets (16 + 1) x 11/9 - 1 = 19.777...
    scores = [520, 500, 490, 480, 460, 450, 430, 420, 400]
    exact = values_by_score(one_board(scores, expected_results=11))
    assert exact[520] == Fraction(178, 9)
    assert values_by_score(one_board(scores, expected_results=11, neuberg_rounding="acbl"))[520] == Fraction(1978, 100)
    assert values_by_score(one_board(scores, expected_results=11, neuberg_rounding="ebu"))[520] == Fraction(198, 10)
    # A half goes toward the average (4) under the EBU rule: E = 5, A = 4 gives 7.75, 5.25, 2.75, 0.25 exactly
    halves = one_board([450, 420, 400, 380], expected_results=5)
    assert values_by_score(halves) == {
        450: Fraction(775, 100),
        420: Fraction(525, 100),
        400: Fraction(275, 100),
        380: Fraction(25, 100),
    }
    ebu = one_board([450, 420, 400, 380], expected_results=5, neuberg_rounding="ebu")
    assert values_by_score(ebu) == {
        450: Fraction(77, 10),
        420: Fraction(52, 10),
        400: Fraction(28, 10),
        380: Fraction(3, 10),
    }
    assert values_by_score(ebu, "ew") == {
        450: Fraction(3, 10),
        420: Fraction(28, 10),
        400: Fraction(52, 10),
        380: Fraction(77, 10),
    }


def test_neuberg_truncate_cuts_down_to_one_decimal_and_says_so():
    # E = 5, A = 4: exactly 7.75, 5.25, 2.75, 0.25 (above); Bridge NZ Scorer cuts each to 0.1:
    # 7.7, 5.2, 2.7, 0.2 -- the top's halves no longer sum to 8 on the board (7.7 + 0.2 = 7.9).
    cut = one_board([450, 420, 400, 380], expected_results=5, neuberg_rounding="truncate")
    assert values_by_score(cut) == {
        450: Fraction(77, 10),
        420: Fraction(52, 10),
        400: Fraction(27, 10),
        380: Fraction(2, 10),
    }
    steps = [s.summary for s in cut.boards[0].lines[0].ns.explanation.steps]
    assert any("7.75 rounded down to one decimal (the rest cut off): 7.7" in t for t in steps), steps

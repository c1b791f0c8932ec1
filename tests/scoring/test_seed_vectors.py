"""Every worked example of the five seed documents, with their numbers written here.

The seeds are the specification; each test names the seed and section it reproduces.
Printed figures are rounded to the seed's precision (one decimal for matchpoints).
"""

from __future__ import annotations

from fractions import Fraction

from generator.model import (
    Artificial,
    Board,
    Direction,
    Pair,
    PairRef,
    Play,
    Scored,
    ScoringMethod,
    Section,
    Session,
    TravellerLine,
)
from generator.scoring.contract import Contract, Seat, board_vulnerability, ns_score
from generator.scoring.explain import fmt
from generator.scoring.imps import imps
from generator.scoring.options import ScoringOptions
from generator.scoring.rounding import decimal_places, round_half_away, round_to_ten, round_weighted_aggregate
from generator.scoring.session import score_session
from generator.scoring.teams import weighted_board_imps
from tests.helpers.builders import line_value, one_board, values_by_score, weighted

MP, BUTLER, XIMP = ScoringMethod.MATCHPOINTS, ScoringMethod.BUTLER, ScoringMethod.CROSS_IMPS

# Seed 000 §4: a board played 12 times; 11 real results and one weighted assigned score.
FIELD_11 = [1430] * 2 + [680] * 5 + [650] * 2 + [-100] * 2
WEIGHTED_650 = weighted((30, 1430), (40, 680), (20, 650), (10, -100))
WEIGHTED_620 = weighted((30, 1430), (40, 680), (20, 620), (10, -100))  # Appendix 1: +620 occurs nowhere else


def one_dp(values: dict[int, Fraction]) -> dict[int, str]:
    return {score: decimal_places(v, 1) for score, v in values.items()}


# ---- seed 000 §2 and §3: aggregate and teams -------------------------------------------


def test_seed000_s2_aggregate_weighted_232_rounded_to_230():
    exact = Fraction(6, 10) * 420 + Fraction(4, 10) * -50
    assert exact == 232
    assert round_weighted_aggregate(exact, "ten") == 230
    result = one_board([weighted((60, 420), (40, -50))], ScoringMethod.AGGREGATE, weighted_aggregate_rounding="ten")
    assert line_value(result, 1) == 230
    assert line_value(result, 1, "ew") == -230


def test_seed000_s3_teams_weighted_imps_2_2_rounded_to_2():
    # 60% 4H= +420, 40% 4H-1 -50, other table 3H= +140: IMP each component, then weight.
    value, explanation = weighted_board_imps(weighted((60, 420), (40, -50)), Scored.of(Play(140)), ScoringOptions())
    assert value == Fraction(22, 10)
    assert [c["imps"] for c in explanation.steps[0].values["components"]] == [7, -5]
    rounded, _ = weighted_board_imps(
        weighted((60, 420), (40, -50)), Scored.of(Play(140)), ScoringOptions(weighted_imp_rounding="integer")
    )
    assert rounded == 2


# ---- seed 000 §4: matchpoints ----------------------------------------------------------------


def test_seed000_s4_1_factored_frequencies_and_matchpoints():
    result = one_board(FIELD_11 + [WEIGHTED_650])
    board = result.boards[0]
    assert [(r.ns_score, decimal_places(r.factored, 1)) for r in board.frequencies] == [
        (1430, "2.3"),
        (680, "5.4"),
        (650, "2.2"),
        (-100, "2.1"),
    ]
    assert one_dp(values_by_score(result)) == {1430: "20.7", 680: "13.0", 650: "5.4", -100: "1.1"}
    # (0.3 x 20.7) + (0.4 x 13.0) + (0.2 x 5.4) + (0.1 x 1.1) = 12.6
    assert line_value(result, 12) == Fraction(126, 10)
    assert board.top == 22


def test_seed000_s4_2_average_instead_of_weighted_gives_neuberg_figures():
    result = one_board(FIELD_11 + [Artificial.from_percent(50)])
    assert one_dp(values_by_score(result)) == {1430: "20.8", 680: "13.2", 650: "5.5", -100: "1.2"}
    rounded = {s: Fraction(decimal_places(v, 1)) for s, v in values_by_score(result).items()}
    alt = (
        Fraction(3, 10) * rounded[1430]
        + Fraction(4, 10) * rounded[680]
        + Fraction(2, 10) * rounded[650]
        + Fraction(1, 10) * rounded[-100]
    )
    assert decimal_places(alt, 1) == "12.7"
    assert line_value(result, 12) == 11  # A= is 50% of 22; the scorer then adds 1.7
    assert decimal_places(alt - 11, 1) == "1.7"


# ---- seed 000 §5: Butler ------------------------------------------------------------------------


def test_seed000_s5_1_butler_datum_imps_and_weighted():
    result = one_board(FIELD_11 + [WEIGHTED_650], BUTLER)
    board = result.boards[0]
    datum_steps = {s.rule: s for s in board.explanation.steps}
    assert datum_steps["butler.datum"].values["total"] == 8181
    assert datum_steps["butler.datum"].values["mean"] == Fraction(68175, 100)
    assert board.datum == 680
    assert values_by_score(result) == {1430: 13, 680: 0, 650: -1, -100: -13}
    assert line_value(result, 12) == Fraction(24, 10)
    assert round_half_away(line_value(result, 12)) == 2
    assert one_board(FIELD_11 + [WEIGHTED_650], BUTLER, weighted_imp_rounding="integer") is not None
    assert line_value(one_board(FIELD_11 + [WEIGHTED_650], BUTLER, weighted_imp_rounding="integer"), 12) == 2


def test_seed000_s5_1_butler_datum_one_score_dropped_from_each_end():
    result = one_board(FIELD_11 + [WEIGHTED_650], BUTLER, butler_trim="1")
    steps = {s.rule: s for s in result.boards[0].explanation.steps}
    # (+1430 x 1.3) + (+680 x 5.4) + (+650 x 2.2) + (-100 x 1.1), divided by 10
    expected_total = Fraction(1430 * 13 + 680 * 54 + 650 * 22 - 100 * 11, 10)
    assert steps["butler.datum"].values["total"] == expected_total
    assert steps["butler.datum"].values["mass"] == 10
    kept = {row["score"]: row["kept"] for row in steps["butler.frequencies"].values["rows"]}
    assert kept == {1430: Fraction(13, 10), 680: Fraction(54, 10), 650: Fraction(22, 10), -100: Fraction(11, 10)}
    assert result.boards[0].datum == round_to_ten(expected_total / 10)


def test_seed000_s5_2_butler_with_average_gives_same_imps():
    result = one_board(FIELD_11 + [Artificial.from_percent(50)], BUTLER)
    assert values_by_score(result) == {1430: 13, 680: 0, 650: -1, -100: -13}
    assert line_value(result, 12) == 0


# ---- seed 000 §6: cross-IMPs ----------------------------------------------------------------------


def test_seed000_s6_1_cross_imps_weighted():
    result = one_board(FIELD_11 + [WEIGHTED_650], XIMP, cross_imp_divisor="total")
    assert one_dp(values_by_score(result)) == {1430: "134.5", 680: "-0.4", 650: "-8.0", -100: "-137.9"}
    assert decimal_places(line_value(result, 12), 1) == "24.8"
    assert line_value(result, 12) == Fraction(40_35 - 16 - 160 - 13_79, 100)  # 40.35 - 0.16 - 1.6 - 13.79


def test_seed000_s6_2_cross_imps_with_average_are_factored_by_e_over_a():
    result = one_board(FIELD_11 + [Artificial.from_percent(50)], XIMP, cross_imp_divisor="total")
    values = values_by_score(result)
    # The seed prints +2.18 and -5.45 (12/11 x 2 and 12/11 x -5). Its "+136.25" for +1430 is a
    # misprint: the same factoring gives 12/11 x 125 = 136.36.
    assert decimal_places(values[680], 2) == "2.18"
    assert decimal_places(values[650], 2) == "-5.45"
    assert values[1430] == Fraction(125 * 12, 11) and values[-100] == -values[1430]
    assert line_value(result, 12) == 0


# ---- seed 000 Appendix 1: a weighted component that occurs nowhere else -----------------------------


def test_seed000_appendix1_matchpoints():
    result = one_board(FIELD_11 + [WEIGHTED_620])
    board = result.boards[0]
    assert [(r.ns_score, decimal_places(r.factored, 1), r.occurs) for r in board.frequencies] == [
        (1430, "2.3", True),
        (680, "5.4", True),
        (650, "2.0", True),
        (620, "0.2", False),
        (-100, "2.1", True),
    ]
    assert one_dp(values_by_score(result)) == {1430: "20.7", 680: "13.0", 650: "5.6", 620: "3.4", -100: "1.1"}
    assert line_value(result, 12) == Fraction(122, 10)  # 6.21 + 5.2 + 0.68 + 0.11


def test_seed000_appendix1_butler():
    result = one_board(FIELD_11 + [WEIGHTED_620], BUTLER)
    steps = {s.rule: s for s in result.boards[0].explanation.steps}
    assert steps["butler.datum"].values["total"] == 8175
    assert steps["butler.datum"].values["mean"] == Fraction(68125, 100)
    assert result.boards[0].datum == 680
    assert values_by_score(result) == {1430: 13, 680: 0, 650: -1, 620: -2, -100: -13}
    assert line_value(result, 12) == Fraction(22, 10)


def test_seed000_appendix1_cross_imps():
    result = one_board(FIELD_11 + [WEIGHTED_620], XIMP, cross_imp_divisor="total")
    assert one_dp(values_by_score(result)) == {1430: "134.5", 680: "-0.2", 650: "-7.8", 620: "-17.5", -100: "-137.7"}
    assert decimal_places(line_value(result, 12), 1) == "23.0"


def test_seed000_appendix1_alternative_figures_for_the_missing_component():
    # Replacing the A= with +620 gives +620 4 MPs and -14 total cross-IMPs.
    mp = one_board(FIELD_11 + [620])
    assert values_by_score(mp)[620] == 4
    ximp = one_board(FIELD_11 + [620], XIMP, cross_imp_divisor="total")
    assert values_by_score(ximp)[620] == -14


# ---- seed 000 Appendix 2: frequency tables -----------------------------------------------------------


def test_seed000_appendix2_normal_traveller():
    result = one_board([600, 150, -100, -100, -200, -300])
    assert values_by_score(result) == {600: 10, 150: 8, -100: 5, -200: 2, -300: 0}
    assert values_by_score(result, "ew") == {600: 0, 150: 2, -100: 5, -200: 8, -300: 10}


def test_seed000_appendix2_average_replaces_a_result():
    result = one_board([600, Artificial.from_percent(50), -100, -100, -200, -300])
    board = result.boards[0]
    assert [(r.ns_score, r.factored) for r in board.frequencies] == [
        (600, Fraction(6, 5)),
        (-100, Fraction(12, 5)),
        (-200, Fraction(6, 5)),
        (-300, Fraction(6, 5)),
    ]
    assert values_by_score(result) == {
        600: Fraction(98, 10),
        -100: Fraction(62, 10),
        -200: Fraction(26, 10),
        -300: Fraction(2, 10),
    }
    assert values_by_score(result, "ew") == {
        600: Fraction(2, 10),
        -100: Fraction(38, 10),
        -200: Fraction(74, 10),
        -300: Fraction(98, 10),
    }
    assert line_value(result, 2) == 5 and line_value(result, 2, "ew") == 5
    # Neuberg's formula on the unfactored award of +600 (8): 6/5 x (8 + 1) - 1 = 9.8
    neuberg = next(s for s in board.lines[0].ns.explanation.steps if s.rule == "neuberg.formula")
    assert (neuberg.values["M"], neuberg.values["E"], neuberg.values["A"], neuberg.values["result"]) == (
        8,
        6,
        5,
        Fraction(98, 10),
    )


# ---- seed 001: the Neuberg formula --------------------------------------------------------------------


def test_seed001_ten_results_where_eleven_expected():
    result = one_board([520, 500, 490, 480, 460, 450, 430, 420, 400, -50], expected_results=11)
    assert [decimal_places(v, 1) for v in values_by_score(result).values()] == [
        "19.9",
        "17.7",
        "15.5",
        "13.3",
        "11.1",
        "8.9",
        "6.7",
        "4.5",
        "2.3",
        "0.1",
    ]
    assert result.boards[0].top == 20


def test_seed001_eight_results_where_sixteen_expected():
    result = one_board([490, 460, 460, 430, 430, 430, 400, -50], expected_results=16)
    assert values_by_score(result) == {490: 29, 460: 23, 430: 13, 400: 5, -50: 1}
    # unfactored 14, 11, 6, 2, 0 (top 14): (M x E + (E - A)) / A
    for m, factored in [(14, 29), (11, 23), (6, 13), (2, 5), (0, 1)]:
        assert Fraction(m * 16 + (16 - 8), 8) == factored


def _seed001_final_session(**options: object) -> dict[str, Fraction]:
    """26 boards, a top of 100 (51 results); pair X (NS 1) plays boards 1-24 and 26, pair Y (NS 2) 1-25.

    Boards 1-24: every table scores the same, so everyone gets 50%.  Board 25: Y gets 65%.
    Board 26 is played only 11 times and X has the top there.
    """
    ns = lambda n: PairRef("", n, Direction.NS)  # noqa: E731
    ew = lambda n: PairRef("", n, Direction.EW)  # noqa: E731
    r = lambda s: Scored.of(Play(s))  # noqa: E731
    boards = []
    for number in range(1, 25):
        boards.append(Board(number, tuple(TravellerLine(ns(t), ew(t), r(420), r(420)) for t in range(1, 52))))
    # board 25, X (table 1) does not play it: table 2 = Y scores 500; one other 500; 32 lower; 17 higher.
    scores_25 = [500, 500] + [100] * 32 + [600] * 17
    boards.append(Board(25, tuple(TravellerLine(ns(t), ew(t), r(s), r(s)) for t, s in zip(range(2, 53), scores_25))))
    scores_26 = [620] + [170 - 10 * i for i in range(10)]
    tables_26 = [1] + list(range(3, 13))
    boards.append(Board(26, tuple(TravellerLine(ns(t), ew(t), r(s), r(s)) for t, s in zip(tables_26, scores_26))))
    pairs = tuple(Pair(ref(n)) for n in range(1, 53) for ref in (ns, ew))
    session = Session("seed 001", MP, sections=(Section("", pairs, 2),), boards=tuple(boards))
    result = score_session(session, ScoringOptions().with_overrides(options))
    return {
        "X": result.standing(ns(1)).percentage,
        "Y": result.standing(ns(2)).percentage,
        "X26": result.board(26).lines[0].ns.value,
        "Y25": next(l.ns.value for l in result.board(25).lines if l.line.ns_pair == ns(2)),
    }


def test_seed001_final_example_neuberg_makes_the_top_worth_96_4_percent():
    figures = _seed001_final_session(neuberg_rounding="ebu")
    assert figures["X26"] == Fraction(964, 10)  # [(20 x 51) + (51 - 11)] / 11 = 96.36 -> 96.4
    assert figures["Y25"] == 65
    assert decimal_places(figures["X"], 2) == "51.86"  # (24 x 50 + 96.4) / 2500
    assert decimal_places(figures["Y"], 2) == "50.60"  # (24 x 50 + 65) / 2500
    exact = _seed001_final_session()
    assert exact["X26"] == Fraction(20 * 51 + 51 - 11, 11)


def test_seed001_method_b_without_neuberg_lets_y_beat_x():
    figures = _seed001_final_session(neuberg=False)
    assert figures["X26"] == 20
    assert decimal_places(figures["X"], 2) == "50.41"  # 1220 / 2420
    assert decimal_places(figures["Y"], 2) == "50.60"
    assert figures["Y"] > figures["X"]


def test_seed001_final_example_as_a_mean_of_board_percentages():
    """The seed adds Y's board percentages, (24 x 50%) + (1 x 65%) = 1265% out of 2500% = 50.6%, and
    calls X's top on board 26 "100% on the board": with every board counting the same (option
    session_percentage: board-mean, Neuberg off) X is back in front, (24 x 50% + 100%) / 25 = 52%."""
    figures = _seed001_final_session(neuberg=False, session_percentage="board-mean")
    assert figures["X26"] == 20  # the top of 20 on the board of 11 results: 100%
    assert figures["X"] == 52
    assert figures["Y"] == Fraction(1265, 25) and decimal_places(figures["Y"], 1) == "50.6"
    assert figures["X"] > figures["Y"]


def test_seed001_with_neuberg_both_session_percentages_agree():
    """Neuberg gives every board the top of 100, so ΣMP / Σtop and the mean of board % are the same:
    (24 x 50 + 96.4) / 2500 = 51.86% either way."""
    total = _seed001_final_session(neuberg_rounding="ebu")
    mean = _seed001_final_session(neuberg_rounding="ebu", session_percentage="board-mean")
    assert (mean["X"], mean["Y"]) == (total["X"], total["Y"])
    assert mean["X"] == Fraction(12964, 250) and decimal_places(mean["X"], 2) == "51.86"


# ---- seed 002: cross-IMPs on a real traveller -----------------------------------------------------------

SEED002 = [  # NS, EW, contract, declarer, tricks, NS score printed
    (3, 6, "4♥", "E", 8, 100),
    (4, 5, "2♠", "N", 6, -200),
    (7, 1, "3NT", "E", 10, -430),
    (9, 8, "3NT", "E", 10, -430),
    (10, 2, "5♦", "W", 10, 50),
]


def test_seed002_raw_scores_of_board_15():
    assert board_vulnerability(15) == "NS"
    for _, _, contract, by, tricks, printed in SEED002:
        assert ns_score(Contract.parse(contract), Seat.parse(by), tricks, board_vulnerability(15)) == printed


def test_seed002_cross_imp_totals_and_division_by_comparisons():
    scores = [row[5] for row in SEED002]
    total = one_board(scores, XIMP, board=15, cross_imp_divisor="total")
    assert [line_value(total, t) for t in range(1, 6)] == [31, -1, -27, -27, 24]
    assert [line_value(total, t, "ew") for t in range(1, 6)] == [-31, 1, 27, 27, -24]
    divided = one_board(scores, XIMP, board=15)
    assert line_value(divided, 2) == Fraction(-1, 4)  # "divided by the number of scores compared (4)"
    rows = next(s for s in divided.boards[0].lines if s.line.ns_pair.number == 2).ns.explanation.steps[0].values["rows"]
    assert sorted((r["against"], r["imps"]) for r in rows) == [(-430, 6), (50, -6), (100, -7)]


# ---- seed 003: matchpoints on a club traveller ------------------------------------------------------------

SEED003_BOARD = [  # NS, EW, contract, by, tricks, NS score, NS MP, EW MP
    (1, 1, "3♠", "N", 10, 170, 9, 5),
    (2, 3, "4♠", "N", 10, 420, 14, 0),
    (3, 5, "4♥", "E", 8, 100, 4, 10),
    (4, 7, "3♥", "E", 9, -140, 0, 14),
    (5, 8, "3♥", "E", 8, 50, 2, 12),
    (6, 2, "3♠", "N", 10, 170, 9, 5),
    (7, 4, "3♠", "N", 9, 140, 6, 8),
    (8, 6, "4♥X", "E", 8, 300, 12, 2),
]


def test_seed003_first_board_scores_and_matchpoints():
    # The seed's board is not numbered; every contract scores as shown with neither side vulnerable.
    for _, _, contract, by, tricks, score, _, _ in SEED003_BOARD:
        assert ns_score(Contract.parse(contract), Seat.parse(by), tricks, "None") == score
    result = one_board([row[5] for row in SEED003_BOARD])
    for table, row in enumerate(SEED003_BOARD, start=1):
        assert (line_value(result, table), line_value(result, table, "ew")) == (row[6], row[7])


def test_seed003_second_board_ten_points_make_a_top():
    result = one_board([420, 420, 430, 420, 420, 420, 420, 420])
    assert [line_value(result, t) for t in range(1, 9)] == [6, 6, 14, 6, 6, 6, 6, 6]
    assert [line_value(result, t, "ew") for t in range(1, 9)] == [8, 8, 0, 8, 8, 8, 8, 8]
    assert ns_score(Contract.parse("3NT"), Seat.N, 10, "None") == 430


# ---- seed 004: Neuberg's small print --------------------------------------------------------------------


def test_seed004_three_results_where_ten_expected_by_the_formula():
    # The seed prints "16.7 out of 18"; its own formula ((M x E) + (E - A)) / A gives (4 x 10 + 7) / 3 = 15.67.
    result = one_board([450, 420, 400], expected_results=10, neuberg_rounding="ebu")
    assert values_by_score(result)[450] == Fraction(157, 10)
    assert result.boards[0].top == 18
    exact = one_board([450, 420, 400], expected_results=10)
    assert values_by_score(exact)[450] == Fraction(47, 3)


def test_seed004_neuberg_only_for_a_over_3_or_a_over_e_over_3():
    # A = 3, E = 10: 3 <= 3 and 3 <= 10/3, so the EBU rule scores 70/60/50 % of the top instead.
    small = one_board([450, 420, 400], expected_results=10, small_groups="ebu")
    assert values_by_score(small) == {450: Fraction(126, 10), 420: Fraction(108, 10), 400: 9}
    assert small.boards[0].lines[0].ns.explanation.method == "small_group"
    # A = 4 > 3: Neuberg again.
    four = one_board([450, 420, 400, 380], expected_results=10, small_groups="ebu")
    assert four.boards[0].lines[0].ns.explanation.method == "neuberg"
    # A = 3, E = 8: 3 > 8/3, Neuberg.
    assert (
        one_board([450, 420, 400], expected_results=8, small_groups="ebu").boards[0].lines[0].ns.explanation.method
        == "neuberg"
    )


def test_seed004_pair_of_two_results_gets_65_and_55_percent():
    result = one_board([450, 420], expected_results=6, small_groups="ebu")
    assert values_by_score(result) == {450: Fraction(65, 10), 420: Fraction(55, 10)}
    assert values_by_score(result, "ew") == {450: Fraction(55, 10), 420: Fraction(65, 10)}


def test_imps_scale_examples_from_the_seeds():
    assert [imps(d) for d in (280, -190, 750, 0, -30, -780, 300, 230, -250, 720, 30)] == [
        7,
        -5,
        13,
        0,
        -1,
        -13,
        7,
        6,
        -6,
        12,
        1,
    ]
    assert fmt(Fraction(68175, 100)) == "681.75"

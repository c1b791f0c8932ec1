"""Explanations carry numbers that reproduce the figure they explain."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.model import Artificial, ScoringMethod
from generator.scoring.imps import imps
from tests.helpers.builders import one_board, weighted

SCORES = st.sampled_from([-1430, -620, -420, -200, -100, -50, 0, 50, 90, 110, 140, 420, 450, 620, 650, 1430])


def _steps(side):
    return {s.rule: s for s in side.explanation.steps}


@settings(max_examples=80, deadline=None)
@given(st.lists(SCORES, min_size=2, max_size=12), st.integers(0, 4))
def test_matchpoint_explanations_reproduce_the_figure(scores, missing):
    result = one_board(scores, expected_results=len(scores) + missing)
    for line in result.boards[0].lines:
        for side in (line.ns, line.ew):
            steps = _steps(side)
            compare = steps["matchpoints.compare"].values
            assert 2 * compare["beaten"] + compare["tied"] == side.value
            assert steps["matchpoints.formula"].values["matchpoints"] == side.value
            assert steps["matchpoints.percentage"].values["percent"] == side.value * 100 / result.boards[0].top
            if missing:
                n = steps["neuberg.formula"].values
                assert (n["M"] + 1) * Fraction(n["E"], n["A"]) - 1 == side.value
                assert n["E"] == len(scores) + missing and n["A"] == len(scores)


def test_explanation_names_the_results_beaten_and_the_factor():
    result = one_board([620, 420, 420, 170, Artificial.from_percent(60)])
    line = next(l for l in result.boards[0].lines if l.line.ns_pair.number == 2)
    compare = _steps(line.ns)["matchpoints.compare"]
    assert compare.values["beaten_scores"] == [170]
    assert compare.values["factor"] == Fraction(5, 4)
    # Issue 11 item 5: what happened on the results played, then the scaling, once.
    assert compare.summary == "on the 4 results played, North-South +420 beat 1 result and tied with 1 other"
    assert _steps(line.ns)["matchpoints.formula"].summary == "2 × 1 + 1 = 3 of a top of 6"
    assert (
        _steps(line.ns)["neuberg.formula"].summary
        == "scaled to the 5 results expected (Neuberg): (3 + 1) × 5 / 4 − 1 = 4 of a top of 8"
    )
    plus = result.boards[0].lines[-1].ns
    assert _steps(plus)["artificial.award"].summary == (
        "Average-plus (60%) to North-South, the director's ruling (the board was not played normally): "
        "60% × 8 = 4.8 matchpoints"
    )


def test_weighted_explanation_lists_each_component_and_its_product():
    result = one_board(
        [1430] * 2 + [680] * 5 + [650] * 2 + [-100] * 2 + [weighted((30, 1430), (40, 680), (20, 650), (10, -100))]
    )
    side = result.boards[0].lines[-1].ns
    components = _steps(side)["weighted.component"].values["components"]
    assert [(c["weight"], c["score"]) for c in components] == [
        (Fraction(3, 10), 1430),
        (Fraction(4, 10), 680),
        (Fraction(2, 10), 650),
        (Fraction(1, 10), -100),
    ]
    assert sum(c["product"] for c in components) == side.value
    assert all(c["product"] == c["weight"] * c["value"] for c in components)


def test_cross_imp_explanation_lists_each_comparison_and_the_divisor():
    result = one_board([100, -200, -430, -430, 50], ScoringMethod.CROSS_IMPS, board=15)
    side = next(l for l in result.boards[0].lines if l.line.ns_pair.number == 1).ns
    steps = _steps(side)
    rows = steps["cross_imps.comparison"].values["rows"]
    assert [(r["against"], r["factored"], r["imps"]) for r in rows] == [(50, 1, 2), (-200, 1, 7), (-430, 2, 11)]
    assert all(r["imps"] == imps(r["difference"]) for r in rows)
    assert steps["cross_imps.comparison"].values["total"] == 31
    assert steps["cross_imps.divisor"].values["divisor"] == 4 and side.value == Fraction(31, 4)


def test_butler_explanation_carries_the_datum_arithmetic():
    result = one_board([980] * 3 + [480] * 11 + [450] * 7 + [-50], ScoringMethod.BUTLER)
    board = result.boards[0]
    steps = {s.rule: s for s in board.explanation.steps}
    assert (
        steps["butler.datum"].values["total"] / steps["butler.datum"].values["mass"]
        == steps["butler.datum"].values["mean"]
    )
    assert steps["butler.round"].values["datum"] == board.datum == 510
    side = board.lines[0].ns
    s = _steps(side)["butler.imps"].values
    assert s["difference"] == s["score"] - s["datum"] and s["imps"] == imps(s["difference"]) == side.value


def test_session_explanation_reproduces_the_percentage():
    result = one_board([420, 400, 450])
    standing = result.standings[0]
    steps = {s.rule: s for s in standing.explanation.steps}
    assert (
        steps["session.percentage"].values["total"] * 100 / steps["session.percentage"].values["available"]
        == standing.percentage
    )


def test_explanations_serialise_to_exact_decimal_strings():
    result = one_board([520, 500, 490, 480, 460, 450, 430, 420, 400, -50], expected_results=11)
    data = result.boards[0].lines[0].ns.explanation.to_dict()
    assert data["method"] == "neuberg" and data["result"] == "19.9"
    neuberg = next(s for s in data["steps"] if s["rule"] == "neuberg.formula")
    assert neuberg["values"] == {"M": "18", "E": "11", "A": "10", "result": "19.9"}


def test_explanations_are_shared_per_distinct_score():
    result = one_board([420] * 50 + [450] * 50)
    lines = result.boards[0].lines
    assert len({id(l.ns.explanation) for l in lines}) == 2

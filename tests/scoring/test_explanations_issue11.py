"""Issue 11: explanations a member can follow, and never a wrong statement (engine side)."""

from fractions import Fraction
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.model import Direction, Match, PairRef, Play, Scored, ScoringMethod, Session, Team, TeamsBoard
from generator.readers import read_sessions
from generator.scoring.options import ScoringOptions
from generator.scoring.session import score_session
from tests.helpers.builders import one_board, weighted

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "explanations"
SCORES = st.sampled_from([-620, -420, -100, -50, 50, 110, 140, 420, 450, 620])


def _steps(side):
    return {s.rule: s for s in side.explanation.steps}


def test_acbl_neuberg_step_is_written_in_acbl_units():
    """Item 1: (1 + 1) × 3 / 2 − 1 = 1.75 was printed for ACBL units; the figure is (M + ½) × E / A − ½."""
    result = one_board([420, 170], expected_results=3, matchpoint_units="acbl")
    top = result.boards[0].lines[0].ns
    step = _steps(top)["neuberg.formula"]
    assert step.summary == "scaled to the 3 results expected (Neuberg): (1 + ½) × 3 / 2 − ½ = 1.75 of a top of 2"
    assert top.value == Fraction(7, 4)  # 1 of a top of 1 on 2 results; 87.5 % of the full top of 2


@settings(max_examples=60, deadline=None)
@given(st.lists(SCORES, min_size=3, max_size=9), st.sampled_from(["ebu", "acbl"]), st.integers(0, 3))
def test_weighted_scenarios_give_the_engines_figure(scores, units, missing):
    """Item 6: the scenario view ('if it made: 8; if it failed: 3') is the same figure as the
    fractional-frequency method (seed 000 §4.1), on complete and short boards, in both units."""
    w = weighted((60, scores[0]), (40, scores[1]))
    result = one_board(scores[2:] + [w], expected_results=len(scores) - 1 + missing, matchpoint_units=units)
    line = result.boards[0].lines[-1]
    for side in (line.ns, line.ew):
        step = _steps(side)["weighted.component"]
        assert sum(c["weight"] * c["value"] for c in step.values["components"]) == side.value
        assert step.summary.startswith("the director weighted the possible results (each scored against the other")


def test_weighted_scenario_matches_the_reference_example():
    """scoring-rules §4 [EBL-W]: 12 results + a table given 60 % of +110, 40 % of −50:
    weighted NS = 0.6 × 19 + 0.4 × 6 = 13.8 (as scenarios)."""
    others = [110] * 5 + [50] * 3 + [-50] * 2 + [-110] * 2
    result = one_board(others + [weighted((60, 110), (40, -50))])
    side = result.boards[0].lines[-1].ns
    rows = _steps(side)["weighted.component"].values["components"]
    assert [r["value"] for r in rows] == [19, 6]
    assert side.value == Fraction(138, 10)
    assert (
        "if NS +110: 19 matchpoints; if NS -50: 6 matchpoints. 60% × 19 + 40% × 6 = 13.8 matchpoints"
        in _steps(side)["weighted.component"].summary
    )


def test_cross_imps_show_the_zero_comparisons():
    """Item 7: +90 against the other +90 is a comparison worth 0 IMPs, and it is shown."""
    result = one_board([90, 90, 420, -50], ScoringMethod.CROSS_IMPS)
    side = next(l for l in result.boards[0].lines if l.line.ns_pair.number == 1).ns
    step = _steps(side)["cross_imps.comparison"]
    assert [(r["against"], r["frequency"], r["imps"]) for r in step.values["rows"]] == [
        (420, 1, -8),
        (90, 1, 0),
        (-50, 1, 4),
    ]
    assert "1 × (−8) + 1 × 0 + 1 × (+4)".replace("−", "-") in step.summary
    assert (
        _steps(side)["cross_imps.divisor"].summary
        == "divided by the number of comparisons (results − 1): (-4) / 3 = -1.3333 IMPs"
    )


def test_butler_counts_the_results_played_and_says_the_rounding_in_words():
    """Item 4: 'datum from 4 results' on a board with 3; 'half-away' jargon; A- worth −3 IMPs."""
    from generator.model import Artificial

    result = one_board([420, 420, 170, Artificial.from_percent(40)], ScoringMethod.BUTLER)
    board = result.boards[0]
    steps = {s.rule: s.summary for s in board.explanation.steps}
    assert steps["butler.frequencies"] == "datum: the average NS score of the 3 results played"
    assert steps["butler.datum"] == "(420 × 2 + 170 × 1) / 3 = 1010 / 3 = 336.6667"
    assert steps["butler.round"] == "336.6667 rounded to the nearest 10 (a 5 goes away from zero): 340"
    # Issue 25 item 9: the table beside the sum shows the sum's own counts and products (the
    # frequencies 2 and 1, 420 × 2 = 840 and 170 × 1 = 170, 840 + 170 = 1010), not the factored
    # counts 2 × 4/3 = 8/3 and 4/3 (whose products 1120 and 226.67 add up to 1346.67 over 4).
    rows = next(s for s in board.explanation.steps if s.rule == "butler.frequencies").values["rows"]
    assert [(r["score"], r["count"], r["product"]) for r in rows] == [(420, 2, 840), (170, 1, 170)]
    assert [r["factored"] for r in rows] == [Fraction(8, 3), Fraction(4, 3)]
    minus = board.lines[-1].ns
    assert minus.value == -3
    # an award on an IMP board is not called '(40%)': its step states what it is worth in IMPs
    assert _steps(minus)["artificial.award"].summary == "Average-minus to North-South, the director's ruling: -3 IMPs"


LIONS = Team(1, "Lions")
TIGERS = Team(2, "Tigers")


def _match(home_ns, home_ew, **options):
    wrap = lambda x: x if isinstance(x, Scored) else Scored.of(Play(x))  # noqa: E731
    session = Session(
        "t",
        ScoringMethod.TEAMS,
        teams=(LIONS, TIGERS),
        matches=(Match(LIONS, TIGERS, (TeamsBoard(1, wrap(home_ns), wrap(home_ew)),)),),
    )
    return score_session(session, ScoringOptions().with_overrides(options)).matches[0].boards[0]


def test_teams_scores_are_shown_from_the_team_side_with_their_sign():
    """Item 2: '+140 (home team NS) − +170 (home team EW)' read as if Lions made +170 at the other table."""
    board = _match(140, 170)
    assert board.explanation.steps[0].summary == (
        "Lions scored +140 sitting North-South at one table and -170 sitting East-West at the other: "
        "+140 − 170 = -30 net: 1 IMP to Tigers (20–40 points on the IMP scale)"
    )
    row = board.explanation.steps[0].values["components"][0]
    assert (row["home_ns"], row["home_ew"], row["home_ew_own"]) == (140, 170, -170)


def test_aggregate_teams_weighted_board_is_in_points():
    """Item 3: 'each component is pointsed' and points stored as 'imps'."""
    board = _match(weighted((50, 620), (50, -100)), -600, teams_scoring="aggregate")
    step = board.explanation.steps[0]
    assert "pointsed" not in step.summary and "IMP" not in step.summary
    assert all("points" in r and "imps" not in r for r in step.values["components"])
    assert board.home == Fraction(1, 2) * 1220 + Fraction(1, 2) * 500


def test_scaled_total_for_a_pair_who_missed_a_board():
    """Item 10: pair 5 NS of the fixture missed board 2: 5.85 matchpoints on 5 of 6 boards;
    scaled 5.85 × 6 / 5 = 7.02; the percentage is unchanged; the option turns it off."""
    template = (FIXTURE / "pairs.yaml.in").read_text(encoding="utf-8")
    path = FIXTURE.parent.parent / "scoring" / "_issue11_pairs.yaml"
    try:
        path.write_text(template.replace("@METHOD@", "matchpoints").replace("@PENALTY@", ""), encoding="utf-8")
        session = read_sessions(path)[0]
    finally:
        path.unlink()
    on = score_session(session, ScoringOptions()).standing(PairRef("", 5, Direction.NS))
    off = score_session(session, ScoringOptions(scaled_total=False)).standing(PairRef("", 5, Direction.NS))
    assert on.boards_played == 5 and on.total == Fraction(585, 100)
    assert on.scaled_total == Fraction(585, 100) * 6 / 5 == Fraction(702, 100)
    assert off.scaled_total is None and off.percentage == on.percentage
    rules = [s.rule for s in on.explanation.steps]
    assert "session.missed" in rules and "session.scaled_total" in rules

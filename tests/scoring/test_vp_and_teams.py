"""WBF continuous VP scale and teams matches."""

import itertools
from fractions import Fraction

import pytest

from generator.model import Artificial, Match, Play, Scored, ScoringMethod, Session, Team, TeamsBoard
from generator.scoring.options import ScoringOptions
from generator.scoring.session import score_session
from generator.scoring.vp import match_vps, vp_table, winner_vp
from tests.helpers.builders import weighted

# Winner's VPs, from the published WBF tables (20 boards: 1 IMP 10.28, 2 IMPs 10.55).
VP_TABLE = {
    1: {1: "11.20", 2: "12.29", 3: "13.28", 5: "15.00", 10: "18.09"},
    8: {1: "10.44", 2: "10.86", 3: "11.27", 5: "12.05", 10: "13.78", 20: "16.46", 30: "18.37", 40: "19.74"},
    16: {1: "10.31", 5: "11.48", 10: "12.80", 14: "13.75", 20: "15.00", 27: "16.26", 30: "16.73", 59: "19.93"},
    20: {1: "10.28", 2: "10.55", 3: "10.82", 5: "11.34", 10: "12.53", 20: "14.58", 30: "16.23"},
    32: {1: "10.22", 10: "12.05", 20: "13.78", 30: "15.24"},
}


@pytest.mark.parametrize("boards", sorted(VP_TABLE))
def test_wbf_continuous_scale_values(boards):
    table = vp_table(boards)
    assert {m: str(table[m]) for m in VP_TABLE[boards]} == VP_TABLE[boards]


def test_concavity_correction_differs_from_plain_rounding():
    # plain rounding gives 13.74 at 14 IMPs over 16 boards, 17.33 at 27 over 10; the scale has 13.75 and 17.34
    assert str(vp_table(16)[14]) == "13.75"
    assert [str(vp_table(10)[m]) for m in (27, 29, 31)] == ["17.34", "17.68", "18.00"]


@pytest.mark.parametrize("boards", [1, 7, 12, 16, 24, 32])
def test_no_imp_is_worth_more_than_the_one_before(boards):
    t = vp_table(boards)
    steps = [t[m + 1] - t[m] for m in range(len(t) - 1)]
    assert all(b <= a for a, b in itertools.pairwise(steps))
    assert t[0] == 10 and t[-1] == 20


def test_blitz_and_sides_sum_to_twenty():
    assert winner_vp(Fraction(60), 16) == 20 and winner_vp(Fraction(200), 16) == 20
    assert match_vps(Fraction(30), Fraction(10), 16) == (Fraction("15.00"), Fraction("5.00"))
    assert match_vps(Fraction(10), Fraction(30), 16) == (Fraction(5), Fraction(15))


def test_fractional_margin_interpolates_or_rounds():
    low, high = Fraction(str(vp_table(16)[2])), Fraction(str(vp_table(16)[3]))
    assert winner_vp(Fraction(5, 2), 16) == (low + high) / 2
    assert winner_vp(Fraction(5, 2), 16, "round") == high


def _match(boards, adjustment=Fraction(0)):
    home, away = Team(1, "Lions"), Team(2, "Tigers")
    return Session(
        "teams",
        ScoringMethod.TEAMS,
        teams=(home, away),
        matches=(Match(home, away, tuple(boards), imp_adjustment=adjustment),),
    )


def _b(number, a, b):
    wrap = lambda x: x if isinstance(x, (Scored, Artificial)) else Scored.of(Play(x))  # noqa: E731
    return TeamsBoard(number, wrap(a), wrap(b))


def test_match_board_imps_totals_and_vps():
    # home NS +620 vs home EW (NS) +170: +450 -> 10; +140 vs -170: -30 -> -1; -600 vs +690 -> +90 -> 3
    result = score_session(
        _match([_b(1, 620, 170), _b(2, 140, -170), _b(3, -600, -690), _b(4, -100, 420)]), ScoringOptions()
    )
    m = result.matches[0]
    assert [b.home for b in m.boards] == [10, 7, 3, -11]
    assert (m.home_imps, m.away_imps) == (20, 11)
    assert (m.home_vp, m.away_vp) == (Fraction(str(vp_table(4)[9])), 20 - Fraction(str(vp_table(4)[9])))
    assert [s.team.name for s in result.team_standings] == ["Lions", "Tigers"]
    assert result.team_standings[0].total == m.home_vp
    assert "margin 9 IMPs over 4 boards" in m.explanation.steps[-1].summary


def test_weighted_and_artificial_boards_in_a_match():
    result = score_session(
        _match([_b(1, weighted((60, 420), (40, -50)), 140), _b(2, Artificial.from_percent(60), 100)]), ScoringOptions()
    )
    boards = result.matches[0].boards
    assert boards[0].home == Fraction(22, 10)
    assert boards[1].home == 3


def test_aggregate_teams():
    result = score_session(_match([_b(1, 620, 170), _b(2, 140, -170)]), ScoringOptions(teams_scoring="aggregate"))
    assert [b.home for b in result.matches[0].boards] == [450, 310]
    assert result.matches[0].home_vp is None

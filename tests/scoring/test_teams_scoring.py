"""Teams scoring options: board-a-match, win/loss, the discrete VP scale and vp_rounding in a
match, and the units a match and a standing are reported in."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.model import Artificial, Match, Play, Scored, ScoringMethod, Session, Team, TeamsBoard
from generator.scoring.options import OptionError, ScoringOptions
from generator.scoring.session import score_session
from tests.helpers.builders import weighted

LIONS, TIGERS, BEARS = Team(1, "Lions"), Team(2, "Tigers"), Team(3, "Bears")


def _b(number, a, b):
    wrap = lambda x: x if isinstance(x, (Scored, Artificial)) else Scored.of(Play(x))  # noqa: E731
    return TeamsBoard(number, wrap(a), wrap(b))


def _boards(*pairs):
    return [_b(i, a, b) for i, (a, b) in enumerate(pairs, start=1)]


def _score(boards, adjustment=Fraction(0), **options):
    session = Session(
        "teams",
        ScoringMethod.TEAMS,
        teams=(LIONS, TIGERS),
        matches=(Match(LIONS, TIGERS, tuple(boards), imp_adjustment=adjustment),),
    )
    return score_session(session, ScoringOptions().with_overrides(options))


# --- board-a-match ---------------------------------------------------------------------------


def test_board_a_match_any_margin_wins_the_board():
    # Net score = NS score where Lions sat NS - NS score where Lions sat EW:
    #   +130 - +120 = +10 win (any margin counts, larsco); +420 - +420 = 0 tie;
    #   -50 - +100 = -150 loss; +120 - +110 = +10 win (ACBL: NS +120, team-mates -110 "is scored as a win").
    result = _score(_boards((130, 120), (420, 420), (-50, 100), (120, 110)), teams_scoring="board-a-match")
    m = result.matches[0]
    assert [(b.home, b.away) for b in m.boards] == [(1, 0), (Fraction(1, 2), Fraction(1, 2)), (0, 1), (1, 0)]
    assert (m.home_imps, m.away_imps, m.home_vp, m.away_vp) == (Fraction(5, 2), Fraction(3, 2), None, None)
    assert (m.home_score, m.away_score) == (Fraction(5, 2), Fraction(3, 2))
    assert (m.board_unit, m.total_unit, m.board_unit_label, m.total_unit_label) == (
        "board_points",
        "board_points",
        "board points",
        "board points",
    )
    step = m.boards[0].explanation.steps[0]
    assert step.rule == "teams.board_a_match"
    assert step.summary.startswith(
        "Lions scored +130 sitting North-South at one table and -120 sitting East-West at the "
        "other: +130 − 120 = +10 net: Lions win the board"
    )
    assert m.explanation.method == "board_a_match"
    assert m.explanation.steps[-1].summary == "Lions 2.5 board points, Tigers 1.5 board points over 4 boards"
    top = result.team_standings[0]
    assert (top.team.name, top.total, top.board_unit, top.total_unit) == (
        "Lions",
        Fraction(5, 2),
        "board_points",
        "board_points",
    )


def test_board_a_match_uk_units_two_one_nothing():
    # Same four boards: win, tie, loss, win -> 2 + 1 + 0 + 2 = 5 against 0 + 1 + 2 + 0 = 3.
    m = _score(
        _boards((130, 120), (420, 420), (-50, 100), (120, 110)), teams_scoring="board-a-match", board_a_match_units=2
    ).matches[0]
    assert [b.home for b in m.boards] == [2, 1, 0, 2]
    assert (m.home_score, m.away_score) == (5, 3)


def test_board_a_match_weighted_scores_average_the_board_points():
    # Lions NS assigned 60% of +420, 40% of -50; the other table +420:
    #   +420 - +420 = 0 tie (1/2), -50 - +420 = -470 loss (0): 0.6 x 1/2 + 0.4 x 0 = 0.3; Tigers 0.7.
    # Both tables weighted 50/50 (+140, +110) v (+110, +140), four equally likely pairs:
    #   +30 win, 0 tie, 0 tie, -30 loss: (1 + 1/2 + 1/2 + 0) / 4 = 0.5.
    m = _score(
        [
            _b(1, weighted((60, 420), (40, -50)), 420),
            _b(2, weighted((50, 140), (50, 110)), weighted((50, 110), (50, 140))),
        ],
        teams_scoring="board-a-match",
    ).matches[0]
    assert [(b.home, b.away) for b in m.boards] == [
        (Fraction(3, 10), Fraction(7, 10)),
        (Fraction(1, 2), Fraction(1, 2)),
    ]
    step = m.boards[0].explanation.steps[0]
    assert step.rule == "weighted.board_a_match" and "60% × 0.5 + 40% × 0 = 0.3 – 0.7 board points" in step.summary
    assert [(r["difference"], r["points"]) for r in step.values["components"]] == [(0, Fraction(1, 2)), (-470, 0)]
    # UK units double each component's points: 0.6 x 1 + 0.4 x 0 = 0.6.
    m2 = _score(
        [_b(1, weighted((60, 420), (40, -50)), 420)], teams_scoring="board-a-match", board_a_match_units="2"
    ).matches[0]
    assert m2.boards[0].home == Fraction(6, 10)


@pytest.mark.parametrize(
    ("home_ns", "home_ew", "units", "home"),
    [
        (Artificial.from_percent(60), 420, "1", Fraction(6, 10)),  # A+ to Lions sitting NS: 60% of the board
        (Artificial.from_percent(60), 420, "2", Fraction(12, 10)),  # 60% of 2 board points
        (420, Artificial.from_percent(60), "1", Fraction(4, 10)),  # A+ to NS where Lions sat EW: Lions 40%
        (Artificial.from_percent(50), 420, "1", Fraction(1, 2)),  # A= : half the board
        # A- to Lions at one table and A+ to the other side at the other: 50 - 10 - 10 = 30%.
        (Artificial.from_percent(40), Artificial.from_percent(60), "1", Fraction(3, 10)),
        # 100% to Lions at both tables: 50 + 50 + 50 = 150%, capped at the whole board.
        (Artificial.from_percent(100), Artificial.from_percent(0), "1", Fraction(1)),
    ],
)
def test_board_a_match_artificial_scores_give_a_share_of_the_board(home_ns, home_ew, units, home):
    b = _score([_b(1, home_ns, home_ew)], teams_scoring="board-a-match", board_a_match_units=units).matches[0].boards[0]
    assert (b.home, b.away) == (home, Fraction(int(units)) - home)
    assert b.explanation.steps[0].rule == "artificial.award"


def test_board_a_match_artificial_explanation():
    b = _score([_b(1, Artificial.from_percent(60), 420)], teams_scoring="board-a-match").matches[0].boards[0]
    assert b.explanation.steps[0].summary == (
        "A+ (average-plus to North-South) at the table where Lions sat North-South: 60% of the board to Lions: "
        "0.6 – 0.4 board points"
    )


def test_board_a_match_ranks_on_board_points():
    # Lions v Tigers: +20 win, -20 loss, 0 tie (1.5 - 1.5); Lions v Bears +20, +100: 2 - 0;
    # Tigers v Bears -100, -100: 0 - 2.
    # Totals: Lions 3.5, Bears 2, Tigers 1.5.
    session = Session(
        "bam",
        ScoringMethod.TEAMS,
        teams=(LIONS, TIGERS, BEARS),
        matches=(
            Match(LIONS, TIGERS, tuple(_boards((110, 90), (90, 110), (400, 400)))),
            Match(LIONS, BEARS, tuple(_boards((620, 600), (-100, -200)))),
            Match(TIGERS, BEARS, tuple(_boards((-50, 50), (100, 200)))),
        ),
    )
    result = score_session(session, ScoringOptions(teams_scoring="board-a-match"))
    assert [(s.team.name, s.total, s.rank_label) for s in result.team_standings] == [
        ("Lions", Fraction(7, 2), "1"),
        ("Bears", Fraction(2), "2"),
        ("Tigers", Fraction(3, 2), "3"),
    ]


def test_board_a_match_adjustment_is_in_board_points():
    m = _score(_boards((130, 120)), adjustment=Fraction(-1, 2), teams_scoring="board-a-match").matches[0]
    assert (m.home_score, m.away_score) == (1, Fraction(1, 2))
    assert m.explanation.steps[0].rule == "teams.adjustment"
    assert m.explanation.steps[0].summary == "director's adjustment: 0.5 board points to Tigers"


# --- win/loss ---------------------------------------------------------------------------------


def test_win_loss_scores_the_match_on_the_imp_margin():
    # +620 v +170: +450 -> 10 IMPs; +140 v -170: +140 - (-170) = +310 -> 7 IMPs; Lions 17 - 0.
    m = _score(_boards((620, 170), (140, -170)), teams_scoring="win-loss").matches[0]
    assert (m.home_imps, m.away_imps) == (17, 0)
    assert (m.home_score, m.away_score, m.home_vp) == (1, 0, None)
    assert (m.board_unit, m.total_unit, m.total_unit_label) == ("imps", "wins", "wins")
    step = m.explanation.steps[-1]
    assert step.rule == "teams.win_loss"
    assert step.summary == "margin +17 IMPs to Lions: Lions win the match: 1 – 0 wins"
    # 10 IMPs each way: a tie, half a win each.
    tie = _score(_boards((620, 170), (170, 620)), teams_scoring="win-loss").matches[0]
    assert (tie.home_imps, tie.away_imps, tie.home_score, tie.away_score) == (10, 10, Fraction(1, 2), Fraction(1, 2))


def test_win_loss_ranks_on_wins_not_imps():
    # Lions beat Tigers by 30 IMPs (+1100 v -100: 1200 -> 15; twice = 30), Bears beat Lions by 1 IMP
    # (+140 - +110 = +30 -> 1), Tigers and Bears tie (no swing).  Wins: Bears 1.5, Lions 1, Tigers 0.5 —
    # though Lions have the best IMP margin (+29 against Bears' +1).
    session = Session(
        "swiss",
        ScoringMethod.TEAMS,
        teams=(LIONS, TIGERS, BEARS),
        matches=(
            Match(LIONS, TIGERS, tuple(_boards((1100, -100), (1100, -100)))),
            Match(BEARS, LIONS, tuple(_boards((140, 110)))),
            Match(TIGERS, BEARS, tuple(_boards((420, 420)))),
        ),
    )
    result = score_session(session, ScoringOptions(teams_scoring="win-loss"))
    assert [(s.team.name, s.total, s.total_unit) for s in result.team_standings] == [
        ("Bears", Fraction(3, 2), "wins"),
        ("Lions", Fraction(1), "wins"),
        ("Tigers", Fraction(1, 2), "wins"),
    ]
    lions = next(s for s in result.team_standings if s.team.name == "Lions")
    assert (lions.imps_for, lions.imps_against) == (30, 1)
    # The same matches on VPs put Lions first.
    assert result.team_standings[0].team.name == "Bears"
    assert score_session(session, ScoringOptions()).team_standings[0].team.name == "Lions"


# --- VP options in a match -----------------------------------------------------------------------


def _eight_boards(*swings):
    """Eight boards: the given (home NS, home EW) pairs, the rest flat (+420 both tables)."""
    pairs = list(swings) + [(420, 420)] * (8 - len(swings))
    return _boards(*pairs)


def test_discrete_scale_in_a_match():
    # +620 v +170: +450 -> 10 IMPs; +140 v +110: +30 -> 1 IMP; six flat boards: margin 11 over 8 boards.
    # 8-board discrete scale: 10-12 IMPs -> 14 VPs, 6 to the loser.
    result = _score(_eight_boards((620, 170), (140, 110)), vp_scale="discrete")
    m = result.matches[0]
    assert (m.home_imps, m.away_imps, m.home_vp, m.away_vp) == (11, 0, 14, 6)
    assert (m.home_score, m.total_unit) == (14, "vps")
    step = m.explanation.steps[-1]
    assert step.rule == "vp.discrete"
    assert step.summary == (
        "margin 11 IMPs over 8 boards on the WBF/EBU discrete 20-VP scale: "
        "10–12 IMPs is worth 14 VPs to the winner: 14 – 6"
    )
    assert result.team_standings[0].total == 14 and result.team_standings[1].total == 6


def test_fractional_margin_on_the_discrete_scale_is_rounded_and_explained():
    # Lions NS assigned 50% of +420, 50% of +400; the other table +400: +20 -> 1 IMP, 0 -> 0: 0.5 IMP.
    # Margin 0.5 counts as 1 (not strictly between -0.5 and +0.5): 8 boards 1-3 IMPs -> 11 - 9.
    boards = _eight_boards((weighted((50, 420), (50, 400)), 400))
    m = _score(boards, vp_scale="discrete").matches[0]
    assert (m.home_imps, m.home_vp, m.away_vp) == (Fraction(1, 2), 11, 9)
    rule, step = m.explanation.steps[-2].rule, m.explanation.steps[-2]
    assert rule == "vp.margin" and step.values["rounded"] == 1
    # The continuous scale interpolates by default: 10.00 at 0 and 10.44 at 1 IMP over 8 boards -> 10.22.
    c = _score(boards).matches[0]
    assert (c.home_vp, c.away_vp) == (Fraction("10.22"), Fraction("9.78"))
    assert (
        "between 10.00 VPs at 0 and 10.44 at 1 IMPs: 10.00 + (10.44 − 10.00) × 0.5 = 10.22"
        in c.explanation.steps[-1].summary
    )


def test_vp_rounding_option_in_a_match():
    # +1430 v -1430: 2860 -> 21 IMPs; +1100 v -1100: 2200 -> 19 IMPs: margin 40 over 8 boards.
    # Official (fix): 19.74 - 0.26; plain half-up: 19.73 - 0.27 (raw 19.7340).
    boards = _eight_boards((1430, -1430), (1100, -1100))
    assert _score(boards).matches[0].home_vp == Fraction("19.74")
    plain = _score(boards, vp_rounding="half-up").matches[0]
    assert (plain.home_vp, plain.away_vp) == (Fraction("19.73"), Fraction("0.27"))
    assert "no concavity correction" in plain.explanation.steps[-1].summary


def test_ten_vp_pool_in_a_match():
    # 8-board triangular match on the 10-VP pool: bands (built for 4 boards) 0-1: 5, 2-5: 6, 6-10: 7;
    # margin 11 -> 8 VPs to the winner, 2 to the loser.
    m = _score(_eight_boards((620, 170), (140, 110)), vp_scale="discrete", vp_pool=10).matches[0]
    assert (m.home_vp, m.away_vp) == (8, 2)
    assert "discrete 10-VP scale (built for 4 boards): 11–15 IMPs is worth 8 VPs" in m.explanation.steps[-1].summary


# --- units -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "board_unit", "total_unit", "totals"),
    [
        # 8 boards, 11 IMPs: 14.09 on the continuous scale (official 8-board table), 5.91 to the loser.
        ({}, "imps", "vps", (Fraction("14.09"), Fraction("5.91"))),
        ({"vp_scale": "none"}, "imps", "imps", (11, -11)),  # the IMP margin
        ({"teams_scoring": "aggregate"}, "points", "points", (480, -480)),  # +450 and +30 points
    ],
)
def test_units_of_boards_and_totals(options, board_unit, total_unit, totals):
    result = _score(_eight_boards((620, 170), (140, 110)), **options)
    m = result.matches[0]
    assert (m.board_unit, m.total_unit, (m.home_score, m.away_score)) == (board_unit, total_unit, totals)
    assert [(s.team.name, s.total, s.board_unit, s.total_unit) for s in result.team_standings] == [
        ("Lions", totals[0], board_unit, total_unit),
        ("Tigers", totals[1], board_unit, total_unit),
    ]
    assert m.boards[0].away == -m.boards[0].home


def test_new_options_parse_and_reject_bad_values():
    o = ScoringOptions().with_overrides({"teams_scoring": "board-a-match", "board_a_match_units": 2})
    assert (o.teams_scoring, o.board_a_match_units) == ("board-a-match", "2")
    for bad in ({"board_a_match_units": "3"}, {"teams_scoring": "bam"}, {"vp_rounding": "round"}, {"vp_scale": "ebu"}):
        with pytest.raises(OptionError):
            ScoringOptions().with_overrides(bad)


def test_continuous_scale_round_option_explains_the_rounded_margin():
    # 0.5 IMP over 8 boards with vp_fractional_margin: round -> counts as 1 IMP -> 10.44 - 9.56 (8-board table).
    m = _score(_eight_boards((weighted((50, 420), (50, 400)), 400)), vp_fractional_margin="round").matches[0]
    assert (m.home_vp, m.away_vp) == (Fraction("10.44"), Fraction("9.56"))
    assert [s.rule for s in m.explanation.steps[-2:]] == ["vp.margin", "vp.scale"]


# --- properties on random matches -------------------------------------------------------------

SCORES = [-1430, -800, -620, -200, -100, -50, 0, 50, 90, 110, 140, 170, 400, 420, 450, 620, 650, 1430]
pairs = st.lists(st.tuples(st.sampled_from(SCORES), st.sampled_from(SCORES)), min_size=1, max_size=12)


@settings(max_examples=100, deadline=None)
@given(pairs, st.sampled_from(["1", "2"]))
def test_board_a_match_shares_every_board(boards, units):
    m = _score(_boards(*boards), teams_scoring="board-a-match", board_a_match_units=units).matches[0]
    u = int(units)
    assert all(b.home + b.away == u and b.home in (0, Fraction(u, 2), u) for b in m.boards)
    assert m.home_score + m.away_score == u * len(boards)
    # A board's winner by board-a-match is never the side that loses it on IMPs.
    imps = _score(_boards(*boards)).matches[0]
    assert all((b.home - b.away) * i.home >= 0 for b, i in zip(m.boards, imps.boards))


@settings(max_examples=100, deadline=None)
@given(pairs, st.sampled_from(["wbf", "discrete"]))
def test_match_results_share_the_pool_and_follow_the_margin(boards, scale):
    vp = _score(_boards(*boards), vp_scale=scale).matches[0]
    wl = _score(_boards(*boards), teams_scoring="win-loss").matches[0]
    margin = vp.home_imps - vp.away_imps
    assert vp.home_vp + vp.away_vp == 20 and wl.home_score + wl.away_score == 1
    assert (vp.home_vp - vp.away_vp) * margin >= 0  # the winner never gets fewer VPs
    if scale == "wbf":  # on whole VPs a small win can be 10-10; on the continuous scale every IMP counts
        assert (vp.home_vp == vp.away_vp) == (margin == 0)
    assert (wl.home_score > wl.away_score) == (margin > 0) and (wl.home_score == wl.away_score) == (margin == 0)

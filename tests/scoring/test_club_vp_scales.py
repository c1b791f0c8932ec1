"""Club-supplied VP scales: the issue's 3-board table, used by the engine, and every bad table refused."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.model import Match, Play, Scored, ScoringMethod, Session, Team, TeamsBoard
from generator.scoring.options import OptionError, ScoringOptions
from generator.scoring.session import score_session
from tests.helpers.builders import weighted

# The 3-board scale of issue 14: 1 IMP 11–9, 2 → 12–8, 3–4 → 13–7, 5–6 → 14–6, 7–8 → 15–5,
# 9–10 → 16–4, 11–13 → 17–3, 14–16 → 18–2, 17–19 → 19–1, 20+ → 20–0.
THREE_BOARDS = {
    "boards": 3,
    "vps": {
        0: "10-10",
        1: "11-9",
        2: "12-8",
        "3-4": "13-7",
        "5-6": "14-6",
        "7-8": "15-5",
        "9-10": "16-4",
        "11-13": "17-3",
        "14-16": "18-2",
        "17-19": "19-1",
        "20+": "20-0",
    },
}


def club(*tables) -> ScoringOptions:
    return ScoringOptions().with_overrides({"vp_scale": "club", "club_vp_scales": list(tables or [THREE_BOARDS])})


def match(*boards: tuple[object, object]) -> Session:
    home, away = Team(1, "Lions"), Team(2, "Tigers")
    wrap = lambda x: x if isinstance(x, Scored) else Scored.of(Play(x))  # noqa: E731
    tbs = tuple(TeamsBoard(n, wrap(a), wrap(b)) for n, (a, b) in enumerate(boards, start=1))
    return Session("teams", ScoringMethod.TEAMS, teams=(home, away), matches=(Match(home, away, tbs),))


def test_a_three_board_match_on_the_club_scale():
    # Board 1: home NS +420, home EW (NS score) +170: +250 → 6 IMPs to the home team.
    # Board 2: +140 v +110: +30 → 1 IMP.  Board 3: −100 v +110: −210 → 5 IMPs to the away team.
    # Home 7, away 5: margin 2 IMPs → 12–8.
    result = score_session(match((420, 170), (140, 110), (-100, 110)), club())
    m = result.matches[0]
    assert [b.home for b in m.boards] == [6, 1, -5]
    assert (m.home_imps, m.away_imps, m.home_vp, m.away_vp) == (7, 5, 12, 8)
    assert m.explanation.steps[-1].summary == (
        "margin 2 IMPs on the club's 20-VP scale for 3 boards: 2 IMPs is worth 12–8: Lions 12, Tigers 8"
    )
    assert [t.total for t in result.team_standings] == [12, 8]


@pytest.mark.parametrize(
    "margin, home, away",
    [
        (0, 10, 10),
        (1, 11, 9),
        (3, 13, 7),
        (4, 13, 7),
        (6, 14, 6),
        (13, 17, 3),
        (19, 19, 1),
        (20, 20, 0),
        (57, 20, 0),
        (-4, 7, 13),
        (-25, 0, 20),
    ],
)
def test_each_band_of_the_table(margin, home, away):
    # Each row of the table read directly: a margin of 4 is in 3–4 (13–7), 57 in 20+ (20–0),
    # and a loss by 4 gives the home team the loser's 7.
    from generator.scoring.club_vp import club_match_vps

    options = club()
    assert club_match_vps(Fraction(max(margin, 0)), Fraction(max(-margin, 0)), 3, options.club_vp_scales)[:2] == (
        home,
        away,
    )


def test_a_fractional_margin_counts_as_the_nearest_whole_imp():
    # A weighted board: 50 % of +420 and 50 % of +170 at home NS against +170: 50 % × 6 IMPs = 3 IMPs.
    # Two flat boards: margin 3 → 13–7.  With 1/2 of an IMP more it would count as 4 (still 13–7).
    result = score_session(match((weighted((50, 420), (50, 170)), 170), (140, 140), (100, 100)), club())
    m = result.matches[0]
    assert (m.home_imps, m.home_vp, m.away_vp) == (3, 13, 7)


def test_a_match_length_with_no_table_is_refused():
    with pytest.raises(
        OptionError,
        match=r"no club VP scale for a match of 2 boards: expected a table in club_vp_scales "
        r"for 2 boards \(tables are given for 3\)",
    ):
        score_session(match((420, 170), (140, -110)), club())


def test_club_scale_without_tables_is_refused_when_a_match_is_scored():
    options = ScoringOptions().with_overrides({"vp_scale": "club"})
    with pytest.raises(OptionError, match="no club_vp_scales are given"):
        score_session(match((420, 170), (140, -110), (0, 0)), options)


def bad(change: dict) -> str:
    with pytest.raises(OptionError) as info:
        club({**THREE_BOARDS, **change})
    return str(info.value)


def with_rows(**rows) -> dict:
    vps = {str(k): v for k, v in THREE_BOARDS["vps"].items()}
    for k, v in rows.items():
        key = k.replace("_", "-").lstrip("m")
        if v is None:
            vps.pop(key)
        else:
            vps[key] = v
    return {"vps": vps}


def test_a_table_that_is_not_monotone():
    assert bad(with_rows(m5_6="12-8")) == (
        "option 'club_vp_scales': table 1, margin 5-6: 12 VPs is fewer than the 13 for "
        "3-4: expected the VPs never to fall as the margin grows (monotone)"
    )


def test_a_row_that_does_not_sum_to_the_pool():
    assert bad(with_rows(m7_8="15-4")) == (
        "option 'club_vp_scales': table 1, margin 7-8: 15 + 4 = 19 VPs: expected each row to add up to the pool of 20"
    )


def test_a_table_with_a_gap():
    assert bad(with_rows(m2=None)) == (
        "option 'club_vp_scales': table 1, margin 3-4: a gap after 1: expected the next band to start at 2"
    )


def test_a_table_that_does_not_start_at_zero():
    assert bad(with_rows(m0=None)) == (
        "option 'club_vp_scales': table 1: the first margin is 1: expected the table to start at 0 (a draw)"
    )


def test_a_table_that_does_not_cover_every_margin():
    rows = with_rows(**{"m20+": None})
    rows["vps"]["20"] = "20-0"
    assert bad(rows) == (
        "option 'club_vp_scales': table 1: the last margin is 20: expected an open last band such as "
        "21+ so that every margin is covered"
    )


def test_an_unreadable_row():
    assert bad(with_rows(m1="eleven")) == (
        "option 'club_vp_scales': table 1, margin 1: expected the winner's and the "
        "loser's VPs such as 13-7, got 'eleven'"
    )


def test_two_tables_for_the_same_length():
    with pytest.raises(OptionError, match="table 2: a table for 3-board matches is already given"):
        club(THREE_BOARDS, THREE_BOARDS)


def test_the_table_round_trips_through_to_dict():
    plain = club().to_dict()["club_vp_scales"]
    assert plain == [
        {
            "boards": [3],
            "pool": 20,
            "vps": {
                "0": "10-10",
                "1": "11-9",
                "2": "12-8",
                "3-4": "13-7",
                "5-6": "14-6",
                "7-8": "15-5",
                "9-10": "16-4",
                "11-13": "17-3",
                "14-16": "18-2",
                "17-19": "19-1",
                "20+": "20-0",
            },
        }
    ]
    assert ScoringOptions().with_overrides({"vp_scale": "club", "club_vp_scales": plain}) == club()


@given(st.fractions(min_value=-60, max_value=60, max_denominator=4))
def test_a_match_on_the_club_scale_shares_the_pool(margin):
    from generator.scoring.club_vp import club_match_vps

    home, away, *_ = club_match_vps(max(margin, Fraction(0)), max(-margin, Fraction(0)), 3, club().club_vp_scales)
    assert home + away == 20
    assert (home >= away) == (margin >= 0) or home == away

"""VP scales: the WBF/EBU discrete 20-VP scale, the 10-VP triangular pool, the continuous
scale's rounding choices (vp_rounding) and fractional margins on a discrete scale."""

import itertools
from decimal import Decimal
from fractions import Fraction

import pytest

from generator.scoring.options import OptionError, ScoringOptions
from generator.scoring.vp import discrete_band, discrete_bounds, discrete_winner_vp, match_vps, vp_table, winner_vp

# Worked bands of the WBF/EBU discrete scale (IMP margin: winner's VPs), as the EBU's generator
# builds them: band bound floor(imap(10.5 + i)) and then the concavity pass.
DISCRETE_BANDS = {
    8: [
        (0, 0, 10),
        (1, 3, 11),
        (4, 6, 12),
        (7, 9, 13),
        (10, 12, 14),
        (13, 16, 15),
        (17, 20, 16),
        (21, 25, 17),
        (26, 30, 18),
        (31, 38, 19),
        (39, None, 20),
    ],
    # 20 boards: a Dutch club's copy of the WBF table agrees: "0-1 IMP: 10, 2-5 IMP: 11, 6-9 IMP: 12".
    20: [
        (0, 1, 10),
        (2, 5, 11),
        (6, 9, 12),
        (10, 14, 13),
        (15, 19, 14),
        (20, 25, 15),
        (26, 31, 16),
        (32, 39, 17),
        (40, 48, 18),
        (49, 60, 19),
        (61, None, 20),
    ],
    # 16 boards: the raw floors give 2-5 for 11 VPs (bounds 1, 5, 8: band widths 3, 4, 3); the
    # concavity pass narrows it to 2-4 so that no band is wider than the one before it.
    16: [
        (0, 1, 10),
        (2, 4, 11),
        (5, 8, 12),
        (9, 12, 13),
        (13, 17, 14),
        (18, 22, 15),
        (23, 28, 16),
        (29, 35, 17),
        (36, 43, 18),
        (44, 53, 19),
        (54, None, 20),
    ],
}


@pytest.mark.parametrize("boards", sorted(DISCRETE_BANDS))
def test_discrete_scale_every_band(boards):
    bands = DISCRETE_BANDS[boards]
    assert discrete_bounds(boards) == tuple(high for _, high, _ in bands[:-1])
    for low, high, vp in bands:
        top = high if high is not None else low + 40
        assert {discrete_winner_vp(Fraction(m), boards) for m in range(low, top + 1)} == {vp}, (low, high)
        assert discrete_band(vp, boards) == (low, high)


def test_discrete_scale_sides_share_twenty_and_the_loser_mirrors():
    # 8 boards, 11 IMPs: band 10-12 -> 14 VPs to the winner, 6 to the loser.
    assert match_vps(Fraction(31), Fraction(20), 8, scale="discrete") == (14, 6)
    assert match_vps(Fraction(20), Fraction(31), 8, scale="discrete") == (6, 14)
    assert match_vps(Fraction(12), Fraction(12), 8, scale="discrete") == (10, 10)
    assert match_vps(Fraction(100), Fraction(0), 8, scale="discrete") == (20, 0)


@pytest.mark.parametrize(
    ("margin", "home_vp"),
    [
        # EBU: totals strictly between -0.5 and +0.5 are a draw; "below n.5" counts as n, so n.5 counts as n + 1.
        ("0.4", 10),
        ("-0.4", 10),
        ("0.5", 11),
        ("-0.5", 9),
        # 8 boards: 11 VPs is 1-3 IMPs, 12 VPs is 4-6.  3.49 counts as 3 (11), 3.5 as 4 (12).
        ("3.49", 11),
        ("3.5", 12),
        ("-3.5", 8),
    ],
)
def test_discrete_scale_rounds_a_fractional_margin_first(margin, home_vp):
    home, away = match_vps(Fraction(margin), Fraction(0), 8, scale="discrete")
    assert (home, away) == (home_vp, 20 - home_vp)


def test_ten_vp_pool_for_a_triangular_match():
    # 8-board half match: the 10-VP scale is built for N/2 = 4 boards, B = 15 * sqrt(4) = 30,
    # around 5 VPs: imap(v) = 30 ln(1 - (1 - tau^3)(v/5 - 1)) / ln(tau^3), tau^3 = 0.236068.
    #   v = 5.5: 30 ln(0.923607) / ln(0.236068) = 1.651  -> 1
    #   v = 6.5: 30 ln(0.770820) / -1.443635   = 5.409  -> 5
    #   v = 7.5: 1 - 0.763932 * 0.5 = 0.618034 = tau, so 30 * ln(tau) / ln(tau^3) = 30/3 = 10 exactly -> 10
    #   v = 8.5: 30 ln(0.465248) / -1.443635   = 15.901 -> 15
    #   v = 9.5: 30 ln(0.312461) / -1.443635   = 24.174 -> 24
    # band widths: draw 2*1+1 = 3, then 4, 5, 5, 9: never wider than the one before -> no correction.
    assert discrete_bounds(8, 10) == (1, 5, 10, 15, 24)
    vps = {m: discrete_winner_vp(Fraction(m), 8, 10) for m in (0, 1, 2, 5, 6, 10, 11, 15, 16, 24, 25, 60)}
    assert vps == {0: 5, 1: 5, 2: 6, 5: 6, 6: 7, 10: 7, 11: 8, 15: 8, 16: 9, 24: 9, 25: 10, 60: 10}
    assert match_vps(Fraction(3), Fraction(14), 8, scale="discrete", pool=10) == (2, 8)


def test_ten_vp_pool_concavity_pass():
    # 4-board half match: N/2 = 2 boards, B = 15 * sqrt(2) = 21.213; the same logarithm ratios as above
    # (1.651/30, 5.409/30, 1/3, 15.901/30, 24.174/30) times 21.213 give 1.168, 3.825, 7.071, 11.244, 17.093,
    # floors 1, 3, 7, 11, 17.  The draw band (-1..1, 3 margins) is wider than the next (2..3, 2 margins),
    # so its bound drops to 0: draw 1 margin, then 3, 4, 4, 6.
    assert discrete_bounds(4, 10) == (0, 3, 7, 11, 17)


@pytest.mark.parametrize("pool", [20, 10])
def test_discrete_bands_grow_and_never_narrow_after_the_draw_band(pool):
    for boards in range(1, 65):
        b = discrete_bounds(boards, pool)
        widths = [b[i] - b[i - 1] for i in range(1, len(b))]
        assert len(b) == pool // 2 and b[0] >= 0
        assert widths[0] >= 2 * b[0] + 1 and all(w2 >= w1 for w1, w2 in itertools.pairwise(widths)), (boards, b)


def test_ten_vp_pool_needs_the_discrete_scale():
    with pytest.raises(OptionError, match="vp_pool"):
        ScoringOptions(vp_pool=10)
    with pytest.raises(OptionError, match="vp_pool"):
        ScoringOptions(vp_scale="discrete", vp_pool=15)
    assert ScoringOptions().with_overrides({"vp_scale": "discrete", "vp_pool": "10"}).vp_pool == 10


# --- vp_rounding on the continuous scale -------------------------------------------------------
# Raw values (40 digits): 8 boards m=39 19.6179, m=40 19.7340, m=41 19.8463 -> half up 19.62, 19.73, 19.85:
# increments 0.11 then 0.12, so the fix raises m=40 to 19.74 (the official table).
# 10 boards m=26..32: 17.1570, 17.3348, 17.5073, 17.6747, 17.8370, 17.9945, 18.1472 -> half up
# 17.16, 17.33, 17.51, 17.67, 17.84, 17.99, 18.15; each odd entry sits 0.01 under the concave line,
# so the fix gives 17.34, 17.68, 18.00.
ROUNDING_CASES = [
    (8, 40, "19.74", "19.73"),
    (10, 27, "17.34", "17.33"),
    (10, 29, "17.68", "17.67"),
    (10, 31, "18.00", "17.99"),
]


@pytest.mark.parametrize(("boards", "margin", "fixed", "plain"), ROUNDING_CASES)
def test_vp_rounding_fix_versus_half_up(boards, margin, fixed, plain):
    assert str(vp_table(boards, "fix")[margin]) == fixed
    assert str(vp_table(boards, "half-up")[margin]) == plain
    assert winner_vp(Fraction(margin), boards, rounding="half-up") == Fraction(plain)


def test_vp_rounding_truncate():
    # 20 boards, 1 IMP: raw 10.2787 -> 10.28 half up (published), 10.27 cut; 3 IMPs: 10.8184 -> 10.82 / 10.81.
    assert [str(vp_table(20, "truncate")[m]) for m in (1, 3)] == ["10.27", "10.81"]
    # M = B/3 is worth 15 exactly (1 board: B = 15, M = 5; 4 boards: B = 30, M = 10): cut, still 15.00.
    assert str(vp_table(1, "truncate")[5]) == "15.00" and str(vp_table(4, "truncate")[10]) == "15.00"
    # 10 boards m=31: raw 17.9945 -> cut 17.99, and no concavity correction.
    assert str(vp_table(10, "truncate")[31]) == "17.99"


def test_rounding_rules_against_the_official_table_for_one_to_ten_boards():
    # The half-up-plus-fix scale reproduces all 350 entries of the official Danish table (1-10 boards);
    # plain rounding misses 4 of them and truncation 166.
    fixed = [v for n in range(1, 11) for v in vp_table(n, "fix")]
    plain = [v for n in range(1, 11) for v in vp_table(n, "half-up")]
    cut = [v for n in range(1, 11) for v in vp_table(n, "truncate")]
    assert len(fixed) == len(plain) == len(cut) == 350
    assert sum(a != b for a, b in zip(fixed, plain)) == 4
    assert sum(a != b for a, b in zip(fixed, cut)) == 166


def test_interpolated_fractional_margin_follows_the_rounding_rule():
    # 20 boards, 1.5 IMPs: truncated entries 10.27 and 10.55 -> 10.41 exactly; half-up entries 10.28, 10.55
    # -> 10.415 -> 10.42 half up.
    assert winner_vp(Fraction(3, 2), 20, rounding="truncate") == Fraction("10.41")
    assert winner_vp(Fraction(3, 2), 20, rounding="half-up") == Fraction("10.42")
    assert vp_table(20, "half-up")[1] == Decimal("10.28")

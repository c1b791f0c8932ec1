"""Swiss pairs: boards by cross-IMPs against the field, matches to VPs, standings after each round.

The hand-worked event (five pairs, two rounds of three boards, one bye a round) is scored on
the issue's 3-board club scale: 0 → 10–10, 1 → 11–9, 2 → 12–8, 3–4 → 13–7, 5–6 → 14–6,
7–8 → 15–5, 9–10 → 16–4, 11–13 → 17–3, 14–16 → 18–2, 17–19 → 19–1, 20+ → 20–0.
With two tables on each board, a pair's cross-IMPs (divided by the comparisons, 1) are the
IMPs of its score against the other table's.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.model import (
    Board,
    Pair,
    PairRef,
    Play,
    Player,
    Scored,
    ScoringMethod,
    Section,
    Session,
    SwissMatch,
    SwissRound,
    TravellerLine,
)
from generator.scoring.options import OptionError, ScoringOptions
from generator.scoring.session import score_session

CLUB_3 = [
    {
        "boards": 3,
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


def ref(n: int) -> PairRef:
    return PairRef("", n)


def swiss_session(
    rounds: list[tuple[list[int], list[tuple[int, int, list[int]]], list[int]]],
    pairs: int,
    method: ScoringMethod = ScoringMethod.CROSS_IMPS,
) -> Session:
    """rounds: (boards, [(first NS, second EW, NS score on each board)], byes)."""
    lines: dict[int, list[TravellerLine]] = {}
    swiss = []
    for number, (boards, matches, byes) in enumerate(rounds, start=1):
        for table, (ns, ew, scores) in enumerate(matches, start=1):
            for board, score in zip(boards, scores):
                lines.setdefault(board, []).append(
                    TravellerLine(ref(ns), ref(ew), Scored.of(Play(score)), Scored.of(Play(score)), table=table)
                )
        swiss.append(
            SwissRound(
                number,
                tuple(boards),
                tuple(SwissMatch(ref(a), ref(b), t) for t, (a, b, _) in enumerate(matches, start=1)),
                tuple(ref(b) for b in byes),
            )
        )
    section = Section(
        "", tuple(Pair(ref(n), (Player(f"Player {n}a"), Player(f"Player {n}b"))) for n in range(1, pairs + 1))
    )
    return Session(
        "Swiss",
        method,
        sections=(section,),
        boards=tuple(Board(n, tuple(ls)) for n, ls in sorted(lines.items())),
        swiss=tuple(swiss),
    )


HAND_WORKED = [
    # Round 1, boards 1-3: table 1 is 1 (NS) v 2, table 2 is 3 (NS) v 4; pair 5 has the bye.
    #   board 1: +420 v -50: 470 -> 10 IMPs to NS 1 (and EW 4); board 2: +110 v +140: 30 -> 1 IMP to NS 3 / EW 2;
    #   board 3: -100 v +620: 720 -> 12 IMPs to NS 3 / EW 2.
    #   Pair 1: 10 - 1 - 12 = -3, pair 2: +3: margin (−3 − 3) / 2 = −3: 3-4 IMPs is 13–7 to pair 2.
    #   Pair 3: -10 + 1 + 12 = +3, pair 4: -3: 13–7 to pair 3.
    ([1, 2, 3], [(1, 2, [420, 110, -100]), (3, 4, [-50, 140, 620])], [5]),
    # Round 2, boards 4-6: table 1 is 5 (NS) v 1, table 2 is 2 (NS) v 3; pair 4 has the bye.
    #   board 4: +650 v +170: 480 -> 10 IMPs to NS 5 / EW 3; board 5: -200 v -200: 0;
    #   board 6: +50 v -100: 150 -> 4 IMPs to NS 5 / EW 3.
    #   Pair 5: 10 + 0 + 4 = 14: 14-16 IMPs is 18–2; pair 3: 14 likewise, 18–2 against pair 2.
    ([4, 5, 6], [(5, 1, [650, -200, 50]), (2, 3, [170, -200, -100])], [4]),
]


def hand_worked_result(**options: object):
    opts = ScoringOptions().with_overrides(
        {"vp_scale": "club", "club_vp_scales": CLUB_3, "swiss_bye_vps": 12, **options}
    )
    return score_session(swiss_session(HAND_WORKED, 5), opts)


def test_hand_worked_matches():
    swiss = hand_worked_result().swiss
    r1, r2 = swiss.rounds
    m = r1.matches[0]
    assert [(f.number, f.first, f.second) for f in m.boards] == [(1, 10, -10), (2, -1, 1), (3, -12, 12)]
    assert (m.first_imps, m.second_imps, m.margin) == (-3, 3, -3)
    assert (m.first_vps, m.second_vps) == (7, 13)
    assert (r1.matches[1].first_vps, r1.matches[1].second_vps) == (13, 7)
    assert [(b.pair, b.vps) for b in r1.byes] == [(ref(5), 12)]
    assert (r2.matches[0].margin, r2.matches[0].first_vps, r2.matches[0].second_vps) == (14, 18, 2)
    assert (r2.matches[1].margin, r2.matches[1].first_vps, r2.matches[1].second_vps) == (-14, 2, 18)
    rules = [s.rule for s in m.explanation.steps]
    assert rules == ["vp.result", "swiss.total", "swiss.margin", "vp.club", "swiss.vps"]
    assert "3-4 IMPs is worth 13–7" in m.explanation.steps[3].summary.replace("–", "-", 1)
    # The fact first (issue 28): the margin of 3 IMPs over the 3 boards, and the 13–7 it is worth.
    lead = m.explanation.steps[0].summary
    assert lead.startswith("2 Player 2a & Player 2b by 3 IMPs over 3 boards → 13 VPs to 2 Player 2a & Player 2b, 7 to ")


def test_hand_worked_standings_after_each_round():
    swiss = hand_worked_result().swiss
    after1 = [(s.ref.number, s.vps, s.imps, s.rank_label) for s in swiss.rounds[0].standings]
    # 2 and 3: 13 VPs and +3 IMPs each: they share first.  1 and 4: 7 VPs, −3 IMPs: they share fourth.
    assert after1 == [(2, 13, 3, "1="), (3, 13, 3, "1="), (5, 12, 0, "3"), (1, 7, -3, "4="), (4, 7, -3, "4=")]
    after2 = [(s.ref.number, s.vps, s.rank_label) for s in swiss.standings]
    # 3: 13 + 18 = 31; 5: 12 + 18 = 30; 4: 7 + 12 = 19; 2: 13 + 2 = 15; 1: 7 + 2 = 9.
    assert after2 == [(3, 31, "1"), (5, 30, "2"), (4, 19, "3"), (2, 15, "4"), (1, 9, "5")]
    assert swiss.standings[0].rounds == (13, 18)


def test_vps_level_are_separated_by_imps():
    # Round 1 of the hand-worked event with a bye worth 13 VPs: pairs 2, 3 and 5 all have 13 VPs; 2 and 3
    # have +3 IMPs, 5 has none (a bye has no IMPs): 2 and 3 share first, 5 is third alone.
    opts = ScoringOptions().with_overrides({"vp_scale": "club", "club_vp_scales": CLUB_3, "swiss_bye_vps": 13})
    standings = score_session(swiss_session(HAND_WORKED[:1], 5), opts).swiss.standings
    assert [(s.ref.number, s.vps, s.imps, s.rank_label) for s in standings[:3]] == [
        (2, 13, 3, "1="),
        (3, 13, 3, "1="),
        (5, 13, 0, "3"),
    ]


def test_a_ruling_that_does_not_cancel_is_halved():
    # Board 1 at table 1 is average-plus to both pairs: each gets (60 − 50) / 10 × 3 = +3 IMPs (artificial
    # scores are not compared).  Board 2: +110 against +140: 30 -> 1 IMP to table 2's NS, so pair 1 −1,
    # pair 2 +1.  Totals: pair 1 3 − 1 = 2, pair 2 3 + 1 = 4; margin (2 − 4) / 2 = −1: 1 IMP to pair 2,
    # 11–9 on the 2-board club table.  The VPs still add up to the pool.
    from dataclasses import replace

    from generator.model import Artificial

    session = swiss_session([([1, 2], [(1, 2, [0, 110]), (3, 4, [420, 140])], [])], 4)
    board = session.boards[0]
    plus = Artificial.from_percent(60)
    board = replace(board, lines=(replace(board.lines[0], ns=plus, ew=plus),) + board.lines[1:])
    session = replace(session, boards=(board,) + session.boards[1:])
    opts = ScoringOptions().with_overrides({"vp_scale": "club", "club_vp_scales": [{**CLUB_3[0], "boards": 2}]})
    m = score_session(session, opts).swiss.rounds[0].matches[0]
    assert (m.first_imps, m.second_imps, m.margin, m.first_vps, m.second_vps) == (2, 4, -1, 9, 11)
    assert m.explanation.steps[2].summary.endswith("(2 − 4) / 2 = -1: 1 IMP to 2 Player 2a & Player 2b")


def test_ximpq_margin_worked_by_hand():
    # EBU White Book §3.1.3 (XIMPQ): cross-IMP sums over √(r(r − 1)/2); three tables: r = 3, √3.
    # Board 1: +420, −50, +170.  Pair 1 (NS 1): 470 → 10, 250 → 6: 16.  Pair 3 (NS 2): −470 → −10, −220 → −6: −16.
    # Board 2: +110, +140, +110.  Pair 1: −30 → −1, 0: −1.  Pair 3: +1 twice: +2.
    # Match 1 v 2: 16 − 1 = 15, margin 15; 15 / √3 = 8.66 → 9 (8.5² × 3 = 216.75 <= 225 < 9.5² × 3 = 270.75):
    #   9-10 on the club table: 16–4.
    # Match 3 v 4: −16 + 2 = −14; 14 / √3 = 8.08 → 8 to pair 4 (7.5² × 3 = 168.75 <= 196 < 216.75): 15–5.
    rounds = [([1, 2], [(1, 2, [420, 110]), (3, 4, [-50, 140]), (5, 6, [170, 110])], [])]
    opts = ScoringOptions().with_overrides(
        {
            "vp_scale": "club",
            "club_vp_scales": [{**CLUB_3[0], "boards": 2}],
            "swiss_margin": "ximpq",
            "cross_imp_divisor": "total",
        }
    )
    m1, m2, _ = score_session(swiss_session(rounds, 6), opts).swiss.rounds[0].matches
    assert (m1.first_imps, m1.margin, m1.first_vps, m1.second_vps) == (15, 9, 16, 4)
    assert (m2.first_imps, m2.margin, m2.first_vps, m2.second_vps) == (-14, -8, 5, 15)
    step = next(s for s in m1.explanation.steps if s.rule == "swiss.ximpq")
    assert "15 divided by the square root of 3 is 8.66 (to two decimals)" in step.summary
    assert step.summary.endswith("9 IMPs to 1 Player 1a & Player 1b")


def test_ximpq_needs_cross_imp_sums():
    opts = ScoringOptions().with_overrides({"swiss_margin": "ximpq"})
    with pytest.raises(OptionError, match=r"ximpq divides each board's cross-IMP sum.*cross_imp_divisor comparisons"):
        score_session(swiss_session(HAND_WORKED, 5), opts)


def test_wbf_scale_and_default_bye():
    result = score_session(swiss_session(HAND_WORKED, 5), ScoringOptions())
    r1 = result.swiss.rounds[0]
    # WBF continuous, 3 boards, margin 3: the scale's own table (vp.py) gives the winner its row for 3 IMPs.
    from generator.scoring.vp import vp_table

    assert r1.matches[0].second_vps == Fraction(vp_table(3)[3])
    assert r1.matches[0].first_vps + r1.matches[0].second_vps == 20
    assert r1.byes[0].vps == 10  # the default bye: half the pool, a drawn match


def test_vp_scale_none_is_refused():
    with pytest.raises(OptionError, match=r"vp_scale.*Swiss pairs"):
        score_session(swiss_session(HAND_WORKED, 5), ScoringOptions().with_overrides({"vp_scale": "none"}))


def test_bye_award_outside_the_pool_is_refused():
    with pytest.raises(OptionError, match="swiss_bye_vps"):
        ScoringOptions().with_overrides({"swiss_bye_vps": 21})


scores = st.sampled_from([-1430, -620, -200, -100, -50, 0, 50, 90, 110, 140, 170, 420, 450, 620, 650, 1430])


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.lists(scores, min_size=8, max_size=8), min_size=1, max_size=4),
    st.sampled_from(["wbf", "discrete", "club"]),
    st.sampled_from(["comparisons", "total", "scores"]),
    st.sampled_from([0, 10, 12]),
)
def test_every_match_shares_the_pool_and_standings_add_up(round_scores, scale, divisor, bye):
    # Nine pairs: four matches and a bye a round (the order rotates so that opponents change), two boards a round.
    rounds = []
    for r, flat in enumerate(round_scores):
        boards = [2 * r + 1, 2 * r + 2]
        order = [(i + r) % 9 + 1 for i in range(9)]
        matches = [(order[2 * t], order[2 * t + 1], flat[2 * t : 2 * t + 2]) for t in range(4)]
        rounds.append((boards, matches, [order[8]]))
    club = [{**CLUB_3[0], "boards": 2}]
    opts = ScoringOptions().with_overrides(
        {"vp_scale": scale, "club_vp_scales": club, "cross_imp_divisor": divisor, "swiss_bye_vps": bye}
    )
    swiss = score_session(swiss_session(rounds, 9), opts).swiss
    running: dict[int, Fraction] = {n: Fraction(0) for n in range(1, 10)}
    for rnd in swiss.rounds:
        for m in rnd.matches:
            assert m.first_vps + m.second_vps == 20  # the pool, on every match
            assert m.first_imps == -m.second_imps == m.margin  # no split scores: the totals are opposite
            running[m.match.first.number] += m.first_vps
            running[m.match.second.number] += m.second_vps
        for b in rnd.byes:
            assert b.vps == bye
            running[b.pair.number] += b.vps
        # the standings after round n are the sum of the first n rounds
        assert {s.ref.number: s.vps for s in rnd.standings} == running
        assert all(s.vps == sum(s.rounds) and len(s.rounds) == rnd.number for s in rnd.standings)
        places = [s.rank for s in rnd.standings]
        assert places == sorted(places)

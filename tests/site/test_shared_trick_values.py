"""The planner shares one trick-value view between the lines of a board with the same result
(generator/site/session_view.py ``SessionView.worth``): each line's view must be the one worked out
for that line alone — the engine's ``trick_worth`` without any memo (the whole traveller
re-scored) — from either side, whatever else is on the board."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.model import Artificial, Direction, Play, Scored, ScoringMethod
from generator.scoring.contract import Contract, Seat, Strain, ns_score
from generator.scoring.trick_value import trick_worth
from generator.site.page import SiteInfo
from generator.site.session_view import SessionInputs, SessionView
from tests.helpers.builders import one_board

SITE = SiteInfo("Club", {}, {})
# A few plays, each contract one object (as a reader shares them), so that lines repeat a result;
# the same contract also comes as a second, equal object (shared by value, not identity).
POOL = [
    (Contract(4, Strain.SPADES, 0), Seat.N, 10),
    (Contract(4, Strain.SPADES, 0), Seat.N, 11),
    (Contract(4, Strain.HEARTS, 0), Seat.N, 10),  # the same declarer and scores as 4S by N: another contract
    (Contract(3, Strain.NOTRUMP, 1), Seat.E, 7),
    (Contract(3, Strain.NOTRUMP, 0), Seat.W, 9),
    (Contract(1, Strain.CLUBS, 0), Seat.E, 0),  # no trick fewer
    (Contract(7, Strain.NOTRUMP, 2), Seat.S, 13),  # no trick more
]
line = st.one_of(
    st.sampled_from(POOL),
    st.sampled_from(POOL).map(lambda p: (Contract(p[0].level, p[0].strain, p[0].doubled), p[1], p[2])),
    st.just("A+"),
    st.just("passed out"),
)


def _result(entry, vulnerability):
    if entry == "A+":
        return Artificial.from_percent(60)
    if entry == "passed out":
        return Scored.of(Play(0, Contract.parse("PASS")))
    contract, declarer, tricks = entry
    return Scored.of(Play(ns_score(contract, declarer, tricks, vulnerability), contract, declarer, tricks))


def _expected(board, index, options, direction):
    """The view from the engine's figures for this line alone (no memo: re-scored in full)."""
    found = trick_worth(board, index, options)
    if found is None:
        return None
    play = board.lines[index].line.ns.single
    ns = direction is Direction.NS if direction is not None else play.declarer.is_ns

    def side(r):
        if r is None:
            return None
        return {
            "tricks": r.tricks,
            "score": r.ns_score if ns else -r.ns_score,
            "value": r.ns_value if ns else r.ew_value,
        }

    view = {
        "side": "NS" if ns else "EW",
        "contract": play.contract,
        "declarer": play.declarer.value,
        "declaring": ns == play.declarer.is_ns,
        "played": side(found.played),
        "fewer": side(found.fewer),
        "more": side(found.more),
    }
    view["swing"] = max(
        (abs(view[k]["value"] - view["played"]["value"]) for k in ("fewer", "more") if view[k]), default=Fraction(0)
    )
    return view


@settings(max_examples=150, deadline=None)
@given(
    st.lists(line, min_size=2, max_size=10),
    st.sampled_from([ScoringMethod.MATCHPOINTS, ScoringMethod.BUTLER, ScoringMethod.CROSS_IMPS]),
    st.sampled_from([1, 7]),
    st.integers(0, 2),
    st.sampled_from(["exact", "ebu"]),
)
def test_each_lines_shared_view_is_its_own(entries, method, board_number, extra, rounding):
    vulnerability = "None" if board_number == 1 else "Both"
    results = [_result(e, vulnerability) for e in entries]
    result = one_board(
        results, method, board=board_number, expected_results=len(results) + extra, neuberg_rounding=rounding
    )
    board = result.boards[0]
    swings = SessionView(SessionInputs(result, "s", SITE))  # the swings asked before any view is made
    for direction in (Direction.NS, Direction.EW):
        for i in range(len(board.lines)):
            want = _expected(board, i, result.options, direction)
            assert swings.worth_swing(board, i, direction) == (None if want is None else want["swing"])
    planner = SessionView(SessionInputs(result, "s", SITE))  # one view: the views are shared
    for direction in (None, Direction.NS, Direction.EW):
        for i in range(len(board.lines)):
            got = planner.worth(board, i, direction)
            want = _expected(board, i, result.options, direction)
            assert got == want
            if got is not None:
                assert got["swing"] == want["swing"]  # an int or a Fraction: the same number


def test_lines_with_the_same_result_share_one_view_and_others_do_not():
    """Hand-made, nobody vulnerable: 4S by N making 10 (+420) at two tables with one contract
    object, 4H by N making 10 (+420 too: only the contract differs), 4S by N making 10 with an equal but
    separate contract object, and 4S by N one down (-50)."""
    spades = Contract(4, Strain.SPADES, 0)
    hearts = Contract(4, Strain.HEARTS, 0)
    plays = [
        (spades, Seat.N, 10),
        (spades, Seat.N, 10),
        (hearts, Seat.N, 10),
        (Contract(4, Strain.SPADES, 0), Seat.N, 10),
    ]
    plays.append((spades, Seat.N, 9))
    result = one_board([_result(p, "None") for p in plays])
    board = result.boards[0]
    planner = SessionView(SessionInputs(result, "s", SITE))
    views = [planner.worth(board, i) for i in range(len(board.lines))]
    contracts = [(sl.line.ns.single.contract, sl.line.ns.single.tricks) for sl in board.lines]
    first, second = (i for i, (c, t) in enumerate(contracts) if c is spades and t == 10)
    assert views[first] is views[second]  # one result, one view
    heart = next(i for i, (c, _) in enumerate(contracts) if c is hearts)
    assert views[heart]["contract"] == hearts and views[heart] is not views[first]
    assert sorted(v["played"]["score"] for v in views) == [-50, 420, 420, 420, 420]
    for i, view in enumerate(views):
        assert view == _expected(board, i, result.options, None)

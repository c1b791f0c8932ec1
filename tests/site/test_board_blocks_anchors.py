"""``board_blocks`` works each line's anchors out inline (generator/site/explain_view.py); they
must be ``side_anchor``'s, the definition, unless two different explanations would share one
(then the line's own anchor): checked on random boards with splits and artificial scores."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.model import Artificial, Direction, Play, Scored, ScoringMethod
from generator.site import format as fmt
from generator.site.explain_view import board_blocks, side_anchor
from tests.helpers.builders import one_board

score = st.sampled_from([420, 450, -50, -100, 0, 170, 620])
result = st.one_of(
    score,
    score.map(lambda s: Scored.of(Play(s))),
    st.sampled_from([60, 50, 40]).map(Artificial.from_percent),
    st.tuples(score, score),  # a split score: each side its own
)


@settings(max_examples=100, deadline=None)
@given(st.lists(result, min_size=2, max_size=9), st.sampled_from([ScoringMethod.MATCHPOINTS, ScoringMethod.BUTLER]))
def test_anchors_are_side_anchors_unless_explanations_differ(results, method):
    board = one_board(results, method).boards[0]
    blocks, anchors = board_blocks(board, "matchpoints", lambda v: fmt.figure(v, "matchpoints"), {}, {})
    by_anchor = {b.anchor: b for b in blocks}
    for i, line in enumerate(board.lines):
        for k, direction in enumerate((Direction.NS, Direction.EW)):
            got = anchors[i][k]
            want = side_anchor(board, i, line, direction)
            own = f"line-{i + 1}-{direction.value.lower()}"
            assert got in (want, own)
            assert by_anchor[got].explanation == line.side(direction).explanation
            if got == own and want != own:  # moved only when the shared block explains another figure
                assert by_anchor[want].explanation != line.side(direction).explanation

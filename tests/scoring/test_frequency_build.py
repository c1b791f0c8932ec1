"""``FrequencyTable.build`` (whole results counted in ints, each score's frequency made once)
against its definition: each score's frequency the Fraction sum of its weights, 1 per whole
result — on random boards of whole and weighted results, complete and short."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.scoring.frequency import FrequencyTable

SCORES = [-200, -100, -50, 0, 110, 140, 420, 450]
whole = st.sampled_from(SCORES).map(lambda s: [(Fraction(1), s)])
weighted = st.tuples(st.sampled_from(SCORES), st.sampled_from(SCORES), st.integers(1, 9)).map(
    lambda t: [(Fraction(t[2], 10), t[0]), (Fraction(10 - t[2], 10), t[1])]
)


def frequencies(results) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for components in results:
        for weight, score in components:
            out[score] = out.get(score, Fraction(0)) + weight
    return out


@settings(max_examples=300, deadline=None)
@given(st.lists(whole | weighted, min_size=1, max_size=12), st.integers(0, 3))
def test_the_table_is_the_definitions(results, missing):
    table = FrequencyTable.build(results, len(results) + missing)
    expected = frequencies(results)
    assert table.frequency == expected
    assert all(type(f) is Fraction for f in table.frequency.values())
    assert table.scores == tuple(sorted(expected, reverse=True))
    assert table.occurs == {c[0][1] for c in results if len(c) == 1}
    factor = Fraction(len(results) + missing, len(results))
    for score in table.scores:
        assert table.factored(score) == expected[score] * factor
        assert table.below[score] == sum((expected[s] * factor for s in expected if s < score), Fraction(0))


def test_a_hand_counted_table():
    # 420 twice, 450 once, and a 60/40 weighted 420/-50: 420 → 2.6, 450 → 1, -50 → 0.4
    table = FrequencyTable.build(
        [
            [(Fraction(1), 420)],
            [(Fraction(1), 450)],
            [(Fraction(1), 420)],
            [(Fraction(3, 5), 420), (Fraction(2, 5), -50)],
        ]
    )
    assert table.frequency == {450: 1, 420: Fraction(13, 5), -50: Fraction(2, 5)}
    assert table.matchpoints(450) == 2 * Fraction(3) + 1 - 1

"""``running_totals`` and ``exact_sum`` (integer sums over a common denominator) against Fraction's own sums;
a lazily built scorecard against the one built at once."""

import itertools
import pickle
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.scoring.exact_sums import exact_sum, running_totals

figures = st.one_of(
    st.integers(min_value=-50, max_value=50),
    st.fractions(min_value=-50, max_value=50, max_denominator=60),
    st.sampled_from([Fraction(1, 2), Fraction(-3, 2), Fraction(26, 3), Fraction(125, 12)]),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(figures, max_size=40))
def test_running_totals_equal_the_fraction_sums(values):
    slow = list(itertools.accumulate((Fraction(v) for v in values), initial=Fraction(0)))[1:]
    fast = running_totals(values)
    assert fast == slow
    assert all(type(t) is Fraction for t in fast)


def test_a_hand_worked_card():
    # 7 + 5.5 + 26/3 = 21 1/6: the denominators 1, 2 and 3 meet at 6
    assert running_totals([Fraction(7), Fraction(11, 2), Fraction(26, 3)]) == [
        Fraction(7),
        Fraction(25, 2),
        Fraction(127, 6),
    ]
    assert running_totals([]) == []


@settings(max_examples=300, deadline=None)
@given(st.lists(figures, max_size=40))
def test_exact_sum_equals_the_fraction_sum(values):
    total = exact_sum(values)
    assert total == sum((Fraction(v) for v in values), Fraction(0))
    assert type(total) is Fraction
    assert (total.numerator, total.denominator) == (Fraction(total).numerator, Fraction(total).denominator)


def test_exact_sum_by_hand():
    # 7 + 5.5 + 26/3 = 127/6; nothing adds up to 0
    assert exact_sum([Fraction(7), Fraction(11, 2), Fraction(26, 3)]) == Fraction(127, 6)
    assert exact_sum([]) == Fraction(0)


def test_a_lazy_scorecard_is_the_card_built_at_once():
    from pathlib import Path

    from generator.readers import read_sessions
    from generator.scoring.options import ScoringOptions
    from generator.scoring.results import Scorecard
    from generator.scoring.session import score_session

    fixture = Path(__file__).resolve().parents[1] / "fixtures"
    files = sorted(fixture.rglob("*.xml"))
    assert files
    checked = 0
    for file in files[:5]:
        try:
            sessions = read_sessions(file)
        except Exception:  # a fixture of a bad file: not a scorecard test
            continue
        for session in sessions:
            if session.method.value == "teams":
                continue
            for standing in score_session(session, ScoringOptions()).standings:
                card = standing.scorecard
                assert isinstance(card, Scorecard) or session.individual
                entries = list(card)
                totals = running_totals([e.score.value for e in entries])
                assert [e.running_total for e in entries] == totals
                assert (totals[-1] if totals else 0) == standing.board_total
                assert card == tuple(entries) and len(card) == standing.boards_played
                assert pickle.loads(pickle.dumps(card)) == tuple(entries)  # build workers send it as a tuple
                checked += 1
    assert checked

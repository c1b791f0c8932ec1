"""Explanations that say what matters (issue 28): a Butler board missing a result says nothing
of Neuberg's factor unless it changes the datum, and a VP conversion leads with its result."""

from fractions import Fraction

from generator.model import ScoringMethod
from tests.helpers.builders import one_board

BUTLER = ScoringMethod.BUTLER


def _steps(result):
    return result.boards[0].explanation.steps


def test_butler_average_of_a_short_board_does_not_mention_the_factor():
    # 3 results where 4 were expected: the datum is their average, (620 + 170 + 170) / 3 = 320,
    # whatever each count is multiplied by, so no "counts 4 / 3 times (Neuberg)".
    result = one_board([620, 170, 170], BUTLER, expected_results=4)
    assert result.boards[0].datum == 320
    rules = [s.rule for s in _steps(result)]
    assert "neuberg.factor" not in rules
    assert not any("Neuberg" in s.summary or "as if it had" in s.summary for s in _steps(result))


def test_butler_percentage_trim_is_shown_on_the_results_as_played():
    # 10 results where 11 were expected, 10% off each end.  On the results as played: 1 result off
    # each end of 1000, 400 x8, -500 -> (400 x 8) / 8 = 400.  Factored (11/10 each, 1.1 off each end)
    # the datum is the same 400, so the working shows plain counts and no factor.
    scores = [1000] + [400] * 8 + [-500]
    result = one_board(scores, BUTLER, butler_trim="10%", expected_results=11)
    assert result.boards[0].datum == 400
    frequencies = next(s for s in _steps(result) if s.rule == "butler.frequencies")
    assert "times" not in frequencies.summary
    assert {r["score"]: r["counts_as"] for r in frequencies.values["rows"]} == {1000: 1, 400: 8, -500: 1}
    assert {r["score"]: r["kept"] for r in frequencies.values["rows"]} == {1000: 0, 400: 8, -500: 0}
    datum_step = next(s for s in _steps(result) if s.rule == "butler.datum")
    assert datum_step.summary == "(400 × 8) / 8 = 3200 / 8 = 400"


def test_butler_count_trim_of_a_short_board_still_mentions_the_factor():
    # 1 result off each end of a board of 3 where 4 were expected: 1 factored result is 3/4 of a
    # real one, so the factor changes what is left out and the explanation says so.
    result = one_board([620, 170, 100], BUTLER, butler_trim="1", expected_results=4)
    steps = _steps(result)
    assert "neuberg.factor" in [s.rule for s in steps]
    frequencies = next(s for s in steps if s.rule == "butler.frequencies")
    assert "each result counts 4 / 3 times" in frequencies.summary
    assert {r["score"]: r["counts_as"] for r in frequencies.values["rows"]} == {
        620: Fraction(4, 3),
        170: Fraction(4, 3),
        100: Fraction(4, 3),
    }


def test_a_teams_match_leads_with_its_vps(tmp_path):
    # 18.4 - 5 = 13.4 IMPs over 4 boards on the WBF 20-VP scale: 16.09 + (16.42 - 16.09) x 0.4
    # = 16.222, to two decimals 16.22, the loser 3.78.  The first step says so; the formula follows.
    from generator.scoring.teams import vp_lead

    step = vp_lead("Badgers", "Otters", Fraction(67, 5), 4, Fraction(1622, 100), Fraction(378, 100))
    assert step.summary == "Badgers by 13.4 IMPs over 4 boards → 16.22 VPs to Badgers, 3.78 to Otters"
    losing = vp_lead("Badgers", "Otters", Fraction(-1), 6, Fraction(963, 100), Fraction(1037, 100))
    assert losing.summary == "Otters by 1 IMP over 6 boards → 10.37 VPs to Otters, 9.63 to Badgers"
    assert vp_lead("A", "B", Fraction(0), 6, Fraction(10), Fraction(10)).summary == "a tie over 6 boards → 10 VPs each"

"""Sit-outs on the pages (issue 14 item 5): the board's traveller names the pair that sat out,
and a pair's scorecard says what a board it did not play scored and why.

The session (invented names) is a Howell of five pairs.  Board 1: 1 v 2 (+420), 3 v 4 (+170),
pair 5 sits out (recorded).  Board 2: 1 v 5 (4S made, NS vulnerable: +620), 2 v 3 (+170); pair 4 has no line and no
sit-out record: late.  E = 2, top 2.  ``sitout_policy`` average: pair 5 scores 1 (half a top)
for board 1 and 0 on board 2 (EW against 620 when the other NS made 170): 1 of 4 = 25 %.
Pair 4 scores 2 on board 1 (EW, 170 against 420) and nothing for board 2: 2 of 2 = 100 %.
Its scorecard says so and the total's explanation shows both.
"""

from __future__ import annotations

import pytest

from generator.site.build import build_site

SESSION = """event: Sit-out evening
method: matchpoints
movement: howell
options: {sitout_policy: average}
pairs:
  - {number: 1, players: [Ada Alder, Ben Birch]}
  - {number: 2, players: [Cal Cedar, Dot Dogwood]}
  - {number: 3, players: [Eli Elm, Fay Fir]}
  - {number: 4, players: [Gus Gorse, Hal Hazel]}
  - {number: 5, players: [Ivy Ivybush, Jon Juniper]}
boards:
  - number: 1
    results:
      - {ns: 1, ew: 2, contract: 4S, by: N, tricks: 10}
      - {ns: 3, ew: 4, contract: 2S, by: N, tricks: 10}
      - {ns: 5, sitout: true}
  - number: 2
    results:
      - {ns: 1, ew: 5, contract: 4S, by: N, tricks: 10}
      - {ns: 2, ew: 3, contract: 2S, by: N, tricks: 10}
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory, parse_page):
    tmp = tmp_path_factory.mktemp("sitout")
    content = tmp / "content"
    (content / "sessions").mkdir(parents=True)
    (content / "site.yaml").write_text("club: Test Club\n", encoding="utf-8")
    (content / "sessions" / "sit.yaml").write_text(SESSION, encoding="utf-8")
    build_site(content, tmp / "site", jobs=1)
    return lambda path: parse_page(tmp / "site", path)


def test_board_traveller_shows_the_sit_out_line(site):
    page = site("sessions/sit/board-1.html")
    assert "Pair 5 sat out (Ivy Ivybush & Jon Juniper): not a result on this board" in page.text
    assert "Pair 5 sat out: the sit-out slot is not one of the board's results (sitout_slot uncounted)" in page.text
    assert "Results 2 actual (A), 2 expected (E)" in page.text


def test_scorecard_of_the_pair_that_sat_out_says_what_it_scored(site):
    page = site("sessions/sit/pair-5.html")
    assert "sat out: an average (see how the total was calculated)" in page.text
    assert "Sat out 1 board: an average on each, 50% of the top of 2: 1 × 1 = 1 matchpoints" in page.text
    assert "25.00%" in page.text


def test_scorecard_of_a_late_pair_says_it_was_not_a_sit_out(site):
    page = site("sessions/sit/pair-4.html")
    assert "not played: no sit-out recorded (late or absent), so nothing scored" in page.text
    assert (
        "No result on board 2 and no sit-out recorded: the pair was late or absent, so the board scores nothing "
        "and no sit-out award is made"
    ) in page.text
    assert "100.00%" in page.text

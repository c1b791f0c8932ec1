"""Pages name the units a teams event is scored in, and show a director's penalty where a member looks."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.site.build import build_site

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "tests" / "fixtures" / "club"

BOARD_A_MATCH = """method: teams
event: Board-a-match teams
date: 2026-11-02
options: {teams_scoring: board-a-match}
teams:
  - {number: 1, name: Larks, players: [Ann Archer, Bill Baker]}
  - {number: 2, name: Owls, players: [Edna Ellis, Frank Fenwick]}
matches:
  - home: 1
    away: 2
    boards:
      - {number: 1, home_ns: {score: 130}, home_ew: {score: 120}}     # +10 net: the Larks' board
      - {number: 2, home_ns: {score: 620}, home_ew: {score: 620}}     # equal: shared
      - {number: 3, home_ns: {score: -100}, home_ew: {score: 110}}    # -210 net: the Owls' board
"""

PENALTY = """method: matchpoints
event: Pairs with a penalty
date: 2026-11-03
movement: mitchell
pairs:
  - {number: 1, direction: NS, players: [Ann Archer, Bill Baker]}
  - {number: 2, direction: NS, players: [Cora Cole, Dan Drake]}
  - {number: 1, direction: EW, players: [Edna Ellis, Frank Fenwick]}
  - {number: 2, direction: EW, players: [Gina Gale, Hal Hooper]}
boards:
  - number: 1
    results:
      - {ns: 1, ew: 1, score: 420}
      - {ns: 2, ew: 2, score: 400}
  - number: 2
    results:
      - {ns: 1, ew: 2, score: 110}
      - {ns: 2, ew: 1, score: 140}
penalties:
  - {pair: 1, direction: NS, amount: 25%, reason: slow play}
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory, parse_page):
    tmp = tmp_path_factory.mktemp("units")
    content = tmp / "content"
    (content / "sessions").mkdir(parents=True)
    shutil.copy(CONTENT / "site.yaml", content / "site.yaml")
    (content / "sessions" / "bam.yaml").write_text(BOARD_A_MATCH, encoding="utf-8")
    (content / "sessions" / "penalty.yaml").write_text(PENALTY, encoding="utf-8")
    build_site(content, tmp / "site", jobs=1)
    return lambda path: parse_page(tmp / "site", path)


def test_board_a_match_page_gives_each_team_its_share_of_every_board(site):
    page = site("sessions/bam/match-1.html")
    body = page.tables["match"][1:-1]
    assert [(r[0], r[3], r[4]) for r in body] == [("1", "1", "0"), ("2", "0.50", "0.50"), ("3", "0", "1")]
    assert page.tables["match"][-1][-2:] == ["1.50", "1.50"]
    assert "Larks 1.50 – 1.50 Owls board points" in page.text
    assert "IMPs" not in page.text.replace("Teams, IMPs and victory points", "")  # only the article's title
    headings = [h for _, h in page.headings]
    assert "Board 1: won by Larks, 1 – 0 board points" in headings
    assert "Board 2: shared, 0.50 – 0.50 board points" in headings


def test_board_a_match_session_ranks_in_board_points(site):
    page = site("sessions/bam/index.html")
    header = page.tables["ranking"][0]
    assert header[2:] == ["Board points", "Board points for", "Board points against"]
    assert "1–1.50 board points" not in page.text and "1.50–1.50 board points" in page.text


def test_penalty_row_on_the_scorecard_and_a_mark_in_the_ranking(site):
    # NS 1: 2 + 0 MP on two boards of top 2; 25 % of a top of 2 = 0.5 off: 1.5 MP, 37.5 %.
    page = site("sessions/penalty/pair-ns-1.html")
    rows = page.tables["scorecard"]
    assert rows[-1] == ["Director's penalty (slow play)", "-0.5", "", "1.5"]
    assert rows[-2][-1] == "2.0"  # the boards' running total before the deduction, to the column's one decimal
    assert "1.5 matchpoints · 37.50%" in page.text
    ranking = site("sessions/penalty/index.html")
    ns_rows = ranking.tables["ranking"][1:]
    assert any(r[3] == "1.5 P" for r in ns_rows)

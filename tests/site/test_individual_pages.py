"""Individual events on the pages (issue 14 item 1): the ranking of players, the traveller with
four names, a player's scorecard with partner and opponents; every sum on them true.  The
session is written here (invented names)."""

from __future__ import annotations

import pytest

from generator.site.build import build_site
from tests.helpers.arithmetic import count_statements, false_statements

NAMES = [
    "Ada Alder",
    "Bo Birch",
    "Cy Cedar",
    "Di Damson",
    "Ed Elm",
    "Flo Fir",
    "Gus Gorse",
    "Hal Hazel",
    "Ivy Ilex",
    "Jo Juniper",
    "Kit Larch",
    "Lu Lime",
]

# Three tables, twelve players.  Board 1 at three tables; board 2 at three, table 3 given A60/40
# (an artificial score: A = 2, E = 3); board 3 at two tables only (A = 2, E = 3: factored).
# Board 1 (None vul), NS scores +420, +450, -50: top 4; NS 2, 4, 0; EW 2, 0, 4.
#   table 1 N1 S2 E3 W4 · table 2 N5 S6 E7 W8 · table 3 N9 S10 E11 W12
SESSION = (
    """method: @METHOD@
event: Harvest Individual
date: 2026-11-18
players:
"""
    + "".join(f"  - {{number: {i}, name: {name}}}\n" for i, name in enumerate(NAMES, 1))
    + """boards:
  - number: 1
    results:
      - {N: 1, S: 2, E: 3, W: 4, contract: 4S, by: N, tricks: 10}
      - {N: 5, S: 6, E: 7, W: 8, contract: 4S, by: N, tricks: 11}
      - {N: 9, S: 10, E: 11, W: 12, contract: 4S, by: N, tricks: 9}
  - number: 2
    results:
      - {N: 1, S: 5, E: 2, W: 6, contract: 3NT, by: E, tricks: 9}
      - {N: 3, S: 9, E: 4, W: 10, contract: 3NT, by: E, tricks: 10}
      - {N: 7, S: 11, E: 8, W: 12, score: A60/40}
  - number: 3
    results:
      - {N: 1, S: 12, E: 5, W: 9, contract: 2H, by: S, tricks: 8}
      - {N: 2, S: 6, E: 10, W: 3, contract: 2H, by: S, tricks: 9}
"""
)


def _build(root, method="matchpoints", scoring=None):
    content = root / "content"
    (content / "sessions").mkdir(parents=True)
    (content / "site.yaml").write_text(
        "club: Test Club\n" + (f"scoring: {scoring}\n" if scoring else ""), encoding="utf-8"
    )
    (content / "sessions" / "individual.yaml").write_text(SESSION.replace("@METHOD@", method), encoding="utf-8")
    build_site(content, root / "site", jobs=1)
    return root / "site"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return _build(tmp_path_factory.mktemp("individual"))


@pytest.fixture(scope="module")
def site(built, parse_page):
    return lambda path: parse_page(built, path)


def test_the_ranking_is_of_players(site):
    page = site("sessions/individual/index.html")
    assert "Individual, matchpoints" in page.text
    ranking = page.tables["ranking"]
    assert ranking[0][:4] == ["Place", "Player", "Name", "Matchpoints"]
    # Player 1 (North throughout): board 1 +420 beats -50 and loses to +450: 2 of 4.  Board 2:
    # -400 beats -430; the A60/40 line is not a result, so A = 2, E = 3 and Neuberg gives
    # (2 + 1) × 3 / 2 − 1 = 3.5 of 4.  Board 3: +110 loses to +140, A = 2, E = 3:
    # (0 + 1) × 3 / 2 − 1 = 0.5 of 4.  2 + 3.5 + 0.5 = 6 of 12 = 50 %.
    row = next(r for r in ranking[1:] if r[1] == "1")
    assert (row[2], row[3], row[4]) == ("Ada Alder", "6.0", "50.00")
    assert len(ranking) == 1 + 12


def test_the_traveller_names_all_four_players(site):
    page = site("sessions/individual/board-2.html")
    traveller = page.tables["traveller"]
    assert traveller[0][:2] == ["NS", "EW"]
    assert traveller[1][:2] == ["N Ada AlderS Ed Elm", "E Bo BirchW Flo Fir"]  # a <br> between the two players
    assert page.table_links["traveller"][1][0] == "pair-1.html"
    assert "N Ada Alder, S Ed Elm v E Bo Birch, W Flo Fir" in page.text  # what each trick was worth


def test_the_travellers_figures_say_whose_they_are(built):
    # Board 2, table 1: NS -400 beats -430 (A = 2, E = 3): NS (2 + 1) × 3 / 2 − 1 = 3.5, EW 4 − 3.5 = 0.5.
    html = (built / "sessions" / "individual" / "board-2.html").read_text(encoding="utf-8")
    assert 'aria-label="3.5: how NS Ada Alder and Ed Elm got it"' in html
    assert 'aria-label="0.5: how EW Bo Birch and Flo Fir got it"' in html


def test_a_players_scorecard_shows_partner_and_opponents(site):
    page = site("sessions/individual/pair-2.html")
    assert ("1", "Player 2 Bo Birch") in [(str(level), h) for level, h in page.headings]
    card = page.tables["scorecard"]
    assert card[0][:4] == ["Board", "Seat", "Partner", "Against"]
    # Board 1 South with Ada Alder; board 2 East with Flo Fir against Ada Alder and Ed Elm; board 3 North.
    assert [r[:4] for r in card[1:]] == [
        ["1", "S", "Ada Alder", "Cy Cedar, Di Damson"],
        ["2", "E", "Flo Fir", "Ada Alder, Ed Elm"],
        ["3", "N", "Flo Fir", "Jo Juniper, Cy Cedar"],
    ]
    assert "sat NS" not in page.text
    assert "(your side declared)" in page.text and "(you declared)" not in page.text
    assert "Player 2: " in page.text  # the total's explanation names the player


def test_the_players_history_says_individual_instead_of_a_partner(site):
    history = site("players/bo-birch.html").tables["history"]
    assert history[0][2] == "Partner"
    # Bo Birch (player 2): board 1 South, +420: 2; board 2 East, EW +400 loses to +430, A = 2, E = 3:
    # (0 + 1) × 3 / 2 − 1 = 0.5; board 3 North, +140 beats +110: (2 + 1) × 3 / 2 − 1 = 3.5.
    # 2 + 0.5 + 3.5 = 6 of 12 = 50 %.
    assert [history[1][i] for i in (1, 2, 4)] == ["Harvest Individual", "individual (player 2)", "50.00%"]
    ranking = site("sessions/individual/index.html").tables["ranking"]
    place = next(r[0] for r in ranking[1:] if r[1] == "2")
    assert history[1][3] == f"{place}/12"


def test_a_player_who_missed_a_board_is_marked(site):
    card = site("sessions/individual/pair-4.html").tables["scorecard"]
    assert card[3][:2] == ["3", "not played"]


@pytest.mark.parametrize(
    "method, scoring",
    [("matchpoints", None), ("matchpoints", "{matchpoint_units: acbl}"), ("cross_imps", None), ("butler", None)],
)
def test_every_sum_on_the_individual_pages_is_true(tmp_path, method, scoring):
    built = _build(tmp_path, method, scoring)
    seen = 0
    wrong = []
    for page in sorted((built / "sessions").rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        seen += count_statements(html)
        wrong += [f"{page.name}: {st.line[:160]!r}: {why}" for st, why in false_statements(html)]
    assert not wrong, "\n".join(wrong[:20])
    assert seen > 20, f"only {seen} statements found: the extraction has stopped finding the sums"

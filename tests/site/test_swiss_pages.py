"""Swiss pairs pages: round by round, each match, the pair's rounds, the session's standings.

Built from tests/fixtures/explanations/swiss.yaml alone (cross-IMPs divided by the
comparisons, WBF continuous scale, a bye worth 12 VPs).  Worked by hand:

Round 1, match pair 1 (NS, table 1) v pair 2, boards 1 and 2 (three tables each):
  board 1: +420 against −50 (470: 10 IMPs) and +170 (250: 6 IMPs): (10 + 6) / 2 = 8.
  board 2: weighted 60 % of +620, 40 % of −100, against +600 and −100:
    +620: 20 → 1, 720 → 12: 13 / 2 = 6.5; −100: −700 → −12, 0 → 0: −12 / 2 = −6;
    0.6 × 6.5 + 0.4 × −6 = 3.9 − 2.4 = 1.5.
  Pair 1: 8 + 1.5 = 9.5, pair 2: −9.5; margin (9.5 − (−9.5)) / 2 = 9.5 IMPs.
  WBF scale, 2 boards (B = 15√2 = 21.21): 9 IMPs 16.00, 10 IMPs 16.46; 9.5 → 16.00 + 0.46 × 0.5
  = 16.23 to pair 1, 20 − 16.23 = 3.77 to pair 2.
Round 1, pair 5 (NS, table 3) v pair 6: board 1 +170 against +420 (−6) and −50 (+6): 0;
  board 2 −100 against the weighted line (60 % × −12 + 40 % × 0 = −7.2) and +600 (−12): −19.2 / 2
  = −9.6.  Margin 9.6 to pair 6: 16.00 + 0.46 × 0.6 = 16.276, 16.28.  Pair 6 has the bye in
  round 2: 12 VPs, 16.28 + 12 = 28.28 after round 2.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.site.build import build_site

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "explanations" / "swiss.yaml"
SESSION = "sessions/swiss"


@pytest.fixture(scope="module")
def site(tmp_path_factory, parse_page):
    tmp = tmp_path_factory.mktemp("swiss")
    content = tmp / "content"
    (content / "sessions").mkdir(parents=True)
    (content / "site.yaml").write_text("club: Test Club\n", encoding="utf-8")
    shutil.copy(FIXTURE, content / "sessions" / "swiss.yaml")
    build_site(content, tmp / "site", jobs=1)
    return lambda path: parse_page(tmp / "site", path)


def test_round_by_round_shows_matches_byes_and_standings(site):
    page = site(f"{SESSION}/swiss.html")
    r1 = page.tables["swiss-matches"]
    assert r1[1] == ["1", "1 Ada Alder & Ben Birch", "2 Cleo Cedar & Dov Dogwood", "+9.50", "16.23–3.77"]
    assert r1[3] == ["3", "5 Iona Ivy & Joel Juniper", "6 Kit Larch & Lou Linden", "-9.60", "3.72–16.28"]
    assert r1[4] == ["", "7 Max Maple & Nia Nettle", "bye", "", "12.00"]
    after1 = page.tables["ranking swiss"]
    assert after1[0] == ["Place", "Pair", "Names", "Round 1", "Total VPs", "IMPs (tie-break)"]
    assert after1[1][:5] == ["1", "6", "Kit Larch & Lou Linden", "16.28", "16.28"]
    after2 = page.tables["ranking swiss#2"]
    # Pair 6's round 2 was its bye: marked in its round's column (12 VPs, the fixture's swiss_bye_vps).
    assert after2[1] == ["1", "6", "Kit Larch & Lou Linden", "16.28", "bye 12.00", "28.28", "+9.60"]
    assert [h for _, h in page.headings if h.startswith("Standings")] == [
        "Standings after round 1",
        "Standings after round 2",
    ]


def test_match_page_shows_each_board_and_the_vp_conversion(site):
    page = site(f"{SESSION}/swiss-round-1-match-1.html")
    rows = page.tables["match"]
    assert [r[0] for r in rows[1:3]] == ["1", "2"]
    assert [(r[3], r[4]) for r in rows[1:3]] == [("8.00 NS", "-8.00"), ("1.50 NS", "-1.50")]
    assert rows[3] == ["Total", "9.50", "-9.50"]
    text = " ".join(page.text.split())
    assert "1 Ada Alder & Ben Birch 16.23 – 3.77 2 Cleo Cedar & Dov Dogwood" not in text  # the header uses labels
    assert "1 16.23 – 3.77 2 VPs · 9.50 IMPs to pair 1" in text
    assert "(9.5 − (-9.5)) / 2 = 9.5: 9.5 IMPs to 1 Ada Alder & Ben Birch" in text
    assert "10.00" not in text.split("How the result was calculated")[0]
    assert "16.23 – 3.77 (the loser gets 20 − 16.23 = 3.77)" in text
    assert "16.23 + 3.77 = 20, the pool" in text


def test_every_board_figure_links_to_its_explanation_on_the_board_page(site):
    page = site(f"{SESSION}/swiss-round-1-match-1.html")
    links = [row[3] for row in page.table_links["match"][1:3]] + [row[4] for row in page.table_links["match"][1:3]]
    assert links == ["board-1.html#ns-420", "board-2.html#line-3-ns", "board-1.html#ew-420", "board-2.html#line-3-ew"]
    for link in links:
        file, anchor = link.split("#")
        assert anchor in site(f"{SESSION}/{file}").ids


def test_pair_page_lists_its_rounds(site):
    page = site(f"{SESSION}/pair-6.html")
    rows = page.tables["swiss-rounds"]
    assert rows[1] == ["1", "5 Iona Ivy & Joel Juniper", "+9.60", "16.28", "16.28", "1"]
    assert rows[2] == ["2", "bye", "", "12.00", "28.28", "1"]
    assert page.table_links["swiss-rounds"][1][2] == "swiss-round-1-match-3.html"
    assert "Place 1 · 28.28 VPs" in " ".join(page.text.split())


def test_session_page_shows_the_final_standings_and_links_round_by_round(site):
    page = site(f"{SESSION}/index.html")
    standings = page.tables["ranking swiss"]
    assert standings[1][:2] == ["1", "6"] and standings[1][-2:] == ["28.28", "+9.60"]
    assert ("swiss.html", "Round by round") in page.links
    assert any(h == "IMPs over all boards" for _, h in page.headings)


def test_every_link_on_the_swiss_pages_resolves(site, tmp_path):
    pages = ["swiss.html", "index.html", "pair-1.html"] + [
        f"swiss-round-{r}-match-{m}.html" for r in (1, 2) for m in (1, 2, 3)
    ]
    for name in pages:
        page = site(f"{SESSION}/{name}")
        for href, _ in page.links:
            if href.startswith(("http", "mailto:")) or href.startswith("../../"):
                continue
            file, _, anchor = href.partition("#")
            target = site(f"{SESSION}/{file}") if file else page
            if anchor:
                assert anchor in target.ids, f"{name}: {href}"


def test_player_and_home_pages_use_the_swiss_result(site):
    player = site("players/kit-larch.html")
    rows = [r for t in player.tables.values() for r in t if "Every Kind Swiss Pairs" in " ".join(r)]
    assert rows and "1/7" in rows[0] and "28.28 VPs" in rows[0]
    home = " ".join(site("index.html").text.split())
    assert "Won by Kit Larch & Lou Linden" in home


def test_session_page_has_one_place_column_words_for_every_column_and_the_rules(site):
    page = site(f"{SESSION}/index.html")
    standings = page.tables["ranking swiss"]
    assert standings[0] == ["Place", "Pair", "Names", "Round 1", "Round 2", "Total VPs", "IMPs (tie-break)"]
    assert standings[1][4] == "bye 12.00"  # pair 6's bye in round 2
    # The IMPs over all boards are not a ranking: no second Place column, the Swiss order.
    imps = page.tables["ranking"]
    assert "Place" not in imps[0]
    assert [r[0] for r in imps[1:]] == [r[1] for r in standings[1:]]
    assert "Factored" not in page.text
    text = " ".join(page.text.split())
    assert "Pairs level on VPs are placed by their net IMPs (the tie-break)" in text
    assert "A bye scores 12.00 VPs (the club's option swiss_bye_vps), marked “bye” in its round." in text


# Two matches of one board, both tables +420 (4S made by N): every cross-IMP comparison is 0, each
# match 0 IMPs, 10–10 VPs of a 20-VP pool: four pairs level on VPs (10) and on IMPs (0), all 1=.
TIED = """club: Test Club
event: Level Swiss
date: 2026-04-08
method: cross_imps
movement: howell
pairs:
  - {number: 1, players: [Ada Ash, Ben Beech]}
  - {number: 2, players: [Cy Cork, Di Dale]}
  - {number: 3, players: [Em Elm, Flo Fern]}
  - {number: 4, players: [Gus Gale, Hal Heath]}
swiss:
  rounds:
    - round: 1
      boards: [1]
      matches:
        - {table: 1, ns: 1, ew: 2}
        - {table: 2, ns: 3, ew: 4}
boards:
  - number: 1
    results:
      - {ns: 1, ew: 2, contract: 4S, by: N, tricks: 10}
      - {ns: 3, ew: 4, contract: 4S, by: N, tricks: 10}
"""


def test_pairs_level_on_vps_and_imps_share_the_place(tmp_path, parse_page):
    content = tmp_path / "content"
    (content / "sessions").mkdir(parents=True)
    (content / "site.yaml").write_text("club: Test Club\n", encoding="utf-8")
    (content / "sessions" / "level.yaml").write_text(TIED, encoding="utf-8")
    build_site(content, tmp_path / "site", jobs=1)
    page = parse_page(tmp_path / "site", "sessions/level/index.html")
    rows = page.tables["ranking swiss"][1:]
    assert [(r[0], r[-2], r[-1]) for r in rows] == [("1=", "10.00", "0")] * 4
    home = " ".join(parse_page(tmp_path / "site", "index.html").text.split())
    assert (
        "Won by Ada Ash & Ben Beech and Cy Cork & Di Dale and Em Elm & Flo Fern and Gus Gale & Hal Heath, tied" in home
    )

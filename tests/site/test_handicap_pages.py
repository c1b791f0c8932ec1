"""Handicap pairs on the pages: the scratch ranking, the handicap ranking beside it, and each
pair's handicapped percentage explained; masterpoints as awarded.  The session is shared with
the reader tests (tests/helpers/sessions.py, invented names)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.site.build import build_site
from tests.helpers.sessions import HANDICAP_PAIRS_WITH_MASTERPOINTS

ROOT = Path(__file__).resolve().parents[2]

# The session (tests/helpers/sessions.py): three tables, two boards, top 4 a board (8 in all).  Board 1 NS 420/400/170: NS 4, 2, 0;
# board 2 NS −100/140/140: NS 0, 3, 3.  Scratch NS1 4/8 = 50 %, NS2 5/8 = 62.5 %, NS3 3/8 = 37.5 %.
# Whole handicaps +5, −10, +15: NS1 55 %, NS2 52.5 %, NS3 52.5 %.

ARTICLE = """---
title: Handicap pairs
rules: [handicap]
---
Scratch percentage plus the handicap.
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory, parse_page):
    tmp = tmp_path_factory.mktemp("handicap")
    content = tmp / "content"
    (content / "sessions").mkdir(parents=True)
    (content / "articles").mkdir()
    (content / "site.yaml").write_text("club: Test Club\n", encoding="utf-8")
    (content / "articles" / "handicaps.md").write_text(ARTICLE, encoding="utf-8")
    (content / "sessions" / "hcp.yaml").write_text(HANDICAP_PAIRS_WITH_MASTERPOINTS, encoding="utf-8")
    plain = "\n".join(
        line.split(", handicap:")[0] + "}" if ", handicap:" in line else line
        for line in HANDICAP_PAIRS_WITH_MASTERPOINTS.splitlines()
    )
    (content / "sessions" / "plain.yaml").write_text(
        plain.replace("Handicap pairs", "Plain pairs") + "\n", encoding="utf-8"
    )
    build_site(content, tmp / "site", jobs=1)
    return lambda path: parse_page(tmp / "site", path)


def test_session_page_shows_both_rankings(site):
    page = site("sessions/hcp/index.html")
    assert ("2", "North-South scratch") in [(str(level), h) for level, h in page.headings]
    assert ("2", "North-South handicap") in [(str(level), h) for level, h in page.headings]
    scratch = page.tables["ranking"]
    assert [(r[0], r[1], r[4]) for r in scratch[1:]] == [("1", "2", "62.50"), ("2", "1", "50.00"), ("3", "3", "37.50")]
    handicap = page.tables["ranking handicap"]
    assert handicap[0][:7] == ["Place", "Pair", "Names", "Scratch %", "Handicap", "%", "Scratch place"]
    assert [(r[0], r[1], r[3], r[4], r[5], r[6]) for r in handicap[1:]] == [
        ("1", "1", "50.00", "+5.00", "55.00", "2"),
        ("2=", "2", "62.50", "−10.00", "52.50", "1"),
        ("2=", "3", "37.50", "+15.00", "52.50", "3"),
    ]
    assert page.table_links["ranking handicap"][1][5] == "pair-ns-1.html#handicap"


def test_pair_page_explains_the_handicapped_percentage(site):
    page = site("sessions/hcp/pair-ns-2.html")
    assert "62.50% · how · handicap place 2= , 52.50% · how" in page.text
    assert "handicap" in page.ids
    assert "Pair 2 NS: handicapped 52.50%" in [h for _, h in page.headings]
    assert "Scratch 62.5% − the handicap 10 = 52.5%" in page.text
    assert ("../../articles/handicaps.html", "Handicap pairs") in page.links


def test_a_session_without_handicaps_has_one_ranking(site):
    page = site("sessions/plain/index.html")
    assert "ranking handicap" not in page.tables
    assert [h for _, h in page.headings if h.startswith("North-South")] == ["North-South"]
    assert "handicap" not in site("sessions/plain/pair-ns-2.html").text.lower()


def test_masterpoints_as_awarded_on_ranking_pair_and_player_pages(site):
    page = site("sessions/hcp/index.html")
    # Awarded on the handicap order (issue 28): in that table, not in the scratch one.
    assert "Masterpoints" not in page.tables["ranking"][0]
    handicap = page.tables["ranking handicap"]
    assert handicap[0][-1] == "Masterpoints"
    assert [(r[0], r[1], r[-1]) for r in handicap[1:]] == [("1", "1", ""), ("2=", "2", "60 green"), ("2=", "3", "")]
    assert "masterpoints awarded 60 (green)" in site("sessions/hcp/pair-ns-2.html").text
    history = site("players/clara-croft.html").tables["history"]
    assert history[0][-1] == "Masterpoints"
    # Newest first: the plain session (no award) then the handicap one.
    assert [(r[1], r[-1]) for r in history[1:]] == [("Plain pairs", ""), ("Handicap pairs", "60 green")]
    assert "Masterpoints" not in site("sessions/plain/index.html").tables["ranking"][0]


def test_results_csv_adds_the_handicap_columns(site, tmp_path_factory):
    import csv
    import glob
    from pathlib import Path

    path = sorted(
        glob.glob(str(tmp_path_factory.getbasetemp() / "handicap*" / "site" / "sessions" / "hcp" / "results.csv"))
    )[-1]
    rows = list(csv.DictReader(Path(path).read_text(encoding="utf-8").splitlines()))
    ns2 = next(r for r in rows if r["pair"] == "2 NS")
    # 62.5 % scratch, handicap −10 added whole: 52.5 %, second equal.
    assert (
        ns2["percentage"],
        ns2["handicap"],
        ns2["handicap_applied"],
        ns2["handicap_percentage"],
        ns2["handicap_rank"],
    ) == ("62.5", "-10", "-10", "52.5", "2=")
    plain = Path(path.replace("/hcp/", "/plain/")).read_text(encoding="utf-8").splitlines()[0]
    assert "handicap" not in plain


def test_a_handicap_event_says_so_on_the_session_and_home_pages(site):
    page = site("sessions/hcp/index.html")
    assert "Pairs, Mitchell, matchpoints, handicap" in page.text
    assert "A handicap event: this is the scratch ranking, on the percentages as played" in page.text
    assert "Pairs, Mitchell, matchpoints, handicap" not in site("sessions/plain/index.html").text
    home = site("index.html").text
    assert "Pairs, Mitchell, matchpoints, handicap" in home
    # NS: scratch winner NS2 (62.5 %), handicap winner NS1 (55 %): both named, each labelled.
    # EW (EW = 4 − NS a board): EW1 0 + 4 = 50 %, EW2 2 + 1 = 37.5 %, EW3 4 + 1 = 62.5 %; handicaps
    # 0, +2.5, −2.5: 50 %, 40 %, 60 %: EW3 wins both, said once.
    assert (
        "Won by Alma Abbott & Basil Birch (North-South, handicap); Clara Croft & Desmond Dale "
        "(North-South, scratch); Kitty Keane & Lionel Lamb (East-West, handicap and scratch)"
    ) in home

"""Strata on the pages: each pair's places by stratum beside the overall place (invented names)."""

from __future__ import annotations

import pytest

from generator.site.build import build_site

# A Howell of four pairs, two boards, top 2 a board.  Board 1: 1 v 2 +420, 3 v 4 +450: pair 3 beats
# pair 1 (NS 2 and 0), pair 2 beats pair 4 (EW 2 and 0).  Board 2: 1 v 3 +100, 4 v 2 +140: pair 4 2,
# pair 1 0; EW pair 3 2, pair 2 0.  Totals: 1: 0, 2: 2, 3: 4, 4: 2 of 4.
# Pair 3 (C) 100 %; pairs 2 (B) and 4 (B) 50 %; pair 1 (A) 0 %.
SESSION = """method: matchpoints
event: Stratified
date: 2026-11-12
movement: howell
strata:
  - {name: A}
  - {name: B, max_rating: 1000}
  - {name: C, max_rating: 300}
pairs:
  - {number: 1, players: [Aurelia Banks, Cedric Dorn], rating: 1850}
  - {number: 2, players: [Eleanor Fitch, Godfrey Hale], rating: 640}
  - {number: 3, players: [Isadora Jupp, Kendrick Lowe], stratum: C}
  - {number: 4, players: [Millicent Noake, Orville Pask], stratum: B}
boards:
  - number: 1
    results:
      - {ns: 1, ew: 2, score: 420}
      - {ns: 3, ew: 4, score: 450}
  - number: 2
    results:
      - {ns: 1, ew: 3, score: 100}
      - {ns: 4, ew: 2, score: 140}
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory, parse_page):
    tmp = tmp_path_factory.mktemp("strata")
    content = tmp / "content"
    (content / "sessions").mkdir(parents=True)
    (content / "site.yaml").write_text("club: Test Club\n", encoding="utf-8")
    (content / "sessions" / "strat.yaml").write_text(SESSION, encoding="utf-8")
    build_site(content, tmp / "site", jobs=1)
    return lambda path: parse_page(tmp / "site", path)


def test_ranking_shows_places_by_stratum(site):
    ranking = site("sessions/strat/index.html").tables["ranking"]
    assert ranking[0][:3] == ["Place", "Strata", "Pair"]
    # A: 3 1st, 2 and 4 2=, 1 4th.  B (B and C pairs): 3 1st, 2 and 4 2=.  C: 3 1st.
    assert [(r[0], r[1], r[2]) for r in ranking[1:]] == [
        ("1", "A 1 · B 1 · C 1", "3"),
        ("2=", "A 2= · B 2=", "2"),
        ("2=", "A 2= · B 2=", "4"),
        ("4", "A 4", "1"),
    ]


def test_pair_page_shows_its_places_by_stratum(site):
    assert "Place 1 (A 1, B 1, C 1: places by stratum)" in site("sessions/strat/pair-3.html").text


def test_the_strata_are_explained_under_the_ranking(site):
    text = " ".join(site("sessions/strat/index.html").text.split())
    # The session's strata: A (no limit), B max_rating 1000, C max_rating 300.
    assert (
        "Strata: A open to every pair; B pairs rated 1000 or less; C pairs rated 300 or less. "
        "A pair is placed in its own stratum and in every higher one."
    ) in text
    # Pairs 2 and 4 share place 2 (50 % each): the "=" is explained.
    assert "A place followed by “=” is shared by pairs on equal scores." in text

"""A scorecard's rows and a traveller's contract in the site's language (issue 29): a board sat
out, a board not played, a passed-out board.  The sit-out session is tests/site/test_sitout_pages.py's
(invented names: pair 5 sits out board 1, recorded; pair 4 has no line on board 2 and no record);
a second session has a board passed out at one table.  English of each: "sat out: an average (see
how the total was calculated)", "not played: no sit-out recorded (late or absent), so nothing
scored", the contract "Pass"."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from generator.site import i18n
from generator.site.build import build_site
from tests.site.test_sitout_pages import SESSION as SITOUT

NBSP = "\u00a0"

PASSED = """event: Quiet evening
method: matchpoints
movement: mitchell
pairs:
  - {number: 1, direction: NS, players: [Kim Kale, Lou Leek]}
  - {number: 2, direction: NS, players: [Max Mint, Nia Nut]}
  - {number: 1, direction: EW, players: [Oz Oat, Pam Pea]}
  - {number: 2, direction: EW, players: [Quin Quince, Rae Rye]}
boards:
  - number: 1
    results:
      - {ns: 1, ew: 1, contract: PASS, score: 0}
      - {ns: 2, ew: 2, contract: 1NT, by: N, tricks: 7}
"""

EXPECTED = {
    "fr": {
        "sat_out": f"relâche{NBSP}: une moyenne (voir comment le total a été calculé)",
        "not_played": f"non jouée{NBSP}: aucune relâche enregistrée (retard ou absence), donc rien de marqué",
        "pass": "Passe",
        "heading": f"Nord-Sud, NS 0 (passe générale){NBSP}: 0,0 point de match",
    },
    "nl": {
        "sat_out": "stilgezeten: een gemiddelde (zie hoe het totaal is berekend)",
        "not_played": "niet gespeeld: geen stilzit vastgelegd (te laat of afwezig), dus niets gescoord",
        "pass": "Pas",
        "heading": "Noord-Zuid, NS 0 (rondgepast): 0,0 matchpunten",
    },
    "en": {
        "sat_out": "sat out: an average (see how the total was calculated)",
        "not_played": "not played: no sit-out recorded (late or absent), so nothing scored",
        "pass": "Pass",
        "heading": "North-South, NS 0 (passed out): 0.0 matchpoints",
    },
}


@pytest.fixture(scope="module", params=["fr", "nl", "en"])
def built(request, tmp_path_factory) -> tuple[str, Path]:
    language = request.param
    tmp = tmp_path_factory.mktemp(language)
    content = tmp / "content"
    (content / "sessions").mkdir(parents=True)
    (content / "site.yaml").write_text(f"club: Test Club\nlanguage: {language}\n", encoding="utf-8")
    (content / "sessions" / "sit.yaml").write_text(SITOUT, encoding="utf-8")
    (content / "sessions" / "quiet.yaml").write_text(PASSED, encoding="utf-8")
    build_site(content, tmp / "site", jobs=1)
    i18n.activate(i18n.ENGLISH)
    return language, tmp / "site"


def _cells(site: Path, page: str) -> list[str]:
    html = (site / page).read_text(encoding="utf-8")
    return [unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", html, re.S)]


def test_a_board_sat_out_says_so_in_the_language(built):
    language, site = built
    assert EXPECTED[language]["sat_out"] in _cells(site, "sessions/sit/pair-5.html")


def test_a_board_not_played_says_so_in_the_language(built):
    language, site = built
    assert EXPECTED[language]["not_played"] in _cells(site, "sessions/sit/pair-4.html")


def test_a_passed_out_contract_and_its_heading_in_the_language(built):
    language, site = built
    assert EXPECTED[language]["pass"] in _cells(site, "sessions/quiet/board-1.html")
    html = (site / "sessions/quiet/board-1.html").read_text(encoding="utf-8")
    # (the seats' letters are l10n-seats' part: 'NZ' in Dutch there)
    headings = [unescape(h).replace("NZ 0", "NS 0") for h in re.findall(r'<h3 id="[^"]*-h">([^<]*)</h3>', html)]
    assert EXPECTED[language]["heading"] in headings, headings

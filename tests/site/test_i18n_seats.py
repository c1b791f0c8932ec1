"""Seats and directions as each country abbreviates them (issue 29): French N, E, S, O and NS, EO;
Dutch N, O, Z, W and NZ, OW (docs/translating.md) — on the traveller's column heads, the pair
labels, the declarer, the double-dummy grid, par, the vulnerability, the explanation headings'
pairs and the engine's sentences; English exactly as before; page addresses never change.

A small Mitchell session (invented names), built in English, French and Dutch.  Every expected
text is written out by hand from the upload below: board 1's second table is 3♦ by West, its
third a weighted score between pairs NS 3 and EW 3; board 2's par is 1♠ by East or West and
board 3 (dealer South) has East-West vulnerable."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.scoring.message import english, formula, msg, seat
from generator.site import i18n
from generator.site.build import build_site
from tests.helpers.member_text import MemberText as _Reader  # a page's text and what a screen reader says

ROOT = Path(__file__).resolve().parents[2]

SESSION = """method: matchpoints
event: Soirée Tréguier
date: 2026-09-07
movement: mitchell
pairs:
  - {number: 1, direction: NS, players: [Aurore Kervella, Bleunven Tallec]}
  - {number: 2, direction: NS, players: [Clet Huon, Dewi Loaec]}
  - {number: 3, direction: NS, players: [Erwan Prigent, Fulup Nedelec]}
  - {number: 1, direction: EW, players: [Gwenola Raoul, Herve Bihan]}
  - {number: 2, direction: EW, players: [Ivona Salaun, Jord Cloarec]}
  - {number: 3, direction: EW, players: [Klervi Madec, Lan Bothorel]}
boards:
  - number: 1
    deal: "N:T5.T7.K32.KQT965 Q9863.632.T4.J43 AKJ.9854.J9765.8 742.AKQJ.AQ8.A72"
    results:
      - {ns: 1, ew: 1, contract: 2S, by: E, tricks: 8, lead: DJ}
      - {ns: 2, ew: 2, contract: 3D, by: W, tricks: 9, lead: DJ}
      - ns: 3
        ew: 3
        weighted:
          - {weight: 50%, contract: 2S, by: E, tricks: 8}
          - {weight: 50%, contract: 2S, by: E, tricks: 9}
  - number: 2
    deal: "N:652.AQ962.T5.J92 KQJ8.K3.A432.854 T43.J8.KQJ98.AT3 A97.T754.76.KQ76"
    results:
      - {ns: 1, ew: 2, contract: 2NT, by: W, tricks: 9, lead: HA}
      - {ns: 2, ew: 3, contract: 2NT, by: W, tricks: 8, lead: HA}
      - {ns: 3, ew: 1, contract: 2NT, by: W, tricks: 8, lead: HA}
  - number: 3
    deal: "S:T5.T7.K32.KQT965 Q9863.632.T4.J43 AKJ.9854.J9765.8 742.AKQJ.AQ8.A72"
    results:
      - {ns: 1, ew: 3, contract: 1NT, by: S, tricks: 7, lead: SA}
      - {ns: 2, ew: 1, contract: 1NT, by: N, tricks: 8, lead: SA}
      - {ns: 3, ew: 2, contract: 2H, by: W, tricks: 7, lead: SA}
"""

SESSION_DIR = "sessions/2026-09-07-soiree"


@pytest.fixture(scope="module")
def sites(tmp_path_factory) -> dict[str, Path]:
    built = {}
    for language in ("en", "fr", "nl"):
        tmp = tmp_path_factory.mktemp(language)
        content = tmp / "content"
        (content / "sessions").mkdir(parents=True)
        (content / "sessions" / "2026-09-07-soiree.yaml").write_text(SESSION, encoding="utf-8")
        (content / "site.yaml").write_text(f"club: Club de Tréguier\nlanguage: {language}\n", encoding="utf-8")
        build_site(content, tmp / "site", cache_dir=tmp / "cache", jobs=1)
        i18n.activate(i18n.ENGLISH)
        built[language] = tmp / "site"
    return built


def _page(sites: dict[str, Path], language: str, name: str) -> str:
    return (sites[language] / SESSION_DIR / name).read_text(encoding="utf-8")


def _text(html: str) -> str:
    """A fragment as a member reads it (tags dropped, spaces joined)."""
    return " ".join(re.sub(r"<[^>]+>", "", html).split())


# What each language shows, written out by hand.
EXPECTED = {
    "en": {
        "traveller_head": '<th scope="col">NS</th><th scope="col">EW</th>',
        "unit_heads": '<th scope="col">NS MP</th><th scope="col">EW MP</th>',
        "declarer_west": "<td>W</td>",
        "dd_west": '<abbr title="West">W</abbr>',
        "dd_south": '<abbr title="South">S</abbr>',
        "dd_east": '<abbr title="East">E</abbr>',
        "par_board_1": "3♣X by N or S, 8 tricks",
        "par_board_2": "1♠ by E or W, 9 tricks",
        "vulnerable": "<p>EW vulnerable</p>",
        "pair_title": "<h1>Pair 1 EW",
        "pairs_in_heading": "(NS 3 v EW 3)",
        "weighted_step": "if 2♠ by E made (NS -110)",
    },
    "fr": {
        "traveller_head": '<th scope="col">NS</th><th scope="col">EO</th>',
        "unit_heads": '<th scope="col">NS PM</th><th scope="col">EO PM</th>',
        "declarer_west": "<td>O</td>",
        "dd_west": '<abbr title="Ouest">O</abbr>',
        "dd_south": '<abbr title="Sud">S</abbr>',
        "dd_east": '<abbr title="Est">E</abbr>',
        "par_board_1": "3♣X par N ou S, 8 levées",
        "par_board_2": "1♠ par E ou O, 9 levées",
        "vulnerable": "<p>EO vulnérables</p>",
        "pair_title": "<h1>Paire 1 EO",
        "pairs_in_heading": "(NS 3 c. EO 3)",
        "weighted_step": "si 2♠ par E juste fait (NS -110)",
    },
    "nl": {
        "traveller_head": '<th scope="col">NZ</th><th scope="col">OW</th>',
        "unit_heads": '<th scope="col">NZ MP</th><th scope="col">OW MP</th>',
        "declarer_west": "<td>W</td>",
        "dd_west": '<abbr title="West">W</abbr>',
        "dd_south": '<abbr title="Zuid">Z</abbr>',
        "dd_east": '<abbr title="Oost">O</abbr>',
        "par_board_1": "3♣X door N of Z, 8 slagen",
        "par_board_2": "1♠ door O of W, 9 slagen",
        "vulnerable": "<p>OW kwetsbaar</p>",
        "pair_title": "<h1>Paar 1 OW",
        "pairs_in_heading": "(NZ 3 tegen OW 3)",
        "weighted_step": "als 2♠ door O gemaakt (NZ -110)",
    },
}


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_traveller_heads_declarer_and_double_dummy(sites, language):
    want = EXPECTED[language]
    board = _page(sites, language, "board-1.html")
    assert want["traveller_head"] in board
    assert want["unit_heads"] in board  # the traveller's and the frequency table's
    # board 1, table 2: 3♦ by West
    row = re.search(r'<a href="pair-ns-2.html">.*?</tr>', board, re.S)
    assert row and want["declarer_west"] in row.group(0)
    for seat_row in ("dd_west", "dd_south", "dd_east"):
        assert want[seat_row] in board


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_par_and_vulnerability(sites, language):
    want = EXPECTED[language]
    par_1 = re.search(r'<p class="par">.*?</p>', _page(sites, language, "board-1.html"))
    par_2 = re.search(r'<p class="par">.*?</p>', _page(sites, language, "board-2.html"))
    assert par_1 and want["par_board_1"] in _text(par_1.group(0))
    assert par_2 and want["par_board_2"] in _text(par_2.group(0))
    assert want["vulnerable"] in _page(sites, language, "board-3.html")


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_pair_labels_and_explanation_pairs(sites, language):
    want = EXPECTED[language]
    assert want["pair_title"] in _page(sites, language, "pair-ew-1.html")
    board = _page(sites, language, "board-1.html")
    headings = " ".join(re.findall(r'<h3 id="line-3-(?:ns|ew)-h">(.*?)</h3>', board))
    assert want["pairs_in_heading"] in headings
    steps = _text(" ".join(re.findall(r'<li class="step weighted-component">.*?</li>', board, re.S)))
    assert want["weighted_step"] in steps


def test_addresses_do_not_change(sites):
    """The files and anchors are the same in every language: only the shown letters differ."""
    names = {lang: sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html")) for lang, site in sites.items()}
    assert names["fr"] == names["en"] == names["nl"]
    assert 'href="pair-ew-1.html"' in _page(sites, "fr", "board-1.html")
    assert 'id="line-3-ew-h"' in _page(sites, "nl", "board-1.html")


EXPLANATION_HEADINGS = re.compile(r'<h3 id="[^"]*-h">.*?</h3>', re.S)
"""Their words around the pairs ('North-South, NS -110: …') are l10n-explain's part of issue 29;
their pairs are checked above (``test_pair_labels_and_explanation_pairs``)."""

LEFT = {"fr": re.compile(r"\b(EW|W)\b"), "nl": re.compile(r"\b(NS|EW|E|S)\b")}
"""English letters each language writes otherwise (French keeps N, E, S and NS; Dutch N and W)."""


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_no_english_seat_letters_left(sites, language):
    left = []
    for page in sorted(sites[language].rglob("*.html")):
        if "articles" in page.parts:  # the articles are translated texts of their own
            continue
        reader = _Reader()
        reader.feed(EXPLANATION_HEADINGS.sub("", page.read_text(encoding="utf-8")))
        for text in reader.text:
            text = text.replace("(E)", "")  # 'expected (E)': the formula's letter, not a seat
            left += [f"{page.name}: {text.strip()!r}" for _ in LEFT[language].finditer(text)]
    assert not left, left[:10]


def test_seat_function_and_engine_seats():
    """``i18n.seat`` and an engine sentence's ``seat()``: the catalogs' letters, English as it was."""
    french = i18n.load_language("fr", ROOT / "tests" / "fixtures" / "club")
    dutch = i18n.load_language("nl", ROOT / "tests" / "fixtures" / "club")
    assert i18n.seat_words(french) == {"N": "N", "E": "E", "S": "S", "W": "O", "NS": "NS", "EW": "EO"}
    assert i18n.seat_words(dutch) == {"N": "N", "E": "O", "S": "Z", "W": "W", "NS": "NZ", "EW": "OW"}
    assert i18n.seat("EW") == "EW" and i18n.seats_or(["E", "W"]) == "E or W"
    previous = i18n.activate(dutch)
    try:
        assert i18n.seat("EW") == "OW" and i18n.seat("S") == "Z" and i18n.seat("") == ""
        assert i18n.seats_or(["N", "S"]) == "N of Z"
    finally:
        i18n.activate(previous)
    sentence = msg(
        "%(contract)s by %(seat)s (%(score)s)",
        contract="4♠",
        seat=seat("W"),
        score=formula("%(ns)s -420", ns=seat("NS")),
    )
    assert english(sentence) == "4♠ by W (NS -420)"
    from generator.scoring.explain import Step

    step = Step("test", sentence, {})
    assert i18n.step_text(step, french) == "4♠ par O (NS -420)"
    assert i18n.step_text(step, dutch) == "4♠ door W (NZ -420)"


def test_pair_labels_translated_data_labels_kept():
    """A page's label says 'EO'; a big field's traveller CSV (data, as its declarer column's N, E,
    S, W) keeps 'EW' in every language."""
    from generator.model import (
        Board,
        Direction,
        Pair,
        PairRef,
        Play,
        Scored,
        ScoringMethod,
        Section,
        Session,
        TravellerLine,
    )
    from generator.notation import Seat
    from generator.scoring.options import ScoringOptions
    from generator.scoring.session import score_session
    from generator.site.big_field import traveller_csv
    from generator.site.page import SiteInfo
    from generator.site.session_view import SessionHistory, SessionInputs, SessionView

    ns, ew = PairRef("", 1, Direction.NS), PairRef("", 1, Direction.EW)
    play = Play(-110, declarer=Seat.W)
    line = TravellerLine(ns, ew, Scored.of(play), Scored.of(play))
    session = Session(
        "Seats",
        ScoringMethod.MATCHPOINTS,
        sections=(Section("", (Pair(ns), Pair(ew)), 2),),
        boards=(Board(1, (line,)),),
    )
    result = score_session(session, ScoringOptions())
    previous = i18n.activate(i18n.load_language("fr", ROOT / "tests" / "fixtures" / "club"))
    try:
        view = SessionView(
            SessionInputs(result, "s", SiteInfo("Club", {}, {}), SessionHistory.of(None), None, None, (), None)
        )
        assert view.pair_label(ew) == "1 EO"
        assert view.data_label(ew) == "1 EW" and view.data_label(ns) == "1 NS"
        rows = traveller_csv(result.boards[0], view.data_label).decode().splitlines()
        assert rows[1].startswith("1 NS,1 EW,")
    finally:
        i18n.activate(previous)

"""Every page in the site's language (issue 29): a small site (invented names, a hand record,
fractional figures) built in French and in Dutch, and read back as a member reads it — no
English word of our templates and Python texts left, no figure written with a decimal point,
no English month, the right ``lang`` — and its results.csv as that country's Excel opens it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from generator.site import i18n
from generator.site.build import build_site
from tests.helpers.member_text import MemberText

ROOT = Path(__file__).resolve().parents[2]

# Three tables a board: a top of 4, so that some figures are thirds (two decimals).
SESSION = """method: matchpoints
event: Soirée Quimper
date: 2026-09-07
movement: mitchell
pairs:
  - {number: 1, direction: NS, players: [Amélie Durand, Brieuc Le Goff]}
  - {number: 2, direction: NS, players: [Corentin Tanguy, Denez Kerjean]}
  - {number: 3, direction: NS, players: [Enora Guivarc'h, Fañch Morvan]}
  - {number: 1, direction: EW, players: [Gwenn Riou, Hoel Jaouen]}
  - {number: 2, direction: EW, players: [Iwen Pennec, Jakez Caradec]}
  - {number: 3, direction: EW, players: [Katell Abgrall, Loeiz Quéré]}
boards:
  - number: 1
    deal: "N:T5.T7.K32.KQT965 Q9863.632.T4.J43 AKJ.9854.J9765.8 742.AKQJ.AQ8.A72"
    results:
      - {ns: 1, ew: 1, contract: 2S, by: E, tricks: 8, lead: DJ}
      - {ns: 2, ew: 2, contract: 2S, by: E, tricks: 9, lead: DJ}
      - {ns: 3, ew: 3, contract: 3D, by: W, tricks: 8, lead: HA}
  - number: 2
    deal: "N:652.AQ962.T5.J92 KQJ8.K3.A432.854 T43.J8.KQJ98.AT3 A97.T754.76.KQ76"
    results:
      - {ns: 1, ew: 2, contract: 2NT, by: W, tricks: 9, lead: HA}
      - {ns: 2, ew: 3, contract: 2NT, by: W, tricks: 8, lead: HA}
      - {ns: 3, ew: 1, contract: 2NT, by: W, tricks: 8, lead: HA}
  - number: 3
    results:
      - {ns: 1, ew: 3, score: 420}
      - {ns: 2, ew: 1, score: 450}
      - {ns: 3, ew: 2, score: -50}
"""

from generator.dates import MONTHS as ENGLISH_MONTHS  # noqa: E402  (our English month names)

# Proper nouns and words French or Dutch write as English does (a message's English words that
# its translation keeps, such as 'total' or 'datum', are left out by the catalogs themselves).
KEPT = {"butler", "neuberg", "howell", "mitchell", "swiss", "team", "teams"}


def _read(page: Path) -> MemberText:
    reader = MemberText()
    reader.feed(page.read_text(encoding="utf-8"))
    return reader


def _english_words(language: str) -> set[str]:
    """The words of our messages (templates and Python) that the language's catalog does not
    itself use: each is English left on a page if it shows."""
    with open(ROOT / "generator" / "locale" / language / "LC_MESSAGES" / "messages.po", "rb") as f:
        catalog = read_po(f, locale=language)
    english: set[str] = set()
    translated: set[str] = set()
    for m in catalog:
        if not m.id:
            continue
        for text in m.id if isinstance(m.id, tuple) else (m.id,):
            english.update(_words(re.sub(r"%\(\w+\)s|<[^>]*>", " ", text)))
        for text in m.string if isinstance(m.string, tuple) else (m.string,):
            translated.update(_words(re.sub(r"%\(\w+\)s|<[^>]*>", " ", text)))
    return english - translated - KEPT


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z]{4,}", text)}


def _build(tmp: Path, settings: str) -> Path:
    content = tmp / "content"
    (content / "sessions").mkdir(parents=True)
    (content / "sessions" / "2026-09-07-soiree.yaml").write_text(SESSION, encoding="utf-8")
    (content / "site.yaml").write_text("club: Club de Kerlouan\n" + settings, encoding="utf-8")
    build_site(content, tmp / "site", cache_dir=tmp / "cache", jobs=1)
    i18n.activate(i18n.ENGLISH)
    return tmp / "site"


@pytest.fixture(scope="module", params=["fr", "nl"])
def built(request, tmp_path_factory) -> tuple[str, Path]:
    language = request.param
    return language, _build(tmp_path_factory.mktemp(language), f"language: {language}\n")


def _pages(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*.html") if p.read_bytes()[:15] == b"<!DOCTYPE html>")


def test_every_page_has_the_sites_lang(built):
    language, site = built
    pages = _pages(site)
    assert len(pages) > 15  # home, players, articles, the session, its boards and pairs
    wrong = {str(p.relative_to(site)): _read(p).lang for p in pages if _read(p).lang != language}
    assert not wrong, wrong


def test_no_english_word_of_ours_left_on_a_page(built):
    language, site = built
    english = _english_words(language)
    assert {"traveller", "scorecard", "frequencies", "vulnerable"} <= english  # the list is the real one
    left: dict[str, set[str]] = {}
    for page in _pages(site):
        if page.parent.name == "articles" or page.read_bytes()[16:30] == b"<!-- moved -->":
            continue  # the articles' own text: test_article_languages.py; a redirect names a file
        found = _words(" ".join(_read(page).text)) & english
        if found:
            left[str(page.relative_to(site))] = found
    assert not left, f"{len(left)} pages with English left, e.g. {sorted(left.items())[:3]}"


def test_no_figure_with_a_decimal_point(built):
    _, site = built
    pointed = re.compile(r"\d\.\d")
    seen_comma = False
    for page in _pages(site):
        text = " ".join(_read(page).text)
        assert not pointed.search(text), (page, pointed.search(text))
        seen_comma = seen_comma or bool(re.search(r"\d,\d", text))
    assert seen_comma  # the figures are there, with the decimal comma


def test_no_english_month(built):
    _, site = built
    for page in _pages(site):
        text = " ".join(_read(page).text)
        month = next((m for m in ENGLISH_MONTHS if re.search(rf"\b{m}\b", text)), None)
        assert month is None, (page, month)
    home = (site / "index.html").read_text(encoding="utf-8")
    assert "septembre" in home or "september" in home


def test_month_and_date_as_the_language_writes_them(built):
    language, site = built
    session = (site / "sessions" / "2026-09-07-soiree" / "index.html").read_text(encoding="utf-8")
    assert {"fr": "7 septembre 2026", "nl": "7 september 2026"}[language] in session


def test_results_csv_uses_semicolons_and_the_decimal_comma(built):
    _, site = built
    csv = (site / "sessions" / "2026-09-07-soiree" / "results.csv").read_text(encoding="utf-8-sig")
    header, first = csv.splitlines()[:2]
    assert header.startswith("field;rank;")
    # The figures after the names (total, percentage, score...) are decimals with a comma.
    assert "." not in first.split(";", 7)[7]
    assert re.search(r";\d+,\d+;", first)


def test_csv_format_setting_chooses(tmp_path):
    site = _build(tmp_path, "language: fr\ncsv_format: comma\n")
    csv = (site / "sessions" / "2026-09-07-soiree" / "results.csv").read_text(encoding="utf-8-sig")
    assert csv.startswith("field,rank,") and re.search(r",\d+\.\d+,", csv.splitlines()[1])


def test_english_csv_keeps_commas_and_points(tmp_path):
    site = _build(tmp_path, "")
    csv = (site / "sessions" / "2026-09-07-soiree" / "results.csv").read_text(encoding="utf-8-sig")
    assert csv.startswith("field,rank,") and re.search(r",\d+\.\d+,", csv.splitlines()[1])


def test_english_semicolon_when_asked(tmp_path):
    site = _build(tmp_path, "csv_format: semicolon\n")
    csv = (site / "sessions" / "2026-09-07-soiree" / "results.csv").read_text(encoding="utf-8-sig")
    assert csv.startswith("field;rank;") and re.search(r";\d+,\d+;", csv.splitlines()[1])


def test_the_percent_sign_as_the_language_writes_it(built):
    """French writes a no-break space before the sign (CLDR '#,##0 %'), Dutch none: on a pair's
    result line and in a player's history as on every figure Python writes."""
    language, site = built
    pair = (site / "sessions" / "2026-09-07-soiree" / "pair-ns-1.html").read_text(encoding="utf-8")
    result = re.search(r'<p class="result">.*?</p>', pair, re.S)
    assert result is not None
    written = re.findall(r"<strong>(\d+,\d\d[^<]*%)</strong>", result.group(0))
    assert written and all(w.endswith({"fr": "\xa0%", "nl": "%"}[language]) for w in written), written
    if language == "nl":
        assert all("\xa0" not in w for w in written)

"""Translated articles: every packaged article in French and Dutch, with the same front
matter and the same figures, and the loader's choice of language with its English fallback."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
import yaml

from generator.errors import BuildError
from generator.resources import packaged_articles
from generator.site import articles

LANGUAGES = ("fr", "nl")
ENGLISH = sorted(p.name for p in packaged_articles().glob("*.md"))
_FRONT = re.compile(r"\A---\s*\n(.*?)\n---\s*\n", re.S)
# A figure: digits, perhaps with a decimal part.  A grouping comma never occurs in our
# articles (English writes 1430, French and Dutch 1430 too), so a comma between digits is
# the decimal comma of fr and nl.
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")


def split(path: Path) -> tuple[dict[str, object], str]:
    text = path.read_text(encoding="utf-8")
    match = _FRONT.match(text)
    assert match, f"{path}: no front matter"
    return yaml.safe_load(match.group(1)), text[match.end() :]


def figures(body: str) -> Counter[str]:
    """Every number of the text, the decimal comma read as a point."""
    return Counter(n.replace(",", ".") for n in _NUMBER.findall(body))


def test_there_are_packaged_articles():
    assert len(ENGLISH) >= 12


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", ENGLISH)
def test_every_article_is_translated_with_the_same_front_matter(language, name):
    english, _ = split(packaged_articles() / name)
    path = packaged_articles() / language / name
    assert path.is_file(), f"{language}/{name} is missing"
    theirs, _ = split(path)
    assert set(theirs) == set(english)
    for key in ("rules", "order"):
        assert theirs[key] == english[key], f"{language}/{name}: {key}"
    assert theirs["title"] != english["title"] or name == "imps.md"  # "IMP(s)" reads alike
    assert articles.read_article(path).slug == articles.read_article(packaged_articles() / name).slug


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", ENGLISH)
def test_a_translation_keeps_every_figure(language, name):
    _, english = split(packaged_articles() / name)
    _, theirs = split(packaged_articles() / language / name)
    want, got = figures(english), figures(theirs)
    assert got == want, f"{language}/{name}: missing {want - got}, extra {got - want}"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", ENGLISH)
def test_a_translation_writes_the_decimal_comma(language, name):
    _, theirs = split(packaged_articles() / language / name)
    prose = re.sub(r"`[^`]*`", "", theirs)  # code (PBN tags, settings) is not prose
    assert not re.findall(r"\d\.\d", prose), f"{language}/{name}: a decimal point"


# Common English words that neither French nor Dutch uses: one of them in a translation is
# an English sentence left behind.
_ENGLISH = re.compile(r"(?<![-\w])(the|and|with|which|when|board|boards|traveller|tricks|average)(?![-\w])", re.I)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", ENGLISH)
def test_no_english_sentence_is_left(language, name):
    _, theirs = split(packaged_articles() / language / name)
    prose = re.sub(r"`[^`]*`|\]\([^)]*\)", "", theirs)  # code and link targets are not prose
    assert not _ENGLISH.findall(prose), f"{language}/{name}: English words {_ENGLISH.findall(prose)}"


def test_figures_reads_the_decimal_comma():
    assert figures("(5 + 1) × 5 / 4 − 1 = 6,5; 0, 3 en 8") == figures("(5 + 1) × 5 / 4 − 1 = 6.5; 0, 3 and 8")
    assert figures("6,5") != figures("6.25")


def _write(path: Path, title: str, body: str = "Text.\n", extra: str = "") -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"---\ntitle: {title}\n{extra}---\n{body}", encoding="utf-8")


def test_english_is_unchanged_and_never_flagged(tmp_path):
    ours = articles.site_articles(tmp_path / "none")
    assert [a.slug for a in ours] == [a.slug for a in articles.read_articles(packaged_articles())]
    assert not any(a.untranslated for a in ours)
    assert {a.language for a in ours} == {"en"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_site_in_another_language_gets_our_translations(tmp_path, language):
    ours = {a.slug: a for a in articles.site_articles(tmp_path / "none", language=language)}
    english = {a.slug: a for a in articles.site_articles(tmp_path / "none")}
    assert set(ours) == set(english)
    for slug, a in ours.items():
        assert a.language == language and not a.untranslated
        assert a.source.endswith(f"/{language}/{slug}.md")
        assert a.rules == english[slug].rules and a.order == english[slug].order
    assert ours["neuberg"].path == english["neuberg"].path == "articles/neuberg.html"


def test_a_clubs_untranslated_article_falls_back_to_english_marked(tmp_path):
    folder = tmp_path / "articles"
    _write(folder / "our-movements.md", "Our movements", "Mitchell on Mondays.\n")
    _write(folder / "fr" / "bidding-boxes.md", "Boîtes à enchères")
    _write(folder / "club-en-francais.md", "Notre club", extra="language: fr\n")
    _write(folder / "nl" / "matchpoints.md", "Onze matchpunten", extra="rules: [matchpoints]\n")
    skipped: list = []
    fr = {a.slug: a for a in articles.site_articles(folder, confine=tmp_path, skipped=skipped, language="fr")}
    assert fr["our-movements"].untranslated and "Mitchell on Mondays." in fr["our-movements"].html
    assert not fr["bidding-boxes"].untranslated and fr["bidding-boxes"].title == "Boîtes à enchères"
    assert not fr["club-en-francais"].untranslated  # written in French, says so
    assert fr["matchpoints"].title == "Les points de match" and not fr["matchpoints"].untranslated
    assert [(s.path, s.reason) for s in skipped] == [
        ("articles/nl/matchpoints.md", "it is a translation, read on a site in that language")
    ]  # another language's: not read, and the summary says why

    nl = {a.slug: a for a in articles.site_articles(folder, confine=tmp_path, language="nl-BE")}
    assert nl["matchpoints"].title == "Onze matchpunten"  # the club's translation replaces ours
    assert nl["our-movements"].untranslated and nl["club-en-francais"].untranslated
    assert "bidding-boxes" not in nl


def test_a_regional_tag_prefers_its_own_folder(tmp_path):
    folder = tmp_path / "articles"
    _write(folder / "x.md", "X")
    _write(folder / "nl" / "x.md", "X in het Nederlands")
    _write(folder / "nl-BE" / "x.md", "X in Vlaanderen")
    got = {a.slug: a for a in articles.site_articles(folder, confine=tmp_path, language="nl-BE")}
    assert got["x"].title == "X in Vlaanderen" and not got["x"].untranslated
    got = {a.slug: a for a in articles.site_articles(folder, confine=tmp_path, language="nl")}
    assert got["x"].title == "X in het Nederlands"


@pytest.mark.parametrize("tag", ["../fr", "fr/../../x", "", "f"])
def test_a_language_is_a_tag_never_a_path(tmp_path, tag):
    with pytest.raises(BuildError, match="not a language tag"):
        articles.site_articles(tmp_path, language=tag)


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_english_article_a_translation_replaces_is_never_converted(tmp_path, monkeypatch, language):
    """Each article is read for its slug; only what a page shows becomes HTML."""
    converted: list[str] = []
    original = articles.article_html

    def spy(text: str) -> str:
        converted.append(text)
        return original(text)

    monkeypatch.setattr(articles, "article_html", spy)
    shown = articles.site_articles(tmp_path / "none", language=language)
    assert converted == []  # nothing converted while the site's articles are chosen
    pages = {a.slug: a.html for a in shown}
    english = {a.slug: a.text for a in articles.read_articles(packaged_articles())}
    assert len(converted) == len(shown) == len(english)
    assert not set(converted) & set(english.values())  # the English texts never converted
    assert "<h2" in pages["neuberg"]  # the translation's HTML, headings under the page's h1

"""Every page of every kind in the site's language (issue 29's acceptance test).

``tests/fixtures/every_kind`` holds one small session of each kind the site makes pages for
(invented names, 2-4 boards each): matchpoints with a hand record (double dummy and par when the
analysis extra is installed), a missing result (Neuberg), an artificial A+/A- and a weighted
score, a penalty; a Howell with a sit-out; Butler; cross-IMPs; handicap with masterpoints;
strata; a teams match on VPs; Swiss teams; Swiss pairs with a bye; an individual; a two-session
event with a pair missing a session; a PBN export with an auction, play and notes, and one that
cannot be right (left out with a note).  It is put in a git repository with a late correction
of the Monday session, so that correction texts, "provisional until" and the feed show, and
built ONCE per language per module, French and Dutch (and once in English: see below).

What a member reads is scanned: each page's text, ``title``/``aria-label``/``alt``/
``placeholder``, explanation steps and headings included (nothing is excluded), the feed's
texts, and the strings our JavaScript writes on a page.  An English word is

* a word (4 letters or more) of a message in the language's catalog (templates, Python and
  the engine's explanation steps), or of the same site built in English (which catches a
  sentence Python writes without a message), minus the words the translation itself uses
  (the catalog's translations and our translated articles) and the club's own text (the
  fixture's names and titles, checked below to hold no English word of ours);
* the English seat and direction abbreviations where the language writes others (French EO
  and O; Dutch NZ, OW, O and Z), and the units' (MP/VP/NT, where French writes PM/PV/SA and
  Dutch WP/SA): two-letter ones anywhere in the text, a single seat letter only where it
  stands for a seat (a table cell or a contract's declarer, "par E or W").

Page addresses (``pair-ew-1.html``) are not text.  results.csv keeps its column names in every
language (docs/site.md, "results.csv"): that contract is checked here, not scanned.

A failure lists what is left, page by page, with each English word in its context.
"""

from __future__ import annotations

import functools
import re
import shutil
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
import yaml
from babel.dates import get_day_names, get_month_names
from babel.messages.pofile import read_po
from defusedxml import ElementTree

from generator.dates import MONTHS as ENGLISH_MONTHS
from generator.site import i18n
from generator.site.build import build_site
from tests.helpers.git import git
from tests.helpers.member_text import MemberText

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "every_kind"
MONDAY = "2026-09-07-lundi.yaml"
NOW = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
"""The day after the last upload: its session is still provisional (2 days, site.yaml)."""
REASON = "Donne 1 : erreur de saisie"
COMMITS = ("Lundi", "Les autres séances")

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")

KEPT = {"butler", "neuberg", "howell", "mitchell", "swiss", "team", "teams"}
"""Proper nouns, and words French or Dutch write as English does without a message saying so."""

SEATS = {"fr": {"W"}, "nl": {"E", "S"}}
"""English seat letters the language writes otherwise (French O for West; Dutch O and Z)."""
ABBREVIATIONS = {"fr": {"EW", "MP", "VP", "VPs", "NT"}, "nl": {"NS", "EW", "VP", "VPs", "NT"}}
"""English abbreviations the language writes otherwise (docs/translating.md's vocabulary:
French EO, PM, PV, SA; Dutch NZ, OW, WP, SA)."""


# --- the site, built once per language ------------------------------------------------------
def _first_version(final: str) -> str:
    """The Monday session as first uploaded: board 1 NS 2 made 8 tricks, not 9, and board 2 had
    a third result (NS 3 v EW 1) that the correction removed."""
    first = final.replace(
        "{ns: 2, ew: 2, contract: 2S, by: W, tricks: 9, lead: CK}",
        "{ns: 2, ew: 2, contract: 2S, by: W, tricks: 8, lead: CK}",
    ).replace(
        "      - {ns: 2, ew: 3, contract: 2NT, by: W, tricks: 7, lead: HA}\n",
        "      - {ns: 2, ew: 3, contract: 2NT, by: W, tricks: 7, lead: HA}\n"
        "      - {ns: 3, ew: 1, contract: 2NT, by: W, tricks: 8, lead: HA}\n",
    )
    assert first.count("\n") == final.count("\n") + 1 and "tricks: 8, lead: CK" in first
    return first


def _build(root: Path, language: str) -> Path:
    """The fixture in a git repository (the Monday session uploaded in September, the others on
    20 November, a late correction of Monday on 21 November), built in ``language``."""
    content = root / "club" / "content"
    shutil.copytree(FIXTURE, content)
    settings = content / "site.yaml"
    settings.write_text(f"language: {language}\n" + settings.read_text(encoding="utf-8"), encoding="utf-8")
    monday = content / "sessions" / MONDAY
    final = monday.read_text(encoding="utf-8")
    monday.write_text(_first_version(final), encoding="utf-8")
    repo = root / "club"
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "content/site.yaml", f"content/sessions/{MONDAY}", date="2026-09-07T22:00:00+00:00")
    git(repo, "commit", "-q", "-m", COMMITS[0], date="2026-09-07T22:00:00+00:00")
    git(repo, "add", "-A", ".", date="2026-11-20T22:00:00+00:00")
    git(repo, "commit", "-q", "-m", COMMITS[1], date="2026-11-20T22:00:00+00:00")
    monday.write_text(final, encoding="utf-8")
    git(repo, "commit", "-q", "-a", "-m", REASON, date="2026-11-21T09:00:00+00:00")
    try:
        build_site(content, root / "site", cache_dir=root / "cache", jobs=1, now=NOW)
    finally:
        i18n.activate(i18n.ENGLISH)
    return root / "site"


@pytest.fixture(scope="module", params=["fr", "nl"])
def built(request, tmp_path_factory) -> tuple[str, Path]:
    language = request.param
    return language, _build(tmp_path_factory.mktemp(f"every-kind-{language}"), language)


@pytest.fixture(scope="module")
def english_site(tmp_path_factory) -> Path:
    return _build(tmp_path_factory.mktemp("every-kind-en"), "en")


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    i18n.activate(i18n.ENGLISH)


# --- reading a site as a member does --------------------------------------------------------
ADDRESS = re.compile(r"\S+\.(?:html|csv|json|pbn|xml)\b")


class Read:
    """One thing a member reads (a page, the feed, a script's strings): its text and nodes."""

    def __init__(self, name: str, texts: list[str], nodes: list[str], lang: str | None = None) -> None:
        self.name = name
        self.text = ADDRESS.sub(" ", " ".join(" ".join(texts).split()))
        self.nodes = nodes
        self.lang = lang


def _pages(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*.html") if p.read_bytes()[:15] == b"<!DOCTYPE html>")


def _read_page(site: Path, page: Path) -> Read:
    reader = MemberText()
    reader.feed(page.read_text(encoding="utf-8"))
    return Read(str(page.relative_to(site)), reader.text, reader.nodes, reader.lang)


def _read_feed(site: Path) -> Read:
    root = ElementTree.fromstring((site / "feed.xml").read_bytes())
    shown = ("title", "subtitle", "summary", "content", "name")  # not the ids, dates and links
    texts = [e.text for e in root.iter() if e.tag.rsplit("}", 1)[-1] in shown and e.text]
    return Read("feed.xml", texts, [], root.get("{http://www.w3.org/XML/1998/namespace}lang"))


SHOWN_BY_SCRIPT = re.compile(
    r"""\.(?:textContent|innerText|innerHTML|placeholder|title|alt)\s*=\s*(["'])((?:(?!\1).)*)\1"""
    r"""|setAttribute\(\s*["'](?:aria-label|title|alt|placeholder)["']\s*,\s*(["'])((?:(?!\3).)*)\3"""
)


def _read_scripts(site: Path) -> list[Read]:
    """The strings our scripts put on a page (the player search's "nothing found")."""
    found = []
    for script in sorted(site.rglob("*.js")):
        strings = [a or b for _, a, _, b in SHOWN_BY_SCRIPT.findall(script.read_text(encoding="utf-8"))]
        found.append(Read(str(script.relative_to(site)), strings, strings))
    return found


def _everything(site: Path) -> list[Read]:
    return [_read_page(site, p) for p in _pages(site)] + [_read_feed(site)] + _read_scripts(site)


# --- the English words ----------------------------------------------------------------------
def _words(text: str) -> set[str]:
    text = re.sub(r"\w*_\w+", " ", text)  # an option's name (expected_results) is code, not English
    return {w.lower() for w in re.findall(r"[A-Za-z]{4,}", text)}


def _message_words(text: str) -> set[str]:
    return _words(ADDRESS.sub(" ", re.sub(r"%\(\w+\)[sdif]|\{\w+\}|<[^>]*>", " ", text)))


_CODE = re.compile(r"\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}|\[\w+|\b[a-z]\w*:(?=[\s,)]|$)")
"""What a reader's error quotes of a format as written ('{ns: 1, ew: 2}', '[Auction', 'title:')."""


def _translated_words(msgid: str, msgstr: str) -> set[str]:
    """The words of a translation, without the format's keys and tags it quotes from its message
    as they are written (an error's 'player:' is not the translation using the word 'player')."""
    plain = [re.sub(r"%\(\w+\)[sdif]", " ", text) for text in (msgid, msgstr)]
    for code in set(_CODE.findall(plain[0])) & set(_CODE.findall(plain[1])):
        plain[1] = plain[1].replace(code, " ")
    return _message_words(plain[1])


def _catalog(language: str) -> tuple[set[str], set[str]]:
    """The words of the catalog's English messages, and those of its translations."""
    with open(ROOT / "generator" / "locale" / language / "LC_MESSAGES" / "messages.po", "rb") as f:
        catalog = read_po(f, locale=language)
    english: set[str] = set()
    translated: set[str] = set()
    for m in catalog:
        if m.id:
            english.update(*(_message_words(t) for t in (m.id if isinstance(m.id, tuple) else (m.id,))))
            first = m.id[0] if isinstance(m.id, tuple) else m.id
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            translated.update(*(_translated_words(first, t) for t in strings))
    return english, translated


def _club_texts() -> list[str]:
    """The club's own text in the fixture: its name, titles, labels, names, notes."""
    texts: list[str] = []

    def walk(node: object, key: str = "") -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, str(k))
        elif isinstance(node, list):
            for v in node:
                walk(v, key)
        elif isinstance(node, str) and key in ("club", "event", "title", "label", "name", "players", "type"):
            texts.append(node)

    for upload in sorted(FIXTURE.rglob("*.yaml")):
        walk(yaml.safe_load(upload.read_text(encoding="utf-8")))
    texts += [REASON, *COMMITS]  # the commit messages: the reason given for a correction
    for upload in sorted(FIXTURE.rglob("*.pbn")):
        pbn = upload.read_text(encoding="utf-8")
        texts += re.findall(r'^\[(?:Event|Site|North|South|East|West|Note) "(?:\d+:)?([^"]*)"\]', pbn, re.M)
        texts += re.findall(r'"([^"]+)"$', pbn, re.M)  # the names in the program's ranking
    return texts


def _translation_words(language: str) -> set[str]:
    """The words the translation itself uses: its catalog's, our translated articles', and its
    month and day names (Dutch "november" is English "November" too)."""
    words = _catalog(language)[1] | _calendar(language)
    for article in (ROOT / "generator" / "articles" / language).glob("*.md"):
        text = re.sub(
            r"\]\([^)]*\)|^(?:rules|order|slug|language):.*$", " ", article.read_text(encoding="utf-8"), flags=re.M
        )
        words |= _words(ADDRESS.sub(" ", text))  # its text, not its links' addresses nor its front matter's keys
    return words


def _calendar(language: str) -> set[str]:
    names = [*get_month_names("wide", locale=language).values(), *get_day_names("wide", locale=language).values()]
    return {n.lower() for n in names}


@functools.cache
def _english_words(language: str, english_site: Path) -> set[str]:
    club = set().union(*map(_words, _club_texts()))
    ours = _catalog(language)[0] | (set().union(*(_words(r.text) for r in _everything(english_site))) - club)
    return ours - _translation_words(language) - KEPT


def _context(text: str, at: int, length: int) -> str:
    return "…" + text[max(0, at - 30) : at + length + 30] + "…"


def _english_left(read: Read, english: set[str], language: str) -> dict[str, str]:
    """Each English word (or seat/abbreviation) on ``read``, with where it stands."""
    found: dict[str, str] = {}
    code = re.sub(r"\w*_\w+", lambda m: " " * len(m.group()), read.text)  # option names kept out
    for m in re.finditer(r"[A-Za-z]{4,}", code):
        word = m.group().lower()
        if word in english and word not in found:
            found[word] = _context(read.text, m.start(), len(word))
    for abbreviation in ABBREVIATIONS[language]:
        m = re.search(rf"(?<![A-Za-z]){abbreviation}\b", read.text)
        if m:
            found[abbreviation] = _context(read.text, m.start(), len(abbreviation))
    for seat in sorted(SEATS[language]):
        if seat in read.nodes:  # a cell: a declarer, a row of the double-dummy table
            at = read.nodes.index(seat)
            found[f"seat {seat}"] = "in the cells «" + " | ".join(read.nodes[max(0, at - 3) : at + 2]) + "»"
        elif m := re.search(rf"\b(?:[NESW] (?:or|ou|of) {seat}|{seat} (?:or|ou|of) [NESW])\b", read.text):
            found[f"seat {seat}"] = _context(read.text, m.start(), len(m.group()))  # "par E or W"
    return found


def _report(left: dict[str, dict[str, str]]) -> str:
    by_word: dict[str, int] = {}
    for words in left.values():
        for w in words:
            by_word[w] = by_word.get(w, 0) + 1
    lines = [
        f"English left on {len(left)} pages: "
        + ", ".join(f"{w} ({n})" for w, n in sorted(by_word.items(), key=lambda x: (-x[1], x[0])))
    ]
    for name, words in sorted(left.items()):
        lines.append(f"{name}: " + " ‖ ".join(f"{w} {c}" for w, c in sorted(words.items())))
    return "\n".join(lines)


# --- the checks -----------------------------------------------------------------------------
def test_every_kind_of_page_is_there(built):
    """The fixture really has every kind: a change that drops one shows here, not as a pass."""
    _, site = built
    pages = {str(p.relative_to(site)) for p in _pages(site)}
    sessions = "sessions/2026-"
    expected = [
        "index.html",
        "404.html",
        "players/index.html",
        "players/season-2026-27.html",
        "players/anaig-bodenes.html",
        "archive/2026-09.html",
        "articles/index.html",
        "articles/neuberg.html",
        "events/2026-coupe/index.html",
        f"{sessions}09-07-lundi/index.html",
        f"{sessions}09-07-lundi/board-2.html",
        f"{sessions}09-07-lundi/pair-ns-2.html",
        f"{sessions}09-07-lundi/hands.html",
        f"{sessions}09-10-howell/pair-5.html",
        f"{sessions}09-14-butler/board-2.html",
        f"{sessions}09-21-croises/board-2.html",
        f"{sessions}09-28-handicap/pair-ew-1.html",
        f"{sessions}10-05-strates/index.html",
        f"{sessions}10-12-quadrettes/match-1.html",
        f"{sessions}10-19-suisse-quatre/match-4.html",
        f"{sessions}10-26-suisse-paires/swiss.html",
        f"{sessions}10-26-suisse-paires/swiss-round-2-match-1.html",
        f"{sessions}11-02-individuel/pair-8.html",
        f"{sessions}11-16-coupe-2/index.html",
        f"{sessions}11-20-encheres/board-2.html",
    ]
    assert not [p for p in expected if p not in pages]
    assert any("moved" in p.read_text(encoding="utf-8")[:40] for p in _pages(site))  # a redirect page
    monday = (site / f"{sessions}09-07-lundi/index.html").read_text(encoding="utf-8")
    assert 'id="correction-1"' in monday and "Donne 1 : erreur de saisie" in monday
    last = (site / f"{sessions}11-20-encheres/index.html").read_text(encoding="utf-8")
    assert 'id="provisional"' in last
    assert (site / f"{sessions}11-20-encheres/board-2.html").read_text(encoding="utf-8").count('class="note"') >= 1


def test_the_analysis_shows_when_it_is_installed(built):
    pytest.importorskip("endplay")
    _, site = built
    board = (site / "sessions/2026-09-07-lundi/board-1.html").read_text(encoding="utf-8")
    assert 'class="dd-grid"' in board and 'class="par"' in board


def test_the_clubs_own_text_holds_no_english_word_of_ours():
    """Else a name would be reported as English left (or hide a real one)."""
    texts = _club_texts()
    assert "Gwalarn" in texts and "Coupe d'hiver" in texts and "bicolore mineur" in texts
    for language in ("fr", "nl"):
        catalog = _catalog(language)[0] - _translation_words(language) - KEPT
        assert not {t for t in texts if _words(t) & catalog}, language


def test_the_english_words_are_the_real_ones(built, english_site):
    language, _ = built
    english = _english_words(language, english_site)
    # from the catalogs, and from Python's sentences without a message (the English site)
    assert {"traveller", "scorecard", "vulnerable", "matchpoints", "beat"} <= english
    assert not {"gwalarn", "kerlouan", "donne", "spel", "cadiou"} & english
    # the scan finds them: an English sentence, a seat in a cell, an abbreviation
    html = '<p>the traveller beaten</p><table><td>W</td><th><abbr title="South">S</abbr></th></table><p>3 EW 2 NS</p>'
    page = MemberText()
    page.feed(html)
    found = _english_left(Read("t", page.text, page.nodes), english, language)
    assert {"traveller", "beaten", "EW"} <= set(found)
    assert {"fr": {"seat W"}, "nl": {"seat S", "NS"}}[language] <= set(found)
    prose = MemberText()
    prose.feed(
        '<p>A ≤ 3 en A ≤ E/3; E = 5; Ouest, Zuid; noem <em>E</em> en <var>S</var></p><td>7,5<abbr title="een straf">S</abbr></td>'
    )
    assert not _english_left(Read("t", prose.text, prose.nodes), english, language)  # a formula's E is no seat


def test_no_english_left_on_any_page_the_feed_or_a_script(built, english_site):
    language, site = built
    english = _english_words(language, english_site)
    left = {r.name: found for r in _everything(site) if (found := _english_left(r, english, language))}
    assert not left, _report(left)


def test_every_page_has_the_sites_lang(built):
    language, site = built
    wrong = {r.name: r.lang for r in (_read_page(site, p) for p in _pages(site)) if r.lang != language}
    assert not wrong, wrong


def test_the_feed_says_its_language(built):
    language, site = built
    assert _read_feed(site).lang == language


def test_no_figure_with_a_decimal_point(built):
    _, site = built
    pointed = re.compile(r"\d\.\d")
    found = {r.name: _context(r.text, m.start(), 3) for r in _everything(site) if (m := pointed.search(r.text))}
    assert not found, "\n".join(f"{k}: {v}" for k, v in sorted(found.items()))


def test_figures_with_the_decimal_comma_are_there(built):
    _, site = built
    assert sum(bool(re.search(r"\d,\d", r.text)) for r in _everything(site)) > 50


def test_no_english_month(built, request):
    language, site = built
    found = {}
    english = [m for m in ENGLISH_MONTHS if m.lower() not in _calendar(language)]  # Dutch "november" is both
    for read in _everything(site):
        month = next((m for m in english if re.search(rf"\b{m}\b", read.text)), None)
        if month:
            found[read.name] = month
    assert not found, found
    feed = _read_feed(site).text
    assert {"fr": "novembre", "nl": "november"}[language] in feed


def test_results_csv_keeps_its_column_names_and_writes_figures_as_the_country_does(built, english_site):
    _, site = built
    for csv in sorted(site.glob("sessions/*/results.csv")):
        english = (english_site / csv.relative_to(site)).read_text(encoding="utf-8-sig").splitlines()
        ours = csv.read_text(encoding="utf-8-sig").splitlines()
        assert ours[0] == english[0].replace(",", ";"), csv  # docs/site.md: names stay, for programs
        assert not re.search(r"\d\.\d", "\n".join(ours)), csv
    monday = (site / "sessions/2026-09-07-lundi/results.csv").read_text(encoding="utf-8-sig")
    assert ";7,5;93,75;" in monday  # NS 3: 4 + 3.5 of 8 on the two boards it played

"""The site in the club's language (issue 29, the plumbing): site.yaml's ``language:``, the
gettext catalogs (ours and a club's over them), the ``lang`` attribute, and Babel's figures,
dates and places.  A French and a Dutch build of a small site (invented names)."""

from __future__ import annotations

import re
from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from generator.errors import BuildError
from generator.site import catalogs, i18n
from generator.site.build import build_site
from generator.site_config import load_config

ROOT = Path(__file__).resolve().parents[2]

SESSION = """method: matchpoints
event: Lundi Pairs
date: 2026-09-07
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
"""

CLUB_PO = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=utf-8\\n"
"Language: fr\\n"

msgid "Players"
msgstr "Nos joueuses et joueurs"
"""


@pytest.fixture(autouse=True)
def _english_afterwards():
    """A build activates its language for the process; the next test starts in English."""
    yield
    i18n.activate(i18n.ENGLISH)


def _site(tmp: Path, language: str | None, club_po: str | None = None) -> Path:
    content = tmp / "content"
    (content / "sessions").mkdir(parents=True)
    (content / "sessions" / "2026-09-07-lundi.yaml").write_text(SESSION, encoding="utf-8")
    settings = "club: Larkfield Test Club\n" + (f"language: {language}\n" if language else "")
    (content / "site.yaml").write_text(settings, encoding="utf-8")
    if club_po is not None:
        (content / "locale").mkdir()
        (content / "locale" / "fr.po").write_text(club_po, encoding="utf-8")
    build_site(content, tmp / "site", cache_dir=tmp / "cache", jobs=1)
    return tmp / "site"


@pytest.fixture(scope="module")
def french(tmp_path_factory) -> Path:
    site = _site(tmp_path_factory.mktemp("fr"), "fr")
    i18n.activate(i18n.ENGLISH)
    return site


@pytest.fixture(scope="module")
def dutch(tmp_path_factory) -> Path:
    site = _site(tmp_path_factory.mktemp("nl"), "nl")
    i18n.activate(i18n.ENGLISH)
    return site


def _text(site: Path, page: str) -> str:
    return (site / page).read_text(encoding="utf-8")


# --- builds ------------------------------------------------------------------------------


def test_french_site_has_lang_fr_and_french_page_text(french):
    home = _text(french, "index.html")
    assert '<html lang="fr">' in home
    assert '<a href="players/index.html">Joueurs</a>' in home
    assert "Aller au contenu" in home
    assert "Skip to content" not in home
    assert "<title>Larkfield Test Club\u00a0: résultats</title>" in home  # French typography: no-break space
    players = _text(french, "players/index.html")
    assert "<h1>Joueurs</h1>" in players and "Tous les joueurs" in players


def test_dutch_site_has_lang_nl_and_dutch_page_text(dutch):
    home = _text(dutch, "index.html")
    assert '<html lang="nl">' in home
    assert '<a href="index.html">Uitslagen</a>' in home
    assert "Naar de inhoud" in home
    session = next((dutch / "sessions").glob("*/index.html")).read_text(encoding="utf-8")
    assert '<th scope="col">Plaats</th>' in session
    assert '<h2 id="boards-h">Spellen</h2>' in session
    assert "Uitslagen als CSV" in session


def test_english_site_keeps_lang_en(tmp_path):
    home = _text(_site(tmp_path, None), "index.html")
    assert '<html lang="en">' in home
    assert '<a href="players/index.html">Players</a>' in home


def test_club_catalog_wins_over_ours(tmp_path):
    site = _site(tmp_path, "fr", CLUB_PO)
    home = _text(site, "index.html")
    assert '<a href="players/index.html">Nos joueuses et joueurs</a>' in home
    assert "Aller au contenu" in home  # the rest still from our catalog


def test_club_catalog_change_rebuilds_pages(tmp_path):
    site = _site(tmp_path, "fr", CLUB_PO)
    po = tmp_path / "content" / "locale" / "fr.po"
    po.write_text(CLUB_PO.replace("Nos joueuses et joueurs", "Les membres"), encoding="utf-8")
    build_site(tmp_path / "content", site, cache_dir=tmp_path / "cache", jobs=1)
    assert '<a href="players/index.html">Les membres</a>' in _text(site, "index.html")


def test_spawned_workers_render_in_the_sites_language(tmp_path, monkeypatch):
    """Where there is no fork (Windows), the pool's workers are spawned: they load the
    build's language again rather than render English."""
    import multiprocessing

    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    content = tmp_path / "content"
    (content / "sessions").mkdir(parents=True)
    for day in ("07", "14", "21"):
        text = SESSION.replace("2026-09-07", f"2026-09-{day}")
        (content / "sessions" / f"2026-09-{day}-lundi.yaml").write_text(text, encoding="utf-8")
    (content / "site.yaml").write_text("club: Larkfield Test Club\nlanguage: nl\n", encoding="utf-8")
    build_site(content, tmp_path / "site", cache_dir=tmp_path / "cache", jobs=2)
    pages = sorted((tmp_path / "site" / "sessions").glob("*/index.html"))
    assert len(pages) == 3
    for page in pages:  # rendered by the workers
        text = page.read_text(encoding="utf-8")
        assert '<html lang="nl">' in text and '<h2 id="boards-h">Spellen</h2>' in text


def test_resume_loads_the_language_in_a_fresh_worker(tmp_path):
    content = _settings(tmp_path, "language: fr\n")
    french = i18n.load_language("fr", content)
    i18n.activate(french)
    spec = i18n.source()
    i18n.activate(i18n.ENGLISH)  # as a spawned worker starts
    i18n.resume(spec)
    assert i18n.active().tag == "fr"
    assert i18n.active().translations.gettext("Players") == "Joueurs"


# --- site.yaml ------------------------------------------------------------------------------


def _settings(tmp: Path, text: str) -> Path:
    content = tmp / "content"
    content.mkdir(exist_ok=True)
    (content / "site.yaml").write_text(text, encoding="utf-8")
    return content


def test_language_defaults_to_english(tmp_path):
    assert load_config(_settings(tmp_path, "club: X\n")).language == "en"


def test_language_tag_is_canonical_bcp47(tmp_path):
    assert load_config(_settings(tmp_path, "language: fr_be\n")).language == "fr-BE"
    assert load_config(_settings(tmp_path, "language: nl\n")).language == "nl"


@pytest.mark.parametrize("value", ["xx-nowhere", "klingon", "42", "[fr]"])
def test_unknown_language_is_a_clear_error_naming_site_yaml(tmp_path, value):
    content = _settings(tmp_path, f"language: {value}\n")
    with pytest.raises(BuildError) as err:
        load_config(content)
    message = str(err.value)
    assert "site.yaml" in message and "'language'" in message
    assert "fr" in message  # says what is expected


def test_language_without_translation_is_a_clear_error(tmp_path):
    content = _settings(tmp_path, "language: de\n")
    with pytest.raises(BuildError, match=r"'language' 'de' has no translation: expected content/locale/de\.po"):
        i18n.load_language(load_config(content).language, content)


def test_club_catalog_with_wrong_placeholder_is_a_clear_error(tmp_path):
    content = _settings(tmp_path, "language: fr\n")
    (content / "locale").mkdir()
    (content / "locale" / "fr.po").write_text(
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n\nmsgid "Season %(season)s"\nmsgstr "Saison %(saison)s"\n',
        encoding="utf-8",
    )
    with pytest.raises(
        BuildError, match=r"fr\.po: line 5: the translation of 'Season %\(season\)s' names %\(saison\)s"
    ):
        i18n.load_language("fr", content)


def test_club_catalog_may_not_add_markup(tmp_path):
    content = _settings(tmp_path, "language: fr\n")
    (content / "locale").mkdir()
    (content / "locale" / "fr.po").write_text(
        'msgid ""\nmsgstr ""\n\nmsgid "Players"\nmsgstr "<script>alert(1)</script>"\n', encoding="utf-8"
    )
    with pytest.raises(BuildError, match="adds markup"):
        i18n.load_language("fr", content)


# --- catalogs ------------------------------------------------------------------------------


def _extracted() -> set[tuple[str, str | None]]:
    """Every message babel.cfg's extraction finds, as `make messages` runs it (in-process)."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(ROOT, method_map, options_map):
        found.add((message if isinstance(message, str) else message[0], context))
    return found


def test_extraction_finds_the_templates_messages():
    extracted = _extracted()
    assert ("How scoring works", None) in extracted
    assert ("%(n)sst", "ordinal:one") in extracted
    assert len(extracted) > 100


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_catalog_is_complete(language):
    path = ROOT / "generator" / "locale" / language / "LC_MESSAGES" / "messages.po"
    with open(path, "rb") as f:
        catalog = read_po(f, locale=language)
    translated = {
        (m.id if isinstance(m.id, str) else m.id[0], m.context)
        for m in catalog
        if m.id and "fuzzy" not in m.flags and all(m.string if isinstance(m.string, tuple) else [m.string])
    }
    missing = sorted(_extracted() - translated, key=str)
    assert not missing, f"{path.name} ({language}) lacks {len(missing)} messages, e.g. {missing[:3]}"


def test_templates_have_no_unwrapped_english_in_the_navigation():
    """A template text outside _() is a message a translator can never reach (base.html's
    navigation and footer are on every page)."""
    base = (ROOT / "templates" / "base.html").read_text(encoding="utf-8")
    for words in ("Skip to content", "Results", "Players", "How scoring works", "raw travellers"):
        assert not re.search(rf">[^<{{]*{words}", base), words


# --- figures, dates, places ----------------------------------------------------------------


def _lang(tag: str) -> i18n.Language:
    return catalogs._language(tag, "/nonexistent", ())


def test_decimal_comma_from_exact_figures():
    fr, nl = _lang("fr"), _lang("nl")
    # 225/4 = 56.25 exactly; 2/3 = 0.666… → 0.67 (a half away from zero, rounding.py)
    assert i18n.decimal(Fraction(225, 4), 2, fr) == "56,25"
    assert i18n.decimal(Fraction(2, 3), 2, nl) == "0,67"
    assert i18n.decimal(Fraction(-1, 8), 2, fr) == "-0,13"  # −0.125: the half away from zero
    assert i18n.decimal(Fraction(2469, 2), 1, fr, grouping=True) == "1\u202f234,5"
    assert i18n.decimal(Fraction(2469, 2), 1, nl, grouping=True) == "1.234,5"
    assert i18n.decimal(Fraction(2469, 2), 1) == "1234.5"  # English as today: no grouping


def test_decimal_is_exact_beyond_float():
    # 0.125 - 10**-20 is below the half: 0.12 exactly; as a float it is 0.125, which rounds to 0.13
    tiny = Fraction(1, 8) + Fraction(1, 10**20)
    assert i18n.decimal(tiny, 2, _lang("fr")) == "0,13"
    assert i18n.decimal(Fraction(1, 8) - Fraction(1, 10**20), 2, _lang("fr")) == "0,12"


def test_percent_as_the_locale_writes_it():
    assert i18n.percent(Fraction(225, 4)) == "56.25%"
    assert i18n.percent(Fraction(225, 4), 2, _lang("fr")) == "56,25\u00a0%"  # CLDR: a no-break space
    assert i18n.percent(Fraction(225, 4), 2, _lang("nl")) == "56,25%"
    assert i18n.percent(Fraction(50), 2, _lang("fr")) == "50,00\u00a0%"  # places kept


def test_dates_and_months():
    day = date(2026, 9, 7)
    assert i18n.long_date(day) == "7 September 2026"
    assert i18n.long_date(day, _lang("fr")) == "7 septembre 2026"
    assert i18n.long_date(day, _lang("nl")) == "7 september 2026"
    assert i18n.month_year(2026, 9, _lang("fr")) == "septembre 2026"
    assert i18n.month_name(3, _lang("fr")) == "mars"
    assert i18n.month_name(3, _lang("nl")) == "maart"


def test_ordinals_and_ties_by_cldr_categories():
    fr, nl = _lang("fr"), _lang("nl")
    assert [i18n.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th",
    ]  # fmt: skip
    assert i18n.ordinal(1, tied=True) == "1st="  # as generator/history/diff.py writes a shared place
    assert [i18n.ordinal(n, fr) for n in (1, 2, 3, 21)] == ["1er", "2e", "3e", "21e"]
    assert i18n.ordinal(3, fr, tied=True) == "3e ex aequo"
    assert [i18n.ordinal(n, nl) for n in (1, 2, 8)] == ["1e", "2e", "8e"]


def test_english_with_babel_matches_english_without():
    """'en-GB' goes through Babel: the same ordinals as our English."""
    en = _lang("en-GB")
    assert [i18n.ordinal(n, en) for n in range(1, 125)] == [i18n.ordinal(n) for n in range(1, 125)]
    assert i18n.long_date(date(2026, 9, 7), en) == "7 September 2026"


def test_an_english_site_with_its_own_catalog_needs_babel(tmp_path):
    from generator.languages import needs_babel

    content = _settings(tmp_path, "club: X\n")
    assert not needs_babel(content)
    (content / "locale").mkdir()
    (content / "locale" / "en.po").write_text('msgid "Players"\nmsgstr "Members"\n', encoding="utf-8")
    assert needs_babel(content)


@pytest.mark.parametrize(
    "tag, want",
    [
        ("en", "Players|Season &lt;b&gt;|Players|2 sessions|v|en|100%|It&#39;s"),
        ("fr", "Joueurs|Saison &lt;b&gt;|Joueurs|2 séances|c.|fr|100%|It&#39;s"),
    ],
)
def test_messages_in_templates_folded_or_called_give_the_same_text(tag, want):
    """``_()`` alone is folded into the compiled template, anything else is called when the
    page is rendered; ``{% trans %}`` works too.  Variables are escaped, '%%' is a percent sign."""
    from generator.site.render import DEFAULT_TEMPLATES, environment

    language = i18n.ENGLISH if tag == "en" else _lang(tag)
    env = environment(str(DEFAULT_TEMPLATES), language)
    template = env.from_string(
        '{{ _("Players") }}|{{ _("Season %(season)s", season=s) }}|{% trans %}Players{% endtrans %}|'
        '{{ ngettext("%(num)s session", "%(num)s sessions", 2) }}|{{ pgettext("versus", "v") }}|'
        '{{ page_language }}|{{ _("100%%") }}|{{ "It\'s" }}'
    )
    assert template.render(s="<b>") == want

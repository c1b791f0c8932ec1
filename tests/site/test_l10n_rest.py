"""The English issue 29 left to no one else's part, in French and Dutch (and English as it was):
no trump written 'SA' wherever a contract is (traveller, tables, par, trick values, the engine's
sentences, a teams match's double-dummy line); the bidding diagram and the play (the dealer and
the opening leader by name, 'Passe', 'Contre', 'Surcontre'; the traveller's 'auction' link); the
teams match's line against double dummy and par; the reconciliation's 'the scoring program';
the provisional period's end ('22 novembre 2026 à 22:00').

Pages are those of ``tests/fixtures/every_kind`` (invented names), built as the acceptance test
builds them (tests/site/test_i18n_every_kind.py: a git history, the last upload on 20 November
2026 at 22:00 UTC and provisional for 2 days).  Every expected sentence is written out by hand
from the fixture: the teams match's board 1 is 2♠ by N making 9 tricks (NS +140) at one table,
4♥ by E making 10 (NS -420) at the other; the deal's par is +300 (6♥X by E or W), North takes 11
tricks in spades double dummy and East 10 in hearts, so +140 is 2 tricks short of double dummy
and 160 short of par, -420 is as double dummy and 720 short of par.  The PBN session's board 1
is dealt by North, its auction has West's double after 4NT, and West leads.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from generator.model import Play
from generator.notation import Seat
from generator.scoring.board import _play_words
from generator.scoring.contract import Contract
from generator.scoring.explain import Step, contract_text
from generator.scoring.message import english
from generator.site import i18n
from tests.site.test_i18n_every_kind import _build

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def sites(tmp_path_factory) -> dict[str, Path]:
    return {lang: _build(tmp_path_factory.mktemp(f"l10n-rest-{lang}"), lang) for lang in ("en", "fr", "nl")}


def _text(site: Path, page: str) -> str:
    """The page's text as read, tags taken out (a suit symbol is its symbol)."""
    raw = (site / "sessions" / page).read_text(encoding="utf-8")
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", raw)).split())


def _languages() -> tuple[i18n.Language, i18n.Language]:
    return i18n.load_language("fr", ROOT / "tests" / "fixtures" / "club"), i18n.load_language(
        "nl", ROOT / "tests" / "fixtures" / "club"
    )


# --- 1. no trump ------------------------------------------------------------------------------
def test_contract_filter_writes_no_trump_as_the_language_does():
    french, dutch = _languages()
    for language, nt, spades in ((i18n.ENGLISH, "NT", "spades"), (french, "SA", "pique"), (dutch, "SA", "schoppen")):
        i18n.activate(language)
        assert str(i18n.contract("3NT")) == f"3{nt}"
        assert str(i18n.contract(Contract.parse("6NTXX"))) == f"6{nt}XX"
        assert str(i18n.contract("4S")) == f'4<span class="suit s" role="img" aria-label="{spades}">♠</span>'
        assert str(i18n.contract(None)) == ""


def test_engine_sentence_writes_no_trump_as_the_language_does():
    """The engine's contract in a step ('3NT by S made (NS +400)') is a message: 'SA' in French
    and Dutch, its English exactly '3NT' as before."""
    french, dutch = _languages()
    assert english(contract_text(Contract.parse("3NTX"))) == "3NTX"
    assert contract_text(Contract.parse("4H")) == "4♥"
    words = _play_words(Play(ns_score=400, contract=Contract.parse("3NT"), declarer=Seat.S, tricks=9))
    assert words["result"] == "3NT by S made (NS +400)"
    step = Step("test", words["message"], {})
    assert i18n.step_text(step, i18n.ENGLISH) == "3NT by S made (NS +400)"
    assert i18n.step_text(step, french) == "3SA par S juste fait (NS +400)"
    assert i18n.step_text(step, dutch) == "3SA door Z gemaakt (NZ +400)"


def test_no_trump_on_the_pages(sites):
    """The Butler traveller's 3NT by N making 11 (NS +460), a pair's trick values, and par."""
    expected = {
        "en": ("3NT N 11 460", "4 v 1, 3NT by S (NS): 9 tricks: +600, 0.0 MP;", "Par -630 : 4NT by E or W, 10 tricks"),
        "fr": (
            "3SA N 11 460",
            "4 contre 1, 3SA par S (NS) : 9 levées : +600, 0,0 PM;",
            "Par -630 : 4SA par E ou O, 10 levées",
        ),
        "nl": (
            "3SA N 11 460",
            "4 tegen 1, 3SA door Z (NZ): 9 slagen: +600, 0,0 MP;",
            "Par -630 : 4SA door O of W, 10 slagen",
        ),
    }
    for lang, (traveller, worth, par) in expected.items():
        assert traveller in _text(sites[lang], "2026-09-14-butler/board-1.html"), lang
        assert worth in _text(sites[lang], "2026-09-10-howell/board-2.html"), lang
        assert par in _text(sites[lang], "2026-09-07-lundi/board-3.html"), lang
    for lang in ("fr", "nl"):  # every board, pair and match page (a correction's text is history's)
        for page in sorted(p for p in (sites[lang] / "sessions").rglob("*.html") if p.name != "index.html"):
            assert not re.search(r"\dNT\b", _text(sites[lang], str(page.relative_to(sites[lang] / "sessions")))), page


# --- 2. the auction and the play ---------------------------------------------------------------
def test_auction_and_play_in_the_language(sites):
    expected = {
        "en": ("Auction (dealer North)", "4NT 2 Dbl Pass Pass", "The play (opening lead: West)", "♥ X auction S 9"),
        "fr": (
            "Enchères (donneur Nord)",
            "4SA 2 Contre Passe Passe",
            "Le jeu de la carte (entame : Ouest)",
            "♥ X enchères S 9",
        ),
        "nl": ("Bieding (gever Noord)", "4SA 2 Doublet Pas Pas", "Het afspel (uitkomst: West)", "♥ X bieding Z 9"),
    }
    for lang, sentences in expected.items():
        text = _text(sites[lang], "2026-11-20-encheres/board-1.html")
        for sentence in sentences:
            assert sentence in text, (lang, sentence)


def test_calls_other_than_bids():
    from generator.site.auction_view import call_words

    french, dutch = _languages()
    assert call_words() == {"Pass": "Pass", "X": "Dbl", "XX": "Rdbl", "AP": "All pass", "-": "–"}
    i18n.activate(french)
    assert call_words() == {"Pass": "Passe", "X": "Contre", "XX": "Surcontre", "AP": "Tous passent", "-": "–"}
    i18n.activate(dutch)
    assert call_words() == {"Pass": "Pas", "X": "Doublet", "XX": "Redoublet", "AP": "Allen passen", "-": "–"}


# --- 4. the teams match against double dummy, the reconciliation -------------------------------
def test_teams_match_against_double_dummy_and_par(sites):
    if "Tricks, double dummy" not in _text(sites["en"], "2026-10-12-quadrettes/match-1.html"):
        pytest.skip("the analysis extra (endplay) is not installed")
    expected = {
        "en": (
            "Gwalarn NS v Avel EW: 2 ♠ by N, 9 tricks, NS +140 — −2 tricks vs double dummy; NS -160 vs par",
            "Avel NS v Gwalarn EW: 4 ♥ by E, 10 tricks, NS -420 — as double dummy; NS -720 vs par",
        ),
        "fr": (
            "Gwalarn NS c. Avel EO: 2 ♠ par N, 9 levées, NS +140 — −2 levées par rapport au double mort ; "
            "NS -160 par rapport au par",
            "Avel NS c. Gwalarn EO: 4 ♥ par E, 10 levées, NS -420 — comme au double mort ; NS -720 par rapport au par",
        ),
        "nl": (
            "Gwalarn NZ tegen Avel OW: 2 ♠ door N, 9 slagen, NZ +140 — −2 slagen t.o.v. double dummy; NZ -160 t.o.v. par",
            "Avel NZ tegen Gwalarn OW: 4 ♥ door O, 10 slagen, NZ -420 — gelijk aan double dummy; NZ -720 t.o.v. par",
        ),
    }
    for lang, sentences in expected.items():
        text = _text(sites[lang], "2026-10-12-quadrettes/match-1.html")
        for sentence in sentences:
            assert sentence in text, (lang, sentence)
    raw = (sites["fr"] / "sessions" / "2026-10-12-quadrettes/match-1.html").read_text(encoding="utf-8")
    assert 'aria-label="pique">♠</span> par N, 9 levées' in raw  # the suit's spoken name too


def test_reconciliation_names_the_program_in_the_language(sites):
    """The PBN export names no program: 'the scoring program' in the language's own sentence."""
    expected = {
        "en": "Our figures agree with the scoring program's on 20 of 20: every one.",
        "fr": "Nos chiffres concordent avec ceux du logiciel de marque pour 20 sur 20 : tous.",
        "nl": "Onze cijfers komen overeen met die van het rekenprogramma bij 20 van de 20: allemaal.",
    }
    for lang, sentence in expected.items():
        assert sentence in _text(sites[lang], "2026-11-20-encheres/index.html"), lang


def test_no_trump_in_a_correction(sites):
    """The late correction of Monday's session removed board 2's third line, 2NT by W making 8
    (NS -120): the session page and the feed say so with no trump as the language writes it."""
    expected = {
        "en": "board 2, NS 3 v EW 1: removed (was 2NT= by W −120)",
        "fr": "donne 2, NS 3 contre EO 1 : retiré (était 2SA= par O −120)",
        "nl": "spel 2, NZ 3 tegen OW 1: verwijderd (was 2SA= door W −120)",
    }
    for lang, sentence in expected.items():
        assert sentence in _text(sites[lang], "2026-09-07-lundi/index.html"), lang
        feed = " ".join(html.unescape((sites[lang] / "feed.xml").read_text(encoding="utf-8")).split())
        assert sentence in feed, lang

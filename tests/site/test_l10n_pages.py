"""The texts Python writes on the player, event, archive and home pages, the feed and the
corrections, in the site's language (issue 29): each checked against a French and a Dutch
sentence written here by hand, and against the English the pages always had (unchanged).

Figures as each locale writes them: French '43,75 %' (a no-break space before the sign, as
CLDR has it), Dutch '43,75%'; places as each writes them ('1er ex aequo', 'gedeeld 1e')."""

from __future__ import annotations

import re
import shutil
from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest

from generator.scoring.event import EventOptions, missing_rule, score_event
from generator.site import archive, events, i18n, summary
from generator.site.build import build_site
from tests.scoring.test_event import S1_BOARDS, S1_SEATS, SMALL, SMALL_SEATS, mitchell
from tests.site.test_corrections import corrected  # noqa: F401  (a fixture: an upload committed, then corrected)

ROOT = Path(__file__).resolve().parents[2]
NBSP = "\xa0"


FIXTURES = ROOT / "tests" / "fixtures"


def _language(tag: str) -> i18n.Language:
    return i18n.ENGLISH if tag == "en" else i18n.load_language(tag, FIXTURES / "club")


# --- a player's season chart ------------------------------------------------------------------

ROWS = [  # newest first, as the player's page holds them; the dates as the summaries wrote them
    {"percentage": Fraction(125, 2), "long_date": "25 nov", "session": "S2", "partners": ["Bea Bloom"]},
    {"percentage": Fraction(175, 4), "long_date": "18 nov", "session": "S1", "partners": ["Bea Bloom", "Cy Cole"]},
]
# The season average (43.75 + 62.5) / 2 = 53.125, written 53.13 (a half away from zero).
SPOKEN = {
    "en": "Season 2026-27: percentage in each session, oldest first: 18 nov, with Bea Bloom &amp; Cy Cole: "
    "43.75%; 25 nov, with Bea Bloom: 62.50%. average 53.13%.",
    "fr": "Saison 2026-27 : pourcentage de chaque séance, la plus ancienne d’abord : 18 nov, avec Bea Bloom "
    f"&amp; Cy Cole : 43,75{NBSP}%; 25 nov, avec Bea Bloom : 62,50{NBSP}%. moyenne 53,13{NBSP}%.",
    "nl": "Seizoen 2026-27: percentage in elke zitting, de oudste eerst: 18 nov, met Bea Bloom &amp; Cy Cole: "
    "43,75%; 25 nov, met Bea Bloom: 62,50%. gemiddelde 53,13%.",
}
AXES = {
    "en": ["Session, oldest first", "Percentage in the session"],
    "fr": ["Séance, la plus ancienne d’abord", "Pourcentage de la séance"],
    "nl": ["Zitting, de oudste eerst", "Percentage in de zitting"],
}
TICK = {"en": "25%", "fr": f"25{NBSP}%", "nl": "25%"}


@pytest.mark.parametrize("tag", ["en", "fr", "nl"])
def test_the_season_chart_speaks_the_sites_language(tag):
    i18n.activate(_language(tag))
    chart = str(archive._season_chart(0, "2026-27", ROWS, Fraction(425, 8)))
    assert re.search(r'aria-label="([^"]*)"', chart).group(1) == SPOKEN[tag]
    assert re.findall(r'class="axis-title[^"]*"[^>]*>([^<]*)<', chart) == AXES[tag]
    assert f">{TICK[tag]}</text>" in chart
    assert re.findall(r'class="v"[^>]*>([^<]*)<', chart) == [
        {"en": "43.75%", "fr": f"43,75{NBSP}%", "nl": "43,75%"}[tag],
        {"en": "62.50%", "fr": f"62,50{NBSP}%", "nl": "62,50%"}[tag],
    ]


# --- the event page -------------------------------------------------------------------------

METHODS = {  # EventOptions() (boards), weighting equal, carry-forward of a third, total of matchpoints
    "en": [
        "Average of the session percentages, each session weighted by the boards played",
        "Average of the session percentages, each session alike",
        "Carry-forward: the final plus 33.3333% of the qualifying percentage",
        "Total of matchpoints",
    ],
    "fr": [
        "Moyenne des pourcentages des séances, chaque séance pondérée par les donnes jouées",
        "Moyenne des pourcentages des séances, chaque séance comptant autant",
        f"Report : la finale plus 33,3333{NBSP}% du pourcentage de qualification",
        "Total des points de match",
    ],
    "nl": [
        "Gemiddelde van de zittingspercentages, elke zitting gewogen naar de gespeelde spellen",
        "Gemiddelde van de zittingspercentages, elke zitting even zwaar",
        "Meenemen: de finale plus 33,3333% van het percentage in de voorronde",
        "Totaal van de matchpunten",
    ],
}
RULES = {  # not_ranked, played, average
    "en": [
        "A pair that missed a session is listed but not ranked.",
        "A pair that missed a session is ranked on the sessions it played.",
        "A pair that missed a session is given an average (50%) for it.",
    ],
    "fr": [
        "Une paire qui a manqué une séance est listée mais non classée.",
        "Une paire qui a manqué une séance est classée sur les séances qu’elle a jouées.",
        f"Une paire qui a manqué une séance reçoit une moyenne (50{NBSP}%) pour celle-ci.",
    ],
    "nl": [
        "Een paar dat een zitting miste, staat in de lijst maar wordt niet geklasseerd.",
        "Een paar dat een zitting miste, wordt geklasseerd op de zittingen die het speelde.",
        "Een paar dat een zitting miste, krijgt daarvoor een gemiddelde (50%).",
    ],
}
MISSED = {  # the footnote under the ranking: average, played
    "en": [
        "Missed a session and given an average (50%) for it, by the rule above: so a pair that missed a "
        "session can be placed above pairs who played every session.",
        "Missed a session and ranked on the sessions it played, by the rule above.",
    ],
    "fr": [
        f"A manqué une séance et reçu une moyenne (50{NBSP}%) pour celle-ci, selon la règle ci-dessus : une "
        "paire qui a manqué une séance peut donc être classée devant des paires qui ont joué toutes les séances.",
        "A manqué une séance et est classée sur les séances jouées, selon la règle ci-dessus.",
    ],
    "nl": [
        "Miste een zitting en kreeg daarvoor een gemiddelde (50%), volgens de regel hierboven: een paar dat "
        "een zitting miste, kan dus boven paren staan die elke zitting speelden.",
        "Miste een zitting en is geklasseerd op de gespeelde zittingen, volgens de regel hierboven.",
    ],
}
DAY = {"en": "18 November 2026", "fr": "18 novembre 2026", "nl": "18 november 2026"}
SPAN = {
    "en": "18 November 2026 to 25 November 2026",
    "fr": "du 18 novembre 2026 au 25 novembre 2026",
    "nl": "18 november 2026 tot 25 november 2026",
}


@pytest.mark.parametrize("tag", ["en", "fr", "nl"])
def test_the_event_pages_method_rule_and_footnote(tag):
    i18n.activate(_language(tag))
    assert [
        events._method(EventOptions()),
        events._method(EventOptions(weighting="equal")),
        events._method(EventOptions(method="carry_forward", carry_forward=Fraction(1, 3))),
        events._method(EventOptions(method="total_matchpoints")),
    ] == METHODS[tag]
    assert [i18n.message_text(missing_rule(m)) for m in ("not_ranked", "played", "average")] == RULES[tag]
    assert [events._missed_note("average"), events._missed_note("played")] == MISSED[tag]
    # the home page's list of events: the days as the language writes them, one day once
    assert events._span(date(2026, 11, 18), date(2026, 11, 25)) == SPAN[tag]
    assert events._span(date(2026, 11, 18), date(2026, 11, 18)) == DAY[tag]


NOTES = {
    # Tops 4 and 2 (tests/scoring/test_event.py): the small session's matchpoints scaled to 4.
    "fr": "Les tops des séances diffèrent (Séance 1 4, Séance 2 2) : les points de match de chaque séance sont "
    "ramenés à un top de 4 avant d’être additionnés.",
    "nl": "De tops van de zittingen verschillen (Zitting 1 4, Zitting 2 2): de matchpunten van elke zitting worden "
    "herschaald naar een top van 4 voordat ze worden opgeteld.",
}
FINAL_ONLY = {
    "fr": f"Paires de la finale seulement : chacune marque son pourcentage de la finale plus 33,3333{NBSP}% de "
    "son pourcentage de qualification (en points de pourcentage).",
    "nl": "Alleen de paren van de finale: elk scoort zijn percentage in de finale plus 33,3333% van zijn "
    "percentage in de voorronde (in procentpunten).",
}


@pytest.mark.parametrize("tag", ["fr", "nl"])
def test_the_engines_notes_are_messages_the_site_translates(tag):
    """The engine names no language (it imports no site): its notes are messages; the command
    line and the JSON export keep their English (``notes``)."""
    one, small = mitchell(S1_BOARDS, S1_SEATS, "one"), mitchell(SMALL, SMALL_SEATS, "small")
    total = score_event("Mixed", [one, small], EventOptions(method="total_matchpoints", missing="played"))
    carried = score_event("Mixed", [one, small], EventOptions(method="carry_forward", carry_forward=Fraction(1, 3)))
    assert total.notes == (
        "The sessions' tops differ (Session 1 4, Session 2 2): each session's matchpoints are scaled to a top "
        "of 4 before they are added.",
        RULES["en"][1],
    )
    assert carried.notes[0] == (
        "Final pairs only: each scores its final percentage plus 33.3333% of its qualifying percentage "
        "(in percentage points)."
    )
    i18n.activate(_language(tag))
    assert [i18n.message_text(m) for m in total.messages] == [NOTES[tag], RULES[tag][1]]
    assert [i18n.message_text(m) for m in carried.messages] == [FINAL_ONLY[tag], RULES[tag][0]]


LABELS = {  # an event file that names its sessions not: the default labels, and a step that names one
    "en": (
        ["Session 1", "Session 2"],
        ["Qualifying", "Final"],
        "missed Session 2: not ranked (a pair must play every session)",
    ),
    "fr": (
        ["Séance 1", "Séance 2"],
        ["Qualification", "Finale"],
        "a manqué Séance 2 : non classée (une paire doit jouer toutes les séances)",
    ),
    "nl": (
        ["Zitting 1", "Zitting 2"],
        ["Voorronde", "Finale"],
        "miste Zitting 2: niet geklasseerd (een paar moet elke zitting spelen)",
    ),
}


@pytest.mark.parametrize("tag", ["en", "fr", "nl"])
def test_the_default_session_labels_in_the_sites_language(tag):
    """The engine's labels are messages; the command line and JSON keep their English."""
    one, small = mitchell(S1_BOARDS, S1_SEATS, "one"), mitchell(SMALL, SMALL_SEATS, "small")
    total = score_event("Mixed", [one, small], EventOptions(method="total_matchpoints"))
    carried = score_event("Mixed", [one, small], EventOptions(method="carry_forward"))
    assert (total.labels, carried.labels) == (("Session 1", "Session 2"), ("Qualifying", "Final"))
    missed = next(s for s in total.standings if s.figure is None)  # E and F played only the first
    assert missed.explanation.to_dict()["steps"][0]["values"] == {"missed": ["Session 2"]}
    i18n.activate(_language(tag))
    sessions, rounds, step = LABELS[tag]
    assert [i18n.message_text(label) for label in total.session_labels] == sessions
    assert [i18n.message_text(label) for label in carried.session_labels] == rounds
    assert i18n.step_text(missed.explanation.steps[0]) == step


# --- the winners, as the home page, the archive and the feed write them -----------------------

WINNERS = [
    {"field": "F", "names": "Ann Ash & Bo Birch", "tied": True},
    {"field": "F", "names": "Cy Cole & Di Dunn", "tied": True},
    {"field": "", "names": "Eve Elm", "tied": False},
]


@pytest.mark.parametrize(
    ("tag", "expected"),
    [
        ("en", "Ann Ash & Bo Birch and Cy Cole & Di Dunn (F), tied; Eve Elm"),
        ("fr", "Ann Ash & Bo Birch et Cy Cole & Di Dunn (F), ex aequo; Eve Elm"),
        ("nl", "Ann Ash & Bo Birch en Cy Cole & Di Dunn (F), gedeeld; Eve Elm"),
    ],
)
def test_the_winners_in_words(tag, expected):
    i18n.activate(_language(tag))
    assert summary.winners_text(WINNERS) == expected


# --- a sample site (the golden club and an individual) built in French and in Dutch ---------------

BUILT = {
    "fr": {
        "players/index.html": ['data-none="Aucun joueur trouvé."'],
        # an individual's history names the player's number in the field
        "players/anaig-bodenes.html": ["<td>individuel (joueur 1)</td>"],
        # the season chart again as text, under it: 43.75% in both sessions, so the average too
        "players/abel-ash.html": [
            f"<li>18 novembre 2026, Winter Championship, first session, avec Bea Bloom : 43,75{NBSP}%</li>",
            f"<p>Moyenne de la saison : 43,75{NBSP}%.</p>",
        ],
        "feed.xml": [
            '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="fr">',
            "(Nord-Sud, handicap et scratch); Marigold Nutley &amp; Oswald Pryce (Est-Ouest, handicap et scratch).",
        ],
        "index.html": ["2 séances, du 18 novembre 2026 au 25 novembre 2026"],
        "events/2026-winter-championship/index.html": [
            "Une épreuve en 2 séances. Moyenne des pourcentages des séances, chaque séance pondérée par les "
            "donnes jouées.",
            '<th scope="col">Moyenne</th>',
        ],
    },
    "nl": {
        "players/index.html": ['data-none="Geen speler gevonden."'],
        "players/anaig-bodenes.html": ["<td>individueel (speler 1)</td>"],
        "players/abel-ash.html": [
            "<li>18 november 2026, Winter Championship, first session, met Bea Bloom: 43,75%</li>",
            "<p>Seizoensgemiddelde: 43,75%.</p>",
        ],
        "feed.xml": [
            '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="nl">',
            "(Noord-Zuid, handicap en bruto); Marigold Nutley &amp; Oswald Pryce (Oost-West, handicap en bruto).",
        ],
        "index.html": ["2 zittingen, 18 november 2026 tot 25 november 2026"],
        "events/2026-winter-championship/index.html": [
            "Een evenement van 2 zittingen. Gemiddelde van de zittingspercentages, elke zitting gewogen naar de "
            "gespeelde spellen.",
            '<th scope="col">Gemiddelde</th>',
        ],
    },
}


@pytest.fixture(scope="module", params=["fr", "nl"])
def sample(request, tmp_path_factory) -> tuple[str, Path]:
    tag = request.param
    tmp = tmp_path_factory.mktemp(f"sample-{tag}")
    # the golden club's sessions and the every-kind fixture's individual (tests never read content/)
    shutil.copytree(FIXTURES / "club", tmp / "content")
    individual = FIXTURES / "every_kind" / "sessions" / "2026-11-02-individuel.yaml"
    shutil.copy(individual, tmp / "content" / "sessions" / individual.name)
    settings = tmp / "content" / "site.yaml"
    settings.write_text(f"language: {tag}\n" + settings.read_text(encoding="utf-8"), encoding="utf-8")
    build_site(tmp / "content", tmp / "site", cache_dir=tmp / "cache", jobs=1)
    i18n.activate(i18n.ENGLISH)
    return tag, tmp / "site"


def test_the_sample_sites_pages_and_feed(sample):
    tag, site = sample
    for rel, wanted in BUILT[tag].items():
        text = (site / rel).read_text(encoding="utf-8")
        for piece in wanted:
            assert piece in text, (rel, piece)


def test_the_player_search_writes_no_english(sample):
    """The script's only words come from the page (``data-none``), in the page's language."""
    _tag, site = sample
    script = (site / "static" / "search.js").read_text(encoding="utf-8")
    strings = re.findall(r'"([^"]*)"', re.sub(r"/\*.*?\*/|//[^\n]*", "", script, flags=re.S))
    words = [s for s in strings if re.search(r"[a-z]{2,} [a-z]{2,}", s, re.I) and s != "use strict"]
    assert words == [], words


# --- corrections, on the session page and in the feed (tests/site/test_corrections.py's fixture) ---

CORRECTION = {
    # The English (tests/site/test_corrections.py): "board 1, NS 1 v EW 1: 4♠= by N +420 → 4♠−1 by N
    # −50; board 3, NS 3 v EW 2: removed (was 2♥−1 by S −50); board 4, NS 3 v EW 3: added, artificial
    # score A=. Eli Elm & Fay Fern (NS 3) moved from 3rd to 2nd; Ann Alder & Ben Birch (NS 1) from
    # 1st= to 3rd; …".  The pairs' and declarers' seats as the language abbreviates them (EO; NZ, OW, Z).
    "fr": "donne 1, NS 1 contre EO 1 : 4♠= par N +420 → 4♠−1 par N −50; donne 3, NS 3 contre EO 2 : retiré "
    "(était 2♥−1 par S −50); donne 4, NS 3 contre EO 3 : ajouté, score artificiel A=. Eli Elm & Fay Fern "
    "(NS 3) passe de 3e à 2e; Ann Alder & Ben Birch (NS 1) de 1er ex aequo à 3e; Gus Gorse & Hal Hazel "
    "(EO 1) de 3e à 2e; Ivy Iris & Jon Juniper (EO 2) de 2e à 3e.",
    "nl": "spel 1, NZ 1 tegen OW 1: 4♠= door N +420 → 4♠−1 door N −50; spel 3, NZ 3 tegen OW 2: verwijderd "
    "(was 2♥−1 door Z −50); spel 4, NZ 3 tegen OW 3: toegevoegd, kunstmatige score A=. Eli Elm & Fay Fern "
    "(NZ 3) ging van 3e naar 2e; Ann Alder & Ben Birch (NZ 1) van gedeeld 1e naar 3e; Gus Gorse & Hal Hazel "
    "(OW 1) van 3e naar 2e; Ivy Iris & Jon Juniper (OW 2) van 2e naar 3e.",
}
ON_THE_PAGE = {  # the session page says the correction came after the provisional period
    "fr": "Corrigé le 24 novembre 2026 (une correction tardive, après la période provisoire) : ",
    "nl": "Gecorrigeerd op 24 november 2026 (een late correctie, na de voorlopige periode): ",
}
CORRECTED_ON = {
    "fr": "Corrigé le 24 novembre 2026 (une correction tardive) : ",
    "nl": "Gecorrigeerd op 24 november 2026 (een late correctie): ",
}


PROVISIONAL = {  # first committed 17 November 2026 at 22:30, two days provisional
    "fr": "provisoire jusqu’au 19 novembre 2026 à 22:30",
    "nl": "voorlopig tot 19 november 2026 om 22:30",
}


def _in(repo: Path, tag: str) -> Path:
    """tests/site/test_corrections.py's upload, committed then corrected, built in ``tag``."""
    settings = repo / "content" / "site.yaml"
    settings.write_text(f"language: {tag}\n" + settings.read_text(encoding="utf-8"), encoding="utf-8")
    return repo


@pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")
@pytest.mark.parametrize("tag", ["fr", "nl"])
def test_a_correction_in_the_sites_language(corrected, tag):  # noqa: F811  (the fixture)
    import html

    from tests.site.test_corrections import build, page, text_of

    repo = _in(corrected, tag)
    build(repo)
    i18n.activate(i18n.ENGLISH)
    assert ON_THE_PAGE[tag] + CORRECTION[tag] in text_of(page(repo, "sessions/tuesday/index.html"))
    feed = html.unescape(page(repo, "feed.xml"))
    assert CORRECTED_ON[tag] + CORRECTION[tag] in feed


@pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")
@pytest.mark.parametrize("tag", ["fr", "nl"])
def test_the_provisional_periods_end_in_the_sites_language(corrected, tag):  # noqa: F811  (the fixture)
    from datetime import UTC, datetime

    from tests.site.test_corrections import build, page, text_of

    repo = _in(corrected, tag)
    build(repo, now=datetime(2026, 11, 18, 9, 0, tzinfo=UTC))
    i18n.activate(i18n.ENGLISH)
    assert PROVISIONAL[tag] in text_of(page(repo, "index.html"))

"""Explanations in the club's language (issue 29 item 2): every step the engine makes is a
message (``generator/scoring/message.py``) whose English is its ``summary``; a French or Dutch
site shows it translated, its figures as the locale writes them, and every arithmetic
statement on the page stays true when read with the decimal comma.

The fixture is tests/fixtures/explanations/ (invented names), built as
tests/site/test_golden_explanations.py builds it, with ``language:`` set.  The expected
sentences below were checked by hand against the English snapshots in tests/site/golden/
(the same figures; the words per docs/translating.md's vocabulary)."""

from __future__ import annotations

import re
from fractions import Fraction
from html import unescape
from pathlib import Path

import pytest
import yaml
from babel.messages.pofile import read_po

from generator.scoring import explain
from generator.scoring.explain import Step
from generator.scoring.message import Figure, english, formula, join, message_ids, msg, plural, render
from generator.site import i18n
from generator.site.build import build_site
from tests.helpers.arithmetic import count_statements, false_statements
from tests.helpers.explanation_site import write_content

ROOT = Path(__file__).resolve().parents[2]
NBSP = "\u00a0"


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    i18n.activate(i18n.ENGLISH)


def _build(root: Path, language: str, options: dict | None = None) -> Path:
    content = write_content(root, options or {})
    settings = yaml.safe_load((content / "site.yaml").read_text(encoding="utf-8"))
    settings["language"] = language
    (content / "site.yaml").write_text(yaml.safe_dump(settings, allow_unicode=True), encoding="utf-8")
    build_site(content, root / "site", jobs=1)
    i18n.activate(i18n.ENGLISH)
    return root / "site"


@pytest.fixture(scope="module")
def sites(tmp_path_factory) -> dict[str, Path]:
    return {lang: _build(tmp_path_factory.mktemp(lang), lang) for lang in ("fr", "nl")}


def _steps(site: Path, page: str) -> list[str]:
    """The sentence of each explanation step on a page (``<li class="step …">``, its first line:
    a step with a table of its values has the table on the lines after it)."""
    html = (site / page).read_text(encoding="utf-8")
    found = re.findall(r'<li class="step[^"]*">([^\n]*)', html)
    return [re.sub(r"[ \n]+", " ", unescape(re.sub(r"<[^>]+>", "", m))).strip() for m in found]


# --- hand-checked sentences, one kind at a time ------------------------------------------

MP = "sessions/pairs-matchpoints"
EXPECTED = {
    # matchpoints (plain board 1, NS +420; English: "North-South +420 beat 2 results and tied
    # with 1 other", "2 × 2 + 1 = 5 of a top of 8", "5 / 8 = 62.5%")
    "matchpoints": (
        f"{MP}/board-1.html",
        {
            "fr": [
                "Nord-Sud +420 a battu : 2 résultats ; à égalité avec : 1 autre",
                "2 × 2 + 1 = 5 sur un top de 8",
                f"5 / 8 = 62,5{NBSP}%",
                "Le top est de 2 × 4 = 8 points de match : 2 pour chacun des 4 autres résultats battus, "
                "1 pour une égalité",
            ],
            "nl": [
                "Noord-Zuid +420 versloeg 2 resultaten en speelde gelijk met 1 ander",
                "2 × 2 + 1 = 5 van een top van 8",
                "5 / 8 = 62,5%",
                "De top is 2 × 4 = 8 matchpunten: 2 voor elk van de 4 andere resultaten die geslagen zijn, "
                "1 voor een gelijke score",
            ],
        },
    ),
    # Neuberg (board 2, E 5, A 4; English: "Scaled to the 5 results expected (Neuberg):
    # (6 + 1) × 5 / 4 − 1 = 7.75 of a top of 8", "7.75 / 8 = 96.88%")
    "neuberg": (
        f"{MP}/board-2.html",
        {
            "fr": [
                "Chaque résultat compte 5 / 4 = 1,25 fois (Neuberg) : la donne a ainsi le poids entier de 5 résultats",
                "Sur les 4 résultats joués, Nord-Sud +630 a battu : 3 résultats ; à égalité avec : aucun",
                "Ramené aux 5 résultats attendus (Neuberg) : (6 + 1) × 5 / 4 − 1 = 7,75 sur un top de 8",
                f"7,75 / 8 = 96,88{NBSP}%",
            ],
            "nl": [
                "Elk resultaat telt 5 / 4 = 1,25 keer (Neuberg), zodat het spel het volle gewicht van 5 resultaten heeft",
                "Op de 4 resultaten die gespeeld zijn: Noord-Zuid +630 versloeg 3 resultaten en speelde gelijk met geen",
                "Herschaald naar de 5 resultaten die verwacht werden (Neuberg): (6 + 1) × 5 / 4 − 1 = 7,75 van een "
                "top van 8",
                "7,75 / 8 = 96,88%",
            ],
        },
    ),
    # weighted (board 4, NS 2 v EW 5; English: "… if 4♥ by E made (NS -620): 1 matchpoint; if 4♥ by E
    # went 1 down (NS +100): 4 matchpoints. 60% × 1 + 40% × 4 = 2.2 matchpoints"; Dutch writes East
    # 'O' and North-South 'NZ')
    "weighted": (
        f"{MP}/board-4.html",
        {
            "fr": [
                "L’arbitre a pondéré les résultats possibles (chacun comparé aux résultats des autres tables) : "
                "si 4♥ par E juste fait (NS -620) : 1 point de match; si 4♥ par E chute de 1 (NS +100) : "
                f"4 points de match. 60{NBSP}% × 1 + 40{NBSP}% × 4 = 2,2 points de match",
            ],
            "nl": [
                "De arbiter heeft de mogelijke resultaten gewogen (elk vergeleken met de resultaten van de andere "
                "tafels): als 4♥ door O gemaakt (NZ -620): 1 matchpunt; als 4♥ door O 1 down (NZ +100): "
                "4 matchpunten. 60% × 1 + 40% × 4 = 2,2 matchpunten",
            ],
        },
    ),
    # Butler (board 4; English: "(140 × 1 + 110 × 1 + 100 × 0.4 + (-140) × 1 + (-620) × 1.6) / 5 =
    # -842 / 5 = -168.4", "+140 against the datum of -170: +140 − (-170) = +310 points, which is
    # +7 IMPs to North-South (270–310 points on the IMP scale)")
    "butler": (
        "sessions/pairs-butler/board-4.html",
        {
            "fr": [
                "Datum : la moyenne des scores NS des 5 résultats joués",
                "(140 × 1 + 110 × 1 + 100 × 0,4 + (-140) × 1 + (-620) × 1,6) / 5 = -842 / 5 = -168,4",
                "+140 contre le datum de -170 : +140 − (-170) = +310 points, soit +7 IMP pour Nord-Sud "
                "(270–310 points sur l’échelle des IMP)",
                "+140 contre le datum de -170 : +140 − (-170) = +310 points, soit +7 IMP pour Nord-Sud "
                "(270–310 points sur l’échelle des IMP), donc -7 pour Est-Ouest",
            ],
            "nl": [
                "Datum: de gemiddelde NZ-score van de 5 resultaten die gespeeld zijn",
                "(140 × 1 + 110 × 1 + 100 × 0,4 + (-140) × 1 + (-620) × 1,6) / 5 = -842 / 5 = -168,4",
                "+140 tegen het datum van -170: +140 − (-170) = +310 punten, dat is +7 IMP's voor Noord-Zuid "
                "(270–310 punten op de IMP-schaal)",
            ],
        },
    ),
    # cross-IMPs (board 2; English: "North-South +630 against each of the other 3 results played
    # (how many times × IMPs): 1 × (+1) + 1 × (+10) + 1 × (+12) = +23 IMPs")
    "cross-imps": (
        "sessions/pairs-cross-imps/board-2.html",
        {
            "fr": [
                "Nord-Sud +630 contre chacun des autres résultats joués (3 résultats ; nombre de fois × IMP) : "
                "1 × (+1) + 1 × (+10) + 1 × (+12) = +23 IMP",
                "Les IMP croisés de chaque paire sont divisés par 4, le nombre de comparaisons (résultats − 1)",
            ],
            "nl": [
                "Noord-Zuid +630 tegen elk van de andere gespeelde resultaten (3 resultaten; hoe vaak × IMP's): "
                "1 × (+1) + 1 × (+10) + 1 × (+12) = +23 IMP's",
                "De cross-imps van elk paar worden gedeeld door 4, het aantal vergelijkingen (resultaten − 1)",
            ],
        },
    ),
    # teams and VPs (match 1; English: "Badgers by 13.4 IMPs over 4 boards → 16.22 VPs to Badgers,
    # 3.78 to Otters", "… 16.09 + (16.42 − 16.09) × 0.4 = 16.222, to two decimals 16.22: 16.22 – 3.78
    # (the loser gets 20 − 16.22 = 3.78)", board 2's "+620 − 170 = +450 net: 10 IMPs to Badgers")
    "teams-and-vps": (
        "sessions/teams/match-1.html",
        {
            "fr": [
                "Badgers de 13,4 IMP sur 4 donnes → 16,22 PV pour Badgers, 3,78 pour Otters",
                "Badgers 18,4 IMP, Otters 5 IMP sur 4 donnes",
                "Badgers a marqué +620 en Nord-Sud à une table et -170 en Est-Ouest à l’autre : "
                "+620 − 170 = +450 net : 10 IMP pour Badgers (430–490 points sur l’échelle des IMP)",
            ],
            "nl": [
                "Badgers met 13,4 IMP's over 4 spellen → 16,22 WP voor Badgers, 3,78 voor Otters",
                "Badgers 18,4 IMP's, Otters 5 IMP's over 4 spellen",
                "Badgers scoorde +620 als Noord-Zuid aan de ene tafel en -170 als Oost-West aan de andere: "
                "+620 − 170 = +450 netto: 10 IMP's voor Badgers (430–490 punten op de IMP-schaal)",
            ],
        },
    ),
}

VP_READING = {
    "fr": "Un écart de 13,4 IMP se situe entre 16,09 PV à 13 et 16,42 à 14 IMP : 16,09 + (16,42 − 16,09) × 0,4 "
    "= 16,222, à deux décimales 16,22 : 16,22 – 3,78 (le perdant reçoit 20 − 16,22 = 3,78)",
    "nl": "Een marge van 13,4 IMP's ligt tussen 16,09 WP bij 13 en 16,42 bij 14 IMP's: 16,09 + (16,42 − 16,09) "
    "× 0,4 = 16,222, op twee decimalen 16,22: 16,22 – 3,78 (de verliezer krijgt 20 − 16,22 = 3,78)",
}


@pytest.mark.parametrize("language", ["fr", "nl"])
@pytest.mark.parametrize("kind", list(EXPECTED))
def test_each_explanation_kind_reads_in_the_language(sites, kind, language):
    page, sentences = EXPECTED[kind]
    shown = _steps(sites[language], page)
    for sentence in sentences[language]:
        assert sentence in shown, f"{sentence!r} not among the steps of {page}:\n" + "\n".join(shown)


# --- the blocks' headings and the traveller rows around them -------------------------------
# (issue 29, l10n-explain).  English of each (tests/site/golden/*.txt): "Board 1: how the board
# was scored", "North-South, NS +450: 8.0 matchpoints", "East-West, NS +450: 0.0 matchpoints",
# "East-West, NS +630: 0.25 matchpoints" (Neuberg), "East-West, A- (NS 1 v EW 3): 3.2 matchpoints",
# "East-West, weighted score (NS 2 v EW 5): 5.8 matchpoints", "North-South, NS -140: 1 IMP" and
# "North-South, NS +140: 7 IMPs" (Butler), "North-South, NS +630: 7.19 IMPs" (cross-IMPs), "The match
# result", "Board 1: 2 IMPs to Otters", "Board 3: 8.40 IMPs to Badgers", "Pair 5 NS: 5.85
# matchpoints, 14.63%".  French counts 0 and 0.25 in the singular (CLDR), Dutch not; French
# puts a no-break space before the colon.  The seats' letters and the table's pairs (NS, EW,
# 'NS 1 v EW 3') are the l10n-seats part: matched whatever that part writes for them.

HEADINGS = {
    f"{MP}/board-1.html": {
        "fr": [
            f"Donne 1{NBSP}: comment la donne a été calculée",
            f"Nord-Sud, NS +450{NBSP}: 8,0 points de match",
            f"Est-Ouest, NS +450{NBSP}: 0,0 point de match",
        ],
        "nl": [
            "Spel 1: hoe het spel is berekend",
            "Noord-Zuid, NS +450: 8,0 matchpunten",
            "Oost-West, NS +450: 0,0 matchpunten",
        ],
    },
    f"{MP}/board-2.html": {
        "fr": [f"Est-Ouest, NS +630{NBSP}: 0,25 point de match", f"Nord-Sud, NS +630{NBSP}: 7,75 points de match"],
        "nl": ["Oost-West, NS +630: 0,25 matchpunten", "Noord-Zuid, NS +630: 7,75 matchpunten"],
    },
    f"{MP}/board-3.html": {
        "fr": [f"Est-Ouest, M− (NS 1 v EW 3){NBSP}: 3,2 points de match"],
        "nl": ["Oost-West, G− (NS 1 v EW 3): 3,2 matchpunten"],
    },
    f"{MP}/board-4.html": {
        "fr": [f"Est-Ouest, score pondéré (NS 2 v EW 5){NBSP}: 5,8 points de match"],
        "nl": ["Oost-West, gewogen score (NS 2 v EW 5): 5,8 matchpunten"],
    },
    "sessions/pairs-butler/board-4.html": {
        "fr": [f"Nord-Sud, NS -140{NBSP}: 1 IMP", f"Nord-Sud, NS +140{NBSP}: 7 IMP"],
        "nl": ["Noord-Zuid, NS -140: 1 IMP", "Noord-Zuid, NS +140: 7 IMP's"],
    },
    "sessions/pairs-cross-imps/board-2.html": {
        "fr": [f"Nord-Sud, NS +630{NBSP}: 7,19 IMP"],
        "nl": ["Noord-Zuid, NS +630: 7,19 IMP's"],
    },
    "sessions/teams/match-1.html": {
        "fr": ["Le résultat du match", f"Donne 1{NBSP}: 2 IMP pour Otters", f"Donne 3{NBSP}: 8,40 IMP pour Badgers"],
        "nl": ["De uitslag van de wedstrijd", "Spel 1: 2 IMP's voor Otters", "Spel 3: 8,40 IMP's voor Badgers"],
    },
    "sessions/swiss/swiss-round-1-match-1.html": {
        "fr": ["Comment le match a été calculé"],
        "nl": ["Hoe de wedstrijd is berekend"],
    },
    f"{MP}/pair-ns-5.html": {
        "fr": [f"Paire 5 NS{NBSP}: 5,85 points de match, 14,63{NBSP}%"],
        "nl": ["Paar 5 NS: 5,85 matchpunten, 14,63%"],
    },
}

# the rows: a table given artificial scores (English "Average-plus (60%) to NS, average-minus
# (40%) to EW: the director's ruling", on a Butler board "(+3 IMPs)"), and why it has no trick value
ROWS = {
    f"{MP}/board-3.html": {
        "fr": [
            f"Moyenne plus (60{NBSP}%) pour NS, moyenne moins (40{NBSP}%) pour EW{NBSP}: décision de l’arbitre",
            f"un score artificiel (la décision de l’arbitre, pas un résultat à la table){NBSP}: "
            "aucune valeur de levée ne s’applique",
        ],
        "nl": [
            "Gemiddeld plus (60%) voor NS, gemiddeld min (40%) voor EW: beslissing van de arbiter",
            "een kunstmatige score (de beslissing van de arbiter, geen resultaat aan tafel): "
            "geen slagwaarde van toepassing",
        ],
    },
    "sessions/pairs-butler/board-3.html": {
        "fr": [f"Moyenne plus (+3 IMP) pour NS, moyenne moins (-3 IMP) pour EW{NBSP}: décision de l’arbitre"],
        "nl": ["Gemiddeld plus (+3 IMP's) voor NS, gemiddeld min (-3 IMP's) voor EW: beslissing van de arbiter"],
    },
    # a weighted line's trick values (English "as weighted, 10 and 9 tricks: 5.8 MP; 9 and 8 tricks
    # would have been 2.4 MP; 11 and 10 tricks would have been 7.6 MP")
    f"{MP}/board-4.html": {
        "fr": [
            f"2 v 5, score pondéré{NBSP}: 60{NBSP}% de 4♥ par E, 40{NBSP}% de 4♥ par E (EW){NBSP}: "
            f"tel que pondéré, 10 et 9 levées{NBSP}: 5,8 PM; 9 et 8 levées auraient donné 2,4 PM; "
            "11 et 10 levées auraient donné 7,6 PM.",
        ],
        "nl": [
            "2 v 5, gewogen score: 60% van 4♥ door O, 40% van 4♥ door O (OW): "
            "zoals gewogen, 10 en 9 slagen: 5,8 MP; 9 en 8 slagen zouden 2,4 MP zijn geweest; "
            "11 en 10 slagen zouden 7,6 MP zijn geweest.",
        ],
    },
}


def _loose(sentence: str) -> re.Pattern[str]:
    """``sentence`` with the seats' letters and a table's 'v' matched as any language writes them."""
    pattern = re.escape(sentence)
    pattern = re.sub(r"\bNS\b", "(?:NS|NZ)", pattern).replace(r"\(EW\)", r"\((?:EW|EO|OW)\)")
    pattern = re.sub(r"\bEW\b", "(?:EW|EO|OW)", pattern)
    return re.compile(pattern.replace(r"\ v\ ", r"\ (?:v|c\.|contre|tegen|–)\ "))


def _texts(site: Path, page: str) -> str:
    html = (site / page).read_text(encoding="utf-8")
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", "", html)).replace(NBSP, "\0")).replace("\0", NBSP)


@pytest.mark.parametrize("language", ["fr", "nl"])
@pytest.mark.parametrize("page", list(HEADINGS))
def test_each_blocks_heading_reads_in_the_language(sites, page, language):
    html = (sites[language] / page).read_text(encoding="utf-8")
    headings = [unescape(h) for h in re.findall(r'<h3 id="[^"]*-h">([^<]*)</h3>', html)]
    for sentence in HEADINGS[page][language]:
        assert any(_loose(sentence).fullmatch(h) for h in headings), f"{sentence!r} not among\n" + "\n".join(headings)


@pytest.mark.parametrize("language", ["fr", "nl"])
@pytest.mark.parametrize("page", list(ROWS))
def test_rulings_and_trick_values_read_in_the_language(sites, page, language):
    text = _texts(sites[language], page)
    for sentence in ROWS[page][language]:
        assert _loose(sentence).search(text), f"{sentence!r} not on {page}"


def test_no_heading_or_row_of_ours_is_left_in_english(sites):
    """The English words of the headings and rows above, on no page of either language."""
    english = re.compile(
        r"how the board was scored|matchpoints?\b|\bIMPs\b|weighted score|director's ruling|"
        r"no trick value|tricks would have been|The match result|How the match was scored|"
        r"\bto (?:NS|EW|Otters|Badgers)\b"
    )
    for language, site in sites.items():
        for page in sorted(site.rglob("sessions/*/*.html")):
            html = page.read_text(encoding="utf-8")
            # the steps' own sentences (the tests above) and the fixture's session names left out
            shown = re.sub(r"Every Kind Pairs \(\w+\)", "", ENGINE_STEPS.sub("", html))
            found = english.search(unescape(re.sub(r"<[^>]+>", " ", shown)))
            assert found is None, (language, str(page.relative_to(site)), found.group(0))


# the pages' titles Python writes (English: "Round by round", "Round 1, table 1: pair 1 v pair 2",
# "Round 1: Badgers v Otters", "Pair 5 NS: Ivor Ivy & Jean Juniper"), each before " · " and the session
TITLES = {
    "sessions/swiss/swiss.html": {"fr": "Tour par tour", "nl": "Ronde voor ronde"},
    "sessions/swiss/swiss-round-1-match-1.html": {
        "fr": f"Tour 1, table 1{NBSP}: paire 1 contre paire 2",
        "nl": "Ronde 1, tafel 1: paar 1 tegen paar 2",
    },
    "sessions/teams/match-1.html": {
        "fr": f"Tour 1{NBSP}: Badgers contre Otters",
        "nl": "Ronde 1: Badgers tegen Otters",
    },
    f"{MP}/pair-ns-5.html": {
        "fr": f"Paire 5 NS{NBSP}: Ivor Ivy & Jean Juniper",
        "nl": "Paar 5 NS: Ivor Ivy & Jean Juniper",
    },
}


@pytest.mark.parametrize("language", ["fr", "nl"])
@pytest.mark.parametrize("page", list(TITLES))
def test_match_round_and_pair_titles_read_in_the_language(sites, page, language):
    html = (sites[language] / page).read_text(encoding="utf-8")
    title = unescape(re.search(r"<title>([^<]*)</title>", html).group(1)).split(" · ")[0]
    assert _loose(TITLES[page][language]).fullmatch(title), title


@pytest.mark.parametrize(("language", "weights"), [("fr", [f"60{NBSP}%", f"40{NBSP}%"]), ("nl", ["60%", "40%"])])
def test_a_weighted_scores_small_table_writes_its_weights_as_the_language_does(sites, language, weights):
    """Board 4's weighted score (60% and 40%, English '60%'): French puts a no-break space before %."""
    html = (sites[language] / f"{MP}/board-4.html").read_text(encoding="utf-8")
    table = html[html.index('<table class="mini"') :]
    cells = re.findall(r'<tr><td class="num">([^<]*)</td>', table[: table.index("</table>")])
    assert cells == weights, cells


ENGINE_STEPS = re.compile(r'<li class="step[^"]*">.*?</li>|<a [^>]*>[^<]*</a>|<title>.*?</title>', re.S)


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_the_vp_scale_reading_follows_its_formula_in_the_language(sites, language):
    shown = _steps(sites[language], "sessions/teams/match-1.html")
    assert any(VP_READING[language] in step for step in shown), "\n".join(shown)


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_steps_write_no_decimal_point_and_no_english_sentence(sites, language):
    """Every step of every page: figures with the decimal comma, and none of the English
    sentences' words that our translations replace."""
    english_words = re.compile(r"\b(of a top of|beat|tied with|results played|matchpoints|against the datum)\b")
    seen = 0
    for page in sorted(sites[language].rglob("*.html")):
        for step in _steps(sites[language], str(page.relative_to(sites[language]))):
            seen += 1
            assert not re.search(r"\d\.\d", step), f"{page.name}: {step}"
            assert not english_words.search(step), f"{page.name}: {step}"
    assert seen > 300


# --- every arithmetic statement stays true, read with the decimal comma -------------------

LANGUAGE_OPTION_SETS = {
    "ebu": {},
    "acbl-units-and-rounding": {"matchpoint_units": "acbl", "neuberg_rounding": "acbl"},
    "butler-trim-one": {"butler_trim": "1"},
    "cross-imps-scores": {"cross_imp_divisor": "scores"},
    "teams-board-a-match": {"teams_scoring": "board-a-match", "board_a_match_units": "2"},
    "small-groups-variable": {"small_groups": "ebu", "artificial": "variable", "session_percentage": "board-mean"},
    "swiss-ximpq": {"swiss_margin": "ximpq", "cross_imp_divisor": "total", "vp_scale": "discrete"},
}


@pytest.mark.parametrize("language", ["fr", "nl"])
@pytest.mark.parametrize("name", list(LANGUAGE_OPTION_SETS))
def test_every_arithmetic_statement_is_true_in_the_language(tmp_path, sites, name, language):
    site = sites[language] if name == "ebu" else _build(tmp_path, language, LANGUAGE_OPTION_SETS[name])
    seen = 0
    wrong = []
    for page in sorted(site.rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        seen += count_statements(html, decimal=",")
        wrong += [f"{page.relative_to(site)}: {st.line[:160]!r}: {why}" for st, why in false_statements(html, ",")]
    assert not wrong, "\n".join(wrong[:20])
    assert seen > 150, f"only {seen} statements found"


def test_a_false_statement_with_a_decimal_comma_is_caught():
    """The comma reading can fail: 7,75 for 7.5 is reported, and the true one is not."""
    assert not false_statements("<p>(6 + 1) × 5 / 4 − 1 = 7,75</p>", ",")
    assert false_statements("<p>(6 + 1) × 5 / 4 − 1 = 7,5</p>", ",")
    assert false_statements(f"<p>6 / 8 = 76{NBSP}%</p>", ",")


# --- every step is a message; its summary is its English --------------------------------


@pytest.fixture(scope="module")
def made_steps(tmp_path_factory) -> list[Step]:
    """Every step the engine makes while the fixture site is built (English), under option
    sets that reach every kind of step the fixture has."""
    made: list[Step] = []
    original = Step.__post_init__

    def record(self: Step) -> None:
        original(self)
        made.append(self)

    Step.__post_init__ = record  # type: ignore[method-assign]
    try:
        for name, options in LANGUAGE_OPTION_SETS.items():
            root = tmp_path_factory.mktemp(f"steps-{name}")
            build_site(write_content(root, options), root / "site", jobs=1)
    finally:
        Step.__post_init__ = original  # type: ignore[method-assign]
    return made


def _catalog(language: str) -> dict[str, object]:
    path = ROOT / "generator" / "locale" / language / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as f:
        catalog = read_po(f)
    return {(m.id[0] if isinstance(m.id, tuple) else m.id): m.string for m in catalog if m.id}


def test_every_step_is_a_message_whose_english_is_its_summary(made_steps):
    rules = {s.rule for s in made_steps}
    assert len(made_steps) > 500 and len(rules) > 30, (len(made_steps), sorted(rules))
    for step in made_steps:
        assert not isinstance(step.message, str), f"{step.rule}: {step.summary!r} is not a message"
        assert english(step.message) == step.summary
        # the general renderer, given English as the translation, writes the same sentence
        as_rendered = render(step.message, lambda s: s, lambda s, p, n: s if abs(n) == 1 else p, lambda f: f.text)
        assert as_rendered == step.summary, (as_rendered, step.summary)


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_every_message_a_step_holds_is_translated(made_steps, language):
    catalog = _catalog(language)
    ids = set().union(*(message_ids(s.message) for s in made_steps))
    untranslated = sorted(
        i for i in ids if not catalog.get(i) or (isinstance(catalog[i], tuple) and not all(catalog[i]))
    )
    assert not untranslated, untranslated


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_every_step_renders_whole_in_the_language(made_steps, language):
    """No placeholder left, no English figure: each figure of a step is written by the locale."""
    lang = i18n.load_language(language, ROOT / "tests" / "fixtures" / "club")
    for step in {s.summary: s for s in made_steps}.values():
        text = i18n.step_text(step, lang)
        assert "%(" not in text and "%%" not in text, text


# --- the message module and the figures --------------------------------------------------


def test_nested_messages_plurals_and_formulas_render_in_english():
    results = plural("%(num)s result", "%(num)s results", explain.fig(Fraction(5, 2)))
    one = plural("%(num)s result", "%(num)s results", explain.fig(1))
    sum_ = formula("%(a)s + %(b)s = %(c)s", a=explain.fig(Fraction(1, 3)), b="1", c=explain.pfig(Fraction(4, 3)))
    m = msg("on the %(results)s played: %(sum)s; %(one)s", results=results, sum=sum_, one=one)
    assert english(m) == "on the 2.5 results played: 0.33 + 1 = 1.33%; 1 result"
    assert english(join(" + ", [explain.sfig(3), explain.sfig(-1)])) == "+3 + -1"
    assert english(plural("%(num)s IMP", "%(num)s IMPs", explain.sfig(-1))) == "-1 IMP"


def test_a_message_renders_through_the_functions_given():
    m = msg("%(side)s scored %(n)s", side=msg("North-South"), n=Figure(Fraction(5, 2), 2, "2.5"))
    words = {"North-South": "Nord-Sud", "%(side)s scored %(n)s": "%(side)s a marqué %(n)s"}
    text = render(m, lambda s: words.get(s, s), lambda s, p, n: s, lambda f: f.text.replace(".", ","))
    assert text == "Nord-Sud a marqué 2,5"


@pytest.mark.parametrize(
    ("language", "text", "percent", "want"),
    [
        ("fr", "-2.5", False, "-2,5"),
        ("fr", "+420", False, "+420"),
        ("fr", "1234.56", False, "1234,56"),
        ("fr", "56.25%", True, f"56,25{NBSP}%"),
        ("nl", "56.25%", True, "56,25%"),
        ("nl", "0.618", False, "0,618"),
    ],
)
def test_figures_keep_their_digits_in_the_locales_signs(language, text, percent, want):
    from babel import Locale

    assert i18n._figure(text, percent, Locale.parse(language)) == want


def test_a_part_count_takes_the_plural_form_cldr_gives():
    """1.5 results: French writes the singular (CLDR 'one' for 0 ≤ n < 2), Dutch the plural."""
    from babel import Locale

    assert i18n._plural_count(Fraction(3, 2), Locale.parse("fr")) == 1
    assert i18n._plural_count(Fraction(3, 2), Locale.parse("nl")) == 2
    assert i18n._plural_count(3, Locale.parse("nl")) == 3


def test_english_pages_show_the_summary():
    step = Step("x.y", msg("%(n)s results", n=explain.fig(Fraction(5, 2))))
    assert i18n.step_text(step, i18n.ENGLISH) == step.summary == "2.5 results"


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        # English: "margin 11 IMPs over 8 boards on the WBF/EBU discrete 20-VP scale: 10–12 IMPs is worth
        # 14 VPs to the winner: 14 – 6" (tests/scoring/test_teams_scoring.py): the band in the unit's word
        (
            "fr",
            "écart 11 IMP sur 8 donnes selon le barème discret WBF/EBU en 20 PV : 10–12 IMP vaut 14 PV au gagnant : 14 – 6",
        ),
        (
            "nl",
            "marge 11 IMP's over 8 spellen op de discrete WBF/EBU-schaal van 20 WP: 10–12 IMP's is 14 WP waard "
            "voor de winnaar: 14 – 6",
        ),
    ],
)
def test_a_discrete_scales_band_reads_in_the_language(language, sentence):
    from generator.scoring.options import ScoringOptions
    from generator.scoring.teams import vp_steps

    step = vp_steps(Fraction(11), 8, Fraction(14), Fraction(6), ScoringOptions(vp_scale="discrete"))[-1]
    assert i18n.step_text(step, i18n.load_language(language, ROOT / "tests" / "fixtures" / "club")) == sentence

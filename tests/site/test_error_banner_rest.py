"""The serve banner in the site's language for an event's option checks (scoring/event.py),
site.yaml's errors once its language is known, and ``check``'s notes (issue 29 item 5): each
made as a message, translated whole in French and Dutch, its English on the terminal unchanged.
Fixtures, names and clubs are invented."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.cli import main

from .banner import failed_uploads, serve_failure

SESSION = """\
club: Orchard Bridge Club
event: Tuesday Pairs
date: 2026-10-{day}
method: {method}
movement: mitchell
pairs:
  - {{number: 1, direction: NS, players: [Ann Archer, Bill Baker]}}
  - {{number: 2, direction: NS, players: [{second}]}}
  - {{number: 1, direction: EW, players: [Gail Grant, Hugh Hart]}}
  - {{number: 2, direction: EW, players: [Iris Ives, Jack Jones]}}
boards:
  - number: 1
    results:
      - {{ns: 1, ew: 1, contract: 4S, by: N, tricks: 10}}
      - {{ns: 2, ew: 2, contract: 4S, by: N, tricks: 9}}
"""
"""Two results on board 1: a top of 2 matchpoints."""

THIRD = """\
  - {number: 3, direction: NS, players: [Kate King, Luke Lane]}
  - {number: 3, direction: EW, players: [Mary Moss, Ned North]}
"""
THIRD_RESULT = "      - {ns: 3, ew: 3, contract: 4S, by: N, tricks: 11}\n"


def _session(day: str, method: str = "matchpoints", second: str = "Cora Cole, Dan Drake", third: bool = False) -> str:
    text = SESSION.format(day=day, method=method, second=second)
    if third:  # three results on board 1: a top of 4
        text = text.replace("boards:\n", THIRD + "boards:\n") + THIRD_RESULT
    return text


def _event(extra: str = "") -> str:
    return f"event:\n  title: Autumn Pairs\n{extra}  sessions: [one.yaml, two.yaml]\n"


TOPS = {
    "one.yaml": _session("06"),
    "two.yaml": _session("13", third=True),
    "autumn.event.yaml": _event("  method: total_matchpoints\n  unequal_tops: refuse\n"),
}
"""Session 1's top is 2, session 2's is 4; the event refuses to add unequal tops (line 2)."""
SAME_PLAYERS = {
    "one.yaml": _session("06", second="Bill Baker, Ann Archer"),
    "two.yaml": _session("13"),
    "autumn.event.yaml": _event(),
}
"""Session 1's pair 2 NS is pair 1 NS's players in another order."""
BUTLER = {
    "one.yaml": _session("06"),
    "two.yaml": _session("13", method="butler"),
    "autumn.event.yaml": _event(),
}


_failed = failed_uploads


EVENT_ENGLISH = {
    "tops": (
        TOPS,
        "autumn.event.yaml (line 2): the sessions' tops differ (Session 1 2, Session 2 4): a total of matchpoints "
        "is fair only with equal tops; expected equal tops, or unequal_tops: scale, or method: average_percentage",
    ),
    "same players": (
        SAME_PLAYERS,
        "autumn.event.yaml (line 2): Session 1, pair 2 NS: the same players as pair 1 NS: "
        "expected each pair once in a session",
    ),
    "butler": (
        BUTLER,
        "autumn.event.yaml (line 2): the event ranks on matchpoints or percentages, but Session 1 is matchpoints, "
        "Session 2 is butler: expected matchpoint sessions",
    ),
}


def test_event_option_errors_keep_their_english_on_the_terminal(tmp_path: Path) -> None:
    """A French site's terminal, and an English site's banner, say them as they always did."""
    for kind, (files, english) in EVENT_ENGLISH.items():
        assert _failed(tmp_path / kind / "fr", "fr", files)[1] == [english]
        assert _failed(tmp_path / kind / "en", None, files) == ([english], [english])


def test_event_option_errors_on_a_french_banner(tmp_path: Path) -> None:
    assert _failed(tmp_path / "tops", "fr", TOPS)[0] == [
        "autumn.event.yaml (ligne 2) : les tops des séances diffèrent (Séance 1 2, Séance 2 4) : un total de "
        "points de match n’est juste qu’avec des tops égaux ; des tops égaux sont attendus, ou unequal_tops: scale, "
        "ou method: average_percentage"
    ]
    assert _failed(tmp_path / "same", "fr", SAME_PLAYERS)[0] == [
        "autumn.event.yaml (ligne 2) : Séance 1, paire 2 NS : les mêmes joueurs que la paire 1 NS : chaque paire "
        "une seule fois par séance est attendue"
    ]


def test_event_option_errors_on_a_dutch_banner(tmp_path: Path) -> None:
    assert _failed(tmp_path / "butler", "nl", BUTLER)[0] == [
        "autumn.event.yaml (regel 2): het evenement rangschikt op matchpunten of percentages, maar Zitting 1 is "
        "matchpoints, Zitting 2 is butler: matchpuntenzittingen verwacht"
    ]


# --- site.yaml ------------------------------------------------------------------------------


def _settings_failed(tmp_path: Path, settings: str) -> tuple[str, str]:
    """The banner and the terminal after a build whose site.yaml is ``settings``: each from
    site.yaml's name on (the error names the file by its whole path)."""
    content = tmp_path / "content"
    (content / "sessions").mkdir(parents=True)
    (content / "site.yaml").write_text("club: Orchard Bridge Club\n" + settings, encoding="utf-8")
    banner, terminal = serve_failure(content, tmp_path / "site")
    return banner.split("/content/", 1)[1], terminal.split("/content/", 1)[1]


CSV = "csv_format: excel\n"
TIES = "scoring:\n  ties: rounded\n"
MONTH = "season_start_month: 13\n"

SETTINGS_ENGLISH = {
    CSV: "site.yaml: 'csv_format' must be one of auto, comma, semicolon, got 'excel'",
    TIES: "site.yaml: scoring: option 'ties': expected one of exact, displayed, got 'rounded'",
    MONTH: "site.yaml: 'season_start_month' must be a month number 1-12, got 13",
}


def test_settings_errors_keep_their_english_on_the_terminal(tmp_path: Path) -> None:
    for n, (settings, english) in enumerate(SETTINGS_ENGLISH.items()):
        assert _settings_failed(tmp_path / f"fr{n}", "language: fr\n" + settings)[1] == english
        assert _settings_failed(tmp_path / f"en{n}", settings) == (english, english)


def test_settings_errors_on_a_french_banner(tmp_path: Path) -> None:
    assert _settings_failed(tmp_path / "csv", "language: fr\n" + CSV)[0] == (
        "site.yaml : 'csv_format' doit être une de ces valeurs : auto, comma, semicolon, reçu 'excel'"
    )
    assert _settings_failed(tmp_path / "ties", "language: fr\n" + TIES)[0] == (
        "site.yaml : scoring : option 'ties' : une de ces valeurs est attendue : exact, displayed, reçu 'rounded'"
    )


def test_settings_errors_on_a_dutch_banner(tmp_path: Path) -> None:
    assert _settings_failed(tmp_path / "month", "language: nl\n" + MONTH)[0] == (
        "site.yaml: 'season_start_month' moet een maandnummer van 1 tot 12 zijn, gekregen: 13"
    )


def test_a_site_yaml_that_cannot_be_parsed_stays_english(tmp_path: Path) -> None:
    """No language can be read from it: the banner says what the terminal says."""
    banner, terminal = _settings_failed(tmp_path, "language: fr\nscoring: [unclosed\n")
    assert banner == terminal
    assert terminal.startswith("site.yaml: not valid YAML: ")


# --- check's notes ----------------------------------------------------------------------------

NOTED_PBN = (
    '[Event "Club Night"]\n[Board "1"]\n[Vulnerable "None"]\n'
    '[ScoreTable "PairId_NS\\1R;PairId_EW\\1R;Contract\\3L;Declarer\\1R;Result\\2R;Score_NS\\5R;Score_EW\\5R;'
    'MP_NS\\3R;MP_EW\\3R"]\n'
    '1 2 4S N 10 "420" - 2 0\n3 4 4S N 9 "-" 50 0 2\n- - - - - - - - -\n'
)
"""A pairs score table with no [Scoring] tag (matchpointed, noted) and a bye line at line 7 that
names no pair (not a result, noted); both results' matchpoints agree (top 2)."""


def _notes(tmp_path: Path, capsys: pytest.CaptureFixture[str], *option: str) -> list[str]:
    path = tmp_path / "club.pbn"
    path.write_text(NOTED_PBN, encoding="utf-8")
    assert main(["check", str(path), *option]) == 0
    return [line for line in capsys.readouterr().out.splitlines() if line.startswith(("  note", "  opmerking"))]


def test_check_notes_keep_their_english(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _notes(tmp_path, capsys) == [
        "  note: no [Scoring] tag: the pairs score tables are matchpointed",
        "  note: board 1: a bye line (line 7) names no pair and is not a result",
    ]


def test_check_notes_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _notes(tmp_path, capsys, "--language", "fr") == [
        "  note : pas de balise [Scoring] : les tables de marques par paires sont calculées en points de match",
        "  note : donne 1 : une ligne de repos (ligne 7) ne nomme aucune paire et n’est pas un résultat",
    ]


def test_check_notes_in_dutch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _notes(tmp_path, capsys, "--language", "nl") == [
        "  opmerking: geen tag [Scoring]: de scoretabellen van de paren worden in matchpunten berekend",
        "  opmerking: spel 1: een rustregel (regel 7) noemt geen paar en is geen uitslag",
    ]


def test_the_event_failure_heading_is_in_the_language(tmp_path: Path) -> None:
    """The sentence above an event file's errors, as the uploads' has been: French on the banner,
    English on the terminal."""
    content = tmp_path / "content"
    (content / "sessions").mkdir(parents=True)
    (content / "site.yaml").write_text("club: Orchard Bridge Club\nlanguage: fr\n", encoding="utf-8")
    for name, text in SAME_PLAYERS.items():
        (content / "sessions" / name).write_text(text, encoding="utf-8")
    banner, terminal = serve_failure(content, tmp_path / "site")
    assert banner.splitlines()[0] == (
        "le site n’a pas été construit ; le site précédent est inchangé. 1 fichier d’épreuve a échoué :"
    )
    assert terminal.splitlines()[0] == (
        "Error: the site was not built; the previous site is unchanged. 1 event file failed:"
    )

"""A USEBIO upload's errors on the site's error banner (`serve`) in the site's language (issue 29
item 5): a bad SCORE, a contract not understood, an unknown declarer, a missing PAIR_NUMBER and
a file too large, each sentence hand-written here in French and Dutch; the command line keeps
the English, word for word.  The club, the players and the session are invented."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.errors import InputErrors
from generator.readers import read_sessions, read_upload, values
from generator.scoring.said import said_of
from generator.site.catalogs import load_language
from generator.site.error_text import error_text
from generator.site.i18n import said_text

from .banner import serve_failure

PAIRS = "".join(
    f"<PAIR>{number}<PLAYER><PLAYER_NAME>{a}</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>{b}</PLAYER_NAME></PLAYER></PAIR>"
    for number, a, b in (
        ("<PAIR_NUMBER>1</PAIR_NUMBER>", "Ada Alder", "Ben Birch"),
        ("<PAIR_NUMBER>2</PAIR_NUMBER>", "Cleo Cedar", "Dov Dogwood"),
        ("<PAIR_NUMBER>3</PAIR_NUMBER>", "Eva Elm", "Finn Fir"),
        ("<PAIR_NUMBER>4</PAIR_NUMBER>", "Gus Gorse", "Hana Hazel"),
    )
)
"""Four pairs of a Howell (no DIRECTION): a traveller line's NS and EW say who sat where."""


def _line(ns: int, ew: int, contract: str = "4S", by: str = "N", tricks: str = "10", score: str = "420") -> str:
    return (
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
        f"<CONTRACT>{contract}</CONTRACT><PLAYED_BY>{by}</PLAYED_BY><TRICKS>{tricks}</TRICKS>"
        f"<SCORE>{score}</SCORE></TRAVELLER_LINE>"
    )


def _usebio(first: str, second: str = _line(3, 4), pairs: str = PAIRS) -> str:
    """Larkspur's Wednesday pairs, one board: board 1 is not vulnerable, 4♠ by N making 10 tricks
    scores 420 (Law 77), so the good line ``second`` is a result; ``first`` carries the fault."""
    return (
        '<?xml version="1.0"?><USEBIO Version="1.2"><CLUB><CLUB_NAME>Larkspur Bridge Club</CLUB_NAME></CLUB>'
        '<EVENT EVENT_TYPE="MP_PAIRS"><EVENT_DESCRIPTION>Wednesday Pairs</EVENT_DESCRIPTION><DATE>07/10/2026</DATE>'
        f"<PARTICIPANTS>{pairs}</PARTICIPANTS>"
        f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{first}{second}</BOARD></EVENT></USEBIO>"
    )


BAD_SCORE = _usebio(_line(1, 2, score="4S"))
BAD_CONTRACT = _usebio(_line(1, 2, contract="4Z", score=""))
BAD_DECLARER = _usebio(_line(1, 2, by="X"))
NO_PAIR_NUMBER = _usebio(_line(1, 2), pairs=PAIRS.replace("<PAIR_NUMBER>2</PAIR_NUMBER>", ""))

LINE = "USEBIO/EVENT/BOARD/TRAVELLER_LINE[1]"

ENGLISH = {
    "score": f"board 1, NS pair 1 v EW pair 2 ({LINE}/SCORE): "
    "expected a score such as 420 or an artificial score such as A60/40, got '4S'",
    "contract": f"board 1, NS pair 1 v EW pair 2 ({LINE}/CONTRACT): "
    "expected a contract such as 4H, 3NTX or PASS, got '4Z'",
    "declarer": f"board 1, NS pair 1 v EW pair 2 ({LINE}/PLAYED_BY): expected the declarer N, E, S or W, got 'X'",
    "pair number": "(USEBIO/EVENT/PARTICIPANTS/PAIR[2]/PAIR_NUMBER): "
    "expected a pair number such as 7, 7NS or 7 EW, got ''",
    "too large": ": the file is 3,000 bytes: expected at most 2,048 bytes",
}


def _content(tmp_path: Path, language: str | None, upload: str) -> Path:
    content = tmp_path / "content"
    (content / "sessions").mkdir(parents=True)
    (content / "site.yaml").write_text(
        "club: Larkspur Bridge Club\n" + (f"language: {language}\n" if language else ""), encoding="utf-8"
    )
    (content / "sessions" / "wednesday.xml").write_text(upload, encoding="utf-8")
    return content


def _failed_build(tmp_path: Path, language: str | None, upload: str) -> tuple[list[str], list[str]]:
    """The banner's lines and the terminal's after ``serve`` builds a site with ``upload``."""
    banner, terminal = serve_failure(_content(tmp_path, language, upload), tmp_path / "site")
    return banner.splitlines(), terminal.splitlines()


def _errors(tmp_path: Path, upload: str) -> InputErrors:
    path = tmp_path / "wednesday.xml"
    path.write_text(upload, encoding="utf-8")
    with pytest.raises(InputErrors) as info:
        read_sessions(path)
    return info.value


def _too_large(tmp_path: Path) -> InputErrors:
    """A 3,000-byte upload read with a limit of 2,048 bytes (the limit is 20 MB: the figures are the test's)."""
    path = tmp_path / "wednesday.xml"
    path.write_bytes(b" " * 3000)
    with pytest.raises(InputErrors) as info:
        read_upload(path, 2048)
    return info.value


@pytest.mark.parametrize(
    ("upload", "sentence"),
    [
        (
            BAD_SCORE,
            f"wednesday.xml : donne 1, paire NS 1 contre paire EO 2 ({LINE}/SCORE) : "
            "un score tel que 420 ou un score arbitral tel que A60/40 est attendu, reçu '4S'",
        ),
        (
            BAD_DECLARER,
            f"wednesday.xml : donne 1, paire NS 1 contre paire EO 2 ({LINE}/PLAYED_BY) : "
            "le déclarant N, E, S ou W est attendu, reçu 'X'",
        ),
        (
            BAD_CONTRACT,
            f"wednesday.xml : donne 1, paire NS 1 contre paire EO 2 ({LINE}/CONTRACT) : "
            "un contrat tel que 4H, 3NTX ou PASS est attendu, reçu '4Z'",
        ),
    ],
)
def test_a_french_site_shows_a_traveller_line_error_in_french(tmp_path: Path, upload: str, sentence: str) -> None:
    banner, terminal = _failed_build(tmp_path, "fr", upload)
    assert banner[1] == "1 problème trouvé :"
    assert banner[2].endswith(sentence)
    assert terminal[0].startswith("Error: the site was not built")  # the scorers' log stays English
    assert terminal[1] == "1 problem found:"


def test_a_dutch_site_shows_a_contract_not_understood_in_dutch(tmp_path: Path) -> None:
    banner, terminal = _failed_build(tmp_path, "nl", BAD_CONTRACT)
    assert banner[2].endswith(
        f"wednesday.xml: spel 1, NZ-paar 1 tegen OW-paar 2 ({LINE}/CONTRACT): "
        "een contract zoals 4H, 3NTX of PASS verwacht, gekregen: '4Z'"
    )
    assert terminal[2].endswith(f"wednesday.xml: {ENGLISH['contract']}")


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        (
            "fr",
            "wednesday.xml (USEBIO/EVENT/PARTICIPANTS/PAIR[2]/PAIR_NUMBER) : "
            "attendu : un numéro de paire tel que 7, 7NS ou 7 EW, reçu ''",
        ),
        (
            "nl",
            "wednesday.xml (USEBIO/EVENT/PARTICIPANTS/PAIR[2]/PAIR_NUMBER): "
            "verwacht: een paarnummer zoals 7, 7NS of 7 EW, gekregen: ''",
        ),
    ],
)
def test_a_missing_pair_number_is_said_in_the_site_language(tmp_path: Path, language: str, sentence: str) -> None:
    lines = error_text(_errors(tmp_path, NO_PAIR_NUMBER), load_language(language, tmp_path)).splitlines()
    assert lines[1].endswith(sentence)  # then pair 2's lines: unknown (no pair is numbered 2)


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        # French groups thousands with a narrow no-break space (CLDR), Dutch with a full stop.
        ("fr", "wednesday.xml : le fichier fait 3\u202f000 octets : 2\u202f048 octets au plus sont attendus"),
        ("nl", "wednesday.xml: het bestand is 3.000 bytes: hoogstens 2.048 bytes verwacht"),
    ],
)
def test_a_file_too_large_is_said_with_the_locale_s_grouping(tmp_path: Path, language: str, sentence: str) -> None:
    [line] = error_text(_too_large(tmp_path), load_language(language, tmp_path)).splitlines()[1:]
    assert line.endswith(sentence)


def test_the_command_line_keeps_the_english_word_for_word(tmp_path: Path) -> None:
    for key, upload in (("score", BAD_SCORE), ("contract", BAD_CONTRACT), ("declarer", BAD_DECLARER)):
        assert [str(e).split("wednesday.xml: ", 1)[1] for e in _errors(tmp_path, upload).errors] == [ENGLISH[key]]
    first = _errors(tmp_path, NO_PAIR_NUMBER).errors[0]
    assert str(first).split("wednesday.xml ", 1)[1] == ENGLISH["pair number"]
    [large] = _too_large(tmp_path).errors
    assert str(large).split("wednesday.xml", 1)[1] == ENGLISH["too large"]


def test_a_number_another_reader_checks_is_said_in_french_too(tmp_path: Path) -> None:
    """``values``' phrases are messages: a PBN PairId or a YAML team number built from them is
    translated without that reader changing; the English stays as the readers' tests assert it."""
    french = load_language("fr", tmp_path)
    with pytest.raises(ValueError) as info:
        values.number_of("12345", "team")
    said = said_of(info.value)
    assert said == "expected a team number from 1 to 9999, got 12345"
    assert said_text(said, french) == "attendu : un numéro d’équipe de 1 à 9999, reçu 12345"
    with pytest.raises(ValueError) as info:
        values.board_number("9" * 5000)
    assert said_text(said_of(info.value), french) == (
        "attendu : un numéro de donne de 1 à 999, reçu un nombre de 5\u202f000 chiffres"
    )


# --- a teams event (usebio_teams.py) --------------------------------------------------------------


def _team(number: int, name: str, *pairs: tuple[int, str, str]) -> str:
    return (
        f"<TEAM><TEAM_NUMBER>{number}</TEAM_NUMBER><TEAM_NAME>{name}</TEAM_NAME>"
        + "".join(
            f"<PAIR><PAIR_NUMBER>{n}</PAIR_NUMBER><PLAYER><PLAYER_NAME>{a}</PLAYER_NAME></PLAYER>"
            f"<PLAYER><PLAYER_NAME>{b}</PLAYER_NAME></PLAYER></PAIR>"
            for n, a, b in pairs
        )
        + "</TEAM>"
    )


TEAMS_BOARD = "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>" + _line(1, 3) + _line(4, 2) + "</BOARD>"
"""Board 1 at both tables, the Wrens' pairs 1 and 2 against the Finches' 3 and 4: 4♠ by N making
10 tricks, not vulnerable, scores 420 to NS at each table (Law 77): a flat board."""


def _knockout(match: str = "<TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM>", boards: str = TEAMS_BOARD) -> str:
    return (
        '<?xml version="1.0"?><USEBIO Version="1.2"><CLUB><CLUB_NAME>Larkspur Bridge Club</CLUB_NAME></CLUB>'
        '<EVENT EVENT_TYPE="KO"><EVENT_DESCRIPTION>Larkspur Knockout</EVENT_DESCRIPTION><DATE>08/10/2026</DATE>'
        "<MATCH_SCORING_METHOD>IMPS</MATCH_SCORING_METHOD><PARTICIPANTS>"
        + _team(1, "Wrens", (1, "Ada Alder", "Ben Birch"), (2, "Cleo Cedar", "Dov Dogwood"))
        + _team(2, "Finches", (3, "Eva Elm", "Finn Fir"), (4, "Gus Gorse", "Hana Hazel"))
        + f"</PARTICIPANTS><MATCH>{match}{boards}</MATCH></EVENT></USEBIO>"
    )


UNKNOWN_TEAM = _knockout("<TEAM>1</TEAM><OPPOSING_TEAM>9</OPPOSING_TEAM>")
BOARD_TWICE = _knockout(boards=TEAMS_BOARD * 2)
BAD_DIRECTION = _knockout(boards=TEAMS_BOARD.replace("<TRAVELLER_LINE>", "<TRAVELLER_LINE><DIRECTION>X</DIRECTION>", 1))


@pytest.mark.parametrize(
    ("language", "upload", "sentence"),
    [
        (
            "fr",
            UNKNOWN_TEAM,
            "wednesday.xml (USEBIO/EVENT/MATCH/OPPOSING_TEAM) : "
            "équipe '9' inconnue : l’une des équipes inscrites est attendue (1, 2)",
        ),
        (
            "fr",
            BOARD_TWICE,
            "wednesday.xml : donne 1 (USEBIO/EVENT/MATCH/BOARD[2]) : "
            "la donne 1 apparaît deux fois dans le match Wrens contre Finches : un BOARD par donne est attendu",
        ),
        (
            "nl",
            BAD_DIRECTION,
            "wednesday.xml: spel 1, Wrens tegen Finches (USEBIO/EVENT/MATCH/BOARD/TRAVELLER_LINE[1]/DIRECTION): "
            "verwacht: een richting NS of EW, gekregen: 'X'",
        ),
    ],
)
def test_a_teams_event_s_errors_are_said_in_the_site_language(
    tmp_path: Path, language: str, upload: str, sentence: str
) -> None:
    banner, _ = _failed_build(tmp_path, language, upload)
    assert banner[2].endswith(sentence)


def test_the_knockout_without_a_fault_is_read(tmp_path: Path) -> None:
    """The fixture itself is sound: each error above is the one fault put in."""
    path = tmp_path / "knockout.xml"
    path.write_text(_knockout(), encoding="utf-8")
    assert len(read_sessions(path)) == 1


def test_a_teams_event_s_errors_keep_their_english(tmp_path: Path) -> None:
    said = [
        str(_errors(tmp_path, upload).errors[0]).split("wednesday.xml", 1)[1]
        for upload in (UNKNOWN_TEAM, BOARD_TWICE, BAD_DIRECTION)
    ]
    assert said == [
        " (USEBIO/EVENT/MATCH/OPPOSING_TEAM): unknown team '9': expected one of the teams listed (1, 2)",
        ": board 1 (USEBIO/EVENT/MATCH/BOARD[2]): board 1 appears twice in the match Wrens v Finches: "
        "expected one BOARD per board",
        ": board 1, Wrens v Finches (USEBIO/EVENT/MATCH/BOARD/TRAVELLER_LINE[1]/DIRECTION): "
        "expected a direction NS or EW, got 'X'",
    ]


# --- the checks every reader's session gets (validate.py) ------------------------------------------

HANDICAP_MISSING = _usebio(
    _line(1, 2),
    pairs=PAIRS.replace("<PAIR_NUMBER>1</PAIR_NUMBER>", "<PAIR_NUMBER>1</PAIR_NUMBER><HANDICAP>-2.5</HANDICAP>")
    .replace("<PAIR_NUMBER>2</PAIR_NUMBER>", "<PAIR_NUMBER>2</PAIR_NUMBER><HANDICAP>0</HANDICAP>")
    .replace("<PAIR_NUMBER>3</PAIR_NUMBER>", "<PAIR_NUMBER>3</PAIR_NUMBER><HANDICAP>1.5</HANDICAP>"),
)
"""A handicap event in which pair 4 has no handicap (0 would say a scratch pair)."""


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        (
            "fr",
            "wednesday.xml : paire 4 (USEBIO/EVENT/PARTICIPANTS/PAIR[4]) : paire 4 n’a pas de handicap alors "
            "que d’autres paires en ont un : un handicap pour chaque paire est attendu (0 pour une paire sans handicap)",
        ),
        (
            None,
            "wednesday.xml: pair 4 (USEBIO/EVENT/PARTICIPANTS/PAIR[4]): pair 4 has no handicap while other pairs "
            "have one: expected a handicap for every pair (0 for a scratch pair)",
        ),
    ],
)
def test_a_pair_without_a_handicap_is_said_in_the_site_language(
    tmp_path: Path, language: str | None, sentence: str
) -> None:
    banner, terminal = _failed_build(tmp_path, language, HANDICAP_MISSING)
    assert banner[2].endswith(sentence)
    assert terminal[2].endswith(
        "wednesday.xml: pair 4 (USEBIO/EVENT/PARTICIPANTS/PAIR[4]): pair 4 has no handicap while other pairs "
        "have one: expected a handicap for every pair (0 for a scratch pair)"
    )

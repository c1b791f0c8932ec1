"""The serve banner in the site's language for the PBN reader, event files, Swiss YAML and the
reasons a hand record, an auction or a play is left out (issue 29 item 5): each error made as
a message, translated whole in French and Dutch, its English on the terminal unchanged.
Fixtures, names and clubs are invented."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.model import Seat
from generator.readers.hand_records import HandRecords, dealer
from generator.readers.individual import seats_of
from generator.readers.pbn_auction import parse_auction, parse_play
from generator.readers.sitouts import yaml_sitout
from generator.readers.yaml_loader import YamlReader
from generator.scoring.message import msg
from generator.scoring.said import said_of
from generator.site import i18n

from .banner import assert_english_kept, failed_uploads

PBN = (
    '[Event "Club Night"]\n[Board "1"]\n[Vulnerable "None"]\n[Scoring "{scoring}"]\n'
    '[ScoreTable "PairId_NS\\1R;PairId_EW\\1R;Contract\\3L;Declarer\\1R;Result\\2R;Score_NS\\5R;Score_EW\\5R;'
    'MP_NS\\3R;MP_EW\\3R"]\n'
)
"""Line 4 is the Scoring tag, line 5 the ScoreTable's header, line 6 its first row."""

SESSION = """\
club: Orchard Bridge Club
event: Tuesday Pairs
date: 2026-10-{day}
method: matchpoints
movement: mitchell
pairs:
  - {{number: 1, direction: NS, players: [Ann Archer, Bill Baker]}}
  - {{number: 1, direction: EW, players: [Gail Grant, Hugh Hart]}}
boards:
  - number: 1
    results:
      - {{ns: 1, ew: 1, contract: 4S, by: N, tricks: 10}}
"""

EVENT = "event:\n  method: swiss\n  sessions: [one.yaml, two.yaml]\n"
"""No title, and a method no event knows: both reported at line 2 (the mapping under event:)."""

SWISS = """\
club: Orchard Bridge Club
event: Friday Swiss
date: 2026-10-09
method: cross_imps
movement: howell
pairs:
  - {number: 1, players: [Ann Archer, Bill Baker]}
  - {number: 2, players: [Cora Cole, Dan Drake]}
  - {number: 3, players: [Gail Grant, Hugh Hart]}
  - {number: 4, players: [Iris Ives, Jack Jones]}
swiss:
  rounds:
    - round: 1
      boards: [1]
      matches:
        - {ns: 1, ew: 9}
        - {ns: 2, ew: 3}
boards:
  - number: 1
    results:
      - {ns: 1, ew: 4, contract: 4S, by: N, tricks: 10}
      - {ns: 2, ew: 3, contract: 4S, by: N, tricks: 9}
"""
"""Pair 9 (line 16) is not in the event; pairs 1 and 4 (line 21) were not drawn to meet in round 1."""


_failed = failed_uploads


def _pbn(scoring: str, rows: str) -> dict[str, str]:
    return {"club.pbn": PBN.format(scoring=scoring) + rows}


BAD_SCORE = _pbn("MatchPoints", '1 2 4S N 10 "4S" - 2 0\n3 4 4S N 10 "420" - 0 2\n')
BAD_PAIR = _pbn("MatchPoints", '1 X 4S N 10 "420" - 2 0\n3 4 4S N 10 "420" - 0 2\n')
BAD_TAG = {"club.pbn": PBN.format(scoring="MatchPoints") + '1 2 4S N 10 "420" - 2 0\n[Board 2]\n'}
EVENT_FILES = {
    "one.yaml": SESSION.format(day="06"),
    "two.yaml": SESSION.format(day="13"),
    "autumn.event.yaml": EVENT,
}


@pytest.mark.parametrize(
    ("files", "french"),
    [
        (
            _pbn("Chicago", '1 2 4S N 10 "420" - 2 0\n'),
            "club.pbn (ligne 4) : marque inconnue 'Chicago' : MatchPoints, IMP;Butler, IMP;Cross ou Teams est attendu",
        ),
        (
            {"club.pbn": "% an export with no game\n"},
            'club.pbn (ligne 1) : des parties PBN ([Board "1"] ... avec une ScoreTable) sont attendues, aucune trouvée',
        ),
        (
            BAD_SCORE,
            "club.pbn : donne 1, paire NS 1 contre paire EO 2 (ligne 6) : une marque telle que 420 ou une marque "
            "arbitrale telle que A60/40 est attendue, reçu '4S'",
        ),
        (
            BAD_PAIR,
            "club.pbn : donne 1 (ligne 6) : des numéros de paire sont attendus dans PairId_NS et PairId_EW, "
            "reçu '1' et 'X'",
        ),
        (
            BAD_TAG,
            "club.pbn (ligne 7) : une balise telle que [Board \"1\"] est attendue, reçu '[Board 2]'",
        ),
    ],
)
def test_pbn_errors_on_a_french_banner(tmp_path: Path, files: dict[str, str], french: str) -> None:
    banner, _ = _failed(tmp_path, "fr", files)
    assert banner == [french]


def test_pbn_errors_on_a_dutch_banner(tmp_path: Path) -> None:
    assert _failed(tmp_path / "score", "nl", BAD_SCORE)[0] == [
        "club.pbn: spel 1, NZ-paar 1 tegen OW-paar 2 (regel 6): een score zoals 420 of een arbitrale score "
        "zoals A60/40 verwacht, gekregen: '4S'"
    ]
    assert _failed(tmp_path / "tag", "nl", BAD_TAG)[0] == [
        "club.pbn (regel 7): een tag zoals [Board \"1\"] verwacht, gekregen: '[Board 2]'"
    ]


def test_a_totals_table_pair_number_keeps_its_column_on_a_french_banner(tmp_path: Path) -> None:
    """'PairId: …': the column named in the French frame (the words after it are the number reader's)."""
    totals = '[TotalScoreTable "PairId\\1R;Direction\\5R;Names\\30L"]\nX "N-S" "Ann Archer - Bill Baker"\n'
    banner, terminal = _failed(
        tmp_path,
        "fr",
        {
            "club.pbn": PBN.format(scoring="MatchPoints").replace("[ScoreTable", totals + "[ScoreTable")
            + '1 2 4S N 10 "420" - 2 0\n'
        },
    )
    assert banner[0].startswith("club.pbn (ligne 6) : PairId : ")
    assert terminal[0] == "club.pbn (line 6): PairId: expected a pair number such as 1 or 12, got 'X'"


def test_event_file_errors_on_french_and_dutch_banners(tmp_path: Path) -> None:
    assert _failed(tmp_path / "fr", "fr", EVENT_FILES)[0] == [
        "autumn.event.yaml (ligne 2) : l’épreuve n’a pas de titre : title: suivi du nom de l’épreuve est attendu",
        "autumn.event.yaml (ligne 2) : valeur 'swiss' inconnue pour method : une de ces valeurs est attendue : "
        "total_matchpoints, average_percentage, carry_forward",
    ]
    assert _failed(tmp_path / "nl", "nl", EVENT_FILES)[0][0] == (
        "autumn.event.yaml (regel 2): het evenement heeft geen titel: title: gevolgd door de naam van het evenement "
        "verwacht"
    )


def test_swiss_errors_on_french_and_dutch_banners(tmp_path: Path) -> None:
    assert _failed(tmp_path / "fr", "fr", {"swiss.yaml": SWISS})[0] == [
        "swiss.yaml : paire 9 (ligne 16) : tour 1 : ew 9 n’est pas une paire de cette épreuve : une de ces paires "
        "est attendue : 1, 2, 3, 4",
        "swiss.yaml : donne 1, paire 1 (ligne 21) : paire 1 et paire 4 ne se rencontrent pas au tour 1 : le "
        "résultat d’un des matchs du tour est attendu",
    ]
    assert _failed(tmp_path / "nl", "nl", {"swiss.yaml": SWISS})[0][1] == (
        "swiss.yaml: spel 1, paar 1 (regel 21): paar 1 en paar 4 spelen niet tegen elkaar in ronde 1: de uitslag "
        "van een van de matches van de ronde verwacht"
    )


ENGLISH = {
    "score": (
        BAD_SCORE,
        [
            "club.pbn: board 1, NS pair 1 v EW pair 2 (line 6): expected a score such as 420 or an artificial "
            "score such as A60/40, got '4S'"
        ],
    ),
    "pair": (
        BAD_PAIR,
        ["club.pbn: board 1 (line 6): expected pair numbers in PairId_NS and PairId_EW, got '1' and 'X'"],
    ),
    "tag": (BAD_TAG, ["club.pbn (line 7): expected a tag such as [Board \"1\"], got '[Board 2]'"]),
    "event": (
        EVENT_FILES,
        [
            "autumn.event.yaml (line 2): the event has no title: expected title: followed by the event's name",
            "autumn.event.yaml (line 2): unknown method 'swiss': expected one of total_matchpoints, "
            "average_percentage, carry_forward",
        ],
    ),
    "swiss": (
        {"swiss.yaml": SWISS},
        [
            "swiss.yaml: pair 9 (line 16): round 1: ew 9 is not a pair of this event: expected one of 1, 2, 3, 4",
            "swiss.yaml: board 1, pair 1 (line 21): pair 1 and pair 4 do not meet in round 1: expected the result "
            "of one of the round's matches",
        ],
    ),
}


@pytest.mark.parametrize("kind", sorted(ENGLISH))
def test_the_terminal_keeps_the_english(tmp_path: Path, kind: str) -> None:
    """A French site's terminal, and an English site's banner, say the errors as they always did."""
    assert_english_kept(tmp_path, *ENGLISH[kind])


def _said(exc: pytest.ExceptionInfo[ValueError], tag: str, content: Path) -> str:
    return i18n.said_text(said_of(exc.value), i18n.load_language(tag, content))


def test_an_auction_or_play_left_out_by_the_laws_is_said_in_french_and_dutch(tmp_path: Path) -> None:
    """The reasons the board page gives inside 'les enchères … sont écartées : …' (pbn_records)."""
    with pytest.raises(ValueError) as double:
        parse_auction(["1S Pass X"], "N")  # South doubles partner's bid
    assert str(double.value) == "South doubles with no opponent's undoubled bid to double"
    assert _said(double, "fr", tmp_path) == "Sud contre sans enchère adverse non contrée à contrer"
    assert (
        _said(double, "nl", tmp_path) == "Zuid doubleert zonder ongedoubleerd bod van een tegenstander om te doubleren"
    )
    with pytest.raises(ValueError) as first:
        parse_auction(["Pass Pass Pass Pass"], "E", dealer=Seat.N)
    assert str(first.value) == "the first call is East's, but North dealt"
    assert _said(first, "fr", tmp_path) == "la première annonce est de Est, mais le donneur est Nord"
    with pytest.raises(ValueError) as lead:
        parse_play(["HA"], "N", declarer=Seat.N)  # East leads against North
    assert str(lead.value) == "the play starts with North, but the opening leader is East, on declarer North's left"
    assert _said(lead, "fr", tmp_path) == (
        "le jeu commence par Nord, mais l’entameur est Est, à la gauche du déclarant Nord"
    )
    assert _said(lead, "nl", tmp_path) == "het spel begint bij Noord, maar de uitkomer is Oost, links van leider Noord"


def test_hand_records_sit_outs_and_individual_seats_in_french(tmp_path: Path) -> None:
    french = i18n.load_language("fr", tmp_path)
    records = HandRecords()
    deal_a, deal_b = object(), object()
    records.keep(1, deal_a, "line 5")  # type: ignore[arg-type]  # any two different deals
    records.keep(1, deal_b, "line 9")  # type: ignore[arg-type]
    assert (
        records.note(1)
        == "The hand record of this board was left out: two different hand records for the board (also line 5)."
    )
    assert i18n.said_text(records.note(1), french) == (
        "Le diagramme de cette donne a été écarté : deux diagrammes différents pour la donne (aussi ligne 5)."
    )
    refused = yaml_sitout({"sitout": True, "ns": 3, "ew": 4}, 1, "", True, 7)
    assert (
        refused
        == "a sit-out line names the one pair that sat out: expected one of ns:, ew: (or pair: in a howell), got ns, ew"
    )
    assert i18n.said_text(refused, french) == (  # type: ignore[arg-type]
        "une ligne de relâche nomme la seule paire au repos : ns: ou ew: (ou pair: dans un howell) est attendu, "
        "reçu ns, ew"
    )
    with pytest.raises(ValueError) as missing:
        seats_of({"N": 1, "S": 2, "E": None, "W": None}, "")
    assert _said(missing, "nl", tmp_path) == (
        "geen speler in Oost of West: de spelersnummers van alle vier windrichtingen (N, S, E en W) verwacht op "
        "elke regel van een individueel toernooi"
    )


def test_a_yaml_value_that_is_not_a_mapping_and_a_stray_note_reference_in_french(tmp_path: Path) -> None:
    """The YAML readers' 'expected a board as a mapping' names what it expected in the language."""
    french = i18n.load_language("fr", tmp_path)
    reader = YamlReader("tuesday.yaml")
    assert not reader.mapping(5, 12, msg("a board"))
    [error] = reader.errors
    assert str(error) == "tuesday.yaml (line 12): expected a board as a mapping (key: value), got 5"
    assert i18n.said_text(error.message, french) == "un dictionnaire (clé: valeur) est attendu pour une donne, reçu 5"
    with pytest.raises(ValueError) as note:
        parse_play(["=1= SA"], "W")
    assert str(note.value) == "a note reference =1= before any card"
    assert _said(note, "fr", tmp_path) == "un renvoi de note =1= avant toute carte"


def test_a_dealer_written_wrongly_is_said_in_dutch(tmp_path: Path) -> None:
    """A hand record's dealer ('Q'): the reason it is left out, in the board page's sentence."""
    with pytest.raises(ValueError) as wrong:
        dealer("Q")
    assert str(wrong.value) == "expected a seat N, E, S or W, got 'Q'"
    assert _said(wrong, "nl", tmp_path) == "een windrichting N, E, S of W verwacht, gekregen: 'Q'"
    assert dealer("north") is Seat.N

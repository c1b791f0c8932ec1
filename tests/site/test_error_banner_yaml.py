"""The serve banner in the site's language for the YAML session, teams and penalties readers,
and a contract not understood in a PBN or YAML upload (issue 29 item 5): each error made as a
message, translated whole in French and Dutch, its English on the terminal unchanged.
Fixtures, names and clubs are invented."""

from __future__ import annotations

from pathlib import Path

import pytest

from .banner import assert_english_kept
from .banner import failed_uploads as _failed  # the same serve banner, read the same way
from .test_error_banner_pbn import PBN

SESSION = """\
club: Orchard Bridge Club
event: Tuesday Pairs
date: 2026-10-06
method: {method}
movement: mitchell
pairs:
  - {{number: 1, direction: NS, players: [Ann Archer, Bill Baker]}}
  - {{number: 1, direction: EW, players: [Gail Grant, Hugh Hart]}}
{more}boards:
  - number: 1
    results:
      - {result}
"""
"""Line 9 is the first line of ``more``; the result is on line 12 when ``more`` is one line."""

TEAMS = """\
club: Orchard Bridge Club
event: Winter Teams
date: 2026-10-07
method: teams
teams:
  - {number: 1, name: Larks, players: [Ann Archer, Bill Baker, Cora Cole, Dan Drake]}
  - {number: 2, name: Owls, players: [Gail Grant, Hugh Hart, Iris Ives, Jack Jones]}
  - {number: 2, name: Wrens, players: [Kim Kent, Len Lowe, Max Moss, Nia Nash]}
matches:
  - home: 1
    away: 2
    boards:
      - {number: 1, home_ns: {contract: 4S, by: N, tricks: 10}, home_ew: {contract: 4S, by: N, tricks: 10}}
      - {number: 2}
"""
"""Team 2 twice (line 8); board 2 of the match (line 14) has no result in either room."""

RESULT = "{ns: 1, ew: 1, contract: 4S, by: N, tricks: 10}"


def _session(method: str = "matchpoints", more: str = "", result: str = RESULT) -> dict[str, str]:
    return {"tuesday.yaml": SESSION.format(method=method, more=more, result=result)}


METHOD = _session(method="chicago")
NO_DIRECTION = _session(more="  - {number: 2, players: [Kim Kent, Len Lowe]}\n")
TWICE = _session(more="  - {number: 1, direction: NS, players: [Kim Kent, Len Lowe]}\n")
NOT_A_RESULT = _session(result="{ns: 1, ew: 1, split: {ns: 5, ew: {score: -420}}}")
NO_PENALTY = _session(more="penalties:\n  - {pair: 1, direction: NS, amount: 0, reason: slow play}\n")
WHAT_PENALTY = _session(more="penalties:\n  - {pair: 1, direction: NS, amount: lots, reason: slow play}\n")
STRATA = _session(more="strata:\n  - {name: A}\n  - {name: A, max_rating: 1500}\n")
KEY_TWICE = {
    "tuesday.yaml": SESSION.format(method="matchpoints", more="", result=RESULT).replace(
        "date: 2026-10-06\n", "date: 2026-10-06\nclub: Pear Tree\n"
    )
}
YAML_CONTRACT = _session(result="{ns: 1, ew: 1, contract: 4Q, by: N, tricks: 10}")
PBN_CONTRACT = {"club.pbn": PBN.format(scoring="MatchPoints") + '1 2 4Q N 10 "421" - 2 0\n3 4 4S Q 10 "420" - 0 2\n'}
"""Line 6: '4Q' and a score no contract makes (so not kept on trust); line 7: declarer 'Q'."""


@pytest.mark.parametrize(
    ("files", "french"),
    [
        (
            METHOD,
            [
                "tuesday.yaml (ligne 1) : méthode 'chicago' inconnue : une de ces méthodes est attendue : "
                "matchpoints, butler, cross_imps, aggregate, teams"
            ],
        ),
        (
            NO_DIRECTION,
            [
                "tuesday.yaml : paire 2 (ligne 9) : la paire 2 n’a pas d’orientation dans un Mitchell : "
                "direction NS ou EW est attendu"
            ],
        ),
        (
            TWICE,
            [
                "tuesday.yaml : paire 1 (ligne 9) : la paire 1 NS est inscrite deux fois : chaque paire une seule "
                "fois est attendue"
            ],
        ),
        (
            NOT_A_RESULT,
            [
                "tuesday.yaml : donne 1, paire NS 1 contre paire EO 1 (ligne 12) : un résultat tel que "
                "{contract: 4S, by: N, tricks: 10} ou {score: 420} est attendu, reçu 5"
            ],
        ),
        (
            NO_PENALTY,
            [
                "tuesday.yaml : paire NS 1 (ligne 10) : un montant supérieur à 0 est attendu (une pénalité est "
                "déduite ; il n’y a pas de bonus), reçu 0"
            ],
        ),
        (
            WHAT_PENALTY,
            [
                "tuesday.yaml : paire NS 1 (ligne 10) : le montant de la pénalité est attendu, tel que 25% (d’un "
                "top) ou 1.5 (points de match), reçu 'lots'"
            ],
        ),
        (
            STRATA,
            [
                "tuesday.yaml (ligne 11) : la strate A est inscrite deux fois : chaque strate une seule fois est attendue"
            ],
        ),
        (
            KEY_TWICE,
            [
                "tuesday.yaml (ligne 4) : la clé 'club' figure deux fois dans un même dictionnaire (aussi ligne 1) : "
                "chaque clé une seule fois est attendue (quelle valeur était voulue ?)"
            ],
        ),
        (
            {"teams.yaml": TEAMS},
            [
                "teams.yaml : équipe 2 (ligne 8) : l’équipe 2 est inscrite deux fois : chaque équipe une seule fois "
                "est attendue",
                "teams.yaml : donne 2 (ligne 14) : la donne 2 n’a pas de résultats : home_ns et home_ew sont attendus",
            ],
        ),
    ],
)
def test_yaml_errors_on_a_french_banner(tmp_path: Path, files: dict[str, str], french: list[str]) -> None:
    assert _failed(tmp_path, "fr", files)[0] == french


def test_yaml_errors_on_a_dutch_banner(tmp_path: Path) -> None:
    assert _failed(tmp_path / "twice", "nl", TWICE)[0] == [
        "tuesday.yaml: paar 1 (regel 9): paar 1 NZ staat twee keer ingeschreven: elk paar één keer verwacht"
    ]
    assert _failed(tmp_path / "penalty", "nl", NO_PENALTY)[0] == [
        "tuesday.yaml: NZ-paar 1 (regel 10): een bedrag boven 0 verwacht (een straf wordt afgetrokken; bonussen "
        "bestaan niet), gekregen: 0"
    ]
    assert _failed(tmp_path / "teams", "nl", {"teams.yaml": TEAMS})[0] == [
        "teams.yaml: team 2 (regel 8): team 2 staat twee keer ingeschreven: elk team één keer verwacht",
        "teams.yaml: spel 2 (regel 14): spel 2 heeft geen uitslagen: home_ns en home_ew verwacht",
    ]
    assert _failed(tmp_path / "method", "nl", METHOD)[0] == [
        "tuesday.yaml (regel 1): onbekende methode 'chicago': een van deze methodes verwacht: matchpoints, butler, "
        "cross_imps, aggregate, teams"
    ]


def test_a_contract_not_understood_in_a_pbn_and_a_yaml_upload_in_french(tmp_path: Path) -> None:
    """notation's plain English said again as the message it is (conventions.contract_error)."""
    assert _failed(tmp_path / "pbn", "fr", PBN_CONTRACT)[0] == [
        "club.pbn : donne 1, paire NS 1 contre paire EO 2 (ligne 6) : un contrat tel que 4H, 3NTX ou PASS est "
        "attendu, reçu '4Q'",
        "club.pbn : donne 1, paire NS 3 contre paire EO 4 (ligne 7) : un siège N, E, S ou W est attendu, reçu 'Q'",
    ]
    assert _failed(tmp_path / "yaml", "fr", YAML_CONTRACT)[0] == [
        "tuesday.yaml : donne 1, paire NS 1 contre paire EO 1 (ligne 12) : un contrat tel que 4H, 3NTX ou PASS "
        "est attendu, reçu '4Q'"
    ]


ENGLISH = {
    "method": (
        METHOD,
        [
            "tuesday.yaml (line 1): unknown method 'chicago': expected one of matchpoints, butler, cross_imps, "
            "aggregate, teams"
        ],
    ),
    "no direction": (
        NO_DIRECTION,
        ["tuesday.yaml: pair 2 (line 9): pair 2 has no direction in a mitchell: expected direction NS or EW"],
    ),
    "twice": (TWICE, ["tuesday.yaml: pair 1 (line 9): pair 1 NS is listed twice: expected each pair once"]),
    "not a result": (
        NOT_A_RESULT,
        [
            "tuesday.yaml: board 1, NS pair 1 v EW pair 1 (line 12): expected a result such as "
            "{contract: 4S, by: N, tricks: 10} or {score: 420}, got 5"
        ],
    ),
    "no penalty": (
        NO_PENALTY,
        [
            "tuesday.yaml: NS pair 1 (line 10): expected an amount above 0 (a penalty is deducted; there are no "
            "bonuses), got 0"
        ],
    ),
    "what penalty": (
        WHAT_PENALTY,
        [
            "tuesday.yaml: NS pair 1 (line 10): expected the penalty's amount such as 25% (of a top) or 1.5 "
            "(matchpoints), got 'lots'"
        ],
    ),
    "strata": (STRATA, ["tuesday.yaml (line 11): stratum A is listed twice: expected each stratum once"]),
    "key twice": (
        KEY_TWICE,
        [
            "tuesday.yaml (line 4): the key 'club' appears twice in one mapping (also line 1): expected each key "
            "once (which value was meant?)"
        ],
    ),
    "teams": (
        {"teams.yaml": TEAMS},
        [
            "teams.yaml: team 2 (line 8): team 2 is listed twice: expected each team once",
            "teams.yaml: board 2 (line 14): board 2 has no results: expected home_ns and home_ew",
        ],
    ),
    "contracts": (
        {**PBN_CONTRACT, **YAML_CONTRACT},
        [
            "club.pbn: board 1, NS pair 1 v EW pair 2 (line 6): expected a contract such as 4H, 3NTX or PASS, got '4Q'",
            "club.pbn: board 1, NS pair 3 v EW pair 4 (line 7): expected a seat N, E, S or W, got 'Q'",
            "tuesday.yaml: board 1, NS pair 1 v EW pair 1 (line 12): expected a contract such as 4H, 3NTX or PASS, "
            "got '4Q'",
        ],
    ),
}


@pytest.mark.parametrize("kind", sorted(ENGLISH))
def test_the_terminal_keeps_the_english(tmp_path: Path, kind: str) -> None:
    """A French site's terminal, and an English site's banner, say the errors as they always did."""
    assert_english_kept(tmp_path, *ENGLISH[kind])


def test_a_sit_out_line_names_its_pair_in_french(tmp_path: Path) -> None:
    """The frame's 'paire 7' of a sit-out line (was 'pair 7' inside the French frame)."""
    files = _session(result=RESULT + "\n      - {pair: 7, sitout: true}")
    banner, terminal = _failed(tmp_path, "fr", files)
    assert banner == [
        "tuesday.yaml : donne 1, paire 7 (ligne 13) : dans un mitchell, une ligne de relâche indique l’orientation "
        "de la paire : ns: ou ew: est attendu, pas pair:"
    ]
    assert terminal == [
        "tuesday.yaml: board 1, pair 7 (line 13): in a mitchell a sit-out line says the pair's direction: "
        "expected ns: or ew:, not pair:"
    ]

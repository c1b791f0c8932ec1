"""The site's error banner (`serve`) in the site's language (issue 29 item 5): the sentence
around the errors and each reader's error — file, board, pair, place and what was expected —
translated; the terminal stays English.  Names and the session are invented."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.serve import SiteServer, _error_page, _with_banner

SESSION = """\
club: Orchard Bridge Club
event: Tuesday Pairs
date: 2026-10-06
method: matchpoints
movement: mitchell
pairs:
  - {number: 1, direction: NS, players: [Ann Archer, Bill Baker]}
  - {number: 2, direction: NS, players: [Cora Cole, Dan Drake]}
  - {number: 1, direction: EW, players: [Gail Grant, Hugh Hart]}
  - {number: 2, direction: EW, players: [Iris Ives, Jack Jones]}
boards:
  - number: 1
    results:
      - {ns: 1, ew: 1, contract: 4S, by: N, tricks: 10, score: 620}
      - {ns: 2, ew: 7, contract: 3NT, by: S, tricks: 9}
"""
# Board 1 is not vulnerable: 4♠ by N making 10 tricks scores 420, not 620 (Law 77); EW pair 7 is not listed.


def _site(tmp_path: Path, language: str | None, name: str = "tuesday.yaml", data: bytes = SESSION.encode()) -> Path:
    """A content folder in ``language`` (English without one) with one upload."""
    content = tmp_path / "content"
    (content / "sessions").mkdir(parents=True)
    (content / "site.yaml").write_text(
        "club: Orchard Bridge Club\n" + (f"language: {language}\n" if language else ""), encoding="utf-8"
    )
    (content / "sessions" / name).write_bytes(data)
    return content


def _board_page(tmp_path: Path, language: str | None, upload: Path, board: int) -> str:
    """The board page of ``upload`` built in ``language``."""
    from generator.site.build import build_site

    build_site(_site(tmp_path, language, upload.name, upload.read_bytes()), tmp_path / "site", jobs=1)
    [folder] = [p for p in (tmp_path / "site" / "sessions").iterdir() if p.is_dir()]
    return (folder / f"board-{board}.html").read_text(encoding="utf-8")


def _failed_build(tmp_path: Path, language: str | None, session: str = SESSION) -> tuple[str, list[str]]:
    """The banner's text and the terminal's lines after a build of ``session`` that fails."""
    err: list[str] = []
    content = _site(tmp_path, language, data=session.encode())
    server = SiteServer(content, tmp_path / "site", port=0, jobs=1, out=lambda _: None, err=err.append)
    try:
        assert not server.build()
    finally:
        server.httpd.server_close()  # never started: nothing to shut down
    assert server.state.error is not None
    return server.state.error, err


ENGLISH_LINES = [
    "board 1, NS pair 1 v EW pair 1 (line 14): score 620 contradicts 4S by N taking 10 tricks (vulnerable: None): expected 420",
    "board 1, EW pair 7 (line 15): unknown EW pair 7: expected one of the pairs listed (1-2)",
]


def test_a_french_site_shows_the_banner_in_french(tmp_path: Path) -> None:
    banner, terminal = _failed_build(tmp_path, "fr")
    lines = banner.splitlines()
    assert lines[0] == "le site n’a pas été construit ; le site précédent est inchangé. 1 fichier envoyé a échoué :"
    assert lines[1] == "2 problèmes trouvés :"
    assert lines[2].endswith(
        "tuesday.yaml : donne 1, paire NS 1 contre paire EO 1 (ligne 14) : le score 620 contredit 4S joué par N "
        "avec 10 levées (vulnérables : personne) : 420 attendu"
    )
    assert lines[3].endswith(
        "tuesday.yaml : donne 1, paire EO 7 (ligne 15) : paire EO 7 inconnue : "
        "une des paires inscrites est attendue (1-2)"
    )
    page = _with_banner(b'<html lang="fr"><body><p>x</p></body></html>', banner).decode()
    assert "La dernière construction du site a échoué ; voici le site précédent." in page
    assert "donne 1, paire EO 7 (ligne 15)" in page
    missing = _error_page(banner).decode()
    assert '<html lang="fr">' in missing and "<title>Échec de la construction</title>" in missing
    # The terminal keeps the English (the scorers' logs).
    assert terminal[-1].startswith("Error: the site was not built; the previous site is unchanged. 1 upload failed:")
    assert [line.split("tuesday.yaml: ", 1)[1] for line in terminal[-1].splitlines()[-2:]] == ENGLISH_LINES


def test_a_dutch_site_shows_the_banner_in_dutch(tmp_path: Path) -> None:
    banner, _ = _failed_build(tmp_path, "nl")
    assert banner.splitlines()[3].endswith(
        "tuesday.yaml: spel 1, OW-paar 7 (regel 15): onbekend OW-paar 7: een van de ingeschreven paren verwacht (1-2)"
    )


@pytest.mark.parametrize("language", [None, "en"])
def test_an_english_banner_is_the_error_as_always(tmp_path: Path, language: str | None) -> None:
    banner, terminal = _failed_build(tmp_path, language)
    assert terminal[-1] == f"Error: {banner}"
    lines = banner.splitlines()
    assert lines[0] == "the site was not built; the previous site is unchanged. 1 upload failed:"
    assert lines[1] == "2 problems found:"
    assert [line.split("tuesday.yaml: ", 1)[1] for line in lines[2:4]] == ENGLISH_LINES
    page = _with_banner(b"<html><body></body></html>", banner).decode()
    assert "The last build failed; this is the previous site." in page
    assert (
        '<html lang="en"><head><meta charset="utf-8"><title>Build failed</title></head>' in _error_page(banner).decode()
    )


EBUSCORE = Path(__file__).parent.parent / "readers" / "fixtures" / "usebio" / "ebuscore_session_handset.xml"


@pytest.mark.parametrize(
    ("language", "note"),
    [
        (
            "fr",
            "Le diagramme de cette donne a été écarté : donne impossible : N a 12 cartes; C3 manque : "
            "13 cartes par main et chacune des 52 cartes une fois sont attendues.",
        ),
        (
            "nl",
            "De handverdeling van dit spel is weggelaten: onmogelijk spel: N heeft 12 kaarten; C3 ontbreekt: "
            "13 kaarten in elke hand en elk van de 52 kaarten één keer verwacht.",
        ),
        (
            None,
            "The hand record of this board was left out: impossible deal: N holds 12 cards; C3 is missing: "
            "expected 13 cards in each hand and each of the 52 cards once.",
        ),
    ],
)
def test_a_hand_record_left_out_is_said_in_the_site_language(tmp_path: Path, language: str | None, note: str) -> None:
    assert note in _board_page(tmp_path, language, EBUSCORE, 2)


AUCTIONS = Path(__file__).parent.parent / "readers" / "fixtures" / "pbn" / "auction_play.pbn"


@pytest.mark.parametrize(
    ("language", "notes"),
    [
        (
            "fr",
            [
                "Table 1 : les enchères (ligne 115) sont écartées : 1D après 1S est insuffisante (et non marquée ^I)",
                "Table 1 : le jeu de la carte (ligne 117) est écarté : SA est jouée deux fois, aux levées 1 et 2",
            ],
        ),
        (
            "nl",
            [
                "Tafel 1: het bieden (regel 115) is weggelaten: 1D na 1S is onvoldoende (en niet gemarkeerd met ^I)",
                "Tafel 1: het kaartspel (regel 117) is weggelaten: SA is twee keer gespeeld, in slag 1 en 2",
            ],
        ),
        (
            None,
            [
                "Table 1: the auction (line 115) is left out: 1D after 1S is insufficient (and not marked ^I)",
                "Table 1: the play (line 117) is left out: SA is played twice, in tricks 1 and 2",
            ],
        ),
    ],
)
def test_an_auction_and_play_left_out_are_said_in_the_site_language(
    tmp_path: Path, language: str | None, notes: list[str]
) -> None:
    page = _board_page(tmp_path, language, AUCTIONS, 3)
    for note in notes:
        assert f"<li>{note}</li>" in page


def test_an_incomplete_result_is_said_in_french(tmp_path: Path) -> None:
    """A result with a contract and no tricks or result: the YAML format's error, in French."""
    broken = SESSION.replace("{ns: 2, ew: 7, contract: 3NT, by: S, tricks: 9}", "{ns: 2, ew: 2, contract: 3NT, by: S}")
    banner, err = _failed_build(tmp_path, "fr", broken)
    assert banner.splitlines()[-1].endswith(
        "tuesday.yaml : donne 1, paire NS 2 contre paire EO 2 (ligne 15) : "
        "tricks (0-13) ou result ('=', '+1', '-2') est attendu avec le contrat 3NT"
    )
    assert (
        err[-1]
        .splitlines()[-1]
        .endswith(
            "tuesday.yaml: board 1, NS pair 2 v EW pair 2 (line 15): "
            "expected tricks (0-13) or result ('=', '+1', '-2') with contract 3NT"
        )
    )

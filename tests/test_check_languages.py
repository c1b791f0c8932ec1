"""`check`'s report in the site's language (issue 29 item 5): the language of the site.yaml above
the file, or `--language`; every figure as the locale writes it; English exactly as before.

The upload is the invented Mitchell fixture with two EW figures printed unfactored (2 where
ours is 3.5: boards 2 and 3 had 2 results of the 3 expected); the expected lines are written
by hand from the catalogs' translations."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.check import check_command
from generator.cli import main
from generator.model import Direction, PairRef
from generator.readers.labels import pair_label

FIXTURE = Path(__file__).parent / "readers" / "fixtures" / "usebio" / "mitchell_compscore.xml"
PRINTED = "<NS_MATCH_POINTS>0.5</NS_MATCH_POINTS><EW_MATCH_POINTS>3.5</EW_MATCH_POINTS></TRAVELLER_LINE>"
UNFACTORED = "<NS_MATCH_POINTS>0</NS_MATCH_POINTS><EW_MATCH_POINTS>2</EW_MATCH_POINTS></TRAVELLER_LINE>"
WHY = {
    "en": "unfactored (the board's results on their own top) (--option neuberg=false)",
    "fr": "sans extrapolation (les résultats de la donne sur leur propre top) (--option neuberg=false)",
    "nl": "niet herschaald (de resultaten van het spel op hun eigen top) (--option neuberg=false)",
}


def _upload(tmp_path: Path, language: str | None) -> Path:
    content = tmp_path / "content"
    (content / "sessions").mkdir(parents=True)
    (content / "site.yaml").write_text(
        "club: Invented Bridge Club\n" + (f"language: {language}\n" if language else ""), encoding="utf-8"
    )
    text = FIXTURE.read_text(encoding="utf-8")
    assert text.count(PRINTED) == 2
    path = content / "sessions" / "monday.xml"
    path.write_text(text.replace(PRINTED, UNFACTORED), encoding="utf-8")
    return path


def _report(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    status = main(["check", *args])
    return status, capsys.readouterr().out.splitlines()


def test_a_french_site_gets_the_report_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _upload(tmp_path, "fr")
    status, lines = _report(capsys, str(path))
    assert status == 1  # two figures differ, in any language
    assert lines == [
        f"{path} : Monday Pairs (invented) (points de match, 3 donnes)",
        f"  donne 2 (2 résultats au lieu des 3 attendus) : {WHY['fr']} : 1 chiffre",
        f"  donne 3 (2 résultats au lieu des 3 attendus) : {WHY['fr']} : 1 chiffre",
        f"Raisons probables : {WHY['fr']} 2",
        "32 sur 34 chiffres en accord (2 en écart)",
    ]


def test_verbose_french_writes_the_figures_with_a_decimal_comma(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _upload(tmp_path, "fr")
    _, lines = _report(capsys, str(path), "--verbose")
    assert lines[1] == (
        "  donne 2, paire NS 1 contre paire EO 2 (USEBIO/EVENT/BOARD[2]/TRAVELLER_LINE[1]) : "
        f"points de match EO : eux 2, nous 3,5 — {WHY['fr']}"
    )


def test_language_option_chooses_dutch_over_the_site(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _upload(tmp_path, "fr")
    status, lines = _report(capsys, str(path), "--language", "nl", "--verbose")
    assert status == 1
    assert lines == [
        f"{path}: Monday Pairs (invented) (matchpunten, 3 spellen)",
        "  spel 2, NZ-paar 1 tegen OW-paar 2 (USEBIO/EVENT/BOARD[2]/TRAVELLER_LINE[1]): "
        f"matchpunten OW: zij 2, wij 3,5 — {WHY['nl']}",
        "  spel 3, NZ-paar 1 tegen OW-paar 3 (USEBIO/EVENT/BOARD[3]/TRAVELLER_LINE[1]): "
        f"matchpunten OW: zij 2, wij 3,5 — {WHY['nl']}",
        f"Waarschijnlijke redenen: {WHY['nl']} 2",
        "32 van 34 getallen in overeenstemming (2 wijken af)",
    ]


@pytest.mark.parametrize(("language", "option"), [(None, []), ("fr", ["--language", "en"])])
def test_english_is_the_report_as_it_always_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], language: str | None, option: list[str]
) -> None:
    path = _upload(tmp_path, language)
    status, lines = _report(capsys, str(path), "--verbose", *option)
    text, ok = check_command(path, verbose=True)
    assert (status, ok) == (1, False)
    assert lines == text.splitlines()
    assert lines[1] == (
        "  board 2, NS pair 1 v EW pair 2 (USEBIO/EVENT/BOARD[2]/TRAVELLER_LINE[1]): EW matchpoints: "
        f"theirs 2, ours 3.5 — {WHY['en']}"
    )
    assert lines[-1] == "32 of 34 figures agree (2 differ)"


def test_all_agree_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    content = tmp_path / "content"
    content.mkdir()
    (content / "site.yaml").write_text("club: Invented Bridge Club\nlanguage: fr\n", encoding="utf-8")
    path = content / "monday.xml"
    path.write_bytes(FIXTURE.read_bytes())
    status, lines = _report(capsys, str(path))
    assert status == 0
    assert lines == [
        f"{path} : Monday Pairs (invented) (points de match, 3 donnes)",
        "34 sur 34 chiffres en accord (0 en écart)",
    ]


def test_an_unknown_language_tag_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _upload(tmp_path, None)
    assert main(["check", str(path), "--language", "xx-nowhere"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("Error: --language 'xx-nowhere' is not a language tag Babel knows")
    assert "Traceback" not in err


def test_pair_labels_are_messages_whose_english_is_unchanged() -> None:
    assert pair_label(PairRef("", 7, Direction.NS)) == "NS pair 7"
    assert pair_label(PairRef("A", 3, None), "EW") == "EW pair A3"
    assert pair_label(PairRef("", 5, None)) == "pair 5"
    assert pair_label(None) is None


def test_a_score_taken_on_trust_is_noted_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """4♠ by N making 11 tricks, not vulnerable (board 1), scores 450; the file records 420, a score
    some contract makes: the club's program scored 420 and so do we, with a note."""
    content = tmp_path / "content"
    content.mkdir()
    (content / "site.yaml").write_text("club: Invented Bridge Club\nlanguage: fr\n", encoding="utf-8")
    text = FIXTURE.read_text(encoding="utf-8")
    line = "<PLAYED_BY>N</PLAYED_BY><LEAD>HK</LEAD><TRICKS>10</TRICKS><SCORE>420</SCORE>"
    assert text.count(line) == 1
    path = content / "monday.xml"
    path.write_text(text.replace(line, line.replace("<TRICKS>10<", "<TRICKS>11<")), encoding="utf-8")
    _, lines = _report(capsys, str(path))
    assert (
        "  note : donne 1, paire NS 1 contre paire EO 1 (USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[1]) : le score "
        "enregistré ne correspond pas à 4S joué par N avec 11 levées (qui marque 450) ; le programme du club a "
        "compté 420, et nous aussi"
    ) in lines
    english, _ = check_command(path)
    assert (
        "  note: board 1, NS pair 1 v EW pair 1 (USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[1]): the recorded score "
        "does not match 4S by N taking 11 tricks (which scores 450); the club's program scored 420, and so do we"
    ) in english.splitlines()

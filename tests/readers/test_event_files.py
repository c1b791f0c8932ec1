"""Event files (NAME.event.yaml): the sessions they name, in any format, and what they refuse."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from generator.cli import main
from generator.errors import InputErrors
from generator.events import load_event
from tests.helpers.reader_builders import line, write

CLUB = Path(__file__).parents[1] / "fixtures" / "club" / "sessions"


def pairs(names: dict[int, str]) -> str:
    return "".join(
        f"<PAIR><PAIR_NUMBER>{n}</PAIR_NUMBER><PLAYER><PLAYER_NAME>{who} One</PLAYER_NAME></PLAYER>"
        f"<PLAYER><PLAYER_NAME>{who} Two</PLAYER_NAME></PLAYER></PAIR>"
        for n, who in names.items()
    )


def two_session_usebio() -> str:
    """One EVENT of two SESSIONs, a Howell of four pairs each; the pairs' numbers change between them."""
    first = {1: "Avon", 2: "Brent", 3: "Cam", 4: "Dee"}
    second = {1: "Dee", 2: "Cam", 3: "Brent", 4: "Avon"}
    # Session 1, one board: 1 v 2 NS +420, 3 v 4 NS +450: pair 1 and 2 each get a top-or-bottom of
    # the two results (top 2): NS 3 beats NS 1 → 3 gets 2, 1 gets 0; EW 2 gets 2, EW 4 gets 0.
    s1 = (
        f"<SESSION><SESSION_TITLE>Day one</SESSION_TITLE><DATE>02/03/2026</DATE><PARTICIPANTS>{pairs(first)}</PARTICIPANTS>"
        f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{line('1', '2')}{line('3', '4', tricks='11', score='450')}</BOARD></SESSION>"
    )
    s2 = (
        f"<SESSION><SESSION_TITLE>Day two</SESSION_TITLE><DATE>09/03/2026</DATE><PARTICIPANTS>{pairs(second)}</PARTICIPANTS>"
        f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{line('1', '2')}{line('3', '4', tricks='11', score='450')}</BOARD></SESSION>"
    )
    return (
        f'<?xml version="1.0"?><USEBIO Version="1.2"><CLUB><CLUB_NAME>Test Club</CLUB_NAME></CLUB>'
        f'<EVENT EVENT_TYPE="MP_PAIRS"><EVENT_DESCRIPTION>Two-day pairs</EVENT_DESCRIPTION>{s1}{s2}</EVENT></USEBIO>'
    )


def event(tmp_path: Path, body: str, name: str = "cup.event.yaml") -> Path:
    return write(tmp_path, name, body)


def problems(path: Path) -> list[str]:
    with pytest.raises(InputErrors) as info:
        load_event(path)
    return [str(e) for e in info.value.errors]


def test_a_usebio_event_of_two_sessions_feeds_an_event(tmp_path):
    write(tmp_path, "two-day.xml", two_session_usebio())
    path = event(
        tmp_path,
        "event:\n  title: Two-day Cup\n  method: total_matchpoints\n  sessions:\n"
        "    - {file: two-day.xml, session: 1}\n    - {file: two-day.xml, session: 2, label: Day two}\n",
    )
    scored = load_event(path)
    r = scored.result
    assert r.labels == ("Session 1", "Day two")
    # Session 1: Cam (NS 3) beat Avon (NS 1): Cam 2, Avon 0; Brent (EW 2) 2, Dee (EW 4) 0.
    # Session 2: Brent (NS 3) 2, Dee (NS 1) 0; Cam (EW 2) 2, Avon (EW 4) 0.
    totals = {s.names.split()[0]: (s.figure, [str(f.standing.ref) for f in s.figures]) for s in r.standings}
    assert totals["Cam"][0] == 4 and totals["Brent"][0] == 4 and totals["Avon"][0] == 0 and totals["Dee"][0] == 0
    assert totals["Cam"][1] == ["3", "2"]


def test_a_session_named_twice_is_refused(tmp_path):
    shutil.copy(CLUB / "2026-09-07-monday-pairs.yaml", tmp_path / "a.yaml")
    path = event(tmp_path, "event:\n  title: Cup\n  sessions:\n    - a.yaml\n    - a.yaml\n")
    [message] = problems(path)
    assert message.startswith(
        f"{path} (line 5): session 2: 'a.yaml' is named twice (also line 4): expected each session once"
    )


def test_a_missing_session_and_a_path_out_of_the_folder_are_refused(tmp_path):
    shutil.copy(CLUB / "2026-09-07-monday-pairs.yaml", tmp_path / "a.yaml")
    path = event(tmp_path, "event:\n  title: Cup\n  sessions:\n    - a.yaml\n    - b.yaml\n    - ../etc/passwd\n")
    assert problems(path) == [
        f"{path} (line 5): session 2: no session file 'b.yaml': expected an upload in the event file's folder",
        f"{path} (line 6): session 3: '../etc/passwd' is not a path inside this folder: expected the path of a session "
        "upload beside the event file (no '..', no absolute path)",
    ]


def test_an_unknown_method_and_option_are_refused(tmp_path):
    shutil.copy(CLUB / "2026-09-07-monday-pairs.yaml", tmp_path / "a.yaml")
    shutil.copy(CLUB / "2026-09-17-thursday-howell.yaml", tmp_path / "b.yaml")
    path = event(
        tmp_path, "event:\n  title: Cup\n  method: best_of\n  missing: forgive\n  sessions: [a.yaml, b.yaml]\n"
    )
    assert problems(path) == [
        f"{path} (line 2): unknown method 'best_of': expected one of total_matchpoints, average_percentage, carry_forward",
        f"{path} (line 2): unknown missing 'forgive': expected one of not_ranked, played, average",
    ]


def test_sessions_of_different_kinds_are_refused(tmp_path):
    shutil.copy(CLUB / "2026-09-07-monday-pairs.yaml", tmp_path / "a.yaml")
    shutil.copy(CLUB / "2026-10-15-autumn-teams-r1.yaml", tmp_path / "t.yaml")
    path = event(tmp_path, "event:\n  title: Cup\n  sessions: [a.yaml, t.yaml]\n")
    [message] = problems(path)
    assert message == (
        f"{path} (line 2): the sessions are of different kinds (pairs and teams): expected sessions of one kind"
    )


def test_a_file_of_several_sessions_needs_the_session_number(tmp_path):
    write(tmp_path, "two-day.xml", two_session_usebio())
    path = event(
        tmp_path, "event:\n  title: Cup\n  sessions:\n    - two-day.xml\n    - {file: two-day.xml, session: 3}\n"
    )
    with pytest.raises(
        InputErrors, match=r"line 4\): two-day.xml holds 2 sessions: expected session: 1 to 2 saying which"
    ):
        load_event(path)


def test_not_an_event_file(tmp_path):
    path = event(tmp_path, "title: Cup\nsessions: [a.yaml]\n")
    assert problems(path) == [
        f"{path} (line 1): expected one top key, event:, holding the event's title, method and "
        "sessions (docs/yaml-format.md)"
    ]


def test_score_an_event_file_as_text_and_json(tmp_path, capsys):
    write(tmp_path, "two-day.xml", two_session_usebio())
    path = event(
        tmp_path,
        "event:\n  title: Two-day Cup\n  method: average_percentage\n  weighting: equal\n  sessions:\n"
        "    - {file: two-day.xml, session: 1}\n    - {file: two-day.xml, session: 2}\n",
    )
    assert main(["score", str(path)]) == 0
    text = capsys.readouterr().out
    assert "Two-day Cup" in text and "average of percentages, sessions alike (2 sessions)" in text
    assert main(["score", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["kind"] == "event" and data["schema"] == 1
    assert data["method"] == "average_percentage" and data["unit"] == "%"
    cam = next(s for s in data["standings"] if s["names"].startswith("Cam"))
    # (100% + 100%) / 2 = 100%: Cam topped the board in both sessions.
    assert cam["figure"] == "100" and cam["rank"] == "1=" and [s["pair"] for s in cam["sessions"]] == ["3", "2"]
    assert cam["explanation"]["steps"][-1]["summary"].endswith("(100% + 100%) / 2 = 100%")


def test_score_refuses_a_bad_event_file_with_its_place(tmp_path, capsys):
    path = event(tmp_path, "event:\n  title: Cup\n  sessions: [gone.yaml, gone2.yaml]\n")
    assert main(["score", str(path)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and f"{path} (line 3): session 1: no session file 'gone.yaml'" in err


def test_pbn_sessions_feed_an_event_through_the_event_file(tmp_path):
    """PBN files are named like any upload (their [Event] tags are not used to group them): the
    same PBN session under two names is an event in which each pair's average is its percentage."""
    pbn = Path(__file__).parent / "fixtures" / "pbn" / "pairs_latin1.pbn"
    shutil.copy(pbn, tmp_path / "a.pbn")
    shutil.copy(pbn, tmp_path / "b.pbn")
    path = event(tmp_path, "event:\n  title: Twice\n  weighting: equal\n  sessions: [a.pbn, b.pbn]\n")
    r = load_event(path).result
    assert r.standings and all(s.figure == s.figures[0].standing.percentage == s.figures[1].figure for s in r.standings)


def test_a_link_out_of_the_folder_is_refused(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    shutil.copy(CLUB / "2026-09-07-monday-pairs.yaml", outside / "a.yaml")
    folder = tmp_path / "sessions"
    folder.mkdir()
    shutil.copy(CLUB / "2026-09-17-thursday-howell.yaml", folder / "b.yaml")
    (folder / "a.yaml").symlink_to(outside / "a.yaml")
    path = event(folder, "event:\n  title: Cup\n  sessions: [a.yaml, b.yaml]\n")
    assert problems(path) == [
        f"{path} (line 3): session 1: 'a.yaml' is not a path inside this folder: expected the path "
        "of a session upload beside the event file (no '..', no absolute path)"
    ]


def test_sessions_named_by_date_and_title(tmp_path):
    """A session may be named by its date and title instead of its file; none or two matching is refused."""
    write(tmp_path, "two-day.xml", two_session_usebio())
    shutil.copy(CLUB / "2026-09-07-monday-pairs.yaml", tmp_path / "monday.yaml")
    path = event(
        tmp_path,
        "event:\n  title: Two-day Cup\n  method: total_matchpoints\n  sessions:\n"
        "    - {date: 2026-03-02, title: day one}\n    - {date: 09/03/2026, title: Day  Two}\n",
    )
    scored = load_event(path)
    assert [(r.file, r.index) for r in scored.spec.sessions] == [("two-day.xml", 1), ("two-day.xml", 2)]
    assert {s.names.split()[0]: s.figure for s in scored.result.standings}["Cam"] == 4
    path = event(
        tmp_path,
        "event:\n  title: Cup\n  sessions:\n    - {date: 2026-03-02, title: Day one}\n"
        "    - {date: 2026-03-03, title: Day one}\n    - {date: 2026-03-02, title: day ONE}\n",
    )
    assert problems(path) == [
        f"{path} (line 6): session 3: the session of 2026-03-02 titled 'day ONE' is named twice "
        "(also line 4): expected each session once"
    ]
    path = event(
        tmp_path,
        "event:\n  title: Cup\n  sessions:\n    - {date: 2026-03-02, title: Day one}\n"
        "    - {date: 2026-03-03, title: Day one}\n",
    )
    assert problems(path) == [
        f"{path} (line 5): no session of 2026-03-03 titled 'Day one' found: expected exactly one "
        "upload with that date and title"
    ]


def test_an_event_file_over_its_size_is_refused_before_it_is_read(tmp_path, monkeypatch):
    from generator.readers import event_file

    path = tmp_path / "big.event.yaml"
    path.write_bytes(b"title: Big\n" + b"#" * event_file.MAX_BYTES)
    size = path.stat().st_size
    monkeypatch.setattr(Path, "read_bytes", lambda self: pytest.fail("the whole file was read"))
    with pytest.raises(InputErrors) as info:
        event_file.read_event_file(path)
    assert [str(e) for e in info.value.errors] == [
        f"{path}: the file is {size:,} bytes: expected at most {event_file.MAX_BYTES:,} bytes"
    ]

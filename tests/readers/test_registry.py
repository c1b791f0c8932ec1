"""The reader registry: a new input format is one reader function and one ``register`` line
(docs/architecture.md, "Add an input format"); the registry picks a reader by suffix, then by
sniffing, and applies the checks every format gets (``validate``) once, after the reading."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from generator.errors import InputError, InputErrors
from generator.model import Board, Pair, PairRef, Play, Scored, ScoringMethod, Section, Session, TravellerLine
from generator.notation import Contract, Seat
from generator.readers import Reader, Reading, is_event_file, read_sessions, register, suffixes, unregister
from generator.readers.registry import Check, checked, reader_for
from generator.readers.validate import Places
from generator.scoring.contract import board_vulnerability, ns_score

# --- a toy format: "board ns ew contract declarer tricks", one result a line ----------------


def read_toy(file: str, data: bytes) -> Reading:
    """The whole of a reader: parse, note each line's place, leave the checks to the registry."""
    errors: list[InputError] = []
    places = Places()
    lines: dict[int, list[TravellerLine]] = {}
    for number, text in enumerate(data.decode().splitlines()[1:], start=2):  # line 1: "TOY"
        try:
            board_text, ns, ew, contract_text, declarer, tricks_text = text.split()
            board, contract, tricks = int(board_text), Contract.parse(contract_text), int(tricks_text)
            seat = Seat.parse(declarer)
            play = Play(ns_score(contract, seat, tricks, board_vulnerability(board)), contract, seat, tricks)
        except ValueError as exc:
            errors.append(InputError(file, f"line {number}", f"expected 'board ns ew contract by tricks' ({exc})"))
            continue
        line = TravellerLine(PairRef("", int(ns)), PairRef("", int(ew)), Scored.of(play), Scored.of(play))
        places.lines[id(line)] = f"line {number}"
        lines.setdefault(board, []).append(line)
    pairs = tuple(Pair(PairRef("", n)) for n in (1, 2, 3, 4))
    boards = tuple(Board(n, tuple(lines[n])) for n in sorted(lines))
    session = Session("Toy night", ScoringMethod.MATCHPOINTS, sections=(Section("", pairs),), boards=boards)
    return Reading([session], errors, [Check(session, places, len(errors))])


def sniff_toy(head: bytes) -> bool:
    return head.startswith(b"TOY")


@pytest.fixture
def toy() -> Iterator[Reader]:
    reader = register(Reader("toy", (".toy",), sniff_toy, read_toy))
    yield reader
    unregister("toy")


def test_a_registered_format_is_read_through_read_sessions(tmp_path: Path, toy: Reader) -> None:
    path = tmp_path / "night.toy"
    path.write_bytes(b"TOY\n1 1 2 3NT N 9\n1 3 4 3NT N 10\n2 1 3 4S E 10\n2 2 4 4S E 8\n")
    [session] = read_sessions(path)
    assert [b.number for b in session.boards] == [1, 2]
    # board 1 (love all): 3NT by N making 9 = +400, with an overtrick +430; board 2 (NS vul,
    # so EW not vulnerable): 4S by E making = -420 to NS, two down = +100 to NS
    assert [[line.ns.single.ns_score for line in b.lines] for b in session.boards] == [[400, 430], [-420, 100]]  # type: ignore[union-attr]
    assert ".toy" in suffixes()


def test_an_unregistered_format_is_refused_again(tmp_path: Path, toy: Reader) -> None:
    unregister("toy")
    path = tmp_path / "night.toy"
    path.write_bytes(b"TOY\n1 1 2 3NT N 9\n")
    with pytest.raises(InputErrors) as caught:
        read_sessions(path)
    assert str(caught.value.errors[0]).endswith("unknown file type '.toy': expected .xml (USEBIO), .pbn or .yaml")
    assert ".toy" not in suffixes()


def test_the_registry_checks_what_the_reader_built(tmp_path: Path, toy: Reader) -> None:
    """The toy reader never calls ``validate``: pair 9 is unknown all the same, at its line."""
    path = tmp_path / "night.toy"
    path.write_bytes(b"TOY\n1 1 2 3NT N 9\n1 3 9 3NT N 10\n")
    with pytest.raises(InputErrors) as caught:
        read_sessions(path)
    [error] = caught.value.errors
    assert error.location == "line 3"
    assert "9" in error.message


def test_a_shared_suffix_is_told_apart_by_sniffing(tmp_path: Path) -> None:
    other = register(Reader("other", (".both",), lambda head: head.startswith(b"OTHER"), read_toy))
    toy = register(Reader("toy", (".both",), sniff_toy, read_toy))
    try:
        assert reader_for("a.both", b"TOY\n") is toy
        assert reader_for("a.both", b"OTHER\n") is other
        assert reader_for("a.both", b"neither") is other  # none sniffs it: the first registered
        assert reader_for("a.BOTH", b"TOY") is toy
    finally:
        unregister("toy")
        unregister("other")
    assert reader_for("a.both", b"TOY") is None


def test_the_built_in_formats_by_suffix() -> None:
    assert suffixes() == (".pbn", ".xml", ".yaml", ".yml")
    assert [reader_for(name).name for name in ("a.XML", "b.pbn", "c.yaml", "d.YML")] == [  # type: ignore[union-attr]
        "usebio",
        "pbn",
        "yaml",
        "yaml",
    ]
    assert reader_for("notes.txt") is None


def test_event_files_are_known_by_the_registry() -> None:
    assert is_event_file("club/autumn.event.yaml")
    assert is_event_file(Path("AUTUMN.Event.YML"))
    assert not is_event_file("autumn.yaml")
    assert not is_event_file("event.yaml")  # a session upload that happens to be called "event"


def _problem(where: str) -> InputError:
    return InputError("f.toy", where, "a reading problem")


def test_each_sessions_checks_come_where_the_reader_finished_it() -> None:
    """Two sessions: the first's check problems come after the problems read before it was
    complete and before those of the second session, as when each reader validated in turn."""
    first = read_toy("f.toy", b"TOY\n1 1 9 3NT N 9\n").checks[0]  # pair 9: unknown
    second = read_toy("f.toy", b"TOY\n1 1 8 3NT N 9\n").checks[0]  # pair 8: unknown
    reading = Reading(
        [first.session, second.session],
        [_problem("a"), _problem("b"), _problem("c")],
        [Check(first.session, first.places, 1), Check(second.session, second.places, 2)],
    )
    _, errors = checked("f.toy", reading)
    assert [e.location for e in errors] == ["a", "line 2", "b", "line 2", "c"]
    assert "9" in errors[1].message and "8" in errors[3].message

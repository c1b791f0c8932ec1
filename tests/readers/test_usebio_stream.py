"""The USEBIO stream (``usebio_stream``, issue 17 item 5) reads every document exactly as the
tree reader does — sessions, errors, notes and printed figures — and holds only a few boards
in the tree at a time.

``read_usebio(file, data, stream_above)``: 0 streams every document (the shapes the stream
does not read fall back to the tree), a huge limit never streams.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.readers import usebio, usebio_stream
from generator.readers.usebio import read_usebio

TESTS = Path(__file__).resolve().parent.parent
FIXTURES = sorted(p for p in TESTS.rglob("*.xml") if b"<USEBIO" in p.read_bytes())
NEVER = 10**12


def _stream(data: bytes):
    return read_usebio("f.xml", data, 0)


def _tree(data: bytes):
    return read_usebio("f.xml", data, NEVER)


def _refused(data: bytes):
    raise AssertionError("the document fell back to the tree")


@pytest.fixture
def no_tree(monkeypatch):
    """The tree reader's parse refused: a document read now was streamed, with no fall-back."""
    monkeypatch.setattr(usebio, "_tree", _refused)


def _pairs(section: str = "") -> str:
    return "".join(
        f"<PAIR><PAIR_NUMBER>{n}</PAIR_NUMBER><DIRECTION>{d}</DIRECTION>"
        f"<PLAYER><PLAYER_NAME>Ann {section}{n}{d}</PLAYER_NAME></PLAYER>"
        f"<PLAYER><PLAYER_NAME>Bob {section}{n}{d}</PLAYER_NAME></PLAYER></PAIR>\n"
        for d in ("NS", "EW")
        for n in (1, 2)
    )


_RESULTS = [  # board 1 vulnerability: none; 3NT by N making 9 is 400, 4S by E one down is 50 to NS
    "<CONTRACT>3NT</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>9</TRICKS><SCORE>400</SCORE>",
    "<CONTRACT>4S</CONTRACT><PLAYED_BY>E</PLAYED_BY><TRICKS>9</TRICKS><SCORE>50</SCORE>",
    "<SCORE>A6040</SCORE>",
    "<CONTRACT>PASS</CONTRACT><SCORE>0</SCORE>",
    "<CONTRACT>3NT</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>9</TRICKS><SCORE>430</SCORE>",  # a wrong score
    "<CONTRACT>9Z</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>9</TRICKS>",  # an unreadable contract
]


def _board(number: int, results: tuple[int, int]) -> str:
    lines = "".join(
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
        f"{_RESULTS[r]}</TRAVELLER_LINE>\n"
        for (ns, ew), r in zip(((1, 1), (2, 2)), results, strict=True)
    )
    return f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>\n{lines}</BOARD>\n"


def _document(
    sections: int = 0,
    session: bool = False,
    participants_at: int = 0,
    boards: int = 3,
    results: tuple[int, ...] = (0, 1),
    date_after: bool = False,
    handset: str = "",
) -> bytes:
    """A Mitchell pairs field: ``sections`` SECTIONs (0: the pairs and boards in the container),
    in a SESSION or not, the PARTICIPANTS after ``participants_at`` of the boards."""

    def holder(section: str) -> str:
        parts = [_board(n, (results[(n - 1) % len(results)], results[n % len(results)])) for n in range(1, boards + 1)]
        parts.insert(min(participants_at, boards), f"<PARTICIPANTS>{_pairs(section)}</PARTICIPANTS>\n")
        return "".join(parts)

    date = "<DATE>23/11/2026</DATE>"
    if sections:
        body = "".join(
            f'<SECTION SECTION_ID="{chr(65 + i)}">{holder(chr(65 + i))}</SECTION>\n' for i in range(sections)
        )
    else:
        body = holder("")
    if session:
        body = f"<SESSION><SESSION_TITLE>Evening</SESSION_TITLE>{body}</SESSION>"
    head = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<USEBIO Version="1.2"><CLUB><CLUB_NAME>Invented Club</CLUB_NAME></CLUB>\n'
        + (handset if not handset.startswith("!") else "")
        + '<EVENT EVENT_TYPE="MP_PAIRS"><PROGRAM_NAME>tests</PROGRAM_NAME><WINNER_TYPE>2</WINNER_TYPE>'
        + ("" if date_after else date)
    )
    tail = ("" if not date_after else date) + "</EVENT>" + (handset[1:] if handset.startswith("!") else "")
    return (head + body + tail + "</USEBIO>\n").encode()


_HANDSET = (
    "<HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>"
    "<HAND><DIRECTION>North</DIRECTION><SPADES>AKQJ</SPADES><HEARTS>AKQ</HEARTS><DIAMONDS>AKQ</DIAMONDS><CLUBS>AKQ</CLUBS></HAND>"
    "<HAND><DIRECTION>Up</DIRECTION><SPADES>2</SPADES></HAND>"
    "</BOARD></HANDSET>\n"
)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_every_usebio_fixture_streams_as_the_tree_reads(path: Path) -> None:
    data = path.read_bytes()
    assert _stream(data) == _tree(data)


@pytest.mark.parametrize(
    "shape",
    [
        {},
        {"session": True},
        {"sections": 1},
        {"sections": 2, "session": True},
        {"boards": 1},
        {"sections": 2, "boards": 1},
        {"results": (0, 4, 5, 2, 3)},  # a wrong score, an unreadable contract: notes and errors
        {"handset": _HANDSET},
        {"handset": "!" + _HANDSET},  # the hand records after the event: their errors still go first
    ],
)
def test_common_shapes_stream_without_the_tree(shape: dict, monkeypatch) -> None:
    data = _document(**shape)
    expected = _tree(data)
    monkeypatch.setattr(usebio, "_tree", _refused)
    streamed = _stream(data)
    assert len(streamed[0]) == 1
    assert len(streamed[0][0].boards) == shape.get("boards", 3)
    assert streamed == expected


def test_a_wrong_handset_is_a_warning_wherever_the_handset_is(no_tree: None) -> None:
    """A wrong hand record refuses nothing: the errors are the results' own, the hand record a warning."""
    first = _stream(_document(handset=_HANDSET, results=(0, 5)))
    last = _stream(_document(handset="!" + _HANDSET, results=(0, 5)))
    assert [e.location for e in first[1]] == [
        "USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[2]/CONTRACT",  # '9Z' on results[1]: boards 1 and 3 line 2, board 2 line 1
        "USEBIO/EVENT/BOARD[2]/TRAVELLER_LINE[1]/CONTRACT",
        "USEBIO/EVENT/BOARD[3]/TRAVELLER_LINE[2]/CONTRACT",
    ]
    assert first[0][0].printed["figures"].warnings == [
        "board 1: hand record left out (USEBIO/HANDSET/BOARD/HAND[2]/DIRECTION): expected North, East, South "
        "or West, got 'Up'; the results are scored without the deal"
    ]
    assert first[0][0].boards[0].deal is None and first[0][0].boards[0].deal_note.startswith("The hand record")
    assert last == first


@pytest.mark.parametrize("at", [1, 2, 3])
def test_boards_before_the_participants_read_as_after_them(at: int, no_tree: None) -> None:
    """The stream keeps a BOARD that arrives before its section's PARTICIPANTS until they come."""
    later = _stream(_document(sections=2, participants_at=at, results=(0, 4, 1)))
    first = _stream(_document(sections=2, participants_at=0, results=(0, 4, 1)))
    assert later == first
    # board 1's second line is results[1], 3NT by N with 9 tricks recorded as 430 (non-vulnerable: 400)
    note = first[0][0].printed["figures"].notes[0]
    assert note.startswith("board 1, NS pair A2 v EW pair A2 (USEBIO/EVENT/SECTION[1]/BOARD[1]/TRAVELLER_LINE[2])")
    assert "which scores 400" in note


def test_a_date_after_the_boards_falls_back_to_the_tree_and_reads_the_same() -> None:
    data = _document(date_after=True)
    streamed = _stream(data)
    assert streamed == _tree(data)
    assert streamed[0][0].date is not None and streamed[0][0].date.day == 23


def test_boards_are_dropped_from_the_tree_as_they_are_read(monkeypatch) -> None:
    """With small chunks, the tree never holds more than a few boards' traveller lines."""
    monkeypatch.setattr(usebio_stream, "CHUNK", 256)
    live: list[int] = []
    look = usebio_stream._Stream.look

    def counting(self, final: bool) -> None:
        look(self, final)
        if self.root is not None:
            live.append(sum(1 for _ in self.root.iter("TRAVELLER_LINE")))

    monkeypatch.setattr(usebio_stream._Stream, "look", counting)
    data = _document(boards=60)
    sessions, errors = _stream(data)
    assert not errors
    assert sum(len(b.lines) for b in sessions[0].boards) == 120
    assert len(live) > 30  # many chunks
    assert max(live) <= 6  # the first board (kept for its path), the one being built, a chunk's worth


@settings(max_examples=60, deadline=None)
@given(
    sections=st.integers(0, 3),
    session=st.booleans(),
    participants_at=st.integers(0, 3),
    boards=st.integers(1, 4),
    results=st.lists(st.integers(0, len(_RESULTS) - 1), min_size=1, max_size=4).map(tuple),
    date_after=st.booleans(),
    handset=st.sampled_from(["", _HANDSET, "!" + _HANDSET]),
    chunk=st.sampled_from([1, 7, 100, 1 << 16]),
)
def test_stream_reads_as_the_tree_reads(
    sections, session, participants_at, boards, results, date_after, handset, chunk
) -> None:
    data = _document(sections, session, participants_at, boards, results, date_after, handset)
    original = usebio_stream.CHUNK
    usebio_stream.CHUNK = chunk
    try:
        streamed = _stream(data)
    finally:
        usebio_stream.CHUNK = original
    assert streamed == _tree(data)

"""The USEBIO reader's fast paths against the definitions they replace (issue 17).

* ``parse_safely`` (defusedxml checks, the C parser builds) gives the tree, or raises the
  exception with the message, that ``defusedxml.ElementTree.fromstring`` does;
* a traveller line read once per distinct text (``_Reader.outcomes``) reads as each line
  read on its own, problems and notes included;
* validation's quick pass (``_clean``) finds a problem exactly when the full check does.
"""

from __future__ import annotations

from xml.etree.ElementTree import ParseError, tostring

import defusedxml.ElementTree as SafeET
import pytest
from defusedxml import DefusedXmlException
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.readers.usebio import parse_safely, read_usebio

DOCUMENTS = [
    b'<?xml version="1.0"?><USEBIO Version="1.2"><CLUB><CLUB_NAME>A &amp; B &#65;</CLUB_NAME></CLUB></USEBIO>',
    b'<?xml version="1.0"?><!DOCTYPE USEBIO SYSTEM "usebio_v1_2.dtd"><USEBIO><CLUB>&nbsp;</CLUB></USEBIO>',
    b'<?xml version="1.0"?><USEBIO><CLUB>&nbsp;</CLUB></USEBIO>',
    b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaa">]><USEBIO>&a;</USEBIO>',
    b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a SYSTEM "file:///etc/passwd">]><USEBIO>&a;</USEBIO>',
    b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY % p SYSTEM "http://example.invalid/x.dtd"> %p;]><USEBIO/>',
    b'<?xml version="1.0"?><!DOCTYPE USEBIO SYSTEM "x.dtd"><USEBIO><A>&undefined;</A><X></Y></USEBIO>',
    b"<USEBIO><A></B></USEBIO>",
    b'<?xml version="1.0" encoding="EBCDIC-XX"?><USEBIO/>',
    b"",
    b"<USEBIO><!-- a comment --><?pi here?><A x='1'>text<B/>tail</A></USEBIO>",
    '<?xml version="1.0" encoding="ISO-8859-1"?><USEBIO><N>Ærø</N></USEBIO>'.encode("latin-1"),
]


def _outcome(parse, data: bytes) -> tuple[str, str]:
    try:
        return "tree", tostring(parse(data), encoding="unicode")
    except (DefusedXmlException, ParseError, LookupError, ValueError) as exc:
        return type(exc).__name__, str(exc)


@pytest.mark.parametrize("data", DOCUMENTS)
def test_parse_safely_is_defusedxml_fromstring(data: bytes) -> None:
    def defused(d: bytes):
        return SafeET.fromstring(d, forbid_dtd=False, forbid_entities=True, forbid_external=True)

    assert _outcome(parse_safely, data) == _outcome(defused, data)


_PLAYS = ["4H", "4S", "3NT", "4HX", "PASS", "NP", "", "5Z", "A6040", "A+", "A60/70"]
_BY = ["N", "S", "E", "W", "", "Q"]
_TRICKS = ["10", "9", "11", "", "14", "x"]
_SCORES = ["", "420", "-50", "620", "100", "421", "A6040", "abc"]


def _field(lines: list[tuple[int, int, str, str, str, str]]) -> bytes:
    pairs = "".join(
        f"<PAIR><PAIR_NUMBER>{n}</PAIR_NUMBER><DIRECTION>{d}</DIRECTION>"
        f"<PLAYER><PLAYER_NAME>P{n}{d}a</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>P{n}{d}b</PLAYER_NAME></PLAYER></PAIR>"
        for d in ("NS", "EW")
        for n in range(1, 5)
    )
    rows = "".join(
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
        f"<CONTRACT>{contract}</CONTRACT><PLAYED_BY>{by}</PLAYED_BY><TRICKS>{tricks}</TRICKS>"
        f"<SCORE>{score}</SCORE></TRAVELLER_LINE>"
        for ns, ew, contract, by, tricks, score in lines
    )
    return (
        '<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><WINNER_TYPE>2</WINNER_TYPE>'
        f"<PARTICIPANTS>{pairs}</PARTICIPANTS><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{rows}</BOARD>"
        "</EVENT></USEBIO>"
    ).encode()


def _read(data: bytes, remember: bool):
    from generator.readers import usebio

    if remember:
        return read_usebio("f.xml", data)
    original = usebio._Reader.__init__

    def no_memory(self, file):  # every line read on its own: a dict that never keeps anything
        original(self, file)
        self.outcomes = _Forgetful()

    usebio._Reader.__init__ = no_memory
    try:
        return read_usebio("f.xml", data)
    finally:
        usebio._Reader.__init__ = original


class _Forgetful(dict):
    def __setitem__(self, key, value) -> None:
        pass


_LINES = st.lists(
    st.tuples(
        st.integers(1, 5),
        st.integers(1, 5),
        st.sampled_from(_PLAYS),
        st.sampled_from(_BY),
        st.sampled_from(_TRICKS),
        st.sampled_from(_SCORES),
    ),
    min_size=1,
    max_size=12,
)


@settings(max_examples=150, deadline=None)
@given(_LINES)
def test_lines_read_once_per_text_read_as_each_on_its_own(lines) -> None:
    data = _field(lines)
    fast_sessions, fast_errors = _read(data, remember=True)
    slow_sessions, slow_errors = _read(data, remember=False)
    assert [str(e) for e in fast_errors] == [str(e) for e in slow_errors]
    assert fast_sessions == slow_sessions
    assert [s.printed for s in fast_sessions] == [s.printed for s in slow_sessions]


def test_a_repeated_result_is_read_once_and_a_bad_one_reported_on_every_line() -> None:
    # 4H by N making 10 tricks, board 1 (none vulnerable): 420; no contract scores 421 (both lines).
    sessions, errors = read_usebio(
        "f.xml",
        _field(
            [
                (1, 1, "4H", "N", "10", "420"),
                (2, 2, "4H", "N", "10", "420"),
                (3, 3, "4H", "N", "10", "421"),
                (4, 4, "4H", "N", "10", "421"),
            ]
        ),
    )
    assert [(e.location, e.pair) for e in errors] == [
        ("USEBIO/EVENT/BOARD/TRAVELLER_LINE[3]", "NS pair 3 v EW pair 3"),
        ("USEBIO/EVENT/BOARD/TRAVELLER_LINE[4]", "NS pair 4 v EW pair 4"),
    ]
    assert all(e.message.startswith("impossible score 421") for e in errors)
    first, second = sessions[0].boards[0].lines[:2]
    assert first.ns is second.ns  # one object for the repeated result


@settings(max_examples=150, deadline=None)
@given(_LINES)
def test_validation_quick_pass_agrees_with_the_full_check(lines) -> None:
    from generator.readers import validate as v

    sessions, _ = read_usebio("f.xml", _field(lines))
    for session in sessions:
        known = v.KnownPairs({p.ref for p in session.pairs})
        for board in session.boards:
            vulnerability = board.vulnerability or v.board_vulnerability(board.number)
            full = v._line_problems("f.xml", board, known, v.Places(), vulnerability)
            assert v._clean(board, known, vulnerability) == (not full)

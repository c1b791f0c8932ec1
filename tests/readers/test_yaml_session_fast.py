"""The YAML session reader's shortcuts (the quick load, each board's usual results read once,
pairs' references made once) against the plain way: the guarded loader and every result read
on its own.  Same sessions, same messages, for generated sessions with good and bad results."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.readers import yaml_session
from generator.readers.yaml_loader import _Loader, load
from generator.readers.yaml_session import _Reader, read_yaml

CONTRACTS = ["4S", "4s", "3NT", "3NTX", "4HXX", "1C", "7NT", "PASS", "4S*", "8S", "4Q", "", "None"]
SEATS = ["N", "S", "E", "W", "n", "North", "X", ""]

results = st.fixed_dictionaries(
    {"contract": st.sampled_from(CONTRACTS), "by": st.sampled_from(SEATS), "tricks": st.integers(-1, 14)},
    optional={
        "score": st.sampled_from(["420", "-50", "A60/40", "A+", "421", "yes"]),
        "lead": st.sampled_from(["SK", "H2"]),
        "section": st.sampled_from(["", "B"]),
    },
)


def session_text(boards: list[list[dict]], tables: int) -> str:
    lines = [
        "club: Test Club",
        "event: Pairs",
        "date: 2026-01-05",
        "method: matchpoints",
        "movement: mitchell",
        "pairs:",
    ]
    for t in range(1, tables + 1):
        lines.append(f"  - {{number: {t}, direction: NS, players: [Ann Ash, Bob Birch]}}")
        lines.append(f"  - {{number: {t}, direction: EW, players: [Cy Cole, Di Dean]}}")
    lines.append("boards:")
    for number, played in enumerate(boards, start=1):
        lines += [f"  - number: {number}", "    results:"]
        for t, result in enumerate(played):
            pairs = {"ns": t % tables + 1, "ew": (t + number) % tables + 1}
            body = ", ".join(f"{k}: {v}" for k, v in {**pairs, **result}.items())
            lines.append(f"      - {{{body}}}")
    return "\n".join(lines) + "\n"


def plain_read(file: str, data: bytes):
    """read_yaml the plain way: the guarded loader, every result read on its own."""
    with pytest.MonkeyPatch.context() as m:
        m.setattr(yaml_session, "load", lambda text: load(text, _Loader))
        m.setattr(_Reader, "outcomes_of", _Reader.read_outcomes)
        m.setattr(_Reader, "share_refs", lambda *args: None)  # each line's PairRef its own object
        return read_yaml(file, data)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(results, min_size=1, max_size=6), min_size=1, max_size=5), st.integers(3, 6))
def test_the_reader_with_its_shortcuts_reads_what_the_plain_reader_reads(boards, tables):
    data = session_text(boards, tables).encode()
    quick = read_yaml("s.yaml", data)
    plain = plain_read("s.yaml", data)
    assert quick[0] == plain[0]
    assert [str(e) for e in quick[1]] == [str(e) for e in plain[1]]
    assert [(e.board, e.pair) for e in quick[1]] == [(e.board, e.pair) for e in plain[1]]


def test_equal_results_on_a_board_share_their_outcome_and_others_do_not():
    text = session_text(
        [[{"contract": "4S", "by": "N", "tricks": 10}] * 3 + [{"contract": "4S", "by": "N", "tricks": 9}]], 4
    )
    [session], errors = read_yaml("s.yaml", text.encode())
    assert errors == []
    lines = session.boards[0].lines
    assert lines[0].ns is lines[1].ns is lines[2].ns and lines[3].ns is not lines[0].ns
    assert [line.ns.single.ns_score for line in lines] == [420, 420, 420, -50]  # board 1: none vulnerable


@pytest.mark.parametrize("movement", ["mitchell", "howell", ""])
@pytest.mark.parametrize("with_directions", [True, False])
def test_lines_name_the_listed_pairs_own_refs_and_say_what_the_plain_reader_says(movement, with_directions):
    """``share_refs``: the lines hold the pair list's PairRef objects (validation's quick pass
    finds them by identity); an unknown pair, a pair twice and a pair listed without its
    direction still get the plain reader's messages."""
    text = session_text(
        [[{"contract": "4S", "by": "N", "tricks": 10}] * 3, [{"contract": "3NT", "by": "S", "tricks": 9}] * 5], 4
    ).replace("movement: mitchell", f"movement: {movement}" if movement else "")
    if not with_directions:
        text = text.replace(", direction: NS", "", 3).replace(", direction: EW", "", 2)
    text += "  - number: 3\n    results:\n      - {ns: 9, ew: 1, contract: 1C, by: N, tricks: 7}\n"
    data = text.encode()
    quick, plain = read_yaml("s.yaml", data), plain_read("s.yaml", data)
    assert quick[0] == plain[0]
    assert [str(e) for e in quick[1]] == [str(e) for e in plain[1]]
    assert quick[1]  # pair 9 is unknown, and the second board has a pair twice


def test_the_lines_hold_the_listed_pairs_refs():
    text = session_text([[{"contract": "4S", "by": "N", "tricks": 10}] * 3], 3)
    [session], errors = read_yaml("s.yaml", text.encode())
    assert errors == []
    listed = {id(p.ref) for p in session.pairs}
    assert all(id(line.ns_pair) in listed and id(line.ew_pair) in listed for line in session.boards[0].lines)

"""``score --json`` writes a big field's JSON in parts (``compact_parts``): joined, they are
exactly the compact ``json.dumps`` text, whatever the data."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.commands import PRETTY_JSON_LINES, compact_parts, json_parts

scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=8), st.floats(allow_nan=False))
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.sampled_from(["boards", "sessions", "lines", "a", "é", "\n"]), inner, max_size=4),
        st.dictionaries(st.integers(), inner, max_size=2),  # keys the encoder turns into strings
    ),
    max_leaves=30,
)


def compact(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


@settings(max_examples=300, deadline=None)
@given(values)
def test_the_parts_joined_are_the_compact_dump(value):
    assert "".join(compact_parts(value)) == compact(value)


def test_a_document_of_sessions_is_written_board_by_board():
    board = {"number": 1, "lines": [{"ns": "Ærø"}, {"ns": None}]}
    document = {"schema": 2, "sessions": [{"event": {"title": "x"}, "boards": [board, board]}, {"boards": []}]}
    parts = list(json_parts(document, PRETTY_JSON_LINES + 1))
    assert "".join(parts) == compact(document)
    assert parts.count(compact(board)) == 2  # each board one part, encoded whole


def test_a_club_session_is_indented_in_one_part():
    assert list(json_parts({"a": [1]}, PRETTY_JSON_LINES)) == ['{\n  "a": [\n    1\n  ]\n}']


def test_boards_built_as_written_give_the_same_text():
    from pathlib import Path

    from generator.commands import score_file
    from generator.export import session_to_json

    fixtures = Path(__file__).resolve().parent / "fixtures"
    files = (sorted(fixtures.rglob("*.xml")) + sorted(fixtures.rglob("*.pbn")))[:6]
    compared = 0
    for path in files:
        try:
            results = score_file(path, {})
        except Exception:  # a fixture of a bad file: nothing to write
            continue
        for result in results:
            whole = compact(session_to_json(result))
            parts = "".join(compact_parts(session_to_json(result, boards_when_written=True)))
            assert parts == whole
            compared += 1
    assert compared

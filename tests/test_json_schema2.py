"""Schema 2 of `score --json`: the one change from schema 1 is that each board lists its
distinct line explanations once (``explanations``) and a line's side names its explanation
by ``explanation_index`` instead of carrying a copy.  The schema-1 outputs of two fixtures
were saved before the change (tests/fixtures/json/*.schema1.json); expanding the references
of today's output must give back every saved key with the same value.  Keys other features
added since, as the schema allows (a new option, a pair's sit-out), are let through; none may
be an explanation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.commands import PRETTY_JSON_LINES, json_text, score_command

FIXTURES = Path(__file__).parent / "readers" / "fixtures"
SCHEMA1 = Path(__file__).parent / "fixtures" / "json"


def as_schema1(data: dict) -> dict:
    """Schema 2 → schema 1: each side's explanation copied back from its board's list."""
    for board in data["boards"]:
        shared = board.pop("explanations")
        for line in board["lines"]:
            for side in ("ns", "ew"):
                line[side]["explanation"] = shared[line[side].pop("explanation_index")]
    return {**data, "schema": 1}


@pytest.mark.parametrize(
    "fixture, saved",
    [
        ("yaml/complete.yaml", "complete_yaml.schema1.json"),
        ("usebio/mitchell_compscore.xml", "mitchell_compscore_xml.schema1.json"),
    ],
)
def test_schema2_differs_from_schema1_only_by_the_shared_explanations(fixture, saved):
    data = json.loads(score_command(FIXTURES / fixture, as_json=True))
    assert data["schema"] == 2
    old = json.loads((SCHEMA1 / saved).read_text(encoding="utf-8"))
    old["event"]["source"] = data["event"]["source"]  # the path the file was read from
    # Other features add keys as the schema allows (a new option, a pair's sit-out, ...):
    # every saved key must be there with the same value, and no added key is ours.
    added: list[str] = []
    assert_contains(as_schema1(data), old, "", added)
    assert not [a for a in added if "explanation" in a], added


def assert_contains(new, old, path: str, added: list[str]) -> None:
    """``new`` equals ``old`` except for keys ``old`` does not have (listed in ``added``)."""
    if isinstance(old, dict):
        assert isinstance(new, dict), path
        missing = set(old) - set(new)
        assert not missing, f"{path}: {sorted(missing)} removed"
        added += [f"{path}/{k}" for k in set(new) - set(old)]
        for k in old:
            assert_contains(new[k], old[k], f"{path}/{k}", added)
    elif isinstance(old, list):
        assert isinstance(new, list) and len(new) == len(old), path
        for i, (n, o) in enumerate(zip(new, old)):
            assert_contains(n, o, f"{path}[{i}]", added)
    else:
        assert new == old, f"{path}: {new!r} != {old!r}"


def test_each_distinct_explanation_is_written_once_per_board():
    data = json.loads(score_command(FIXTURES / "yaml/complete.yaml", as_json=True))
    for board in data["boards"]:
        written = [json.dumps(e, sort_keys=True) for e in board["explanations"]]
        assert len(written) == len(set(written)), f"board {board['number']} repeats an explanation"
        used = {line[side]["explanation_index"] for line in board["lines"] for side in ("ns", "ew")}
        assert used == set(range(len(board["explanations"]))), "every listed explanation is used by a line"


TIED = """club: Test Club
event: Tied Pairs
date: 2026-10-05
method: matchpoints
movement: mitchell
pairs:
  - {number: 1, direction: NS, players: [Ann Archer, Bill Baker]}
  - {number: 2, direction: NS, players: [Cora Cole, Dan Drew]}
  - {number: 3, direction: NS, players: [Eve Ely, Finn Ford]}
  - {number: 1, direction: EW, players: [Gil Gray, Hal Hart]}
  - {number: 2, direction: EW, players: [Ida Ives, Jon Judd]}
  - {number: 3, direction: EW, players: [Kay Kent, Len Lake]}
boards:
  - number: 1
    results:
      - {ns: 1, ew: 1, contract: 4S, by: N, tricks: 10}
      - {ns: 2, ew: 2, contract: 4S, by: N, tricks: 10}
      - {ns: 3, ew: 3, contract: 4S, by: N, tricks: 9}
"""


def test_lines_with_the_same_score_share_one_explanation(tmp_path):
    path = tmp_path / "2026-10-05-tied.yaml"
    path.write_text(TIED, encoding="utf-8")
    data = json.loads(score_command(path, as_json=True))
    [board] = data["boards"]
    assert len(board["explanations"]) == 4  # 420 and -50, each from NS's and EW's side
    first, second, third = board["lines"]  # best NS score first: the two 420s, then -50
    assert first["ns_score"] == second["ns_score"] == 420 and third["ns_score"] == -50
    for side in ("ns", "ew"):
        assert first[side]["explanation_index"] == second[side]["explanation_index"]
        assert first[side]["explanation_index"] != third[side]["explanation_index"]
    # 420 ties once and beats one result: 2 x 1 + 1 = 3 matchpoints of a top of 4
    assert first["ns"]["value"] == "3" and board["explanations"][first["ns"]["explanation_index"]]["result"] == "3"


def test_big_outputs_are_compact_and_small_ones_indented():
    data = {"a": [1, 2]}
    assert json_text(data, PRETTY_JSON_LINES) == '{\n  "a": [\n    1,\n    2\n  ]\n}'
    assert json_text(data, PRETTY_JSON_LINES + 1) == '{"a":[1,2]}'

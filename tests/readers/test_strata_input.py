"""Strata in our YAML: stated or from a rating; every mistake refused with its line."""

from __future__ import annotations

from generator.readers import read_sessions
from tests.helpers.reader_builders import messages, write

YAML = """method: matchpoints
event: Stratified pairs
strata:
  - {name: A}
  - {name: B, max_rating: 1500}
  - {name: C, max_rating: 500}
pairs:
  - {number: 1, players: [Alma Abbott, Basil Birch], rating: 2200}
  - {number: 2, players: [Clara Croft, Desmond Dale], rating: 1500}
  - {number: 3, players: [Elsie Embry, Fergus Flint], rating: 120}
  - {number: 4, players: [Gwen Garner, Hector Hale], stratum: B}
boards:
  - number: 1
    results:
      - {ns: 1, ew: 2, score: 420}
      - {ns: 3, ew: 4, score: 450}
"""


def test_strata_from_ratings_and_stated(tmp_path):
    # 2200 is above B's 1500: A.  1500 is within B's limit: B.  120 is within C's 500: C.
    [session] = read_sessions(write(tmp_path, "s.yaml", YAML))
    assert [s.name for s in session.strata] == ["A", "B", "C"]
    assert {p.ref.number: p.stratum for p in session.pairs} == {1: "A", 2: "B", 3: "C", 4: "B"}


def test_a_stratum_that_does_not_exist(tmp_path):
    path = write(tmp_path, "s.yaml", YAML.replace("stratum: B", "stratum: D"))
    assert messages(path) == [
        f"{path}: pair 4 (line 11): stratum 'D' of pair 4 does not exist: expected one of A, B, C"
    ]


def test_a_pair_with_neither_stratum_nor_rating(tmp_path):
    path = write(tmp_path, "s.yaml", YAML.replace(", rating: 1500}", "}"))
    assert messages(path) == [
        f"{path}: pair 2 (line 9): pair 2 has no stratum: expected a stratum (A, B, C) or a rating"
    ]


def test_strata_not_highest_first(tmp_path):
    path = write(tmp_path, "s.yaml", YAML.replace("max_rating: 500", "max_rating: 2000"))
    assert messages(path) == [
        f"{path} (line 6): stratum C: max_rating 2000 is not below B's 1500: expected the strata highest first"
    ]


def test_a_stratum_without_strata(tmp_path):
    text = YAML.replace("strata:\n  - {name: A}\n  - {name: B, max_rating: 1500}\n  - {name: C, max_rating: 500}\n", "")
    path = write(tmp_path, "s.yaml", text)
    assert messages(path)[0] == (
        f"{path}: pair 1 (line 4): pair 1 has a stratum or rating but the session lists no "
        "strata: expected strata: [{name: A}, {name: B, max_rating: ...}] first"
    )

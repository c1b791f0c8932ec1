"""Masterpoints as the program awarded them: both USEBIO dialects and YAML; never computed."""

from __future__ import annotations

from generator.model import Masterpoints
from generator.readers import read_sessions
from tests.helpers.reader_builders import FIXTURES, GOOD_BOARD, PAIRS, messages, usebio, write


def awards(path):
    [session] = read_sessions(path)
    return {str(p.ref): p.masterpoints for p in session.pairs}


def test_nz_scorer_dialect_master_points_element():
    # PAIR › MASTER_POINTS › MASTER_POINTS_AWARDED, MASTER_POINT_TYPE; pairs without one have none.
    assert awards(FIXTURES / "usebio" / "handicap_nz_style.xml") == {
        "1 NS": Masterpoints("300", "c"),
        "2 NS": Masterpoints("600", "c"),
        "3 NS": None,
        "1 EW": None,
        "2 EW": None,
        "3 EW": Masterpoints("600", "c"),
    }


def test_compscore_dialect_awards_under_pair_and_the_type_on_the_event(tmp_path):
    # Pair 1 has its own type; pair 2 takes the event's RED; pair 3's 0 is no award.
    pairs = (
        PAIRS.replace(
            "<PAIR_NUMBER>1</PAIR_NUMBER>",
            "<PAIR_NUMBER>1</PAIR_NUMBER><MASTER_POINTS_AWARDED>30"
            "</MASTER_POINTS_AWARDED><MASTER_POINT_TYPE>GREEN</MASTER_POINT_TYPE>",
        )
        .replace(
            "<PAIR_NUMBER>2</PAIR_NUMBER>",
            "<PAIR_NUMBER>2</PAIR_NUMBER><MASTER_POINTS_AWARDED>12</MASTER_POINTS_AWARDED>",
        )
        .replace(
            "<PAIR_NUMBER>3</PAIR_NUMBER>",
            "<PAIR_NUMBER>3</PAIR_NUMBER><MASTER_POINTS_AWARDED>0</MASTER_POINTS_AWARDED>",
        )
    )
    text = usebio(GOOD_BOARD, pairs=pairs).replace(
        "<EVENT_DESCRIPTION>", "<MASTER_POINT_TYPE>RED</MASTER_POINT_TYPE><EVENT_DESCRIPTION>"
    )
    assert awards(write(tmp_path, "cs.xml", text)) == {
        "1": Masterpoints("30", "GREEN"),
        "2": Masterpoints("12", "RED"),
        "3": None,
        "4": None,
    }


def test_an_award_that_is_not_a_number(tmp_path):
    pairs = PAIRS.replace(
        "<PAIR_NUMBER>2</PAIR_NUMBER>",
        "<PAIR_NUMBER>2</PAIR_NUMBER><MASTER_POINTS_AWARDED>lots</MASTER_POINTS_AWARDED>",
    )
    path = write(tmp_path, "bad.xml", usebio(GOOD_BOARD, pairs=pairs))
    assert messages(path) == [
        f"{path}: pair 2 (USEBIO/EVENT/PARTICIPANTS/PAIR[2]/MASTER_POINTS_AWARDED): expected "
        "masterpoints awarded as a number such as 4000 or 1.25, got 'lots'"
    ]


YAML = """method: matchpoints
event: Awards
pairs:
  - {number: 1, players: [Alma Abbott, Basil Birch], masterpoints: {awarded: 60, type: green}}
  - {number: 2, players: [Clara Croft, Desmond Dale], masterpoints: 1.25}
  - {number: 3, players: [Elsie Embry, Fergus Flint]}
  - {number: 4, players: [Gwen Garner, Hector Hale]}
boards:
  - number: 1
    results:
      - {ns: 1, ew: 2, score: 420}
      - {ns: 3, ew: 4, score: 450}
"""


def test_yaml_masterpoints(tmp_path):
    assert awards(write(tmp_path, "a.yaml", YAML)) == {
        "1": Masterpoints("60", "green"),
        "2": Masterpoints("1.25"),
        "3": None,
        "4": None,
    }


def test_yaml_masterpoints_refused_with_the_line(tmp_path):
    path = write(tmp_path, "a.yaml", YAML.replace("masterpoints: 1.25", "masterpoints: -3"))
    assert messages(path) == [
        f"{path}: pair 2 (line 5): masterpoints of pair 2: expected masterpoints awarded as a "
        "number such as 4000 or 1.25, got '-3'"
    ]

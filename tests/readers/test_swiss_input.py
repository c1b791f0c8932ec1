"""Swiss pairs in our YAML: rounds, matches and byes read, and every mistake refused with its line."""

from __future__ import annotations

import json

from generator.commands import score_command, score_file
from generator.readers import read_sessions
from tests.helpers.reader_builders import messages, write

# Five pairs, two rounds of two boards; a bye each round.
YAML = """method: cross_imps
event: Swiss pairs
movement: howell
options:
  vp_scale: discrete
  swiss_bye_vps: 12
pairs:
  - {number: 1, players: [Alma Abbott, Basil Birch]}
  - {number: 2, players: [Clara Croft, Desmond Dale]}
  - {number: 3, players: [Elsie Embry, Fergus Flint]}
  - {number: 4, players: [Gwen Garner, Hector Hale]}
  - {number: 5, players: [Iris Ives, Jonah Jay]}
swiss:
  rounds:
    - round: 1
      boards: [1, 2]
      matches:
        - {table: 1, ns: 1, ew: 2}
        - {table: 2, ns: 3, ew: 4}
      bye: 5
    - round: 2
      boards: 3-4
      matches:
        - {table: 1, ns: 5, ew: 1}
        - {table: 2, ns: 2, ew: 3}
      bye: 4
boards:
  - number: 1
    results:
      - {ns: 1, ew: 2, score: 420}
      - {ns: 3, ew: 4, score: -50}
  - number: 2
    results:
      - {ns: 1, ew: 2, score: 110}
      - {ns: 3, ew: 4, score: 140}
  - number: 3
    results:
      - {ns: 5, ew: 1, score: 650}
      - {ns: 2, ew: 3, score: 170}
  - number: 4
    results:
      - {ns: 5, ew: 1, score: -200}
      - {ns: 2, ew: 3, score: -200}
"""


def test_rounds_read_and_scored(tmp_path):
    [session] = read_sessions(write(tmp_path, "s.yaml", YAML))
    assert [
        (r.number, r.boards, [(m.first.number, m.second.number) for m in r.matches], [b.number for b in r.byes])
        for r in session.swiss
    ] == [(1, (1, 2), [(1, 2), (3, 4)], [5]), (2, (3, 4), [(5, 1), (2, 3)], [4])]
    [result] = score_file(write(tmp_path, "s.yaml", YAML), {})
    # Round 1: board 1 +420 v −50: 470 → 10 IMPs to pair 1; board 2 +110 v +140: 30 → 1 IMP against pair 1:
    # pair 1 10 − 1 = 9.  On the discrete 2-board scale (vp.py builds it; its bands are tested there:
    # 0, 1, 2, 3-4, 5-6, 7-8, 9-10, ...) 9 IMPs is in the band 9–10: 16–4.
    m = result.swiss.rounds[0].matches[0]
    assert (m.margin, m.first_vps, m.second_vps) == (9, 16, 4)
    assert result.swiss.rounds[0].byes[0].vps == 12


def test_score_text_and_json(tmp_path):
    path = write(tmp_path, "s.yaml", YAML)
    text = score_command(path)
    assert "Round 1 (boards 1, 2):" in text and "Swiss standings after round 2:" in text
    data = json.loads(score_command(path, as_json=True))
    swiss = data["swiss"]
    assert swiss["pool"] == 20 and swiss["scale"] == "discrete" and swiss["bye_vps"] == "12"
    first = swiss["rounds"][0]["matches"][0]
    assert (first["first"], first["second"], first["margin"], first["first_vps"]) == ("0-1", "0-2", "9", "16")
    assert [s["number"] for s in swiss["standings"]] == [s["number"] for s in swiss["rounds"][-1]["standings"]]


def test_a_pair_playing_twice_in_a_round(tmp_path):
    path = write(
        tmp_path,
        "s.yaml",
        YAML.replace(
            "        - {table: 2, ns: 3, ew: 4}\n      bye: 5", "        - {table: 2, ns: 3, ew: 1}\n      bye: 5"
        ),
    )
    found = messages(path)
    assert (
        f"{path}: pair 1 (line 19): round 1: pair 1 plays twice in this round (also line 18): expected each pair "
        "in one match or the bye" in found
    )


def test_a_pair_in_a_match_and_the_bye(tmp_path):
    path = write(tmp_path, "s.yaml", YAML.replace("      bye: 5", "      bye: 3"))
    assert any("(line 15): round 1: pair 3 plays twice in this round (also line 19)" in m for m in messages(path))


def test_a_match_whose_boards_are_not_played_by_its_pairs(tmp_path):
    # Board 2's second line is between 3 and 5, who do not meet in round 1; so the match 3 v 4 has no board 2.
    path = write(tmp_path, "s.yaml", YAML.replace("{ns: 3, ew: 4, score: 140}", "{ns: 3, ew: 5, score: 140}"))
    found = messages(path)
    assert (
        f"{path}: board 2, pair 3 (line 35): pair 3 and pair 5 do not meet in round 1: expected the result of one of "
        "the round's matches" in found
    )
    assert (
        f"{path}: board 2, pair 3 (line 19): round 1: the match of pairs 3 and 4 has no result on board 2: expected "
        "every board of the round played by the match's two pairs" in found
    )


def test_a_board_in_no_round_and_a_board_in_two(tmp_path):
    extra = YAML + "  - number: 9\n    results:\n      - {ns: 1, ew: 2, score: 100}\n"
    path = write(tmp_path, "s.yaml", extra)
    assert (
        f"{path}: board 9 (line 46): this board is in no round of swiss: expected it in the boards of one round"
        in messages(path)
    )
    path = write(tmp_path, "t.yaml", YAML.replace("boards: 3-4", "boards: [2, 3, 4]"))
    assert any("board 2 is in round 1 and round 2: expected each board in one round" in m for m in messages(path))


def test_an_unknown_vp_scale_and_none(tmp_path):
    path = write(tmp_path, "s.yaml", YAML.replace("vp_scale: discrete", "vp_scale: ximpq"))
    assert any("option 'vp_scale': expected one of wbf, discrete, club, none, got 'ximpq'" in m for m in messages(path))
    path = write(tmp_path, "t.yaml", YAML.replace("vp_scale: discrete", "vp_scale: none"))
    assert any(
        "a Swiss pairs event converts each match to VPs: expected vp_scale wbf, discrete or club, got none" in m
        for m in messages(path)
    )


def test_a_method_that_is_not_imps_and_an_unknown_pair(tmp_path):
    path = write(tmp_path, "s.yaml", YAML.replace("method: cross_imps", "method: matchpoints"))
    assert any("expected one of those as the method, got matchpoints" in m for m in messages(path))
    path = write(tmp_path, "t.yaml", YAML.replace("{table: 1, ns: 5, ew: 1}", "{table: 1, ns: 5, ew: 8}"))
    assert any(
        "(line 24): round 2: ew 8 is not a pair of this event: expected one of 1, 2, 3, 4, 5" in m
        for m in messages(path)
    )

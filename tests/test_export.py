"""JSON and CSV export of a scored session: exact decimal strings, documented keys."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from generator.commands import score_file
from generator.export import session_to_csv, session_to_json

FIXTURES = Path(__file__).parent / "readers" / "fixtures"


def _result(name: str):
    [result] = score_file(FIXTURES / name, {})
    return result


def test_top_level_schema():
    data = session_to_json(_result("yaml/complete.yaml"))
    assert set(data) == {"schema", "event", "options", "sections", "pairs", "boards", "penalties"}
    assert data["penalties"] == []
    assert data["event"] == {
        "title": "Monday Pairs",
        "club": "Riverside Bridge Club",
        "event": "Monday Pairs",
        "date": "2026-10-05",
        "method": "matchpoints",
        "unit": "matchpoints",
        "source": str(FIXTURES / "yaml/complete.yaml"),
        "individual": False,
    }
    assert data["sections"][0]["winners"] == 2 and data["sections"][0]["pairs"][0] == "A-1-NS"
    json.dumps(data)  # plain data only


def test_pairs_carry_number_direction_names_total_percentage_rank():
    pairs = session_to_json(_result("usebio/mitchell_compscore.xml"))["pairs"]
    assert [p["field"] for p in pairs] == ["NS"] * 3 + ["EW"] * 3  # ranking order, NS field first
    pair = pairs[3]
    assert {
        k: pair[k] for k in ("id", "number", "direction", "names", "total", "percentage", "rank", "rank_label")
    } == {
        "id": "0-2-EW",
        "number": 2,
        "direction": "EW",
        "names": "Iris Ives & Jack Jones",
        "total": "8",
        "percentage": "66.666666666667",
        "rank": 1,
        "rank_label": "1",
    }
    assert pair["explanation"]["method"] == "session"


def test_traveller_lines_contract_score_or_artificial_code_and_figures_as_strings():
    board2 = session_to_json(_result("usebio/mitchell_compscore.xml"))["boards"][1]
    assert (board2["number"], board2["vulnerability"], board2["dealer"], board2["top"]) == (2, "NS", "E", "4")
    by_pairs = {(l["ns_pair"]["number"], l["ew_pair"]["number"]): l for l in board2["lines"]}
    played = by_pairs[(1, 2)]
    assert (
        played["contract"],
        played["declarer"],
        played["tricks"],
        played["lead"],
        played["ns_score"],
        played["artificial"],
    ) == ("2H", "E", 8, "CA", -110, None)
    assert played["ns"]["value"] == "0.5" and played["ew"]["value"] == "3.5"
    artificial = by_pairs[(2, 1)]
    assert (artificial["contract"], artificial["ns_score"], artificial["artificial"]) == (None, None, "A+")
    assert artificial["ns"]["value"] == "2.4" and artificial["ns"]["percent"] == "60"


def test_weighted_and_split_outcomes_are_spelled_out():
    board3 = session_to_json(_result("yaml/complete.yaml"))["boards"][2]
    split = next(l for l in board3["lines"] if "outcome" in l and l["outcome"]["ew"]["kind"] == "weighted")
    assert split["outcome"]["ns"] == {
        "kind": "result",
        "contract": None,
        "declarer": None,
        "tricks": None,
        "lead": None,
        "ns_score": 140,
    }
    assert [c["weight"] for c in split["outcome"]["ew"]["components"]] == ["0.5", "0.5"]


def test_explanations_can_be_left_out():
    data = session_to_json(_result("yaml/complete.yaml"), explanations=False)
    assert "explanation" not in data["boards"][0] and "explanation" not in data["boards"][0]["lines"][0]["ns"]
    assert "explanation" not in data["pairs"][0]


def test_butler_boards_give_imps_and_datum():
    data = session_to_json(score_file(FIXTURES / "usebio/two_events.xml", {})[0])
    assert data["event"]["unit"] == "imps"
    board = data["boards"][0]
    assert board["datum"] == "420" and board["top"] is None
    assert [l["ns"]["value"] for l in board["lines"]] == ["1", "0", "-6"]


def test_csv_ranking():
    rows = list(csv.reader(io.StringIO(session_to_csv(_result("usebio/mitchell_compscore.xml")))))
    assert rows[0] == [
        "field",
        "rank",
        "pair",
        "section",
        "number",
        "direction",
        "names",
        "boards_played",
        "total",
        "percentage",
        "score",
        "penalty",
    ]
    assert rows[4] == [
        "EW",
        "1",
        "2 EW",
        "",
        "2",
        "EW",
        "Iris Ives & Jack Jones",
        "3",
        "8",
        "66.666666666667",
        "66.666666666667",
        "0",
    ]
    assert [r[0] for r in rows[1:]] == ["NS"] * 3 + ["EW"] * 3
    assert len(rows) == 7


def test_teams_csv_and_json():
    [result] = score_file(FIXTURES / "yaml/teams.yaml", {})
    data = session_to_json(result)
    assert data["matches"][0]["boards"][0] == {
        **data["matches"][0]["boards"][0],
        "number": 1,
        "home_ns": 420,
        "home_ew": 170,
    }
    assert data["matches"][0]["home_imps"] == str(result.matches[0].home_imps)
    assert [t["name"] for t in data["teams"]] == ["Lions", "Tigers"]
    assert (
        session_to_csv(result).splitlines()[0]
        == "rank,team,name,matches,imps_for,imps_against,total,board_unit,total_unit"
    )
    # Default teams scoring: boards in IMPs, the ranking in VPs.
    assert data["event"]["unit"] == "imps"
    match = data["matches"][0]
    assert (match["board_unit"], match["total_unit"], match["home_score"]) == ("imps", "vps", match["home_vp"])
    assert match["boards"][0]["away"] == str(-result.matches[0].boards[0].home)
    assert {(t["board_unit"], t["total_unit"]) for t in data["team_standings"]} == {("imps", "vps")}
    assert session_to_csv(result).splitlines()[1].endswith(",imps,vps")


def test_board_a_match_export_names_board_points():
    # Board 1: 4S= by N (+420, Lions NS) against 3S+1 by N (+170, Lions EW): +250, Lions win the board.
    # Board 2: +620 against A+/A- (Lions EW get A-, 40%): Lions 0.4 of the board, Tigers 0.6.
    [result] = score_file(FIXTURES / "yaml/teams.yaml", {"teams_scoring": "board-a-match"})
    data = session_to_json(result)
    assert data["event"]["unit"] == "board_points"
    match = data["matches"][0]
    assert (match["board_unit"], match["total_unit"]) == ("board_points", "board_points")
    assert [(b["home"], b["away"]) for b in match["boards"]] == [("1", "0"), ("0.4", "0.6")]
    assert (match["home_score"], match["away_score"], match["home_vp"]) == ("1.4", "0.6", None)
    assert [(t["name"], t["total"], t["total_unit"]) for t in data["team_standings"]] == [
        ("Lions", "1.4", "board_points"),
        ("Tigers", "0.6", "board_points"),
    ]
    assert session_to_csv(result).splitlines()[1] == "1,1,Lions,1,1.4,0.6,1.4,board_points,board_points"


def test_a_director_penalty_is_in_the_json_and_csv(tmp_path):
    """Two boards, top 2 each (two results): NS 1 scores 420 v 400, a top on both; 25 % of a top is 0.5 MP."""
    text = (
        "method: matchpoints\nmovement: mitchell\npairs:\n"
        + "".join(f"  - {{number: {n}, direction: {d}}}\n" for n in (1, 2) for d in ("NS", "EW"))
        + "boards:\n"
        + "".join(
            f"  - number: {b}\n    results:\n      - {{ns: 1, ew: 1, score: 420}}\n"
            f"      - {{ns: 2, ew: 2, score: 400}}\n"
            for b in (1, 2)
        )
        + "penalties:\n  - {pair: 1, direction: NS, amount: 25%, reason: slow play}\n"
    )
    path = tmp_path / "penalty.yaml"
    path.write_text(text, encoding="utf-8")
    [result] = score_file(path, {})
    data = session_to_json(result, explanations=False)
    assert data["penalties"] == [
        {
            "id": "0-1-NS",
            "section": "",
            "number": 1,
            "direction": "NS",
            "amount": "25",
            "unit": "percent_of_top",
            "reason": "slow play",
        }
    ]
    ns1 = data["pairs"][0]
    # 2 + 2 MP on the boards, less 0.5: 3.5 of 4 available = 87.5 %
    assert (ns1["board_total"], ns1["penalty"], ns1["total"], ns1["percentage"]) == ("4", "0.5", "3.5", "87.5")
    rows = list(csv.reader(io.StringIO(session_to_csv(result))))
    assert rows[1][-4:] == ["3.5", "87.5", "87.5", "0.5"]


def test_boards_carry_the_double_dummy_table_and_par(tmp_path, monkeypatch):
    import pytest

    pytest.importorskip("endplay")
    from generator.commands import score_command

    monkeypatch.chdir(tmp_path)  # score --json keeps solved deals in ./.cache/double-dummy
    data = json.loads(score_command(FIXTURES / "yaml/complete.yaml", as_json=True))
    board1 = data["boards"][0]
    assert board1["deal"]["N"] == "AK72.QJ5.T84.A93"
    # Declarer → strain → tricks, all 20 of them.
    assert set(board1["double_dummy"]) == {"N", "E", "S", "W"}
    assert all(set(row) == {"C", "D", "H", "S", "NT"} for row in board1["double_dummy"].values())
    assert all(0 <= n <= 13 for row in board1["double_dummy"].values() for n in row.values())
    # Par is from NS's side, each contract with who can declare it and the tricks it takes.
    par = board1["par"]
    assert isinstance(par["score"], int) and par["contracts"]
    for c in par["contracts"]:
        strain = c["contract"].rstrip("X")[1:]
        assert all(board1["double_dummy"][seat][strain] == c["tricks"] for seat in c["declarers"])
    # Boards without a deal carry nulls; the solved deal went to the cache.
    assert data["boards"][1]["double_dummy"] is None and data["boards"][1]["par"] is None
    assert list((tmp_path / ".cache" / "double-dummy").glob("*/*.json"))


def test_a_deal_that_could_not_be_analysed_carries_the_reason():
    from generator.analysis.double_dummy import BoardAnalysis, SessionAnalysis, board_context, deal_key

    result = _result("yaml/complete.yaml")
    board = result.session.boards[0]
    warning = "No double-dummy analysis: the solver failed on this deal: boom."
    analysis = SessionAnalysis({deal_key(board.deal, *board_context(board)): BoardAnalysis(None, warning)})
    board1 = session_to_json(result, analysis=analysis)["boards"][0]
    assert (board1["double_dummy"], board1["par"], board1["analysis_warning"]) == (None, None, warning)


def test_an_individual_event_names_the_four_seats_of_each_line():
    # The two-table individual of tests/readers/fixtures/yaml/individual.yaml: board 2, table 1 is
    # N 1, S 5 v E 2, W 6; ns_pair stays North and ew_pair East; player 1 is ranked first on 4.
    from generator.readers import read_sessions
    from generator.scoring.options import ScoringOptions
    from generator.scoring.session import score_session

    [session] = read_sessions(FIXTURES / "yaml" / "individual.yaml")
    data = session_to_json(score_session(session, ScoringOptions()), explanations=False)
    assert data["event"]["individual"] is True
    line = data["boards"][1]["lines"][0]
    assert {seat: ref["number"] for seat, ref in line["seats"].items()} == {"N": 1, "S": 5, "E": 2, "W": 6}
    assert (line["ns_pair"]["number"], line["ew_pair"]["number"]) == (1, 2)
    assert (data["pairs"][0]["names"], data["pairs"][0]["total"], data["pairs"][0]["direction"]) == (
        "Ada Alder",
        "4",
        None,
    )


def test_recorded_auction_and_play_are_on_their_lines_and_nowhere_else():
    """Issue 24 item 2: ``lines[].auction`` and ``lines[].play`` where the upload records them
    (the keys only there), the board's unmatched records and dropped ones on the board."""
    data = json.loads(json.dumps(session_to_json(_result("pbn/auction_play.pbn"))))
    one, two, three = data["boards"]
    first = one["lines"][0]
    assert first["contract"] == "5HX" and first["declarer"] == "S"  # the existing keys, unchanged
    auction = first["auction"]
    assert auction["dealer"] == "N" and auction["complete"] is True and len(auction["calls"]) == 15
    assert auction["calls"][2] == {"call": "3H", "alert": True, "note": 1}
    assert auction["calls"][4] == {"call": "4NT", "alert": False, "note": 2}
    assert auction["notes"][1] == {"number": 2, "text": "two colours: clubs and diamonds"}
    play = first["play"]
    assert play["opening_leader"] == "W" and play["complete"] is False and len(play["tricks"]) == 7
    assert play["tricks"][0] == {
        "leader": "W",
        "cards": [
            {"seat": "W", "card": "SK", "note": 1},
            {"seat": "N", "card": "H3", "note": None},
            {"seat": "E", "card": "S4", "note": None},
            {"seat": "S", "card": "S3", "note": None},
        ],
        "winner": "N",  # North ruffs: hearts are trumps
    }
    assert play["tricks"][6]["winner"] is None and play["tricks"][6]["cards"][1]["card"] is None
    assert "auction" not in one["lines"][1] and "play" not in one["lines"][1]
    assert "recorded" not in one  # nothing left over on board 1
    assert [r["contract"] for r in two["recorded"]] == ["2S"]
    assert two["recorded"][0]["why"] == "no result on the traveller is 2S by E, 8 tricks"
    assert two["recorded"][0]["play"] is None and two["recorded"][0]["auction"]["calls"][-1]["call"] == "AP"
    assert three["recorded"] == [] and len(three["record_notes"]) == 2
    assert all("auction" not in line for line in three["lines"])


def test_sessions_without_auctions_keep_their_json_keys():
    data = session_to_json(_result("pbn/pairs_latin1.pbn"))
    for board in data["boards"]:
        assert "recorded" not in board and "record_notes" not in board
        assert all("auction" not in line and "play" not in line for line in board["lines"])

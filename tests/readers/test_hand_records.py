"""Hand records from wherever a program puts them, voids in every spelling, and a wrong hand
record left out with a note and a warning — never the results (issue 24, item 1)."""

from __future__ import annotations

import json

import pytest

from generator.cli import main
from generator.notation import Seat
from generator.readers.printed import printed_figures
from generator.readers.usebio import read_usebio
from generator.readers.values import parse_deal
from tests.helpers.reader_builders import FIXTURES, only_board

EBUSCORE = FIXTURES / "usebio" / "ebuscore_session_handset.xml"
BOARD_1 = {  # the fixture's board 1, its voids written '-', '—', <HEARTS/>, empty text and a blank
    Seat.N: "Q64..KQ8643.KQT4",
    Seat.E: "AKJT9.AKQJ.AJT9.",
    Seat.S: "87532..752.AJ987",
    Seat.W: ".T98765432..6532",
}
DROPPED = (
    "board 2: hand record left out (USEBIO/EVENT/SESSION/HANDSET/BOARD[2]): impossible deal: N holds 12 cards; "
    "C3 is missing: expected 13 cards in each hand and each of the 52 cards once; the results are scored without the deal"
)


def _read(data: bytes, stream: bool):
    """Both USEBIO readers: the tree, and the stream big files take (``stream_above=0``)."""
    return read_usebio("f.xml", data, stream_above=0 if stream else 1_000_000)


@pytest.mark.parametrize("stream", [False, True], ids=["tree", "stream"])
def test_ebuscore_handset_inside_the_session_is_read_and_a_wrong_one_left_out(stream):
    [session], errors = _read(EBUSCORE.read_bytes(), stream)
    assert errors == []
    one, two = session.boards
    assert one.deal is not None and one.deal.hands == BOARD_1 and one.deal_note == ""
    assert two.deal is None
    assert two.deal_note.startswith("The hand record of this board was left out: impossible deal: N holds 12 cards")
    assert printed_figures(session).warnings == [DROPPED]
    assert [len(b.lines) for b in session.boards] == [2, 2]  # every result is still read


_HANDSET = EBUSCORE.read_text().split("    <HANDSET>")[1].split("</HANDSET>")[0]
_NO_HANDSET = EBUSCORE.read_text().replace(f"    <HANDSET>{_HANDSET}</HANDSET>\n", "")
_PLACES = {  # where programs write HANDSET: top level, EVENT, EVENT/SESSION (EBUScore), SECTION
    "top": ("</EVENT>\n", f"</EVENT>\n<HANDSET>{_HANDSET}</HANDSET>\n", "USEBIO/HANDSET"),
    "event": ("  <SESSION>", f"  <HANDSET>{_HANDSET}</HANDSET>\n  <SESSION>", "USEBIO/EVENT/HANDSET"),
    "session": ("  </SESSION>", f"  <HANDSET>{_HANDSET}</HANDSET>\n  </SESSION>", "USEBIO/EVENT/SESSION/HANDSET"),
    "section": (
        "    <PARTICIPANTS>",
        f'<SECTION SECTION_ID="A"><HANDSET>{_HANDSET}</HANDSET>\n    <PARTICIPANTS>',
        "USEBIO/EVENT/SESSION/SECTION/HANDSET",
    ),
}


def _placed(where: str, version: str = "1.2") -> bytes:
    old, new, _ = _PLACES[where]
    text = _NO_HANDSET.replace(old, new, 1)
    if where == "section":
        text = text.replace("  </SESSION>", "</SECTION>\n  </SESSION>")
    return text.replace('Version="1.2"', f'Version="{version}"').encode()


@pytest.mark.parametrize("version", ["1.0", "1.1", "1.2", "1.3"])
@pytest.mark.parametrize("stream", [False, True], ids=["tree", "stream"])
@pytest.mark.parametrize("where", list(_PLACES))
def test_a_handset_at_any_level_gives_the_same_deals_in_both_readers(where, stream, version):
    [session], errors = _read(_placed(where, version), stream)
    assert errors == []
    assert session.boards[0].deal is not None and session.boards[0].deal.hands == BOARD_1
    assert session.boards[1].deal is None
    path = _PLACES[where][2]
    assert printed_figures(session).warnings == [DROPPED.replace("USEBIO/EVENT/SESSION/HANDSET", path)]


def test_without_the_fix_a_nested_handset_would_be_lost():
    """The guard: a file with no HANDSET anywhere has no deal (the deals above came from the nested one)."""
    [session], _ = _read(_NO_HANDSET.encode(), False)
    assert all(b.deal is None and b.deal_note == "" for b in session.boards)
    assert printed_figures(session).warnings == []


@pytest.mark.parametrize("stream", [False, True], ids=["tree", "stream"])
def test_a_handset_nowhere_a_session_looks_is_said(stream):
    """A HANDSET under CLUB is not read: the file says so, never loses it silently."""
    data = _NO_HANDSET.replace("</CLUB>", f"<HANDSET>{_HANDSET}</HANDSET></CLUB>").encode()
    [session], errors = _read(data, stream)
    assert errors == []
    assert session.boards[0].deal is None
    assert printed_figures(session).warnings == [
        "1 HANDSET element (USEBIO/CLUB/HANDSET) not read: hand records are read at the top of the file, "
        "in an EVENT, a SESSION or a SECTION"
    ]


@pytest.mark.parametrize("stream", [False, True], ids=["tree", "stream"])
def test_a_file_whose_hand_records_are_all_wrong_says_so_once(stream):
    broken = _HANDSET.replace("<SPADES>Q64</SPADES>", "<SPADES>Q6</SPADES>")  # board 1: N 12 cards, S4 missing
    data = _NO_HANDSET.replace("  </SESSION>", f"  <HANDSET>{broken}</HANDSET>\n  </SESSION>").encode()
    [session], errors = _read(data, stream)
    assert errors == []
    assert all(b.deal is None and b.deal_note for b in session.boards)
    assert printed_figures(session).warnings == [
        "every hand record was left out (2 boards): the first, board 1 (USEBIO/EVENT/SESSION/HANDSET/BOARD[1]): "
        "impossible deal: N holds 12 cards; S4 is missing: expected 13 cards in each hand and each of the 52 cards "
        "once; the results are scored without the deals"
    ]


def test_two_different_hand_records_of_one_board_are_both_left_out():
    """Sections A and B each give board 1: the same deal is fine, two different deals are not."""
    twin = _HANDSET.replace("<SPADES>Q64</SPADES>", "<SPADES>Q65</SPADES>").replace(
        "<SPADES>87532</SPADES>", "<SPADES>87432</SPADES>"
    )
    data = _NO_HANDSET.replace(
        "  </SESSION>", f"  <HANDSET>{_HANDSET}</HANDSET>\n  <HANDSET>{twin}</HANDSET>\n  </SESSION>"
    ).encode()
    [session], errors = _read(data, False)
    assert errors == []
    assert session.boards[0].deal is None
    assert "two different hand records for the board (also USEBIO/EVENT/SESSION/HANDSET[1]/BOARD[1])" in (
        session.boards[0].deal_note
    )
    same = _NO_HANDSET.replace(
        "  </SESSION>", f"  <HANDSET>{_HANDSET}</HANDSET>\n  <HANDSET>{_HANDSET}</HANDSET>\n  </SESSION>"
    ).encode()
    [session], _ = _read(same, False)
    assert session.boards[0].deal is not None and session.boards[0].deal.hands == BOARD_1


def test_a_handset_direction_nobody_knows_leaves_the_board_without_a_deal():
    data = EBUSCORE.read_text().replace("<DIRECTION>West</DIRECTION><SPADES></SPADES>", "<DIRECTION>Up</DIRECTION>")
    [session], errors = _read(data.encode(), False)
    assert errors == []
    assert session.boards[0].deal is None
    assert session.boards[0].deal_note == (
        "The hand record of this board was left out: expected North, East, South or West, got 'Up'."
    )
    assert printed_figures(session).warnings == [  # board 2's is wrong too: both left out, said once
        "every hand record was left out (2 boards): the first, board 1 (USEBIO/EVENT/SESSION/HANDSET/BOARD[1]/"
        "HAND[4]/DIRECTION): expected North, East, South or West, got 'Up'; the results are scored without the deals"
    ]


@pytest.mark.parametrize("dash", ["-", "\u2014"])
def test_pbn_deal_with_dashed_voids(dash):
    deal = parse_deal(f"N:Q64.{dash}.KQ8643.KQT4 AKJT9.AKQJ.AJT9.{dash} 87532..752.AJ987 -.T98765432.-.6532")
    assert deal is not None and deal.hands == BOARD_1


def _pbn(deal: str) -> str:
    """A one-board PBN: 2 tables, 3NT= by N (400) beats 2D+1 by N (110): NS 1 and EW 2 score 2 of top 2."""
    return (
        '% PBN 2.1\n[Event "Invented Pairs"]\n[Date "2026.11.17"]\n[Board "1"]\n[Dealer "N"]\n'
        f'[Vulnerable "None"]\n[Deal "{deal}"]\n[Scoring "MatchPoints"]\n'
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\5R;MP_NS\\2R;MP_EW\\2R"]\n'
        " 1  1 3NT  N  9   400 2 0\n 2  2 2D   N  9   110 0 2\n"
    )


def test_a_wrong_pbn_deal_is_left_out_and_the_results_scored(tmp_path, capsys):
    path = tmp_path / "pairs.pbn"
    path.write_text(_pbn("N:Q64.-.KQ8643.KQT AKJT9.AKQJ.AJT9.- 87532..752.AJ987 -.T98765432.-.6532"))
    board, warnings = only_board(path)
    assert board.deal is None and "N holds 12 cards; C4 is missing" in board.deal_note
    assert warnings == [
        "board 1: hand record left out (line 7): impossible deal: N holds 12 cards; C4 is missing: expected 13 "
        "cards in each hand and each of the 52 cards once; the results are scored without the deal"
    ]
    assert main(["score", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["boards"][0]["deal"] is None
    assert data["boards"][0]["deal_note"] == board.deal_note
    assert [(l["ns"]["value"], l["ew"]["value"]) for l in data["boards"][0]["lines"]] == [("2", "0"), ("0", "2")]
    assert main(["check", str(path)]) == 0
    assert "  warning: board 1: hand record left out (line 7)" in capsys.readouterr().out


def test_hand_records_reach_the_json_and_every_result_is_scored(capsys):
    """By hand, top 2: board 1 NS 1 400 v NS 2 110, board 2 NS 1 +90 v NS 2 -110: NS 1 4 MP (100 %),
    NS 2 0, EW 1 0 + 2 = 2 (50 %), EW 2 2 + 0 = 2 (50 %)."""
    assert main(["score", str(EBUSCORE), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    one, two = data["boards"]
    assert one["deal"] == {s.value: h for s, h in BOARD_1.items()} and "deal_note" not in one
    assert two["deal"] is None and two["deal_note"].startswith("The hand record of this board was left out")
    assert {(p["direction"], p["number"]): (p["total"], p["percentage"]) for p in data["pairs"]} == {
        ("NS", 1): ("4", "100"),
        ("NS", 2): ("0", "0"),
        ("EW", 1): ("2", "50"),
        ("EW", 2): ("2", "50"),
    }


def test_check_warns_and_still_agrees_with_every_figure(capsys):
    assert main(["check", str(EBUSCORE)]) == 0
    out = capsys.readouterr().out
    assert f"  warning: {DROPPED}" in out
    assert "20 of 20 figures agree (0 differ)" in out


def test_the_board_pages_show_the_deal_or_say_why_not(tmp_path):
    from generator.site.build import build_site

    content = tmp_path / "content"
    (content / "sessions").mkdir(parents=True)
    (content / "sessions" / "2026-11-17-tuesday.xml").write_bytes(EBUSCORE.read_bytes())
    report = build_site(content, tmp_path / "site", jobs=1)
    assert any(w.endswith(DROPPED) and "2026-11-17-tuesday.xml" in w for w in report.warnings)
    [folder] = [p for p in (tmp_path / "site" / "sessions").iterdir() if p.is_dir()]
    one = (folder / "board-1.html").read_text()
    two = (folder / "board-2.html").read_text()
    assert 'id="deal-h"' in one and '<span class="cards">K Q 8 6 4 3</span>' in one and "left out" not in one
    assert 'id="deal-h"' not in two
    assert "The hand record of this board was left out: impossible deal: N holds 12 cards; C3 is missing" in two


def _yaml_pairs(deal: str, dealer: str = "N") -> str:
    """Our own format, one board at 2 tables: 3NT= by N (400) beats 2D+1 by N (110): NS 1 and EW 2 score 2 of 2."""
    return (
        "method: matchpoints\nevent: Invented Pairs\ndate: 2026-11-17\npairs:\n"
        "  - {number: 1, direction: NS, players: [Ann Ash, Bob Birch]}\n"
        "  - {number: 2, direction: NS, players: [Cid Cole, Dot Dale]}\n"
        "  - {number: 1, direction: EW, players: [Eve Elm, Fay Fir]}\n"
        "  - {number: 2, direction: EW, players: [Gus Gale, Hal Hay]}\n"
        f'boards:\n  - number: 1\n    dealer: {dealer}\n    deal: "{deal}"\n    results:\n'
        "      - {ns: 1, ew: 2, contract: 3NT, by: N, tricks: 9}\n"
        "      - {ns: 2, ew: 1, contract: 2D, by: N, tricks: 9}\n"
    )


TWELVE = "N:Q64.-.KQ8643.KQT AKJT9.AKQJ.AJT9.- 87532..752.AJ987 -.T98765432.-.6532"
"""North's 12 cards (the 4 of clubs gone)."""


def test_a_wrong_deal_in_our_own_format_is_left_out_and_the_results_scored(tmp_path, capsys):
    """The scorer typed a hand short: the evening is published, without that deal, and said so."""
    path = tmp_path / "pairs.yaml"
    path.write_text(_yaml_pairs(TWELVE), encoding="utf-8")
    board, warnings = only_board(path)
    assert board.deal is None and board.dealer is None and "N holds 12 cards; C4 is missing" in board.deal_note
    assert warnings == [
        "board 1: hand record left out (line 10): impossible deal: N holds 12 cards; C4 is missing: expected 13 "
        "cards in each hand and each of the 52 cards once; the results are scored without the deal"
    ]
    assert main(["score", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(l["ns"]["value"], l["ew"]["value"]) for l in data["boards"][0]["lines"]] == [("2", "0"), ("0", "2")]


def test_a_wrong_dealer_in_our_own_format_leaves_the_hand_record_out(tmp_path):
    path = tmp_path / "pairs.yaml"
    path.write_text(_yaml_pairs("N:Q64.-.KQ8643.KQT4 AKJT9.AKQJ.AJT9.- 87532..752.AJ987 -.T98765432.-.6532", "Q"))
    board, warnings = only_board(path)
    assert board.deal is None and board.dealer is None
    assert len(warnings) == 1 and warnings[0].startswith("board 1: hand record left out (line 10): the dealer: ")


def test_a_wrong_deal_of_a_teams_session_in_our_own_format_is_left_out(tmp_path):
    from generator.readers import read_sessions
    from generator.readers.printed import KEY

    path = tmp_path / "teams.yaml"
    path.write_text(
        "method: teams\nevent: Invented Teams\ndate: 2026-11-17\n"
        "teams:\n  - {number: 1, name: Owls, players: [A A, B B, C C, D D]}\n"
        "  - {number: 2, name: Larks, players: [E E, F F, G G, H H]}\n"
        "matches:\n  - home: 1\n    away: 2\n    boards:\n"
        "      - {number: 1, home_ns: {contract: 3NT, by: N, tricks: 9}, home_ew: {contract: 3NT, by: N, tricks: 10}}\n"
        f'deals:\n  - {{board: 1, deal: "{TWELVE}"}}\n',
        encoding="utf-8",
    )
    (session,) = read_sessions(path)
    (board,) = session.boards
    assert board.deal is None and "N holds 12 cards" in board.deal_note
    assert any("board 1: hand record left out" in w for w in session.printed[KEY].warnings)

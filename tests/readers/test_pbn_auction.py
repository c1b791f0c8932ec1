"""PBN auctions, play, notes and comments (PBN 2.1, 3.5-3.8; issue 24 item 2), on invented
fixtures built from the standard's own example game (1.2): read and put on the traveller
line they belong to, or kept as the board's, or left out with a note — never refused.

Hand-worked expectations for the standard's example (North deals, 5♥X by South):
  calls  N 1♦, E 1♠, S 3♥ (alerted, note 1), W 4♠, N 4NT (note 2), E X, S Pass, W Pass,
         N 5♣, E X, S 5♥, W X, N Pass, E Pass, S Pass — three passes after a call: ended;
         the last bid 5♥ (South's), doubled; South bid hearts first for NS: declarer South.
  play   the rows are seats W N E S (West leads); hearts are trumps.
         1: W ♠K, N ♥3 (ruff), E ♠4, S ♠3 → North (the only trump)
         2: North leads ♣2; E ♣6, S ♣K, W ♣5 → South (♣K highest club)
         3: South leads ♠7; W ♠2, N ♥6 (ruff), E ♠5 → North
         4: North ♣A; E ♣T, S ♣4, W ♣8 → North
         5: North ♦A; E ♦T, S ♦3, W ♦2 → North
         6: North ♦K; E ♥5 (ruff), S ♥7 (over-ruff), W ♦4 → South
         7: South ♥2, the others not recorded → no winner known; then '*': 7 tricks, a claim.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.model import PASS, Contract, Deal, Seat
from generator.readers import read_sessions
from generator.readers.pbn import read_pbn
from generator.readers.pbn_auction import final_contract, parse_auction, parse_play
from generator.readers.printed import printed_figures
from tests.helpers.reader_builders import FIXTURES

FIXTURE = FIXTURES / "pbn/auction_play.pbn"


def _session():
    [session] = read_sessions(FIXTURE)
    return session


def test_a_pbn_with_auctions_play_notes_comments_and_unknown_tags_reads_without_errors():
    sessions, errors = read_pbn("auction_play.pbn", FIXTURE.read_bytes())
    assert errors == []
    [s] = sessions
    # the comment's '[Board "99"]' is not a tag, and its empty line does not end board 1's game
    assert [b.number for b in s.boards] == [1, 2, 3]
    assert s.boards[0].deal is not None and len(s.boards[0].lines) == 2


def test_the_standards_auction_is_read_call_by_call_with_alert_and_notes():
    line = _session().boards[0].lines[0]  # table 1: NS 1 v EW 2, 5HX by S, 9 tricks
    auction = line.auction
    assert auction is not None and auction.dealer is Seat.N and auction.complete
    assert [c.text for c in auction.calls] == (
        ["1D", "1S", "3H", "4S", "4NT", "X", "Pass", "Pass", "5C", "X", "5H", "X", "Pass", "Pass", "Pass"]
    )
    assert [(c.text, c.alert, c.note) for c in auction.calls if c.alert or c.note] == [
        ("3H", True, 1),
        ("4NT", False, 2),
    ]
    assert auction.notes == ((1, "non-forcing 6-9 points, 6-card"), (2, "two colours: clubs and diamonds"))
    assert final_contract(auction) == (Contract.parse("5HX"), Seat.S)


def test_the_standards_play_is_read_trick_by_trick_with_leaders_and_winners():
    play = _session().boards[0].lines[0].card_play
    assert play is not None and play.opening_leader is Seat.W and not play.complete
    assert [t.leader.value if t.leader else None for t in play.tricks] == ["W", "N", "S", "N", "N", "N", "S"]
    assert [t.winner.value if t.winner else None for t in play.tricks] == ["N", "S", "N", "N", "N", "S", None]
    assert [c.card for c in play.tricks[1].cards] == ["C2", "C6", "CK", "C5"]  # from North, the leader
    assert [c.card for c in play.tricks[6].cards] == ["H2", None, None, None]
    assert play.tricks[0].cards[0].note == 1 and play.notes == ((1, "highest of series"),)


def test_the_other_table_of_the_board_has_no_auction():
    line = _session().boards[0].lines[1]
    assert line.auction is None and line.card_play is None


def test_a_board_written_once_per_table_gives_each_table_its_own_auction():
    board = _session().boards[1]
    first, second = board.lines
    # table 1: the game with the score table names NS 1 v EW 2, 3NT by S making 9
    assert first.table == 1 and [c.text for c in first.auction.calls] == [
        "Pass",
        "1NT",
        "Pass",
        "3NT",
        "Pass",
        "Pass",
        "Pass",
    ]
    assert first.card_play is None
    # table 2: a game without a score table, [Table "2"], 4H by N making 10; 'AP' ends it
    assert second.table == 2 and [c.text for c in second.auction.calls][-2:] == ["4H", "AP"]
    assert second.auction.calls[5].note == 1 and second.auction.notes == ((1, "18-19 balanced"),)
    # its play (hearts trumps, East leads): ♦A wins for South, South leads ♥2, West's ♥A wins
    assert [t.winner for t in second.card_play.tricks] == [Seat.S, Seat.W]


def test_an_auction_that_matches_no_result_is_the_boards_not_a_lines():
    [kept] = _session().boards[1].recorded
    assert (str(kept.contract), kept.declarer, kept.tricks) == ("2S", Seat.E, 8)
    assert kept.why == "no result on the traveller is 2S by E, 8 tricks"
    assert [c.text for c in kept.auction.calls] == ["1S", "Pass", "2S", "AP"]


def test_a_wrong_auction_and_play_are_left_out_with_a_note_and_the_results_stand():
    s = _session()
    board = s.boards[2]
    assert [line.auction for line in board.lines] == [None, None]
    assert [line.card_play for line in board.lines] == [None, None]
    assert board.record_notes == (
        "table 1: the auction (line 115) is left out: 1D after 1S is insufficient (and not marked ^I)",
        "table 1: the play (line 117) is left out: SA is played twice, in tricks 1 and 2",
    )
    assert [line.ns.single.ns_score for line in board.lines] == [110, -110]
    notes = printed_figures(s).notes
    assert f"board 3, {board.record_notes[0]}" in notes and f"board 3, {board.record_notes[1]}" in notes


_GAME = """[Event "Two alike (invented)"]
[Board "1"]
[Dealer "N"]
[Scoring "MatchPoints"]
[Contract "4S"]
[Declarer "N"]
[Result "10"]
[Auction "N"]
1S Pass 4S AP
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]
1 2 4S N 10 420 -
3 4 4S N 10 420 -
"""


def test_an_auction_that_matches_two_results_is_not_given_to_either():
    [s], errors = read_pbn("alike.pbn", _GAME.encode())
    assert errors == []
    board = s.boards[0]
    assert [line.auction for line in board.lines] == [None, None]
    assert board.recorded[0].why == "2 results on the traveller are 4S by N, 10 tricks"


def test_pairs_named_in_the_game_choose_between_alike_results():
    [s], errors = read_pbn("alike.pbn", _GAME.replace('[Result "10"]', '[Result "10"]\n[PairNS "3"]').encode())
    assert errors == []
    assert [line.auction is not None for line in s.boards[0].lines] == [False, True]


def test_without_contract_tags_the_auction_says_which_result_it_was():
    text = _GAME.replace('[Contract "4S"]\n[Declarer "N"]\n[Result "10"]\n', "").replace(
        "3 4 4S N 10 420 -", "3 4 3NT S 9 400 -"
    )
    [s], errors = read_pbn("reached.pbn", text.encode())
    assert errors == []
    assert [line.auction is not None for line in s.boards[0].lines] == [True, False]


def test_import_format_auction_with_dashes_lowercase_and_comments():
    auction = parse_auction(["- 1d 1s ; rest of the line", "^I 1c pass pass pass"], "W", Seat.N)
    assert auction.dealer is Seat.N  # West's '-': North deals
    assert [c.text for c in auction.calls] == ["1D", "1S", "1C", "Pass", "Pass", "Pass"]
    assert final_contract(auction) == (Contract.parse("1C"), Seat.S)  # the insufficient bid accepted (^I)


@pytest.mark.parametrize(
    "calls, first, message",
    [
        (["1S Pass X"], "N", "South doubles with no opponent's undoubled bid to double"),
        (["1S X XX X"], "N", "West doubles with no opponent's undoubled bid to double"),
        (["1S Pass Pass Pass 2C"], "N", "'2C' after the auction had ended"),
        (["1S 1Q"], "N", "expected a call such as 1H, 3NT, Pass, X or XX, got '1Q'"),
        (["1S Pass"], "E", "the first call is East's, but North dealt"),
    ],
)
def test_auctions_the_laws_do_not_allow_are_refused_with_the_reason(calls, first, message):
    with pytest.raises(ValueError) as raised:
        parse_auction(calls, first, Seat.N)
    assert str(raised.value) == message


def test_an_auction_that_stops_reaches_no_contract_and_all_pass_is_a_pass_out():
    stopped = parse_auction(["1S Pass *"], "N")
    assert not stopped.complete and final_contract(stopped) is None
    assert final_contract(parse_auction(["AP"], "E")) == (PASS, None)
    assert final_contract(parse_auction(["Pass Pass Pass Pass"], "E")) == (PASS, None)


_DEAL = Deal(
    {
        Seat.N: ".63.AKQ987.A9732",
        Seat.E: "A8654.KQ5.T.QJT6",
        Seat.S: "J973.J98742.3.K4",
        Seat.W: "KQT2.AT.J6542.85",
    }
)


def test_a_card_the_deal_gives_to_another_seat_makes_the_play_wrong():
    with pytest.raises(ValueError) as raised:
        parse_play(["SA H3 S4 S3"], "W", Contract.parse("5HX"), Seat.S, _DEAL)
    assert str(raised.value) == "West plays SA in trick 1, but the deal gives it to East"


def test_the_opening_lead_from_the_wrong_seat_makes_the_play_wrong():
    with pytest.raises(ValueError) as raised:
        parse_play(["SA H3 S4 S3"], "E", Contract.parse("5H"), Seat.S)
    assert str(raised.value) == "the play starts with East, but the opening leader is West, on declarer South's left"


def test_in_no_trumps_the_highest_card_of_the_suit_led_wins():
    # West leads ♠K; North discards ♥3 (no trumps: no ruff), East ♠4, South ♠3 → West
    play = parse_play(["SK H3 S4 S3"], "W", Contract.parse("3NT"), Seat.S, _DEAL)
    assert play.tricks[0].winner is Seat.W
    # with no contract known the winner is not known either
    assert parse_play(["SK H3 S4 S3"], "W").tricks[0].winner is None


def test_the_tricks_made_choose_between_results_of_the_same_contract():
    text = _GAME.replace("3 4 4S N 10 420 -", "3 4 4S N 9 - 50")
    [s], errors = read_pbn("tricks.pbn", text.encode())
    assert errors == []
    assert [line.auction is not None for line in s.boards[0].lines] == [True, False]


def test_the_table_named_in_the_game_chooses_between_alike_results():
    text = (
        _GAME.replace('[Result "10"]', '[Result "10"]\n[Table "2"]')
        .replace("PairId_NS;", "Table;PairId_NS;")
        .replace("1 2 4S", "1 1 2 4S")
        .replace("3 4 4S", "2 3 4 4S")
    )
    [s], errors = read_pbn("table.pbn", text.encode())
    assert errors == []
    assert [(line.table, line.auction is not None) for line in s.boards[0].lines] == [(1, False), (2, True)]


def test_a_board_repeated_per_table_with_its_whole_traveller_is_read_once():
    """A file that writes the board once per table, each game with the board's whole score
    table and its own table's auction: the results once (not 'two results'), each auction on
    its table's line (PairNS names it)."""
    first = _GAME.replace('[Result "10"]\n', '[Result "10"]\n[PairNS "1"]\n')
    second = _GAME.replace('[Result "10"]\n', '[Result "10"]\n[PairNS "3"]\n').replace(
        "1S Pass 4S AP", "1S Pass 2S Pass 4S AP"
    )
    [s], errors = read_pbn("repeated.pbn", (first + "\n" + second).encode())
    assert errors == []
    board = s.boards[0]
    assert [(line.ns_pair.number, len(line.auction.calls)) for line in board.lines] == [(1, 4), (3, 6)]
    assert "board 1: the score table at line 25 repeats the one at line 11: read once" in printed_figures(s).notes


def test_a_comment_never_closed_is_an_error_naming_where_it_opened():
    """Everything after an open ``{`` is comment, results too: said, never silently lost."""
    text = _GAME.replace("[Auction", "{ the bidding, as the players recall it\n[Auction")
    _, errors = read_pbn("open.pbn", text.encode())
    assert [str(e) for e in errors] == [
        "open.pbn (line 8): a comment opened with { is never closed: expected } to end it"
    ]


_PIECES = st.lists(
    st.sampled_from(
        [
            "1S",
            "2nt",
            "7C",
            "8H",
            "Pass",
            "p",
            "X",
            "XX",
            "AP",
            "-",
            "*",
            "+",
            "=1=",
            "=99=",
            "!",
            "?!",
            "$12",
            "^I",
            "^S",
            "^L",
            "^R",
            "SK",
            "h2",
            "D10",
            "-",
            ";",
            "{",
            "Q",
            "",
            " ",
            "\n",
            "1",
            "N",
            "0S",
        ]
    ),
    max_size=70,
).map(" ".join)


@settings(max_examples=300, deadline=None)
@given(
    text=_PIECES,
    first=st.sampled_from(["N", "e", "S", "W", "X", "", "#"]),
    contract=st.sampled_from([None, "4H", "3NT", "PASS"]),
    declarer=st.sampled_from([None, Seat.N, Seat.W]),
)
def test_any_section_text_is_read_or_refused_with_a_reason(text, first, contract, declarer):
    """The reader drops a section on ValueError; anything else would be a traceback."""
    for parse in (
        lambda: parse_auction(text.splitlines(), first, Seat.N),
        lambda: parse_play(text.splitlines(), first, contract and Contract.parse(contract), declarer, _DEAL),
    ):
        try:
            parsed = parse()
        except ValueError as exc:
            assert str(exc)
            continue
        if hasattr(parsed, "calls"):
            final_contract(parsed)
        else:
            assert sum(len(t.cards) for t in parsed.tricks) <= 52

"""USEBIO teams events: MATCH elements, teams with their pairs, the home team's DIRECTION.

Fixtures are invented; the element structure follows USEBIO 1.2 teams files as club
programs write them (see generator/readers/usebio_teams.py).
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from generator.check import check_command
from generator.commands import score_file
from generator.model import Artificial, ArtificialKind, PairRef, ScoringMethod
from generator.readers import read_sessions
from generator.readers.printed import printed_figures
from generator.scoring.contract import PASS, Seat
from tests.helpers.reader_builders import FIXTURES, messages, only_board, write

SWISS = FIXTURES / "usebio/swiss_teams.xml"
KO = FIXTURES / "usebio/ko_teams_no_direction.xml"


def test_swiss_teams_event_reads_teams_players_and_matches():
    [s] = read_sessions(SWISS)
    assert s.method is ScoringMethod.TEAMS
    assert (s.title, s.club, s.date) == (
        "Autumn Swiss Teams (invented)",
        "Harbour Lights Bridge Club",
        date(2026, 11, 14),
    )
    assert [(t.number, t.name) for t in s.teams] == [(1, "Otters"), (2, "Badgers"), (3, "Curlews"), (4, "Dormice")]
    assert [p.name for p in s.teams[0].players] == ["Ada Oakes", "Ben Oakes", "Cal Orme", "Di Orme"]
    assert [(m.round, m.home.name, m.away.name, [b.number for b in m.boards]) for m in s.matches] == [
        (1, "Otters", "Badgers", [1, 2, 3]),
        (1, "Curlews", "Dormice", [1, 2, 3]),
    ]
    assert s.board_count == 3
    assert s.options == {}  # IMPS boards, VPS matches: our defaults


def test_each_table_goes_to_the_room_its_direction_names():
    [s] = read_sessions(SWISS)
    board = s.matches[0].boards[0]
    home_ns = board.home_ns.single
    assert (str(home_ns.contract), home_ns.declarer, home_ns.tricks, home_ns.lead, home_ns.ns_score) == (
        "4S",
        Seat.N,
        10,
        "HK",
        420,
    )
    assert board.home_ew.single.ns_score == -50
    assert (board.home_ns_line.ns_pair, board.home_ns_line.ew_pair) == (PairRef("", 1), PairRef("", 4))
    assert (board.home_ew_line.ns_pair, board.home_ew_line.ew_pair) == (PairRef("", 3), PairRef("", 2))
    artificial, passed = s.matches[1].boards[1], s.matches[1].boards[2]
    assert artificial.home_ns == Artificial(ArtificialKind.PLUS, Fraction(60))  # A6040: NS (the home team) 60 %
    assert passed.home_ns.single.contract == PASS and passed.home_ew.single.ns_score == 90


def test_handset_deals_are_kept_for_the_board_pages():
    [s] = read_sessions(SWISS)
    [board] = s.boards
    assert board.number == 1 and board.lines == ()
    assert board.deal.hands[Seat.N] == "AKJ5.Q72.K84.A93"


def test_swiss_teams_scored_board_by_board():
    [result] = score_file(SWISS, {})
    first, second = result.matches
    # Otters v Badgers: board 1 +420 v -50 = +470 → +10 IMPs; board 2 +600 v +630 = −30 → −1;
    # board 3 −110 v +100 = −210 → −5.  Otters 10, Badgers 6: a 4-IMP margin over 3 boards.
    assert [b.home for b in first.boards] == [10, -1, -5]
    assert (first.home_imps, first.away_imps) == (10, 6)
    # WBF continuous scale, B = 15·√3 = 25.98: 10 + 10·(1 − τ^(12/25.98)) / (1 − τ³) = 12.609 → 12.61
    assert (first.home_vp, first.away_vp) == (Fraction("12.61"), Fraction("7.39"))
    # Curlews v Dormice: 420 v 420 → 0; A60/40 with the home team NS → +3; 0 v +90 → −3.  A 10–10 draw.
    assert [b.home for b in second.boards] == [0, 3, -3]
    assert (second.home_vp, second.away_vp) == (10, 10)
    assert [(t.team.name, t.rank_label, t.total) for t in result.team_standings] == [
        ("Otters", "1", Fraction("12.61")),
        ("Curlews", "2=", 10),
        ("Dormice", "2=", 10),
        ("Badgers", "4", Fraction("7.39")),
    ]


def test_team_numbers_as_child_elements_and_direction_from_the_pairs():
    [s] = read_sessions(KO)
    assert [(t.number, t.name) for t in s.teams] == [(1, "Harriers"), (2, "Kestrels")]
    assert s.options == {"vp_scale": "none"}  # MATCH_SCORING_METHOD IMPS
    [match] = s.matches
    board6 = match.boards[1]
    # No DIRECTION: on board 6 pair 3 (Kestrels) sat NS at the first table, so that is the home team's EW room.
    assert board6.home_ew.single.ns_score == -100 and board6.home_ns.single.ns_score == 140
    [result] = score_file(KO, {})
    [m] = result.matches
    # board 5: +620 v +650 = −30 → −1; board 6: +140 v −100 = +240 → +6.
    assert [b.home for b in m.boards] == [-1, 6] and (m.home_imps, m.away_imps) == (6, 1)


def test_check_compares_match_vps_team_totals_and_places():
    text, ok = check_command(SWISS)
    assert ok, text
    assert text.splitlines()[-1] == "12 of 12 figures agree (0 differ)"
    text, ok = check_command(KO)
    assert ok and text.splitlines()[-1] == "4 of 4 figures agree (0 differ)"  # match IMPs 6–1, places 1 and 2


def test_check_names_the_match_and_the_likely_reason(tmp_path):
    wrong = SWISS.read_text(encoding="utf-8").replace(
        "<TEAM_SCORE>12.61</TEAM_SCORE><OPPOSING_TEAM_SCORE>7.39",
        "<TEAM_SCORE>13.00</TEAM_SCORE><OPPOSING_TEAM_SCORE>7.00",
    )
    text, ok = check_command(write(tmp_path, "swiss.xml", wrong), verbose=True)
    assert not ok
    # The reason is a re-scoring: on the discrete scale the 4-IMP margin over 3 boards is 13-7.
    assert (
        "  round 1, Otters v Badgers (USEBIO/EVENT/MATCH[1]): Otters VPs: theirs 13.00, ours 12.61 — the discrete VP scale "
        "(--option vp_scale=discrete)"
    ) in text.splitlines()


def test_printed_figures_for_check_only():
    [s] = read_sessions(SWISS)
    figures = printed_figures(s)
    first = figures.matches[0]
    assert (first.round, first.home, first.away, first.home_vp.text, first.away_vp.text, first.home_imps) == (
        1,
        1,
        2,
        "12.61",
        "7.39",
        None,
    )
    assert [(t.number, t.total.text, t.place) for t in figures.teams] == [
        (1, "12.61", "1"),
        (2, "7.39", "4"),
        (3, "10.00", "2="),
        (4, "10.00", "2="),
    ]


def test_board_a_match_and_aggregate_teams_are_read_as_such(tmp_path):
    for method, expected in (
        ("MATCH_POINTS", {"teams_scoring": "board-a-match"}),
        ("AGGREGATE", {"teams_scoring": "aggregate"}),
    ):
        text = KO.read_text(encoding="utf-8").replace(
            "<MATCH_SCORING_METHOD>IMPS",
            f"<BOARD_SCORING_METHOD>{method}</BOARD_SCORING_METHOD><MATCH_SCORING_METHOD>IMPS",
        )
        [s] = read_sessions(write(tmp_path, f"{method}.xml", text))
        assert s.options == {"vp_scale": "none", **expected}
    [s] = read_sessions(
        write(tmp_path, "mp.xml", KO.read_text(encoding="utf-8").replace('EVENT_TYPE="KO"', 'EVENT_TYPE="MP_TEAMS"'))
    )
    assert s.options["teams_scoring"] == "board-a-match"  # MP_TEAMS with no BOARD_SCORING_METHOD


def test_a_board_played_at_one_table_is_noted_and_not_scored(tmp_path):
    text = KO.read_text(encoding="utf-8")
    one_table = text.replace(
        "<TRAVELLER_LINE><NS_PAIR_NUMBER>4</NS_PAIR_NUMBER>", "<IGNORED><NS_PAIR_NUMBER>4</NS_PAIR_NUMBER>", 1
    )
    one_table = one_table.replace("<SCORE>650</SCORE></TRAVELLER_LINE>", "<SCORE>650</SCORE></IGNORED>")
    path = write(tmp_path, "one.xml", one_table)
    [s] = read_sessions(path)
    assert s.matches[0].boards[0].home_ew is None
    assert printed_figures(s).notes == [
        "board 5 of Harriers v Kestrels was played at one table only (USEBIO/EVENT/MATCH/BOARD[1]): it is not scored"
    ]
    [result] = score_file(path, {})
    assert [b.number for b in result.matches[0].boards] == [6]


# --- bad input: each message names the file, the element, the board and the match ------------------
def _ko_variant(tmp_path, *replacements: tuple[str, str]):
    text = KO.read_text(encoding="utf-8")
    for old, new in replacements:
        assert old in text, old
        text = text.replace(old, new, 1)
    return write(tmp_path, "bad.xml", text)


def test_unknown_team_and_a_team_playing_itself(tmp_path):
    path = _ko_variant(tmp_path, ("<OPPOSING_TEAM>2</OPPOSING_TEAM>", "<OPPOSING_TEAM>7</OPPOSING_TEAM>"))
    assert messages(path) == [
        f"{path} (USEBIO/EVENT/MATCH/OPPOSING_TEAM): unknown team '7': expected one of the teams listed (1, 2)"
    ]
    path = _ko_variant(tmp_path, ("<OPPOSING_TEAM>2</OPPOSING_TEAM>", "<OPPOSING_TEAM>1</OPPOSING_TEAM>"))
    assert messages(path) == [
        f"{path} (USEBIO/EVENT/MATCH): team 1 (Harriers) is on both sides of this match: expected two different teams"
    ]


def test_direction_that_contradicts_the_pairs(tmp_path):
    path = _ko_variant(
        tmp_path,
        (
            "<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>",
            "<TRAVELLER_LINE><DIRECTION>EW</DIRECTION><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>",
        ),
    )
    assert messages(path) == [
        f"{path}: board 5, Harriers v Kestrels (USEBIO/EVENT/MATCH/BOARD[1]/TRAVELLER_LINE[1]/DIRECTION): DIRECTION says Harriers "
        "sat EW, but the EW pair 3 is listed under team 2: expected the home team's pair in the EW seats"
    ]


def test_two_results_for_one_table_and_no_way_to_tell_the_table(tmp_path):
    path = _ko_variant(
        tmp_path,
        (
            "<NS_PAIR_NUMBER>4</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>",
            "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>3</EW_PAIR_NUMBER>",
        ),
    )
    assert messages(path) == [
        f"{path}: board 5, Harriers v Kestrels (USEBIO/EVENT/MATCH/BOARD[1]/TRAVELLER_LINE[2]): two results with Harriers sitting NS "
        "(also USEBIO/EVENT/MATCH/BOARD[1]/TRAVELLER_LINE[1]): expected one result at each table"
    ]
    path = _ko_variant(
        tmp_path,
        (
            "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>3</EW_PAIR_NUMBER>",
            "<NS_PAIR_NUMBER>9</NS_PAIR_NUMBER><EW_PAIR_NUMBER>8</EW_PAIR_NUMBER>",
        ),
    )
    assert messages(path) == [
        f"{path}: board 5, Harriers v Kestrels (USEBIO/EVENT/MATCH/BOARD[1]/TRAVELLER_LINE[1]): expected DIRECTION (NS or EW: "
        "where Harriers sat at this table), or pair numbers listed under the teams"
    ]


def test_every_problem_in_a_teams_file_is_reported_together(tmp_path):
    path = _ko_variant(
        tmp_path,
        ("<TEAM_NUMBER>2</TEAM_NUMBER>", "<TEAM_NUMBER>1</TEAM_NUMBER>"),
        ("<TRICKS>11</TRICKS><SCORE>650</SCORE>", "<TRICKS>14</TRICKS><SCORE>650</SCORE>"),
        ("<SCORE>140</SCORE>", "<SCORE>175</SCORE>"),
    )
    got = messages(path)
    assert got == [
        f"{path}: team 1 (USEBIO/EVENT/PARTICIPANTS/TEAM[2]): team 1 is listed twice (also USEBIO/EVENT/PARTICIPANTS/TEAM[1]): "
        "expected each team once",
        f"{path} (USEBIO/EVENT/MATCH/OPPOSING_TEAM): unknown team '2': expected one of the teams listed (1)",
    ]
    # With the team list mended, the results' own problems show, all of them at once.
    path = _ko_variant(
        tmp_path,
        ("<TRICKS>11</TRICKS><SCORE>650</SCORE>", "<TRICKS>14</TRICKS><SCORE>650</SCORE>"),
        ("<SCORE>140</SCORE>", "<SCORE>175</SCORE>"),
    )
    assert messages(path) == [
        f"{path}: board 5, Harriers v Kestrels (USEBIO/EVENT/MATCH/BOARD[1]/TRAVELLER_LINE[2]/TRICKS): "
        "tricks must be 0 to 13, got 14 from '14' in 4H",
        f"{path}: board 6, Harriers v Kestrels (USEBIO/EVENT/MATCH/BOARD[2]/TRAVELLER_LINE[2]): impossible score 175: "
        "no contract scores that; expected a score such as 420 or -50",
    ]


def test_teams_scoring_we_do_not_offer_and_a_teams_event_without_matches(tmp_path):
    path = _ko_variant(
        tmp_path,
        (
            "<MATCH_SCORING_METHOD>IMPS",
            "<BOARD_SCORING_METHOD>CROSS_IMPS</BOARD_SCORING_METHOD><MATCH_SCORING_METHOD>IMPS",
        ),
    )
    assert messages(path) == [
        f"{path} (USEBIO/EVENT/BOARD_SCORING_METHOD): a teams event scored by 'CROSS_IMPS' is not offered: "
        "expected IMPS, AGGREGATE or MATCH_POINTS (board-a-match)"
    ]
    text = KO.read_text(encoding="utf-8")
    no_matches = text[: text.index("<MATCH>")] + text[text.index("</MATCH>") + len("</MATCH>") :]
    path = write(tmp_path, "nomatch.xml", no_matches)
    assert messages(path) == [
        f"{path} (USEBIO/EVENT): a teams event holds its boards in MATCH elements: expected at least one MATCH, found none"
    ]


def test_a_pair_listed_in_two_teams(tmp_path):
    path = _ko_variant(tmp_path, ("<PAIR_NUMBER>3</PAIR_NUMBER>", "<PAIR_NUMBER>2</PAIR_NUMBER>"))
    got = messages(path)
    assert got[0] == (
        f"{path}: pair 2 (USEBIO/EVENT/PARTICIPANTS/TEAM[2]/PAIR[1]/PAIR_NUMBER): pair 2 is listed under team 1 "
        "and team 2: expected each pair in one team"
    )


def test_board_a_match_event_scored_end_to_end(tmp_path):
    text = (
        KO.read_text(encoding="utf-8")
        .replace(
            "<MATCH_SCORING_METHOD>IMPS</MATCH_SCORING_METHOD>",
            "<BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>",
        )
        .replace("<TEAM_SCORE>6</TEAM_SCORE><OPPOSING_TEAM_SCORE>1", "<TEAM_SCORE>1</TEAM_SCORE><OPPOSING_TEAM_SCORE>1")
        .replace("<PLACE>2</PLACE>", "<PLACE>1=</PLACE>")
    )  # one board each: a tie
    path = write(tmp_path, "bam.xml", text)
    [result] = score_file(path, {})
    [m] = result.matches
    # Board 5: +620 v +650, the Kestrels' net +30 wins the board; board 6: +140 v −100, the Harriers' board.
    assert [(b.home, b.away) for b in m.boards] == [(0, 1), (1, 0)]
    assert (m.home_imps, m.away_imps, m.board_unit) == (1, 1, "board_points")
    out, ok = check_command(path)
    # TEAM_SCORE is compared in board points, with no MATCH_SCORING_METHOD and scores not adding to 20.
    assert ok and "Harriers board points" not in out and out.splitlines()[-1] == "4 of 4 figures agree (0 differ)"


def test_score_text_names_the_unit_of_the_ranking():
    from generator.commands import score_command

    assert score_command(SWISS).splitlines()[2] == "     1  Otters                            12.61 VPs"
    assert score_command(KO).splitlines()[2] == "     1  Harriers                              5 IMPs"


def test_a_wrong_teams_hand_record_is_left_out_and_every_match_scored(tmp_path):
    """Board 1's North holds 12 cards (the 3 of clubs gone): no deal, a note and a warning;
    the matches score as in test_swiss_teams_scored_board_by_board (10 and -1 and -5 IMPs)."""
    path = tmp_path / "swiss.xml"
    path.write_text(SWISS.read_text().replace("<CLUBS>A93</CLUBS>", "<CLUBS>A9</CLUBS>"))
    board, warnings = only_board(path)
    assert board.deal is None and "N holds 12 cards; C3 is missing" in board.deal_note
    assert warnings == [
        "board 1: hand record left out (USEBIO/HANDSET/BOARD): impossible deal: N holds 12 cards; C3 is missing: "
        "expected 13 cards in each hand and each of the 52 cards once; the results are scored without the deal"
    ]
    [result] = score_file(path, {})
    assert [b.home for b in result.matches[0].boards] == [10, -1, -5]


def test_the_match_page_says_why_a_board_has_no_deal(tmp_path):
    from generator.site.build import build_site

    content = tmp_path / "content" / "sessions"
    content.mkdir(parents=True)
    (content / "2026-11-01-swiss.xml").write_text(SWISS.read_text().replace("<CLUBS>A93</CLUBS>", "<CLUBS>A9</CLUBS>"))
    build_site(tmp_path / "content", tmp_path / "site", jobs=1)
    page = (tmp_path / "site" / "sessions" / "2026-11-01-swiss" / "match-1.html").read_text()
    assert (
        '<p class="note">Board 1: The hand record of this board was left out: impossible deal: N holds 12 cards; '
        "C3 is missing" in page
    )

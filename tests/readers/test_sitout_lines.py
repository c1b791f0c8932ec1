"""Issue 14 item 5: every reader keeps a sit-out line as a record of which pair sat out which
board (never a result), and refuses one that also has a score.

The files are of our own: a Howell of five pairs.  Board 1: pairs 1 v 2 (4S by N, 10
tricks: +420) and 3 v 4 (+170), pair 5 sitting out.  Board 2: 1 v 5 (4S made) and 2 v 3 (2S+2: +170);
pair 4 has no line there and no sit-out record: it was late.  Uncounted slot: E = 2, top 2.
With ``sitout_policy`` average pair 5 scores 1 (half the top) for board 1 and 0 on board 2
(EW against 4S made when the other NS made 170): 1 of 4 = 25 %; pair 4 scores 2 on board 1 (EW,
170 against 420) and nothing for board 2: 2 of 2 = 100 %, with no average.
Counted slot (NZ Scorer): E = 3 (board 1's two results and the slot; every board of the
section is compared over the most expected on any), top 4; pair 1's 2 on each board becomes
(2 + 1) × 3 / 2 − 1 = 3.5: 7 in all.
"""

from __future__ import annotations

from dataclasses import replace

from generator.model import Direction, PairRef, SitOut
from generator.readers import read_sessions
from generator.scoring.session import score_session
from generator.upload import session_options
from tests.helpers.reader_builders import FIXTURES, board, line, messages, usebio, write

FIVE = "".join(
    f"<PAIR><PAIR_NUMBER>{n}</PAIR_NUMBER><PLAYER><PLAYER_NAME>Player {n}a</PLAYER_NAME></PLAYER>"
    f"<PLAYER><PLAYER_NAME>Player {n}b</PLAYER_NAME></PLAYER></PAIR>"
    for n in range(1, 6)
)
PLAYED = line("1", "2") + line("3", "4", contract="2S", tricks="10", score="170")
FIVE_ID = PairRef("", 5, None)
FIXTURES_PBN = FIXTURES / "pbn"


BOARD_TWO = board(2, line("1", "5"), line("2", "3", contract="2S", tricks="10", score="170"))


def _usebio(tmp_path, sitout: str):
    return write(tmp_path, "s.xml", usebio(board(1, PLAYED + sitout), BOARD_TWO, pairs=FIVE))


def _pbn(tmp_path, bye: str, pairs: str = "12345"):
    rows = "\n".join(f'{n} {n} 1 "N-S" 0 0 "Player {n}a - Player {n}b" 1' for n in pairs)
    text = f"""% PBN 2.1
[Event "Sit-out test (invented)"]
[Board "1"]
[Scoring "MatchPoints"]
[TotalScoreTable "Rank\\1R;PairId\\1R;Table\\1R;Direction\\5R;TotalScoreMP\\5R;TotalPercentage\\5R;Names\\30L;NrBoards\\2R"]
{rows}
[ScoreTable "Table\\1R;Round\\1R;PairId_NS\\1R;PairId_EW\\1R;Contract\\3L;Declarer\\1R;Result\\2R;Lead\\3L;Score_NS\\5R;Score_EW\\5R"]
1 1 1 2 4S  N 10 HK "420" -
2 1 3 4 2S  N 10 HK "170" -
{bye}

[Event "Sit-out test (invented)"]
[Board "2"]
[Scoring "MatchPoints"]
[ScoreTable "Table\\1R;Round\\1R;PairId_NS\\1R;PairId_EW\\1R;Contract\\3L;Declarer\\1R;Result\\2R;Lead\\3L;Score_NS\\5R;Score_EW\\5R"]
1 2 1 5 4S  N 10 HK "420" -
2 2 2 3 2S  N 10 HK "170" -
"""
    return write(tmp_path, "s.pbn", text)


def _yaml(tmp_path, sitout: str, movement: str = "howell"):
    pairs = (
        "\n".join(f"  - {{number: {n}, players: [P{n}a, P{n}b]}}" for n in range(1, 6))
        if movement == "howell"
        else "\n".join(
            f"  - {{number: {n}, direction: {d}, players: [P{n}{d}a, P{n}{d}b]}}"
            for n in range(1, 4)
            for d in ("NS", "EW")
        )
    )
    text = f"""event: Sit-out test
method: matchpoints
movement: {movement}
pairs:
{pairs}
boards:
  - number: 1
    results:
      - {{ns: 1, ew: 2, contract: 4S, by: N, tricks: 10}}
      - {{ns: 3, ew: 4, contract: 2S, by: N, tricks: 10}}
      - {sitout}
  - number: 2
    results:
      - {{ns: 1, ew: 5, contract: 4S, by: N, tricks: 10}}
      - {{ns: 2, ew: 3, contract: 2S, by: N, tricks: 10}}
"""
    return write(tmp_path, "s.yaml", text)


def _pair_five(path, **options):
    [session] = read_sessions(path)
    result = score_session(session, session_options(session, {"sitout_policy": "average", **options}))
    return session, result


# --- USEBIO -----------------------------------------------------------------------------------
def test_usebio_line_with_a_zero_opponent_is_kept_as_a_sit_out(tmp_path):
    sitout = "<TRAVELLER_LINE><NS_PAIR_NUMBER>5</NS_PAIR_NUMBER><EW_PAIR_NUMBER>0</EW_PAIR_NUMBER></TRAVELLER_LINE>"
    session, result = _pair_five(_usebio(tmp_path, sitout))
    assert session.sitouts == (SitOut(FIVE_ID, 1, where="USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[3]"),)
    assert len(session.boards[0].lines) == 2
    five = result.standing(FIVE_ID)
    assert (five.total, five.available, five.percentage) == (1, 4, 25)
    late = result.standing(PairRef("", 4, None))
    assert (late.sitout, late.total, late.available, late.percentage) == (None, 2, 2, 100)
    assert [st.rule for st in late.explanation.steps].count("session.absent") == 1


def test_usebio_counted_slot_factors_the_board_to_three_results(tmp_path):
    sitout = "<TRAVELLER_LINE><EW_PAIR_NUMBER>5</EW_PAIR_NUMBER></TRAVELLER_LINE>"  # NS missing altogether
    _, result = _pair_five(_usebio(tmp_path, sitout), sitout_slot="counted")
    assert result.boards[0].expected == 3 and result.boards[0].top == 4
    assert result.standing(PairRef("", 1, None)).total == 7


def test_usebio_sit_out_line_with_a_score_is_refused(tmp_path):
    sitout = (
        "<TRAVELLER_LINE><NS_PAIR_NUMBER>5</NS_PAIR_NUMBER><EW_PAIR_NUMBER>0</EW_PAIR_NUMBER>"
        "<CONTRACT>3NT</CONTRACT><SCORE>400</SCORE></TRAVELLER_LINE>"
    )
    [problem] = messages(_usebio(tmp_path, sitout))
    assert "USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[3]" in problem and "board 1" in problem and "pair 5" in problem
    assert "a sit-out line (pair 5 has no opponents) also has contract '3NT', score '400'" in problem
    assert "expected no contract or score on a line with no opponents" in problem


def test_usebio_pair_sitting_out_a_board_it_played_is_refused(tmp_path):
    sitout = "<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>0</EW_PAIR_NUMBER></TRAVELLER_LINE>"
    problems = messages(_usebio(tmp_path, sitout))
    assert len(problems) == 1
    problem = problems[0]
    assert "pair 1 is recorded sitting out a board it also has a result on" in problem and "board 1" in problem


# --- PBN ------------------------------------------------------------------------------------
def test_pbn_ruter_bye_line_is_kept_as_a_sit_out(tmp_path):
    session, result = _pair_five(_pbn(tmp_path, '3 1 - 5 -   -  - -  "Bye" "Bye"'))
    assert session.sitouts == (SitOut(FIVE_ID, 1, source_line=14),)
    assert result.standing(FIVE_ID).percentage == 25


def test_pbn_zero_opponent_is_a_sit_out_too(tmp_path):
    session, _ = _pair_five(_pbn(tmp_path, "3 1 5 0 -   -  - -  -  -"))
    assert [(r.pair, r.board) for r in session.sitouts] == [(FIVE_ID, 1)]


def test_pbn_bye_line_of_an_unlisted_pair_is_the_phantom_and_noted(tmp_path):
    from generator.readers.printed import printed_figures

    [session] = read_sessions(_pbn(tmp_path, '3 1 - 6 -   -  - -  "Bye" "Bye"'))
    assert session.sitouts == ()
    assert (
        "board 1: a bye line (line 14) names pair 6, who is not listed (a phantom pair): not a result"
        in printed_figures(session).notes
    )


def test_pbn_bye_line_with_a_score_is_refused(tmp_path):
    [problem] = messages(_pbn(tmp_path, '3 1 - 5 3N  S  9 HK "400" -'))
    assert problem.endswith(
        "s.pbn: board 1, pair 5 (line 14): a sit-out line (pair 5 has no opponents) also has "
        "contract '3N', Score_NS '400': expected no contract or score on a line with no opponents "
        "(give the opponents' pair number if the board was played)"
    )


# --- YAML -----------------------------------------------------------------------------------
def test_yaml_sitout_true_is_a_sit_out(tmp_path):
    session, result = _pair_five(_yaml(tmp_path, "{ns: 5, sitout: true}"))
    assert session.sitouts == (SitOut(FIVE_ID, 1, source_line=15),)
    assert result.standing(FIVE_ID).percentage == 25
    session, _ = _pair_five(_yaml(tmp_path, "{pair: 5, sitout: true}"))
    assert session.sitouts[0].pair == FIVE_ID


def test_yaml_mitchell_sit_out_keeps_the_direction(tmp_path):
    path = _yaml(tmp_path, "{ew: 3, sitout: true}", movement="mitchell")
    text = path.read_text().split("  - number: 2")[0]  # board 1 only
    text = text.replace("{ns: 1, ew: 2,", "{ns: 1, ew: 1,").replace("{ns: 3, ew: 4,", "{ns: 2, ew: 2,")
    path.write_text(text)
    [session] = read_sessions(path)
    assert session.sitouts[0].pair == PairRef("", 3, Direction.EW)


def test_yaml_bad_sit_outs_are_refused(tmp_path):
    [problem] = messages(_yaml(tmp_path, "{ns: 5, sitout: true, score: 420}"))
    assert problem.split("s.yaml: ")[1].startswith("board 1, pair 5 (line 15)")
    assert "a sit-out line (pair 5 has no opponents) also has score '420'" in problem
    [problem] = messages(_yaml(tmp_path, "{ns: 5, ew: 1, sitout: true}"))
    assert (
        "a sit-out line names the one pair that sat out: expected one of ns:, ew: (or pair: in a howell), got ns, ew"
        in problem
    )
    [problem] = messages(_yaml(tmp_path, "{ns: 9, sitout: true}"))
    assert "pair 9 sits out but is not listed among the pairs" in problem and "line 15" in problem
    [problem] = messages(_yaml(tmp_path, "{ns: 5, sitout: yes please}"))
    assert "expected sitout: true on a sit-out line, got 'yes please'" in problem


def test_usebio_line_against_a_listed_phantom_pair_is_a_sit_out(tmp_path):
    """Pair 6 is listed with players named Phantom: not ranked, and 5 v 6 is pair 5's sit-out."""
    phantom = (
        "<PAIR><PAIR_NUMBER>6</PAIR_NUMBER><PLAYER><PLAYER_NAME>Phantom</PLAYER_NAME></PLAYER>"
        "<PLAYER><PLAYER_NAME>PHANTOM</PLAYER_NAME></PLAYER></PAIR>"
    )
    sitout = "<TRAVELLER_LINE><NS_PAIR_NUMBER>5</NS_PAIR_NUMBER><EW_PAIR_NUMBER>6</EW_PAIR_NUMBER></TRAVELLER_LINE>"
    path = write(tmp_path, "s.xml", usebio(board(1, PLAYED + sitout), BOARD_TWO, pairs=FIVE + phantom))
    session, result = _pair_five(path)
    assert [p.ref.number for p in session.pairs] == [1, 2, 3, 4, 5]
    assert [(r.pair, r.board) for r in session.sitouts] == [(FIVE_ID, 1)]
    assert result.standing(FIVE_ID).percentage == 25


# --- individuals ------------------------------------------------------------------------------
# Nine players, two tables a board.  Board 1 (none vulnerable): N1 S2 E3 W4 4S= +420; N5 S6 E7 W8
# 2S+2 +170; player 9 sits out.  Board 2 (NS vulnerable): N9 S2 E3 W4 4S= +620; N5 S6 E7 W8 +170;
# player 1 sits out.  Top 2: the table with the better NS score gives its NS players 2.  With an
# average for a board sat out: player 1 has 2 + 1 = 3 of 4 = 75 %, player 9 1 + 2 = 3 of 4 = 75 %.
INDIVIDUAL = (
    """method: matchpoints
options: {sitout_policy: average}
players:
"""
    + "".join(f"  - {{number: {n}, name: Player {n}}}\n" for n in range(1, 10))
    + """boards:
  - number: 1
    results:
      - {N: 1, S: 2, E: 3, W: 4, contract: 4S, by: N, tricks: 10}
      - {N: 5, S: 6, E: 7, W: 8, contract: 2S, by: N, tricks: 10}
      - {player: 9, sitout: true}
  - number: 2
    results:
      - {N: 9, S: 2, E: 3, W: 4, contract: 4S, by: N, tricks: 10}
      - {N: 5, S: 6, E: 7, W: 8, contract: 2S, by: N, tricks: 10}
      - {player: 1, sitout: true}
"""
)


def test_individual_player_sitting_out_is_scored_by_the_policy(tmp_path):
    [session] = read_sessions(write(tmp_path, "i.yaml", INDIVIDUAL))
    assert [(r.pair.number, r.board) for r in session.sitouts] == [(9, 1), (1, 2)]
    result = score_session(session, session_options(session, {}))
    for n in (1, 9):
        s = result.standing(PairRef("", n))
        assert (s.total, s.available, s.percentage, s.sitout.boards) == (3, 4, 75, 1)
    late = replace(session, sitouts=session.sitouts[:1])  # player 1's sit-out not recorded: absent
    s = score_session(late, session_options(late, {})).standing(PairRef("", 1))
    assert (s.sitout, s.total, s.available) == (None, 2, 2)


def test_individual_sit_out_lines_are_refused_with_a_score_or_a_pair(tmp_path):
    bad = INDIVIDUAL.replace("{player: 9, sitout: true}", "{player: 9, sitout: true, score: 100}")
    [problem] = messages(write(tmp_path, "i.yaml", bad))
    assert "a sit-out line (pair 9 has no opponents) also has score '100'" in problem and "board 1" in problem
    bad = INDIVIDUAL.replace("{player: 9, sitout: true}", "{ns: 9, sitout: true}")
    [problem] = messages(write(tmp_path, "i.yaml", bad))
    assert "an individual's sit-out line names the one player who sat out: expected player:, got ns" in problem


def test_pbn_individual_bye_line_records_the_players_named(tmp_path):
    text = (FIXTURES_PBN / "individual_magic.pbn").read_text(encoding="utf-8")
    text = text.replace('3 4 2.0  50.00 "Di Damson" 2\n', '3 4 2.0  50.00 "Di Damson" 2\n9 9 0.0 0.00 "Ivo Ivy" 1\n')
    text = text.replace(
        '2 1 5 7 6 8 4S N  9 - "50" 0.0 2.0\n',
        '2 1 5 7 6 8 4S N  9 - "50" 0.0 2.0\n3 1 9 - - - -  - - "Bye" "Bye" - -\n',
    )
    [session] = read_sessions(write(tmp_path, "i.pbn", text))
    assert session.sitouts == (SitOut(PairRef("", 9), 1, source_line=25),)


def test_usebio_individual_line_with_empty_seats_and_no_score_is_a_sit_out(tmp_path):
    text = (FIXTURES / "usebio" / "individual_two_tables.xml").read_text(encoding="utf-8")
    nine = "<PLAYER><PLAYER_NUMBER>9</PLAYER_NUMBER><PLAYER_NAME>Ivo Ivy</PLAYER_NAME></PLAYER>"
    text = text.replace("</PARTICIPANTS>", nine + "</PARTICIPANTS>", 1)
    text = text.replace("</BOARD>", "<TRAVELLER_LINE><N_PLAYER_NUMBER>9</N_PLAYER_NUMBER></TRAVELLER_LINE></BOARD>", 1)
    [session] = read_sessions(write(tmp_path, "i.xml", text))
    assert [(r.pair, r.board, r.where) for r in session.sitouts] == [
        (PairRef("", 9), 1, "USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[3]")
    ]

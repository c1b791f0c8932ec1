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

from generator.commands import session_options
from generator.model import Direction, PairRef, SitOut
from generator.readers import read_sessions
from generator.scoring.session import score_session
from tests.helpers.reader_builders import board, line, messages, usebio, write

FIVE = "".join(
    f"<PAIR><PAIR_NUMBER>{n}</PAIR_NUMBER><PLAYER><PLAYER_NAME>Player {n}a</PLAYER_NAME></PLAYER>"
    f"<PLAYER><PLAYER_NAME>Player {n}b</PLAYER_NAME></PLAYER></PAIR>" for n in range(1, 6))
PLAYED = line("1", "2") + line("3", "4", contract="2S", tricks="10", score="170")
FIVE_ID = PairRef("", 5, None)


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
    pairs = ("\n".join(f"  - {{number: {n}, players: [P{n}a, P{n}b]}}" for n in range(1, 6)) if movement == "howell" else
             "\n".join(f"  - {{number: {n}, direction: {d}, players: [P{n}{d}a, P{n}{d}b]}}"
                       for n in range(1, 4) for d in ("NS", "EW")))
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
    sitout = ("<TRAVELLER_LINE><NS_PAIR_NUMBER>5</NS_PAIR_NUMBER><EW_PAIR_NUMBER>0</EW_PAIR_NUMBER>"
              "<CONTRACT>3NT</CONTRACT><SCORE>400</SCORE></TRAVELLER_LINE>")
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
    session, _ = _pair_five(_pbn(tmp_path, '3 1 5 0 -   -  - -  -  -'))
    assert [(r.pair, r.board) for r in session.sitouts] == [(FIVE_ID, 1)]


def test_pbn_bye_line_of_an_unlisted_pair_is_the_phantom_and_noted(tmp_path):
    from generator.readers.printed import printed_figures

    [session] = read_sessions(_pbn(tmp_path, '3 1 - 6 -   -  - -  "Bye" "Bye"'))
    assert session.sitouts == ()
    assert "board 1: a bye line (line 14) names pair 6, who is not listed (a phantom pair): not a result" in \
        printed_figures(session).notes


def test_pbn_bye_line_with_a_score_is_refused(tmp_path):
    [problem] = messages(_pbn(tmp_path, '3 1 - 5 3N  S  9 HK "400" -'))
    assert problem.endswith("s.pbn: board 1, pair 5 (line 14): a sit-out line (pair 5 has no opponents) also has "
                             "contract '3N', Score_NS '400': expected no contract or score on a line with no opponents "
                             "(give the opponents' pair number if the board was played)")


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
    assert problem.split("s.yaml: ")[1].startswith("board 1 (line 15)")
    assert "a sit-out line (pair 5 has no opponents) also has score '420'" in problem
    [problem] = messages(_yaml(tmp_path, "{ns: 5, ew: 1, sitout: true}"))
    assert "a sit-out line names the one pair that sat out: expected one of ns:, ew: (or pair: in a howell), got ns, ew" in problem
    [problem] = messages(_yaml(tmp_path, "{ns: 9, sitout: true}"))
    assert "pair 9 sits out but is not listed among the pairs" in problem and "line 15" in problem
    [problem] = messages(_yaml(tmp_path, "{ns: 5, sitout: yes please}"))
    assert "expected sitout: true on a sit-out line, got 'yes please'" in problem


def test_usebio_line_against_a_listed_phantom_pair_is_a_sit_out(tmp_path):
    """Pair 6 is listed with players named Phantom: not ranked, and 5 v 6 is pair 5's sit-out."""
    phantom = ("<PAIR><PAIR_NUMBER>6</PAIR_NUMBER><PLAYER><PLAYER_NAME>Phantom</PLAYER_NAME></PLAYER>"
               "<PLAYER><PLAYER_NAME>PHANTOM</PLAYER_NAME></PLAYER></PAIR>")
    sitout = "<TRAVELLER_LINE><NS_PAIR_NUMBER>5</NS_PAIR_NUMBER><EW_PAIR_NUMBER>6</EW_PAIR_NUMBER></TRAVELLER_LINE>"
    path = write(tmp_path, "s.xml", usebio(board(1, PLAYED + sitout), BOARD_TWO, pairs=FIVE + phantom))
    session, result = _pair_five(path)
    assert [p.ref.number for p in session.pairs] == [1, 2, 3, 4, 5]
    assert [(r.pair, r.board) for r in session.sitouts] == [(FIVE_ID, 1)]
    assert result.standing(FIVE_ID).percentage == 25

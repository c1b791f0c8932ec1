"""The session's deals as PBN 2.1 with OptimumResultTable and OptimumScore: the file our
own PBN reader takes back, and the tables and par equal the analysis."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.analysis.double_dummy import analyse_session
from generator.analysis.pbn_export import _tag, session_pbn
from generator.readers import read_sessions
from generator.scoring.contract import Seat, Strain

pytest.importorskip("endplay")

FIXTURE = Path(__file__).resolve().parents[1] / "readers" / "fixtures" / "yaml" / "complete.yaml"


def test_deals_with_optimum_result_table_and_optimum_score():
    (session,) = read_sessions(FIXTURE)
    analysis = analyse_session(session, None)
    text = session_pbn(session, analysis)
    assert text.startswith("% PBN 2.1\n% EXPORT\n")
    games = text.split("\n\n")[1:]
    with_deals = [b for b in session.boards if b.deal is not None]
    assert len(games) == len(with_deals)
    game = games[0]
    board = with_deals[0]
    a = analysis.for_board(board).analysis
    assert f'[Board "{board.number}"]' in game
    assert '[Deal "N:AK72.QJ5.T84.A93 QT8.K962.AQ7.J54 J965.A83.K95.K86 43.T74.J632.QT72"]' in game
    assert '[Dealer "N"]' in game and '[Vulnerable "None"]' in game  # Law 2 for board 1
    assert f'[OptimumScore "NS {a.par_score}"]' in game
    assert '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]' in game
    rows = re.findall(r"^([NESW]) +(NT|[SHDC]) +(\d+)$", game, re.M)
    assert len(rows) == 20
    assert all(a.tricks[Seat(s)][Strain(st)] == int(n) for s, st, n in rows)


def test_another_pbn_parser_reads_it_back(tmp_path):
    # endplay's own PBN parser (independent of ours) reads the deals, par and table.
    from endplay.parsers import pbn

    (session,) = read_sessions(FIXTURE)
    analysis = analyse_session(session, None)
    path = tmp_path / "deals.pbn"
    path.write_text(session_pbn(session, analysis))
    with open(path) as f:
        boards = pbn.load(f)
    with_deals = [b for b in session.boards if b.deal is not None]
    assert len(boards) == len(with_deals)
    got, board = boards[0], with_deals[0]
    a = analysis.for_board(board).analysis
    assert got.deal.to_pbn() == "N:AK72.QJ5.T84.A93 QT8.K962.AQ7.J54 J965.A83.K95.K86 43.T74.J632.QT72"
    assert got.info["OptimumScore"] == f"NS {a.par_score}"
    table = got.info["OptimumResultTable"]["rows"]
    assert {(s, st): int(n) for s, st, n in table} == {
        (seat.value, strain.value): a.tricks[seat][strain] for seat in a.tricks for strain in a.tricks[seat]
    }


def test_without_an_analysis_the_deals_are_still_written():
    (session,) = read_sessions(FIXTURE)
    text = session_pbn(session, None)
    assert '[Deal "N:AK72' in text and "OptimumScore" not in text


def test_tag_values_are_escaped():
    assert _tag("Event", 'The "Cup" \\ final') == '[Event "The \\"Cup\\" \\\\ final"]'

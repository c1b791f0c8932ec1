"""Teams match pages carry the deal's analysis: the double-dummy grid and par beside the
deal, and each table's result against them (hand-checked on the fixture's board 1)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

pytest.importorskip("endplay")

FIXTURE = Path(__file__).resolve().parents[1] / "readers" / "fixtures" / "yaml" / "teams.yaml"


@pytest.fixture(scope="module")
def match_page(tmp_path_factory) -> str:
    from generator.site.build import build_site

    root = tmp_path_factory.mktemp("match-dd")
    (root / "content" / "sessions").mkdir(parents=True)
    shutil.copy(FIXTURE, root / "content" / "sessions" / "2026-10-15-autumn-teams.yaml")
    build_site(root / "content", root / "site", jobs=1)
    return (root / "site" / "sessions" / "2026-10-15-autumn-teams" / "match-1.html").read_text()


def _text(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def test_grid_and_par_beside_the_deal(match_page):
    from generator.analysis.double_dummy import analyse_session
    from generator.readers import read_sessions
    from generator.site.dd_grid import DD_SEATS, DD_STRAINS

    box = match_page[match_page.index('<div class="deal-analysis">') :]
    assert box.index('class="deal"') < box.index('class="dd-grid"')
    rows = re.findall(r'<tr><th scope="row"><abbr title="\w+">(\w)</abbr></th>(.*?)</tr>', box)[:4]
    grid = {seat: [int(n) for n in re.findall(r">(\d+)<", cells)] for seat, cells in rows}
    [session] = read_sessions(FIXTURE)
    analysis = analyse_session(session, None).for_board(session.boards[0]).analysis
    assert grid == {seat.value: [analysis.tricks[seat][st] for st in DD_STRAINS] for seat in DD_SEATS}
    # The fixture's board 1 (dealer N, nobody vulnerable): NS take 8 tricks in no trumps and spades.
    assert grid["N"][:2] == [8, 8] and grid["S"][:2] == [8, 8]
    assert "Par +120" in _text(box) and "1NT by N or S, 8 tricks" in _text(box)


def test_each_table_against_double_dummy_and_par(match_page):
    items = [
        _text(li) for li in re.findall(r"<li>(.*?)</li>", match_page.split('class="plain versus"')[1].split("</ul>")[0])
    ]
    # 4♠ by N, 10 tricks: N takes 8 in spades double dummy → +2; NS +420 − par +120 = +300.
    # 3♠ by N, 10 tricks (the other table): +2; NS +170 − 120 = +50.
    assert items == [
        "Lions NS v Tigers EW: 4♠ by N, 10 tricks, NS +420 — +2 tricks vs double dummy; NS +300 vs par",
        "Tigers NS v Lions EW: 3♠ by N, 10 tricks, NS +170 — +2 tricks vs double dummy; NS +50 vs par",
    ]


def test_board_without_a_deal_has_no_grid(match_page):
    board2 = match_page[match_page.index('id="board-2"') :]
    assert "dd-grid" not in board2

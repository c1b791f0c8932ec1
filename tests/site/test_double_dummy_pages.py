"""The board page shows the deal's double-dummy grid, par and each line against them:
the figures on the page are the analysis's (and the JSON download's)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.site.conftest import parse

pytest.importorskip("endplay")

FIXTURE = Path(__file__).resolve().parents[1] / "readers" / "fixtures" / "yaml" / "complete.yaml"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    from generator.site.build import build_site

    root = tmp_path_factory.mktemp("dd")
    (root / "content" / "sessions").mkdir(parents=True)
    shutil.copy(FIXTURE, root / "content" / "sessions" / "2026-10-05-monday-pairs.yaml")
    build_site(root / "content", root / "site", jobs=1)
    return root / "site"


def _session(site: Path) -> Path:
    (folder,) = (site / "sessions").iterdir()
    return folder


def test_grid_and_par_on_the_board_page_equal_the_analysis(site):
    folder = _session(site)
    data = json.loads((folder / "results.json").read_text())
    board1 = data["boards"][0]
    page = parse(site, f"sessions/{folder.name}/board-1.html")
    grid = page.tables["dd-grid"]
    assert grid[0] == ["", "NT", "♠", "♥", "♦", "♣"]
    for row in grid[1:]:
        seat = row[0]
        assert row[1:] == [str(board1["double_dummy"][seat][st]) for st in ("NT", "S", "H", "D", "C")]
    assert [r[0] for r in grid[1:]] == ["N", "S", "E", "W"]
    score = board1["par"]["score"]
    assert f"Par {score:+d}" in page.text if score else "Par 0" in page.text


def test_each_line_is_set_against_double_dummy_and_par(site):
    folder = _session(site)
    board1 = json.loads((folder / "results.json").read_text())["boards"][0]
    page = parse(site, f"sessions/{folder.name}/board-1.html")
    head, *rows = page.tables["traveller"]
    at_dd, at_par = head.index("vs DD"), head.index("vs par")
    par = board1["par"]["score"]
    for row, line in zip(rows, board1["lines"]):
        if line["contract"] in (None, "PASS"):
            assert row[at_dd] == ""
        else:
            diff = line["tricks"] - board1["double_dummy"][line["declarer"]][line["contract"].rstrip("X")[1:]]
            assert row[at_dd] == ("=" if diff == 0 else f"{diff:+d}".replace("-", "−"))
        if line["ns_score"] is not None:
            expected = line["ns_score"] - par
            assert row[at_par] == (f"+{expected}" if expected > 0 else str(expected) if expected else "par")


def test_a_board_without_a_deal_has_no_grid(site):
    folder = _session(site)
    page = parse(site, f"sessions/{folder.name}/board-2.html")
    assert "dd-grid" not in page.tables and "vs DD" not in page.tables["traveller"][0]


def test_what_each_trick_was_worth_is_spelled_out_from_the_declaring_side(site):
    # Board 1 (nobody vulnerable, top 4): 4♠ by N 10 tricks +420, 3NTx by E 7 tricks (NS +300), passed out.
    # 3NTx by E: 6 tricks is −3 doubled, NS +500, beats both others: EW 0; 8 tricks is −1
    # doubled, NS +100, beats only the pass-out: EW 2 (as played: NS 300 beats 0 → EW 2).
    folder = _session(site)
    page = parse(site, f"sessions/{folder.name}/board-1.html")
    text = " ".join(page.text.split())
    assert ("2 v 3, 3NTX by E (EW): 7 tricks: -300, 2.0 MP; 6 tricks would have been -500: 0.0 MP; "
            "8 tricks would have been -100: 2.0 MP.") in text
    # 4♠ by N: 9 tricks −50 beats nothing (0 MP); 11 tricks +450 still beats both (4 MP).
    assert ("♠ by N (NS): 10 tricks: +420, 4.0 MP; 9 tricks would have been -50: 0.0 MP; "
            "11 tricks would have been +450: 4.0 MP.") in text

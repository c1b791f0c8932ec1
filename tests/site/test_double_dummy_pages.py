"""The board page shows the deal's double-dummy grid, par and each line against them:
the figures on the page are the analysis's (and the JSON download's)."""

from __future__ import annotations

import json
import re
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
    # The same pairs a week later (another date): players' pages then have two sessions to chart.
    (root / "content" / "sessions" / "2026-10-12-monday-pairs.yaml").write_text(
        FIXTURE.read_text().replace("2026-10-05", "2026-10-12")
    )
    build_site(root / "content", root / "site", jobs=1)
    return root / "site"


def _session(site: Path) -> Path:
    return min(p for p in (site / "sessions").iterdir() if p.is_dir())


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
    assert (
        "2 v 3, 3NTX by E (EW): 7 tricks: -300, 2.0 MP; 6 tricks would have been -500: 0.0 MP; "
        "8 tricks would have been -100: 2.0 MP."
    ) in text
    # 4♠ by N: 9 tricks −50 beats nothing (0 MP); 11 tricks +450 still beats both (4 MP).
    assert (
        "♠ by N (NS): 10 tricks: +420, 4.0 MP; 9 tricks would have been -50: 0.0 MP; "
        "11 tricks would have been +450: 4.0 MP."
    ) in text


BAR = re.compile(r'<g class="bar[^"]*"(?: id="([^"]*)")? data-label="([^"]*)" data-value="([^"]*)">')


def _chart(html: str, kind: str) -> tuple[list[tuple[str, str, str]], str | None, str]:
    """(bars as (id, label, value), the reference line's value, the text alternative) of one chart."""
    start = html.index(f'data-chart="{kind}"')
    svg = html[start : html.index("</svg>", start)]
    ref = re.search(r'<g class="ref" data-value="([^"]*)"', svg)
    desc = re.search(r"<desc[^>]*>([^<]*)</desc>", svg).group(1)
    return BAR.findall(svg), ref.group(1) if ref else None, desc


def test_score_distribution_chart_values_are_the_frequency_table(site):
    folder = _session(site)
    page = parse(site, f"sessions/{folder.name}/board-1.html")
    bars, _, desc = _chart((folder / "board-1.html").read_text(), "dist")
    rows = list(page.tables["freq"][1:])
    assert [(label, value) for _, label, value in bars] == [(r[0], r[1]) for r in rows]
    assert [i for i, _, _ in bars] == [f"dist-{r[0]}" for r in rows]
    assert all(f"{r[0]}: {r[1]}" in desc for r in rows)


def test_scorecard_chart_values_are_the_scorecard_percentages(site):
    folder = _session(site)
    pair = next(p for p in sorted(folder.glob("pair-*.html")))
    page = parse(site, f"sessions/{folder.name}/{pair.name}")
    head, *rows = page.tables["scorecard"]
    at = head.index("%")
    bars, ref, desc = _chart(pair.read_text(), "card")
    assert [(label, value) for _, label, value in bars] == [(r[0], r[at] + "%") for r in rows]
    percentage = re.search(r"([0-9.]+)%", page.text.split("Place", 1)[1]).group(1)
    assert ref == f"session {percentage}%" and f"Session: {percentage}%." in desc


def test_player_chart_values_are_the_history_and_season_average(site):
    player = next(p for p in sorted((site / "players").glob("*.html")) if "data-chart" in p.read_text())
    html = player.read_text()
    page = parse(site, f"players/{player.name}")
    head, *rows = page.tables["history"]
    start = html.index('data-chart="trend"')
    svg = html[start : html.index("</svg>", start)]
    points = re.findall(r'<g class="point" data-value="([^"]*)">', svg)
    ref = re.search(r'<g class="ref" data-value="([^"]*)"', svg).group(1)
    # The chart runs oldest first; the table lists the newest first.
    assert points == [r[head.index("Result")] for r in reversed(rows)]
    average = re.search(r"average ([0-9.]+)%", page.text).group(1)
    assert ref == f"average {average}%"


def test_each_chart_has_a_text_alternative(site):
    folder = _session(site)
    for path in [folder / "board-1.html", *folder.glob("pair-*.html")]:
        html = path.read_text()
        for svg in re.findall(r"<svg[^>]*>", html):
            assert 'role="img"' in svg and "aria-labelledby" in svg


def test_session_offers_the_deals_as_pbn(site):
    folder = _session(site)
    page = parse(site, f"sessions/{folder.name}/index.html")
    assert any(href == "deals.pbn" for href, _ in page.links)
    text = (folder / "deals.pbn").read_text()
    assert text.startswith("% PBN 2.1") and "[OptimumScore" in text and "[OptimumResultTable" in text

"""A big field's board page: over BIG_FIELD_LINES lines the frequency table is the page and
the traveller is a CSV beside it, with every line and the engine's exact figures."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from generator.readers import read_sessions
from generator.scoring.explain import json_number
from generator.scoring.session import score_session
from generator.site.big_field import BIG_FIELD_LINES, TRAVELLER_COLUMNS
from generator.site.build import build_site
from generator.site_config import load_config

from .big_field_site import BOARDS, TABLES, big_field_content, play_of
from .conftest import parse

SESSION = "sessions/2026-11-23-big-simultaneous"


@pytest.fixture(scope="module")
def big_site(tmp_path_factory) -> tuple[Path, Path]:
    content = big_field_content(tmp_path_factory.mktemp("big") / "content")
    out = tmp_path_factory.mktemp("big-built") / "site"
    build_site(content, out, jobs=1)
    return content, out


def test_the_fixture_is_a_big_field():
    assert TABLES > BIG_FIELD_LINES


def test_board_page_has_the_frequencies_and_a_link_to_the_traveller_not_the_lines(big_site):
    _, out = big_site
    page = parse(out, f"{SESSION}/board-1.html")
    assert "traveller" not in page.tables, "no table of every line"
    assert ("traveller-1.csv", "CSV file") in page.links
    assert f"{TABLES} tables played this board" in page.text
    # one frequency row per distinct score: the plays' distinct NS scores on board 1 (the header row aside)
    distinct = {play_of(1, t) for t in range(1, TABLES + 1)} - {None}
    rows = page.tables["freq"][1:]
    assert len(rows) <= len(distinct) and len(rows) >= 5
    assert (out / SESSION / "board-1.html").stat().st_size <= 100_000


def test_traveller_csv_has_every_line_with_the_engines_figures(big_site):
    content, out = big_site
    config = load_config(content)
    [session] = read_sessions(next((content / "sessions").iterdir()))
    result = score_session(session, config.options(session.options))
    for board in result.boards:
        text = (out / SESSION / f"traveller-{board.number}.csv").read_text(encoding="utf-8")
        rows = list(csv.reader(io.StringIO(text)))
        assert tuple(rows[0]) == TRAVELLER_COLUMNS
        assert len(rows) - 1 == len(board.lines) == TABLES
        for row, line in zip(rows[1:], board.lines):
            record = dict(zip(TRAVELLER_COLUMNS, row))
            assert record["ns_pair"] == f"{line.line.ns_pair.number} NS"
            assert record["ns_figure"] == json_number(line.ns.value)
            assert record["ew_figure"] == json_number(line.ew.value)
            if record["artificial"]:
                assert record["artificial"] == "A+" and record["ns_score"] == ""
            else:
                assert int(record["ns_score"]) == line.line.ns.components[0].play.ns_score
    assert len(result.boards) == BOARDS


def test_each_pairs_line_is_on_its_scorecard(big_site):
    _, out = big_site
    page = parse(out, f"{SESSION}/pair-ns-5.html")
    assert any("board-1.html" in href for href, _ in page.links)

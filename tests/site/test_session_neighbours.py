"""Previous and next session links on the session page, in date order across the archive
(issue 28, item 7): none at the ends; a new session changes its neighbour's page, which the
incremental build makes again (its cache key holds the neighbours) while the others come from
the cache."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.site.build import DESCRIBE_SHARED, BuildReport, build_site

from .test_corrections import V1

PAGER = re.compile(r'<nav class="pager" aria-label="Sessions">(.*?)</nav>', re.S)


def _session(folder: Path, name: str, title: str, day: str) -> None:
    text = re.sub(r"(?m)^date: .*$", f"date: {day}", V1).replace("Tuesday", title)
    assert f"date: {day}" in text
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")


def _build(root: Path) -> BuildReport:
    """The content under ``root`` built to root/site, with its cache in root/cache."""
    return build_site(root / "content", root / "site", jobs=1, cache_dir=root / "cache")


def _links(site: Path, slug: str) -> list[tuple[str, str]]:
    page = (site / "sessions" / slug / "index.html").read_text(encoding="utf-8")
    found = PAGER.search(page)
    return re.findall(r'<a rel="(prev|next)" href="([^"]+)"', found.group(1)) if found else []


def test_neighbours_in_date_order_and_a_new_session(tmp_path: Path) -> None:
    sessions, site = tmp_path / "content" / "sessions", tmp_path / "site"
    # the file names' order is not the dates' order: the dates decide
    _session(sessions, "a-late.yaml", "Late", "2026-10-20")
    _session(sessions, "b-early.yaml", "Early", "2026-10-06")
    _build(tmp_path)
    assert _links(site, "b-early") == [("next", "../a-late/index.html")]  # no link before the first
    assert _links(site, "a-late") == [("prev", "../b-early/index.html")]  # nor after the last

    _session(sessions, "c-latest.yaml", "Latest", "2026-10-27")
    report = _build(tmp_path)
    assert _links(site, "a-late") == [("prev", "../b-early/index.html"), ("next", "../c-latest/index.html")]
    assert _links(site, "c-latest") == [("prev", "../a-late/index.html")]
    assert _links(site, "b-early") == [("next", "../a-late/index.html")]
    # the new session and its neighbour were made; the first session came from the cache
    assert (report.uploads, report.rendered) == (3, 2)
    page = (site / "sessions" / "a-late" / "index.html").read_text(encoding="utf-8")
    assert "Latest Pairs, 27 October 2026 →" in page


def test_a_damaged_record_is_worked_out_again(tmp_path: Path) -> None:
    sessions = tmp_path / "content" / "sessions"
    _session(sessions, "one.yaml", "One", "2026-10-06")
    _session(sessions, "two.yaml", "Two", "2026-10-13")
    _build(tmp_path)
    records = list((tmp_path / "cache").rglob("session-dates.json"))
    assert len(records) == 1
    records[0].write_text('{"x": [[1, 2]]', encoding="utf-8")  # cut short: not JSON
    _build(tmp_path)
    assert _links(tmp_path / "site", "two") == [("prev", "../one/index.html")]


def test_board_pages_link_the_neighbouring_sessions_too(tmp_path: Path) -> None:
    sessions, site = tmp_path / "content" / "sessions", tmp_path / "site"
    _session(sessions, "one.yaml", "One", "2026-10-06")
    _session(sessions, "two.yaml", "Two", "2026-10-13")
    _build(tmp_path)
    boards = sorted((site / "sessions" / "two").glob("board-*.html"))
    assert boards
    for board in boards:
        page = board.read_text(encoding="utf-8")
        nav = re.search(r'<nav class="pager sessions" aria-label="Sessions">(.*?)</nav>', page, re.S)
        assert nav is not None, board.name
        # the board page sits in the session's folder: the same address as from the session page
        assert re.findall(r'href="([^"]+)"', nav.group(1)) == ["../one/index.html"]
        assert "← One Pairs, 6 October 2026" in nav.group(1)


def test_the_links_follow_the_sites_language_after_a_change(tmp_path: Path) -> None:
    """The record of dates and titles holds them as one language writes them: a site switched
    to French after an English build writes its neighbours' dates in French."""
    pytest.importorskip("babel")
    sessions, site = tmp_path / "content" / "sessions", tmp_path / "site"
    _session(sessions, "one.yaml", "One", "2026-10-06")
    _session(sessions, "two.yaml", "Two", "2026-10-13")
    _build(tmp_path)
    (tmp_path / "content" / "site.yaml").write_text("club: Club\nlanguage: fr\n", encoding="utf-8")
    _build(tmp_path)
    page = (site / "sessions" / "two" / "index.html").read_text(encoding="utf-8")
    assert "6 octobre 2026" in page and "October" not in page


def test_a_first_build_of_many_uploads_reads_them_on_every_core_alike(tmp_path: Path) -> None:
    """At least ``DESCRIBE_SHARED`` uploads not seen before are read for their dates by forked
    processes (where the system shares memory so): the same links as one process finds."""
    count = DESCRIBE_SHARED + 4
    for n in range(count):  # names in reverse date order: the dates decide, not the names
        _session(
            tmp_path / "content" / "sessions", f"s{n:02d}.yaml", f"S{n:02d}", f"2026-{10 + n // 28}-{28 - n % 28:02d}"
        )
    shared, alone = tmp_path / "shared", tmp_path / "alone"
    build_site(tmp_path / "content", shared / "site", jobs=2, cache_dir=shared / "cache")
    build_site(tmp_path / "content", alone / "site", jobs=1, cache_dir=alone / "cache")
    for n in range(count):
        assert _links(shared / "site", f"s{n:02d}") == _links(alone / "site", f"s{n:02d}")
    assert _links(shared / "site", "s00") == [("prev", "../s01/index.html")]  # 28 October, the last
    assert _links(shared / "site", f"s{count - 1:02d}") == [("next", f"../s{count - 2:02d}/index.html")]

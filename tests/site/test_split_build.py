"""A big field's pair pages made by several forked processes (site/split.py) are the same
bytes as the ones made in one process, and an error in a forked process fails the build as
one in the build's own process does: named, with the previous site untouched."""

from __future__ import annotations

import os
import shutil
import sys
import threading
from datetime import UTC, datetime
from pathlib import Path

import pytest

from generator.errors import BuildError
from generator.site import split
from generator.site.build import build_site
from generator.site.redirects import MARK

from ..test_golden_build import _files
from .big_field_site import TABLES, big_field_content

NOW = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="pages are split only where the build forks")


def _build(tmp: Path, name: str, jobs: int) -> dict[str, bytes]:
    content = tmp / "content"
    if not content.exists():
        big_field_content(content)
    here = Path.cwd()
    os.chdir(tmp)  # relative paths: results.json names the upload by the path the build was given
    try:
        build_site(Path("content"), Path(name), jobs=jobs, cache_dir=Path(f"cache-{name}"), now=NOW)
    finally:
        os.chdir(here)
    return _files(tmp / name)


def test_the_field_is_split_with_two_cores_and_not_with_one():
    pairs = 2 * TABLES
    assert pairs >= split.SPLIT_PAIRS
    assert split.split_parts(pairs, 2) == 2
    assert split.split_parts(pairs, 1) == 0
    assert split.split_parts(split.SPLIT_PAIRS - 1, 2) == 0
    seen: list[int] = []
    thread = threading.Thread(target=lambda: seen.append(split.split_parts(pairs, 2)))  # serve builds in one
    thread.start()
    thread.join()
    assert seen == [0]


def test_split_pages_are_the_same_bytes_as_one_process(tmp_path, monkeypatch):
    one = _build(tmp_path, "one", jobs=1)
    real = split.pair_pages
    calls = tmp_path / "calls"  # written by the forked processes: their lists are not this one's

    def counted(view, standings):
        with open(calls, "a", encoding="utf-8") as f:
            f.write(f"{os.getpid()}\n")
        return real(view, standings)

    monkeypatch.setattr(split, "pair_pages", counted)
    monkeypatch.setattr(split, "SLICE", 37)  # uneven slices: 260 pairs in 8 tasks, the last of 1
    two = _build(tmp_path, "two", jobs=2)
    three = _build(tmp_path, "three", jobs=3)
    forked = [int(pid) for pid in calls.read_text(encoding="utf-8").split()]
    assert os.getpid() not in forked  # made by forked processes, never this one
    assert len(forked) == 2 * -(-2 * TABLES // 37)
    assert sum(1 for p in one if "/pair-" in p and MARK not in one[p][:40]) == 2 * TABLES  # not the redirects
    assert list(two) == list(one) and list(three) == list(one)
    assert [p for p in one if one[p] != two[p]] == []
    assert [p for p in one if one[p] != three[p]] == []


def test_an_error_in_a_forked_process_fails_the_build_and_leaves_the_site(tmp_path, monkeypatch):
    before = _build(tmp_path, "site", jobs=1)
    (tmp_path / "content" / "sessions" / "2026-11-23-big-simultaneous.xml").write_text(
        (tmp_path / "content" / "sessions" / "2026-11-23-big-simultaneous.xml")
        .read_text(encoding="utf-8")
        .replace("Player NS 5a", "Player NS 5z"),
        encoding="utf-8",
    )
    parent = os.getpid()
    real = split.pair_pages

    def failing(view, standings):
        if os.getpid() != parent and any(s.ref.number == 130 for s in standings):
            raise ValueError("a template bug in a forked process")
        return real(view, standings)

    monkeypatch.setattr(split, "pair_pages", failing)
    with pytest.raises(BuildError) as failed:
        _build(tmp_path, "site", jobs=2)
    text = str(failed.value)
    assert "2026-11-23-big-simultaneous.xml" in text
    assert "ValueError: a template bug in a forked process" in text
    assert "the previous site is unchanged" in text
    assert _files(tmp_path / "site") == before


def test_cross_session_pages_rendered_by_forked_processes_are_the_golden_bytes(tmp_path, monkeypatch):
    """The fixture club with every cross-session page rendered in forked processes (slices
    of 2: home, months, players, articles) against the committed golden copy."""
    from generator.site import build

    from ..test_golden_build import GOLDEN, build_fixture_club

    rendered: list[int] = []
    real = build.shared_map

    def counted(work, count, parts, size, meanwhile):
        rendered.append(count)
        return real(work, count, parts, size, meanwhile)

    monkeypatch.setattr(build, "FORK_PAGES", 8)
    monkeypatch.setattr(build, "shared_map", counted)
    site = build_fixture_club(tmp_path, jobs=2)
    assert rendered and rendered[0] >= 8
    built = _files(site)
    golden = _files(GOLDEN)
    assert sorted(built) == sorted(golden)
    assert [p for p in golden if built[p] != golden[p]] == []


def test_forked_cross_session_pages_keep_the_mtime_of_unchanged_files(tmp_path, monkeypatch):
    """Rebuilt from a fresh cache over the previous site, with every cross-session page
    rendered (and staged) by forked processes again: nothing is rewritten, every mtime kept."""
    from generator.site import build

    from ..test_golden_build import FIXTURE
    from ..test_golden_build import NOW as GOLDEN_NOW

    monkeypatch.setattr(build, "FORK_PAGES", 8)
    shutil.copytree(FIXTURE, tmp_path / "content")
    here = Path.cwd()
    os.chdir(tmp_path)
    try:
        build_site(Path("content"), Path("site"), jobs=2, cache_dir=Path("cache-1"), now=GOLDEN_NOW)
        before = {p: p.stat().st_mtime_ns for p in (tmp_path / "site").rglob("*") if p.is_file()}
        again = build_site(Path("content"), Path("site"), jobs=2, cache_dir=Path("cache-2"), now=GOLDEN_NOW)
    finally:
        os.chdir(here)
    after = {p: p.stat().st_mtime_ns for p in (tmp_path / "site").rglob("*") if p.is_file()}
    assert again.written == 0 and again.unchanged == len(before) and again.removed == 0
    assert after == before

"""Compiled templates kept between builds (``site/compiled.py``): a later build runs the code an
earlier one compiled instead of compiling again, and a damaged, truncated or emptied file is
compiled again — never run — so the pages come out byte for byte as a first build makes them."""

from __future__ import annotations

import shutil
from datetime import UTC, datetime
from pathlib import Path

import jinja2
import pytest

from generator.site import render
from generator.site.build import build_site

from ..test_golden_build import FIXTURE, _files

NOW = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)


def _compiled_files(cache: Path) -> list[Path]:
    return sorted((cache / "compiled").glob("*/*.code"))


@pytest.fixture
def built(tmp_path: Path) -> tuple[Path, Path, Path, dict[str, bytes]]:
    shutil.copytree(FIXTURE, tmp_path / "content")
    content, site, cache = tmp_path / "content", tmp_path / "site", tmp_path / "cache"
    render.environment.cache_clear()  # compiled from the templates, as a fresh process does
    build_site(content, site, cache_dir=cache, now=NOW, jobs=1)
    return content, site, cache, _files(site)


def _compilations(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The named templates Jinja compiles from here on (``from_string`` checks name none)."""
    compiled: list[str] = []
    original = jinja2.Environment.compile

    def spy(self, source, name=None, filename=None, raw=False, defer_init=False):  # type: ignore[no-untyped-def]
        if name is not None:
            compiled.append(name)
        return original(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(jinja2.Environment, "compile", spy)
    return compiled


def damage_file(file: Path, damage: str) -> None:
    """``file`` with a bit flipped in the middle (its checksum no longer matches), cut in half,
    or emptied."""
    data = bytearray(file.read_bytes())
    if damage == "flip":
        data[len(data) // 2] ^= 0x01
    elif damage == "cut":
        del data[len(data) // 2 :]
    else:
        data.clear()
    file.write_bytes(bytes(data))


def _build_again(content: Path, site: Path, cache: Path) -> list[str]:
    """Every page rendered again (the site and the cache of pages gone), in a process that
    has compiled nothing yet: only the compiled templates kept.  Returns the build's warnings."""
    render.environment.cache_clear()
    shutil.rmtree(site)
    for kept in cache.iterdir():
        if kept.name != "compiled":
            shutil.rmtree(kept) if kept.is_dir() else kept.unlink()
    return build_site(content, site, cache_dir=cache, now=NOW, jobs=1).warnings


def test_a_later_build_runs_the_code_an_earlier_one_compiled(built, monkeypatch) -> None:
    content, site, cache, first = built
    kept = _compiled_files(cache)
    assert len(kept) >= 10  # base, session, board, pair, player, home, _rows, _macros, ...
    compiled = _compilations(monkeypatch)

    _build_again(content, site, cache)

    assert compiled == []  # every template came from the folder
    assert _files(site) == first


@pytest.mark.parametrize("damage", ["flip", "cut", "empty"])
def test_a_damaged_compiled_template_is_compiled_again(built, monkeypatch, damage: str) -> None:
    content, site, cache, first = built
    for file in _compiled_files(cache):
        damage_file(file, damage)
    compiled = _compilations(monkeypatch)

    warnings = _build_again(content, site, cache)

    assert "board.html" in compiled and "_rows.html" in compiled  # compiled again, not run
    assert any("compiled" in w and "is made again" in w for w in warnings), warnings  # and said so
    assert _files(site) == first
    compiled.clear()
    _build_again(content, site, cache)  # and stored again, sound
    assert compiled == []
    assert _files(site) == first


def test_another_language_compiles_into_its_own_folder_and_the_old_one_goes(built) -> None:
    content, site, cache, _ = built
    (english,) = {f.parent for f in _compiled_files(cache)}
    pytest.importorskip("babel")
    with open(content / "site.yaml", "a", encoding="utf-8") as settings:
        settings.write("language: fr\n")

    _build_again(content, site, cache)

    folders = {f.parent for f in _compiled_files(cache)}
    assert len(folders) == 1 and english not in folders  # French compiles its own constants in
    assert "Donne" in (site / "sessions" / "2026-09-07-monday-pairs" / "board-1.html").read_text(encoding="utf-8")


def test_a_killed_builds_temporary_file_is_swept_by_the_next_build(built) -> None:
    """A worker killed while writing a compiled template leaves its hidden temporary file
    (``files.write_whole``); the next build that finishes removes it."""
    content, site, cache, first = built
    (folder,) = {f.parent for f in _compiled_files(cache)}
    stray = folder / ".tmp-k1ll3d.code"
    stray.write_bytes(b"half a compiled templ")

    _build_again(content, site, cache)

    assert not stray.exists()
    assert _files(site) == first

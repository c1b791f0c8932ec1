"""The build cache's entries (generator/site/cache.py): an upload's pages come back byte for
byte, and a damaged entry is an error on loading (a ValueError the build handles), never
pages published wrong."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.site.cache import Cache

PAGES = {
    "sessions/s/index.html": b"<!doctype html><p>Ranking</p>" * 400,
    "sessions/s/boards/1.html": "<p>4\u2660 by N, +420</p>".encode() * 300,
    "sessions/s/results.csv": b"pair,score\n1,57.14\n",
    "sessions/s/empty.txt": b"",
}


def stored(tmp_path: Path) -> tuple[Cache, Path]:
    cache = Cache(tmp_path / "cache")
    cache.store("k", PAGES)
    return cache, cache.entry_path("k")


def test_pages_come_back_byte_for_byte(tmp_path: Path) -> None:
    cache, _ = stored(tmp_path)
    assert cache.load("k") == PAGES


@settings(max_examples=40, deadline=None)
@given(st.dictionaries(st.text(min_size=1, max_size=30), st.binary(max_size=3000), max_size=8))
def test_any_pages_come_back(tmp_path_factory: pytest.TempPathFactory, pages: dict[str, bytes]) -> None:
    cache = Cache(tmp_path_factory.mktemp("c"))
    cache.store("k", pages)
    assert cache.load("k") == pages


@pytest.mark.parametrize("where", [0.1, 0.5, 0.9, -5])
def test_a_flipped_byte_is_an_error(tmp_path: Path, where: float) -> None:
    cache, path = stored(tmp_path)
    data = bytearray(path.read_bytes())
    at = int(len(data) * where) if where > 0 else len(data) + int(where)
    data[at] ^= 0x01
    path.write_bytes(bytes(data))
    with pytest.raises(ValueError, match=r"damaged|not a cache entry|truncated"):
        cache.load("k")


@pytest.mark.parametrize("keep", [0, 7, 0.5, -1])
def test_a_truncated_entry_is_an_error(tmp_path: Path, keep: float) -> None:
    cache, path = stored(tmp_path)
    data = path.read_bytes()
    cut = int(keep * len(data)) if isinstance(keep, float) else (keep if keep >= 0 else len(data) + keep)
    path.write_bytes(data[:cut])
    with pytest.raises(ValueError):
        cache.load("k")


def test_an_entry_of_the_earlier_format_is_pruned(tmp_path: Path) -> None:
    cache, path = stored(tmp_path)
    old = path.with_name("k.pages.z")
    old.write_bytes(b"x")
    cache.prune({"k"})
    assert path.exists() and not old.exists()

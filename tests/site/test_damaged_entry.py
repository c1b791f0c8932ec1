"""A damaged cache entry that the build must load (the output folder lost the upload's pages)
is found in phase one, before the site is touched: the upload is read, scored and rendered
again, and the site comes out as it was, without a traceback and without a half-written
folder."""

from __future__ import annotations

import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest

from generator.site import build
from generator.site.build import build_site
from generator.site.cache import Cache
from generator.site.pipeline import UploadJob

from ..test_golden_build import FIXTURE, _files

NOW = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)


def _entry_of(cache_dir: Path, session: str) -> Path:
    index = Cache(cache_dir).load_index()
    (key,) = [k for k, v in index["keys"].items() if any(p.startswith(f"sessions/{session}/") for p in v["pages"])]
    return Cache(cache_dir).entry_path(key)


@pytest.mark.parametrize("damage", ["flip", "cut", "empty"])
def test_a_damaged_entry_the_output_needs_is_rendered_again(tmp_path: Path, damage: str) -> None:
    shutil.copytree(FIXTURE, tmp_path / "content")
    content, site, cache = tmp_path / "content", tmp_path / "site", tmp_path / "cache"
    build_site(content, site, cache_dir=cache, now=NOW)
    first = _files(site)
    entry = _entry_of(cache, "2026-09-07-monday-pairs")
    data = bytearray(entry.read_bytes())
    if damage == "flip":
        data[len(data) // 2] ^= 0x01
    elif damage == "cut":
        del data[len(data) // 2 :]
    else:
        data.clear()
    entry.write_bytes(bytes(data))
    shutil.rmtree(site / "sessions")  # the output lost the uploads' pages: the entries are needed

    again = build_site(content, site, cache_dir=cache, now=NOW)

    assert again.rendered == 1  # the damaged one, read and scored again; the others from the cache
    assert _files(site) == first
    assert Cache(cache).load(entry.name.split(".")[0])  # a sound entry stored again


def test_entries_are_not_loaded_while_the_output_holds_their_pages(tmp_path: Path) -> None:
    shutil.copytree(FIXTURE, tmp_path / "content")
    content, site, cache = tmp_path / "content", tmp_path / "site", tmp_path / "cache"
    build_site(content, site, cache_dir=cache, now=NOW)
    entry = _entry_of(cache, "2026-09-07-monday-pairs")
    entry.write_bytes(b"damaged")
    (content / "site.yaml").touch()  # not the no-op build: every upload's key is checked

    again = build_site(content, site, cache_dir=cache, now=NOW)

    assert again.rendered == 0 and again.written == 0
    assert entry.read_bytes() == b"damaged"  # not needed, so not read


def test_an_upload_changed_while_its_damaged_entry_is_rendered_again_is_published_as_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The cross-session pages are planned while the output is listed, before a damaged entry
    # is found; when the scorer saves the upload again while it is rendered anew, its pages
    # are of the new bytes, and so must the home, player and season pages be: planned again.
    shutil.copytree(FIXTURE, tmp_path / "content")
    content, site, cache = tmp_path / "content", tmp_path / "site", tmp_path / "cache"
    build_site(content, site, cache_dir=cache, now=NOW)
    _entry_of(cache, "2026-09-07-monday-pairs").write_bytes(b"damaged")
    shutil.rmtree(site / "sessions")
    upload = content / "sessions" / "2026-09-07-monday-pairs.yaml"
    real_worker = build.worker

    def saved_meanwhile(job: UploadJob) -> object:
        if job.path == str(upload):
            upload.write_text(upload.read_text().replace("Ann Archer", "Ann Archerson"))
        return real_worker(job)

    monkeypatch.setattr(build, "worker", saved_meanwhile)
    again = build_site(content, site, cache_dir=cache, now=NOW, jobs=1)
    monkeypatch.undo()

    assert again.rendered == 1
    build_site(content, tmp_path / "fresh", cache_dir=tmp_path / "fresh-cache", now=NOW)  # from scratch
    assert _files(site) == _files(tmp_path / "fresh")
    assert b"Ann Archerson" in (site / "players" / "index.html").read_bytes()

"""Phase two writes the site with several threads, and renames a staged folder into place
whole when the site has none.  A folder another thread also writes into must never be
renamed so: that thread may have just made it and be creating a file in it, which fails
(ENOENT) once the folder it looked up is replaced.  A first build failed so, now and then,
when the cross-session pages (players/search-index.js) and the forked player pages
(players/*.html) were written at once."""

from __future__ import annotations

import os
import shutil
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest

from generator.site import build, writer
from generator.site.build import build_site
from generator.site.writer import shared_folders

from ..test_golden_build import FIXTURE

NOW = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)


def test_a_folder_two_groups_write_into_is_shared_and_so_are_its_parents() -> None:
    groups = {
        "upload a": ["sessions/a/index.html", "sessions/a/boards/1.html"],
        "upload b": ["sessions/b/index.html"],
        "player pages": ["players/ann.html", "players/bob.html"],
        "cross-session pages": ["players/search-index.js", "index.html", "static/site.css"],
    }
    assert shared_folders(groups) == {"sessions", "players"}


def test_one_group_s_folders_are_not_shared() -> None:
    assert shared_folders({"upload a": ["sessions/a/index.html", "sessions/a/boards/1.html"]}) == set()


@pytest.mark.skipif(sys.platform != "linux", reason="cross-session pages are staged only where the build forks")
def test_no_folder_another_thread_writes_into_is_renamed_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build, "FORK_PAGES", 8)  # the player pages staged by forked processes
    renamed: list[str] = []
    written: list[str] = []  # pages written one by one (the cross-session pages among them)
    real_rename, real_put = os.rename, writer.Syncer.put

    def spy_rename(source, target):  # type: ignore[no-untyped-def]
        if os.path.isdir(source) and ".publishing/new/" in Path(target).as_posix():
            staged = Path(target).relative_to(tmp_path / "site" / ".publishing" / "new")  # the transaction's tree
            renamed.append(staged.as_posix())
        return real_rename(source, target)

    def spy_put(self, path, data, sha=None):  # type: ignore[no-untyped-def]
        if path.startswith("players/") and not any(p.startswith("players/") for p in written):
            time.sleep(0.5)  # let the staged player pages' thread find no players/ folder yet
        written.append(path)
        return real_put(self, path, data, sha)

    monkeypatch.setattr(writer.os, "rename", spy_rename)
    monkeypatch.setattr(writer.Syncer, "put", spy_put)
    shutil.copytree(FIXTURE, tmp_path / "content")
    build_site(tmp_path / "content", tmp_path / "site", jobs=2, cache_dir=tmp_path / "cache", now=NOW)
    assert "players/search-index.js" in written and "players/index.html" not in written
    assert renamed, "the staged folders are still renamed into place where nothing else writes"
    for folder in renamed:
        assert not any(page.startswith(folder + "/") for page in written), folder
    assert "players" not in renamed and "sessions" not in renamed

"""results.json names the upload by the path the build was given it ("source"): the same
content built through another path (relative, then absolute) is not served from the cache
with the first path in it."""

from __future__ import annotations

import json
import os
import shutil
from datetime import UTC, datetime
from pathlib import Path

from generator.site.build import build_site

from ..test_golden_build import FIXTURE

NOW = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)
SESSION = "2026-09-07-monday-pairs"


def _source(site: Path) -> str:
    return json.loads((site / "sessions" / SESSION / "results.json").read_text(encoding="utf-8"))["event"]["source"]


def test_the_same_upload_through_another_path_names_that_path(tmp_path: Path) -> None:
    shutil.copytree(FIXTURE, tmp_path / "content")
    here = Path.cwd()
    os.chdir(tmp_path)
    try:
        build_site(Path("content"), Path("site"), cache_dir=Path("cache"), now=NOW)
        relative = _source(tmp_path / "site")
        again = build_site(tmp_path / "content", tmp_path / "site", cache_dir=Path("cache"), now=NOW)
    finally:
        os.chdir(here)
    assert relative == f"content/sessions/{SESSION}.yaml"
    assert _source(tmp_path / "site") == str(tmp_path / "content" / "sessions" / f"{SESSION}.yaml")
    assert again.written > 0

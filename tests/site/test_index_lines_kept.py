"""The cache index saves an upload's line as it read it while the build keeps that upload's
entry (``Cache.save_index``): right only if no build changes an entry in place.  Every save of
a sequence of builds — every kind of session, an event, an upload edited, one removed, one
added — is compared here with the index written wholly anew from the build's own entries."""

from __future__ import annotations

import shutil
from pathlib import Path

from generator.site.build import build_site
from generator.site.cache import Cache, CacheIndex

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "every_kind"


def test_every_saved_index_is_the_one_written_anew(tmp_path: Path, monkeypatch) -> None:
    content, site, cache = tmp_path / "content", tmp_path / "site", tmp_path / "cache"
    shutil.copytree(FIXTURE, content)
    saves: list[tuple[int, int]] = []
    original = Cache.save_index

    def checked(self: Cache, index: CacheIndex) -> None:
        original(self, index)
        kept = sum(1 for key, entry in index["keys"].items() if self._index_lines.get(key, (None,))[0] is entry)
        saved = (self.root / "index.json").read_bytes()
        anew = Cache(tmp_path / "anew")
        original(anew, index)  # nothing read by it: every line written from the entries
        assert saved == (anew.root / "index.json").read_bytes()
        saves.append((kept, len(index["keys"])))

    monkeypatch.setattr(Cache, "save_index", checked)
    sessions = content / "sessions"
    build_site(content, site, cache_dir=cache, jobs=1)
    with open(sessions / "2026-09-14-butler.yaml", "a", encoding="utf-8") as upload:
        upload.write("# a comment: the same session, another file\n")
    build_site(content, site, cache_dir=cache, jobs=1)
    (sessions / "2026-09-10-howell.yaml").unlink()
    build_site(content, site, cache_dir=cache, jobs=1)
    shutil.copy(FIXTURE / "sessions" / "2026-09-10-howell.yaml", sessions / "2026-09-10-howell.yaml")
    build_site(content, site, cache_dir=cache, jobs=1)

    assert len(saves) == 4
    assert saves[0][0] == 0  # the first build read no index
    assert all(kept > 0 for kept, _ in saves[1:])  # later ones kept lines as read
    assert all(kept < total for kept, total in saves[1:])  # and wrote the changed ones anew

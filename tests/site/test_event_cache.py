"""An event of several sessions is ranked again only when its file or one of its sessions'
uploads changed: otherwise its page and JSON come from the build cache, byte for byte what
ranking it again makes (the fixture club's golden copy)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import generator.events
from generator.site.build import build_site

from ..test_golden_build import FIXTURE, GOLDEN, NOW

MEMBER = "2026-11-18-winter-championship-1.yaml"
OTHER = "2026-09-07-monday-pairs.yaml"


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _touch(path: Path) -> None:
    """New bytes, the same results: a YAML comment at the end."""
    path.write_text(path.read_text(encoding="utf-8") + "\n# re-exported\n", encoding="utf-8")


def test_an_event_is_ranked_again_only_when_its_inputs_change(tmp_path, monkeypatch):
    shutil.copytree(FIXTURE, tmp_path / "content")
    sessions = tmp_path / "content" / "sessions"
    assert (sessions / MEMBER).is_file() and (sessions / OTHER).is_file()
    assert MEMBER in (sessions / "2026-winter-championship.event.yaml").read_text(encoding="utf-8")
    ranked: list[str] = []
    real = generator.events.load_event

    def counted(path, *args, **kwargs):
        ranked.append(Path(path).name)
        return real(path, *args, **kwargs)

    monkeypatch.setattr(generator.events, "load_event", counted)
    here = Path.cwd()
    os.chdir(tmp_path)  # relative paths, as the golden build: results.json names its upload by them

    def build() -> dict[str, bytes]:
        ranked.clear()
        build_site(Path("content"), Path("site"), jobs=1, cache_dir=Path("cache"), now=NOW)
        return _files(tmp_path / "site")

    try:
        first = build()
        assert ranked == ["2026-winter-championship.event.yaml"]
        golden = _files(GOLDEN)
        event_files = [p for p in golden if p.startswith("events/")]
        assert event_files and all(first[p] == golden[p] for p in event_files)

        _touch(sessions / OTHER)  # not one of the event's sessions: the event comes from the cache
        second = build()
        assert ranked == []
        assert {p: second[p] for p in event_files} == {p: golden[p] for p in event_files}
        assert second["index.html"] == golden["index.html"]  # the home page lists it as before

        _touch(sessions / MEMBER)  # one of its sessions: ranked again
        third = build()
        assert ranked == ["2026-winter-championship.event.yaml"]
        assert {p: third[p] for p in event_files} == {p: golden[p] for p in event_files}

        event = sessions / "2026-winter-championship.event.yaml"
        event.write_text(event.read_text(encoding="utf-8") + "\n# checked\n", encoding="utf-8")
        build()
        assert ranked == ["2026-winter-championship.event.yaml"]  # the event file itself changed
    finally:
        os.chdir(here)

"""Compiled catalogs kept between builds (``catalogs._translations``): a site in another language
reads the ``.mo`` an earlier build compiled from the same ``.po`` bytes instead of parsing and
checking the catalog again; a damaged one is compiled again with the build's warning, never
read; an edited catalog's old compilation goes; and the check that nothing changed reads no
catalog at all (its digest is enough)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from generator.errors import BuildError
from generator.site import catalogs, i18n, render
from generator.site.build import build_site

from ..test_golden_build import FIXTURE, _files
from .test_compiled_templates import damage_file

pytest.importorskip("babel")

NOW = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)
ROOT = Path(__file__).resolve().parents[2]
BOARD = Path("sessions") / "2026-09-07-monday-pairs" / "board-1.html"


def _fresh_process_state() -> None:
    """What a new process starts with: no catalog, language or template kept in memory."""
    catalogs._translations.cache_clear()
    catalogs._language.cache_clear()
    render.environment.cache_clear()


@pytest.fixture
def built(tmp_path: Path) -> tuple[Path, Path, Path, dict[str, bytes]]:
    shutil.copytree(FIXTURE, tmp_path / "content")
    content, site, cache = tmp_path / "content", tmp_path / "site", tmp_path / "cache"
    with open(content / "site.yaml", "a", encoding="utf-8") as settings:
        settings.write("language: fr\n")
    _fresh_process_state()
    build_site(content, site, cache_dir=cache, now=NOW, jobs=1)
    yield content, site, cache, _files(site)
    _fresh_process_state()
    i18n.activate(i18n.ENGLISH)


def _compilations(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The catalogs parsed and compiled from here on (their paths)."""
    made: list[str] = []
    original = catalogs._compiled

    def spy(data: bytes, where: str, locale: str) -> bytes:
        made.append(where)
        return original(data, where, locale)

    monkeypatch.setattr(catalogs, "_compiled", spy)
    return made


def _build_again(content: Path, site: Path, cache: Path) -> list[str]:
    """Every page rendered again in a process that has read no catalog: only the compiled
    catalogs (and templates) kept.  Returns the build's warnings."""
    _fresh_process_state()
    shutil.rmtree(site)
    for kept in cache.iterdir():
        if kept.name not in ("catalogs", "compiled"):
            shutil.rmtree(kept) if kept.is_dir() else kept.unlink()
    return build_site(content, site, cache_dir=cache, now=NOW, jobs=1).warnings


def test_a_later_build_reads_the_catalog_an_earlier_one_compiled(built, monkeypatch) -> None:
    content, site, cache, first = built
    assert len(list((cache / "catalogs").glob("*.mo"))) == 1  # our French catalog
    made = _compilations(monkeypatch)

    _build_again(content, site, cache)

    assert made == []
    assert _files(site) == first
    assert "Donne" in (site / BOARD).read_text(encoding="utf-8")


@pytest.mark.parametrize("damage", ["flip", "cut", "empty"])
def test_a_damaged_compiled_catalog_is_compiled_again(built, monkeypatch, damage: str) -> None:
    content, site, cache, first = built
    (mo,) = (cache / "catalogs").glob("*.mo")
    damage_file(mo, damage)  # a bit flipped inside a message, cut in half, or emptied
    made = _compilations(monkeypatch)

    warnings = _build_again(content, site, cache)

    assert [Path(p).name for p in made] == ["messages.po"]  # parsed and checked again, not read
    assert any("catalogs" in w and "is made again" in w for w in warnings), warnings  # and said so
    assert _files(site) == first
    made.clear()
    _build_again(content, site, cache)  # and stored again, sound
    assert made == []


def test_an_edited_club_catalog_is_compiled_again_and_its_old_compilation_goes(built, monkeypatch) -> None:
    content, site, cache, _ = built
    (content / "locale").mkdir()
    club = content / "locale" / "fr.po"
    header = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
    club.write_text(header + 'msgid "Boards"\nmsgstr "Étuis"\n', encoding="utf-8")
    _build_again(content, site, cache)
    ours_and_first = set((cache / "catalogs").glob("*.mo"))
    assert len(ours_and_first) == 2
    club.write_text(header + 'msgid "Boards"\nmsgstr "Étuis n°"\n', encoding="utf-8")
    made = _compilations(monkeypatch)

    _build_again(content, site, cache)

    assert made == [str(club)]  # ours read from its compilation, the club's edited one parsed
    now_kept = set((cache / "catalogs").glob("*.mo"))
    assert len(now_kept) == 2 and len(now_kept & ours_and_first) == 1  # the first club one went
    assert "Étuis n°" in (site / BOARD).read_text(encoding="utf-8")


def test_a_bad_club_catalog_stops_the_build_before_any_page(built) -> None:
    content, site, cache, first = built
    (content / "locale").mkdir()
    (content / "locale" / "fr.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Board %(number)s"\nmsgstr "Donne %(numéro)s"\n',
        encoding="utf-8",
    )
    _fresh_process_state()
    with pytest.raises(BuildError, match=r"fr\.po"):
        build_site(content, site, cache_dir=cache, now=NOW, jobs=1)
    assert _files(site) == first  # the previous site stays whole


def test_nothing_changed_reads_no_catalog(built) -> None:
    """The front door (``noop.unchanged``) of a French site that has not changed answers from
    the catalogs' digest: Babel's catalog reader is never imported (a fresh process)."""
    content, site, cache, _ = built
    build_site(content, site, cache_dir=cache, jobs=1)  # built today (the front door's "now")
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from generator.site.noop import unchanged\n"
        f"report = unchanged(Path({str(content)!r}), Path({str(site)!r}), cache_dir=Path({str(cache)!r}))\n"
        "print(report is not None, 'babel.messages.pofile' in sys.modules)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.split() == ["True", "False"], out.stderr

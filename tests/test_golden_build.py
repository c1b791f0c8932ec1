"""The whole fixture club built and compared, byte for byte, with a committed golden copy.

This guards refactors: every page, feed, JSON and CSV file of ``tests/fixtures/club/`` must come
out exactly as in ``tests/golden/club/``.  A deliberate change to the output (a new feature, a
template edit) shows up here as a diff to read; accept it with one command and review the
``git diff`` of ``tests/golden/`` before committing:

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_golden_build.py

The build is made stable: the fixture is copied out of the repository (no git history, so no
corrections pages that depend on commit dates), the build time is fixed, one worker, a fresh cache.
"""

from __future__ import annotations

import difflib
import os
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest

from generator.site.build import build_site

ROOT = Path(__file__).resolve().parent
FIXTURE = ROOT / "fixtures" / "club"
GOLDEN = ROOT / "golden" / "club"
NOW = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)
"""A fixed build time, after every fixture session's provisional period."""


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def build_fixture_club(tmp: Path, jobs: int = 1) -> Path:
    """Built from inside ``tmp`` with relative paths: results.json names its upload by the path
    the build was given, so an absolute one would put the temporary folder into the output."""
    shutil.copytree(FIXTURE, tmp / "content")
    here = Path.cwd()
    os.chdir(tmp)
    try:
        build_site(Path("content"), Path("site"), jobs=jobs, cache_dir=Path("cache"), now=NOW)
    finally:
        os.chdir(here)
    return tmp / "site"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, bytes]:
    return _files(build_fixture_club(tmp_path_factory.mktemp("golden-build")))


def _diff(name: str, want: bytes, got: bytes) -> str:
    try:
        a, b = want.decode("utf-8").splitlines(), got.decode("utf-8").splitlines()
    except UnicodeDecodeError:
        return f"{name}: binary file differs ({len(want)} bytes golden, {len(got)} built)"
    lines = difflib.unified_diff(a, b, f"golden/{name}", f"built/{name}", n=2, lineterm="")
    return "\n".join(_cut(line) for line in lines)


def _cut(line: str, keep: int = 300) -> str:
    """JSON is one long line: show a diff line's start and the length, not 50 kB of it."""
    return line if len(line) <= keep else f"{line[:keep]}… ({len(line)} characters)"


def test_the_full_build_matches_the_golden_copy(built):
    if os.environ.get("UPDATE_GOLDEN"):
        shutil.rmtree(GOLDEN, ignore_errors=True)
        for name, data in built.items():
            (GOLDEN / name).parent.mkdir(parents=True, exist_ok=True)
            (GOLDEN / name).write_bytes(data)
        pytest.skip("golden copy rewritten: review `git diff tests/golden/` before committing")
    golden = _files(GOLDEN)
    assert golden, "no golden copy: run UPDATE_GOLDEN=1 pytest tests/test_golden_build.py"
    missing, extra = sorted(golden.keys() - built.keys()), sorted(built.keys() - golden.keys())
    changed = [n for n in sorted(golden.keys() & built.keys()) if golden[n] != built[n]]
    report = [f"missing from the build: {', '.join(missing)}"] if missing else []
    report += [f"new in the build: {', '.join(extra)}"] if extra else []
    report += [_diff(n, golden[n], built[n]) for n in changed[:5]]
    if len(changed) > 5:
        report.append(f"... and {len(changed) - 5} more changed files: {', '.join(changed[5:])}")
    assert not report, (
        "the build differs from tests/golden/club/ (UPDATE_GOLDEN=1 to accept a deliberate "
        "change):\n" + "\n".join(report)
    )


def test_the_build_does_not_depend_on_where_it_runs(built, tmp_path):
    """No absolute path, no clock: a second build elsewhere is the same, byte for byte."""
    again = _files(build_fixture_club(tmp_path / "elsewhere"))
    assert again.keys() == built.keys()
    assert [n for n in built if built[n] != again[n]] == []

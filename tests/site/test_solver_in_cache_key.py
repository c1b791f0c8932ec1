"""The build cache knows whether the double-dummy solver is installed: a site built without
it is rendered again, with the analysis, once it appears (and the other way round)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.analysis import double_dummy, solver
from generator.site.build import build_site
from generator.site.cache import code_version

FIXTURE = Path(__file__).resolve().parents[1] / "readers" / "fixtures" / "yaml" / "complete.yaml"
MISSING = "No double-dummy analysis: the double-dummy solver (endplay) is not installed"


def _without_solver(monkeypatch):
    def unavailable(requests):
        raise double_dummy.SolverUnavailable("the double-dummy solver (endplay) is not installed: test")

    monkeypatch.setattr(solver, "solver_version", lambda: "none")
    monkeypatch.setattr(double_dummy, "_solve", unavailable)


def test_solver_version_is_part_of_the_code_version(monkeypatch):
    real = code_version()
    monkeypatch.setattr(solver, "solver_version", lambda: "none")
    assert code_version() != real
    without = code_version()
    monkeypatch.setattr(solver, "solver_version", lambda: "endplay 99.0")
    assert code_version() not in (real, without)


def test_installed_solver_is_named_with_its_version():
    pytest.importorskip("endplay")
    import importlib.metadata

    assert solver.solver_version() == f"endplay {importlib.metadata.version('endplay')}"


def test_site_built_without_the_solver_is_rebuilt_when_it_appears(tmp_path, monkeypatch):
    pytest.importorskip("endplay")
    content = tmp_path / "content"
    (content / "sessions").mkdir(parents=True)
    shutil.copy(FIXTURE, content / "sessions" / "2026-10-05-monday-pairs.yaml")
    out = tmp_path / "site"
    board = out / "sessions" / "2026-10-05-monday-pairs" / "board-1.html"

    with monkeypatch.context() as m:
        _without_solver(m)
        build_site(content, out, jobs=1)
        assert MISSING in board.read_text() and 'class="dd-grid"' not in board.read_text()
        again = build_site(content, out, jobs=1)
        assert again.rendered == 0  # still without the solver: nothing to do

    with_solver = build_site(content, out, jobs=1)  # the solver "installed"
    assert with_solver.rendered == 1
    page = board.read_text()
    assert MISSING not in page and 'class="dd-grid"' in page

    with monkeypatch.context() as m:  # and removed again: the pages say so, not the old grid
        _without_solver(m)
        m.setattr(double_dummy.AnalysisCache, "get", lambda self, key: None)
        assert build_site(content, out, jobs=1).rendered == 1
        assert MISSING in board.read_text()

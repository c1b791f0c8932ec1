"""A club's first CI run, here: the generator's wheel installed WITHOUT extras into a fresh
virtual environment; `bridge-results new` outside any Git checkout; then, in the new folder,
another fresh environment that installs `requirements.txt` exactly as the club's workflow
does (`pip install -r requirements.txt`: the vendored wheel and the runtime lock, every file
checked against its hash); an upload; a build.  The same with `new --analysis`.  Nothing
here reads the generator's source tree once the wheel is built.

Slow (a wheel build and fresh environments; pip fetches from its cache or the index)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.test_adoption import copy_repository

pytestmark = pytest.mark.slow

FIXTURES = Path(__file__).parent / "readers" / "fixtures"
ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}


def run(*args, cwd: Path) -> str:
    done = subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True, env=ENV, timeout=900)
    assert done.returncode == 0, f"{args} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def bin_dir(venv: Path) -> Path:
    return venv / ("Scripts" if os.name == "nt" else "bin")


def python_of(venv: Path) -> Path:
    return bin_dir(venv) / ("python.exe" if os.name == "nt" else "python")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    top = tmp_path_factory.mktemp("wheel")
    source, wheels = top / "source", top / "wheels"
    copy_repository(source)
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", wheels, source, cwd=top)
    shutil.rmtree(source)  # from here on, no source tree exists
    [built] = wheels.glob("bridge_results_generator-*.whl")
    return built


@pytest.fixture(scope="module")
def scorer(wheel, tmp_path_factory) -> Path:
    """The scorer's environment: the generator from its wheel, without the analysis extra."""
    tools = tmp_path_factory.mktemp("scorer") / "venv"
    run(sys.executable, "-m", "venv", tools, cwd=tools.parent)
    run(python_of(tools), "-m", "pip", "install", "--quiet", wheel, cwd=tools.parent)
    return bin_dir(tools) / "bridge-results"


def club_site(scorer: Path, work: Path, *options: str) -> tuple[Path, Path]:
    """`new` outside any checkout, then the club's workflow: a fresh environment from
    requirements.txt, an upload, a build.  Returns the club's folder and its environment."""
    work.mkdir()
    run(scorer, "new", "club", "--club", "Rowan Bridge Club", *options, cwd=work)
    club = work / "club"
    site_env = club / ".venv"
    run(sys.executable, "-m", "venv", site_env, cwd=club)
    run(python_of(site_env), "-m", "pip", "install", "--quiet", "-r", "requirements.txt", cwd=club)
    located = run(python_of(site_env), "-c", "import generator; print(generator.__file__)", cwd=club)
    assert Path(located.strip()).is_relative_to(site_env)
    shutil.copy(FIXTURES / "usebio" / "mitchell_compscore.xml", club / "content/sessions/2026-10-05-pairs.xml")
    summary = run(bin_dir(site_env) / "bridge-results", "build", cwd=club)
    assert summary.startswith("Built site: 2 sessions from 2 uploads")
    assert "Rowan Bridge Club" in (club / "site/index.html").read_text(encoding="utf-8")
    return club, site_env


def installed(site_env: Path, *modules: str) -> list[str]:
    code = f"import importlib.util as u; print(' '.join(m for m in {modules!r} if u.find_spec(m)))"
    return run(python_of(site_env), "-c", code, cwd=site_env).split()


def test_a_club_repository_made_by_new_installs_and_builds_from_its_requirements_alone(wheel, scorer, tmp_path):
    assert run(scorer, "--version", cwd=tmp_path).strip() == f"bridge-results {wheel.name.split('-')[1]}"
    club, site_env = club_site(scorer, tmp_path / "elsewhere")
    assert "--hash=sha256:" in (club / "requirements.txt").read_text()
    # The vendored wheel, packed again from the scorer's installation, holds the same files.
    [vendored] = (club / "vendor").glob("bridge_results_generator-*.whl")
    with zipfile.ZipFile(wheel) as original, zipfile.ZipFile(vendored) as again:
        names = [n for n in original.namelist() if not n.endswith("/RECORD")]
        assert sorted(names) == sorted(n for n in again.namelist() if not n.endswith("/RECORD"))
        assert all(original.read(n) == again.read(n) for n in names)

    assert installed(site_env, "endplay", "numpy") == []  # light by default
    board = (club / "site/sessions/example-pairs/board-1.html").read_text(encoding="utf-8")
    assert "not installed" in board and "bridge-results-generator[analysis]" in board
    # check works without the analysis too: 0 when every figure agrees, 1 when some differ.
    done = subprocess.run(
        [str(bin_dir(site_env) / "bridge-results"), "check", "content/sessions/2026-10-05-pairs.xml"],
        cwd=club,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert (done.returncode, done.stdout.splitlines()[-1]) == (0, "34 of 34 figures agree (0 differ)"), done.stderr


def test_the_same_with_the_analysis_extra(scorer, tmp_path):
    club, site_env = club_site(scorer, tmp_path / "elsewhere", "--analysis")
    assert installed(site_env, "endplay") == ["endplay"]
    board = (club / "site/sessions/example-pairs/board-1.html").read_text(encoding="utf-8")
    assert "not installed" not in board
    assert '<p class="par"><strong>Par ' in board  # the deal of board 1 solved: its par


def test_new_from_a_clone_builds_the_wheel_from_a_copy_and_leaves_the_tree_as_it_was(tmp_path):
    """Run from this checkout (an editable install), `new` builds the wheel with `pip wheel`
    from a copy of the tree: what the wheel holds is the package, and no build/ is left here."""
    from generator.wheel import SOURCE_ROOT, running_wheel

    before = sorted(p.name for p in SOURCE_ROOT.iterdir())
    built = running_wheel(tmp_path)
    with zipfile.ZipFile(built) as archive:
        names = set(archive.namelist())
    assert {"generator/cli.py", "generator/locks/runtime.txt", "generator/workflows/site.yml"} <= names
    assert not any(n.startswith(("tests/", "content/", ".venv/")) for n in names)
    assert sorted(p.name for p in SOURCE_ROOT.iterdir()) == before

"""A club's first CI run, here: the generator's wheel installed WITHOUT extras into a fresh
virtual environment; `bridge-results new` outside any Git checkout; then, in the new folder,
another fresh environment that installs `requirements.txt` exactly as the club's workflow
does (`pip install -r requirements.txt`: the vendored wheel and the runtime lock, every file
checked against its hash); an upload; a build.  Nothing here reads the generator's source
tree once the wheel is built.

Slow (a wheel build and two environments; pip fetches from its cache or the index)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_adoption import copy_repository

pytestmark = pytest.mark.slow

FIXTURES = Path(__file__).parent / "readers" / "fixtures"


def run(*args, cwd: Path, env: dict) -> str:
    done = subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True, env=env, timeout=900)
    assert done.returncode == 0, f"{args} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def venv_python(folder: Path) -> Path:
    return folder / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def script(folder: Path, name: str) -> Path:
    return folder / ("Scripts" if os.name == "nt" else "bin") / name


def test_a_club_repository_made_by_new_installs_and_builds_from_its_requirements_alone(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    source, wheels = tmp_path / "source", tmp_path / "wheels"
    copy_repository(source)
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", wheels, source, cwd=tmp_path, env=env)
    [wheel] = wheels.glob("bridge_results_generator-*.whl")
    shutil.rmtree(source)  # from here on, no source tree exists

    # The scorer: the generator from its wheel, without the analysis extra.
    tools = tmp_path / "tools"
    run(sys.executable, "-m", "venv", tools, cwd=tmp_path, env=env)
    run(venv_python(tools), "-m", "pip", "install", "--quiet", wheel, cwd=tmp_path, env=env)
    version = run(script(tools, "bridge-results"), "--version", cwd=tmp_path, env=env)
    assert version.startswith("bridge-results ")

    work = tmp_path / "elsewhere"  # not inside any Git checkout
    work.mkdir()
    run(script(tools, "bridge-results"), "new", "club", "--club", "Rowan Bridge Club", cwd=work, env=env)
    club = work / "club"
    [vendored] = (club / "vendor").glob("bridge_results_generator-*.whl")
    assert "--hash=sha256:" in (club / "requirements.txt").read_text()

    # The club's workflow, on a fresh machine: a new environment, requirements.txt, a build.
    site_env = club / ".venv"
    run(sys.executable, "-m", "venv", site_env, cwd=club, env=env)
    run(venv_python(site_env), "-m", "pip", "install", "--quiet", "-r", "requirements.txt", cwd=club, env=env)
    located = run(venv_python(site_env), "-c", "import generator; print(generator.__file__)", cwd=club, env=env)
    assert Path(located.strip()).is_relative_to(site_env)
    missing = run(
        venv_python(site_env),
        "-c",
        "import importlib.util as u; print([m for m in ('endplay', 'numpy') if u.find_spec(m)])",
        cwd=club,
        env=env,
    )
    assert missing.strip() == "[]"  # light by default: no analysis, no numpy

    shutil.copy(FIXTURES / "usebio" / "mitchell_compscore.xml", club / "content/sessions/2026-10-05-pairs.xml")
    summary = run(script(site_env, "bridge-results"), "build", cwd=club, env=env)
    assert summary.startswith("Built site: 2 sessions from 2 uploads")
    assert "Rowan Bridge Club" in (club / "site/index.html").read_text(encoding="utf-8")
    board = (club / "site/sessions/example-pairs/board-1.html").read_text(encoding="utf-8")
    assert "not installed" in board and "bridge-results-generator[analysis]" in board
    # check works without the analysis too, and says 0 when every figure agrees or 1 when not.
    done = subprocess.run(
        [str(script(site_env, "bridge-results")), "check", "content/sessions/2026-10-05-pairs.xml"],
        cwd=club,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode in (0, 1), done.stderr
    assert "figures agree" in done.stdout
    assert vendored.is_file()

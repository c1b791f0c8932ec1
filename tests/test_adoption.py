"""Outside the source tree, and in a club's copy of it.

The wheel, installed (not editable) into a fresh virtual environment, works outside the
source tree: ``bridge-results new``, an upload, ``bridge-results build`` in a temporary folder.

Slow (a few seconds: it builds the wheel), but part of ``make test``.  The wheel is built
without dependencies (pip takes setuptools for the isolated build from its cache, else
PyPI) and installed with ``--no-deps --no-index``; the new environment borrows this one's
installed libraries through a ``.pth`` file, never its editable install of the project.

A copy of the repository whose content/ is another club's builds that club's site.
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).parent / "readers" / "fixtures"

pytestmark = pytest.mark.slow


def copy_repository(target: Path, leave_out: tuple[str, ...] = ()) -> None:
    """The project's files as a fresh clone has them (tracked, plus new files not ignored)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode()
    for rel in filter(None, listed.split("\0")):
        if (ROOT / rel).is_file() and not rel.startswith(leave_out):
            (target / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / rel, target / rel)


def run(*args, cwd: Path, env: dict | None = None) -> str:
    done = subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, f"{args} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    # Built from a copy of the tracked files, so that the build leaves nothing in the project.
    source = out / "source"
    copy_repository(source)
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", out, source, cwd=out)
    [built] = out.glob("*.whl")
    return built


def test_the_wheel_holds_the_code_templates_workflow_articles_and_scaffold(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    tracked = subprocess.run(
        ["git", "ls-files", "generator", "templates", ".github/workflows/site.yml"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    expected = {
        ("generator/" + rel) if not rel.startswith("generator/") else rel
        for rel in (r.replace(".github/workflows/", "workflows/") for r in tracked)
    }
    assert expected - names == set()  # every module (a new subpackage too) and every data file


def test_new_upload_build_from_an_installed_wheel_in_another_folder(wheel, tmp_path):
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    [new_site_packages] = venv.glob("lib/python*/site-packages")
    # This environment's libraries (jinja2, pip ...), but not its editable install of the project.
    borrowed = [p for p in site.getsitepackages() + [sysconfig.get_paths()["purelib"]] if Path(p).is_dir()]
    (new_site_packages / "borrowed.pth").write_text("\n".join(dict.fromkeys(borrowed)) + "\n")
    python = venv / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    run(python, "-m", "pip", "install", "--no-deps", "--no-index", "--quiet", wheel, cwd=tmp_path, env=env)

    work = tmp_path / "elsewhere"
    work.mkdir()
    located = run(
        python,
        "-c",
        "import generator, generator.resources as r; print(generator.__file__); print(r.packaged_templates())",
        cwd=work,
        env=env,
    ).split()
    assert all(Path(p).is_relative_to(new_site_packages) for p in located), located
    assert (Path(located[1]) / "base.html").is_file()

    script = venv / "bin" / "bridge-results"
    run(script, "new", "club", "--club", "Willow Bridge Club", cwd=work, env=env)
    club = work / "club"
    assert (club / ".github/workflows/site.yml").read_bytes() == (ROOT / ".github/workflows/site.yml").read_bytes()
    shutil.copy(FIXTURES / "usebio" / "mitchell_compscore.xml", club / "content/sessions/2026-10-05-pairs.xml")
    summary = run(script, "build", cwd=club, env=env)
    assert summary.startswith("Built site: 2 sessions from 2 uploads")
    home = (club / "site" / "index.html").read_text()
    assert "Willow Bridge Club" in home
    assert (club / "site" / "sessions" / "2026-10-05-pairs" / "board-1.html").is_file()
    assert (club / "site" / "static" / "site.css").read_bytes() == (ROOT / "templates/static/site.css").read_bytes()
    assert (club / "site" / "articles" / "neuberg.html").is_file()


CLUB_SESSION = """\
club: Quarry Lane Bridge Club
event: Friday Howell
date: 2026-03-06
method: matchpoints
movement: howell
pairs:
  - {number: 1, players: [Rhea Rowan, Sol Sorrel]}
  - {number: 2, players: [Tess Thyme, Uma Umber]}
  - {number: 3, players: [Vic Vetch, Wyn Willow]}
  - {number: 4, players: [Xan Yarrow, Zed Zinnia]}
boards:
  - number: 1
    results:
      - {ns: 1, ew: 2, contract: 3NT, by: S, tricks: 9}
      - {ns: 3, ew: 4, contract: 3NT, by: S, tricks: 10}
"""


def test_a_clone_with_another_clubs_content_builds_that_club_and_not_the_sample(tmp_path, broken_links):
    """A club replaces content/ in a copy of this repository; `make site` (its build command) works."""
    clone = tmp_path / "clone"
    copy_repository(clone, leave_out=("content/sessions/", "content/articles/"))
    (clone / "content" / "site.yaml").write_text("club: Quarry Lane Bridge Club\nseason_start_month: 1\n")
    (clone / "content" / "sessions").mkdir()
    (clone / "content" / "sessions" / "2026-03-06-friday-howell.yaml").write_text(CLUB_SESSION)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    # The copy's own code: `python -m` puts the working folder first on the path.
    where = run(sys.executable, "-c", "import generator; print(generator.__file__)", cwd=clone, env=env)
    assert Path(where.strip()).is_relative_to(clone)
    summary = run(
        sys.executable, "-m", "generator", "build", "--content", "content", "--output", "site", cwd=clone, env=env
    )
    assert summary.startswith("Built site: 1 session from 1 upload")
    site = clone / "site"
    assert "Quarry Lane Bridge Club" in (site / "index.html").read_text()
    assert sorted(p.name for p in (site / "sessions").iterdir()) == ["2026-03-06-friday-howell"]
    sample = yaml.safe_load((ROOT / "tests/fixtures/club/site.yaml").read_text())["club"]
    for page in site.rglob("*.html"):
        assert sample not in page.read_text(), f"{page} names the sample club"
    assert broken_links(site) == []

"""The no-op build's front door (``site/noop.py``): "nothing changed" answered with the last
build's report before the engine is loaded; anything else left to the full build."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.site.build import build_site
from generator.site.noop import unchanged
from generator.site.publish import PUBLISHING
from tests.site.test_build import make_content

ROOT = Path(__file__).resolve().parents[2]


def test_nothing_changed_gives_the_last_report_and_anything_else_none(tmp_path: Path):
    content = make_content(tmp_path)
    site, cache = tmp_path / "site", tmp_path / "cache"
    assert unchanged(content, site, cache_dir=cache) is None  # never built
    built = build_site(content, site, cache_dir=cache)
    time.sleep(2.1)  # past the two seconds in which a just-written upload is not trusted by its times
    again = build_site(content, site, cache_dir=cache)  # records the no-op fingerprint
    same = unchanged(content, site, cache_dir=cache)
    assert same is not None and same.written == 0 and same.pages == built.pages == again.pages
    assert same.summary().split(" in ")[0] == again.summary().split(" in ")[0]
    (site / "stray.html").write_text("x")  # the output is not what the build left
    assert unchanged(content, site, cache_dir=cache) is None
    (site / "stray.html").unlink()
    assert unchanged(content, site, cache_dir=cache) is not None
    (site / PUBLISHING).mkdir()  # a stopped build's: the full build recovers it and says so
    assert unchanged(content, site, cache_dir=cache) is None
    (site / PUBLISHING).rmdir()
    (content / "site.yaml").write_text("club: [unclosed\n")  # refused by the full build, with its message
    assert unchanged(content, site, cache_dir=cache) is None


def test_a_no_op_build_loads_neither_the_build_nor_the_renderer(tmp_path: Path):
    content = make_content(tmp_path)
    site = tmp_path / "site"
    build_site(content, site)
    time.sleep(2.1)
    build_site(content, site)
    probe = (
        "import sys; from generator import build; "
        f"r = build({str(content)!r}, {str(site)!r}); "
        "print(r.written, *(m in sys.modules for m in ('generator.site.build', 'generator.site.render', "
        "'jinja2', 'generator.model', 'generator.analysis.double_dummy', 'generator.site.i18n')))"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True).stdout
    # nor Jinja, the model (the privacy settings are read without it), the double-dummy
    # module (the solver's version comes from ``analysis/solver.py``), nor the renderer's i18n
    assert out.split() == ["0", "False", "False", "False", "False", "False", "False"]


def _tree(root: Path) -> None:
    """A folder with what ``tree.walk`` treats with care: hidden names, links, a pipe."""
    (root / "sessions" / "a").mkdir(parents=True)
    (root / "sessions" / "a" / "board-1.html").write_text("1")
    (root / "sessions" / "b.html").write_text("22")
    (root / "index.html").write_text("333")
    (root / ".hidden").mkdir()
    (root / ".hidden" / "x.html").write_text("x")
    (root / ".manifest.json").write_text("{}")


def test_the_output_is_listed_as_the_careful_walk_lists_it(tmp_path: Path):
    """``quick.output_digest``'s one-pass listing of a plain output folder, and its fall-back
    to ``walk`` for anything else, give exactly the digest of ``walk``'s rows."""
    from generator.site.quick import folder_digest, output_digest, walk

    root = tmp_path / "site"
    _tree(root)
    # names whose order a careless sort would change: '/' and '-' sort after '\0', and a
    # folder's name is a prefix of a file's
    (root / "sessions" / "a-b.html").write_text("4")
    (root / "sessions" / "a.html").write_text("5")
    plain = walk(root)
    assert [r[0] for r in plain] == [
        "index.html",
        "sessions/a-b.html",
        "sessions/a.html",
        "sessions/a/board-1.html",
        "sessions/b.html",
    ]
    assert output_digest(root) == folder_digest(plain)
    (root / "sessions" / "b.html").write_text("23")  # one byte more: another digest
    assert output_digest(root) != folder_digest(plain) and output_digest(root) == folder_digest(walk(root))
    (root / "sessions" / "link.html").symlink_to(root / "index.html")
    (root / "linked").symlink_to(root / "sessions" / "a")
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "far.html").write_text("far")
    (root / "outside").symlink_to(tmp_path / "elsewhere")  # the operator's own folder: followed
    (root / "broken").symlink_to(tmp_path / "nowhere")
    os.mkfifo(root / "pipe")
    careful = walk(root)
    assert "outside/far.html" in [r[0] for r in careful]
    assert output_digest(root) == folder_digest(careful)
    assert output_digest(tmp_path / "missing") == folder_digest(walk(tmp_path / "missing")) == folder_digest([])


def _archive_tree(root: Path, sessions: int = 70) -> None:
    """An output folder with enough session folders for two processes to list it, and names a
    line-per-row hand-over would cut (a new line, bytes that are not UTF-8)."""
    for n in range(sessions):
        folder = root / "sessions" / f"2026-01-{n:03d}"
        folder.mkdir(parents=True)
        for page in ("index.html", "board-1.html", "pair-1.html"):
            (folder / page).write_text(f"{n}{page}")
    (root / "players" / "a").mkdir(parents=True)
    (root / "players" / "a" / "ann.html").write_text("ann")
    (root / "index.html").write_text("home")
    (root / "sessions" / "2026-01-041" / "odd\nname.html").write_text("odd")
    os.mkdir(os.fsencode(root / "sessions") + b"/caf\xe9")
    (Path(os.fsdecode(os.fsencode(root / "sessions") + b"/caf\xe9")) / "x.html").write_text("x")


@pytest.mark.parametrize("jobs", [1, 2, None])
def test_the_output_listed_by_two_processes_is_what_one_lists(tmp_path: Path, monkeypatch, jobs) -> None:
    """The no-op check lists a big output folder with a forked child taking every other
    session folder (``--jobs`` allowing): the digest is the one-process listing's exactly."""
    from generator import parallel
    from generator.site.quick import folder_digest, output_digest, walk

    root = tmp_path / "site"
    _archive_tree(root)
    forked = []
    real = parallel.started_in_background
    monkeypatch.setattr(parallel, "started_in_background", lambda fn, arg: forked.append(arg) or real(fn, arg))
    assert output_digest(root, jobs) == folder_digest(walk(root))
    split = 0 if jobs == 1 or parallel.cores(jobs) < 2 else 1
    assert len(forked) == split
    if split:
        assert 30 <= len(forked[0]) <= 40  # every other of the 72 folders two levels down


def test_a_child_that_dies_or_meets_a_link_leaves_the_listing_as_one_process_makes_it(tmp_path: Path, monkeypatch):
    from generator.site import quick

    root = tmp_path / "site"
    _archive_tree(root)
    expected = quick.folder_digest(quick.walk(root))

    def killed(folders):  # the child killed while it lists (out of memory, say): its half listed here
        os.kill(os.getpid(), signal.SIGKILL)

    monkeypatch.setattr(quick, "_rows_text", killed)
    assert quick.output_digest(root, 2) == expected
    monkeypatch.undo()
    # a link to a folder elsewhere in every session folder, so in each process's half: the
    # careful walk follows one of them
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "far.html").write_text("far")
    for folder in (root / "sessions").glob("2026-*"):
        (folder / "more").symlink_to(tmp_path / "elsewhere")
    careful = quick.walk(root)
    assert any(r[0].endswith("/more/far.html") for r in careful)
    assert quick.output_digest(root, 2) == quick.folder_digest(careful) != expected


def test_the_codes_stamp_moves_with_any_write_and_only_with_code(tmp_path: Path, monkeypatch):
    """``cache.code_stamp`` (the no-op check's knowledge of the code) by the files' times:
    rewritten with the same bytes it changes, another kind of file leaves it alone, and a
    file written in the last two seconds makes it the code's digest itself."""
    from generator.analysis import solver
    from generator.site import cache

    root = tmp_path / "generator"
    (root / "site").mkdir(parents=True)
    (root / "articles").mkdir()
    (root / "site" / "a.py").write_text("A = 1\n")
    (root / "articles" / "x.md").write_text("# X\n")
    (root / "notes.txt").write_text("not code\n")
    assert cache.code_stamp(root) == cache.code_version(root)  # all just written: by their bytes
    monkeypatch.setattr(cache, "RACY_NS", 0)  # from here, every file's times are trusted
    first = cache.code_stamp(root)
    assert first != cache.code_version(root) and cache.code_stamp(root) == first
    time.sleep(0.05)
    (root / "notes.txt").write_text("still not code\n")
    assert cache.code_stamp(root) == first
    (root / "site" / "a.py").write_text("A = 1\n")  # the same bytes, written again
    second = cache.code_stamp(root)
    assert second != first
    time.sleep(0.05)
    (root / "articles" / "x.md").write_text("# X\n")
    assert cache.code_stamp(root) not in (first, second)
    third = cache.code_stamp(root)
    monkeypatch.setattr(solver, "solver_version", lambda: "endplay 99.0")
    assert cache.code_stamp(root) != third

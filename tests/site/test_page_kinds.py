"""A page kind is one function, one template and one line in ``site/page_kinds.py``
(docs/architecture.md, "Add a page kind"): tried here with a toy kind, built into a small
site, and the registry's order kept in the pages planned."""

from __future__ import annotations

import os
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest

from generator.readers import read_sessions
from generator.resources import default_templates
from generator.scoring.options import resolve_options
from generator.scoring.session import score_session
from generator.site import page_kinds
from generator.site.build import build_site
from generator.site.page import Page, SiteInfo
from generator.site.plan import plan_pages
from generator.site.session_view import SessionInputs, SessionView

NOW = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)

SESSION = """\
club: Toy Town Bridge Club
event: Toy Pairs
date: 2026-11-02
method: matchpoints
movement: mitchell
pairs:
  - {number: 1, direction: NS, players: [Avery Ash, Blair Birch]}
  - {number: 2, direction: NS, players: [Casey Cedar, Devon Dogwood]}
  - {number: 1, direction: EW, players: [Emery Elm, Finley Fir]}
  - {number: 2, direction: EW, players: [Gale Gum, Harper Hazel]}
boards:
  - number: 1
    results:
      - {ns: 1, ew: 1, contract: 3NT, by: N, tricks: 9}
      - {ns: 2, ew: 2, contract: 3NT, by: N, tricks: 10}
  - number: 2
    results:
      - {ns: 1, ew: 2, contract: 4S, by: E, tricks: 10}
      - {ns: 2, ew: 1, contract: 4S, by: E, tricks: 9}
"""

TOY_TEMPLATE = '<p id="toy">{{ session_title }}: {{ boards }} boards, {{ pairs }} pairs</p>\n'


def plan_toy(view: SessionView) -> list[Page]:
    """The toy page kind: one page a session saying how many boards and pairs it had."""
    path = f"{view.dir}/toy.html"
    context = view.base(path, "Toy", boards=len(view.result.boards), pairs=len(view.result.standings))
    return [Page(path, "toy.html", context)]


def _with_toy() -> tuple[tuple[str, page_kinds.PageKind], ...]:
    """The registry with the toy kind's one line, after the board pages."""
    kinds = page_kinds.PAGE_KINDS
    at = [name for name, _ in kinds].index("boards") + 1
    return (*kinds[:at], ("toy", plan_toy), *kinds[at:])


@pytest.fixture
def session_file(tmp_path: Path) -> Path:
    path = tmp_path / "content" / "sessions" / "2026-11-02-toy-pairs.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(SESSION, encoding="utf-8")
    return path


def test_the_registry_lists_each_kind_once_in_planning_order() -> None:
    names = [name for name, _ in page_kinds.PAGE_KINDS]
    assert names == ["session", "boards", "travellers", "hands", "pairs", "matches", "swiss"]
    assert page_kinds.PAIR_PAGES in names


def test_pages_come_in_the_registry_order(session_file: Path) -> None:
    (session,) = read_sessions(session_file)
    result = score_session(session, resolve_options({}, session.options))
    view = SessionView(SessionInputs(result, "2026-11-02-toy-pairs", SiteInfo("Toy Town Bridge Club", {}, {})))
    paths = [p.path for p in plan_pages(view, kinds=_with_toy()) if p.template is not None]
    folder = "sessions/2026-11-02-toy-pairs"
    boards = [i for i, p in enumerate(paths) if "/board-" in p]
    pairs = [i for i, p in enumerate(paths) if "/pair-" in p]
    toy = paths.index(f"{folder}/toy.html")
    assert paths[0] == f"{folder}/index.html"  # the session page first
    assert len(boards) == 2 and len(pairs) == 4
    assert max(boards) < toy < min(pairs)  # where its registry line put it
    # skipped by name, as a big field's pair pages are
    skipped = [
        p.path
        for p in plan_pages(view, skip=("toy", page_kinds.PAIR_PAGES), kinds=_with_toy())
        if p.template is not None  # not the redirects from the pair pages' old addresses
    ]
    assert f"{folder}/toy.html" not in skipped and not any("/pair-" in p for p in skipped)


def test_a_toy_page_kind_is_built_into_the_site(
    tmp_path: Path, session_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    templates = tmp_path / "templates"
    shutil.copytree(default_templates(tmp_path / "content"), templates)
    (templates / "toy.html").write_text(TOY_TEMPLATE, encoding="utf-8")
    (tmp_path / "content" / "site.yaml").write_text("club: Toy Town Bridge Club\n", encoding="utf-8")
    monkeypatch.setattr(page_kinds, "PAGE_KINDS", _with_toy())  # the one registry line
    here = Path.cwd()
    os.chdir(tmp_path)
    try:
        build_site(Path("content"), Path("site"), Path("templates"), jobs=1, cache_dir=Path("cache"), now=NOW)
    finally:
        os.chdir(here)
    toy = tmp_path / "site" / "sessions" / "2026-11-02-toy-pairs" / "toy.html"
    assert toy.read_text(encoding="utf-8") == '<p id="toy">Toy Pairs: 2 boards, 4 pairs</p>\n'
    assert (toy.parent / "index.html").is_file() and (toy.parent / "board-1.html").is_file()

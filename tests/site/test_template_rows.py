"""Markup lives in the templates: a club whose ``templates/`` folder changes a row's macro
(``_rows.html``, ``_macros.html``) changes that row on every page that shows it.

The table rows (``_rows.html``: ``traveller_row``, ``scorecard_row``, ``frequency_row``,
``worth_item``, ``history_row``) and the explanation steps (``_macros.html``:
``explanation_step``) are each written by one macro (docs/site.md, "Templates")."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from generator.site.build import build_site
from generator.site.render import DEFAULT_TEMPLATES
from tests.site.test_build import make_content

OURS = Path(DEFAULT_TEMPLATES)

# (file, ours, the club's): a class added to the first tag each macro writes
CHANGES = [
    (
        "_rows.html",
        "{% macro traveller_row(l, dd, unit, places) %}\n<tr>\n",
        '{% macro traveller_row(l, dd, unit, places) %}\n<tr class="club-line">\n',
    ),
    (
        "_rows.html",
        '{% else %}\n<tr>\n<th scope="row"><a href="{{ r.board_url }}">',  # a played board of a scorecard
        '{% else %}\n<tr class="club-card">\n<th scope="row"><a href="{{ r.board_url }}">',
    ),
    (
        "_rows.html",
        "{% macro history_row(r, with_masterpoints) %}\n<tr>\n",
        '{% macro history_row(r, with_masterpoints) %}\n<tr class="club-history">\n',
    ),
    ("_rows.html", "{% macro worth_item(w) %}<li>", '{% macro worth_item(w) %}<li class="club-worth">'),
    (
        "_macros.html",
        '{% macro explanation_step(s, unit) %}\n<li class="step ',
        '{% macro explanation_step(s, unit) %}\n<li class="club-step step ',
    ),
]


def _club_templates(folder: Path) -> Path:
    """A club's folder, a copy of ours (docs/site.md: a complete folder) with a class added
    in ``_rows.html`` and ``_macros.html`` to the traveller, scorecard, history and
    trick-value rows and to each explanation step: no page template is changed."""
    shutil.copytree(OURS, folder)
    texts = {name: (OURS / name).read_text(encoding="utf-8") for name in ("_rows.html", "_macros.html")}
    for name, ours, club in CHANGES:
        assert texts[name].count(ours) == 1, f"{name}: {ours!r} is not there once"
        texts[name] = texts[name].replace(ours, club)
    for name, text in texts.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def sites(tmp_path_factory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("rows")
    content = make_content(tmp)
    club = _club_templates(tmp / "club-templates")  # not beside content/, which a build would find
    build_site(content, tmp / "ours", jobs=1, cache_dir=tmp / "cache-ours")
    build_site(content, tmp / "club", templates=club, jobs=1, cache_dir=tmp / "cache-club")
    return {"ours": tmp / "ours", "club": tmp / "club"}


def _page(site: Path, path: str) -> str:
    return (site / path).read_text(encoding="utf-8")


def test_the_club_rows_reach_the_board_pair_and_player_pages(sites):
    board = _page(sites["club"], "sessions/tiny/board-1.html")
    pair = _page(sites["club"], "sessions/tiny/pair-1.html")
    player = _page(sites["club"], "players/al-able.html")
    # board 1: two tables (a traveller row each), both sides of each explained
    assert board.count('<tr class="club-line">') == 2
    assert board.count('<li class="club-worth">') == 2
    assert '<li class="club-step step ' in board
    # pair 1 played two boards; its total's explanation is made of steps too
    assert pair.count('<tr class="club-card">') == 2
    assert '<li class="club-step step ' in pair
    # Al Able played one session
    assert player.count('<tr class="club-history">') == 1


def test_our_pages_are_unchanged_apart_from_the_club_rows(sites):
    """The club's copy differs from ours only in the added classes: remove them and every
    page is ours, byte for byte (the override changes the rows, nothing else)."""
    ours = {p.relative_to(sites["ours"]).as_posix() for p in sites["ours"].rglob("*.html")}
    assert ours == {p.relative_to(sites["club"]).as_posix() for p in sites["club"].rglob("*.html")}
    added = re.compile(r' class="club-(?:line|card|history|worth)"|club-step ')
    changed = set()
    for path in sorted(ours):
        club = _page(sites["club"], path)
        if added.search(club):
            changed.add(path)
        assert added.sub("", club) == _page(sites["ours"], path), path
    assert {"sessions/tiny/board-1.html", "sessions/tiny/pair-1.html", "players/al-able.html"} <= changed

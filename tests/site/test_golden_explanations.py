"""Golden explanations: the text of "How the scores were calculated" for one board of each kind.

The snapshots in tests/site/golden/ were read by eye against the fixture (every figure worked
by hand for the plain, Neuberg and weighted boards: see the comments in the fixture) and are
now held: a change to any explanation shows up here as a diff to review.  To accept a
deliberate change, run ``UPDATE_GOLDEN=1 pytest tests/site/test_golden_explanations.py``
and read the diff before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator.site.build import build_site
from tests.helpers.arithmetic import page_lines
from tests.helpers.explanation_site import write_content

GOLDEN = Path(__file__).resolve().parent / "golden"

CASES = {
    "plain": "sessions/pairs-matchpoints/board-1.html",
    "neuberg": "sessions/pairs-matchpoints/board-2.html",
    "artificial": "sessions/pairs-matchpoints/board-3.html",
    "weighted": "sessions/pairs-matchpoints/board-4.html",
    "split": "sessions/pairs-matchpoints/board-5.html",
    "butler": "sessions/pairs-butler/board-4.html",
    "cross-imps": "sessions/pairs-cross-imps/board-2.html",
    "teams-imps": "sessions/teams/match-1.html",
    "missed-a-board": "sessions/pairs-matchpoints/pair-ns-5.html",
}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("golden")
    build_site(write_content(root, {}), root / "site", jobs=1)
    return root / "site"


def explanation_text(html: str) -> str:
    """The page's explanations (from its "How …" heading to the trick values that follow them on a
    board page, else to the end of the main content), one block per line."""
    start = html.index('<h2 id="how-h">')
    worth = html.find('<section aria-labelledby="worth-h">', start)
    end = worth if worth >= 0 else html.index("</main>")
    return "\n".join(page_lines(html[start:end])) + "\n"


def test_vp_scale_explanation_is_in_the_teams_snapshot(site):
    text = explanation_text((site / CASES["teams-imps"]).read_text(encoding="utf-8"))
    assert "WBF 20-VP scale" in text


@pytest.mark.parametrize("kind", list(CASES))
def test_explanation_matches_the_reviewed_snapshot(site, kind):
    text = explanation_text((site / CASES[kind]).read_text(encoding="utf-8"))
    golden = GOLDEN / f"{kind}.txt"
    if os.environ.get("UPDATE_GOLDEN"):
        golden.parent.mkdir(exist_ok=True)
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")

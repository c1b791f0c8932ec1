"""The deal's analysis on a teams match page and weighted/split/artificial trick values on a
board page, in Chromium at 360 and 1280 px: nothing wider than the screen, no serious axe-core
violation.  Built from fixtures under tests/ (never from content/)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.site.build import build_site

pytestmark = pytest.mark.browser
pytest.importorskip("endplay")

TESTS = Path(__file__).resolve().parents[1]
VIEWPORTS = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 800}}
PAGES = {
    "match-with-analysis": "sessions/2026-10-15-autumn-teams/match-1.html",
    "board-adjusted-worth": "sessions/2026-11-02-adjusted-pairs/board-1.html",
    "pair-adjusted-worth": "sessions/2026-11-02-adjusted-pairs/pair-ns-3.html",
}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    from tests.site.test_adjusted_trick_values import SESSION

    root = tmp_path_factory.mktemp("analysis-site")
    sessions = root / "content" / "sessions"
    sessions.mkdir(parents=True)
    shutil.copy(TESTS / "readers" / "fixtures" / "yaml" / "teams.yaml", sessions / "2026-10-15-autumn-teams.yaml")
    (sessions / "2026-11-02-adjusted-pairs.yaml").write_text(SESSION)
    build_site(root / "content", root / "site", jobs=1)
    return root / "site"


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_analysis_pages_fit_and_pass_axe(chromium_browser, site, screenshot_dir, viewport):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    context = chromium_browser.new_context(viewport=VIEWPORTS[viewport])
    page = context.new_page()
    problems = []
    for kind, path in PAGES.items():
        assert (site / path).exists(), path
        page.goto((site / path).as_uri())
        page.wait_for_load_state("load")
        page.screenshot(path=str(screenshot_dir / f"{kind}-{viewport}.png"), full_page=True)
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"{kind}: page is {overflow}px wider than the viewport"
        for v in axe.run(page).response["violations"]:
            if v["impact"] in ("serious", "critical"):
                problems.append(
                    f"{kind}: {v['id']} ({v['impact']}): {v['help']} — "
                    + "; ".join(n["target"][0] for n in v["nodes"][:3])
                )
    context.close()
    assert not problems, "\n".join(problems)

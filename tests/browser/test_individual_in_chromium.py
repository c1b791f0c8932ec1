"""An individual event in headless Chromium at phone and desktop sizes (issue 14 item 1): a
player's scorecard with partner and opponents, the traveller with four names, the ranking of
players; no page wider than the screen, no serious axe-core violation.  Screenshots go to
$SCREENSHOT_DIR (default: a pytest temporary folder)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.site.build import build_site

pytestmark = pytest.mark.browser

SESSION = Path(__file__).resolve().parents[1] / "readers" / "fixtures" / "yaml" / "individual.yaml"
VIEWPORTS = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 800}}
PAGES = {
    "individual-ranking": "sessions/individual/index.html",
    "individual-traveller": "sessions/individual/board-2.html",
    "individual-scorecard": "sessions/individual/pair-2.html",
}


@pytest.fixture(scope="module")
def individual_site(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("individual-browser")
    content = root / "content"
    (content / "sessions").mkdir(parents=True)
    (content / "site.yaml").write_text("club: Hollybank Bridge Club\n", encoding="utf-8")
    (content / "sessions" / "individual.yaml").write_text(SESSION.read_text(encoding="utf-8"), encoding="utf-8")
    build_site(content, root / "site", jobs=1)
    return root / "site"


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_individual_pages_fit_and_pass_axe(chromium_browser, individual_site, screenshot_dir, viewport):
    from axe_playwright_python.sync_playwright import Axe

    context = chromium_browser.new_context(viewport=VIEWPORTS[viewport])
    page = context.new_page()
    axe = Axe()
    problems = []
    try:
        for kind, path in PAGES.items():
            page.goto((individual_site / path).as_uri())
            page.screenshot(path=str(screenshot_dir / f"{kind}-{viewport}.png"), full_page=True)
            overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, f"{kind}: page is {overflow}px wider than the viewport"
            for v in axe.run(page).response["violations"]:
                if v["impact"] in ("serious", "critical"):
                    problems.append(f"{kind}: {v['id']} ({v['impact']}): {v['help']}")
        # The scorecard: player 2 sat South with Ada Alder on board 1, East with Flo Fir on board 2.
        page.goto((individual_site / PAGES["individual-scorecard"]).as_uri())
        rows = page.locator("table.scorecard tbody tr")
        assert rows.nth(0).locator("td").nth(0).inner_text() == "S"
        assert rows.nth(0).locator("td").nth(1).inner_text() == "Ada Alder"
        assert rows.nth(1).locator("td").nth(2).inner_text() == "Ada Alder, Ed Elm"
        # Following the partner's link leads to their own scorecard.
        rows.nth(1).locator("td").nth(1).locator("a").click()
        assert page.locator("h1").inner_text().startswith("Player 6")
    finally:
        context.close()
    assert not problems, "\n".join(problems)

"""A board page with recorded auctions and play (issue 24 item 2) in headless Chromium at
phone (390 px) and desktop (1366 px) width: the bidding diagram with its alert and notes, the
play trick by trick, the link from the traveller line to its table's auction; nothing wider
than the screen, no serious axe-core violation.  Screenshots go to $SCREENSHOT_DIR (default:
a pytest temporary folder)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.site.build import build_site

pytestmark = pytest.mark.browser

SESSION = Path(__file__).resolve().parents[1] / "readers" / "fixtures" / "pbn" / "auction_play.pbn"
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1366, "height": 768}}
PAGES = {"auction-board-1": "board-1.html", "auction-board-2": "board-2.html", "auction-board-3": "board-3.html"}


@pytest.fixture(scope="module")
def auction_site(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("auction-browser")
    content = root / "content"
    (content / "sessions").mkdir(parents=True)
    (content / "site.yaml").write_text("club: Invented Bridge Club\n", encoding="utf-8")
    (content / "sessions" / "2026-11-20-auction-evening.pbn").write_bytes(SESSION.read_bytes())
    build_site(content, root / "site", jobs=1)
    [folder] = (root / "site" / "sessions").iterdir()
    return folder


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_board_pages_with_auction_and_play_fit_and_pass_axe(chromium_browser, auction_site, screenshot_dir, viewport):
    from axe_playwright_python.sync_playwright import Axe

    context = chromium_browser.new_context(viewport=VIEWPORTS[viewport])
    page = context.new_page()
    axe = Axe()
    problems = []
    try:
        for kind, path in PAGES.items():
            page.goto((auction_site / path).as_uri())
            page.screenshot(path=str(screenshot_dir / f"{kind}-{viewport}.png"), full_page=True)
            overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, f"{kind}: page is {overflow}px wider than the viewport"
            for v in axe.run(page).response["violations"]:
                if v["impact"] in ("serious", "critical"):
                    problems.append(f"{kind}: {v['id']} ({v['impact']}): {v['help']}")
        page.goto((auction_site / PAGES["auction-board-1"]).as_uri())
        # The traveller's first line (NS 1 v EW 2, 5♥X by S) links to its table's auction and play.
        page.locator("table.traveller tbody tr").nth(0).locator("a.rec").click()
        assert page.evaluate("location.hash") == "#table-1"
        block = page.locator("#table-1")
        assert block.locator("table.auction").is_visible()
        # West's column is empty before North deals; North opens 1♦, South's 3♥ is alerted with note 1.
        first = [c.inner_text() for c in block.locator("table.auction tbody tr").nth(0).locator("td").all()]
        assert first == ["", "1♦", "1♠", "3♥!1"]
        assert block.locator("ol.rec-notes li").nth(0).inner_text() == "non-forcing 6-9 points, 6-card"
        # Trick 1: West leads ♠K, North ruffs with ♥3 and wins; trick 2 North leads.
        tricks = block.locator("table.play tbody tr")
        assert tricks.count() == 7
        assert tricks.nth(0).locator("td").last.inner_text() == "N"
        assert tricks.nth(1).locator("td").nth(0).inner_text() == "N"
        # The last trick: South leads ♥2, the other cards are not recorded: no winner.
        assert tricks.nth(6).locator("td").last.inner_text() == "?"
        # Board 2: the 2♠ auction that matches no result is the board's, said so.
        page.goto((auction_site / PAGES["auction-board-2"]).as_uri())
        assert "no result on the traveller is 2S by E, 8 tricks" in page.locator("#recorded-1").inner_text()
        # Board 3: the wrong auction and play are left out with a note; the results stand.
        page.goto((auction_site / PAGES["auction-board-3"]).as_uri())
        notes = page.locator("section[aria-labelledby=rec-h] ul.note").inner_text()
        assert "insufficient" in notes and "played twice" in notes
        assert page.locator("table.traveller tbody tr").count() == 2
    finally:
        context.close()
    assert not problems, "\n".join(problems)

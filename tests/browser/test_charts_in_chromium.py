"""Charts members can read, in Chromium at 390 px (issue 28): the player's season shows each
session's date and partner as text a phone displays (not only in a hover <title>), its axis
ticks and titles; the board's frequency chart its axis titles; the pages fit and pass axe.

Built from the fixture club (tests/fixtures/club, invented names)."""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

import pytest

from generator.site.build import build_site

pytestmark = pytest.mark.browser

CLUB = Path(__file__).resolve().parents[1] / "fixtures" / "club"
PHONE = {"width": 390, "height": 844}
PLAYER = "players/wanda-west.html"
BOARD = "sessions/2026-09-07-monday-pairs/board-1.html"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


@pytest.fixture(scope="module")
def club_server(tmp_path_factory):
    root = tmp_path_factory.mktemp("charts-site")
    build_site(CLUB, root / "site", jobs=1)
    handler = functools.partial(_Quiet, directory=str(root / "site"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def _shown(page, selector: str) -> list[tuple[str, dict]]:
    """Each matching text as drawn: its words and its box on the screen."""
    return [(el.text_content(), el.bounding_box()) for el in page.locator(selector).all()]


def test_the_season_chart_is_readable_on_a_phone(chromium_browser, club_server, screenshot_dir):
    context = chromium_browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(club_server + PLAYER)
    page.wait_for_load_state("load")
    page.locator("figure.chart-box").first.screenshot(path=str(screenshot_dir / "trend-phone.png"))
    labels = _shown(page, "svg.trend text.date") + _shown(page, "svg.trend text.partner")
    assert [t for t, _ in labels] == ["18 November 2026", "25 November 2026", "with Xavier Yates", "with Xavier Yates"]
    for text, box in labels + _shown(page, "svg.trend text.tick") + _shown(page, "svg.trend .axis-title"):
        assert box is not None and box["height"] >= 9, f"{text!r} drawn {box}"  # readable, not a speck
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], f"{text!r} off the screen: {box}"
    assert [t for t, _ in _shown(page, "svg.trend text.tick")] == ["0%", "25%", "50%", "75%", "100%"]
    assert page.locator("svg.trend[role=img]").get_attribute("aria-label").startswith("Season 2026-27")
    page.get_by_text("The chart as text").click()
    assert page.get_by_text(
        "25 November 2026, Winter Championship, second session, with Xavier Yates: 68.75%"
    ).is_visible()
    context.close()


def test_the_frequency_chart_shows_its_axes_on_a_phone(chromium_browser, club_server):
    context = chromium_browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(club_server + BOARD)
    titles = _shown(page, "svg.dist .axis-title")
    assert [t for t, _ in titles] == ["NS score", "Tables"]
    for text, box in titles:
        assert box is not None and box["height"] >= 9 and box["x"] >= 0, f"{text!r} drawn {box}"
    context.close()


@pytest.mark.parametrize("path", [PLAYER, BOARD])
def test_chart_pages_fit_and_pass_axe(chromium_browser, club_server, path):
    from axe_playwright_python.sync_playwright import Axe

    context = chromium_browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(club_server + path)
    page.wait_for_load_state("load")
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{path}: {overflow}px wider than the screen"
    serious = [
        f"{v['id']}: {v['help']} — " + "; ".join(n["target"][0] for n in v["nodes"][:3])
        for v in Axe().run(page).response["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    context.close()
    assert not serious, "\n".join(serious)

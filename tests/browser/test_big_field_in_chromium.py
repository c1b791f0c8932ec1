"""A big field's board page (frequency table and explanations, traveller as a CSV) in
Chromium at phone and desktop widths: fits the screen, no serious axe violations, the CSV
link works.  Screenshots go to $SCREENSHOT_DIR (default: a pytest temporary folder)."""

from __future__ import annotations

import functools
import http.server
import threading

import pytest

from generator.site.build import build_site

from ..site.big_field_site import big_field_content

pytestmark = pytest.mark.browser

VIEWPORTS = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 800}}
BOARD = "sessions/2026-11-23-big-simultaneous/board-2.html"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def big_server(tmp_path_factory):
    content = big_field_content(tmp_path_factory.mktemp("big-browser") / "content")
    out = tmp_path_factory.mktemp("big-browser-built") / "site"
    build_site(content, out, jobs=1)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(out)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_big_field_board_page_fits_and_passes_axe(chromium_browser, big_server, screenshot_dir, viewport):
    from axe_playwright_python.sync_playwright import Axe

    context = chromium_browser.new_context(viewport=VIEWPORTS[viewport])
    page = context.new_page()
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    try:
        page.goto(big_server + BOARD)
        page.screenshot(path=str(screenshot_dir / f"big-board-{viewport}.png"), full_page=False)
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"page is {overflow}px wider than the viewport"
        violations = [
            f"{v['id']} ({v['impact']}): {v['help']}"
            for v in Axe().run(page).response["violations"]
            if v["impact"] in ("serious", "critical")
        ]
        assert not violations, "\n".join(violations)
        assert page.locator("table.traveller").count() == 0
        assert page.locator("table.freq tbody tr").count() >= 5
        link = page.locator('a[href="traveller-2.csv"]')
        assert link.count() == 1
        response = page.request.get(big_server + "sessions/2026-11-23-big-simultaneous/traveller-2.csv")
        assert response.ok and response.text().startswith("ns_pair,ew_pair,contract")
        assert all(u.startswith(big_server) for u in requested)
    finally:
        context.close()

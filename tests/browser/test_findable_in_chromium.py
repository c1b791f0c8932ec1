"""The 404 page and the redirects in Chromium, served as GitHub Pages serves a site: the
content of 404.html (status 404) for any missing address, at any depth."""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

import pytest

from generator.site.build import build_site

from ..site.test_findable import _content

pytestmark = pytest.mark.browser


class _LikePages(http.server.SimpleHTTPRequestHandler):
    """Files as they are; a missing one gets the site's 404.html with status 404."""

    def send_error(self, code, message=None, explain=None):
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format, *args):
        pass


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """The small site of tests/site/test_findable.py, without a site address, at the server's root."""
    root = tmp_path_factory.mktemp("served")
    build_site(_content(root), root / "site", jobs=1)
    handler = functools.partial(_LikePages, directory=str(root / "site"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("missing", ["nothing.html", "sessions/gone/board-9.html", "a/b/c/d/e.html"])
def test_the_404_page_links_from_the_root_at_any_depth(chromium_browser, served, missing):
    page = chromium_browser.new_page()
    response = page.goto(served + missing)
    assert response.status == 404
    assert page.locator("h1").inner_text() == "Page not found"
    # the stylesheet loaded: its address was resolved from the root
    assert page.evaluate("[...document.styleSheets].map(s => s.href.split('/').slice(3).join('/'))") == [
        "static/site.css"
    ]
    assert page.evaluate("document.styleSheets[0].cssRules.length") > 10
    page.get_by_role("link", name="Players").first.click()
    page.wait_for_load_state()
    assert page.url == served + "players/index.html"
    assert page.locator("h1").inner_text() == "Players"
    page.close()


def test_an_old_address_takes_the_browser_to_the_new_page(chromium_browser, served):
    page = chromium_browser.new_page()
    page.goto(served + "sessions/2026-10-05/pair-1-ns.html")
    page.wait_for_url(served + "sessions/2026-10-05-ponedelnik/pair-ns-1.html")
    assert "Łukasz Ząbek" in page.locator("main").inner_text()
    page.close()

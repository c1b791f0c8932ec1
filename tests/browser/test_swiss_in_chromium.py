"""Swiss pairs pages in Chromium at 360 and 1280 px: nothing wider than the screen outside the
scrolling tables, no serious axe-core violation, and a reader's path from the standings to a
match and on to the cross-IMP explanation of one of its boards.

Built from the fixture sessions of tests/fixtures/explanations/ (never from content/).
"""

from __future__ import annotations

import functools
import http.server
import threading

import pytest

from generator.site.build import build_site
from tests.helpers.explanation_site import write_content

pytestmark = pytest.mark.browser

VIEWPORTS = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 800}}
PAGES = {
    "swiss-session": "sessions/swiss/index.html",
    "swiss-rounds": "sessions/swiss/swiss.html",
    "swiss-match": "sessions/swiss/swiss-round-1-match-1.html",
    "swiss-pair": "sessions/swiss/pair-6.html",
    "swiss-article": "articles/swiss-pairs.html",
}


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


@pytest.fixture(scope="module")
def swiss_server(tmp_path_factory):
    root = tmp_path_factory.mktemp("swiss-site")
    build_site(write_content(root, {}), root / "site", jobs=1)
    handler = functools.partial(_Quiet, directory=str(root / "site"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_swiss_pages_fit_and_pass_axe(chromium_browser, swiss_server, screenshot_dir, viewport):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    context = chromium_browser.new_context(viewport=VIEWPORTS[viewport])
    page = context.new_page()
    failed: list[str] = []
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    problems = []
    for kind, path in PAGES.items():
        page.goto(swiss_server + path)
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
    assert not failed, "\n".join(failed)


def test_from_the_standings_to_a_board_explanation(chromium_browser, swiss_server):
    context = chromium_browser.new_context(viewport=VIEWPORTS["phone"])
    page = context.new_page()
    page.goto(swiss_server + PAGES["swiss-session"])
    page.get_by_role("link", name="Round by round").click()
    assert page.url.endswith("swiss.html")
    page.get_by_role("link", name="16.23–3.77").click()
    assert page.url.endswith("swiss-round-1-match-1.html#result")
    assert page.locator("#result").is_visible()
    page.get_by_role("link", name="1.50 IMPs to pair 1 on board 2: how").click()
    assert page.url.endswith("board-2.html#line-3-ns")
    target = page.locator(".explain:target")
    assert target.is_visible()
    assert "1.50 IMPs" in target.inner_text()
    context.close()

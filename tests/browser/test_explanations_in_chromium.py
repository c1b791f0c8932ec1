"""Explanation pages on a phone (issue 11): no table header breaks inside a word at 360 px,
nothing the page asks for is missing (favicon included), Enter in the player search opens
the first match; screenshots of every page kind at 360 and 1280 px for a human to look at.

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
PAGE_KINDS = {
    "home": "index.html",
    "session": "sessions/pairs-matchpoints/index.html",
    "board-plain": "sessions/pairs-matchpoints/board-1.html",
    "board-neuberg": "sessions/pairs-matchpoints/board-2.html",
    "board-artificial": "sessions/pairs-matchpoints/board-3.html",
    "board-weighted": "sessions/pairs-matchpoints/board-4.html",
    "board-split": "sessions/pairs-matchpoints/board-5.html",
    "pair-missed-a-board": "sessions/pairs-matchpoints/pair-ns-5.html",
    "butler-board": "sessions/pairs-butler/board-4.html",
    "cross-imps-board": "sessions/pairs-cross-imps/board-2.html",
    "teams-session": "sessions/teams/index.html",
    "match": "sessions/teams/match-1.html",
    "players": "players/index.html",
    "player": "players/abel-ash.html",
    "season": "players/season-2026.html",
    "article": "articles/neuberg.html",
}

# For every header cell: does any word of it start on one line and end on another?
BROKEN_HEADERS = """
() => {
  const broken = [];
  for (const th of document.querySelectorAll("th")) {
    if (!th.offsetParent) continue;
    const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const re = /\\S+/g;
      let m;
      while ((m = re.exec(node.data)) !== null) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top)));
        if (tops.size > 1) broken.push(th.textContent.trim() + " [" + m[0] + "]");
      }
    }
  }
  return broken;
}
"""


@pytest.fixture(scope="module")
def fixture_server(tmp_path_factory):
    root = tmp_path_factory.mktemp("explanations-site")
    build_site(write_content(root, {}), root / "site", jobs=1)
    handler = functools.partial(_Quiet, directory=str(root / "site"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_no_header_breaks_inside_a_word_and_nothing_is_missing(
    chromium_browser, fixture_server, screenshot_dir, viewport
):
    context = chromium_browser.new_context(viewport=VIEWPORTS[viewport])
    page = context.new_page()
    failed: list[str] = []
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    broken = []
    for kind, path in PAGE_KINDS.items():
        page.goto(fixture_server + path)
        page.wait_for_load_state("load")
        page.screenshot(path=str(screenshot_dir / f"explain-{kind}-{viewport}.png"), full_page=True)
        broken += [f"{kind}: {b}" for b in page.evaluate(BROKEN_HEADERS)]
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"{kind}: page is {overflow}px wider than the viewport"
    context.close()
    assert not broken, "\n".join(broken)
    assert not failed, "\n".join(failed)  # no 404 for a favicon or anything else


def test_the_header_check_can_fail(chromium_browser, fixture_server):
    """The old rule (.steps li breaking anywhere, reaching the small tables' headers) is caught."""
    context = chromium_browser.new_context(viewport=VIEWPORTS["phone"])
    page = context.new_page()
    page.goto(fixture_server + PAGE_KINDS["cross-imps-board"])
    page.add_style_tag(content=".steps table.mini th { overflow-wrap: anywhere; width: 1px; }")
    assert page.evaluate(BROKEN_HEADERS)
    context.close()


def test_enter_in_the_player_search_opens_the_first_match(chromium_browser, fixture_server):
    context = chromium_browser.new_context(viewport=VIEWPORTS["phone"])
    page = context.new_page()
    page.goto(fixture_server + "players/index.html")
    page.get_by_label("Find a player").fill("ash")
    page.get_by_label("Find a player").press("Enter")
    page.wait_for_url("**/players/abel-ash.html")
    context.close()


def test_home_page_links_the_month_archive_and_the_season_ranking(chromium_browser, fixture_server):
    context = chromium_browser.new_context(viewport=VIEWPORTS["desktop"])
    page = context.new_page()
    page.goto(fixture_server + "index.html")
    page.get_by_role("link", name="Season 2026").click()
    assert page.url.endswith("players/season-2026.html")
    page.goto(fixture_server + "index.html")
    page.get_by_role("link", name="March (5)").click()
    assert page.url.endswith("archive/2026-03.html")
    context.close()


def _luminance(rgb: str) -> float:
    """Relative luminance (WCAG) of a computed 'rgb(r, g, b)' colour."""
    parts = [int(x) / 255 for x in rgb[rgb.index("(") + 1 : rgb.index(")")].split(",")[:3]]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in parts]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_focus_ring_has_three_to_one_contrast_on_the_page_and_on_the_header(chromium_browser, fixture_server):
    context = chromium_browser.new_context(viewport=VIEWPORTS["desktop"])
    page = context.new_page()
    page.goto(fixture_server + "index.html")
    for selector, background in (("main a", "rgb(255, 255, 255)"), ("header.top nav a", "rgb(11, 61, 117)")):
        page.keyboard.press("Tab")  # keyboard focus, so that :focus-visible applies
        page.locator(selector).first.focus()
        ring = page.locator(selector).first.evaluate("e => getComputedStyle(e).outlineColor")
        width = page.locator(selector).first.evaluate("e => getComputedStyle(e).outlineWidth")
        assert width == "3px"
        assert _contrast(ring, background) >= 3, (selector, ring)
    context.close()

"""Every page kind on a phone (360 and 390 px) and a desktop (1366 px), in headless Chromium
(issue 28): no table cell's content overflows its box, the page itself never scrolls sideways,
a traveller shows NS's and EW's results without scrolling, and axe-core finds nothing serious.

One site holds one page of each kind: the fixture club (pairs, Howell, Butler, cross-IMPs,
teams, handicap, strata, Swiss teams, a two-session event) with the Swiss pairs fixture and
the individual added.  Rankings and travellers fit the screen whole; another table too wide
for it may scroll inside its own box (a "scroll" region, which draws a shadow at the edge as
its hint and keeps its first column in view): its cells are still measured.
Screenshots go to $SCREENSHOT_DIR (default: a pytest temporary folder).
"""

from __future__ import annotations

import functools
import http.server
import shutil
import threading
from pathlib import Path

import pytest

from generator.site.build import build_site

pytestmark = pytest.mark.browser

TESTS = Path(__file__).resolve().parents[1]
WIDTHS = (360, 390, 1366)
PAGES = {
    "home": "index.html",
    "pairs": "sessions/2026-09-07-monday-pairs/index.html",
    "pairs-board": "sessions/2026-09-07-monday-pairs/board-5.html",
    "pairs-pair": "sessions/2026-09-07-monday-pairs/pair-ns-4.html",
    "howell": "sessions/2026-09-17-thursday-howell/index.html",
    "howell-pair": "sessions/2026-09-17-thursday-howell/pair-3.html",
    "butler-board": "sessions/2026-10-01-butler-pairs/board-4.html",
    "cross-imps": "sessions/2026-10-08-cross-imp-pairs/index.html",
    "cross-imps-board": "sessions/2026-10-08-cross-imp-pairs/board-2.html",
    "teams": "sessions/2026-10-15-autumn-teams-r1/index.html",
    "teams-match": "sessions/2026-10-15-autumn-teams-r1/match-1.html",
    "handicap": "sessions/2026-10-22-handicap-pairs/index.html",
    "strata": "sessions/2026-11-12-stratified-pairs/index.html",
    "swiss-teams": "sessions/2026-11-14-autumn-swiss-teams/index.html",
    "swiss-teams-match": "sessions/2026-11-14-autumn-swiss-teams/match-1.html",
    "swiss-pairs": "sessions/2026-04-07-swiss/index.html",
    "swiss-pairs-rounds": "sessions/2026-04-07-swiss/swiss.html",
    "swiss-pairs-match": "sessions/2026-04-07-swiss/swiss-round-1-match-1.html",
    "individual": "sessions/2026-11-20-individual/index.html",
    "individual-board": "sessions/2026-11-20-individual/board-2.html",
    "individual-scorecard": "sessions/2026-11-20-individual/pair-2.html",
    "event": "events/2026-winter-championship/index.html",
    "event-session": "sessions/2026-11-25-winter-championship-2/index.html",
    "players": "players/index.html",
    "player": "players/edna-ellis.html",
    "season": "players/season-2026-27.html",
    "month": "archive/2026-10.html",
    "articles": "articles/index.html",
    "article": "articles/neuberg.html",
    "not-found": "404.html",
}

# Cells whose content is wider than their box, and the page's sideways overflow.  A cell of a
# column folded away on a phone (visibility: collapse, no width) is not shown: not measured.
MEASURE = """() => {
  const cells = [];
  for (const c of document.querySelectorAll('td, th')) {
    if (c.clientWidth === 0 || getComputedStyle(c).visibility !== 'visible') continue;
    if (c.scrollWidth > c.clientWidth) {
      cells.push(`${c.closest('table').className} ${c.tagName}: "${c.textContent.trim().slice(0, 30)}" `
                 + `${c.scrollWidth} > ${c.clientWidth}`);
    }
  }
  const scrolled = [...document.querySelectorAll('.scroll')]
    .filter(s => s.scrollWidth > s.clientWidth && s.querySelector('table.ranking, table.traveller'))
    .map(s => `${s.querySelector('table').className} ${s.scrollWidth} > ${s.clientWidth}`);
  return {cells, scrolled, page: document.scrollingElement.scrollWidth - innerWidth};
}"""

# The traveller's last two columns (NS's and EW's results) inside the screen, first row.
RESULTS_IN_VIEW = """() => {
  const row = document.querySelector('table.traveller tbody tr');
  const cells = [...row.cells].slice(-2);
  return cells.every(c => c.getBoundingClientRect().right <= innerWidth);
}"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


@pytest.fixture(scope="module")
def every_kind(tmp_path_factory):
    """The site with one page of every kind, served over HTTP."""
    root = tmp_path_factory.mktemp("phones")
    content = root / "content"
    shutil.copytree(TESTS / "fixtures" / "club", content)
    sessions = content / "sessions"
    shutil.copy(TESTS / "fixtures" / "explanations" / "swiss.yaml", sessions / "2026-04-07-swiss.yaml")
    shutil.copy(TESTS / "readers" / "fixtures" / "yaml" / "individual.yaml", sessions / "2026-11-20-individual.yaml")
    build_site(content, root / "site", jobs=1)
    handler = functools.partial(_Quiet, directory=str(root / "site"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("width", WIDTHS)
def test_every_page_kind_fits(chromium_browser, every_kind, screenshot_dir, width):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    context = chromium_browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    missing: list[str] = []
    page.on("response", lambda r: missing.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    problems = []
    try:
        for kind, path in PAGES.items():
            page.goto(every_kind + path)
            page.screenshot(path=str(screenshot_dir / f"phones-{kind}-{width}.png"), full_page=True)
            found = page.evaluate(MEASURE)
            problems += [f"{kind} at {width}px: cell overflows: {c}" for c in found["cells"]]
            # a ranking or a traveller fits a phone whole (minor columns under the line, or folded)
            problems += [f"{kind} at {width}px: scrolls sideways in its box: {s}" for s in found["scrolled"]]
            if found["page"] > 0:
                problems.append(f"{kind} at {width}px: the page scrolls sideways by {found['page']}px")
            if page.locator("table.traveller").count() and not page.evaluate(RESULTS_IN_VIEW):
                problems.append(f"{kind} at {width}px: the traveller's NS and EW results are not both in view")
            for v in axe.run(page).response["violations"]:
                if v["impact"] in ("serious", "critical"):
                    targets = "; ".join(n["target"][0] for n in v["nodes"][:3])
                    problems.append(f"{kind} at {width}px: {v['id']} ({v['impact']}): {v['help']} — {targets}")
    finally:
        context.close()
    assert not problems, "\n".join(problems)
    # every page kind was there: a missing page would pass the checks above on a 404 page
    assert not [m for m in missing if not m.endswith("favicon.ico")], missing


def test_a_ranking_moves_its_minor_columns_under_the_names_on_a_phone(chromium_browser, every_kind):
    """Monday Pairs: pair NS 3 missed a board, so its Scaled figure is 42.39 (38.15 × 10 / 9,
    rounded as the ranking prints it).  On a phone the Scaled and Boards columns are gone and
    the line under the names says it; on a desktop it is the other way round."""
    shown = {}
    for width in (360, 1366):
        context = chromium_browser.new_context(viewport={"width": width, "height": 800})
        page = context.new_page()
        page.goto(every_kind + PAGES["pairs"])
        row = page.locator("table.ranking").first.locator("tbody tr").filter(has_text="38.15")
        shown[width] = (
            row.locator(".under").is_visible() and row.locator(".under > span").all_inner_texts(),
            row.locator("td.minor").first.is_visible(),
        )
        context.close()
    assert shown[360] == (["Scaled 42.39", "9 boards"], False)
    assert shown[1366] == (False, True)


def test_board_page_sections_in_the_order_members_read_them(chromium_browser, every_kind):
    context = chromium_browser.new_context(viewport={"width": 360, "height": 800})
    page = context.new_page()
    page.goto(every_kind + PAGES["pairs-board"])
    headings = page.locator("main h2").all_inner_texts()
    context.close()
    order = ["The deal", "Traveller", "Frequencies", "How the scores were calculated", "What each trick was worth"]
    assert [h for h in headings if h in order] == order

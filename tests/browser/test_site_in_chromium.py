"""A member's journey through the sample site in headless Chromium, at phone and desktop
sizes; axe-core on every page kind; no JavaScript needed; nothing fetched from elsewhere.

Screenshots go to $SCREENSHOT_DIR (default: a pytest temporary folder) for a human to look at.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.model import Scored
from generator.readers import read_sessions
from generator.scoring.session import score_session
from generator.site import format as fmt
from generator.site.links import pair_file
from generator.site_config import load_config

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "tests" / "fixtures" / "club"
VIEWPORTS = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 800}}
MONDAY = "2026-09-07-monday-pairs"

PAGE_KINDS = {
    "home": "index.html",
    "session": f"sessions/{MONDAY}/index.html",
    "board": f"sessions/{MONDAY}/board-5.html",
    "pair": f"sessions/{MONDAY}/pair-ns-4.html",
    "butler-board": "sessions/2026-10-01-butler-pairs/board-4.html",
    "cross-imps-board": "sessions/2026-10-08-cross-imp-pairs/board-2.html",
    "teams-session": "sessions/2026-10-15-autumn-teams-r1/index.html",
    "match": "sessions/2026-10-15-autumn-teams-r1/match-1.html",
    "players": "players/index.html",
    "player": "players/edna-ellis.html",
    "season": "players/season-2026-27.html",
    "articles": "articles/index.html",
    "article": "articles/neuberg.html",
    "event": "events/2026-winter-championship/index.html",
    "event-session": "sessions/2026-11-25-winter-championship-2/index.html",
}


def scored(name: str):
    config = load_config(CONTENT)
    session = read_sessions(CONTENT / "sessions" / f"{name}.yaml")[0]
    return score_session(session, config.options(session.options))


def card_places(standing) -> int:
    return fmt.mp_places([v for e in standing.scorecard for v in (e.score.value, e.running_total)])


@pytest.fixture(params=list(VIEWPORTS), ids=list(VIEWPORTS))
def page(request, chromium_browser, site_server):
    """A fresh page at one viewport; records every request the page makes."""
    context = chromium_browser.new_context(viewport=VIEWPORTS[request.param])
    pg = context.new_page()
    pg.requested = []
    pg.on("request", lambda r: pg.requested.append(r.url))
    pg.viewport_name = request.param
    pg.base = site_server
    yield pg
    context.close()


def test_member_finds_their_neuberg_score(page, screenshot_dir):
    """Home -> session -> their pair -> scorecard -> the short board -> the Neuberg explanation."""
    result = scored(MONDAY)
    short = next(b for b in result.boards if b.actual < b.expected and all(l.line.is_result for l in b.lines))
    standing = next(s for s in result.standings if any(e.board is short for e in s.scorecard))
    entry = next(e for e in standing.scorecard if e.board is short)
    player = standing.pair.players[0].name

    page.goto(page.base + "index.html")
    page.get_by_role("link", name="Monday Pairs").click()
    row = page.get_by_role("row").filter(has_text=player)
    row.get_by_role("link", name=str(standing.ref.number), exact=True).click()
    assert page.get_by_role("heading", level=1).inner_text().startswith(f"Pair {standing.ref.number}")
    card_row = page.get_by_role("row").filter(has=page.get_by_role("rowheader", name=short.slug, exact=True))
    figure = fmt.matchpoints(entry.score.value, card_places(standing))
    card_row.get_by_role("link", name=f"{figure} on board {short.slug}").click()
    assert f"board-{short.slug}.html#" in page.url
    target = page.locator(".explain:target")
    assert target.is_visible()
    text = target.inner_text()
    neuberg = next(s for s in entry.score.explanation.steps if s.rule == "neuberg.formula")
    # issue 11: the results played, then the scaling, written by the engine (a step reads as a sentence)
    assert f"scaled to the {short.expected} results expected" in text.lower()
    assert f"× {short.expected} / {short.actual} −" in text
    assert neuberg.summary[1:] in text
    page.screenshot(path=str(screenshot_dir / f"journey-neuberg-{page.viewport_name}.png"))
    target.get_by_role("link", name="The Neuberg formula").click()
    assert page.url.endswith("articles/neuberg.html")
    assert all(u.startswith(page.base) for u in page.requested), page.requested


def test_member_reads_a_weighted_score(page, screenshot_dir):
    result = scored(MONDAY)
    board, line = next(
        (b, l) for b in result.boards for l in b.lines if isinstance(l.line.ns, Scored) and l.line.ns.is_weighted
    )
    ref = line.line.ns_pair
    standing = result.standing(ref)
    page.goto(page.base + f"sessions/{MONDAY}/{pair_file(ref)}")
    row = page.get_by_role("row").filter(has=page.get_by_role("rowheader", name=board.slug, exact=True))
    row.get_by_role(
        "link", name=f"{fmt.matchpoints(line.ns.value, card_places(standing))} on board {board.slug}"
    ).click()
    target = page.locator(".explain:target")
    assert target.is_visible()
    text = target.inner_text()
    assert "Each possible result" in text
    step = line.ns.explanation.steps[0]
    for c in step.values["components"]:
        assert fmt.weight(c["weight"]) in text and fmt.exact(c["product"]) in text
    assert f"= {fmt.exact(step.values['total'])}" in text.replace("\n", " ") or fmt.exact(step.values["total"]) in text
    page.screenshot(path=str(screenshot_dir / f"journey-weighted-{page.viewport_name}.png"), full_page=False)


def test_pages_fit_a_phone_and_have_no_serious_accessibility_violations(page, screenshot_dir):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    problems = []
    for kind, path in PAGE_KINDS.items():
        page.goto(page.base + path)
        page.screenshot(path=str(screenshot_dir / f"{kind}-{page.viewport_name}.png"), full_page=True)
        # nothing wider than the screen except inside the scrollable table regions
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"{kind}: page is {overflow}px wider than the viewport"
        results = axe.run(page)
        for v in results.response["violations"]:
            if v["impact"] in ("serious", "critical"):
                problems.append(
                    f"{kind}: {v['id']} ({v['impact']}): {v['help']} — "
                    + "; ".join(n["target"][0] for n in v["nodes"][:3])
                )
    assert not problems, "\n".join(problems)
    assert all(u.startswith(page.base) for u in page.requested)


def test_site_works_without_javascript(chromium_browser, site_server):
    context = chromium_browser.new_context(java_script_enabled=False, viewport=VIEWPORTS["phone"])
    pg = context.new_page()
    pg.goto(site_server + "players/index.html")
    assert not pg.locator("#player-search").is_visible()  # the search needs JS; the list does not
    pg.get_by_role("link", name="Queenie Quill").first.click()
    assert pg.get_by_role("heading", level=1).inner_text() == "Queenie Quill"
    pg.goto(site_server + f"sessions/{MONDAY}/board-7.html")
    pg.get_by_role("link", name="how NS").first.click()
    assert pg.locator(".explain:target").is_visible()
    context.close()


def test_player_search(chromium_browser, site_server):
    context = chromium_browser.new_context(viewport=VIEWPORTS["phone"])
    pg = context.new_page()
    pg.goto(site_server + "players/index.html")
    pg.get_by_label("Find a player").fill("quil")
    pg.locator("#search-results").get_by_role("link", name="Queenie Quill").click()
    assert pg.url.endswith("players/queenie-quill.html")
    context.close()


def test_member_follows_an_event_across_its_sessions(page, screenshot_dir):
    """Home -> the event -> a pair's explanation -> its second-session figure -> the pair's page
    there -> back to the event from the session page."""
    page.goto(page.base + "index.html")
    page.get_by_role("link", name="Winter Championship", exact=True).click()
    assert page.get_by_role("heading", level=1).inner_text() == "Winter Championship"
    row = page.get_by_role("row").filter(has_text="Yara York")
    row.get_by_role("link", name="40.63").click()
    target = page.locator(".explain:target")
    assert target.is_visible()
    assert "(31.25% × 4 + 50% × 4) / 8 = 40.625%" in target.inner_text()
    page.screenshot(path=str(screenshot_dir / f"event-explained-{page.viewport_name}.png"), full_page=True)
    page.get_by_role("row").filter(has_text="Wanda West").get_by_role("link", name="68.75").click()
    assert "sessions/2026-11-25-winter-championship-2/pair-ns-2.html" in page.url
    assert page.get_by_role("heading", level=1).inner_text().startswith("Pair 2")
    page.get_by_role("link", name="Winter Championship, second session").first.click()
    page.get_by_role("link", name="Winter Championship", exact=True).click()
    assert page.url.endswith("events/2026-winter-championship/index.html")
    assert all(u.startswith(page.base) for u in page.requested)


def test_site_opened_from_disk(chromium_browser, built_site):
    context = chromium_browser.new_context(viewport=VIEWPORTS["desktop"])
    pg = context.new_page()
    pg.goto((built_site / "index.html").as_uri())
    pg.get_by_role("link", name="Butler Pairs").click()
    pg.get_by_role("link", name="Board 4", exact=True).click()
    assert pg.url.endswith("board-4.html")
    assert pg.get_by_text("Datum").first.is_visible()
    css = pg.evaluate("getComputedStyle(document.querySelector('.top')).backgroundColor")
    assert css != "rgba(0, 0, 0, 0)"  # the stylesheet loaded through its relative link
    context.close()


def test_print_stylesheet_hides_navigation(chromium_browser, site_server):
    context = chromium_browser.new_context(viewport=VIEWPORTS["desktop"])
    pg = context.new_page()
    pg.goto(site_server + f"sessions/{MONDAY}/index.html")
    pg.emulate_media(media="print")
    assert not pg.locator(".crumbs").is_visible()
    assert pg.get_by_role("table").first.is_visible()
    context.close()

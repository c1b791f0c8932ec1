"""A corrected session in Chromium: the marks lead to the correction, the pages fit a phone
and axe-core finds no serious problem on the session, board and pair pages."""

from __future__ import annotations

import importlib.util
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.skipif(shutil.which("git") is None, reason="needs git")]

_spec = importlib.util.spec_from_file_location(
    "corrections_helpers", Path(__file__).resolve().parents[1] / "site" / "test_corrections.py"
)
helpers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(helpers)


@pytest.fixture(scope="module")
def corrected_site(tmp_path_factory) -> Path:
    repo = helpers.make_repo(tmp_path_factory.mktemp("corrected"))
    path = repo / "content" / "sessions" / "tuesday.yaml"
    path.write_text(helpers.V1, encoding="utf-8")
    helpers.git(repo, "add", "-A", ".")
    helpers.git(repo, "commit", "-q", "-m", "Tuesday pairs", date="2026-11-23T22:30:00+00:00")
    path.write_text(helpers.V2, encoding="utf-8")
    helpers.git(repo, "commit", "-q", "-a", "-m", helpers.REASON, date="2026-11-24T09:15:00+00:00")
    helpers.build(repo, now=datetime(2026, 11, 24, 12, 0, tzinfo=UTC))  # still provisional
    return repo / "site"


@pytest.mark.parametrize("width", [360, 1280])
def test_a_mark_leads_to_the_correction_and_the_pages_pass_axe(chromium_browser, corrected_site, screenshot_dir, width):
    from axe_playwright_python.sync_playwright import Axe

    context = chromium_browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    # The reader's clock within the provisional period, as at the build (its notes hide after it).
    page.clock.set_fixed_time(datetime(2026, 11, 24, 12, 0, tzinfo=UTC))
    try:
        problems = []
        for rel in ("sessions/tuesday/index.html", "sessions/tuesday/board-1.html", "sessions/tuesday/pair-ns-1.html"):
            page.goto((corrected_site / rel).as_uri())
            page.screenshot(path=str(screenshot_dir / f"corrected-{Path(rel).stem}-{width}.png"), full_page=True)
            overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, f"{rel}: {overflow}px wider than the viewport"
            for v in Axe().run(page).response["violations"]:
                if v["impact"] in ("serious", "critical"):
                    problems.append(f"{rel}: {v['id']}: {v['help']}")
        assert not problems, "\n".join(problems)
        page.goto((corrected_site / "sessions/tuesday/board-1.html").as_uri())
        page.get_by_role("link", name="corrected: see the correction").first.click()
        page.wait_for_load_state()
        assert page.url.endswith("sessions/tuesday/index.html#correction-1")
        target = page.locator("#correction-1")
        assert target.is_visible()
        assert "4♠= by N +420 → 4♠−1 by N −50" in target.inner_text()
        assert page.get_by_text("Provisional").first.is_visible()
    finally:
        context.close()


@pytest.mark.parametrize(
    "today, shown",
    [
        (datetime(2026, 11, 25, 22, 29, tzinfo=UTC), True),  # a minute before the period ends
        (datetime(2026, 11, 25, 22, 31, tzinfo=UTC), False),  # after it, with no build since
    ],
)
def test_the_provisional_notes_go_when_their_moment_passes_without_a_rebuild(
    chromium_browser, corrected_site, today, shown
):
    """Built on 24 November, first committed 23 November 22:30 UTC with the default period of two
    days: provisional until 25 November 22:30.  The page says so as text; its few lines of script
    hide the notes once that moment has passed on the reader's clock (no daily rebuild needed)."""
    context = chromium_browser.new_context()
    page = context.new_page()
    try:
        page.clock.set_fixed_time(today)
        for rel, selector in (("sessions/tuesday/index.html", "#provisional"), ("index.html", ".provisional-note")):
            page.goto((corrected_site / rel).as_uri())
            note = page.locator(selector).first
            assert note.count() == 1  # the note is in the page either way: its text stays true
            assert note.is_visible() is shown, f"{rel} at {today:%d %b %H:%M}"
    finally:
        context.close()

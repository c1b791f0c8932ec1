"""Names on a traveller in Chromium (issue 28): surnames on a phone, full names on a wider
screen, the full names always what a screen reader reads (the accessibility tree), each once,
and axe-core finds nothing serious.  The fixture club's Monday pairs, board 5: NS 5 are Iris
Ingram & Jack Jolley against EW 2, Mona Marsh & Ned Nettle (tests/fixtures/club)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.site.build import build_site

pytestmark = pytest.mark.browser

TESTS = Path(__file__).resolve().parents[1]
BOARD = "sessions/2026-09-07-monday-pairs/board-5.html"

# The names a sighted reader sees in each pair cell: the one of the two name spans that has a
# box bigger than the visually hidden one's 1 px (display: none gives none at all).
SEEN = """cells => cells.map(c => [...c.querySelectorAll('.names > span')]
  .filter(s => s.getBoundingClientRect().width > 1).map(s => s.textContent).join(' | '))"""


@pytest.fixture(scope="module")
def club_site(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("names")
    shutil.copytree(TESTS / "fixtures" / "club", root / "content")
    build_site(root / "content", root / "site", jobs=1)
    return root / "site"


@pytest.mark.parametrize(
    ("width", "shown"),
    [
        (360, ["Ingram & Jolley", "Marsh & Nettle"]),
        (390, ["Ingram & Jolley", "Marsh & Nettle"]),
        (1366, ["Iris Ingram & Jack Jolley", "Mona Marsh & Ned Nettle"]),
    ],
)
def test_a_traveller_line_shows_surnames_on_a_phone_and_full_names_wider(
    chromium_browser, club_site, screenshot_dir, width, shown
):
    from axe_playwright_python.sync_playwright import Axe

    context = chromium_browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    try:
        page.goto((club_site / BOARD).as_uri())
        page.screenshot(path=str(screenshot_dir / f"names-board-{width}.png"), full_page=True)
        row = page.locator("table.traveller tbody tr").filter(has_text="Ingram").first
        assert row.locator("td.pair").evaluate_all(SEEN) == shown
        # what a screen reader reads: the number and the full names, once, at every width
        link = row.locator("td.pair a").first
        assert link.evaluate("a => a.textContent") == "5 Iris Ingram & Jack JolleyIngram & Jolley"
        assert page.get_by_role("link", name="5 Iris Ingram & Jack Jolley", exact=True).count() == 1
        serious = [v["id"] for v in Axe().run(page).response["violations"] if v["impact"] in ("serious", "critical")]
        assert serious == []
    finally:
        context.close()

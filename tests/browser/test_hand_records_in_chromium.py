"""The hand-record sheet prints four boards a page (issue 28, item 7): Chromium's PDF of an
8-board session's ``hands.html`` has two pages.  Built from the fixture club's Monday Pairs,
cut to its first eight boards (tests/fixtures, invented names)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from generator.site.build import build_site

pytestmark = pytest.mark.browser

MONDAY = Path(__file__).resolve().parents[1] / "fixtures" / "club" / "sessions" / "2026-09-07-monday-pairs.yaml"


def _site(root: Path, boards: int) -> Path:
    data = yaml.safe_load(MONDAY.read_text(encoding="utf-8"))
    data["boards"] = [b for b in data["boards"] if b["number"] <= boards]
    sessions = root / "content" / "sessions"
    sessions.mkdir(parents=True)
    (sessions / "2026-09-07-monday-pairs.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    build_site(root / "content", root / "site", jobs=1)
    return root / "site" / "sessions" / "2026-09-07-monday-pairs" / "hands.html"


def _pages(pdf: bytes) -> int:
    """The PDF's page objects ('/Type /Pages' is the tree that holds them, not a page)."""
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


@pytest.mark.parametrize(("boards", "pages"), [(8, 2), (5, 2), (4, 1)])
def test_four_boards_a_printed_page(chromium_browser, tmp_path, screenshot_dir, boards, pages):
    sheet = _site(tmp_path, boards)
    page = chromium_browser.new_page()
    page.goto(sheet.as_uri())
    page.wait_for_load_state("load")
    assert page.locator(".hand-record").count() == boards
    pdf = page.pdf(format="A4")
    (screenshot_dir / f"hands-{boards}.pdf").write_bytes(pdf)
    assert _pages(pdf) == pages
    page.close()

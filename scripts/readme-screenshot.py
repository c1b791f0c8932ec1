"""Takes docs/img/board.png, the README's screenshot: a board page of the fixture club
with its traveller, frequency table and the first explanations, in headless Chromium.

    .venv/bin/python scripts/readme-screenshot.py
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.site.build import build_site  # noqa: E402

BOARD = "sessions/2026-09-07-monday-pairs/board-5.html"
LAST = "#board-arithmetic"  # the screenshot ends below this explanation (the board's own)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        build_site(ROOT / "tests" / "fixtures" / "club", site, jobs=1)
        with sync_playwright() as p:
            chromium = shutil.which("chromium") or None
            browser = p.chromium.launch(
                executable_path=chromium, headless=True, args=["--no-sandbox", "--disable-background-networking"]
            )
            page = browser.new_page(viewport={"width": 900, "height": 900})
            page.goto((site / BOARD).as_uri())
            box = page.locator(LAST).bounding_box()
            out = ROOT / "docs" / "img" / "board.png"
            out.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(
                path=str(out),
                clip={"x": 0, "y": 0, "width": 900, "height": box["y"] + box["height"] + 16},
                full_page=True,
            )
            browser.close()
        print(f"wrote {out.relative_to(ROOT)} ({out.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    main()

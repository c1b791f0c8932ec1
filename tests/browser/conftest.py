"""Headless Chromium for the browser tests (Playwright's own, else the system's)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def chromium_browser(chromium_executable):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=chromium_executable,
            headless=True,
            args=["--no-sandbox", "--disable-background-networking", "--disable-gpu"],
        )
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def screenshot_dir(tmp_path_factory) -> Path:
    """$SCREENSHOT_DIR when set (to look at them), else a temporary folder."""
    folder = (
        Path(os.environ["SCREENSHOT_DIR"]) if os.environ.get("SCREENSHOT_DIR") else tmp_path_factory.mktemp("shots")
    )
    folder.mkdir(parents=True, exist_ok=True)
    return folder

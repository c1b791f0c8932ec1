"""Shared fixtures: the sample site built once per test session, and a local HTTP server for it."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"


@pytest.fixture(autouse=True)
def _not_in_github_actions(monkeypatch):
    """The suite runs in GitHub Actions too, where GITHUB_ACTIONS=true makes a failed build
    print workflow annotations on stdout: each test starts without it (the annotation tests
    set it themselves)."""
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The sample content built into a temporary folder (never the project's site/)."""
    from generator.site.build import build_site

    out = tmp_path_factory.mktemp("built") / "site"
    build_site(CONTENT, out, jobs=1)
    return out


@pytest.fixture(scope="session")
def site_server(built_site):
    """http://127.0.0.1:<port>/ serving the built site, in a thread."""
    handler = functools.partial(_QuietHandler, directory=str(built_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the stdlib's name
        pass


@pytest.fixture(scope="session")
def chromium_executable() -> str | None:
    """Playwright's own Chromium when installed (None: Playwright finds it), else the system's."""
    try:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            if Path(p.chromium.executable_path).exists():
                return None
    except Exception:
        pass
    for candidate in (os.environ.get("CHROMIUM"), shutil.which("chromium"), shutil.which("chromium-browser"),
                      "/usr/bin/chromium"):
        if candidate and Path(candidate).exists():
            return candidate
    pytest.skip("no Chromium found: run scripts/ensure-chromium.sh or 'playwright install chromium'")

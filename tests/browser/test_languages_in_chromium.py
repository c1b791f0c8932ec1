"""The sample club's site in French and in Dutch (issue 29) in headless Chromium, on a phone
(390 px) and a desktop (1366 px): every page kind fits the screen (longer words, a decimal
comma), says its language, and has no serious or critical axe-core violation."""

from __future__ import annotations

import functools
import http.server
import shutil
import threading

import pytest

from generator.site import i18n
from generator.site.build import build_site
from tests.browser.test_site_in_chromium import CONTENT, PAGE_KINDS

pytestmark = pytest.mark.browser

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1366, "height": 768}}
"""The brief's sizes: a current phone and a common laptop (the English tests use 360 and 1280)."""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


@pytest.fixture(scope="module", params=["fr", "nl"])
def language_site(request, tmp_path_factory):
    """(tag, the address of the sample club built in that language, served in a thread)."""
    tmp = tmp_path_factory.mktemp(request.param)
    content = tmp / "content"
    shutil.copytree(CONTENT, content)
    with open(content / "site.yaml", "a", encoding="utf-8") as f:
        f.write(f"\nlanguage: {request.param}\n")
    build_site(content, tmp / "site", cache_dir=tmp / "cache", jobs=1)
    i18n.activate(i18n.ENGLISH)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(tmp / "site")))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield request.param, f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_pages_in_the_language_fit_and_pass_axe(language_site, viewport, chromium_browser, screenshot_dir):
    from axe_playwright_python.sync_playwright import Axe

    tag, base = language_site
    context = chromium_browser.new_context(viewport=VIEWPORTS[viewport])
    page = context.new_page()
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    axe = Axe()
    problems = []
    try:
        for kind, path in PAGE_KINDS.items():
            page.goto(base + path)
            page.screenshot(path=str(screenshot_dir / f"{tag}-{kind}-{viewport}.png"), full_page=True)
            assert page.evaluate("document.documentElement.lang") == tag, kind
            overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, f"{tag} {kind}: page is {overflow}px wider than the viewport"
            for v in axe.run(page).response["violations"]:
                if v["impact"] in ("serious", "critical"):
                    problems.append(f"{tag} {kind}: {v['id']} ({v['impact']}): {v['help']}")
    finally:
        context.close()
    assert not problems, "\n".join(problems)
    assert all(u.startswith(base) for u in requested)

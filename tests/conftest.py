"""Shared fixtures: the fixture club's site built once per test session, a local HTTP server for
it, and a check that every internal link of a built site resolves."""

from __future__ import annotations

import functools
import http.server
import os
import re
import shutil
import threading
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import settings

from generator.site import i18n
from generator.site.handviewer import HANDVIEWER

# Hypothesis's per-example deadline is a timed assertion: on a loaded machine (CI, or several
# test runs sharing two cores) a correct test fails for being slow.  Speed is measured by
# benchmarks, so no deadline; a test may still set its own settings.
settings.register_profile("no-deadline", deadline=None)
settings.load_profile("no-deadline")

ROOT = Path(__file__).resolve().parents[1]
# The sample club the page tests read: a fixture, never the project's content/ (a club replaces that).
CONTENT = ROOT / "tests" / "fixtures" / "club"


@pytest.fixture(autouse=True)
def _not_in_github_actions(monkeypatch):
    """The suite runs in GitHub Actions too, where GITHUB_ACTIONS=true makes a failed build
    print workflow annotations on stdout: each test starts without it (the annotation tests
    set it themselves)."""
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    monkeypatch.delenv("BRIDGE_RESULTS_SITE_URL", raising=False)  # the workflow's site address: tests give their own


@pytest.fixture(autouse=True)
def _pages_in_english_unless_a_test_says_otherwise():
    """A build sets its process's page language and keeps it (``i18n.activate``: its workers
    fork with it); a test that renders a page without a build must not inherit the language of
    a build another test ran before it in the same worker."""
    yield
    i18n.activate(i18n.ENGLISH)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The fixture club built into a temporary folder (never the project's site/)."""
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
    def log_message(self, format, *args):
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
    for candidate in (
        os.environ.get("CHROMIUM"),
        shutil.which("chromium"),
        shutil.which("chromium-browser"),
        "/usr/bin/chromium",
    ):
        if candidate and Path(candidate).exists():
            return candidate
    pytest.skip("no Chromium found: run scripts/ensure-chromium.sh or 'playwright install chromium'")


class _LinksAndIds(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.hrefs: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        for name in ("href", "src"):
            if a.get(name) and tag in ("a", "link", "script", "img"):
                self.hrefs.append(a[name])


def _links_and_ids(page: Path) -> _LinksAndIds:
    parser = _LinksAndIds()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


@pytest.fixture(scope="session")
def broken_links():
    """broken_links(site_root) -> every link of every page that is absolute or does not resolve
    to a file (and anchor) of the site: an empty list for a good site."""

    def check(root: Path) -> list[str]:
        root = root.resolve()
        parsed = {p: _links_and_ids(p) for p in root.rglob("*.html")}
        problems = []
        for page, found in parsed.items():
            for href in found.hrefs:
                where = f"{page.relative_to(root).as_posix()}: {href}"
                if href.startswith(HANDVIEWER + "?"):  # the one link out we make: BBO's hand viewer
                    continue
                if re.match(r"^[a-z]+:|^/", href):
                    problems.append(f"{where} is absolute")
                    continue
                file, _, anchor = href.partition("#")
                target = (page.parent / file).resolve() if file else page
                if not target.is_file() or not target.is_relative_to(root):
                    problems.append(f"{where} does not resolve")
                elif anchor and target.suffix == ".html" and anchor not in parsed[target].ids:
                    problems.append(f"{where}: no such anchor")
        return problems

    return check

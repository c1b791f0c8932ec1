"""The player search says "no player found" in the page's language (issue 29): the script writes
no words of its own, it shows the text the page gives it (``data-none`` on the results list)."""

from __future__ import annotations

import pytest

from tests.browser.test_languages_in_chromium import VIEWPORTS, language_site  # noqa: F401  (a fixture)

pytestmark = pytest.mark.browser

NONE = {"en": "No player found.", "fr": "Aucun joueur trouvé.", "nl": "Geen speler gevonden."}


def _search(chromium_browser, base: str, query: str) -> list[str]:
    context = chromium_browser.new_context(viewport=VIEWPORTS["phone"])
    page = context.new_page()
    try:
        page.goto(base + "players/index.html")
        page.locator("#q").fill(query)
        return page.locator("#search-results li").all_inner_texts()
    finally:
        context.close()


def test_no_player_found_in_the_language(language_site, chromium_browser):  # noqa: F811  (the fixture)
    tag, base = language_site
    assert _search(chromium_browser, base, "zzzz") == [NONE[tag]]
    assert _search(chromium_browser, base, "queenie q") == ["Queenie Quill"]  # a name found is the name


def test_no_player_found_in_english(site_server, chromium_browser):
    assert _search(chromium_browser, site_server, "zzzz") == [NONE["en"]]

"""What search engines and link previews read: each page's head (canonical address,
description, Open Graph and Twitter card, robots), ``sitemap.xml`` and ``robots.txt``.

Absolute addresses need the site's own (``site_url``); without it the canonical address,
``og:url``, the sitemap and robots.txt are left out and every link stays relative.  With
``search_engines: false`` every page carries ``noindex`` and no sitemap is written: that
asks well-behaved search engines to leave the pages out of their results, nothing more
(README, "Search engines").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from html import escape
from urllib.parse import quote, urlsplit

from .i18n import text as _
from .links import absolute

SITEMAP = "http://www.sitemaps.org/schemas/sitemap/0.9"
MAX_SITEMAP_URLS = 50_000
"""The protocol's limit for one sitemap file; a bigger site gets an index of several
(a club of 1,500 sessions has some 60,000 pages)."""


@dataclass(frozen=True, slots=True)
class SiteMeta:
    """The site.yaml settings every page's head reads (part of the build's cache key through
    ``SiteConfig.fingerprint``)."""

    site_url: str = ""
    search_engines: bool = True
    description: str = ""
    logo: str = ""
    """The logo's site path ('static/logo.png') or a full https address; '' for none."""
    csv_bom: bool = True
    csv_semicolon: bool = False
    """results.csv as a comma-decimal country's Excel opens it: ';' between fields, a decimal comma."""


def page_head(meta: SiteMeta, club: str, path: str, title: str, about: str = "", part_of: str = "") -> dict[str, str]:
    """The head of the page at ``path``: its description says what the page is (``title``),
    what it belongs to (``about``: the session's event and date) and the club's description;
    its card's title names the page, the session it is part of (``part_of``) and the club.

    >>> h = page_head(SiteMeta("https://c.example/r/", description="Every Monday."), "Club", "sessions/s/board-2.html",
    ...               "Board 2", "Monday Pairs, 5 October 2026")
    >>> h["canonical"], h["description"]
    ('https://c.example/r/sessions/s/board-2.html', 'Board 2, Monday Pairs, 5 October 2026. Every Monday.')
    >>> page_head(SiteMeta(), "Club", "sessions/s/index.html", "Monday Pairs", "Monday Pairs, 5 October 2026")["description"]
    'Monday Pairs, 5 October 2026. Results of Club.'
    """
    first = about if title and about.startswith(title) else ", ".join(x for x in (title, about) if x)
    tail = meta.description or _("Results of %(club)s.", club=club)
    description = f"{first}. {tail}" if first and first != club else tail
    canonical = absolute(meta.site_url, quote(path)) if meta.site_url else ""
    image = ""
    if meta.logo.startswith("https://"):
        image = meta.logo
    elif meta.logo and meta.site_url:
        image = absolute(meta.site_url, quote(meta.logo))
    return {
        "title": " · ".join(dict.fromkeys(x for x in (title, part_of, club) if x)),
        "description": description,
        "canonical": canonical,
        "image": image,
        "robots": "" if meta.search_engines else "noindex",
    }


def sitemaps(site_url: str, paths: Iterable[str]) -> dict[str, bytes]:
    """``sitemap.xml``: every HTML page's full address, sorted (no dates: a page's date would
    come from the clock or the output folder, and the build is deterministic without them).
    Over the protocol's 50,000 addresses a file, ``sitemap.xml`` is an index of
    ``sitemap-1.xml``, ``sitemap-2.xml`` …

    >>> print(sitemaps("https://c.example/", ["sessions/s/index.html", "index.html"])["sitemap.xml"].decode())
    <?xml version='1.0' encoding='utf-8'?>
    <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <url>
        <loc>https://c.example/</loc>
      </url>
      <url>
        <loc>https://c.example/sessions/s/</loc>
      </url>
    </urlset>
    <BLANKLINE>
    """
    ordered = sorted(paths)
    if len(ordered) <= MAX_SITEMAP_URLS:
        return {"sitemap.xml": _sitemap_file("urlset", "url", [absolute(site_url, quote(p)) for p in ordered])}
    out = {}
    for n, start in enumerate(range(0, len(ordered), MAX_SITEMAP_URLS), start=1):
        chunk = ordered[start : start + MAX_SITEMAP_URLS]
        out[f"sitemap-{n}.xml"] = _sitemap_file("urlset", "url", [absolute(site_url, quote(p)) for p in chunk])
    out["sitemap.xml"] = _sitemap_file("sitemapindex", "sitemap", [site_url + name for name in out])
    return out


def _sitemap_file(root: str, item: str, locations: list[str]) -> bytes:
    """The file as ElementTree writes it, indented (``tests/site/test_sitemap_text.py`` holds
    the two to each other), each address escaped as XML text: written as text, since building
    and serialising 128,000 elements took 0.4 s of every build of a club's archive."""
    if not locations:  # an empty element, as ElementTree closes it
        return f"<?xml version='1.0' encoding='utf-8'?>\n<{root} xmlns=\"{SITEMAP}\" />\n".encode()
    entries = "".join(
        [
            f"  <{item}>\n    <loc>{escape(location, quote=False)}</loc>\n  </{item}>\n"
            if location
            else f"  <{item}>\n    <loc />\n  </{item}>\n"  # (an empty text: closed as ElementTree does)
            for location in locations
        ]
    )
    return f"<?xml version='1.0' encoding='utf-8'?>\n<{root} xmlns=\"{SITEMAP}\">\n{entries}</{root}>\n".encode()


def robots_txt(site_url: str) -> bytes | None:
    """``robots.txt`` naming the sitemap — only where the site is at its host's root, the one
    place crawlers read it (a GitHub project site, ``/results/``, is not: submit the sitemap
    in the search engine's tools instead)."""
    if urlsplit(site_url).path not in ("", "/"):
        return None
    return f"User-agent: *\nAllow: /\n\nSitemap: {site_url}sitemap.xml\n".encode()

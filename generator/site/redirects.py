"""The one way an address that changed keeps working: a small page at the old address.

GitHub Pages serves files, not redirect rules, so each old address gets an HTML page with
a meta refresh (browsers follow it at once), a canonical link to the new address (search
engines move their entry) and a plain link (for anyone whose browser does neither).  The
sitemap leaves these pages out.  Every change of addresses uses ``redirect_pages``: the
planners give it (old, new) pairs from ``links.LEGACY``.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable

from markupsafe import escape

from . import i18n
from .i18n import text as _
from .links import absolute
from .meta import SiteMeta
from .page import Page

MARK = b"<!-- moved -->"
"""The first line after the doctype of every redirect page (how tests and tools know one)."""


def redirect_html(old: str, new: str, meta: SiteMeta) -> bytes:
    """The page at ``old`` (a site path) that leads to ``new``: relative, so it works from
    disk and under a sub-path; the canonical link is absolute when the site's address is known.

    >>> print(redirect_html("sessions/s/pair-1-ns.html", "sessions/s/pair-ns-1.html", SiteMeta()).decode())
    <!DOCTYPE html>
    <!-- moved -->
    <html lang="en"><head><meta charset="utf-8">
    <title>Moved to pair-ns-1.html</title>
    <meta name="robots" content="noindex">
    <link rel="canonical" href="pair-ns-1.html">
    <meta http-equiv="refresh" content="0; url=pair-ns-1.html">
    </head><body><p>This page has moved to <a href="pair-ns-1.html">pair-ns-1.html</a>.</p></body></html>
    <BLANKLINE>
    """
    here = posixpath.relpath(new, posixpath.dirname(old) or ".")
    canonical = absolute(meta.site_url, new) if meta.site_url else here
    link = f'<a href="{escape(here)}">{escape(here)}</a>'
    title = _("Moved to %(page)s", page=escape(here))
    moved = _("This page has moved to %(link)s.", link=link)  # a catalog's translation adds no markup (i18n.py)
    return (
        "<!DOCTYPE html>\n<!-- moved -->\n"
        f'<html lang="{escape(i18n.active().tag)}"><head><meta charset="utf-8">\n'
        f"<title>{title}</title>\n"
        '<meta name="robots" content="noindex">\n'
        f'<link rel="canonical" href="{escape(canonical)}">\n'
        f'<meta http-equiv="refresh" content="0; url={escape(here)}">\n'
        f"</head><body><p>{moved}</p></body></html>\n"
    ).encode()


def redirect_pages(moves: Iterable[tuple[str, str]], taken: set[str], meta: SiteMeta) -> list[Page]:
    """A redirect page for each (old, new) whose old address no page of the site holds now
    (a page always wins over a redirect); the first move named for an address wins."""
    out: dict[str, Page] = {}
    for old, new in moves:
        if old != new and old not in taken and old not in out:
            out[old] = Page(old, None, data=redirect_html(old, new, meta))
    return list(out.values())

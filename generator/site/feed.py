"""``feed.xml``: an Atom feed (RFC 4287) of new sessions and corrections, as static-site
generators publish one, so members and club websites can subscribe.

Written with ElementTree, which escapes every text and attribute.  With the site's address
(``site_url``) every link is absolute, as feed readers need (many resolve a relative link
against the address they fetched, not the feed's own); without it they are relative to the
feed (the site's root), like every link of the site.  Ids are stable URNs made from the
club and the session's slug, so they do not change when the site moves.  Every date comes from the inputs — a session's first commit
(or its date when it has no history) and each correction's commit — never from the clock,
so identical inputs give an identical feed.  Its language (``xml:lang``) and every title and
summary are the site's (the winners' and corrections' words too: ``summary``, ``history``).
"""

from __future__ import annotations

import uuid
import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING

from . import i18n
from .i18n import text as _
from .links import absolute
from .summary import winners_text

if TYPE_CHECKING:
    from .summary import SessionSummary

ATOM = "http://www.w3.org/2005/Atom"
XML = "http://www.w3.org/XML/1998/namespace"
MAX_ENTRIES = 50


def _stamp(iso: str) -> str:
    """An RFC 3339 date-time: a commit's ISO date as is; a bare date at midnight UTC."""
    return iso if "T" in iso else f"{iso}T00:00:00Z"


def _urn(club: str, *parts: str) -> str:
    return uuid.uuid5(uuid.NAMESPACE_URL, "bridge-results:" + "\0".join((club, *parts))).urn


def entries(club: str, summaries: list[SessionSummary], site_url: str = "") -> list[dict[str, str]]:
    """Newest first: one entry per session published, one per committed correction."""
    found = []
    for s in summaries:
        when = s.get("published") or s.get("date")
        if when:
            winners = winners_text(s["winners"])
            found.append(
                {
                    "id": _urn(club, s["slug"]),
                    "title": _("Results: %(session)s, %(date)s", session=s["title"], date=s["long_date"]),
                    "updated": _stamp(when),
                    "link": absolute(site_url, s["url"]),
                    "summary": f"{s['kind']}." + (" " + _("Won by %(winners)s.", winners=winners) if winners else ""),
                }
            )
        for c in s.get("corrections", []):
            if not c["iso"]:  # not committed yet: no date to publish it under
                continue
            said = (
                _("Corrected on %(date)s (a late correction)", date=c["date"])
                if c["late"]
                else _("Corrected on %(date)s", date=c["date"])
            )
            text = _("%(corrected)s: %(change)s", corrected=said, change=c["text"])
            if c["reason"]:
                text += " " + _("Reason given: %(reason)s", reason=c["reason"])
            found.append(
                {
                    "id": _urn(club, s["slug"], c["iso"], c["anchor"]),
                    "title": _("Correction: %(session)s, %(date)s", session=s["title"], date=s["long_date"]),
                    "updated": _stamp(c["iso"]),
                    "link": f"{absolute(site_url, s['url'])}#{c['anchor']}",
                    "summary": text,
                }
            )
    found.sort(key=lambda e: (e["updated"], e["id"]), reverse=True)
    return found[:MAX_ENTRIES]


def atom_feed(club: str, summaries: list[SessionSummary], site_url: str = "") -> bytes:
    ET.register_namespace("", ATOM)
    # The feed's language, as its pages' ``lang`` (RFC 4287 §2: xml:lang on any element).
    feed = ET.Element(f"{{{ATOM}}}feed", {f"{{{XML}}}lang": i18n.active().tag})
    items = entries(club, summaries, site_url)

    def add(parent: ET.Element, tag: str, text: str | None = None, **attrs: str) -> ET.Element:
        el = ET.SubElement(parent, f"{{{ATOM}}}{tag}", attrs)
        if text is not None:
            el.text = text
        return el

    add(feed, "id", _urn(club, "feed"))
    add(feed, "title", _("%(club)s: results and corrections", club=club))
    add(feed, "updated", items[0]["updated"] if items else "1970-01-01T00:00:00Z")
    author = add(feed, "author")
    add(author, "name", club)
    add(feed, "link", rel="self", href=absolute(site_url, "feed.xml"), type="application/atom+xml")
    add(feed, "link", rel="alternate", href=absolute(site_url, "index.html"), type="text/html")
    for item in items:
        entry = add(feed, "entry")
        add(entry, "id", item["id"])
        add(entry, "title", item["title"])
        add(entry, "updated", item["updated"])
        add(entry, "link", rel="alternate", href=item["link"], type="text/html")
        add(entry, "summary", item["summary"])
    ET.indent(feed)
    data: bytes = ET.tostring(feed, encoding="utf-8", xml_declaration=True)  # (typeshed: Any for a named encoding)
    return data + b"\n"

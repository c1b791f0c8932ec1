"""A page to render and what every page knows: ``Page`` (path, template, context),
``PageBase`` (what ``base.html`` reads) and ``SiteInfo`` (the site, for every session's pages).

The planners of every page kind build these; the renderer and the writer take them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NotRequired, TypedDict

from ..privacy import Privacy
from .meta import SiteMeta


@dataclass(slots=True)
class Page:
    path: str
    """Where the page goes, POSIX, relative to the site root."""
    template: str | None
    context: dict[str, Any] = field(default_factory=dict)
    data: bytes | None = None
    """Pages that are not templates (downloads): their bytes."""


class PageBase(TypedDict):
    """What ``base.html`` reads on every page (the templates' shared contract): each page's
    context is this plus its own keys."""

    club: str
    title: str
    root: str
    """'../../': the way from the page back to the site root, for every link and asset."""
    page_path: str
    """Where the page is, POSIX, from the site root."""
    crumbs: list[tuple[str, str]]
    """The breadcrumb trail: (url, label) pairs, relative to the page."""
    head: NotRequired[dict[str, str]]
    """Canonical address, description, Open Graph and robots (``meta.page_head``)."""


@dataclass(frozen=True, slots=True)
class SiteInfo:
    """What every page of every session needs to know about the site (part of the cache key)."""

    club: str
    rule_map: dict[str, str]
    """Explanation rule prefix -> article slug."""
    article_titles: dict[str, str]
    meta: SiteMeta = field(default_factory=SiteMeta)
    """The settings of each page's head, the feed, the sitemap and the downloads."""
    privacy: Privacy | None = None
    """The members who asked not to be named: replaced as each upload is read (``privacy.hide``)."""

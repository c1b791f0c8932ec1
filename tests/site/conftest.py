"""Helpers for the page tests: parse a built page into its tables, links, ids and headings."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest


@dataclass
class ParsedPage:
    path: str
    ids: set[str] = field(default_factory=set)
    links: list[tuple[str, str]] = field(default_factory=list)
    """(href, link text)."""
    sources: list[str] = field(default_factory=list)
    """src= and <link href=> of scripts, images and stylesheets."""
    headings: list[tuple[int, str]] = field(default_factory=list)
    tables: dict[str, list[list[str]]] = field(default_factory=dict)
    """Table rows (cell texts) keyed by the table's class."""
    table_links: dict[str, list[list[str]]] = field(default_factory=dict)
    """The first link of each cell, same shape as ``tables``."""
    text: str = ""


class _Parser(HTMLParser):
    def __init__(self, page: ParsedPage):
        super().__init__(convert_charrefs=True)
        self.page = page
        self.stack: list[str] = []
        self.link: list | None = None
        self.heading: list | None = None
        self.table: str | None = None
        self.depth = 0
        self.row: list[str] | None = None
        self.row_links: list[str] | None = None
        self.cell: list[str] | None = None
        self.cell_link: str | None = None
        self.chunks: list[str] = []
        self.under = 0  # inside a span.under: a phone's repeat of the row's minor columns, not cell text

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "span" and (self.under or "under" in (a.get("class") or "").split()):
            self.under += 1
        if "id" in a:
            self.page.ids.add(a["id"])
        if tag == "a" and "href" in a:
            self.link = [a["href"], []]
            if self.cell is not None and self.cell_link is None:
                self.cell_link = a["href"]
        if tag in ("script", "img") and "src" in a:
            self.page.sources.append(a["src"])
        if tag == "link" and "href" in a:
            self.page.sources.append(a["href"])
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            self.heading = [int(tag[1]), []]
        if tag == "table":
            self.depth += 1
            if self.depth == 1:
                name = a.get("class", "table")
                n = 2
                while name in self.page.tables:
                    name = f"{a.get('class', 'table')}#{n}"
                    n += 1
                self.table = name
                self.page.tables.setdefault(self.table, [])
                self.page.table_links.setdefault(self.table, [])
        if self.depth == 1:
            if tag == "tr":
                self.row, self.row_links = [], []
            if tag in ("td", "th") and self.row is not None:
                self.cell, self.cell_link = [], None

    def handle_endtag(self, tag):
        if tag == "span" and self.under:
            self.under -= 1
        if tag == "a" and self.link is not None:
            self.page.links.append((self.link[0], "".join(self.link[1]).strip()))
            self.link = None
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6") and self.heading is not None:
            self.page.headings.append((self.heading[0], " ".join("".join(self.heading[1]).split())))
            self.heading = None
        if self.depth == 1:
            if tag in ("td", "th") and self.cell is not None and self.row is not None:
                self.row.append(" ".join("".join(self.cell).split()))
                self.row_links.append(self.cell_link or "")
                self.cell = None
            if tag == "tr" and self.row is not None:
                self.page.tables[self.table].append(self.row)
                self.page.table_links[self.table].append(self.row_links)
                self.row = None
        if tag == "table":
            self.depth -= 1

    def handle_data(self, data):
        self.chunks.append(data)
        if self.link is not None:
            self.link[1].append(data)
        if self.heading is not None:
            self.heading[1].append(data)
        if self.cell is not None and self.depth == 1 and not self.under:
            self.cell.append(data)


def parse(root: Path, path: str) -> ParsedPage:
    page = ParsedPage(path)
    p = _Parser(page)
    p.feed((root / path).read_text(encoding="utf-8"))
    page.text = " ".join(" ".join(p.chunks).split())
    return page


@pytest.fixture(scope="session")
def page_of(built_site):
    """page_of('sessions/x/board-1.html') -> ParsedPage of the sample site."""
    cache: dict[str, ParsedPage] = {}

    def get(path: str) -> ParsedPage:
        if path not in cache:
            cache[path] = parse(built_site, path)
        return cache[path]

    return get


@pytest.fixture(scope="session")
def parse_page():
    """parse(root, 'sessions/x/index.html') -> ParsedPage, for sites a test builds itself."""
    return parse

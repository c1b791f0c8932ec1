"""A page as a member reads it, for the tests of a site in another language
(tests/site/test_i18n_pages.py, test_i18n_every_kind.py)."""

from __future__ import annotations

from html.parser import HTMLParser


class MemberText(HTMLParser):
    """A page as a member reads it: its text and the words a screen reader says, and the text
    of table cells (where a lone letter is a seat: a declarer, a row of the double-dummy table;
    elsewhere it may be a formula's E)."""

    SPOKEN = ("title", "aria-label", "alt", "placeholder")
    CELLS = ("td", "th", "abbr")
    VOID = ("area", "br", "col", "hr", "img", "input", "link", "meta", "source", "wbr")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.nodes: list[str] = []
        self.lang: str | None = None
        self._skip = 0
        self._open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "html":
            self.lang = dict(attrs).get("lang")
        if tag in ("script", "style"):
            self._skip += 1
        if tag not in self.VOID:
            self._open.append(tag)
        for name, value in attrs:
            if name in self.SPOKEN and value:
                self.text.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1
        if tag in self._open:
            del self._open[len(self._open) - 1 - self._open[::-1].index(tag) :]

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.text.append(data)
            if self._open and self._open[-1] in self.CELLS:
                self.nodes.append(data.strip())

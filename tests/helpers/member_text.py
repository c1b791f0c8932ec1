"""A page as a member reads it, for the tests of a site in another language
(tests/site/test_i18n_pages.py, test_i18n_every_kind.py)."""

from __future__ import annotations

from html.parser import HTMLParser


class MemberText(HTMLParser):
    """A page as a member reads it: its text and the words a screen reader says, and the text
    of table cells and of abbreviations named by one word (where a lone letter is a seat: a
    declarer, a row of the double-dummy table as <abbr title="Sud">; elsewhere it may be a
    formula's E, or Dutch S for a penalty, <abbr title="inclusief een straf ...">)."""

    SPOKEN = ("title", "aria-label", "alt", "placeholder")
    VOID = ("area", "br", "col", "hr", "img", "input", "link", "meta", "source", "wbr")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.nodes: list[str] = []
        self.lang: str | None = None
        self._skip = 0
        self._open: list[str] = []
        self._abbr_titles: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "html":
            self.lang = dict(attrs).get("lang")
        if tag in ("script", "style"):
            self._skip += 1
        if tag not in self.VOID:
            self._open.append(tag)
        if tag == "abbr":
            self._abbr_titles.append(dict(attrs).get("title") or "")
        for name, value in attrs:
            if name in self.SPOKEN and value:
                self.text.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1
        if tag == "abbr" and self._abbr_titles:
            self._abbr_titles.pop()
        if tag in self._open:
            del self._open[len(self._open) - 1 - self._open[::-1].index(tag) :]

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.text.append(data)
            inner = self._open[-1] if self._open else ""
            if inner in ("td", "th") or (
                inner == "abbr" and self._abbr_titles and " " not in self._abbr_titles[-1].strip()
            ):
                self.nodes.append(data.strip())

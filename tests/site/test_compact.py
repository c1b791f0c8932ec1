"""``render._compact`` returns a page with nothing to drop as it is: the same text as
compacting it line by line (``_compact_lines``, the definition), whatever the whitespace."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.site.render import _compact, _compact_lines

# every kind of whitespace str.strip knows, line breaks, a <pre> and ordinary text
pieces = st.sampled_from(["\n", " ", "\t", "\r", "\xa0", "\u2028", "\x1c", "\x0b", "a", "<p>", "<pre>", "</pre>", "é"])


@settings(max_examples=2000, deadline=None)
@given(st.lists(pieces, max_size=30).map("".join))
def test_compact_is_the_line_by_line_definition(html):
    assert _compact(html) == _compact_lines(html)


@given(st.lists(st.sampled_from(["<p>a</p>", "x y", "<b>", "é♠"]), min_size=1, max_size=8))
def test_a_compact_page_comes_back_as_it_is(lines):
    html = "\n".join(lines) + "\n"
    assert _compact(html) is html
    assert _compact_lines(html) == html


def test_hand_checked():
    assert _compact("<p>\n  a  \n\n</p>\n") == "<p>\na\n</p>\n"
    assert _compact("<p>a</p>") == "<p>a</p>\n"  # no final line break: added
    assert _compact("<p>a</p>\n") == "<p>a</p>\n"

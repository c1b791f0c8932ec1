"""Fragments: a piece of HTML that several places of a session's pages show, written once.

The same explanation step ('2 × 8 + 4 = 20 of a top of 26') recurs on many blocks of a
session: ``explain_view.block`` gives every such step one shared view, and ``Fragments``
renders each view once by its macro and hands out the same ``Markup`` wherever it is shown.
The macro is the one the template has in scope (``_macros.html``'s ``explanation_step``, or a
club's own copy of it), passed in by the template: an override still changes every page.
One ``Fragments`` a session (``SessionView.fragments``), so what it keeps lives as long as the
session's pages and no longer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from markupsafe import Markup


class Fragments:
    """Each (macro, item, arguments) rendered once; the item is kept with its ``Markup`` so
    that its ``id`` (the key: views are dicts, not hashable) stays its own."""

    __slots__ = ("_made",)

    def __init__(self) -> None:
        self._made: dict[tuple[Callable[..., Any], int, tuple[Any, ...]], tuple[object, Markup]] = {}

    def each(self, macro: Callable[..., Any], items: Iterable[object], *args: Any) -> Markup:
        """``macro(item, *args)`` for each item, joined: what ``{% for i in items %}{{ macro(i,
        ...) }}{% endfor %}`` writes, each item's fragment made only the first time."""
        made = self._made
        out = []
        for item in items:
            key = (macro, id(item), args)
            hit = made.get(key)
            if hit is None:
                hit = made[key] = (item, Markup(macro(item, *args)))
            out.append(hit[1])
        return Markup("".join(out))

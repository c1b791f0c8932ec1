"""Jinja2 rendering: one Environment per process, autoescaped, strict about undefined names."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from . import format as fmt
from .plan import Page

DEFAULT_TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


class SiteEnvironment(Environment):
    """Page contexts are mostly plain dicts: ``{{ row.value }}`` looks the key up first.

    Jinja's own order (attribute, then item) raises and catches an AttributeError for every
    dict key a template reads, about a third of the rendering time.  The one difference:
    a key named like a dict method (``items``, ``values``) wins over the method, which no
    template here calls.
    """

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


@lru_cache(maxsize=4)
def environment(templates: str) -> Environment:
    env = SiteEnvironment(
        loader=FileSystemLoader(templates),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,
    )
    env.filters.update(fmt.FILTERS)
    return env


def render_page(page: Page, templates: Path | str = DEFAULT_TEMPLATES) -> bytes:
    if page.data is not None:
        return page.data
    assert page.template is not None
    html = environment(str(templates)).get_template(page.template).render(page.context)
    return _compact(html).encode("utf-8")


def _compact(html: str) -> str:
    """Drop the indentation and blank lines the templates leave; pages stay small."""
    if "<pre" not in html:  # the common case, in one pass of C loops
        return "\n".join(filter(None, map(str.strip, html.split("\n")))) + "\n"
    out = []
    pre = False
    for line in html.split("\n"):
        if "<pre" in line:
            pre = True
        if pre:
            out.append(line)
        else:
            stripped = line.strip()
            if stripped:
                out.append(stripped)
        if "</pre>" in line:
            pre = False
    return "\n".join(out) + "\n"

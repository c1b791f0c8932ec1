"""Jinja2 rendering: one Environment per process, autoescaped, strict about undefined names."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

import markupsafe
from jinja2 import Environment, FileSystemLoader, StrictUndefined, nodes
from jinja2.compiler import CodeGenerator, Frame

from ..resources import packaged_templates
from . import format as fmt
from . import i18n
from .compiled import CheckedBytecodeCache
from .page import Page

DEFAULT_TEMPLATES = packaged_templates()


class _SiteCodeGenerator(CodeGenerator):
    """Compiles ``{{ x }}`` (autoescaped) to ``environment.escape_text(x)`` for a ``str``
    (MarkupSafe's C escaper, ``format.escape_text``), else ``environment.escape_value(x)``,
    each returning a plain ``str`` rather than ``escape(x)``'s ``Markup``: the page is joined
    from the pieces, so wrapping each in ``Markup`` (a Python-level constructor, thousands of
    times a page) buys nothing.  The bytes are the same: ``environment()`` checks that on
    hostile values before any page is rendered (tests/site/test_render_override.py checks
    macros, ``{% call %}`` and ``{% filter %}`` too).  Private Jinja API, kept because it
    still pays about a fifth of planning and rendering a session (docs/performance.md,
    "Private hooks after the rows moved into macros"): pinned in pyproject.toml."""

    def _output_child_pre(self, node: nodes.Expr, frame: Frame, finalize: CodeGenerator._FinalizeInfo) -> None:
        if _site_escaped(frame, finalize):
            # a str (most values) goes straight to ``escape_text`` (MarkupSafe's C escaper);
            # anything else to ``escape_value``.  ``_eo``: a temporary (an assignment
            # expression; an output's expression holds no output)
            self.write("(environment.escape_text(_eo) if type(_eo := ")
        else:
            super()._output_child_pre(node, frame, finalize)

    def _output_child_post(self, node: nodes.Expr, frame: Frame, finalize: CodeGenerator._FinalizeInfo) -> None:
        if _site_escaped(frame, finalize):
            self.write(") is str else environment.escape_value(_eo))")
        else:
            super()._output_child_post(node, frame, finalize)


def _site_escaped(frame: Frame, finalize: CodeGenerator._FinalizeInfo) -> bool:
    """The outputs ``_SiteCodeGenerator`` compiles (autoescaped, no finalize): the same test
    before and after the expression, so the two halves always match."""
    return bool(frame.eval_ctx.autoescape and not frame.eval_ctx.volatile and finalize.src is None)


class SiteEnvironment(Environment):
    """Page contexts are mostly plain dicts: ``{{ row.value }}`` looks the key up first.

    Jinja's own order (attribute, then item) raises and catches an AttributeError for every
    dict key a template reads (docs/performance.md).  The one difference:
    a key named like a dict method (``items``, ``values``) wins over the method, which no
    template here calls.
    """

    code_generator_class = _SiteCodeGenerator
    escape_value = staticmethod(fmt.escape_value)
    escape_text = staticmethod(fmt.escape_text)

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict:
            if attribute in obj:  # a miss (``marks.get``) raises nothing
                return obj[attribute]
        else:  # an object's attribute without Jinja's method in between (it tries this first too)
            try:
                return getattr(obj, attribute)
            except AttributeError:
                pass
        return super().getattr(obj, attribute)


_compiled: str | None = None
"""The folder of compiled templates this process's builds keep (``use_compiled``), if any."""


def use_compiled(folder: Path | None) -> None:
    """Keep compiled templates in ``folder`` (``compiled.compiled_folder``) from now on in this
    process and the workers it forks; ``None``: compile in memory only."""
    global _compiled
    _compiled = None if folder is None else str(folder)


@lru_cache(maxsize=4)
def environment(templates: str, language: i18n.Language = i18n.ENGLISH, compiled: str | None = None) -> Environment:
    # A club's own folder first; a template it lacks (one added since it copied ours, such as
    # 404.html) comes from ours, so that a new page never breaks the club's build.
    searched = [templates] if Path(templates) == Path(DEFAULT_TEMPLATES) else [templates, str(DEFAULT_TEMPLATES)]
    env = SiteEnvironment(
        loader=FileSystemLoader(searched),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,
        bytecode_cache=None if compiled is None else CheckedBytecodeCache(Path(compiled)),
    )
    env.filters.update(fmt.FILTERS)
    i18n.install(env, language)  # the site's language: _(), {% trans %}, page_language
    _check_escaping(env)
    return env


def _check_escaping(env: Environment) -> None:
    """Every value a page shows is escaped exactly as ``markupsafe.escape`` does it."""
    hostile = [
        "<script>alert('x')</script>",
        'a "b" & c',
        "&amp; é ♠ \u2028",
        "",
        7,
        None,
        markupsafe.Markup("<b>kept</b>"),
    ]
    check = env.from_string(
        "{% for v in values %}[{{ v }}]{% endfor %}{% macro m(v) %}({{ v }}){% endmacro %}"
        "{% for v in values %}{{ m(v) }}{% endfor %}"
    )
    want = "".join(f"[{markupsafe.escape(v)}]" for v in hostile) + "".join(f"({markupsafe.escape(v)})" for v in hostile)
    got = check.render(values=hostile)
    if got != want:
        raise RuntimeError(f"template escaping differs from markupsafe.escape: {got!r} != {want!r}")


def render_page(page: Page, templates: Path | str = DEFAULT_TEMPLATES) -> bytes:
    if page.data is not None:
        return page.data
    assert page.template is not None
    html = environment(str(templates), i18n.active(), _compiled).get_template(page.template).render(page.context)
    return _compact(html).encode("utf-8")


_LOOSE = re.compile(r"\n(?:\s|(?<=\s\n))")
r"""A line break with whitespace after it (a blank or indented line) or before it (a line's
trailing whitespace): what ``_compact`` removes.  ``\s`` is ``str.strip``'s whitespace."""


def _compact(html: str) -> str:
    """Drop the indentation and blank lines the templates leave; pages stay small.  A page
    with none (most: the hot templates leave no blank line) is returned as it is, after one
    search of the regular expression's C loop (a tenth of splitting it into lines)."""
    if "<pre" not in html and html.endswith("\n") and not html[:1].isspace() and _LOOSE.search(html) is None:
        return html  # every line already stripped and not empty: what the rest would return
    return _compact_lines(html)


def _compact_lines(html: str) -> str:
    """``_compact`` line by line (the definition)."""
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

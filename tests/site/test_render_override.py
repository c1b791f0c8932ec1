"""The renderer's speed-up through private Jinja and MarkupSafe behaviour (generator/site/render.py).

It compiles each autoescaped ``{{ x }}`` to ``environment.escape_output(x)`` (a subclass of
Jinja's private ``CodeGenerator._output_child_pre``) and escapes with MarkupSafe's private
``_escape_inner``.  Measured at about 7 % of the CPU time of reading, scoring, planning and
rendering an upload (docs/performance.md), so it stays, behind the version bounds in
pyproject.toml; these tests fail when a new Jinja or MarkupSafe stops it working or changes a byte.
"""

from __future__ import annotations

import markupsafe
import pytest
from jinja2 import Environment, StrictUndefined

from generator.site import render

HOSTILE = [
    "<script>alert('x')</script>",
    'a "b" & c',
    "&amp; é ♠ \u2028",
    "",
    7,
    2.5,
    None,
    markupsafe.Markup("<b>kept</b>"),
]

# Every place an expression's output can go: the page itself, a macro, a {% call %} block and the
# caller() it makes, a {% filter %} block, a block {% set %}, a loop, and autoescape switched off.
TEMPLATES = {
    "plain": "{% for v in values %}[{{ v }}]{% endfor %}",
    "macro": "{% macro m(v) %}({{ v }}){% endmacro %}{% for v in values %}{{ m(v) }}{% endfor %}",
    "call": "{% macro box() %}<div>{{ caller() }}</div>{% endmacro %}"
    "{% for v in values %}{% call box() %}{{ v }}|{{ v ~ '!' }}{% endcall %}{% endfor %}",
    "call with arguments": "{% macro each(xs) %}{% for x in xs %}{{ caller(x) }};{% endfor %}{% endmacro %}"
    "{% call(x) each(values) %}<{{ x }}>{% endcall %}",
    "filter": "{% for v in values %}{% filter upper %}{{ v }}<i>{% endfilter %}{% endfor %}",
    "filter of a filter": "{% filter replace('A', 'b') %}{% filter upper %}{% for v in values %}{{ v }}"
    "{% endfor %}{% endfilter %}{% endfilter %}",
    "block set": "{% for v in values %}{% set x %}{{ v }}{% endset %}{{ x }}{{ x | length }}{% endfor %}",
    "autoescape off": "{% autoescape false %}{% for v in values %}{{ v }}{% endfor %}{% endautoescape %}",
    "markup filter": "{% for v in values %}{{ v | e }}{{ v | string }}{% endfor %}",
}


def _plain_jinja() -> Environment:
    """Jinja as it comes, with the site's settings: what the pages would be without the override."""
    return Environment(
        autoescape=True, undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True
    )


@pytest.fixture(scope="module")
def site_env() -> Environment:
    return render.environment(str(render.DEFAULT_TEMPLATES))


def test_the_override_is_active(site_env):
    """The private hooks are still there and used: the compiled code calls escape_output."""
    assert render._escape_inner is not None, "MarkupSafe no longer has _escape_inner: the fallback is in use"
    code = site_env.compile("{{ value }}", raw=True)
    assert "environment.escape_output(" in code
    assert "environment.escape_output(" not in _plain_jinja().compile("{{ value }}", raw=True)


@pytest.mark.parametrize("name", TEMPLATES)
def test_the_output_is_byte_identical_to_plain_jinja(site_env, name):
    source = TEMPLATES[name]
    want = _plain_jinja().from_string(source).render(values=HOSTILE)
    got = site_env.from_string(source).render(values=HOSTILE)
    assert got == want
    assert "<script>" not in got or name == "autoescape off"


def test_escape_output_is_markupsafe_escape():
    for value in [*HOSTILE, "x" * 1000 + "<", 0, False, b"<bytes>"]:
        assert render.escape_output(value) == str(markupsafe.escape(value))

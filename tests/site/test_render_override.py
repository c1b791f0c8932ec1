"""The renderer's speed-up through private Jinja and MarkupSafe behaviour (generator/site/render.py).

It compiles each autoescaped ``{{ x }}`` to ``environment.escape_text(x)`` for a ``str``
(MarkupSafe's private ``_escape_inner``), else ``environment.escape_value(x)``, and each
(a subclass of Jinja's private ``CodeGenerator``).  Measured again with the rows in macros
(docs/performance.md, "Private hooks after the rows moved into macros"), it still pays more
than 5 % of the full build, so it stays, behind the version bounds in pyproject.toml; these
tests fail when a new Jinja or MarkupSafe stops it working or changes a byte.  (The inline
dict lookup the code generator also compiled paid about 1 % and is gone: ``row.key`` goes
to ``SiteEnvironment.getattr``, a public method.)
"""

from __future__ import annotations

import markupsafe
import pytest
from jinja2 import Environment, StrictUndefined

from generator.site import format as fmt
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
    """The private hooks are still there and used: the compiled code calls escape_text and
    escape_value, and escape_text is MarkupSafe's C helper."""
    assert fmt._escape_inner is not None, "MarkupSafe no longer has _escape_inner: the fallback is in use"
    assert fmt.escape_text is fmt._escape_inner
    code = site_env.compile("{{ value }}", raw=True)
    assert "(environment.escape_text(_eo) if type(_eo := " in code  # a str straight to the C escaper
    assert ") is str else environment.escape_value(_eo))" in code
    assert "environment.escape_value(" not in _plain_jinja().compile("{{ value }}", raw=True)


@pytest.mark.parametrize("name", TEMPLATES)
def test_the_output_is_byte_identical_to_plain_jinja(site_env, name):
    source = TEMPLATES[name]
    want = _plain_jinja().from_string(source).render(values=HOSTILE)
    got = site_env.from_string(source).render(values=HOSTILE)
    assert got == want
    assert "<script>" not in got or name == "autoescape off"


def test_the_escapers_are_markupsafe_escape():
    # one name each, in format.py and on the environment the compiled templates call
    assert render.SiteEnvironment.escape_value is fmt.escape_value
    assert render.SiteEnvironment.escape_text is fmt.escape_text
    for value in [*HOSTILE, "x" * 1000 + "<", 0, False, b"<bytes>"]:
        assert fmt.escape_value(value) == str(markupsafe.escape(value))
        if type(value) is str:
            assert fmt.escape_text(value) == str(markupsafe.escape(value))


# ``row.key`` goes to ``SiteEnvironment.getattr`` (a dict's key first); the reference is the
# same environment compiled by Jinja's own code generator.
class _ReferenceEnvironment(render.SiteEnvironment):
    code_generator_class = render.CodeGenerator


class _Obj:
    label = "<obj>"
    items = "attribute"

    def __init__(self, inner):
        self.inner = inner


LOOKUPS = {
    "dict keys, nested": "{% for r in rows %}{{ r.a }}|{{ r.pair.label }}|{{ r.pair.url or '-' }};{% endfor %}",
    "objects and dicts mixed": "{% for r in rows %}{{ r.obj.label }}/{{ r.obj.inner.label }}/{{ r.obj.items }};{% endfor %}",
    "a key named like a method wins": "{% for r in rows %}{{ r.mixed.items }}{{ r.mixed.get('values') }};{% endfor %}",
    "a dict's method": "{% for r in rows %}{{ r.marks.get('ns', 'none') }}{{ r.marks.keys()|list|length }};{% endfor %}",
    "in expressions and filters": "{% for r in rows %}{{ (r.a ~ r.pair.label)|upper }}{% if r.pair.url %}!{% endif %}"
    "{{ r.a if r.obj.inner.label else 0 }};{% endfor %}",
    "in a macro and a set": "{% macro m(p) %}{{ p.label }}{% endmacro %}{% for r in rows %}{% set x = r.pair %}"
    "{{ m(x) }}{{ x.label }}{% endfor %}",
    "a missing key is an attribute lookup": "{% for r in rows %}{{ r.nothing is defined }};{% endfor %}",
}
ROWS = [
    {
        "a": "<a>",
        "pair": {"label": "1 & 2", "url": None},
        "obj": _Obj(_Obj(None)),
        "mixed": {"items": "<key>", "values": 3},
        "marks": {"ns": "c1"},
    },
    {"a": 7, "pair": {"label": "", "url": "p.html"}, "obj": _Obj(_Obj(None)), "mixed": {"items": 0}, "marks": {}},
]


@pytest.mark.parametrize("name", LOOKUPS)
def test_dict_lookups_are_the_environment_getattr(site_env, name):
    source = LOOKUPS[name]
    reference = _ReferenceEnvironment(
        autoescape=True, undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True
    )
    want = reference.from_string(source).render(rows=ROWS)
    got = site_env.from_string(source).render(rows=ROWS)
    assert got == want
    assert "environment.getattr(" in site_env.compile(source, raw=True)


def test_a_missing_attribute_still_fails_loudly(site_env):
    """StrictUndefined: a missing key on a dict, read and printed, raises as before."""
    from jinja2 import UndefinedError

    with pytest.raises(UndefinedError):
        site_env.from_string("{{ row.missing }}").render(row={"present": 1})
    with pytest.raises(UndefinedError):
        site_env.from_string("{{ row.a.b }}").render(row={})


class _Items:
    """An object read by item only (no such attribute): Jinja falls back to ``obj[name]``."""

    def __getitem__(self, key):
        if key == "x":
            return "<item>"
        raise KeyError(key)


def test_objects_are_read_as_plain_jinja_reads_them(site_env):
    """On anything but a dict the site's lookup is Jinja's: the attribute, else the item, else
    undefined (here tested with ``is defined``)."""
    source = (
        "{{ o.label }}|{{ o.inner.label }}|{{ o.items }}|{{ i.x }}|{{ i.y is defined }}|{{ o.nothing is defined }}"
        "|{{ n.real }}|{{ s.upper() }}"
    )
    values = {"o": _Obj(_Obj(None)), "i": _Items(), "n": 7, "s": "<s>"}
    assert site_env.from_string(source).render(**values) == _plain_jinja().from_string(source).render(**values)

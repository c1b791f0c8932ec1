"""Fragments (``site/fragments.py``): an explanation step that several blocks of a session
share is rendered once by the ``explanation_step`` macro in the template's scope, and every
page shows the same bytes as a loop calling the macro for each step would."""

from __future__ import annotations

from fractions import Fraction

from markupsafe import Markup

from generator.scoring.explain import Explanation, Step
from generator.site.explain_view import block
from generator.site.fragments import Fragments
from generator.site.render import DEFAULT_TEMPLATES, environment

EXPLAIN = '{% from "_macros.html" import explanations %}{{ explanations(blocks, "matchpoints") }}'
LOOP = (  # what ``explanations`` wrote before the fragments: the macro called for every step
    '{% from "_macros.html" import explanation_step %}'
    '{% for b in blocks %}{% for s in b.steps %}{{ explanation_step(s, "matchpoints") }}{% endfor %}{% endfor %}'
)


def test_each_item_is_made_once_per_macro_and_arguments():
    calls: list[tuple[object, ...]] = []

    def macro(item: dict, unit: str) -> Markup:
        calls.append((item["n"], unit))
        return Markup(f"<li>{item['n']} {unit}</li>")

    one, two = {"n": 1}, {"n": 2}
    fragments = Fragments()
    assert fragments.each(macro, [one, two, one], "mp") == "<li>1 mp</li><li>2 mp</li><li>1 mp</li>"
    assert fragments.each(macro, [two, one], "mp") == "<li>2 mp</li><li>1 mp</li>"
    assert calls == [(1, "mp"), (2, "mp")]  # each item once, however often it is shown
    fragments.each(macro, [one], "imps")  # other arguments: another fragment
    assert calls[-1] == (1, "imps")
    assert isinstance(fragments.each(macro, [one], "mp"), Markup)  # not escaped again by a page


def test_a_session_s_blocks_render_a_shared_step_once_with_the_loop_s_bytes():
    """Two blocks with the same text step (one shared view, ``items``) and a table step each:
    the shared step goes through the macro once; the output is the per-step loop's."""
    env = environment(str(DEFAULT_TEMPLATES))
    items: dict = {}
    fragments = Fragments()
    text = Step("matchpoints.formula", "2 × 8 + 4 = 20 <of> 26")
    table = Step("butler.frequencies", "datum", {"rows": [], "trimmed_each_end": 0})
    blocks = [
        block(a, a, Explanation("matchpoints", Fraction(20), (text, table)), {}, {}, {}, items, None, fragments)
        for a in ("ns-140", "ew-140")
    ]
    made: list[object] = []
    module = env.get_template("_macros.html").module
    step = module.explanation_step

    def counted(s: dict, unit: str) -> Markup:
        made.append(s["rule"])
        return step(s, unit)

    shown = [b.steps_html(counted, "matchpoints") for b in blocks]
    assert made == ["matchpoints.formula", "butler.frequencies", "butler.frequencies"]
    assert "".join(shown) == env.from_string(LOOP).render(blocks=blocks)
    page = env.from_string(EXPLAIN).render(blocks=blocks)
    assert page.count("2 × 8 + 4 = 20 &lt;of&gt; 26") == 2 and "&amp;lt;" not in page
    assert all(s in page for s in shown)  # each block's steps, in its own block

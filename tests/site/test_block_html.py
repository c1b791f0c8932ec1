"""Explanation blocks written once in Python (``explain_view.block``'s ``html``) against the
``explanations`` macro writing the same block from its steps: the same text for any steps,
rules, articles and hostile strings; blocks with a table step stay the macro's."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.scoring.explain import Explanation, Step
from generator.site.explain_view import TABLE_RULES, _macro_block, block, written
from generator.site.render import DEFAULT_TEMPLATES, environment

text = st.text(alphabet=st.sampled_from("ab1 <>&\"'é♠♥♦♣\n-"), max_size=12)
rules = st.sampled_from(["matchpoints.compare", "matchpoints.formula", "neuberg.formula", "x_y.z", "a<b"])
rule_map = {"matchpoints": "matchpoints", "neuberg": "neuberg-<x>", "x_y": "xy"}
titles = {"matchpoints": "Matchpoints & tops", "xy": "X <y>"}

MACRO = '{% from "_macros.html" import explanations %}{{ explanations(blocks, "matchpoints") }}'


def rendered(b) -> str:
    return environment(str(DEFAULT_TEMPLATES)).from_string(MACRO).render(blocks=[b])


@settings(max_examples=300, deadline=None)
@given(
    steps=st.lists(st.tuples(rules, text), max_size=4),
    method=st.sampled_from(["matchpoints", "neuberg", "other"]),
    anchor=text,
    heading=text,
    shared=st.booleans(),
)
def test_block_html_is_what_the_macro_writes(steps, method, anchor, heading, shared):
    explanation = Explanation(method, Fraction(1), tuple(Step(r, s) for r, s in steps))
    items: dict | None = {} if shared else None
    ends: dict | None = {} if shared else None
    fast = block(anchor, heading, explanation, rule_map, titles, {}, items, ends)
    again = block(anchor, heading, explanation, rule_map, titles, {}, items, ends)  # the memo's lines and end
    slow = _macro_block(anchor, heading, explanation, rule_map, titles, {})
    assert fast.html is not None and not fast.steps
    assert fast.articles == slow.articles
    assert rendered(fast) == rendered(again) == rendered(slow)


def test_a_block_with_a_table_step_is_the_macros():
    explanation = Explanation("weighted", Fraction(1), (Step(sorted(TABLE_RULES)[0], "parts", {"components": []}),))
    b = block("line-1-ns", "H", explanation, {}, {})
    assert b.html is None and b.steps[0]["summary"] == "parts"


def test_a_hand_written_block():
    explanation = Explanation("matchpoints", Fraction(20), (Step("matchpoints.formula", "2 × 8 + 4 = 20 <of> 26"),))
    b = block("ns-140", "North-South, NS +140: 20.0 matchpoints", explanation, rule_map, titles)
    assert str(b.html) == (
        '<section class="explain" id="ns-140" aria-labelledby="ns-140-h">\n'
        '<h3 id="ns-140-h">North-South, NS +140: 20.0 matchpoints</h3>\n<ol class="steps">\n'
        '<li class="step matchpoints-formula">2 × 8 + 4 = 20 &lt;of&gt; 26\n</li>\n</ol>\n'
        '<p class="more">Read more: <a href="../../articles/matchpoints.html">Matchpoints &amp; tops</a></p>\n'
        "</section>\n"
    )


@given(st.one_of(st.integers(-3, 3), st.fractions(min_value=-3, max_value=3, max_denominator=4)))
def test_a_heading_takes_the_singular_exactly_where_unit_does(value):
    """``_heading`` asks ``unit`` for the word only where the figure may be ±1 (a shortcut):
    the word is the one ``unit`` gives for any figure."""
    from generator.model import Direction
    from generator.scoring.units import unit
    from generator.site.explain_view import _heading
    from tests.helpers.builders import one_board

    line = one_board([420]).boards[0].lines[0]
    heading = _heading(line, Direction.NS, value, "matchpoints", str)
    assert heading == f"North-South, NS +420: {value} {unit(value, 'matchpoints')}"
    assert heading.endswith(" matchpoint") == (value in (1, -1))


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(st.lists(st.tuples(rules, text), max_size=3), text, text, st.booleans()),
        min_size=1,
        max_size=5,
    )
)
def test_written_blocks_are_what_the_macro_writes(specs):
    """A board page's blocks joined (``written``) against the macro over the same list; with a
    table step anywhere, nothing is written and the page calls the macro."""
    blocks = []
    for steps, anchor, heading, table in specs:
        made = tuple(Step(r, s) for r, s in steps)
        if table:
            made += (Step(sorted(TABLE_RULES)[0], "parts", {"components": []}),)
        blocks.append(block(anchor, heading, Explanation("matchpoints", Fraction(1), made), rule_map, titles, {}, {}))
    joined = written(blocks)
    if any(b.html is None for b in blocks):
        assert joined is None
    else:
        assert joined == environment(str(DEFAULT_TEMPLATES)).from_string(MACRO).render(blocks=blocks)

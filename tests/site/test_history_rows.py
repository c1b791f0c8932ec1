"""A player page's history rows written in one piece (``generator/site/history_rows.py``)
against the template loop that wrote them before (kept here as the definition): the same
text for any rows, hostile strings, every unit and the masterpoints column included."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.site.history_rows import history_rows
from generator.site.render import DEFAULT_TEMPLATES, environment

# player.html's loop over a season's rows as it was before history_rows
DEFINITION = """{% for r in rows %}
<tr>
<td>{{ r.long_date }}</td>
<th scope="row"><a href="{{ r.session_url }}">{{ r.session }}</a></th>
<td>{% if r.partners %}{{ r.partners|join(" & ") }}{% else %}{{ r.pair }}{% endif %}</td>
<td>{{ r.rank }}/{{ r.entrants }}</td>
<td class="num"><a href="{{ r.url }}">{% if r.percentage is not none %}{{ r.percentage|percentage }}%{% elif r.unit == "vp" %}{{ r.total|vp }} VPs{% elif r.unit == "imps" %}{{ r.total|imps }} IMPs{% else %}{{ r.total|points }}{% endif %}</a></td>
{% if with_mp %}<td class="num">{{ r.masterpoints or "" }}</td>{% endif %}
</tr>
{% endfor %}
"""

text = st.text(alphabet=st.sampled_from("ab1 <>&\"'é♠\n\t-"), max_size=8)
figures = st.fractions(min_value=-500, max_value=500, max_denominator=60)
row = st.fixed_dictionaries(
    {
        "long_date": text,
        "session_url": text,
        "session": text,
        "partners": st.lists(text, max_size=3),
        "pair": text,
        "rank": st.one_of(st.integers(1, 99), text),
        "entrants": st.integers(1, 99),
        "url": text,
        "percentage": st.none() | st.fractions(min_value=0, max_value=100, max_denominator=600),
        "total": figures,
        "unit": st.sampled_from(["matchpoints", "imps", "vp", "points"]),
        "masterpoints": st.none() | st.integers(0, 90) | text,
    }
)


def loop(rows: list[dict], with_mp: bool) -> str:
    return environment(str(DEFAULT_TEMPLATES)).from_string(DEFINITION).render(rows=rows, with_mp=with_mp)


@settings(max_examples=300, deadline=None)
@given(st.lists(row, max_size=6), st.booleans())
def test_history_rows_write_what_the_template_loop_wrote(rows: list[dict], with_mp: bool) -> None:
    assert history_rows(rows, with_mp) == loop(rows, with_mp)


def test_a_hand_written_row() -> None:
    row = {
        "long_date": "Monday 7 September 2026",
        "session_url": "../sessions/a/index.html",
        "session": "Monday Pairs",
        "partners": ["Ann <Ash>", "Bo"],
        "pair": "3",
        "rank": 2,
        "entrants": 14,
        "url": "../sessions/a/pairs/3.html",
        "percentage": Fraction(5714, 100),
        "total": Fraction(120),
        "unit": "matchpoints",
        "masterpoints": 6,
    }
    assert history_rows([row], True) == (
        "<tr>\n<td>Monday 7 September 2026</td>\n"
        '<th scope="row"><a href="../sessions/a/index.html">Monday Pairs</a></th>\n'
        "<td>Ann &lt;Ash&gt; &amp; Bo</td>\n<td>2/14</td>\n"
        '<td class="num"><a href="../sessions/a/pairs/3.html">57.14%</a></td>\n'
        '<td class="num">6</td></tr>\n'
    )

"""Table rows written in one piece (``generator/site/rows.py``: the scorecard's and the
traveller's) against the template loops that wrote them before (kept here as the
definition): the same text for any rows, hostile strings, every kind of row and unit included."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.analysis.compare import VersusDoubleDummy
from generator.scoring.contract import Contract
from generator.site.render import DEFAULT_TEMPLATES, environment
from generator.site.rows import card_rows, frequency_rows, traveller_rows, worth_items

# pair.html's loop over ``rows`` as it was before card_rows (branch pagespeed)
DEFINITION = """{% for r in rows %}
{% if r.missed %}
<tr class="missed"><th scope="row"><a href="{{ r.board_url }}">{{ r.board }}</a></th>{% if show_direction %}<td></td>{% endif %}<td colspan="{{ (6 if unit == "matchpoints" else 5) + (2 if entrant == "Player" else 0) }}">{% if r.why is defined %}{{ r.why }}{% else %}not played{% endif %}</td></tr>
{% else %}
<tr>
<th scope="row"><a href="{{ r.board_url }}">{{ r.board }}</a></th>
{% if show_direction %}<td>{{ r.direction }}</td>{% endif %}
{# a pair: a link to its page, or just its label (written out: a macro call costs more than the cell) #}
{% if r.partner %}<td>{{ r.seat }}</td><td><a href="{{ r.partner.url }}">{{ r.partner.names }}</a></td>
<td>{% for o in r.against %}<a href="{{ o.url }}">{{ o.names }}</a>{% if not loop.last %}, {% endif %}{% endfor %}</td>
{% else %}<td>{% if r.opponents.url %}<a href="{{ r.opponents.url }}">{{ r.opponents.label }}</a>{% else %}{{ r.opponents.label }}{% endif %}</td>{% endif %}
<td>{% if r.outcome.kind == "play" %}{{ r.outcome.contract|contract }} {{ r.outcome.declarer }}{% elif r.outcome.kind == "artificial" %}<abbr title="{{ r.outcome.words }}">{{ r.outcome.code }}</abbr>{% else %}weighted{% endif %}</td>
<td class="num">{% if r.own_score is not none %}{% if r.dist_url %}<a href="{{ r.dist_url }}" aria-label="{{ r.own_score|signed_score }}: among the board's scores">{{ r.own_score|signed_score }}</a>{% else %}{{ r.own_score|signed_score }}{% endif %}{% endif %}</td>
{% set value = r.value|figure(unit, places) %}
<td class="num"><a href="{{ r.anchor_url }}" aria-label="{{ value }} on board {{ r.board }}: how it was calculated">{{ value }}</a>{% if r.mark %}<a class="corrected" href="index.html#{{ r.mark }}" aria-label="corrected: see the correction" title="corrected: see the correction">&thinsp;*</a>{% endif %}</td>
{% if unit == "matchpoints" %}<td class="num">{{ r.percent_text }}</td>{% endif %}
<td class="num">{{ r.running|figure(unit, places) }}</td>
</tr>
{% endif %}
{% endfor %}
"""

text = st.text(alphabet=st.sampled_from("ab1 <>&\"'é♠\n\t-"), max_size=8)
figures = st.fractions(min_value=-500, max_value=500, max_denominator=60)
link = st.fixed_dictionaries({"url": st.none() | text, "label": text, "names": text})
outcome = st.one_of(
    st.fixed_dictionaries(
        {
            "kind": st.just("play"),
            "contract": st.sampled_from([Contract.parse(c) for c in ("4H", "3NTX", "7SXX", "1C", "PASS")]),
            "declarer": st.sampled_from(["N", "E", "S", "W", ""]),
            "ns_score": st.integers(-2000, 2000),
        }
    ),
    st.fixed_dictionaries({"kind": st.just("artificial"), "code": text, "words": text}),
    st.fixed_dictionaries({"kind": st.just("weighted"), "components": st.just([])}),
)
played = st.fixed_dictionaries(
    {
        "board": text,
        "board_url": text,
        "missed": st.just(False),
        "direction": st.sampled_from(["NS", "EW"]),
        "opponents": link,
        "outcome": outcome,
        "seat": st.sampled_from(["N", "E", "S", "W"]),
        "partner": st.none() | link,
        "against": st.lists(link, max_size=3),
        "own_score": st.none() | st.integers(-2000, 2000),
        "value": figures,
        "percent_text": text,
        "running": figures,
        "anchor_url": text,
        "dist_url": st.none() | text,
        "mark": st.none() | text,
    }
)
missed = st.fixed_dictionaries(
    {"board": text, "board_url": text, "missed": st.just(True), "direction": st.sampled_from(["NS", "EW", ""])},
    optional={"why": text},
)


def definition(rows, unit, places, show_direction, entrant) -> str:
    template = environment(str(DEFAULT_TEMPLATES)).from_string(DEFINITION)
    return template.render(rows=rows, unit=unit, places=places, show_direction=show_direction, entrant=entrant)


@settings(max_examples=300, deadline=None)
@given(
    rows=st.lists(played | missed, max_size=6),
    unit=st.sampled_from(["matchpoints", "imps", "points", "vp"]),
    places=st.none() | st.sampled_from([1, 2]),
    show_direction=st.booleans(),
    entrant=st.sampled_from(["Pair", "Player"]),
)
def test_card_rows_write_what_the_template_loop_wrote(rows, unit, places, show_direction, entrant):
    assert str(card_rows(rows, unit, places, show_direction, entrant)) == definition(
        rows, unit, places, show_direction, entrant
    )


def test_a_hand_written_row():
    """One row worked by hand: a played board with its distribution link and a correction mark."""
    row = {
        "board": "3",
        "board_url": "board-3.html",
        "missed": False,
        "direction": "NS",
        "opponents": {"url": "pair-ew-5.html", "label": "5", "names": "A & B"},
        "outcome": {"kind": "play", "contract": Contract.parse("4H"), "declarer": "S", "ns_score": 420},
        "seat": "N",
        "partner": None,
        "against": [],
        "own_score": 420,
        "value": Fraction(41, 2),
        "percent_text": "78.85",
        "running": Fraction(61, 2),
        "anchor_url": "board-3.html#ns-420",
        "dist_url": "board-3.html#dist-420",
        "mark": "c1",
    }
    got = str(card_rows([row], "matchpoints", 1, False, "Pair"))
    assert got == (
        '<tr>\n<th scope="row"><a href="board-3.html">3</a></th>\n'
        '<td><a href="pair-ew-5.html">5</a></td>'
        '<td>4<span class="suit h" role="img" aria-label="hearts">♥</span> S</td>\n'
        '<td class="num"><a href="board-3.html#dist-420" aria-label="+420: among the board\'s scores">+420</a></td>\n'
        '<td class="num"><a href="board-3.html#ns-420" aria-label="20.5 on board 3: how it was calculated">20.5</a>'
        '<a class="corrected" href="index.html#c1" aria-label="corrected: see the correction" '
        'title="corrected: see the correction">&thinsp;*</a></td>\n'
        '<td class="num">78.85</td><td class="num">30.5</td>\n</tr>\n'
    )
    assert got == definition([row], "matchpoints", 1, False, "Pair")


# board.html's loop over ``lines`` as it was before traveller_rows (branch pagespeed)
TRAVELLER = (
    '{% from "_macros.html" import outcome_contract %}'
    + """{% for l in lines %}
<tr>
{# a pair: a link to its page, or just its label (written out: a macro call costs more than the cell) #}
{% if l.seats %}{% for side in ("NS", "EW") %}<td class="seats">{% for p in l.seats[side] %}{{ p.seat }}&nbsp;<a href="{{ p.url }}">{{ p.names }}</a>{% if not loop.last %}<br>{% endif %}{% endfor %}</td>{% endfor %}
{% else %}<td>{% if l.ns_pair.url %}<a href="{{ l.ns_pair.url }}">{{ l.ns_pair.label }}</a>{% else %}{{ l.ns_pair.label }}{% endif %}</td><td>{% if l.ew_pair.url %}<a href="{{ l.ew_pair.url }}">{{ l.ew_pair.label }}</a>{% else %}{{ l.ew_pair.label }}{% endif %}</td>{% endif %}
{% if l.ruling %}
<td colspan="5">{{ l.ruling }}</td>
{% elif l.ns.kind == "play" and not l.ew %}
<td>{{ l.ns.contract|contract }}{% if l.get("record") %} <a class="rec" href="#{{ l.record.id }}">{{ l.record.what }}</a>{% endif %}</td><td>{{ l.ns.declarer }}</td><td>{{ l.ns.lead|card }}</td>
<td class="num">{% if l.ns.tricks is not none %}{{ l.ns.tricks }}{% endif %}</td>
<td class="num">{{ l.ns.ns_score|score }}</td>
{% else %}
<td colspan="5">{{ outcome_contract(l.ns) }}{% if l.ew %}<br>EW: {{ outcome_contract(l.ew) }}{% endif %}</td>
{% endif %}
{% if dd %}{% if l.dd %}<td class="num" title="{{ l.dd.tricks_text }}">{{ l.dd.tricks_short }}</td><td class="num">{{ l.dd.par_difference|signed_score or "par" }}</td>{% else %}<td></td><td></td>{% endif %}{% endif %}
{% set ns_value = l.ns_value|figure(unit, places) %}{% set ew_value = l.ew_value|figure(unit, places) %}
<td class="num"><a href="#{{ l.ns_anchor }}" aria-label="{{ ns_value }}: how NS {% if l.seats %}{% for p in l.seats.NS %}{{ p.names }}{% if not loop.last %} and {% endif %}{% endfor %}{% else %}{{ l.ns_pair.label }}{% endif %} got it">{{ ns_value }}</a>{% if l.ns_mark %}<a class="corrected" href="index.html#{{ l.ns_mark }}" aria-label="corrected: see the correction" title="corrected: see the correction">&thinsp;*</a>{% endif %}</td>
<td class="num"><a href="#{{ l.ew_anchor }}" aria-label="{{ ew_value }}: how EW {% if l.seats %}{% for p in l.seats.EW %}{{ p.names }}{% if not loop.last %} and {% endif %}{% endfor %}{% else %}{{ l.ew_pair.label }}{% endif %} got it">{{ ew_value }}</a>{% if l.ew_mark %}<a class="corrected" href="index.html#{{ l.ew_mark }}" aria-label="corrected: see the correction" title="corrected: see the correction">&thinsp;*</a>{% endif %}</td>
</tr>
{% if l.note %}<tr class="line-note"><td colspan="{{ 11 if dd else 9 }}"><strong>Note:</strong> {{ l.note }}</td></tr>{% endif %}
{% endfor %}
"""
)

pair = st.fixed_dictionaries({"url": st.none() | text, "label": text, "names": text})
player = st.fixed_dictionaries(
    {"seat": st.sampled_from(["N", "E", "S", "W"]), "url": st.none() | text, "label": text, "names": text}
)
play = st.fixed_dictionaries(
    {
        "kind": st.just("play"),
        "contract": st.none() | st.sampled_from([Contract.parse(c) for c in ("4H", "3NTX", "7SXX", "1C", "PASS")]),
        "declarer": st.sampled_from(["N", "E", "S", "W", ""]),
        "tricks": st.none() | st.integers(0, 13),
        "lead": st.none() | st.sampled_from(["HK", "S10", "<b>", "CT", ""]),
        "ns_score": st.none() | st.integers(-2000, 2000),
    }
)
component = st.fixed_dictionaries(
    {
        "weight": st.fractions(min_value=0, max_value=1, max_denominator=12),
        "contract": st.none() | st.sampled_from([Contract.parse(c) for c in ("4H", "3NT", "2DX")]),
        "declarer": st.sampled_from(["N", "E", "S", "W", ""]),
        "ns_score": st.integers(-2000, 2000),
    },
    optional={"score": st.integers(-2000, 2000)},
)
side_outcome = st.one_of(
    play,
    st.fixed_dictionaries({"kind": st.just("artificial"), "code": text, "words": text}),
    st.fixed_dictionaries({"kind": st.just("weighted"), "components": st.lists(component, min_size=1, max_size=3)}),
)
versus = st.builds(
    VersusDoubleDummy,
    st.none() | st.integers(0, 13),
    st.none() | st.integers(-13, 13),
    st.integers(-2000, 2000),
    st.integers(-2000, 2000),
)
line = st.fixed_dictionaries(
    {
        "dd": st.none() | versus,
        "ns_pair": pair,
        "ew_pair": pair,
        "seats": st.none()
        | st.fixed_dictionaries({"NS": st.lists(player, max_size=2), "EW": st.lists(player, max_size=2)}),
        "ns": side_outcome,
        "ew": st.none() | side_outcome,
        "ruling": st.none() | text,
        "ns_value": figures,
        "ew_value": figures,
        "ns_anchor": text,
        "ew_anchor": text,
        "note": st.none() | text,
        "ns_mark": st.none() | text,
        "ew_mark": st.none() | text,
    },
    optional={"record": st.fixed_dictionaries({"id": text, "what": st.sampled_from(["auction", "play"])})},
)


@settings(max_examples=300, deadline=None)
@given(
    lines=st.lists(line, max_size=5),
    dd=st.booleans(),
    unit=st.sampled_from(["matchpoints", "imps", "points", "vp"]),
    places=st.none() | st.sampled_from([1, 2]),
)
def test_traveller_rows_write_what_the_template_loop_wrote(lines, dd, unit, places):
    template = environment(str(DEFAULT_TEMPLATES)).from_string(TRAVELLER)
    want = template.render(lines=lines, dd=dd, unit=unit, places=places)
    assert str(traveller_rows(lines, dd, unit, places)) == want


# board.html's loops over the frequency rows and the trick values, as they were before
FREQUENCIES = """{% for r in rows %}
<tr id="freq-{{ r.score|score }}"{% if not r.occurs %} class="component"{% endif %}>
<th scope="row" class="num">{{ r.score|score }}</th>
<td class="num">{{ r.frequency|exact }}</td>
{% if factored %}<td class="num">{{ r.factored|exact }}</td>{% endif %}
{% if r.occurs %}
{% if "ns" in sides %}<td class="num">{% if r.ns_anchor %}<a href="#{{ r.ns_anchor }}">{{ r.ns|figure(unit, places) }}</a>{% else %}{{ r.ns|figure(unit, places) }}{% endif %}</td>
{% endif %}{% if "ew" in sides %}<td class="num">{% if r.ew_anchor %}<a href="#{{ r.ew_anchor }}">{{ r.ew|figure(unit, places) }}</a>{% else %}{{ r.ew|figure(unit, places) }}{% endif %}</td>
{% endif %}{% else %}{% for side in sides %}<td class="num">—</td>{% endfor %}{% endif %}
</tr>
{% endfor %}
"""
WORTH = """{% for w in worth %}<li>{{ w.table }}, {% if w.what is defined %}{{ w.what }}{% else %}{{ w.contract|contract }} by {{ w.declarer }} ({{ w.side }}){% endif %}: {{ w.text }}.</li>
{% endfor %}"""

frequency_row = st.fixed_dictionaries(
    {
        "score": st.none() | st.integers(-7600, 7600),
        "frequency": st.fractions(min_value=0, max_value=30, max_denominator=12),
        "factored": st.fractions(min_value=0, max_value=30, max_denominator=12),
        "ns": figures,
        "ew": figures,
        "occurs": st.booleans(),
        "ns_anchor": st.none() | text,
        "ew_anchor": st.none() | text,
    }
)
worth_entry = st.fixed_dictionaries(
    {
        "table": text,
        "contract": st.sampled_from([Contract.parse(c) for c in ("4H", "3NTX", "7SXX")]),
        "declarer": st.sampled_from(["N", "E", "S", "W"]),
        "side": st.sampled_from(["NS", "EW"]),
        "text": text,
    },
    optional={"what": text},
)


@settings(max_examples=300, deadline=None)
@given(
    rows=st.lists(frequency_row, max_size=5),
    factored=st.booleans(),
    unit=st.sampled_from(["matchpoints", "imps", "points", "vp"]),
    places=st.none() | st.sampled_from([1, 2]),
    sides=st.sampled_from([("ns", "ew"), ("ns",), ("ew",)]),
)
def test_frequency_rows_write_what_the_template_loop_wrote(rows, factored, unit, places, sides):
    template = environment(str(DEFAULT_TEMPLATES)).from_string(FREQUENCIES)
    want = template.render(rows=rows, factored=factored, unit=unit, places=places, sides=sides)
    assert str(frequency_rows(rows, factored, unit, places, sides)) == want


@settings(max_examples=200, deadline=None)
@given(worth=st.lists(worth_entry, max_size=5))
def test_worth_items_write_what_the_template_loop_wrote(worth):
    want = environment(str(DEFAULT_TEMPLATES)).from_string(WORTH).render(worth=worth)
    assert str(worth_items(worth)) == want


def test_a_note_on_the_last_line_joins_the_next_row_as_the_loop_wrote_it():
    """The old loop wrote a line's note row with no line break after it: the last one ran on
    into ``</tbody>`` or the first sit-out row (checked against main's template at the change)."""
    from generator.site.board_pages import board_page
    from generator.site.page import SiteInfo
    from generator.site.render import render_page
    from generator.site.session_view import SessionInputs, SessionView
    from tests.helpers.builders import one_board

    result = one_board([420, 450, 400])
    page = board_page(SessionView(SessionInputs(result, "s", SiteInfo("Club", {}, {}))), result.boards[0], 0)
    ctx = page.context
    ctx["lines"][-1]["note"] = "Claim & ruling"
    ctx["traveller_rows"] = traveller_rows(ctx["lines"], False, ctx["unit"], ctx["places"])
    html = render_page(page).decode()
    assert "<strong>Note:</strong> Claim &amp; ruling</td></tr></tbody>" in html
    ctx["sitouts"] = [{"label": "9", "url": None, "names": ""}]
    html = render_page(page).decode()
    assert 'Claim &amp; ruling</td></tr><tr class="sitout"><td colspan="9">Pair 9 sat out' in html

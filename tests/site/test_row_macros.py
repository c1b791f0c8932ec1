"""The row and explanation macros (``templates/_rows.html``, ``_macros.html``) on rows worked
by hand, and on hostile strings: every text from an upload is escaped wherever a row shows it."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.analysis.compare import VersusDoubleDummy
from generator.scoring.contract import Contract
from generator.scoring.explain import Explanation, Step
from generator.site.explain_view import block
from generator.site.render import DEFAULT_TEMPLATES, environment

ROWS = '{% from "_rows.html" import scorecard_row, traveller_row, frequency_row, worth_item, history_row %}'


def render(source: str, **context) -> str:
    return environment(str(DEFAULT_TEMPLATES)).from_string(ROWS + source).render(**context)


def test_a_hand_written_scorecard_row():
    """A played board with its distribution link and a correction mark."""
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
    got = render("{{ scorecard_row(r, 'matchpoints', 1, False, 'Pair') }}", r=row)
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
    missed = {"board": "4", "board_url": "board-4.html", "missed": True, "direction": "NS", "why": "sat out"}
    got = render("{{ scorecard_row(r, 'imps', None, True, 'Player') }}", r=missed)
    # imps: board, against, contract, own score, IMPs, total: 5 cells after the board, +2 for a player
    assert (
        got
        == '<tr class="missed"><th scope="row"><a href="board-4.html">4</a></th><td></td><td colspan="7">sat out</td></tr>\n'
    )


def test_a_hand_written_history_row():
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
    assert render("{{ history_row(r, True) }}", r=row) == (
        "<tr>\n<td>Monday 7 September 2026</td>\n"
        '<th scope="row"><a href="../sessions/a/index.html">Monday Pairs</a></th>\n'
        "<td>Ann &lt;Ash&gt; &amp; Bo</td>\n<td>2/14</td>\n"
        '<td class="num"><a href="../sessions/a/pairs/3.html">57.14%</a></td>\n'
        '<td class="num">6</td></tr>\n'
    )
    vp = dict(row, percentage=None, unit="vp", total=Fraction(3125, 100), partners=[])
    assert (
        '<td>3</td>\n<td>2/14</td>\n<td class="num"><a href="../sessions/a/pairs/3.html">31.25 VPs</a></td>\n</tr>'
        in (render("{{ history_row(r, False) }}", r=vp))
    )


rule_map = {"matchpoints": "matchpoints"}
titles = {"matchpoints": "Matchpoints & tops"}
EXPLAIN = '{% from "_macros.html" import explanations %}{{ explanations(blocks, "matchpoints") }}'


def test_a_hand_written_explanation_block():
    explanation = Explanation("matchpoints", Fraction(20), (Step("matchpoints.formula", "2 × 8 + 4 = 20 <of> 26"),))
    b = block("ns-140", "North-South, NS +140: 20.0 matchpoints", explanation, rule_map, titles)
    got = environment(str(DEFAULT_TEMPLATES)).from_string(EXPLAIN).render(blocks=[b])
    assert got == (
        '<section class="explain" id="ns-140" aria-labelledby="ns-140-h">\n'
        '<h3 id="ns-140-h">North-South, NS +140: 20.0 matchpoints</h3>\n<ol class="steps">\n'
        '<li class="step matchpoints-formula">2 × 8 + 4 = 20 &lt;of&gt; 26\n</li>\n</ol>\n'
        '<p class="more">Read more: <a href="../../articles/matchpoints.html">Matchpoints &amp; tops</a></p>\n'
        "</section>\n"
    )


def test_blocks_share_their_text_steps_and_keep_their_table_steps():
    """A session's blocks share each text step's view (``items``) and each article list
    (``ends``); a table step carries its own values."""
    items: dict = {}
    ends: dict = {}
    text = Step("matchpoints.formula", "2 × 8 + 4 = 20")
    a = block("a", "A", Explanation("matchpoints", Fraction(20), (text,)), rule_map, titles, {}, items, ends)
    b = block("b", "B", Explanation("matchpoints", Fraction(20), (text,)), rule_map, titles, {}, items, ends)
    assert a.steps[0] is b.steps[0] and a.articles is b.articles
    one = Step("weighted.component", "parts", {"components": [1]})
    two = Step("weighted.component", "parts", {"components": [2]})
    c = block("c", "C", Explanation("weighted", Fraction(1), (one,)), rule_map, titles, {}, items, ends)
    d = block("d", "D", Explanation("weighted", Fraction(1), (two,)), rule_map, titles, {}, items, ends)
    assert c.steps[0]["values"] == {"components": [1]} and d.steps[0]["values"] == {"components": [2]}


hostile = st.sampled_from(["<b>x</b>", 'a "q" & b', "<script>", "é ♠ <"])
pair = st.fixed_dictionaries({"url": st.none() | hostile, "label": hostile, "names": hostile})
player = st.fixed_dictionaries({"seat": hostile, "url": hostile, "names": hostile})
outcome = st.one_of(
    st.fixed_dictionaries(
        {
            "kind": st.just("play"),
            "contract": st.sampled_from([Contract.parse("4H"), "<i>"]),
            "declarer": hostile,
            "tricks": st.none() | st.integers(0, 13),
            "lead": st.none() | hostile,
            "ns_score": st.integers(-2000, 2000),
        }
    ),
    st.fixed_dictionaries({"kind": st.just("artificial"), "code": hostile, "words": hostile}),
    st.fixed_dictionaries(
        {
            "kind": st.just("weighted"),
            "components": st.lists(
                st.fixed_dictionaries(
                    {
                        "weight": st.just(Fraction(1, 2)),
                        "contract": st.just(None),
                        "declarer": hostile,
                        "ns_score": st.just(50),
                    }
                ),
                min_size=1,
                max_size=2,
            ),
        }
    ),
)
line = st.fixed_dictionaries(
    {
        "dd": st.none() | st.builds(VersusDoubleDummy, st.just(10), st.just(1), st.just(420), st.just(-30)),
        "ns_pair": pair,
        "ew_pair": pair,
        "seats": st.none()
        | st.fixed_dictionaries({"NS": st.lists(player, max_size=2), "EW": st.lists(player, max_size=2)}),
        "ns": outcome,
        "ew": st.none() | outcome,
        "ruling": st.none() | hostile,
        "ns_value": st.just(Fraction(3)),
        "ew_value": st.just(Fraction(5)),
        "ns_anchor": hostile,
        "ew_anchor": hostile,
        "note": st.none() | hostile,
        "ns_mark": st.none() | hostile,
        "ew_mark": st.none() | hostile,
    },
    optional={"record": st.fixed_dictionaries({"id": hostile, "what": hostile})},
)


@settings(max_examples=200, deadline=None)
@given(l=line, dd=st.booleans())
def test_a_traveller_row_escapes_every_text(l, dd):
    got = render("{{ traveller_row(l, dd, 'matchpoints', 1) }}", l=l, dd=dd)
    for raw in ("<b>", "<script>", "<i>", '"q"', " & ", "♠ <"):
        assert raw not in got
    assert got.startswith("<tr>\n") and got.count("<tr") == 1 + bool(l["note"])


def test_a_note_on_the_last_line_joins_the_next_row_as_the_loop_wrote_it():
    """A line's note row has no line break after it: the last one runs on into ``</tbody>``
    or the first sit-out row (as the pages always wrote it)."""
    from generator.site.board_pages import board_page
    from generator.site.page import SiteInfo
    from generator.site.render import render_page
    from generator.site.session_view import SessionHistory, SessionInputs, SessionView
    from tests.helpers.builders import one_board

    result = one_board([420, 450, 400])
    view = SessionView(
        SessionInputs(result, "s", SiteInfo("Club", {}, {}), SessionHistory.of(None), None, None, (), None)
    )
    page = board_page(view, result.boards[0], 0)
    ctx = page.context
    ctx["lines"][-1]["note"] = "Claim & ruling"
    html = render_page(page).decode()
    assert "<strong>Note:</strong> Claim &amp; ruling</td></tr></tbody>" in html
    ctx["sitouts"] = [{"label": "9", "url": None, "names": ""}]
    html = render_page(page).decode()
    assert 'Claim &amp; ruling</td></tr><tr class="sitout"><td colspan="9">Pair 9 sat out' in html

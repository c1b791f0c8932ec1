"""Names on a traveller (issue 28): each pair's players under its number, in full, with the
surnames a phone shows instead (site.css); screen readers read the full names once."""

from __future__ import annotations

import re

import pytest

from generator.model import (
    Board,
    Direction,
    Pair,
    PairRef,
    Play,
    Player,
    Scored,
    ScoringMethod,
    Section,
    Session,
    TravellerLine,
)
from generator.scoring.options import ScoringOptions
from generator.scoring.session import score_session
from generator.site.board_pages import board_page
from generator.site.naming import surname
from generator.site.page import SiteInfo
from generator.site.render import render_page
from generator.site.session_view import SessionHistory, SessionInputs, SessionView


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Ann Smith", "Smith"),
        ("Smith, Ann", "Smith"),  # surname first, as some programs write it
        ("Jan van der Berg", "van der Berg"),  # the particles belong to the surname
        ("Van Morrison", "Morrison"),  # a first word is a given name, even 'Van'
        ("Madonna", "Madonna"),
        ("  Ann   B.  Cole ", "Cole"),
    ],
)
def test_a_surname(name, expected):
    assert surname(name) == expected


def _view(pairs: tuple[Pair, ...], lines: tuple[TravellerLine, ...]) -> SessionView:
    session = Session("Names", ScoringMethod.MATCHPOINTS, sections=(Section("", pairs, 2),), boards=(Board(1, lines),))
    result = score_session(session, ScoringOptions())
    return SessionView(
        SessionInputs(result, "s", SiteInfo("Club", {}, {}), SessionHistory.of(None), None, None, (), None)
    )


def test_a_traveller_line_names_both_pairs_in_full_and_by_surname():
    ns1, ew1 = PairRef("", 1, Direction.NS), PairRef("", 1, Direction.EW)
    ns2, ew2 = PairRef("", 2, Direction.NS), PairRef("", 2, Direction.EW)
    pairs = (
        Pair(ns1, (Player("Ann Smith"), Player("Bob Jones"))),
        Pair(ew1, (Player("Cora <Dee>"), Player("Jan van der Berg"))),
        Pair(ns2),  # no names in the upload: the number alone
        Pair(ew2, (Player("Eve Fox"), Player("Finn Gray"))),
    )
    lines = (
        TravellerLine(ns1, ew1, Scored.of(Play(420)), Scored.of(Play(420))),
        TravellerLine(ns2, ew2, Scored.of(Play(450)), Scored.of(Play(450))),
    )
    view = _view(pairs, lines)
    html = render_page(board_page(view, view.result.boards[0], 0)).decode()
    cells = re.findall(r'<td class="pair">.*?</td>', html)
    assert cells == [  # the traveller lists the best NS score first: table 2's +450
        '<td class="pair"><a href="pair-ns-2.html">2</a></td>',
        '<td class="pair"><a href="pair-ew-2.html">2 <span class="who names"><span class="full">Eve Fox &amp; Finn Gray</span>'
        '<span class="short" aria-hidden="true">Fox &amp; Gray</span></span></a></td>',
        '<td class="pair"><a href="pair-ns-1.html">1 <span class="who names"><span class="full">Ann Smith &amp; Bob Jones</span>'
        '<span class="short" aria-hidden="true">Smith &amp; Jones</span></span></a></td>',
        '<td class="pair"><a href="pair-ew-1.html">1 <span class="who names"><span class="full">Cora &lt;Dee&gt; &amp; '
        'Jan van der Berg</span><span class="short" aria-hidden="true">&lt;Dee&gt; &amp; van der Berg</span></span></a></td>',
    ]


def test_the_stylesheet_shows_surnames_only_up_to_420_px():
    """The full names are visually hidden (still read) and the surnames shown at 420 px and
    below; above it the surnames are not displayed at all (so never read twice)."""
    from generator.site.render import DEFAULT_TEMPLATES

    css = (DEFAULT_TEMPLATES / "static" / "site.css").read_text()
    assert ".names .short { display: none; }" in css
    block = css.split("@media (max-width: 26.25rem) {", 1)[1].split("\n}\n", 1)[0]
    assert (
        ".names .full { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%)" in block
    )
    assert ".names .short { display: inline; }" in block

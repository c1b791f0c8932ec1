"""The session's hand-record sheet and the hand-viewer link of each board (issue 28, item 7),
on the fixture club's Monday Pairs (tests/fixtures/club, invented names)."""

from __future__ import annotations

import html
from pathlib import Path

from generator.model import Deal
from generator.notation import Seat, Vulnerability
from generator.site.handviewer import handviewer_url

MONDAY = "sessions/2026-09-07-monday-pairs"

BOARD_1 = (
    "https://www.bridgebase.com/tools/handviewer.html"
    "?n=st5ht7dk32ckqt965&e=sq9863h632dt4cj43&s=sakjh9854dj9765c8&w=s742hakqjdaq8ca72&d=n&v=-&b=1"
)
"""Board 1's deal, "N:T5.T7.K32.KQT965 Q9863.632.T4.J43 AKJ.9854.J9765.8 742.AKQJ.AQ8.A72",
written out by hand: each hand s…h…d…c… in lower case (t the ten), dealer North and nobody
vulnerable (Law 2 for board 1: v=-), board 1."""


def test_the_url_of_a_known_deal() -> None:
    deal = Deal(
        {
            Seat.N: "T5.T7.K32.KQT965",
            Seat.E: "Q9863.632.T4.J43",
            Seat.S: "AKJ.9854.J9765.8",
            Seat.W: "742.AKQJ.AQ8.A72",
        }
    )
    assert handviewer_url(deal, 1, Seat.N, Vulnerability.NONE) == BOARD_1
    both = handviewer_url(deal, 16, Seat.W, Vulnerability.BOTH) or ""
    assert both.endswith("&d=w&v=b&b=16")
    assert handviewer_url(Deal({Seat.N: "AKQJT98765432...", Seat.S: "...AKQJT98765432"}), 1, Seat.N, "None") is None


def test_board_page_links_to_the_hand_viewer(built_site: Path) -> None:
    page = (built_site / MONDAY / "board-1.html").read_text(encoding="utf-8")
    # escaped in the page ('&' as '&amp;'), opened apart from the site
    assert f'<a href="{html.escape(BOARD_1)}" rel="noopener" target="_blank">' in page
    # a session without deals has no link (the Butler pairs' boards give none)
    butler = (built_site / "sessions/2026-10-01-butler-pairs/board-1.html").read_text(encoding="utf-8")
    assert "handviewer" not in butler


def test_the_sheet_shows_every_deal_with_hcp_dd_and_par(built_site: Path) -> None:
    session = (built_site / MONDAY / "index.html").read_text(encoding="utf-8")
    assert '<a href="hands.html">' in session
    sheet = (built_site / MONDAY / "hands.html").read_text(encoding="utf-8")
    assert sheet.count('<section class="hand-record"') == 10  # the session's ten boards
    # board 1's HCP by hand: N K,K+Q = 8; E Q+J = 3; S A,K,J+J = 9; W A,K,Q,J+A,Q+A = 20 (40 in all)
    first = sheet.split('id="hr-1"')[1].split('id="hr-2"')[0]
    for seat, points in (("North", 8), ("East", 3), ("South", 9), ("West", 20)):
        assert f'<h3>{seat} <span class="hcp">{points} HCP</span></h3>' in first
    assert "Dealer North" in first and "Nobody vulnerable" in first
    assert html.escape(BOARD_1) in first
    if "Tricks, double dummy" in sheet:  # the solver is installed: each board's table and par
        assert sheet.count("Tricks, double dummy") == 10 and sheet.count('class="par"') == 10
    # no sheet for a session without deals
    assert not (built_site / "sessions/2026-10-01-butler-pairs/hands.html").exists()
    assert 'href="hands.html"' not in (built_site / "sessions/2026-10-01-butler-pairs/index.html").read_text()

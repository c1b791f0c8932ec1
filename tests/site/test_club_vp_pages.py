"""A match scored on a club's own VP table shows the table's row on the match page."""

from __future__ import annotations

import pytest

from generator.site.build import build_site
from tests.helpers.sessions import SHORT_MATCH

SITE = """club: Test Club
scoring:
  vp_scale: club
  club_vp_scales:
    - boards: 3
      vps: {0: 10-10, 1: 11-9, 2: 12-8, 3-4: 13-7, 5-6: 14-6, 7-8: 15-5, 9-10: 16-4,
            11-13: 17-3, 14-16: 18-2, 17-19: 19-1, 20+: 20-0}
"""

# SHORT_MATCH: +250 → 6 IMPs, +30 → 1, −210 → −5: Kestrels 7, Plovers 5, a margin of 2 IMPs: 12–8.


@pytest.fixture(scope="module")
def site(tmp_path_factory, parse_page):
    tmp = tmp_path_factory.mktemp("clubvp")
    content = tmp / "content"
    (content / "sessions").mkdir(parents=True)
    (content / "site.yaml").write_text(SITE, encoding="utf-8")
    (content / "sessions" / "short.yaml").write_text(SHORT_MATCH, encoding="utf-8")
    build_site(content, tmp / "site", jobs=1)
    return lambda path: parse_page(tmp / "site", path)


def test_match_page_shows_the_club_scale_row(site):
    page = site("sessions/short/match-1.html")
    assert (
        "Margin 2 IMPs on the club's 20-VP scale for 3 boards: 2 IMPs is worth 12–8: Kestrels 12, Plovers 8"
        in page.text
    )


def test_session_ranks_on_the_club_scale_vps(site):
    page = site("sessions/short/index.html")
    assert [(r[0], r[1], r[2]) for r in page.tables["ranking"][1:]] == [
        ("1", "Kestrels", "12.00"),
        ("2", "Plovers", "8.00"),
    ]


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        # the band of IMPs in the language's unit ("2 IMPs" in English): French "IMP", Dutch "IMP's"
        ("fr", "sur le barème du club en 20 PV pour 3 donnes : 2 IMP vaut 12–8 : Kestrels 12, Plovers 8"),
        ("nl", "op de 20-WP-schaal van de club voor 3 spellen: 2 IMP's is 12–8 waard: Kestrels 12, Plovers 8"),
    ],
)
def test_the_club_scale_row_reads_in_the_language(tmp_path, parse_page, language, sentence):
    from generator.site import i18n

    content = tmp_path / "content"
    (content / "sessions").mkdir(parents=True)
    (content / "site.yaml").write_text(SITE + f"language: {language}\n", encoding="utf-8")
    (content / "sessions" / "short.yaml").write_text(SHORT_MATCH, encoding="utf-8")
    try:
        build_site(content, tmp_path / "site", jobs=1)
    finally:
        i18n.activate(i18n.ENGLISH)
    assert sentence in parse_page(tmp_path / "site", "sessions/short/match-1.html").text

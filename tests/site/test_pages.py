"""The figures on the built sample site are the engine's, formatted by the site's filters;
every link resolves; pages are safe, small, relative and accessible by structure."""

from __future__ import annotations

import itertools
import re
from fractions import Fraction
from pathlib import Path

import pytest

from generator.model import Scored
from generator.readers import read_sessions
from generator.scoring.session import score_session
from generator.scoring.units import unit_of
from generator.site import format as fmt
from generator.site.handviewer import HANDVIEWER
from generator.site.links import pair_file
from generator.site.redirects import MARK
from generator.site_config import load_config

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "tests" / "fixtures" / "club"
SESSIONS = sorted(p for p in (CONTENT / "sessions").glob("*.yaml") if not p.name.endswith(".event.yaml"))


def scored(path: Path):
    config = load_config(CONTENT)
    session = read_sessions(path)[0]
    return session, score_session(session, config.options(session.options))


@pytest.fixture(scope="module", params=[p for p in SESSIONS if "teams" not in p.name], ids=lambda p: p.stem)
def pairs_session(request):
    _session, result = scored(request.param)
    return request.param.stem, result


def test_traveller_figures_are_the_engines(pairs_session, page_of):
    slug, result = pairs_session
    unit = unit_of(result.session.method)
    for board in result.boards:
        page = page_of(f"sessions/{slug}/board-{board.slug}.html")
        rows = page.tables["traveller"][1:]
        assert len(rows) == len(board.lines)
        places = fmt.column_places(
            unit,
            [v for l in board.lines for v in (l.ns.value, l.ew.value)]
            + [v for f in board.frequencies for v in (f.ns, f.ew)],
        )
        if unit == "imps":  # the page's column also counts the trick values' figures: two decimals if any is fractional
            places = 2 if any("." in x for r in rows for x in r[-2:]) else None
            assert len({len(x.partition(".")[2]) for r in rows for x in r[-2:] if x}) <= 1  # one width a column
        for row, line in zip(rows, board.lines):
            assert row[-2] == fmt.figure(line.ns.value, unit, places)
            assert row[-1] == fmt.figure(line.ew.value, unit, places)
            if isinstance(line.line.ns, Scored) and not line.line.ns.is_weighted:
                assert row[6] == str(line.line.ns.components[0].play.ns_score)


def test_frequency_table_is_the_engines(pairs_session, page_of):
    slug, result = pairs_session
    unit = unit_of(result.session.method)
    for board in result.boards:
        rows = page_of(f"sessions/{slug}/board-{board.slug}.html").tables["freq"][1:]
        places = fmt.column_places(
            unit,
            [v for l in board.lines for v in (l.ns.value, l.ew.value)]
            + [v for f in board.frequencies for v in (f.ns, f.ew)],
        )
        if unit == "imps":  # the page's column also counts the trick values' figures (see the traveller's test)
            places = 2 if any("." in x for r in rows for x in r[-2:]) else None
        assert [r[0] for r in rows] == [str(f.ns_score) for f in board.frequencies]
        for row, f in zip(rows, board.frequencies):
            assert row[1] == fmt.exact(f.frequency)
            # a weighted score's component that no table scored: nobody has its figure (issue 11)
            shown = [fmt.figure(f.ns, unit, places), fmt.figure(f.ew, unit, places)] if f.occurs else ["—", "—"]
            assert row[-2:] == shown
            if len(row) == 5:
                assert row[2] == fmt.exact(f.factored)


def test_ranking_and_scorecards_are_the_engines(pairs_session, page_of):
    slug, result = pairs_session
    unit = unit_of(result.session.method)
    tables = page_of(f"sessions/{slug}/index.html").tables
    body = [
        r
        for name, rows in tables.items()
        if name.startswith("ranking") and "handicap" not in name
        for r in rows
        if r[0] != "Place"
    ]
    fields = sorted(result.fields, key=lambda f: ("EW" in f.name.split(), f.name))
    handicap_body = [
        r for name, rows in tables.items() if name.startswith("ranking handicap") for r in rows if r[0] != "Place"
    ]
    assert [(r[0], r[5]) for r in handicap_body] == [
        (s.handicap.rank_label, fmt.percentage(s.handicap.percentage)) for f in fields for s in f.handicap_standings
    ]
    standings = [s for f in fields for s in f.standings]
    places = {f.name: fmt.column_places(unit, [s.total for s in f.standings]) for f in fields}
    assert [r[0] for r in body] == [s.rank_label for s in standings]
    for row, s in zip(body, standings):
        strata = any(st.strata for st in standings if st.field == s.field)  # a strata column after the place
        assert row[4 if strata else 3] == fmt.figure(s.total, unit, places[s.field])
        if s.percentage is not None:
            assert fmt.percentage(s.percentage) in row[4:]
        card = page_of(f"sessions/{slug}/{pair_file(s.ref)}").tables["scorecard"]
        header, card = card[0], [r for r in card[1:] if "not played" not in r]
        col = {name: i for i, name in enumerate(header)}
        p = fmt.column_places(unit, [v for e in s.scorecard for v in (e.score.value, e.running_total)])
        assert len(card) == len(s.scorecard)
        for crow, entry in zip(card, s.scorecard):
            assert crow[0] == entry.board.slug
            if "Dir" in col:
                assert crow[col["Dir"]] == entry.direction.value
            assert crow[col[{"matchpoints": "MP", "imps": "IMPs"}[unit]]] == fmt.figure(entry.score.value, unit, p)
            assert crow[-1] == fmt.figure(entry.running_total, unit, p)
            if unit == "matchpoints":
                assert crow[col["%"]] == fmt.percentage(entry.score.percent)


def test_every_scorecard_figure_links_to_its_explanation(pairs_session, page_of):
    slug, result = pairs_session
    for s in result.standings:
        page = page_of(f"sessions/{slug}/{pair_file(s.ref)}")
        header = page.tables["scorecard"][0]
        links = [
            l for r, l in zip(page.tables["scorecard"][1:], page.table_links["scorecard"][1:]) if "not played" not in r
        ]
        column = header.index({"matchpoints": "MP", "imps": "IMPs"}[unit_of(result.session.method)])
        fmt.column_places(
            unit_of(result.session.method), [v for e in s.scorecard for v in (e.score.value, e.running_total)]
        )
        for row_links, entry in zip(links, s.scorecard):
            target = row_links[column]
            file, _, anchor = target.partition("#")
            assert file == f"board-{entry.board.slug}.html" and anchor
            board_page = page_of(f"sessions/{slug}/{file}")
            assert anchor in board_page.ids
            # the explanation block shows the same figure in its heading
            word = {"matchpoints": "matchpoints", "imps": "IMPs"}.get(unit_of(result.session.method), "points")
            word = word[:-1] if abs(entry.score.value) == 1 else word  # '1 IMP', '1 matchpoint'
            heading = next(
                h
                for lvl, h in board_page.headings
                if h.endswith(f"{fmt.figure(entry.score.value, unit_of(result.session.method), None)} {word}")
            )
            assert heading


def test_neuberg_and_weighted_explanations_show_the_numbers(page_of):
    _session, result = scored(CONTENT / "sessions" / "2026-09-07-monday-pairs.yaml")
    slug = "2026-09-07-monday-pairs"
    short = next(b for b in result.boards if b.actual < b.expected and not any(not l.line.is_result for l in b.lines))
    page = page_of(f"sessions/{slug}/board-{short.slug}.html")
    # issue 11: what happened on the results played, then the scaling, from the engine's own step
    assert f"on the {short.actual} results played" in page.text.lower()
    assert f"scaled to the {short.expected} results expected (neuberg)" in page.text.lower()
    assert "(M + 1) × E / A − 1" not in page.text
    weighted = next(b for b in result.boards for l in b.lines if getattr(l.line.ns, "is_weighted", False))
    line = next(l for l in weighted.lines if getattr(l.line.ns, "is_weighted", False))
    page = page_of(f"sessions/{slug}/board-{weighted.slug}.html")
    assert "Each possible result" in page.text
    flat = "".join(page.text.split()).lower()  # suit symbols are spans of their own; a step starts with a capital
    for step in line.ns.explanation.steps:
        assert "".join(step.summary.split()).lower() in flat


def test_butler_board_shows_the_datum(page_of):
    _session, result = scored(CONTENT / "sessions" / "2026-10-01-butler-pairs.yaml")
    for board in result.boards:
        page = page_of(f"sessions/2026-10-01-butler-pairs/board-{board.slug}.html")
        assert f"Datum {fmt.exact(board.datum)}" in page.text


def test_cross_imps_show_each_comparison_and_the_divisor(page_of):
    _session, result = scored(CONTENT / "sessions" / "2026-10-08-cross-imp-pairs.yaml")
    board = result.boards[0]
    page = page_of(f"sessions/2026-10-08-cross-imp-pairs/board-{board.slug}.html")
    assert "against each other result" in page.text
    assert "divided by the number of comparisons" in page.text.lower()


def test_teams_match_page(page_of):
    _session, result = scored(CONTENT / "sessions" / "2026-10-15-autumn-teams-r1.yaml")
    m = result.matches[0]
    page = page_of("sessions/2026-10-15-autumn-teams-r1/match-1.html")
    rows = page.tables["match"]
    body = rows[1:-1]
    assert [r[0] for r in body] == [str(b.number) for b in m.boards]
    places = fmt.imp_places([m.home_imps, m.away_imps] + [b.home for b in m.boards])  # one width for the table
    for r, b in zip(body, m.boards):
        assert r[3] == (fmt.imps(b.home, places) if b.home > 0 else "")
        assert r[4] == (fmt.imps(-b.home, places) if b.home < 0 else "")
    assert rows[-1][-2:] == [fmt.imps(m.home_imps, places), fmt.imps(m.away_imps, places)]
    assert f"{fmt.vp(m.home_vp)} – {fmt.vp(m.away_vp)} VPs" in page.text


def test_home_lists_sessions_newest_first_by_month(page_of):
    page = page_of("index.html")
    months = [h for lvl, h in page.headings if lvl == 2]
    assert months[:3] == ["November 2026", "October 2026", "September 2026"]
    events = [t for href, t in page.links if href.startswith("sessions/") and href.endswith("/index.html")]
    assert events[:11] == [
        "Winter Championship, second session",
        "Winter Championship, first session",
        "Autumn Swiss Teams",
        "Stratified Pairs",
        "Short-Match Teams",
        "Thursday Handicap Pairs",
        "Autumn Teams, round 1",
        "Cross-IMP Pairs",
        "Butler Pairs",
        "Thursday Howell",
        "Monday Pairs",
    ]
    assert "Won by" in page.text


def test_player_pages_average_the_percentages(built_site, page_of):
    results = [scored(p)[1] for p in SESSIONS]
    pcts = [
        s.percentage
        for r in results
        for s in r.standings
        if s.percentage is not None and any(p.name == "Edna Ellis" for p in s.pair.players)
    ]
    page = page_of("players/edna-ellis.html")
    avg = sum(pcts, Fraction(0)) / len(pcts)
    assert f"average {fmt.percentage(avg)}%" in page.text
    ranking = page_of("players/index.html").tables["ranking"]
    assert any(r[1] == "Edna Ellis" and r[3] == fmt.percentage(avg) for r in ranking)


def _all_pages(root: Path) -> list[str]:
    """Every page of the site, without the redirects from old addresses (tests/site/test_findable.py)."""
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*.html") if MARK not in p.read_bytes()[:40])


def link_target(root: Path, path: str, href: str, site_url: str = "") -> Path:
    """The file a link on the page at ``path`` leads to: relative links, and absolute ones to
    the site's own address (``site_url``: the feed, canonical links, the 404 page); any other
    absolute link is an error."""
    if site_url and href.startswith(site_url):
        file = href[len(site_url) :].partition("#")[0]
        target = root / file
        return target / "index.html" if file == "" or file.endswith("/") else target
    assert not re.match(r"^[a-z]+:", href) and not href.startswith("/"), f"{path}: absolute link {href}"
    file = href.partition("#")[0]
    return (root / Path(path).parent / file).resolve() if file else (root / path)


def check_links(root: Path, page_of, site_url: str = "") -> None:
    for path in _all_pages(root):
        page = page_of(path)
        for href, _ in page.links:
            if href.startswith(HANDVIEWER + "?"):  # the one link out we make: BBO's hand viewer, the deal in it
                continue
            target = link_target(root, path, href, site_url)
            anchor = href.partition("#")[2]
            assert target.is_file(), f"{path}: broken link {href}"
            if anchor and target.suffix == ".html":
                rel = target.resolve().relative_to(root.resolve()).as_posix()
                assert anchor in page_of(rel).ids, f"{path}: missing anchor {href}"


def test_every_link_and_anchor_resolves(built_site, page_of):
    check_links(built_site, page_of)


def test_no_third_party_requests(built_site, page_of):
    for path in _all_pages(built_site):
        for src in page_of(path).sources:
            assert not re.match(r"^([a-z]+:)?//", src), f"{path}: external resource {src}"
    css = (built_site / "static" / "site.css").read_text()
    assert "http" not in css and "@import" not in css


def test_headings_in_order(built_site, page_of):
    for path in _all_pages(built_site):
        levels = [lvl for lvl, _ in page_of(path).headings]
        assert levels[0] == 1 and levels.count(1) == 1, path
        for a, b in itertools.pairwise(levels):
            assert b <= a + 1, f"{path}: heading h{b} after h{a}"


def test_tables_have_headers(built_site):
    for path in _all_pages(built_site):
        html = (built_site / path).read_text()
        for table in re.findall(r"<table.*?</table>", html, re.S):
            assert "<th" in table, path


def test_suit_symbols_have_text_alternatives(built_site):
    for path in _all_pages(built_site):
        html = (built_site / path).read_text()
        body = re.sub(
            r'<span class="suit [shdc]" role="img" aria-label="(spades|hearts|diamonds|clubs)">[♠♥♦♣]</span>', "", html
        )
        body = re.sub(r"<title>.*?</title>", "", body)
        # symbols left over may only appear in article prose, never as a bare figure on a results page
        if path.startswith("sessions/"):
            assert not re.search("[♠♥♦♣]", body), path


def test_pages_are_small(built_site):
    for path in _all_pages(built_site):
        size = (built_site / path).stat().st_size
        # the hand-record sheet holds every deal of the session: a page to print, about 4 KB a board
        limit = 4_500 * 14 if path.endswith("/hands.html") else 30_000
        assert size <= limit, f"{path} is {size} bytes"


def test_css_is_shared_and_has_print_rules(built_site):
    css = (built_site / "static" / "site.css").read_text()
    assert "@media print" in css
    for path in _all_pages(built_site):
        html = (built_site / path).read_text()
        assert "<style" not in html and 'static/site.css"' in html

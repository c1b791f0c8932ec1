"""Every arithmetic statement on every page is true (issue 11).

Fixture sessions with one board of each kind (tests/fixtures/explanations/) are built under
many option sets; every ``expression = value`` in every page's text is evaluated exactly
(``arithmetic.py``) and must agree with the value shown to the decimals shown.
"""

from __future__ import annotations

import pytest

from generator.site.build import build_site
from tests.helpers.agreement import (
    board_problems,
    event_problems,
    handicap_problems,
    match_problems,
    pair_problems,
    player_problems,
    ranking_problems,
    site_problems,
    teams_ranking_problems,
)
from tests.helpers.arithmetic import Statement, check, count_statements, false_statements, page_lines, statements
from tests.helpers.explanation_site import write_content
from tests.site.conftest import ParsedPage, parse

OPTION_SETS = {
    "ebu": {},
    "acbl-units": {"matchpoint_units": "acbl"},
    "neuberg-ebu-rounding": {"neuberg_rounding": "ebu"},
    "neuberg-acbl-rounding": {"neuberg_rounding": "acbl"},
    "acbl-units-and-rounding": {"matchpoint_units": "acbl", "neuberg_rounding": "acbl"},
    "every-board-short": {"expected_results": 7, "neuberg_rounding": "ebu"},
    "cross-imps-total": {"cross_imp_divisor": "total"},
    "cross-imps-scores": {"cross_imp_divisor": "scores"},
    "butler-trim-one": {"butler_trim": "1"},
    "butler-trim-percent-half-even": {"butler_trim": "20%", "datum_rounding": "half-even"},
    "datum-exact": {"datum_rounding": "exact"},
    "vp-discrete": {"vp_scale": "discrete"},
    "vp-none": {"vp_scale": "none"},
    "vp-half-up-round-margin": {"vp_rounding": "half-up", "vp_fractional_margin": "round"},
    "vp-truncate-integer-weighted": {"vp_rounding": "truncate", "weighted_imp_rounding": "integer"},
    "teams-aggregate": {"teams_scoring": "aggregate", "weighted_aggregate_rounding": "ten"},
    "teams-board-a-match": {"teams_scoring": "board-a-match", "board_a_match_units": "2"},
    "teams-win-loss": {"teams_scoring": "win-loss"},
    "small-groups-variable": {"small_groups": "ebu", "artificial": "variable", "session_percentage": "board-mean"},
    "no-scaled-total-pooled-ties": {"scaled_total": False, "ties": "displayed", "neuberg": False},
    "vp-ten-pool": {"vp_scale": "discrete", "vp_pool": 10},
    "swiss-ximpq": {"swiss_margin": "ximpq", "cross_imp_divisor": "total", "vp_scale": "discrete"},
}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """name -> built site folder, one per option set (built once for the module)."""
    sites = {}
    for name, options in OPTION_SETS.items():
        root = tmp_path_factory.mktemp(name)
        build_site(write_content(root, options), root / "site", jobs=1)
        sites[name] = root / "site"
    return sites


@pytest.mark.parametrize("name", list(OPTION_SETS))
def test_every_arithmetic_statement_on_every_page_is_true(built, name):
    site = built[name]
    seen = 0
    wrong = []
    for page in sorted(site.rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        seen += count_statements(html)
        wrong += [f"{page.relative_to(site)}: {st.line[:160]!r}: {why}" for st, why in false_statements(html)]
    assert not wrong, "\n".join(wrong[:20])
    assert seen > 150, f"only {seen} statements found: the extraction has stopped finding the sums"


def test_the_acbl_neuberg_formula_is_written_in_acbl_units(built):
    """Item 1: under ACBL units the page shows (M + ½) × E / A − ½, never the EBU form."""
    board = (built["acbl-units"] / "sessions").glob("*matchpoints*/board-2.html")
    text = "\n".join(page_lines(next(board).read_text(encoding="utf-8")))
    assert "+ ½) × 5 / 4 − ½ =" in text
    assert "+ 1) × 5 / 4 − 1 =" not in text


def test_a_false_statement_on_a_page_is_caught(built):
    """The check can fail: the old template's ACBL Neuberg line (which is 2, not 1.75), a
    matchpoint sum one out, and a percentage of the wrong top are each reported."""
    page = next((built["acbl-units"] / "sessions").glob("*matchpoints*/board-2.html"))
    html = page.read_text(encoding="utf-8")
    assert not false_statements(html)
    for lie in (
        "<p>(1 + 1) × 3 / 2 − 1 = 1.75</p>",
        "<li>2 × 3 + 1 = 8 of a top of 8</li>",
        "<li>6 / 8 = 70%</li>",
        "<p>60% × 8 + 40% × 3 = 6.1</p>",
        "<p>+420 − 430 = +10</p>",
    ):
        found = false_statements(html.replace("</main>", lie + "</main>"))
        assert len(found) == 1, lie
        assert found[0][0].line in lie


@pytest.mark.parametrize(
    "text",
    [
        "2 × 3 + 1 = 7 of a top of 8",
        "6 / 8 = 75%",
        "60% × 8 + 40% × 3 = 6.0",
        "(6 + 1) × 5 / 4 − 1 = 7.75 of 8",
        "(3 + ½) × 5 / 4 − ½ = 3.875",
        "(3 + ½) × 5 / 4 − ½ = 3.88",
        "+140 − 170 = −30 net",
        "2 × (−1) + 1 × 0 = -2 IMPs",
        "(+420 × 2 + (−50) × 1) / 3 = 790 / 3 = 263.33",
        "17 × 12 / 11 − 1 = 17.55",
        "60% × 8.18 + 40% × 3.27 ≈ 6.22",  # operands rounded to 2 places: 6.216 ... 6.224 holds 6.22
    ],
)
def test_true_statements_pass(text):
    found = [s for line in page_lines(f"<p>{text}</p>") for s in statements(line)]
    assert found and all(check(s) is None for s in found), [check(s) for s in found]


@pytest.mark.parametrize(
    "text",
    [
        "(1 + 1) × 3 / 2 − 1 = 1.75",
        "2 × 3 + 1 = 8",
        "6 / 8 = 76%",
        "17 × 12 / 11 − 1 = 17.54",
        "+140 − 170 = +30",
        "datum 430 = -10",
        "60% × 8.18 + 40% × 3.27 = 6.23",
        "60% × 8.18 + 40% × 3.27 ≈ 6.24",
    ],
)
def test_false_statements_fail(text):
    found = [s for line in page_lines(f"<p>{text}</p>") for s in statements(line)]
    assert found and any(check(s) for s in found)


def test_an_unreadable_statement_is_reported_not_skipped():
    st = Statement("x", "3 × × 2", "=", "6")
    assert "unreadable" in check(st)


def test_neuberg_is_mentioned_only_where_a_result_is_missing(built):
    """Item 5: a board with every expected result has no Neuberg line and no Neuberg link."""
    boards = built["ebu"] / "sessions" / "pairs-matchpoints"
    complete = (boards / "board-1.html").read_text(encoding="utf-8")
    short = (boards / "board-2.html").read_text(encoding="utf-8")
    assert "neuberg" not in complete.lower()
    assert "articles/neuberg.html" in short and "(Neuberg)" in short


# -- Issue 25 item 9: counts, sums and labels agree with the figures beside them ------------


@pytest.mark.parametrize("name", list(OPTION_SETS))
def test_every_count_sum_and_label_agrees_with_the_figures_of_its_board_or_pair(built, name):
    """Boards (frequencies, traveller, datum and cross-IMP tables, award labels), pairs'
    scorecards, session rankings against the pair pages, players' histories against the
    rankings: pairs MP, Butler, cross-IMPs, aggregate, teams and Swiss under every option set."""
    problems, seen = site_problems(built[name])
    assert not problems, "\n".join(problems[:20])
    assert seen["board"] >= 24 and seen["pair"] >= 40 and seen["ranking"] >= 6 and seen["player"] >= 30, seen
    assert seen["match"] >= 2, seen


def test_the_club_site_agrees_with_itself(built_site):
    """The fixture club: a Howell, handicap and stratified pairs, teams, Swiss teams, an event
    of two sessions with a pair given an average for a session missed, the players' pages."""
    problems, seen = site_problems(built_site)
    assert not problems, "\n".join(problems[:20])
    assert seen["event"] == 1 and seen["player"] >= 60 and seen["ranking"] >= 10 and seen["board"] >= 60, seen
    assert seen["match"] >= 12 and seen["pair"] >= 50, seen


def _lie(page: ParsedPage, table: str, row: int, col: int, text: str) -> ParsedPage:
    tables = {k: [list(r) for r in v] for k, v in page.tables.items()}
    tables[table][row][col] = text
    return ParsedPage(page.path, page.ids, page.links, page.sources, page.headings, tables, page.table_links, page.text)


def test_each_contradiction_is_caught(built, built_site):
    """The check can fail: each lie below (the ones issue 25 found among them) is reported."""
    site = built["ebu"]
    butler = parse(site, "sessions/pairs-butler/board-3.html")
    assert not board_problems(butler)
    # Neuberg board (E 5, A 4): the datum table with the factored count of +100 (2 × 5/4 = 2.5,
    # 250) beside the sum (100 × 2 + (-140) × 1 + (-170) × 1) / 4 = -110 / 4, as it was
    datum = next(k for k, v in butler.tables.items() if v[0][0] == "NS score" and v[0][-1].startswith("Score"))
    lie = _lie(_lie(butler, datum, 1, 1, "2.5"), datum, 1, 2, "250")
    assert any("datum table adds up to" in p for p in board_problems(lie))
    # an award on an IMP board labelled with a percentage, as it was; and with the wrong IMPs
    row = next(i for i, r in enumerate(butler.tables["traveller"]) if "verage-plus" in " ".join(r))
    award = butler.tables["traveller"][row][2]
    assert "(+3 IMPs)" in award
    assert any(
        "labelled" in p for p in board_problems(_lie(butler, "traveller", row, 2, award.replace("+3 IMPs", "+4 IMPs")))
    )
    percent = ParsedPage(**{**butler.__dict__, "text": butler.text.replace("(+3 IMPs)", "(60%)")})
    assert any("'average-plus (60%)'" in p for p in board_problems(percent))
    # a frequency table's EW figure that is not what the EW pair with that score got (a split board)
    split = parse(site, "sessions/pairs-matchpoints/board-5.html")
    assert not board_problems(split)
    ew = next(k for k, v in split.tables.items() if k.startswith("freq") and v[0][-1] == "EW MP")
    row = next(i for i, r in enumerate(split.tables[ew]) if r[0] == "90")
    assert any("the frequency table gives 3.0" in p for p in board_problems(_lie(split, ew, row, -1, "3.0")))
    # a frequency one out; a cross-IMP product one out
    freq = next(k for k in split.tables if k.startswith("freq"))
    assert any("frequencies add up" in p for p in board_problems(_lie(split, freq, 1, 1, "2")))
    cross = parse(site, "sessions/pairs-cross-imps/board-2.html")
    assert not board_problems(cross)
    assert any("cross-IMPs" in p for p in board_problems(_lie(cross, "mini", 1, 4, "2")))
    # a scorecard's running total, and the total it ends at
    card = parse(site, "sessions/pairs-matchpoints/pair-ns-3.html")
    assert not pair_problems(card)
    assert any("running total" in p for p in pair_problems(_lie(card, "scorecard", 2, -1, "8.75")))
    # a card's board figure that is not the traveller's (board 2: 7.75 on both)
    assert not pair_problems(card, site)
    assert any("7.50 on the card, 7.75 on" in p for p in pair_problems(_lie(card, "scorecard", 2, 4, "7.50"), site))
    # the event ranking: a pair given an average for a missed session without its mark
    event = parse(built_site, "events/2026-winter-championship/index.html")
    assert not event_problems(built_site, event)
    row = next(i for i, r in enumerate(event.tables["ranking event"]) if r[-1].endswith("*"))
    stripped = _lie(event, "ranking event", row, -1, event.tables["ranking event"][row][-1].rstrip("*"))
    assert any("a missed session without a mark" in p for p in event_problems(built_site, stripped))
    # a ranking's total that is not its pair page's; a player's place that is not the ranking's
    ranking = parse(site, "sessions/pairs-matchpoints/index.html")
    assert not ranking_problems(site, ranking)
    assert any("its page says" in p for p in ranking_problems(site, _lie(ranking, "ranking", 1, 3, "30.58")))
    # a handicap ranking: 87.50 + 3.50 = 91.00, the handicap place the pair page's
    handicap = parse(built_site, "sessions/2026-10-22-handicap-pairs/index.html")
    assert not handicap_problems(built_site, handicap)
    lies = handicap_problems(built_site, _lie(handicap, "ranking handicap", 1, 5, "91.50"))
    assert any("87.50 + +3.50 is not 91.50" in p for p in lies) and any("its page says" in p for p in lies)
    # a teams match whose column does not add up to its total; a team's VPs not its matches' sum
    match = parse(site, "sessions/teams/match-1.html")
    assert not match_problems(match)[0]
    assert any("column adds up" in p for p in match_problems(_lie(match, "match", 2, -2, "11.00"))[0])
    teams = parse(site, "sessions/teams/index.html")
    assert not teams_ranking_problems(site, teams)
    assert any("its matches add up" in p for p in teams_ranking_problems(site, _lie(teams, "ranking", 1, 2, "22.50")))
    player = parse(site, "players/abel-ash.html")
    assert not player_problems(site, player)
    assert any("the ranking says" in p for p in player_problems(site, _lie(player, "history", 1, 3, "2/3")))


def test_the_hand_worked_butler_and_award_figures_on_the_pages(built):
    """Board 3 (tests/fixtures/explanations/pairs.yaml.in): +100 twice, −140, −170 and NS 1 v
    EW 3 given A60/40, so A = 4, E = 5.  The datum is the mean of the 4 results played:
    (100 × 2 + (−140) × 1 + (−170) × 1) / 4 = −110 / 4 = −27.5 → −30; its table shows those
    counts (+100: 2, 200), not the factored 2 × 5/4 = 2.5 (250).  The award is worth +3 IMPs
    to NS and −3 to EW (Butler), or +3 IMPs against each of the 4 other results divided by the
    4 comparisons = +3 (cross-IMPs), and is labelled so, not '(60%)'."""
    site = built["ebu"]
    butler = parse(site, "sessions/pairs-butler/board-3.html")
    datum = next(v for v in butler.tables.values() if v[0][0] == "NS score" and v[0][-1].startswith("Score"))
    assert datum == [
        ["NS score", "Frequency", "Score × frequency"],
        ["+100", "2", "200"],
        ["-140", "1", "-140"],
        ["-170", "1", "-170"],
    ]
    assert "(100 × 2 + (-140) × 1 + (-170) × 1) / 4 = -110 / 4 = -27.5" in butler.text
    award = next(r for r in butler.tables["traveller"] if "verage-plus" in " ".join(r))
    assert award[2:] == [
        "Average-plus (+3 IMPs) to NS, average-minus (-3 IMPs) to EW: the director's ruling",
        "3",
        "-3",
    ]
    assert "(60%)" not in butler.text and "(40%)" not in butler.text
    cross = parse(site, "sessions/pairs-cross-imps/board-3.html")
    award = next(r for r in cross.tables["traveller"] if "verage-plus" in " ".join(r))
    assert award[2].startswith("Average-plus (+3 IMPs a comparison) to NS, average-minus (-3 IMPs a comparison) to EW")
    # the cross-IMP column has fractional IMPs: all its figures to two decimals (docs/site.md)
    assert award[3:] == ["3.00", "-3.00"]
    card = parse(site, "sessions/pairs-butler/pair-ns-1.html")
    assert 'title="Average-plus (+3 IMPs): the director' in (site / "sessions/pairs-butler/pair-ns-1.html").read_text(
        encoding="utf-8"
    )
    assert card.tables["scorecard"][3][:5] == ["3", "3", "A+", "", "3"]
    # on a matchpoint board the percentage is the award's worth: 60% × 8 = 4.8
    mp = parse(site, "sessions/pairs-matchpoints/board-3.html")
    award = next(r for r in mp.tables["traveller"] if "verage-plus" in " ".join(r))
    assert award[2:] == ["Average-plus (60%) to NS, average-minus (40%) to EW: the director's ruling", "4.80", "3.20"]


def test_a_split_board_shows_each_side_its_own_table(built):
    """Board 5: NS 3 v EW 2 split (NS +90; EW 50 % of +90, 50 % of −50).  EW 5, who scored +90
    against NS 1, got 2.5 MP: beating the +120 (2), level with half of the split line's +90
    (0.5).  The North-South table no longer gives 'EW 3.0' for +90 (8 − 5.0, North-South's
    complement); East-West's table gives 2.5, what EW 5 got."""
    board = parse(built["ebu"], "sessions/pairs-matchpoints/board-5.html")
    ns, ew = (v for k, v in board.tables.items() if k.startswith("freq"))
    assert ns[0] == ["NS score", "Frequency", "NS MP"] and ew[0] == ["NS score", "Frequency", "EW MP"]
    assert ["90", "2", "5.0"] in ns and ["90", "1.5", "2.5"] in ew
    line = next(r for r in board.tables["traveller"] if r[:2] == ["1", "5"])
    assert line[-2:] == ["5.0", "2.5"]

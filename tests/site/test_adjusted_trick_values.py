"""Weighted, split and artificial lines on the board page and the pair's card: the trick
values are the engine's (``side_worth``), worded per side; an artificial score says plainly
that no trick value applies."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.model import Direction
from generator.readers import read_sessions
from generator.scoring.options import DEFAULT_OPTIONS
from generator.scoring.session import score_session
from generator.scoring.trick_value import side_worth
from generator.site import format as fmt
from generator.site.build import build_site

SESSION = """\
event: Adjusted Pairs
date: 2026-11-02
method: matchpoints
movement: mitchell
pairs:
  - {number: 1, direction: NS, players: [Ann Ash, Bob Birch]}
  - {number: 2, direction: NS, players: [Cat Cedar, Dan Deal]}
  - {number: 3, direction: NS, players: [Eve Elm, Fay Fir]}
  - {number: 4, direction: NS, players: [Gus Gum, Hal Hazel]}
  - {number: 1, direction: EW, players: [Ivy Iris, Jon Juniper]}
  - {number: 2, direction: EW, players: [Kay Kale, Lou Lime]}
  - {number: 3, direction: EW, players: [Max Maple, Ned Nut]}
  - {number: 4, direction: EW, players: [Olive Oak, Pat Pine]}
boards:
  - number: 1
    results:
      - {ns: 1, ew: 1, contract: 4S, by: N, tricks: 10}
      - {ns: 2, ew: 2, contract: 4S, by: N, tricks: 9}
      - ns: 3
        ew: 3
        weighted:
          - {weight: 50%, contract: 4S, by: N, tricks: 10}
          - {weight: 50%, contract: 4S, by: N, tricks: 9}
      - {ns: 4, ew: 4, score: A60/40}
  - number: 2
    results:
      - {ns: 1, ew: 2, contract: 3NT, by: S, tricks: 9}
      - {ns: 2, ew: 3, contract: 3NT, by: S, tricks: 8}
      - ns: 3
        ew: 4
        split:
          ns: {contract: 3NT, by: S, tricks: 10}
          ew: {contract: 3NT, by: S, tricks: 9}
      - {ns: 4, ew: 1, contract: 2H, by: E, tricks: 8}
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("adjusted")
    (root / "content" / "sessions").mkdir(parents=True)
    path = root / "content" / "sessions" / "2026-11-02-adjusted-pairs.yaml"
    path.write_text(SESSION)
    build_site(root / "content", root / "site", jobs=1)
    result = score_session(read_sessions(path)[0], DEFAULT_OPTIONS)
    return root / "site" / "sessions" / "2026-11-02-adjusted-pairs", result


def _items(page: Path) -> list[str]:
    html = page.read_text()
    section = html[html.index('id="worth-h"') :]
    return [
        re.sub(r"<[^>]+>", "", li).replace("&#39;", "'")
        for li in re.findall(r"<li>(.*?)</li>", section.split("</ul>")[0])
    ]


def test_weighted_line_scored_with_a_trick_more_in_every_part(built):
    folder, result = built
    board = result.boards[0]
    index = next(
        i for i, sl in enumerate(board.lines) if sl.line.ns.__class__.__name__ == "Scored" and sl.line.ns.is_weighted
    )
    worth = side_worth(board, index, Direction.NS, result.options)
    assert [c.play.tricks for c in worth.more[0].components] == [11, 10]
    assert [c.play.tricks for c in worth.fewer[0].components] == [9, 8]
    assert worth.fewer[1] < worth.played < worth.more[1]
    line = next(t for t in _items(folder / "board-1.html") if t.startswith("3 v 3"))
    assert re.fullmatch(
        r"3 v 3, weighted score: 50% of 4♠ by N, 50% of 4♠ by N \(NS\): as weighted, 10 and 9 "
        r"tricks: (\S+) MP; 9 and 8 tricks would have been (\S+) MP; 11 and 10 tricks would have been "
        r"(\S+) MP\.",
        line,
    )
    shown = re.findall(r"([\d.]+) MP", line)
    places = len(shown[0].split(".")[1])
    assert shown == [fmt.matchpoints(v, places) for v in (worth.played, worth.fewer[1], worth.more[1])]


def test_artificial_line_says_no_trick_value_applies(built):
    folder, _ = built
    line = next(t for t in _items(folder / "board-1.html") if t.startswith("4 v 4"))
    assert line == (
        "4 v 4, average-plus (60%) to NS, average-minus (40%) to EW: an artificial score "
        "(the director's ruling, not a result at the table): no trick value applies."
    )


def test_split_line_gives_each_side_its_own_result(built):
    folder, result = built
    board = result.boards[1]
    index = next(i for i, sl in enumerate(board.lines) if sl.line.is_split)
    items = [t for t in _items(folder / "board-2.html") if t.startswith("3 v 4")]
    assert len(items) == 2
    for direction, text in zip((Direction.NS, Direction.EW), items):
        worth = side_worth(board, index, direction, result.options)
        own = worth.outcome.single
        sign = 1 if direction is Direction.NS else -1
        assert text.startswith(
            f"3 v 4, {direction.value}'s own score, 3NT by S: {own.tricks} tricks: "
            f"{fmt.signed_score(sign * own.ns_score)}, "
        )
        shown = re.findall(r"([\d.]+) MP", text)
        places = len(shown[0].split(".")[1])
        assert shown == [
            fmt.matchpoints(v, places) for v in [worth.played] + [r[1] for r in (worth.fewer, worth.more) if r]
        ]


def test_pair_card_lists_a_weighted_board_where_the_trick_mattered(built):
    folder, _ = built
    html = (
        (folder / "pair-ns-3.html").read_text()
        if (folder / "pair-ns-3.html").exists()
        else next(p.read_text() for p in folder.glob("pair*3*.html") if "Eve Elm" in p.read_text())
    )
    section = html[html.index('id="trick-h"') :].split("</ul>")[0]
    assert "weighted score: 50% of 4♠ by N, 50% of 4♠ by N (NS) (you declared)" in re.sub(r"<[^>]+>", "", section)

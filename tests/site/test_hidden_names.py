"""A member who asked not to be named is not named (issue 28, item 8): site.yaml's
``hidden_names`` replaces them on every page, in results.json and results.csv, the feed and
the search index, and gives them no player page."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import generator
from generator.errors import BuildError
from generator.model import Player
from generator.privacy import Privacy, initials

FIXTURES = Path(__file__).parents[1]
USEBIO = FIXTURES / "readers" / "fixtures" / "usebio" / "mitchell_compscore.xml"
"""A Mitchell of invented names: NS 1 is Ann Archer (membership number 1001) & Bill Baker,
NS 2 (first NS) Cora Cole & Dan Drake."""
YAML = FIXTURES / "fixtures" / "club" / "sessions" / "2026-09-07-monday-pairs.yaml"
"""The fixture club's Monday Pairs: Cora Cole plays NS 2 there too (no membership numbers)."""

SITE = """club: Privacy Club
site_url: https://club.example/results/
hidden_names:
  - cora  COLE
  - 1001
"""
HIDDEN = ("Cora Cole", "Cole", "Archer", "cora-cole", "ann-archer", "1001")
"""Every trace of the two: their names, the addresses their pages would have, the number."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("hidden")
    sessions = root / "content" / "sessions"
    sessions.mkdir(parents=True)
    (root / "content" / "site.yaml").write_text(SITE, encoding="utf-8")
    (sessions / "2026-10-05-monday.xml").write_bytes(USEBIO.read_bytes())
    # Ann Archer has no membership number there: hidden by number, she would be named (docs/site.md)
    yaml_text = YAML.read_text(encoding="utf-8").replace("Ann Archer", "Amy Ash")
    (sessions / "2026-09-07-monday-pairs.yaml").write_text(yaml_text, encoding="utf-8")
    generator.build(root / "content", root / "site", jobs=1)
    return root / "site"


def test_no_built_file_names_them(site: Path) -> None:
    files = [p for p in site.rglob("*") if p.is_file()]
    kinds = {p.suffix for p in files}
    assert {".html", ".json", ".csv", ".xml", ".js"} <= kinds  # every kind of file was looked in
    found = [
        (p.relative_to(site).as_posix(), word)
        for p in files
        for word in HIDDEN
        if word.casefold() in p.read_bytes().decode("utf-8", "replace").casefold()
    ]
    assert found == []
    assert "Player 1" in (site / "feed.xml").read_text(encoding="utf-8")  # the feed names the winners


def test_their_pair_still_ranks_under_the_replacement(site: Path) -> None:
    data = json.loads((site / "sessions" / "2026-10-05-monday" / "results.json").read_text(encoding="utf-8"))
    pairs = {(p["direction"], p["number"]): p for p in data["pairs"]}
    # Cora Cole is the list's first entry, Ann Archer (by her number 1001) its second; the
    # export's printed places and percentages: NS 2 first on 82.50 %, NS 1 third on 25.00 %.
    ns2, ns1 = pairs[("NS", 2)], pairs[("NS", 1)]
    assert (ns2["names"], ns2["rank_label"], ns2["percentage"]) == ("Player 1 & Dan Drake", "1", "82.5")
    assert (ns1["names"], ns1["rank_label"], ns1["percentage"]) == ("Player 2 & Bill Baker", "3", "25")
    assert ns1["players"][0] == {"id": None, "name": "Player 2"}  # the number is not published either
    csv = (site / "sessions" / "2026-10-05-monday" / "results.csv").read_text(encoding="utf-8-sig")
    assert "Player 1 & Dan Drake" in csv
    page = (site / "sessions" / "2026-10-05-monday" / "index.html").read_text(encoding="utf-8")
    assert 'Player 1 &amp; <a href="../../players/dan-drake.html">Dan Drake</a>' in page  # named, not linked
    # the same member is "Player 1" in the other session too: one replacement site-wide
    other = (site / "sessions" / "2026-09-07-monday-pairs" / "index.html").read_text(encoding="utf-8")
    assert "Player 1 &amp; " in other


def test_they_get_no_player_page(site: Path) -> None:
    pages = {p.name for p in (site / "players").iterdir()}
    assert "dan-drake.html" in pages  # the partner has a page
    assert not [p for p in pages if p.startswith("player-1") or p.startswith("player-2")]
    index = (site / "players" / "search-index.js").read_text(encoding="utf-8")
    assert "Dan Drake" in index and "Player 1" not in index


def test_replacement_by_name_number_and_initials() -> None:
    privacy = Privacy(("Cora Cole", "1001"))
    assert privacy.replacement(Player("CORA   cole")) == Player("Player 1", None, hidden=True)
    assert privacy.replacement(Player("Ann Archer", "1001")) == Player("Player 2", None, hidden=True)
    assert privacy.replacement(Player("Ann Archer")) is None  # no number in this upload: named
    assert privacy.replacement(Player("Dan Drake", "1002")) is None
    assert Privacy(("1001",), "initials").replacement(Player("Ann de Archer", "1001")) == Player(
        "A. d. A.", None, hidden=True
    )
    assert initials("") == "Player"


@pytest.mark.parametrize(
    "setting",
    ["hidden_names: Cora Cole", "hidden_names: [Cora Cole, '']", "hidden_names: [x]\nhidden_names_as: nickname"],
)
def test_a_wrong_setting_names_site_yaml(tmp_path: Path, setting: str) -> None:
    (tmp_path / "content" / "sessions").mkdir(parents=True)
    (tmp_path / "content" / "site.yaml").write_text(setting + "\n", encoding="utf-8")
    with pytest.raises(BuildError, match=r"site\.yaml: 'hidden_names"):
        generator.build(tmp_path / "content", tmp_path / "site")

"""The site build's typed seams (issue 13, item 4 and 7): file stamps kept in the cache, and
the season table's places with ties from the engine's one ranking function."""

from __future__ import annotations

import gc
import json
import os
import struct
import time
import weakref
from fractions import Fraction
from pathlib import Path
from unittest.mock import patch

import pytest

from generator import sealed
from generator.scoring.ranking import rank_labels
from generator.site.archive import ArchivePlanner
from generator.site.cache import FORMAT, RACY_NS, Cache
from generator.site.links import player_key
from generator.site.stamps import FileStamp, SourceStamp, stamps_from_json


def test_the_manifest_keeps_its_stamps_in_columns_and_reads_them_back(tmp_path: Path) -> None:
    cache = Cache(tmp_path)
    out = tmp_path / "site"
    stamps = {"z.html": FileStamp(7, 89, "cd" * 32), "index.html": FileStamp(12, -345, "ab" * 32)}
    cache.save_manifest(out, stamps)
    head, body = cache.manifest_path(out).read_bytes().split(b"\n", 1)
    assert head.startswith(f"sealed manifest-{FORMAT}.2 ".encode())  # then its checksum
    # the count and two lengths; the paths, sorted; sizes and mtimes as 64-bit little-endian; the digests
    names, digests = b"index.html\0z.html", ("ab" * 32 + "\0" + "cd" * 32).encode()
    assert body == (
        f"2 {len(names)} {len(digests)}\n".encode()
        + names
        + struct.pack("<qq", 12, 7)
        + struct.pack("<qq", -345, 89)
        + digests
    )
    assert cache.load_manifest(out) == stamps
    found = cache.load_manifest(out)["index.html"]
    assert type(found) is FileStamp and (found.size, found.mtime_ns, found.sha) == (12, -345, "ab" * 32)
    cache.save_manifest(out, {})
    assert cache.load_manifest(out) == {}
    cache.save_manifest(out, {"": FileStamp(0, 0, "")})  # one empty name is not no name
    assert cache.load_manifest(out) == {"": FileStamp(0, 0, "")}


_TWO = b"a.html\0b.html" + struct.pack("<qqqq", 1, 2, 3, 4) + b"s\0t"


@pytest.mark.parametrize(
    "body",
    [
        b"",
        b"2 13 3",  # no line after the head
        b"2 13\n" + _TWO,  # a length missing
        b"2 13 x\n" + _TWO,  # a length that is not a number
        b"2 13 -3\n" + _TWO,
        b"2 13 4\n" + _TWO,  # lengths that are not the body's
        b"2 13 3\n" + _TWO + b"u",
        b"3 13 3\n" + _TWO,  # another count: other columns' lengths
        b"2 13 3\n" + _TWO.replace(b"a.html\0", b"a.html/"),  # one name where two are counted
        b"2 13 3\n" + _TWO.replace(b"s\0t", b"s/t"),  # one digest
        b"2 13 3\n" + _TWO.replace(b"s\0t", b"\xff\0t"),  # a digest that is not text
        b'[["a.html"], [1], [2], ["s"]]',  # the JSON columns of the format before
    ],
)
def test_a_manifest_that_is_not_columns_of_stamps_is_not_trusted(tmp_path: Path, body: bytes) -> None:
    cache = Cache(tmp_path)
    out = tmp_path / "site"
    path = cache.manifest_path(out)
    path.write_bytes(sealed.seal(f"manifest-{FORMAT}.2", str(out.resolve()), b"2 13 3\n" + _TWO))
    assert cache.load_manifest(out) == {"a.html": (1, 3, "s"), "b.html": (2, 4, "t")}  # the well-formed one
    path.write_bytes(sealed.seal(f"manifest-{FORMAT}.2", str(out.resolve()), body))
    assert cache.load_manifest(out) == {}
    # the manifests of the formats before, sealed as they were: ignored quietly (an upgrade, not damage)
    sealed.take_warnings()
    path.write_bytes(sealed.json_bytes(f"manifest-{FORMAT}", str(out.resolve()), {"a.html": [1, 2, "s"]}))
    assert cache.load_manifest(out) == {} and sealed.take_warnings() == []
    path.write_bytes(sealed.json_bytes(f"manifest-{FORMAT}.1", str(out.resolve()), [["a.html"], [1], [2], ["s"]]))
    assert cache.load_manifest(out) == {} and sealed.take_warnings() == []


def test_an_older_cache_is_ignored_never_misread(tmp_path: Path) -> None:
    cache = Cache(tmp_path)
    # the site-cache-2 stamps file: paths and the format side by side, at the top level
    (tmp_path / "stamps.json").write_text(json.dumps({"format": "site-cache-2", "/x.yaml": [1, 2, "c" * 64]}))
    assert cache.load_stamps() == {}
    # the right format but an entry that is not [size, mtime_ns, sha]: the whole map is dropped
    assert stamps_from_json({"a": [1, 2, "s"], "b": [1, "2", "s"]}) == {}
    assert stamps_from_json({"a": [1, 2, "s", 4]}) == {}
    assert stamps_from_json({"a": [1, 2, "s"]}) == {"a": FileStamp(1, 2, "s")}


def test_file_digest_uses_and_records_stamps(tmp_path: Path) -> None:
    cache = Cache(tmp_path / "cache")
    upload = tmp_path / "s.yaml"
    upload.write_bytes(b"abc")
    old = time.time_ns() - 10 * RACY_NS
    os.utime(upload, ns=(old, old))
    stamps: dict[str, SourceStamp] = {}
    with patch("time.time_ns", return_value=time.time_ns() + 2 * RACY_NS):  # not changed just now
        sha, read = cache.file_digest(upload, stamps, 100)
    # sha256("abc"), the standard test vector
    assert sha == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" and read
    cache.save_stamps(stamps)
    again = cache.load_stamps()
    assert again == stamps and isinstance(next(iter(again.values())), SourceStamp)
    assert cache.file_digest(upload, again, 100) == (sha, False)  # unchanged status: not read


def test_a_file_changed_just_now_is_read_again_next_time(tmp_path: Path) -> None:
    """Its times might not show a change made within the same clock tick."""
    cache = Cache(tmp_path / "cache")
    upload = tmp_path / "s.yaml"
    upload.write_bytes(b"abc")
    stamps: dict[str, SourceStamp] = {}
    cache.file_digest(upload, stamps, 100)
    assert stamps == {}
    assert cache.file_digest(upload, stamps, 100)[1]


def test_tied_keys_keep_the_order_they_came_in() -> None:
    labels = rank_labels([("zed", 50), ("amy", 60), ("bob", 50), ("cat", 40)])
    assert labels == {"amy": (1, "1"), "zed": (2, "2="), "bob": (2, "2="), "cat": (4, "4")}
    assert list(labels) == ["amy", "zed", "bob", "cat"]


def _summary(slug: str, date: str, percentages: dict[str, str]) -> dict:
    entries = [
        {
            "players": [name],
            "spellings": [name],
            "keys": [player_key(name)],
            "pair": str(n),
            "field": "",
            "url": f"sessions/{slug}/pair-{n}.html",
            "rank": "1",
            "percentage": pct,
            "score": pct,
            "total": pct,
            "unit": "matchpoints",
            "entrants": len(percentages),
            "masterpoints": None,
        }
        for n, (name, pct) in enumerate(percentages.items(), start=1)
    ]
    return {
        "slug": slug,
        "title": "Pairs",
        "date": date,
        "long_date": date,
        "kind": "Pairs",
        "method": "matchpoints",
        "url": f"sessions/{slug}/index.html",
        "winners": [],
        "entries": entries,
        "warnings": [],
        "corrections": [],
        "provisional": None,
    }


def test_season_table_places_share_ties_in_name_order() -> None:
    # Averages over two sessions: Cara (60 + 50)/2 = 55, Abel (50 + 60)/2 = 55, Bea (70 + 60)/2 = 65,
    # Dan (40 + 40)/2 = 40: Bea 1, Abel and Cara 2= (in name order), Dan 4.
    summaries = [
        _summary("a", "2026-01-05", {"Cara": "60", "Abel": "50", "Bea": "70", "Dan": "40"}),
        _summary("b", "2026-01-12", {"Cara": "50", "Abel": "60", "Bea": "60", "Dan": "40"}),
    ]
    planner = ArchivePlanner("Club", "", summaries, [], 1, 2)  # type: ignore[arg-type]
    rows = planner.season_table("2026")
    assert [(r["name"], r["rank"]) for r in rows] == [("Bea", "1"), ("Abel", "2="), ("Cara", "2="), ("Dan", "4")]


def test_a_planner_whose_player_pages_were_made_is_freed_without_the_cycle_collector() -> None:
    # A season's rows are made when a page reads them, so the season keeps what makes them.
    # Through the player or the planner that would be a cycle: the whole archive left to the
    # cycle collector at the end of a build (0.4 s on 1,500 sessions).  Freed by reference
    # counting alone, with the collector paused as the build pauses it.
    summaries = [
        _summary("a", "2025-01-05", {"Cara": "60", "Abel": "50"}),
        _summary("b", "2026-01-12", {"Cara": "50", "Abel": "60"}),
    ]
    gc.disable()
    try:
        planner = ArchivePlanner("Club", "", summaries, [], 1, 1)  # type: ignore[arg-type]
        for p in planner.players.values():
            for n in range(2):
                context = planner.player_context(p, n)
                assert [row["session"] for season in context["shown"] for row in season["rows"]] == ["Pairs"]
        seasons = planner._player_seasons(next(iter(planner.players.values())))[0]
        assert [s["rows"][0]["percentage"] for s in seasons] == [Fraction(60), Fraction(50)]  # Abel's: 2026, then 2025
        freed = weakref.ref(planner)
        del planner, p, context, seasons
        assert freed() is None
    finally:
        gc.enable()

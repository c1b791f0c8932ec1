"""Corrections from git history: a temporary repository, an upload, a correction, a build.

The session (a Mitchell, 3 tables, matchpoints, top 4 on a full board):

version 1                       NS matchpoints            EW matchpoints
  board 1: +420, +420, −50      NS1 3, NS2 3, NS3 0       EW1 1, EW2 1, EW3 4
  board 2: +400, −50, +430      NS1 2, NS2 0, NS3 4       EW2 2, EW3 4, EW1 0
  board 3: +110, +140, −50      NS1 2, NS2 4, NS3 0       EW3 2, EW1 0, EW2 4
  board 4: +110, +110 (E 3, A 2: Neuberg (1+1)×3/2−1 = 2 each)  NS1 2, NS2 2; EW1 2, EW2 2
  NS: NS1 9/16, NS2 9/16 (1= both), NS3 4/12 (3rd)
  EW: EW3 10/12 (1st), EW2 9/16 (2nd), EW1 3/16 (3rd)

version 2 (the correction): board 1 NS1 v EW1 4♠= +420 → 4♠−1 −50; board 3 NS3 v EW2 removed;
board 4 NS3 v EW3 an artificial A= added (50 % of the top: 2 each; not a result, A stays 2)
  board 1: −50, +420, −50       NS1 1, NS2 4, NS3 1       EW1 3, EW2 0, EW3 3
  board 3: +110, +140 (E 3, A 2: NS2 (2+1)×3/2−1 = 3.5, NS1 (0+1)×3/2−1 = 0.5; EW1 0.5, EW3 3.5)
  NS: NS2 9.5/16 (1st), NS3 1+4+2 = 7/12 (2nd), NS1 1+2+0.5+2 = 5.5/16 (3rd)
  EW: EW3 12.5/16 (1st), EW1 3+0+0.5+2 = 5.5/16 (2nd), EW2 0+2+2 = 4/12 (3rd)
So NS 3 moved from 3rd to 2nd, NS 1 from 1st= to 3rd, EW 1 from 3rd to 2nd, EW 2 from 2nd to 3rd.
"""

from __future__ import annotations

import os
import re
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest

from generator.errors import BuildError
from generator.history.diff import compare, describe
from generator.site.build import build_site
from tests.helpers.git import git

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "corrections"
V1 = (FIXTURES / "tuesday-v1.yaml").read_text(encoding="utf-8")
V2 = (FIXTURES / "tuesday-v2.yaml").read_text(encoding="utf-8")
NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
REASON = "Board 1: NS 1 went one off <not made> (scorer's slip)"

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")


def make_repo(tmp_path: Path) -> Path:
    repo = tmp_path / "club"
    (repo / "content" / "sessions").mkdir(parents=True)
    (repo / "content" / "site.yaml").write_text("club: Test Club\nprovisional_days: 2\n", encoding="utf-8")
    git(repo, "init", "-q", "-b", "main")
    return repo


def commit(repo: Path, message: str, date: str, **files: str | None) -> None:
    for rel, text in files.items():
        path = repo / "content" / "sessions" / rel.replace("__", "/")
        if text is None:
            path.unlink()
        else:
            path.write_text(text, encoding="utf-8")
    git(repo, "add", "-A", ".", date=date)
    git(repo, "commit", "-q", "-m", message, date=date)


def build(repo: Path, now: datetime = NOW):
    return build_site(repo / "content", repo / "site", jobs=1, cache_dir=repo / ".cache", now=now)


def page(repo: Path, rel: str) -> str:
    return (repo / "site" / rel).read_text(encoding="utf-8")


def text_of(html: str) -> str:
    import html as html_lib

    return html_lib.unescape(re.sub(r"<[^>]+>", "", html))


@pytest.fixture
def corrected(tmp_path: Path) -> Path:
    repo = make_repo(tmp_path)
    (repo / "content" / "sessions" / "tuesday.yaml").write_text(V1, encoding="utf-8")
    git(repo, "add", "-A", ".")
    git(repo, "commit", "-q", "-m", "Tuesday pairs", date="2026-11-17T22:30:00+00:00")
    (repo / "content" / "sessions" / "tuesday.yaml").write_text(V2, encoding="utf-8")
    git(repo, "commit", "-q", "-a", "-m", REASON, date="2026-11-24T09:15:00+00:00")
    return repo


def test_the_session_page_says_what_was_corrected_and_why(corrected: Path) -> None:
    build(corrected)
    html = page(corrected, "sessions/tuesday/index.html")
    text = text_of(html)
    assert (
        "Corrected on 24 November 2026 (a late correction, after the provisional period): "
        "board 1, NS 1 v EW 1: 4♠= by N +420 → 4♠−1 by N −50; "
        "board 3, NS 3 v EW 2: removed (was 2♥−1 by S −50); "
        "board 4, NS 3 v EW 3: added, artificial score A=. "
        "Eli Elm & Fay Fern (NS 3) moved from 3rd to 2nd; Ann Alder & Ben Birch (NS 1) from 1st= to 3rd; "
        "Gus Gorse & Hal Hazel (EW 1) from 3rd to 2nd; Ivy Iris & Jon Juniper (EW 2) from 2nd to 3rd."
    ) in text
    # the reason, from the commit message, escaped
    assert (
        "Reason given: Board 1: NS 1 went one off &lt;not made&gt; (scorer&#39;s slip)" in html
        or "Reason given: Board 1: NS 1 went one off &lt;not made&gt; (scorer&#x27;s slip)" in html
    )
    assert "<not made>" not in html
    # the ranking marks each figure that changed, and only those: all six totals and percentages
    # moved (NS 1 9 → 5.5, NS 2 9 → 9.5, NS 3 4 → 7, EW 1 3 → 5.5, EW 2 9 → 4, EW 3 10 → 12.5);
    # five places did (NS 1= → 1, NS 1= → 3, NS 3 → 2, EW 3 → 2, EW 2 → 3), EW 3's 1st did not
    assert html.count('class="corrected" href="#correction-1"') == 6 + 6 + 5
    kim = next(r for r in html.split("<tr>") if "Kim Kale" in r)
    assert kim.startswith("\n<td>1</td>")  # still 1st: no mark on the place


def test_changed_figures_on_board_and_pair_pages_link_to_the_correction(corrected: Path) -> None:
    build(corrected)
    board1 = page(corrected, "sessions/tuesday/board-1.html")
    # board 1: every line's figures changed (NS1 3→1, NS2 3→4, NS3 0→1; EW1 1→3, EW2 1→0, EW3 4→3)
    assert board1.count('href="index.html#correction-1"') == 6
    board2 = page(corrected, "sessions/tuesday/board-2.html")
    assert "correction-1" not in board2  # board 2 was not touched
    board4 = page(corrected, "sessions/tuesday/board-4.html")
    # board 4: only the added artificial line is new (2 and 2); the two results keep 2 each
    assert board4.count('href="index.html#correction-1"') == 2
    pair = page(corrected, "sessions/tuesday/pair-ns-1.html")
    # NS 1's scorecard: board 1 (3 → 1) and board 3 (2 → 0.5) changed, boards 2 and 4 did not; and the total
    assert pair.count('href="index.html#correction-1"') == 3
    assert "corrected: see the correction" in pair


def test_provisional_until_two_days_after_the_first_commit(corrected: Path, tmp_path: Path) -> None:
    build(corrected, now=datetime(2026, 11, 18, 9, 0, tzinfo=UTC))
    html = text_of(page(corrected, "sessions/tuesday/index.html"))
    assert "Provisional until 19 November 2026, 22:30" in html
    assert "provisional until 19 November 2026, 22:30" in text_of(page(corrected, "index.html"))
    # the period passed: the same inputs built later no longer say so
    build(corrected, now=datetime(2026, 11, 20, 9, 0, tzinfo=UTC))
    assert "rovisional until" not in page(corrected, "sessions/tuesday/index.html")
    assert "rovisional until" not in page(corrected, "index.html")


def test_a_correction_within_the_period_is_not_late(tmp_path: Path) -> None:
    repo = make_repo(tmp_path)
    (repo / "content" / "sessions" / "tuesday.yaml").write_text(V1, encoding="utf-8")
    git(repo, "add", "-A", ".")
    git(repo, "commit", "-q", "-m", "Tuesday pairs", date="2026-11-17T22:30:00+00:00")
    (repo / "content" / "sessions" / "tuesday.yaml").write_text(V2, encoding="utf-8")
    git(repo, "commit", "-q", "-a", "-m", "fix", date="2026-11-18T10:00:00+00:00")
    build(repo)
    text = text_of(page(repo, "sessions/tuesday/index.html"))
    assert "Corrected on 18 November 2026: board 1" in text
    assert "late correction" not in text


def test_a_renamed_upload_keeps_its_history(corrected: Path) -> None:
    sessions = corrected / "content" / "sessions"
    (sessions / "2026").mkdir()
    git(corrected, "mv", "content/sessions/tuesday.yaml", "content/sessions/2026/11-17-tuesday.yaml")
    git(corrected, "commit", "-q", "-m", "Sessions by year", date="2026-11-25T08:00:00+00:00")
    build(corrected)
    text = text_of(page(corrected, "sessions/2026-11-17-tuesday/index.html"))
    assert "Corrected on 24 November 2026" in text
    assert text.count("Corrected on") == 1  # the rename itself changed nothing


def test_a_build_without_git_has_no_history(tmp_path: Path) -> None:
    content = tmp_path / "content"
    (content / "sessions").mkdir(parents=True)
    (content / "site.yaml").write_text("club: Test Club\nprovisional_days: 2\n", encoding="utf-8")
    (content / "sessions" / "tuesday.yaml").write_text(V2, encoding="utf-8")
    env_ceiling = os.environ.get("GIT_CEILING_DIRECTORIES")
    os.environ["GIT_CEILING_DIRECTORIES"] = str(tmp_path)  # never find a repository above tmp_path
    try:
        build_site(content, tmp_path / "site", jobs=1, cache_dir=tmp_path / ".cache", now=NOW)
    finally:
        if env_ceiling is None:
            del os.environ["GIT_CEILING_DIRECTORIES"]
        else:
            os.environ["GIT_CEILING_DIRECTORIES"] = env_ceiling
    html = (tmp_path / "site" / "sessions" / "tuesday" / "index.html").read_text(encoding="utf-8")
    assert "Corrections" not in html and "rovisional" not in html and "correction-" not in html


def test_an_uncommitted_file_has_no_history(tmp_path: Path) -> None:
    repo = make_repo(tmp_path)
    (repo / "content" / "sessions" / "tuesday.yaml").write_text(V1, encoding="utf-8")
    build(repo)
    assert "Corrections" not in page(repo, "sessions/tuesday/index.html")


def test_a_correction_that_breaks_the_file_fails_and_keeps_the_site(corrected: Path) -> None:
    build(corrected)
    before = {
        p.relative_to(corrected / "site").as_posix(): p.read_bytes()
        for p in (corrected / "site").rglob("*")
        if p.is_file()
    }
    (corrected / "content" / "sessions" / "tuesday.yaml").write_text(
        V2.replace("tricks: 9}", "tricks: 14}", 1), encoding="utf-8"
    )
    git(corrected, "commit", "-q", "-a", "-m", "a slip", date="2026-11-25T09:00:00+00:00")
    with pytest.raises(BuildError) as failed:
        build(corrected)
    assert "tuesday.yaml" in str(failed.value)
    after = {
        p.relative_to(corrected / "site").as_posix(): p.read_bytes()
        for p in (corrected / "site").rglob("*")
        if p.is_file()
    }
    assert after == before
    assert "Corrected on 24 November 2026" in after["sessions/tuesday/index.html"].decode()


def test_an_earlier_version_that_was_broken_is_skipped_without_a_word(tmp_path: Path) -> None:
    """It was never published (its build failed): members never saw it (issue 25 item 8)."""
    repo = make_repo(tmp_path)
    path = repo / "content" / "sessions" / "tuesday.yaml"
    path.write_text(V1.replace("tricks: 9}", "tricks: 14}", 1), encoding="utf-8")
    git(repo, "add", "-A", ".")
    git(repo, "commit", "-q", "-m", "broken", date="2026-11-17T22:00:00+00:00")
    path.write_text(V1, encoding="utf-8")
    git(repo, "commit", "-q", "-a", "-m", "readable", date="2026-11-17T22:30:00+00:00")
    path.write_text(V2, encoding="utf-8")
    git(repo, "commit", "-q", "-a", "-m", "corrected", date="2026-11-24T09:15:00+00:00")
    build(repo)
    text = text_of(page(repo, "sessions/tuesday/index.html"))
    assert "could not be read" not in text and "left out" not in text
    assert text.count("Corrected on") == 1 and "Corrected on 24 November 2026" in text


def test_identical_inputs_build_identical_sites(corrected: Path, tmp_path: Path) -> None:
    build(corrected)
    first = {
        p.relative_to(corrected / "site").as_posix(): p.read_bytes()
        for p in (corrected / "site").rglob("*")
        if p.is_file()
    }
    shutil.rmtree(corrected / ".cache")
    shutil.rmtree(corrected / "site")
    build(corrected)
    second = {
        p.relative_to(corrected / "site").as_posix(): p.read_bytes()
        for p in (corrected / "site").rglob("*")
        if p.is_file()
    }
    assert first == second


def test_the_pure_diff_of_two_snapshots() -> None:
    old = {
        "unit": "matchpoints",
        "lines": {
            "7|0-3-NS|0-5-EW": {
                "board": "7",
                "ns_pair": "NS 3",
                "ew_pair": "EW 5",
                "result": "4♠= by N +420",
                "adjusted": None,
                "ns": "4",
                "ew": "0",
            }
        },
        "pairs": {
            "0-3-NS": {
                "pair": "NS 3",
                "field": "NS",
                "rank": 2,
                "rank_label": "2",
                "total": "10",
                "percentage": "60",
                "penalty": None,
            },
            "0-1-NS": {
                "pair": "NS 1",
                "field": "NS",
                "rank": 4,
                "rank_label": "4",
                "total": "7",
                "percentage": "40",
                "penalty": None,
            },
        },
    }
    new = {
        "unit": "matchpoints",
        "lines": {
            "7|0-3-NS|0-5-EW": {
                "board": "7",
                "ns_pair": "NS 3",
                "ew_pair": "EW 5",
                "result": "4♠−1 by N −50",
                "adjusted": None,
                "ns": "0",
                "ew": "4",
            }
        },
        "pairs": {
            "0-3-NS": {
                "pair": "NS 3",
                "field": "NS",
                "rank": 4,
                "rank_label": "4",
                "total": "6",
                "percentage": "36",
                "penalty": None,
            },
            "0-1-NS": {
                "pair": "NS 1",
                "field": "NS",
                "rank": 3,
                "rank_label": "3",
                "total": "7.5",
                "percentage": "41",
                "penalty": "1",
            },
        },
    }
    change = compare(old, new)
    assert change["figures"] == {"7|0-3-NS|0-5-EW": ["ns", "ew"]}
    assert describe(change, "matchpoints") == (
        "board 7, NS 3 v EW 5: 4♠= by N +420 → 4♠−1 by N −50; NS 1: a penalty of 1 matchpoints. "
        "NS 1 moved from 4th to 3rd; NS 3 from 2nd to 4th."
    )
    assert compare(new, new) == {"results": [], "figures": {}, "pairs": {}, "moves": [], "penalties": []}


def test_the_feed_is_atom_with_sessions_and_corrections_whose_links_resolve(corrected: Path) -> None:
    from urllib.parse import urldefrag

    import feedparser

    build(corrected)
    feed_path = corrected / "site" / "feed.xml"
    parsed = feedparser.parse(feed_path.read_bytes())
    assert not parsed.bozo, parsed.get("bozo_exception")
    assert parsed.version == "atom10"
    assert parsed.feed.title == "Test Club: results and corrections"
    titles = [e.title for e in parsed.entries]
    assert titles == ["Correction: Tuesday Pairs, 17 November 2026", "Results: Tuesday Pairs, 17 November 2026"]
    correction, session = parsed.entries
    assert correction.updated == "2026-11-24T09:15:00+00:00"
    assert session.updated == "2026-11-17T22:30:00+00:00"  # the first commit, not the build time
    assert "board 1, NS 1 v EW 1: 4♠= by N +420 → 4♠−1 by N −50" in correction.summary
    assert "<not made>" in correction.summary  # escaped in the XML, the reader gets the text back
    for entry in parsed.entries:
        href, fragment = urldefrag(entry.link)
        target = corrected / "site" / href
        assert target.is_file(), entry.link
        if fragment:
            assert f'id="{fragment}"' in target.read_text(encoding="utf-8")
    home = page(corrected, "index.html")
    assert '<link rel="alternate" type="application/atom+xml"' in home and 'href="feed.xml"' in home


def test_a_change_not_yet_committed_is_compared_with_the_last_commit(tmp_path: Path) -> None:
    repo = make_repo(tmp_path)
    path = repo / "content" / "sessions" / "tuesday.yaml"
    path.write_text(V1, encoding="utf-8")
    git(repo, "add", "-A", ".")
    git(repo, "commit", "-q", "-m", "Tuesday pairs", date="2026-11-17T22:30:00+00:00")
    build(repo)
    assert "Corrections" not in page(repo, "sessions/tuesday/index.html")
    path.write_text(V2, encoding="utf-8")
    build(repo)
    text = text_of(page(repo, "sessions/tuesday/index.html"))
    assert "Corrected since the last commit (not yet committed): board 1, NS 1 v EW 1" in text
    # committing it (no file changes; only HEAD moves) dates the correction: the no-op check sees HEAD
    git(repo, "commit", "-q", "-a", "-m", "fix", date="2026-11-18T10:00:00+00:00")
    build(repo)
    text = text_of(page(repo, "sessions/tuesday/index.html"))
    assert "Corrected on 18 November 2026: board 1" in text and "not yet committed" not in text


def test_history_is_read_once_per_commit_not_per_build(corrected: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.history import git as history_git

    calls: list[str] = []
    real = history_git._git

    def counting(folder, *args, data=None):
        calls.append(args[0])
        return real(folder, *args, data=data)

    monkeypatch.setattr(history_git, "_git", counting)
    build(corrected)
    # one log; version 1's bytes twice: read to know it was published (history.continuity, cached
    # by its blob), then scored for the correction (its snapshot cached by its blob)
    assert calls.count("log") == 1 and calls.count("cat-file") == 2
    calls.clear()
    build(corrected)  # nothing changed: the no-op check asks git for HEAD only
    assert calls == ["rev-parse"]
    calls.clear()
    # Another session (the same one twice would be refused as a duplicate upload).
    (corrected / "content" / "sessions" / "other.yaml").write_text(
        V1.replace("Tuesday Pairs", "Thursday Pairs"), encoding="utf-8"
    )
    build(corrected)  # a new upload, no new commit: the log is re-read for the new list, no version re-scored
    assert "cat-file" not in calls and calls.count("log") == 1
    calls.clear()
    os.utime(corrected / "content" / "sessions" / "other.yaml", ns=(1, 1))
    build(corrected)  # same HEAD, same uploads: the cached log
    assert "log" not in calls and "cat-file" not in calls


def test_results_as_the_corrections_write_them() -> None:
    from fractions import Fraction

    from generator.history.snapshot import outcome_text, play_text
    from generator.model import Artificial, Component, Play, Scored
    from generator.scoring.contract import Contract, Seat

    four_spades = Contract.parse("4S")
    assert play_text(Play(420, four_spades, Seat.N, 10)) == "4♠= by N +420"
    assert play_text(Play(-50, four_spades, Seat.N, 9)) == "4♠−1 by N −50"
    assert play_text(Play(-850, Contract.parse("3NTX"), Seat.E, 12)) == "3NTX+3 by E −850"  # 200+300+50+3×100
    assert play_text(Play(0, Contract.parse("PASS"))) == "Pass 0"
    assert play_text(Play(110)) == "+110"  # a score-only upload
    weighted = Scored(
        (
            Component(Fraction(3, 5), Play(420, four_spades, Seat.N, 10)),
            Component(Fraction(2, 5), Play(-50, four_spades, Seat.N, 9)),
        )
    )
    assert outcome_text(weighted) == ("weighted score 60% of 4♠= by N +420, 40% of 4♠−1 by N −50", "weighted")
    assert outcome_text(Artificial.from_percent(60)) == ("artificial score A+", "artificial")
    assert outcome_text(Artificial.from_percent(70)) == ("artificial score 70%", "artificial")


def test_a_shallow_clone_has_no_history(corrected: Path, tmp_path: Path) -> None:
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--depth", "1", corrected.resolve().as_uri(), str(clone))
    (clone / "content" / "site.yaml").write_text("club: Test Club\nprovisional_days: 2\n", encoding="utf-8")
    build(clone, now=datetime(2026, 11, 24, 12, 0, tzinfo=UTC))
    html = page(clone, "sessions/tuesday/index.html")
    # not "provisional until 26 November" (the last commit taken for the first upload), no corrections
    assert "rovisional" not in html and "Corrections" not in html


@pytest.mark.parametrize("renamed", [False, True])
def test_a_version_as_data_is_the_dataclass_field_for_field(renamed: bool) -> None:
    """The history log caches each version as data (``history.types.VersionRecord``), and an
    upload's cache key hashes it: the typed record must be exactly ``asdict`` of git's version,
    every field and no other (a field added to ``git.Version`` and not to the record fails here)."""
    from dataclasses import asdict

    from generator.history.git import Version
    from generator.history.types import VersionRecord
    from generator.history.uploads import _record

    version = Version("c0ffee", "2026-10-05T21:14:00+01:00", "Board 7 corrected", "b10b", "s/one.pbn", renamed)
    assert _record(version) == asdict(version)
    assert set(VersionRecord.__annotations__) == set(asdict(version))

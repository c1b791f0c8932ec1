"""Corrections tell the truth (issue 25 item 8), with real git repositories in tmp folders.

* An upload that could not be read and was then fixed under the same name was never published
  (its build failed, the site kept what it had): no correction, no note, no sentence left
  hanging on a colon.
* A version continues an earlier one when it has the same path, or when git saw a rename and
  the two share most of their results (or most pairs on the same day): an unrelated session
  git paired with a deleted one as a rename starts its own history; a true rename that also
  changed the date, or the names, keeps it.

The sessions are tests/site/fixtures/corrections/ (V1, and V2: board 1 NS 1 v EW 1 4♠= → 4♠−1,
board 3 NS 3 v EW 2 removed, board 4 NS 3 v EW 3 A= added; see test_corrections.py).
"""

from __future__ import annotations

import re
import shutil
from datetime import UTC, datetime

import pytest

from tests.site.test_corrections import V1, V2, build, git, make_repo, page, text_of

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")

BROKEN = V1.replace("tricks: 9}", "tricks: 14}", 1)  # 14 tricks: the reader refuses the file

# Another week's session of the same club: the same players and movement, other deals, so
# every result differs (one trick more on every line) — close enough in its bytes for git.
OTHER_WEEK = (
    V1.replace("Tuesday Pairs", "Monday Pairs")
    .replace("2026-11-17", "2026-11-09")
    .replace("tricks: 10}", "tricks: 11}")
    .replace("tricks: 9}", "tricks: 10}")
    .replace("tricks: 8}", "tricks: 9}")
    .replace("tricks: 7}", "tricks: 8}")
)


# What a scoring program writes at the top of every export: bytes two sessions share.
BOILERPLATE = "".join(
    f"# Exported by Example Scorer 4.2 for the Test Club, a standard header line number {n} of many.\n"
    for n in range(1, 9)
)


def sessions_path(repo, rel):
    return repo / "content" / "sessions" / rel


def versions(repo, rel: str, *steps: tuple[str, str, str]) -> None:
    """Commit each (text, message, date) of ``rel`` in turn."""
    for text, message, date in steps:
        sessions_path(repo, rel).write_text(text, encoding="utf-8")
        git(repo, "add", "-A", ".")
        git(repo, "commit", "-q", "-m", message, date=date)


def renames(repo) -> list[str]:
    """The renames git sees in the last commit (as the history reader asks, -M)."""
    out = git(repo, "show", "-M", "--name-status", "--format=", "HEAD")
    return [line for line in out.splitlines() if line.startswith("R")]


def corrections_text(html: str) -> str:
    m = re.search(r'<section aria-labelledby="corrections-h".*?</section>', html, re.S)
    return text_of(m.group(0)) if m else ""


def no_sentence_ends_in_a_colon(html: str) -> None:
    for para in re.findall(r"<p[^>]*>(.*?)</p>", html, re.S):
        text = " ".join(text_of(para).split())
        assert not text.endswith(":"), text


def test_an_upload_that_failed_and_was_fixed_under_the_same_name_is_no_correction(tmp_path):
    repo = make_repo(tmp_path)
    versions(
        repo,
        "tuesday.yaml",
        (BROKEN, "Tuesday pairs", "2026-11-17T22:00:00+00:00"),
        (V1, "Tuesday pairs, the right file", "2026-11-17T22:20:00+00:00"),
    )
    build(repo, now=datetime(2026, 11, 18, 9, 0, tzinfo=UTC))
    html = page(repo, "sessions/tuesday/index.html")
    assert "Corrections" not in html and "correction-" not in html
    assert "could not be read" not in html and "left out" not in html
    no_sentence_ends_in_a_colon(html)
    # published at 22:20, when the readable file was committed: its provisional period (2 days)
    # and its feed entry start then, not at 22:00 when the site was not built
    assert "Provisional until 19 November 2026, 22:20" in text_of(html)
    assert "<updated>2026-11-17T22:20:00+00:00</updated>" in page(repo, "feed.xml")
    # a real correction later is compared with the version published (V1), not the broken one
    versions(repo, "tuesday.yaml", (V2, "Board 1 corrected", "2026-11-24T09:15:00+00:00"))
    build(repo)
    html = page(repo, "sessions/tuesday/index.html")
    text = corrections_text(html)
    assert text.count("Corrected on") == 1
    assert (
        "Corrected on 24 November 2026 (a late correction, after the provisional period): board 1, NS 1 v EW 1" in text
    )
    assert "could not be read" not in text and "left out" not in text
    no_sentence_ends_in_a_colon(html)


def test_a_broken_version_between_two_published_ones_is_not_a_correction(tmp_path):
    repo = make_repo(tmp_path)
    versions(
        repo,
        "tuesday.yaml",
        (V1, "Tuesday pairs", "2026-11-17T22:30:00+00:00"),
        (BROKEN, "a slip", "2026-11-18T09:00:00+00:00"),
        (V2, "Board 1 corrected", "2026-11-18T10:00:00+00:00"),
    )
    build(repo)
    text = corrections_text(page(repo, "sessions/tuesday/index.html"))
    # one correction, V1 → V2, dated by the commit that published it; the slip is not mentioned
    assert text.count("Corrected on") == 1 and "Corrected on 18 November 2026: board 1, NS 1 v EW 1" in text
    assert "slip" not in text and "could not be read" not in text


def test_an_unrelated_session_git_calls_a_rename_has_no_history(tmp_path):
    repo = make_repo(tmp_path)
    sessions_path(repo, "monday.yaml").write_text(BOILERPLATE + OTHER_WEEK, encoding="utf-8")
    git(repo, "add", "-A", ".")
    git(repo, "commit", "-q", "-m", "Monday pairs", date="2026-11-09T22:30:00+00:00")
    sessions_path(repo, "monday.yaml").unlink()
    sessions_path(repo, "tuesday.yaml").write_text(BOILERPLATE + V1, encoding="utf-8")
    git(repo, "add", "-A", ".")
    git(repo, "commit", "-q", "-m", "Tuesday pairs (Monday's taken down)", date="2026-11-17T22:30:00+00:00")
    assert renames(repo) and "monday.yaml" in renames(repo)[0]  # git pairs them: the trap is real
    build(repo, now=datetime(2026, 11, 18, 9, 0, tzinfo=UTC))
    html = page(repo, "sessions/tuesday/index.html")
    assert "Corrections" not in html and "correction-" not in html
    # its own first commit starts its provisional period (2 days), not Monday's (over on the 11th)
    assert "Provisional until 19 November 2026, 22:30" in text_of(html)


def test_a_true_rename_that_changed_the_date_keeps_its_history(tmp_path):
    repo = make_repo(tmp_path)
    versions(repo, "tuesday.yaml", (V1, "Tuesday pairs", "2026-11-17T22:30:00+00:00"))
    # the session was played on the 18th: the file renamed, its date and board 1 corrected
    sessions_path(repo, "tuesday.yaml").unlink()
    sessions_path(repo, "2026-11-18-tuesday.yaml").write_text(V2.replace("2026-11-17", "2026-11-18"), encoding="utf-8")
    git(repo, "add", "-A", ".")
    git(repo, "commit", "-q", "-m", "Right date; board 1 went one off", date="2026-11-18T10:00:00+00:00")
    assert renames(repo)
    build(repo)
    text = corrections_text(page(repo, "sessions/2026-11-18-tuesday/index.html"))
    assert text.count("Corrected on") == 1
    assert "Corrected on 18 November 2026: board 1, NS 1 v EW 1: 4♠= by N +420 → 4♠−1 by N −50" in text


def test_a_correction_that_changes_the_names_keeps_its_history(tmp_path):
    repo = make_repo(tmp_path)
    versions(repo, "tuesday.yaml", (V1, "Tuesday pairs", "2026-11-17T22:30:00+00:00"))
    renamed = (
        V2.replace("Tuesday Pairs", "Tuesday Evening Pairs")
        .replace("Ann Alder, Ben Birch", "Anna Alder, Benn Birch")
        .replace("Cal Cedar, Dot Daisy", "Carl Cedar, Dorothy Daisy")
        .replace("Eli Elm, Fay Fern", "Elias Elm, Faye Fern")
        .replace("Gus Gorse, Hal Hazel", "Angus Gorse, Hal Hazell")
    )
    sessions_path(repo, "tuesday.yaml").unlink()
    sessions_path(repo, "tuesday-evening.yaml").write_text(renamed, encoding="utf-8")
    git(repo, "add", "-A", ".")
    git(repo, "commit", "-q", "-m", "Names spelt right; board 1 corrected", date="2026-11-18T10:00:00+00:00")
    assert renames(repo)
    build(repo)
    text = corrections_text(page(repo, "sessions/tuesday-evening/index.html"))
    assert text.count("Corrected on") == 1 and "Corrected on 18 November 2026: board 1, NS 1 v EW 1" in text


def test_the_rule_itself():
    """most results shared, or most pairs shared on the same day; nothing else."""
    from generator.history.continuity import same_upload
    from generator.readers import read_sessions_data

    def read(text: str):
        return read_sessions_data("x.yaml", text.encode())

    v1, v2, other = read(V1), read(V2), read(OTHER_WEEK)
    # V1 → V2: 11 results, 9 of them unchanged (1 changed, 1 removed, 1 added): 2 × 9 > 11
    assert same_upload(v1, v2)
    assert not same_upload(other, v1)  # same six pairs, another day, no result in common
    # the same six pairs on the same day with every result keyed again: the same session
    assert same_upload(read(OTHER_WEEK.replace("2026-11-09", "2026-11-17")), v1)


def test_only_a_version_git_could_not_give_is_noted():
    """An unreadable version is no note; a version missing from the clone may have been published:
    said in one whole sentence."""
    from generator.history.record import corrections

    def version(date: str) -> dict:
        return {"commit": "c", "date": date, "message": "", "blob": date, "path": "t.yaml"}

    current = {"unit": "matchpoints", "lines": {}, "pairs": {}}
    found = corrections(
        [
            version("2026-11-17T22:00:00+00:00"),
            version("2026-11-18T22:00:00+00:00"),
            version("2026-11-19T22:00:00+00:00"),
        ],
        [{"error": "board 1: 14 tricks:"}, {"error": "git could not give this version's bytes", "missing": True}],
        current,
        0,
        "matchpoints",
        None,
    )
    assert found["corrections"] == []
    assert found["notes"] == [
        "The version of 18 November 2026 is not in this copy of the repository, so the corrections leave it out."
    ]

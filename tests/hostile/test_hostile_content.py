"""Hostile content folders and the build: links that loop or lead out, the same session
uploaded twice, control characters in file names, an oversized upload, files passed over,
CSV injection, progress on a terminal and annotations under GitHub Actions.

Every fixture is made here, in a temporary folder (never the project's content/).  Each
refused case asserts the exit status, the whole message and that the previous site is
byte-identical afterwards; each skipped case that the site is what it was without it."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from generator.cli import annotation, main
from generator.errors import Problem, shown
from generator.export import text_cell
from generator.readers import MAX_BYTES
from generator.site import cache as cache_module

ROOT = Path(__file__).resolve().parents[2]

SITE_YAML = "club: Quillfield Bridge Club\n"

PAIRS = """\
event: {event}
date: {date}
method: matchpoints
movement: howell
pairs:
  - {{number: 1, players: [{first}, Olive Osier]}}
  - {{number: 2, players: [Pip Poplar, Quin Quince]}}
  - {{number: 3, players: [Rue Rowan, Sal Sorrel]}}
  - {{number: 4, players: [Tam Teasel, Uma Umber]}}
boards:
  - number: 1
    results:
      - {{ns: 1, ew: 2, contract: 4S, by: N, tricks: 10}}
      - {{ns: 3, ew: 4, contract: 4S, by: N, tricks: {tricks}}}
  - number: 2
    results:
      - {{ns: 2, ew: 1, contract: 3NT, by: S, tricks: 9}}
      - {{ns: 4, ew: 3, contract: 2H, by: E, tricks: 8}}
"""


def pairs(event: str = "Quill Pairs", date: str = "2026-11-02", first: str = "Nell Nettle", tricks: int = 9) -> str:
    return PAIRS.format(event=event, date=date, first=first, tricks=tricks)


def make_content(tmp: Path, sessions: dict[str, str] | None = None) -> Path:
    content = tmp / "content"
    (content / "sessions").mkdir(parents=True)
    (content / "articles").mkdir()
    (content / "site.yaml").write_text(SITE_YAML)
    (content / "articles" / "matchpoints.md").write_text("---\ntitle: Matchpoints\nrules: [matchpoints]\n---\nText.\n")
    for name, text in ({"2026-11-02-quill-pairs.yaml": pairs()} if sessions is None else sessions).items():
        (content / "sessions" / name).write_text(text)
    return content


def snapshot(root: Path) -> dict[str, tuple[bytes, int]]:
    """Every file's bytes and modification time."""
    return {
        p.relative_to(root).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def build(content: Path, out: Path, capsys) -> tuple[int, str, str]:
    code = main(["build", "--content", str(content), "--output", str(out), "--jobs", "1"])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def summary_tail(out: str) -> list[str]:
    """The summary's lines after the first ('Built …', which holds timings)."""
    return out.splitlines()[1:]


@pytest.fixture
def good_site(tmp_path, capsys):
    """A content folder and the site built from it (one session)."""
    content = make_content(tmp_path)
    out = tmp_path / "site"
    code, stdout, _ = build(content, out, capsys)
    assert code == 0 and stdout.startswith(f"Built {out}: 1 session from 1 upload")
    return content, out, snapshot(out)


def refused(content: Path, *problems: str) -> str:
    """The whole message of a build refused for these problems (one per upload)."""
    lines = [
        f"Error: the site was not built; the previous site is unchanged. {len(problems)} upload"
        f"{'s' if len(problems) != 1 else ''} failed:"
    ]
    for p in problems:
        lines += ["1 problem found:", f"  {p}"]
    return "\n".join(lines) + "\n"


# --- symbolic links -------------------------------------------------------------------


def _build_in_subprocess(content: Path, out: Path, timeout: float = 120) -> subprocess.CompletedProcess:
    """A hang would fail the test (after the timeout) instead of stopping the suite."""
    return subprocess.run(
        [sys.executable, "-m", "generator", "build", "--content", str(content), "--output", str(out), "--jobs", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, "GITHUB_ACTIONS": ""},
    )


def test_two_links_to_the_folder_itself_and_a_link_to_root_are_skipped_not_walked(good_site):
    content, out, before = good_site
    sessions = content / "sessions"
    os.symlink(".", sessions / "again")
    os.symlink(".", sessions / "and-again")
    os.symlink("/", sessions / "everything")
    os.symlink("..", sessions / "up")
    run = _build_in_subprocess(content, out)
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""
    assert summary_tail(run.stdout) == [
        "4 files skipped:",
        "  skipped: sessions/again/, because it is a symbolic link to a folder already read (sessions/): "
        "following it would read it twice or loop",
        "  skipped: sessions/and-again/, because it is a symbolic link to a folder already read (sessions/): "
        "following it would read it twice or loop",
        "  skipped: sessions/everything, because it is a symbolic link to /, outside the sessions folder "
        "(the build never follows a link out of it)",
        f"  skipped: sessions/up, because it is a symbolic link to {content.resolve()}, outside the sessions folder "
        "(the build never follows a link out of it)",
    ]
    assert {p: b for p, (b, _) in snapshot(out).items()} == {p: b for p, (b, _) in before.items()}


def test_a_link_to_a_session_outside_content_is_not_read_nor_published(good_site, capsys):
    content, out, before = good_site
    elsewhere = content.parent / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "private.yaml").write_text(pairs(event="Private Pairs", date="2026-11-03"))
    os.symlink(elsewhere / "private.yaml", content / "sessions" / "private.yaml")
    os.symlink(elsewhere, content / "sessions" / "more")
    code, stdout, stderr = build(content, out, capsys)
    assert (code, stderr) == (0, "")
    assert summary_tail(stdout) == [
        "2 files skipped:",
        f"  skipped: sessions/more, because it is a symbolic link to {elsewhere.resolve()}, outside the sessions "
        "folder (the build never follows a link out of it)",
        f"  skipped: sessions/private.yaml, because it is a symbolic link to {(elsewhere / 'private.yaml').resolve()}, "
        "outside the sessions folder (the build never follows a link out of it)",
    ]
    assert snapshot(out) == before  # not even rewritten
    assert not any(b"Private Pairs" in data for data, _ in snapshot(out).values())


def test_a_link_inside_the_folder_is_read_once(good_site, capsys):
    content, out, before = good_site
    os.symlink("2026-11-02-quill-pairs.yaml", content / "sessions" / "a-link.yaml")
    code, stdout, stderr = build(content, out, capsys)
    assert (code, stderr) == (0, "")
    assert summary_tail(stdout) == [
        "1 file skipped:",
        "  skipped: sessions/a-link.yaml, because it is the same file as sessions/2026-11-02-quill-pairs.yaml "
        "(a link to it): each file is read once",
    ]
    assert snapshot(out) == before


def test_a_link_to_a_folder_read_anyway_is_passed_over_whatever_its_name(tmp_path, capsys):
    content = make_content(tmp_path, {})
    (content / "sessions" / "2026").mkdir()
    (content / "sessions" / "2026" / "11-02-quill-pairs.yaml").write_text(pairs())
    os.symlink("2026", content / "sessions" / "0-latest")  # sorts before the folder it leads to
    code, stdout, stderr = build(content, tmp_path / "site", capsys)
    assert (code, stderr) == (0, "")
    assert stdout.startswith(f"Built {tmp_path / 'site'}: 1 session from 1 upload")
    assert summary_tail(stdout) == [
        "1 file skipped:",
        "  skipped: sessions/0-latest/, because it is a symbolic link to a folder already read (sessions/2026/): "
        "following it would read it twice or loop",
    ]
    assert (tmp_path / "site" / "sessions" / "2026-11-02-quill-pairs" / "index.html").is_file()


def test_a_named_pipe_is_skipped_not_read(good_site, capsys):
    content, out, before = good_site
    os.mkfifo(content / "sessions" / "waiting.yaml")  # reading it would wait for ever
    code, stdout, stderr = build(content, out, capsys)
    assert (code, stderr) == (0, "")
    assert summary_tail(stdout) == [
        "1 file skipped:",
        "  skipped: sessions/waiting.yaml, because it is not a regular file (a pipe, socket or device)",
    ]
    assert snapshot(out) == before


def test_a_sessions_folder_that_leads_out_of_content_is_refused(good_site, capsys):
    content, out, before = good_site
    elsewhere = content.parent / "elsewhere"
    (content / "sessions").rename(elsewhere)
    os.symlink(elsewhere, content / "sessions")
    code, stdout, stderr = build(content, out, capsys)
    assert (code, stdout) == (1, "")
    assert stderr == (
        f"Error: {content / 'sessions'}: not read, because it leads to {elsewhere.resolve()}, outside the "
        "content folder: expected the sessions folder inside it\n"
    )
    assert snapshot(out) == before


def test_site_yaml_and_articles_that_lead_out_of_content_are_refused(good_site, capsys):
    content, out, before = good_site
    elsewhere = content.parent / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "site.yaml").write_text("club: Somebody Else\n")
    (content / "site.yaml").unlink()
    os.symlink(elsewhere / "site.yaml", content / "site.yaml")
    code, stdout, stderr = build(content, out, capsys)
    assert (code, stdout) == (1, "")
    assert stderr == (
        f"Error: {content / 'site.yaml'}: not read, because it is a symbolic link to "
        f"{(elsewhere / 'site.yaml').resolve()}, outside the content folder (the build never reads "
        "outside it): expected the club's settings as a file inside the content folder\n"
    )
    assert snapshot(out) == before

    (content / "site.yaml").unlink()
    (content / "site.yaml").write_text(SITE_YAML)
    (elsewhere / "secret.md").write_text("---\ntitle: Secret\n---\nNot for the site.\n")
    os.symlink(elsewhere / "secret.md", content / "articles" / "secret.md")
    code, stdout, stderr = build(content, out, capsys)
    assert (code, stderr) == (0, "")
    assert summary_tail(stdout) == [
        "1 file skipped:",
        f"  skipped: articles/secret.md, because it is a symbolic link to {(elsewhere / 'secret.md').resolve()}, "
        "outside the articles folder (the build never follows a link out of it)",
    ]
    assert not (out / "articles" / "secret.html").exists()


# --- files passed over are listed -------------------------------------------------------


def test_skipped_files_are_listed_in_the_summary_also_when_nothing_changed(good_site, capsys):
    content, out, before = good_site
    sessions = content / "sessions"
    (sessions / ".draft.yaml").write_text(pairs(event="Draft"))
    (sessions / "..yaml").write_text(pairs(event="Dots"))
    (sessions / ".old").mkdir()
    (sessions / ".old" / "x.yaml").write_text(pairs(event="Old"))
    (sessions / "scores.xlsx").write_bytes(b"PK\x03\x04")
    (sessions / "README").write_text("notes")
    expected = [
        "5 files skipped:",
        "  skipped: sessions/..yaml, because its name starts with '.' (a hidden file)",
        "  skipped: sessions/.draft.yaml, because its name starts with '.' (a hidden file)",
        "  skipped: sessions/.old/, because its name starts with '.' (a hidden folder)",
        "  skipped: sessions/README, because its type '(none)' is not an upload: expected .pbn, .xml, .yaml, .yml",
        "  skipped: sessions/scores.xlsx, because its type '.xlsx' is not an upload: expected .pbn, .xml, .yaml, .yml",
    ]
    code, stdout, stderr = build(content, out, capsys)
    assert (code, stderr, summary_tail(stdout)) == (0, "", expected)
    assert snapshot(out) == before
    code, stdout, stderr = build(content, out, capsys)  # the no-op build says the same
    assert (code, stderr, summary_tail(stdout)) == (0, "", expected)
    assert "(0 scored, 1 from cache)" in stdout


# --- the same session uploaded twice ------------------------------------------------------


def test_the_same_session_uploaded_twice_is_refused_naming_both_files(good_site, capsys):
    content, out, before = good_site
    sessions = content / "sessions"
    (sessions / "2026-11-02-quill-pairs (1).yaml").write_text(pairs())
    code, stdout, stderr = build(content, out, capsys)
    assert (code, stdout) == (1, "")
    assert stderr == refused(
        content,
        (
            f"{sessions / '2026-11-02-quill-pairs.yaml'}: the same session as {sessions / '2026-11-02-quill-pairs (1).yaml'} "
            "(Quill Pairs on 2026-11-02, the same 4 pairs): expected each session uploaded once; remove one of the two files"
        ),
    )
    assert snapshot(out) == before


def test_a_nearly_identical_copy_is_the_same_session(good_site, capsys):
    """Another result on a board, the title's case and a name's spacing changed: still the same session."""
    content, out, before = good_site
    copy = pairs(event="QUILL  pairs", tricks=11).replace("Pip Poplar", "pip  poplar")
    (content / "sessions" / "corrected.yaml").write_text(copy)
    code, stdout, stderr = build(content, out, capsys)
    assert (code, stdout) == (1, "")
    sessions = content / "sessions"
    assert stderr == refused(
        content,
        (
            f"{sessions / 'corrected.yaml'}: the same session as {sessions / '2026-11-02-quill-pairs.yaml'} "
            "(QUILL  pairs on 2026-11-02, the same 4 pairs): expected each session uploaded once; remove one of the two files"
        ),
    )
    assert snapshot(out) == before


def test_sessions_of_one_event_and_other_days_are_not_duplicates(tmp_path, capsys):
    content = make_content(
        tmp_path,
        {
            "a.yaml": pairs(event="Quill Swiss, session 1"),
            "b.yaml": pairs(event="Quill Swiss, session 2"),  # same day, same pairs, another session
            "c.yaml": pairs(event="Quill Pairs", date="2026-11-09"),  # same title, another week
            "d.yaml": pairs(event="Quill Pairs").replace("Rue Rowan", "Vi Vetch"),  # another section: other pairs
            "e.yaml": pairs(event="Quill Pairs"),
        },
    )
    code, stdout, stderr = build(content, tmp_path / "site", capsys)
    assert (code, stderr) == (0, "")
    assert stdout.startswith(f"Built {tmp_path / 'site'}: 5 sessions from 5 uploads")


# --- control characters in file names -------------------------------------------------------


def test_control_characters_in_a_file_name_are_escaped_in_every_message(good_site, capsys, monkeypatch):
    content, out, before = good_site
    sessions = content / "sessions"
    evil = "x\x1b[2K\rBuilt site: all good\n.yaml"
    (sessions / evil).write_text(pairs())
    code, stdout, stderr = build(content, out, capsys)
    assert (code, stdout) == (1, "")
    shown_name = "x\\x1b[2K\\rBuilt site: all good\\n.yaml"
    assert stderr == refused(
        content,
        (
            f"{sessions}/{shown_name}: the same session as {sessions / '2026-11-02-quill-pairs.yaml'} "
            "(Quill Pairs on 2026-11-02, the same 4 pairs): expected each session uploaded once; remove one of the two files"
        ),
    )
    assert "\x1b" not in stderr and "\r" not in stderr and stderr.count("\n") == 3
    assert snapshot(out) == before

    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    code, stdout, stderr = build(content, out, capsys)
    assert code == 1 and "\x1b" not in stdout + stderr and "\r" not in stdout + stderr
    assert stdout.count("\n") == 1 and stdout.startswith("::error file=")


def test_shown_escapes_controls_separators_and_bidi_overrides():
    assert shown("a\x00b\x07c\x7fd\x85e\u2028f\u202eg\th") == "a\\x00b\\x07c\\x7fd\\x85e\\u2028f\\u202eg\\th"
    assert shown("one\ntwo\rthree", keep_newlines=True) == "one\ntwo\\rthree"
    assert shown("Zoë Ørsted & Łukasz") == "Zoë Ørsted & Łukasz"


# --- the size cap, before a byte is read ---------------------------------------------------


def test_an_oversized_upload_is_refused_before_it_is_read(good_site, capsys):
    content, out, before = good_site
    big = content / "sessions" / "huge.yaml"
    size = 300 * 1024 * 1024
    with open(big, "wb") as f:  # sparse: 300 MB long, no disk used
        f.truncate(size)
    tracemalloc.start()
    try:
        code, stdout, stderr = build(content, out, capsys)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20 * 1024 * 1024, f"peak {peak:,} bytes: the file was read"
    assert (code, stdout) == (1, "")
    assert stderr == refused(content, f"{big}: the file is {size:,} bytes: expected at most {MAX_BYTES:,} bytes")
    assert snapshot(out) == before


def test_a_file_that_grows_after_its_size_was_taken_is_read_no_further_than_the_cap(tmp_path, monkeypatch):
    path = tmp_path / "growing.yaml"
    path.write_bytes(b"x" * 5000)
    real_stat = os.stat

    class Small:  # what stat said a moment before the file grew
        def __init__(self, st):
            self.st_size, self.st_mtime_ns = 100, st.st_mtime_ns

    monkeypatch.setattr(cache_module.os, "stat", lambda p, *a, **k: Small(real_stat(p, *a, **k)))
    reads = []
    real_open = open

    def counting_open(p, mode="r", *a, **k):
        handle = real_open(p, mode, *a, **k)
        original = handle.read
        handle.read = lambda n=-1: reads.append(n) or original(n)  # type: ignore[method-assign]
        return handle

    monkeypatch.setattr("builtins.open", counting_open)
    with pytest.raises(cache_module.TooLarge) as exc:
        cache_module.Cache(tmp_path / "cache").file_digest(path, {}, max_bytes=1000)
    assert exc.value.size == 1001 and sum(reads) == 1001 and -1 not in reads


# --- results.csv and spreadsheets ------------------------------------------------------------

AGGREGATE = """\
event: Quill Aggregate
date: 2026-11-09
method: aggregate
movement: mitchell
pairs:
  - {number: 1, direction: NS, players: ["=HYPERLINK(\\"http://evil.example\\")", Bo Birch]}
  - {number: 2, direction: NS, players: ["+1+2", Cy Cedar]}
  - {number: 3, direction: NS, players: ["-3+4", Di Dogwood]}
  - {number: 1, direction: EW, players: ["@SUM(A1:A9)", Ed Elm]}
  - {number: 2, direction: EW, players: ["\\tTabby", Fi Fir]}
  - {number: 3, direction: EW, players: ["\\rCarrie", Gus Gum]}
boards:
  - number: 1
    results:
      - {ns: 1, ew: 1, score: -50}
      - {ns: 2, ew: 2, score: 420}
      - {ns: 3, ew: 3, score: 100}
"""


def test_results_csv_text_cells_cannot_run_as_formulas_and_figures_stay_numbers(tmp_path, capsys):
    content = make_content(tmp_path, {"aggregate.yaml": AGGREGATE})
    out = tmp_path / "site"
    code, _, stderr = build(content, out, capsys)
    assert (code, stderr) == (0, "")
    with open(out / "sessions" / "aggregate" / "results.csv", newline="", encoding="utf-8-sig") as f:
        rows = list(csv.DictReader(f))  # as a spreadsheet reads it (the byte order mark skipped): one record per pair
    names = {(r["direction"], r["number"]): r["names"] for r in rows}
    assert names == {
        ("NS", "1"): '\'=HYPERLINK("http://evil.example") & Bo Birch',
        ("NS", "2"): "'+1+2 & Cy Cedar",
        ("NS", "3"): "'-3+4 & Di Dogwood",
        ("EW", "1"): "'@SUM(A1:A9) & Ed Elm",
        ("EW", "2"): "'\tTabby & Fi Fir",
        ("EW", "3"): "'\rCarrie & Gus Gum",
    }
    totals = {(r["direction"], r["number"]): r["total"] for r in rows}
    # Aggregate scoring: the total is the pair's score (NS -50 on the one board, EW +50).
    assert totals == {
        ("NS", "1"): "-50",
        ("NS", "2"): "420",
        ("NS", "3"): "100",
        ("EW", "1"): "50",
        ("EW", "2"): "-420",
        ("EW", "3"): "-100",
    }
    assert all(int(r["total"]) == int(r["score"]) for r in rows)
    for r in rows:
        for column in ("field", "rank", "pair", "section", "direction", "names"):
            assert not r[column].startswith(("=", "+", "-", "@", "\t", "\r")), (column, r[column])


def test_text_cell_follows_the_owasp_rule():
    assert [text_cell(v) for v in ("=1", "+1", "-1", "@A", "\tx", "\rx", "Ann", "", "1=", None)] == [
        "'=1",
        "'+1",
        "'-1",
        "'@A",
        "'\tx",
        "'\rx",
        "Ann",
        "",
        "1=",
        "",
    ]


# --- progress on a terminal, annotations under GitHub Actions --------------------------------


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_one_updating_line_on_a_terminal_and_absent_otherwise(tmp_path, capsys, monkeypatch):
    content = make_content(tmp_path, {"a.yaml": pairs(event="Quill A"), "b.yaml": pairs(event="Quill B")})
    monkeypatch.setenv("TERM", "xterm")
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["build", "--content", str(content), "--output", str(tmp_path / "site"), "--jobs", "1"]) == 0
    text = terminal.getvalue()
    assert "\n" not in text and text.startswith("\r\x1b[KBuilding: 1/2 uploads checked")
    assert "\r\x1b[KBuilding: 2/2 uploads read and scored" in text and "pages rendered" in text
    assert text.endswith("\r\x1b[K")  # cleared before the summary
    assert capsys.readouterr().out.startswith(f"Built {tmp_path / 'site'}: 2 sessions from 2 uploads")

    monkeypatch.undo()
    (content / "sessions" / "c.yaml").write_text(pairs(event="Quill C"))
    assert main(["build", "--content", str(content), "--output", str(tmp_path / "site"), "--jobs", "1"]) == 0
    captured = capsys.readouterr()
    assert captured.err == "" and "\r" not in captured.out


def test_problems_become_workflow_annotations_under_github_actions(good_site, capsys, monkeypatch):
    content, out, before = good_site
    sessions = content / "sessions"
    (sessions / "copy, 50%: final.yaml").write_text(pairs())
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    code, stdout, stderr = build(content, out, capsys)
    assert code == 1
    message = (
        f"{sessions / 'copy, 50%: final.yaml'}: the same session as {sessions / '2026-11-02-quill-pairs.yaml'} "
        "(Quill Pairs on 2026-11-02, the same 4 pairs): expected each session uploaded once; "
        "remove one of the two files"
    )
    assert stderr == refused(content, message)
    file = str(sessions / "copy, 50%: final.yaml").replace("%", "%25").replace(":", "%3A").replace(",", "%2C")
    assert stdout == f"::error file={file},title=Site not built::{message.replace('%', '%25')}\n"
    assert snapshot(out) == before

    monkeypatch.delenv("GITHUB_ACTIONS")
    code, stdout, _ = build(content, out, capsys)
    assert code == 1 and stdout == ""


def test_an_annotation_carries_the_line_and_escapes_as_github_reads_it():
    problem = Problem(
        "content/sessions/a,b:c.yaml", 14, "content/sessions/a,b:c.yaml: board 1 (line 14): 50% off\nnext"
    )
    assert annotation(problem) == (
        "::error file=content/sessions/a%2Cb%3Ac.yaml,line=14,title=Site not built::"
        "content/sessions/a,b:c.yaml: board 1 (line 14): 50%25 off%0Anext"
    )
    assert annotation(Problem(None, None, "templates folder has no base.html")) == (
        "::error title=Site not built::templates folder has no base.html"
    )


def test_a_reader_error_is_annotated_with_its_line(good_site, capsys, monkeypatch):
    content, out, before = good_site
    bad = content / "sessions" / "2026-11-09-bad.yaml"
    bad.write_text(pairs(date="2026-11-09").replace("contract: 2H", "contract: 9Z"))
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    code, stdout, stderr = build(content, out, capsys)
    assert code == 1 and snapshot(out) == before
    line = next(n for n, text in enumerate(bad.read_text().splitlines(), start=1) if "9Z" in text)
    assert stdout.startswith(f"::error file={bad},line={line},title=Site not built::{bad}: board 2")
    assert f"(line {line})" in stderr


def test_a_settings_error_is_annotated_on_site_yaml_with_its_line(good_site, capsys, monkeypatch):
    content, out, before = good_site
    (content / "site.yaml").write_text("club: Quillfield Bridge Club\nscoring: [unclosed\n")
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    code, stdout, stderr = build(content, out, capsys)
    assert code == 1 and snapshot(out) == before
    assert stderr.startswith(f"Error: {content / 'site.yaml'}: not valid YAML: ")
    assert stdout.startswith(
        f"::error file={content / 'site.yaml'},line=3,title=Site not built::{content / 'site.yaml'}: "
    )

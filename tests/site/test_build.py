"""The build: deterministic, incremental (only changed bytes are written), atomic on failure."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.cli import main
from generator.errors import BuildError
from generator.resources import packaged_articles
from generator.site.build import build_site

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "tests" / "fixtures" / "club"

TINY = """\
event: {event}
date: 2026-11-02
method: matchpoints
movement: howell
pairs:
  - {{number: 1, players: ["{name}", Bob Brown]}}
  - {{number: 2, players: [Cat Cook, Don Dale]}}
  - {{number: 3, players: [Eve East, Fay Fox]}}
  - {{number: 4, players: [Gil Gray, Hep Hill]}}
boards:
  - number: 1
    results:
      - {{ns: 1, ew: 2, contract: 4S, by: N, tricks: 10, lead: HK}}
      - {{ns: 3, ew: 4, contract: 4S, by: N, tricks: {tricks}}}
  - number: 2
    results:
      - {{ns: 2, ew: 1, contract: 3NT, by: S, tricks: 9}}
      - {{ns: 4, ew: 3, contract: 2H, by: E, tricks: 8}}
"""


def make_content(tmp: Path, sessions: dict[str, str] | None = None) -> Path:
    content = tmp / "content"
    (content / "sessions").mkdir(parents=True)
    shutil.copy(CONTENT / "site.yaml", content / "site.yaml")
    for name, text in (sessions or {"tiny.yaml": TINY.format(event="Tiny Pairs", name="Al Able", tricks=9)}).items():
        (content / "sessions" / name).write_text(text)
    return content


def snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def mtimes(root: Path) -> dict[str, int]:
    return {p.relative_to(root).as_posix(): p.stat().st_mtime_ns for p in root.rglob("*") if p.is_file()}


def test_same_content_gives_a_byte_identical_site(tmp_path):
    a = build_site(CONTENT, tmp_path / "a" / "site", jobs=2)
    b = build_site(CONTENT, tmp_path / "b" / "site", jobs=1)  # separate caches, different worker counts
    assert snapshot(tmp_path / "a" / "site") == snapshot(tmp_path / "b" / "site")
    assert a.pages == b.pages and a.written == a.pages


def test_rebuild_writes_only_changed_files(tmp_path):
    content = make_content(tmp_path)
    out = tmp_path / "site"
    build_site(content, out, jobs=1)
    before, stamps = snapshot(out), mtimes(out)
    again = build_site(content, out, jobs=1)
    assert again.written == 0 and again.rendered == 0 and mtimes(out) == stamps

    (content / "sessions" / "tiny.yaml").write_text(TINY.format(event="Tiny Pairs", name="Al Able", tricks=10))
    changed = build_site(content, out, jobs=1)
    after = snapshot(out)
    assert changed.rendered == 1 and 0 < changed.written < changed.pages
    rewritten = {p for p in after if mtimes(out)[p] != stamps.get(p)}
    assert rewritten == {p for p in after if after[p] != before.get(p)}
    assert "sessions/tiny/board-1.html" in rewritten and "static/site.css" not in rewritten


def test_new_upload_is_added_and_removed_upload_disappears(tmp_path):
    content = make_content(tmp_path)
    out = tmp_path / "site"
    build_site(content, out, jobs=1)
    (content / "sessions" / "second.yaml").write_text(TINY.format(event="Second Pairs", name="Al Able", tricks=8))
    report = build_site(content, out, jobs=1)
    # the new upload, and the session whose page now links to it as its neighbour (same date: by slug)
    assert report.rendered == 2 and (out / "sessions" / "second" / "index.html").exists()
    assert 'href="../second/index.html"' in (out / "sessions" / "tiny" / "index.html").read_text()
    assert "Second Pairs" in (out / "index.html").read_text()
    (content / "sessions" / "second.yaml").unlink()
    report = build_site(content, out, jobs=1)
    assert not (out / "sessions" / "second").exists() and report.removed > 0
    assert "Second Pairs" not in (out / "index.html").read_text()


def test_hidden_files_in_the_output_are_kept(tmp_path):
    content = make_content(tmp_path)
    out = tmp_path / "site"
    out.mkdir()
    (out / ".gitkeep").write_text("")
    (out / "stale.html").write_text("old")
    build_site(content, out, jobs=1)
    assert (out / ".gitkeep").exists() and not (out / "stale.html").exists()


def test_a_failed_build_leaves_the_site_untouched(tmp_path, capsys):
    content = make_content(tmp_path)
    out = tmp_path / "site"
    build_site(content, out, jobs=1)
    before, stamps = snapshot(out), mtimes(out)
    (content / "sessions" / "broken.yaml").write_text(
        TINY.format(event="Broken", name="Al Able", tricks=9).replace("contract: 3NT", "contract: 3ZZ")
    )
    with pytest.raises(BuildError) as err:
        build_site(content, out, jobs=1)
    assert "broken.yaml" in str(err.value) and "previous site is unchanged" in str(err.value)
    assert snapshot(out) == before and mtimes(out) == stamps

    code = main(["build", "--content", str(content), "--output", str(out), "--jobs", "1"])
    assert code == 1
    assert capsys.readouterr().err.startswith("Error: the site was not built")
    assert snapshot(out) == before


def test_uploaded_text_is_escaped(tmp_path):
    evil = "<script>alert(1)</script>"
    content = make_content(tmp_path, {"x.yaml": TINY.format(event="<b>Bold</b> & co", name=evil, tricks=9)})
    out = tmp_path / "site"
    build_site(content, out, jobs=1)
    for p in out.rglob("*.html"):
        html = p.read_text()
        assert "<script>alert" not in html and "<b>Bold" not in html, p
    ranking = (out / "sessions" / "x" / "index.html").read_text()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in ranking and "&lt;b&gt;Bold&lt;/b&gt; &amp; co" in ranking
    index = (out / "players" / "search-index.js").read_text()
    assert "<" not in index and "\\u003cscript\\u003e" in index


def test_output_inside_content_is_refused(tmp_path):
    content = make_content(tmp_path)
    with pytest.raises(BuildError, match="must not contain or be inside"):
        build_site(content, content / "site")


def test_cli_build_prints_a_summary(tmp_path, capsys):
    content = make_content(tmp_path)
    assert main(["build", "--content", str(content), "--output", str(tmp_path / "site"), "--jobs", "1"]) == 0
    assert capsys.readouterr().out.startswith(f"Built {tmp_path / 'site'}: 1 session from 1 upload")


def test_nothing_changed_is_a_no_op_that_still_checks_the_output(tmp_path):
    content = make_content(tmp_path)
    out = tmp_path / "site"
    first = build_site(content, out, jobs=1)
    good, stamps = snapshot(out), mtimes(out)
    again = build_site(content, out, jobs=1)
    assert (again.rendered, again.written, again.pages, again.unchanged) == (0, 0, first.pages, first.pages)
    assert mtimes(out) == stamps

    (out / "index.html").write_text("tampered")
    (out / "sessions" / "tiny" / "board-1.html").unlink()
    (out / "stray.html").write_text("not ours")
    repaired = build_site(content, out, jobs=1)
    assert repaired.written == 2 and repaired.removed == 1 and snapshot(out) == good

    # A club's own article with the name of one of ours replaces ours.
    (content / "articles").mkdir()
    (content / "articles" / "matchpoints.md").write_text(
        (packaged_articles() / "matchpoints.md").read_text() + "\nOne more line.\n"
    )
    edited = build_site(content, out, jobs=1)
    assert "One more line." in (out / "articles" / "matchpoints.html").read_text() and edited.written >= 1


def test_a_line_taken_on_trust_is_flagged_on_its_board_page_and_warned_in_the_summary(tmp_path):
    """Issue 12: a program's export whose recorded score contradicts its contract is built as recorded."""
    fixture = ROOT / "tests" / "readers" / "fixtures" / "usebio" / "slips_accepted.xml"
    content = make_content(tmp_path, {"slips.xml": fixture.read_text()})
    out = tmp_path / "site"
    report = build_site(content, out, jobs=1)
    warnings = [w for w in report.summary().splitlines() if w.startswith("warning: ")]
    assert len(warnings) == 2
    assert warnings[1].endswith(
        "slips.xml: board 2, NS 1 v EW 3: the recorded score does not match 6NT by N taking "
        "12 tricks (which scores 1440); the club's program scored -170, and so do we"
    )
    html = next(p for p in out.rglob("*.html") if "6NT by N taking 12 tricks" in p.read_text()).read_text()
    assert 'class="line-note"' in html and "the club&#39;s program scored -170" in html
    # Nothing changed: the quick path still reports the warnings.
    assert build_site(content, out, jobs=1).warnings == report.warnings


def test_an_auction_left_out_is_warned_and_noted_on_its_board_page_and_the_others_shown(tmp_path):
    """Issue 24: a wrong auction or play never blocks the results: a warning names the file,
    board and table; the board page says why; the right ones are linked from their lines."""
    fixture = ROOT / "tests" / "readers" / "fixtures" / "pbn" / "auction_play.pbn"
    content = make_content(tmp_path, {"2026-11-20-auction.pbn": fixture.read_text()})
    out = tmp_path / "site"
    report = build_site(content, out, jobs=1)
    warnings = [w for w in report.summary().splitlines() if w.startswith("warning: ")]
    assert [w.split("auction.pbn: ", 1)[1] for w in warnings] == [
        "board 3, table 1: the auction (line 115) is left out: 1D after 1S is insufficient (and not marked ^I)",
        "board 3, table 1: the play (line 117) is left out: SA is played twice, in tricks 1 and 2",
    ]
    [folder] = (out / "sessions").iterdir()
    board_3 = (folder / "board-3.html").read_text()
    assert "Table 1: the auction (line 115) is left out" in board_3 and 'class="rec"' not in board_3
    board_1 = (folder / "board-1.html").read_text()
    assert board_1.count('class="rec" href="#table-1"') == 1 and 'id="table-1"' in board_1
    assert 'id="table-2"' not in board_1  # the other table recorded no auction


def test_the_session_page_reconciles_with_the_programs_figures(tmp_path):
    """Issue 12: members never see a silent disagreement with what the club published."""
    fixture = ROOT / "tests" / "readers" / "fixtures" / "usebio" / "slips_accepted.xml"
    differs = fixture.read_text().replace("<PERCENTAGE>100.00</PERCENTAGE>", "<PERCENTAGE>90.00</PERCENTAGE>")
    content = make_content(
        tmp_path, {"slips.xml": fixture.read_text(), "differs.xml": differs.replace("Saturday Slips", "Sunday Slips")}
    )
    out = tmp_path / "site"
    build_site(content, out, jobs=1)
    pages = {p.parent.name: p.read_text() for p in out.glob("*/*/index.html")}
    agree = next(t for t in pages.values() if "<h1>Saturday Slips" in t)  # not its neighbour, which links to it
    assert "Our figures agree with EBUScore Pairs's on 20 of 20: every one." in agree
    assert "reconcile-detail" not in agree
    differ = next(t for t in pages.values() if "<h1>Sunday Slips" in t)
    assert "Our figures agree with EBUScore Pairs's on 19 of 20." in differ
    assert "<li>pair totals: no known reason: 1 figure</li>" in differ
    assert "percentage: theirs 90.00, ours 100" in differ  # the detail: theirs and ours


def test_the_reconciliation_names_the_programs_conventions_and_the_pair_page_explains_a_sitout(tmp_path):
    """Issue 12 item 11 and issue 14 item 5: the phantom Howell (our fixture) was printed with an
    average for each board sat out; the site scores with the club's options (no sit-out award),
    so 26 of 30 figures agree; the note names the program's convention and what it would give."""
    fixture = ROOT / "tests" / "fixtures" / "sitout" / "howell_phantom_scorer.xml"
    content = make_content(tmp_path, {"phantom.xml": fixture.read_text()})
    out = tmp_path / "site"
    build_site(content, out, jobs=1)
    page = next(p.read_text() for p in out.glob("*/*/index.html") if "Summer Howell with a phantom" in p.read_text())
    assert "Our figures agree with Scorer's on 26 of 30." in page
    assert "<li>pair totals: the program&#39;s conventions (an average for each board sat out): 4 figures</li>" in page
    assert (
        "Scorer's figures follow these conventions, which this site's scoring does not use: an average for each "
        "board sat out. Scored that way, 30 of 30 agree. The figures published here are scored with the club's "
        "own options."
    ) in page

    # With the club's option set, the pair page explains what pair 1 got for the board it sat out.
    site = (content / "site.yaml").read_text()
    (content / "site.yaml").write_text(site.replace("scoring:\n", "scoring:\n  sitout_policy: average\n", 1))
    build_site(content, out, jobs=1)
    pair_pages = [
        p.read_text()
        for p in out.glob("*/*/*.html")
        if "Aurora Ashdown" in p.read_text() and "Sat out 1 board" in p.read_text()
    ]
    assert pair_pages, "the pair page shows the sit-out step"
    assert (
        "Sat out 1 board: an average on each, 50% of the top of 4: 1 × 2 = 2 matchpoints; "
        "total 9.5 + 2 = 11.5 matchpoints"
    ) in pair_pages[0]
    assert "The tops of the 4 boards played and the 1 sat out add up to 20 matchpoints" in pair_pages[0]
    page = next(p.read_text() for p in out.glob("*/*/index.html") if "Summer Howell with a phantom" in p.read_text())
    assert "Our figures agree with Scorer's on 30 of 30: every one." in page


def test_the_reconciliation_searches_from_the_clubs_own_options(tmp_path):
    """This program gave an average for each board sat out *and* counted the sit-out slot in E
    (tests/scoring/test_sitout_records.py).  A club scoring with ``sitout_policy: average`` already
    uses the first: the note must name only the slot, never "an average for each board sat out"
    as a convention "this site's scoring does not use" (a search from the defaults finds both)."""
    fixture = ROOT / "tests" / "fixtures" / "sitout" / "howell_sitout_lines.xml"
    content = make_content(tmp_path, {"phantom.xml": fixture.read_text()})
    site = (content / "site.yaml").read_text()
    (content / "site.yaml").write_text(site.replace("scoring:\n", "scoring:\n  sitout_policy: average\n", 1))
    out = tmp_path / "site"
    build_site(content, out, jobs=1)
    page = next(p.read_text() for p in out.glob("*/*/index.html") if "Summer Howell with a phantom" in p.read_text())
    note = page[page.index("figures follow these conventions") :].split("</p>")[0]
    assert "a sit-out line counts as one of the board&#39;s expected results (NZ Scorer)" in note
    assert "an average for each board sat out" not in note


def test_a_warning_names_a_two_winner_fields_pairs_once_each(tmp_path):
    """Issue 24: 'NS 1 v EW 3', not 'NS 1 NS v EW 3 EW'."""
    fixture = ROOT / "tests" / "readers" / "fixtures" / "usebio" / "mitchell_compscore.xml"
    slip = fixture.read_text().replace(
        "<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><LEAD>HK</LEAD>",
        "<CONTRACT>42</CONTRACT><PLAYED_BY>N</PLAYED_BY><LEAD>HK</LEAD>",
        1,
    )
    content = make_content(tmp_path, {"mitchell.xml": slip})
    report = build_site(content, tmp_path / "site", jobs=1)
    warnings = [w for w in report.summary().splitlines() if w.startswith("warning: ")]
    assert any(
        w.endswith(
            "mitchell.xml: board 1, NS 1 v EW 1: the contract '42' cannot be read; the recorded score 420 is used"
        )
        for w in warnings
    ), warnings


def test_a_board_scored_with_missing_results_as_ties_is_explained_on_its_page(tmp_path):
    """Issue 24: the club's option (site.yaml) reaches the board page as the engine's steps: on board 3
    (2 results where 3 were expected) +450 scored 2 of a top of 2, and 1 missing result counts as a tie."""
    fixture = ROOT / "tests" / "readers" / "fixtures" / "usebio" / "short_board_ties.xml"
    content = make_content(tmp_path, {"short.xml": fixture.read_text()})
    site = content / "site.yaml"
    site.write_text(site.read_text().replace("  neuberg: true\n", "  neuberg: true\n  missing_results: ties\n"))
    out = tmp_path / "site"
    build_site(content, out, jobs=1)
    page = next(p for p in out.rglob("board-3.html")).read_text()
    assert (
        "1 result missing (2 played where 3 were expected), each counted as a tie with this result: "
        "2 + 1 × 1 = 3 of a top of 4"
    ) in page


def test_a_tie_broken_by_the_recorded_figures_is_explained_on_the_site(tmp_path):
    """Issue 24: tiebreak.pbn's NS 1 and NS 2 tie on 7 matchpoints; with tie_break: higher the
    recorded figures (5 and 3) place NS 1 first, and the pair's explanation says so."""
    fixture = ROOT / "tests" / "readers" / "fixtures" / "pbn" / "tiebreak.pbn"
    content = make_content(tmp_path, {"tiebreak.pbn": fixture.read_text()})
    site = content / "site.yaml"
    site.write_text(site.read_text().replace("  neuberg: true\n", "  neuberg: true\n  tie_break: higher\n"))
    out = tmp_path / "site"
    build_site(content, out, jobs=1)
    pages = [p.read_text() for p in out.rglob("*.html")]
    assert any(
        "the tie-break figures the club&#39;s program recorded (1 NS: 5, 2 NS: 3) decide, the higher first: place 2"
        in page
        for page in pages
    )

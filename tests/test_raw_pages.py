"""The archive benchmark's raw writer and plain Jinja generator (benchmarks/raw_pages.py, issue 27)
create exactly the build's files with the build's sizes — otherwise the comparison compares
different work.  No timing is asserted."""

from __future__ import annotations

from pathlib import Path

from benchmarks.raw_pages import list_output, page_texts, timed, write_manifests


def _tree(root: Path) -> None:
    """A tiny published site: nested folders, a page larger than its rendered texts, a page
    smaller than the template, an empty file, non-ASCII text, and hidden files left out."""
    (root / "sessions" / "2099-01-05").mkdir(parents=True)
    (root / "players").mkdir()
    (root / ".cache").mkdir()
    table = "".join(f"<tr><td>{n}</td><td>4♠ by N &amp; +1</td></tr>" for n in range(200))
    (root / "sessions" / "2099-01-05" / "board-1.html").write_text(
        f"<!DOCTYPE html><html><head><title>Board 1</title></head><body><table>{table}</table></body></html>",
        encoding="utf-8",
    )
    (root / "players" / "zoë-anders.html").write_text("<p>Zoë</p>", encoding="utf-8")
    (root / "index.html").write_text("<h1>Club</h1>" + "<p>Welcome</p>" * 40, encoding="utf-8")
    (root / "search.json").write_text('{"a": 1}', encoding="utf-8")
    (root / "empty.txt").write_bytes(b"")
    (root / ".cache" / "entry.lz4").write_bytes(b"x" * 100)
    (root / ".lock").write_bytes(b"")


def test_list_output_leaves_hidden_files_out(tmp_path: Path) -> None:
    _tree(tmp_path)
    listed = dict(list_output(tmp_path))
    assert sorted(listed) == [
        "empty.txt",
        "index.html",
        "players/zoë-anders.html",
        "search.json",
        "sessions/2099-01-05/board-1.html",
    ]
    assert listed["players/zoë-anders.html"] == len("<p>Zoë</p>".encode())  # 11: ë is two bytes


def test_page_texts_are_the_runs_between_tags() -> None:
    assert page_texts("<p>4♠ by N &amp; +1</p>\n<td> 420 </td><br>".encode()) == ["4♠ by N & +1", "420"]
    assert page_texts(b'{"a": 1}') == ['{"a": 1}']


def test_raw_writer_and_plain_generator_create_the_same_files(tmp_path: Path) -> None:
    site = tmp_path / "site"
    _tree(site)
    files = list_output(site)
    for kind in ("raw", "plain"):
        manifests = write_manifests(site, files, tmp_path / "manifests", kind, parts=2)
        assert len(manifests) == 2
        dest = tmp_path / kind
        result = timed(kind, manifests, dest, len(files))
        assert list_output(dest) == files, kind
        assert sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*") if p.is_file()) == [f for f, _ in files]
        assert result["files"] == 5
    board = (tmp_path / "plain" / "sessions" / "2099-01-05" / "board-1.html").read_bytes()
    # Rendered by the template from the page's texts, escaped again, then padded to the size.
    assert board.startswith(b"<!DOCTYPE html>")
    assert "<p>4♠ by N &amp; +1</p>".encode() in board
    assert board.endswith(b" ")
    assert (tmp_path / "raw" / "index.html").read_bytes() == bytes((site / "index.html").stat().st_size)

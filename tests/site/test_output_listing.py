"""The output folder's listing, told against the last build's manifest and made by a second
process while the build reads the cache (``writer.PendingListing``): what it keeps, that a
child's listing is the one this process would make, and that a child that fails or is not
waited for changes nothing."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from generator.parallel import started_in_background
from generator.site import writer
from generator.site.build import build_site
from generator.site.stamps import FileStamp
from generator.site.writer import Listing, PendingListing, Syncer, list_output

from .test_build import TINY, make_content, snapshot


def _folder(tmp_path: Path) -> tuple[Path, dict[str, FileStamp]]:
    """A site folder and a manifest: ``a`` as the manifest has it, ``sub/b`` changed in size,
    ``c`` unknown to it, ``gone`` not there, a hidden file."""
    root = tmp_path / "site"
    (root / "sub").mkdir(parents=True)
    for rel, text in {"a.html": "aaa", "sub/b.html": "bbbb", "c.html": "c", ".nojekyll": ""}.items():
        (root / rel).write_text(text)
    st_a, st_b = os.stat(root / "a.html"), os.stat(root / "sub" / "b.html")
    manifest = {
        "a.html": FileStamp(3, st_a.st_mtime_ns, "1" * 64),
        "sub/b.html": FileStamp(3, st_b.st_mtime_ns, "2" * 64),  # the file has 4 bytes now
        "gone.html": FileStamp(5, 1, "3" * 64),
    }
    return root, manifest


def test_the_listing_keeps_only_what_differs_from_the_manifest(tmp_path: Path) -> None:
    root, manifest = _folder(tmp_path)
    listing = list_output(root, manifest)
    st_b, st_c = os.stat(root / "sub" / "b.html"), os.stat(root / "c.html")
    assert listing.differs == {"sub/b.html": (4, st_b.st_mtime_ns), "c.html": (1, st_c.st_mtime_ns)}
    assert listing.unseen == {"gone.html"}
    assert listing.stale(manifest, frozenset()) == ["a.html", "c.html", "sub/b.html"]  # every file found
    # stale: found and not kept — the manifest's (changed or not) and the unknown; never the gone
    assert listing.stale(manifest, {"a.html"}) == ["c.html", "sub/b.html"]
    assert listing.stale(manifest, {"c.html", "sub/b.html", "gone.html"}) == ["a.html"]
    assert listing.stale(manifest, {"a.html", "c.html", "sub/b.html"}) == []
    assert listing.folders == [str(root / "sub")]  # the folders entered below the root
    assert Listing.from_bytes(listing.to_bytes()) == listing

    syncer = Syncer(root, manifest, listing)
    assert syncer.holds("a.html", "1" * 64) == manifest["a.html"]
    assert syncer.holds("a.html", "9" * 64) is None  # another page's digest
    assert syncer.holds("sub/b.html", "2" * 64) is None  # changed since the last build
    assert syncer.holds("gone.html", "3" * 64) is None and syncer.holds("c.html", "4" * 64) is None


def test_a_page_behind_a_link_to_a_folder_is_asked_of_the_disk(tmp_path: Path) -> None:
    root, manifest = _folder(tmp_path)
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "d.html").write_text("dd")
    (root / "linked").symlink_to(tmp_path / "elsewhere")
    st = os.stat(root / "linked" / "d.html")
    manifest["linked/d.html"] = FileStamp(2, st.st_mtime_ns, "5" * 64)
    listing = list_output(root, manifest)
    assert "linked/d.html" in listing.unseen  # a link to a folder is not entered
    assert Syncer(root, manifest, listing).holds("linked/d.html", "5" * 64) == manifest["linked/d.html"]


@pytest.mark.parametrize("asked", [True, False])
def test_a_childs_listing_is_the_one_this_process_makes_and_the_child_is_reaped(tmp_path: Path, asked: bool) -> None:
    """Asked for, the child's listing is this process's; not asked for (a build that failed
    first), the child is stopped.  Either way it is waited for: no process is left behind."""
    root, manifest = _folder(tmp_path)
    pending = PendingListing(root, manifest, processes=2)
    if pending._child is None:
        pytest.skip("no forked child here")
    child = pending._child.pid
    if asked:
        assert pending.result() == list_output(root, manifest)
    else:
        pending.close()
    with pytest.raises(ChildProcessError):
        os.waitpid(child, os.WNOHANG)


def test_one_process_when_asked_or_when_there_is_no_manifest(tmp_path: Path) -> None:
    root, manifest = _folder(tmp_path)
    assert PendingListing(root, manifest, processes=1)._child is None
    assert PendingListing(root, {}, processes=2)._child is None
    assert PendingListing(root, manifest, processes=1).result() == list_output(root, manifest)


def _killed(arg: object) -> bytes:
    os.kill(os.getpid(), signal.SIGKILL)
    return b""


@pytest.mark.parametrize("fault", ["killed", "raises", "garbage"])
def test_a_child_that_fails_leaves_the_listing_to_this_process(tmp_path: Path, monkeypatch, fault: str) -> None:
    root, manifest = _folder(tmp_path)

    def raises(arg: object) -> bytes:
        raise OSError("no memory")

    monkeypatch.setattr(
        writer, "_listed", {"killed": _killed, "raises": raises, "garbage": lambda arg: b'[["a"'}[fault]
    )
    pending = PendingListing(root, manifest, processes=2)
    if pending._child is None:
        pytest.skip("no forked child here")
    assert pending.result() == list_output(root, manifest)


def test_a_build_on_two_cores_repairs_the_output_as_one_on_one_core(tmp_path: Path, monkeypatch) -> None:
    """A page edited by hand, one deleted and a stray file, then an upload changed: the build
    whose listing a child made leaves exactly the site of a build from scratch."""
    content = make_content(tmp_path)
    out = tmp_path / "site"
    build_site(content, out, jobs=2)
    children = []

    def counted(fn, arg):  # type: ignore[no-untyped-def]
        child = started_in_background(fn, arg)
        children.append(child)
        return child

    monkeypatch.setattr(writer, "started_in_background", counted)
    (out / "index.html").write_text("tampered")
    (out / "sessions" / "tiny" / "board-1.html").unlink()
    (out / "stray.html").write_text("not ours")
    (content / "sessions" / "tiny.yaml").write_text(TINY.format(event="Tiny Pairs", name="Al Able", tricks=10))
    report = build_site(content, out, jobs=2)
    build_site(content, tmp_path / "fresh", jobs=1)
    assert report.removed == 1 and report.rendered == 1
    assert len(children) == 1  # the listing was made by a child (None: no fork here)
    assert snapshot(out) == snapshot(tmp_path / "fresh")

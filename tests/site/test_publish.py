"""The output's transaction (generator/site/publish.py) step by step, in one process: every
state a stopped build can leave is completed or undone to a whole site, and each step may
run twice.  tests/test_faults.py does the same with real processes and signals."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from generator.site import publish
from generator.site.publish import Transaction, recover


def _site(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in root.rglob("*")
        if p.is_file() and not any(part.startswith(".") for part in p.relative_to(root).parts)
    }


OLD = {"index.html": b"old home", "sessions/a/index.html": b"a", "sessions/gone/index.html": b"gone"}
NEW = {"index.html": b"new home", "sessions/a/index.html": b"a", "sessions/b/index.html": b"b"}


def _old_site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    for rel, data in OLD.items():
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_bytes(data)
    (site / ".gitkeep").write_bytes(b"")
    return site


def _staged(site: Path) -> Transaction:
    """The change from OLD to NEW, staged and listed, not committed."""
    txn = Transaction(site)
    txn.begin()
    txn.write("index.html", NEW["index.html"])
    txn.write("sessions/b/index.html", NEW["sessions/b/index.html"])
    txn.remove("sessions/gone/index.html")
    txn.prune(["sessions/gone", "sessions"])
    return txn


def test_a_commit_switches_the_site_and_leaves_nothing_hidden(tmp_path: Path) -> None:
    site = _old_site(tmp_path)
    _staged(site).commit()
    assert _site(site) == NEW
    assert sorted(p.name for p in site.iterdir() if p.name.startswith(".")) == [".gitkeep"]
    assert not (site / "sessions" / "gone").exists(), "a folder the change empties is removed"


def test_an_abandoned_change_leaves_the_old_site(tmp_path: Path) -> None:
    site = _old_site(tmp_path)
    _staged(site).abandon()
    assert _site(site) == OLD and not (site / ".publishing").exists()


def _committed_but_not_applied(site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A kill right after the commit marker: the journal and the marker on disk, no rename made."""
    txn = _staged(site)

    def killed(*args: object) -> None:
        raise SystemExit("killed")

    monkeypatch.setattr(publish, "_apply", killed)
    with pytest.raises(SystemExit):
        txn.commit()
    monkeypatch.undo()


def test_a_committed_journal_is_completed_and_recovery_may_run_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = _old_site(tmp_path)
    _committed_but_not_applied(site, monkeypatch)
    assert _site(site) == OLD and (site / ".publishing" / "commit").exists()
    journal = json.loads((site / ".publishing" / "journal.json").read_text())
    publish._apply(site, site / ".publishing", journal)  # applied once (then killed before the finish) ...
    assert "completed" in (recover(site) or "")  # ... and again: every step already done is skipped
    assert _site(site) == NEW and recover(site) is None


def test_a_journal_whose_commit_marker_is_missing_is_undone_even_half_applied(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Undo is what a failure during apply does; the state is made by applying then dropping the marker."""
    site = _old_site(tmp_path)
    _committed_but_not_applied(site, monkeypatch)
    root = site / ".publishing"
    journal = json.loads((root / "journal.json").read_text())
    first = journal["puts"][0][0]
    half = {**journal, "puts": journal["puts"][:1], "prune": []}
    publish._apply(site, root, half)  # the removal and one rename done
    assert (site / first).read_bytes() == NEW[first] and not (site / "sessions/gone/index.html").exists()
    os.unlink(root / "commit")
    assert "discarded" in (recover(site) or "")
    assert _site(site) == OLD and not root.exists()


def test_a_failure_while_applying_is_undone_and_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    site = _old_site(tmp_path)
    txn = _staged(site)
    real = os.replace
    calls = []

    def full(source: str, target: str) -> None:
        calls.append(target)
        if len(calls) == 2:  # the second rename into the site fails
            raise OSError(28, "No space left on device", str(target))
        real(source, target)

    monkeypatch.setattr(publish.os, "replace", full)
    with pytest.raises(publish.PublishError) as raised:
        txn.commit()
    monkeypatch.undo()
    assert raised.value.filename == str(calls[1]) and raised.value.strerror == "No space left on device"
    assert _site(site) == OLD and not (site / ".publishing").exists()
    assert not (site / "sessions" / "b").exists(), "the folders the change made are removed"


def test_a_staging_folder_without_a_journal_is_deleted(tmp_path: Path) -> None:
    site = _old_site(tmp_path)
    txn = Transaction(site)
    txn.begin()
    txn.write("index.html", b"half")
    assert "discarded" in (recover(site) or "")
    assert _site(site) == OLD and not (site / ".publishing").exists()


def test_a_write_that_fails_names_its_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """write() on a full disk says no file name: the transaction adds it."""
    site = _old_site(tmp_path)
    txn = Transaction(site)
    txn.begin()

    class Full:
        def __init__(self, *args: object) -> None:
            pass

        def __enter__(self) -> Full:
            return self

        def __exit__(self, *args: object) -> None:
            return None

        def write(self, data: bytes) -> None:
            raise OSError(28, "No space left on device")

    monkeypatch.setattr("builtins.open", Full)
    with pytest.raises(OSError) as raised:
        txn.write("players/ann.html", b"x")
    assert raised.value.filename == str(site / ".publishing" / "new" / "players" / "ann.html")


def test_a_staged_file_s_stamp_is_the_file_s_once_published(tmp_path: Path) -> None:
    """The manifest records this stamp: the next build (and the no-op check) compares the site with it."""
    site = _old_site(tmp_path)
    txn = Transaction(site)
    txn.begin()
    st = txn.write("index.html", b"x" * 100)  # smaller than the write buffer
    txn.commit()
    on_disk = os.stat(site / "index.html")
    assert (st.st_size, st.st_mtime_ns) == (on_disk.st_size, on_disk.st_mtime_ns) == (100, on_disk.st_mtime_ns)


def test_a_folder_that_cannot_be_taken_out_is_named_by_its_whole_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Undoing a change deletes the folders it put in; ``shutil.rmtree`` deletes each file by
    its name within the folder, and its error names only that ('pair-2-ns.html'): the error
    that reaches a scorer names the file by its whole path."""
    folder = tmp_path / "site" / "sessions" / "added"
    (folder / "inner").mkdir(parents=True)
    (folder / "inner" / "pair-2-ns.html").write_bytes(b"x")
    real_unlink = os.unlink

    def read_only(path, *args, **kwargs):  # type: ignore[no-untyped-def]
        if os.fspath(path).endswith("pair-2-ns.html"):
            raise OSError(30, "Read-only file system", os.fspath(path))  # as the kernel's: the name given
        return real_unlink(path, *args, **kwargs)

    monkeypatch.setattr(os, "unlink", read_only)
    with pytest.raises(OSError) as raised:
        publish._remove_folder(folder)
    assert raised.value.filename == str(folder / "inner" / "pair-2-ns.html")
    assert raised.value.strerror == "Read-only file system"

"""Phase two's switch: the output folder changes all at once, or not at all.

Everything a build writes goes first into ``OUTPUT/.publishing/new/`` (inside the output,
so on its device: every later step is a rename, which needs no space and works on Linux,
macOS and Windows, with the output a tracked folder of a club's repository or a disk of its
own).  Then a journal lists every move (``puts``) and removal (``removes``), is flushed to
disk, and a ``commit`` marker makes it binding.  Applying it renames each new file or folder
into place (a replaced file is first hard-linked into ``.publishing/old/``) and moves each
stale file into ``old/``; then the whole ``.publishing`` folder is renamed aside and deleted.

If the build dies at any moment (kill -9, a power cut after the marker was flushed), the
next command that writes the output (``build``, ``serve``) first calls ``recover``: a journal
with its marker is completed (rolled forward), one without is undone (rolled back), a staging
folder without a journal is deleted.  A failure while applying (a full disk, a read-only
subfolder) is undone at once from ``old/``.  Each step is idempotent, so recovery may itself
be cut short and run again.

During the few milliseconds of the renames (an incremental build moves tens of files) a
reader of the folder may see some pages new and some old; a build killed exactly then leaves
that mix until the next build completes it, before it reads anything.  Hidden names (the
``.publishing`` folders among them) are never pages: the build neither removes nor publishes
them.  docs/faults.md says why this design rather than a second site switched by a link.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sys
import threading
from pathlib import Path
from typing import Any

PUBLISHING = ".publishing"
"""The transaction's folder inside the output: ``new/``, ``old/``, ``journal.json``, ``commit``."""
FINISHED = ".publishing-finished"
"""A transaction that is over, renamed aside before it is deleted (never read again)."""
JOURNAL = "journal.json"
COMMIT = "commit"


def named(exc: OSError, path: str | os.PathLike[str]) -> OSError:
    """The error with the file it was about (a failed write() names none: a full disk does so)."""
    if exc.filename is not None:
        return exc
    return type(exc)(exc.errno, exc.strerror, os.fspath(path))


class PublishError(OSError):
    """The change could not be made and was undone: the site is the previous one."""


def fault_pause(point: str) -> None:
    """Test hook (tests/test_faults.py): with ``BRIDGE_RESULTS_FAULT_PAUSE=point:N`` in the
    environment the build stops here, the N-th time it passes ``point``, prints
    ``paused at point:N`` on stderr and sleeps until a signal comes.  Nothing happens otherwise.
    The points: ``upload`` (phase one, each upload done), ``stage`` (phase two, half the pages
    staged), ``journal`` (the journal written, not committed), ``apply`` (committed, nothing
    renamed), ``apply-half`` (half the renames made)."""
    wanted = os.environ.get("BRIDGE_RESULTS_FAULT_PAUSE")
    if not wanted:
        return
    name, _, count = wanted.partition(":")
    if name != point:
        return
    with _pause_lock:
        _passes[point] = _passes.get(point, 0) + 1
        n = _passes[point]
    if n == int(count or 1):
        import sys
        import time

        from .lifecycle import held

        print(f"paused at {point}:{n}", file=sys.stderr, flush=True)
        while not held():  # a signal held back (``lifecycle.shielded``) ends the pause; others raise
            time.sleep(0.05)


_pause_lock = threading.Lock()
_passes: dict[str, int] = {}


def _fsync(path: Path, folder: bool = False) -> None:
    """Flush a file (or a folder's entries, where the system allows opening one) to disk."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) if folder else os.O_RDONLY)
    except OSError:
        return  # Windows opens no folder; its renames are flushed by the system
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


class Transaction:
    """One build's change of the output folder; thread-safe while it is staged."""

    def __init__(self, output: Path):
        self.output = output
        self.root = output / PUBLISHING
        self.new = self.root / "new"
        self._puts: list[tuple[str, bool, bool]] = []
        """(site path, a file was there before, it is a whole folder)."""
        self._removes: list[str] = []
        self._prune: list[str] = []
        self._lock = threading.Lock()
        self._made: set[str] = set()
        self.committed = False

    def begin(self) -> None:
        self.new.mkdir(parents=True)

    def path(self, rel: str) -> Path:
        """Where the new file ``rel`` is staged (its folder made)."""
        target = self.new / rel
        folder = os.path.dirname(target)
        if folder not in self._made:
            os.makedirs(folder, exist_ok=True)
            with self._lock:
                self._made.add(folder)
        return target

    def write(self, rel: str, data: bytes) -> os.stat_result:
        """Stage ``data`` as the new ``rel``; its stat (the site's file keeps it: renames keep mtimes)."""
        target = self.path(rel)
        try:
            with open(target, "wb") as f:
                f.write(data)
                f.flush()  # the stat must see every byte (and the last write's mtime)
                st = os.fstat(f.fileno())
        except OSError as exc:
            raise named(exc, target) from None
        self._put(rel, False)
        return st

    def adopt(self, rel: str, source: Path, data: bytes) -> os.stat_result:
        """Stage a file already written elsewhere (a worker's staging folder): renamed when on
        this device, else written from ``data``."""
        target = self.path(rel)
        try:
            os.replace(source, target)
        except OSError:
            return self.write(rel, data)
        self._put(rel, False)
        return os.stat(target)

    def adopt_folder(self, rel: str, source: Path) -> bool:
        """Stage a whole folder the site does not have (renamed: False when that cannot be done)."""
        target = self.new / rel
        if os.path.lexists(target):
            return False
        os.makedirs(target.parent, exist_ok=True)
        try:
            os.rename(source, target)
        except OSError:  # another device: page by page
            return False
        self._put(rel, True)
        return True

    def _put(self, rel: str, folder: bool) -> None:
        existed = os.path.lexists(self.output / rel)
        with self._lock:
            self._puts.append((rel, existed, folder))

    def remove(self, rel: str) -> None:
        with self._lock:
            self._removes.append(rel)

    def prune(self, folders: list[str]) -> None:
        """Folders to delete when the change leaves them empty (deepest first)."""
        self._prune = folders

    def commit(self) -> None:
        """Write the journal and its marker, then apply it.  A failure is undone (``PublishError``)."""
        made: list[str] = []
        seen: set[str] = set()
        for rel, _, _ in self._puts:  # the site's folders the change makes, outermost first
            parts = rel.split("/")[:-1]
            for n in range(1, len(parts) + 1):
                folder = "/".join(parts[:n])
                if folder in seen:
                    continue
                seen.add(folder)
                if not os.path.isdir(self.output / folder):
                    made.append(folder)
        journal = {"puts": self._puts, "removes": self._removes, "made": made, "prune": self._prune}
        data = json.dumps(journal, ensure_ascii=False).encode("utf-8", "surrogateescape")
        for name, content in ((JOURNAL, data), (COMMIT, b"1\n")):
            if name == COMMIT:
                fault_pause("journal")
            try:
                with open(self.root / name, "wb") as f:
                    f.write(content)
                    f.flush()
                    os.fsync(f.fileno())
            except OSError as exc:
                raise named(exc, self.root / name) from None
        _fsync(self.root, folder=True)
        self.committed = True
        try:
            _apply(self.output, self.root, journal)
        except OSError as exc:
            _undo(self.output, self.root, journal)  # should this fail too, the next build's recover() does it
            _finish(self.output)
            raise PublishError(exc.errno, exc.strerror, exc.filename) from exc
        _finish(self.output)

    def abandon(self) -> None:
        """A change not committed (phase two failed or was interrupted before its journal): deleted."""
        if not self.committed:
            _finish(self.output)


def recover(output: Path) -> str | None:
    """Complete or undo what a build cut short left in ``output``; a line saying which, or None."""
    finished = output / FINISHED
    if os.path.lexists(finished):
        shutil.rmtree(finished, ignore_errors=True)
    root = output / PUBLISHING
    if not os.path.lexists(root):
        return None
    journal = _read_journal(root / JOURNAL)
    if journal is None:
        _finish(output)
        return f"discarded the unfinished staging folder {root} of a build that was stopped"
    if os.path.exists(root / COMMIT):
        try:
            _apply(output, root, journal)
        except OSError:
            _undo(output, root, journal)
            _finish(output)
            return f"undid the change a stopped build had begun in {output} (it could not be completed)"
        _finish(output)
        return f"completed the change a stopped build had begun in {output}"
    _undo(output, root, journal)
    _finish(output)
    return f"discarded the unpublished change of a build that was stopped ({root})"


def _read_journal(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(path.read_bytes().decode("utf-8", "surrogateescape"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and {"puts", "removes", "made", "prune"} <= set(data) else None


def _apply(output: Path, root: Path, journal: dict[str, Any]) -> None:
    """Stale files into ``old/``, the change's folders made, each new file or folder renamed
    into place (a file it replaces hard-linked into ``old/`` first), empty folders deleted.
    Idempotent: a step already done is skipped."""
    new, old = root / "new", root / "old"
    fault_pause("apply")
    for rel in journal["removes"]:
        site, kept = output / rel, old / rel
        if os.path.lexists(site) and not os.path.lexists(kept):
            os.makedirs(kept.parent, exist_ok=True)
            os.rename(site, kept)
    for folder in journal["made"]:
        os.makedirs(output / folder, exist_ok=True)
    for n, (rel, existed, _folder) in enumerate(journal["puts"]):
        source, site, kept = new / rel, output / rel, old / rel
        if not os.path.lexists(source):
            continue  # done
        if existed and os.path.lexists(site) and not os.path.lexists(kept):
            os.makedirs(kept.parent, exist_ok=True)
            try:
                if os.link in os.supports_follow_symlinks:  # a link in the site is kept as a link
                    os.link(site, kept, follow_symlinks=False)
                else:
                    os.link(site, kept)
            except OSError:  # no hard links here: moved aside (a moment without the file)
                os.rename(site, kept)
        os.replace(source, site)
        if n == len(journal["puts"]) // 2:
            fault_pause("apply-half")
    for folder in journal["prune"]:
        with contextlib.suppress(OSError):
            os.rmdir(output / folder)  # only when empty


def _undo(output: Path, root: Path, journal: dict[str, Any]) -> None:
    """The previous site back: each replaced or removed file from ``old/``, each new one
    taken out, the folders the change made deleted.  Idempotent."""
    new, old = root / "new", root / "old"
    for rel, existed, folder in reversed(journal["puts"]):
        source, site, kept = new / rel, output / rel, old / rel
        if os.path.lexists(kept):
            os.replace(kept, site)
        elif not existed and not os.path.lexists(source) and os.path.lexists(site):
            if folder and not os.path.islink(site):
                _remove_folder(site)
            else:
                os.unlink(site)
    for rel in journal["removes"]:
        site, kept = output / rel, old / rel
        if os.path.lexists(kept) and not os.path.lexists(site):
            os.makedirs(site.parent, exist_ok=True)
            os.rename(kept, site)
    for folder in reversed(journal["made"]):
        with contextlib.suppress(OSError):
            os.rmdir(output / folder)


def _remove_folder(folder: Path) -> None:
    """``shutil.rmtree``, whose error names the file by its whole path: its own names only the
    file within the folder it was deleting from ('pair-2-ns.html'), which tells a scorer nothing."""

    def named_error(function: object, path: str, exc: BaseException) -> None:
        if isinstance(exc, OSError):
            raise type(exc)(exc.errno, exc.strerror, path) from None
        raise exc

    if sys.version_info >= (3, 12):
        shutil.rmtree(folder, onexc=named_error)
    else:
        shutil.rmtree(folder, onerror=lambda function, path, info: named_error(function, path, info[1]))


def _finish(output: Path) -> None:
    """The transaction's folder renamed aside in one step (so it is never read half deleted), then deleted."""
    root, finished = output / PUBLISHING, output / FINISHED
    if not os.path.lexists(root):
        return
    if os.path.lexists(finished):
        shutil.rmtree(finished, ignore_errors=True)
    os.rename(root, finished)
    shutil.rmtree(finished, ignore_errors=True)

"""Phase two of a build: bring the output folder in line with the planned pages.

Only files whose bytes differ are written, so unchanged files keep their mtime; files the
build no longer produces are removed.  Hidden files (``.gitkeep``, ``.nojekyll``) are left
alone.  Nothing is written into the site directly: every new file is staged in a
``publish.Transaction`` (inside the output folder) and every removal recorded there, and the
build commits it at the end, all at once (``publish``).  Nothing here runs until every page
of the new site exists, so a failed build never touches the folder.
"""

from __future__ import annotations

import json
import os
import posixpath
import threading
from collections.abc import Callable, Iterable, Mapping, Set
from dataclasses import dataclass
from pathlib import Path

from ..parallel import Background, started_in_background
from .cache import digest
from .publish import Transaction
from .stamps import FileStamp
from .tree import entries


@dataclass
class SyncStats:
    written: int = 0
    unchanged: int = 0
    removed: int = 0


class Syncer:
    def __init__(self, output: Path, manifest: dict[str, FileStamp], listing: Listing | None = None):
        self.output = output
        self.old = manifest
        self.new: dict[str, FileStamp] = {}
        self.stats = SyncStats()
        self._lock = threading.Lock()
        # What the folder holds before anything is written: one pass over it answers both
        # "is this page still what the last build wrote" (86k of them) and "what is stale".
        self.listing = listing if listing is not None else list_output(output, manifest)
        self.txn: Transaction | None = None
        """Where this build's changes are staged (set by phase two, before anything is written)."""

    def _txn(self) -> Transaction:
        assert self.txn is not None, "phase two begins with a Transaction"
        return self.txn

    def _count(self, name: str, n: int = 1) -> None:
        with self._lock:
            setattr(self.stats, name, getattr(self.stats, name) + n)

    def current(self, path: str, sha: str) -> bool:
        """True when the file on disk is, by size and mtime, what the last build wrote with this
        digest; it is then kept, as this build's (``new``)."""
        old = self.holds(path, sha)
        if old is None:
            return False
        self.new[path] = old
        self._count("unchanged")
        return True

    def keep(self, stamps: dict[str, FileStamp]) -> None:
        """Pages found by ``holds`` to be as the last build wrote them: kept, as this build's."""
        with self._lock:
            self.new.update(stamps)
            self.stats.unchanged += len(stamps)

    def holds(self, path: str, sha: str) -> FileStamp | None:
        """The last build's stamp of the file when the file on disk is still, by size and
        mtime, what that build wrote with this digest; else None.  Records nothing."""
        old = self.old.get(path)
        if not old or old.sha != sha or path in self.listing.differs:
            return None
        if path not in self.listing.unseen:
            return old  # found by the scan with the size and mtime the last build left
        try:  # not seen by the scan (inside a symbolic link to a folder, say): ask the disk
            found = os.stat(self.output / path)
        except OSError:
            return None
        return old if found.st_size == old.size and found.st_mtime_ns == old.mtime_ns else None

    def put(self, path: str, data: bytes, sha: str | None = None) -> None:
        sha = sha or digest(data)
        target = self.output / path
        if _holds(target, data):
            self._count("unchanged")
            st = os.stat(target)
        else:
            st = self._txn().write(path, data)
            self._count("written")
        self.new[path] = FileStamp(st.st_size, st.st_mtime_ns, sha)

    def put_group(self, pages: dict[str, str], load: Callable[[], dict[str, bytes]]) -> None:
        """Pages known by digest; their bytes are loaded (once) only if one must be checked or written."""
        stale = [p for p, sha in pages.items() if not self.current(p, sha)]
        if stale:
            data = load()
            for p in stale:
                self.put(p, data[p], pages[p])

    def put_staged(
        self, staged: dict[str, FileStamp], root: Path, shared: set[str] | frozenset[str] = frozenset()
    ) -> None:
        """Pages written by a worker under ``root`` (path -> its stamp there).
        A folder the output does not have yet is renamed into place whole, unless it is in
        ``shared`` (it, or a folder inside it, holds other uploads' pages too: ``root`` is
        the staging tree of every upload); any other page is moved into place only if its
        bytes differ from the file already there."""
        moved: set[str] = set()
        for d in sorted({posixpath.dirname(p) for p in staged} - {""}, key=lambda d: (d.count("/"), d)):
            if d in shared or _under(d, moved):
                continue
            if os.path.lexists(self.output / d) or not self._txn().adopt_folder(d, root / d):
                continue  # the site has it, or another file system: page by page below
            moved.add(d)
        renamed = 0
        for p, entry in staged.items():
            if moved and _under(posixpath.dirname(p), moved):
                self.new[p] = entry
                renamed += 1
                continue
            if self.current(p, entry.sha):
                continue
            source, target = root / p, self.output / p
            data = source.read_bytes()
            if _holds(target, data):
                self._count("unchanged")
                st = os.stat(target)
            else:
                st = self._txn().adopt(p, source, data)
                self._count("written")
            self.new[p] = FileStamp(st.st_size, st.st_mtime_ns, entry.sha)
        self._count("written", renamed)

    def remove_stale(self, keep: Set[str]) -> None:
        """Remove (in the transaction) the files the folder held before this build (hidden
        ones aside) that are not in ``keep``, then the folders left empty.  What this build
        wrote is all in ``keep``."""
        txn = self._txn()
        for rel in self.listing.stale(self.old, keep):
            txn.remove(rel)
            self.stats.removed += 1
        root = str(self.output)  # the folders, deepest first: deleted if the change leaves them empty
        folders = sorted(self.listing.folders, key=lambda d: d.count(os.sep), reverse=True)
        txn.prune([Path(os.path.relpath(f, root)).as_posix() for f in folders if f != root])


@dataclass(frozen=True)
class Listing:
    """What the output folder holds, as one pass over it found it, told against the last
    build's manifest: only what differs from it is kept (after one new session of a club's
    archive, a few hundred of 128,000 files)."""

    differs: dict[str, tuple[int, int] | None]
    """Files found whose size or mtime is not the manifest's, or that it does not name:
    (size, mtime_ns), or None when they cannot be stat'ed (a broken link)."""
    unseen: frozenset[str]
    """Files the manifest names that the pass did not find: gone, or inside a symbolic link
    to a folder (not entered)."""
    folders: list[str]
    """Every folder entered (absolute paths)."""

    def stale(self, manifest: Mapping[str, FileStamp], keep: Set[str]) -> list[str]:
        """The files the pass found that are not in ``keep``, sorted — the manifest's less those
        not found, and those it does not name — in set operations (128,000 files after one new
        session, a handful of them stale)."""
        gone = (manifest.keys() - keep) - self.unseen
        return sorted(gone.union(p for p in self.differs if p not in keep))

    def to_bytes(self) -> bytes:
        return json.dumps([list(self.differs.items()), sorted(self.unseen), self.folders]).encode()

    @classmethod
    def from_bytes(cls, data: bytes) -> Listing:
        differs, unseen, folders = json.loads(data)
        return cls({p: None if st is None else (st[0], st[1]) for p, st in differs}, frozenset(unseen), folders)


def list_output(root: Path, manifest: Mapping[str, FileStamp]) -> Listing:
    """One pass over the output folder (``_scan``), told against ``manifest``."""
    if not manifest and not root.is_dir():
        return Listing({}, frozenset(), [])
    found, folders = _scan(root)
    differs: dict[str, tuple[int, int] | None] = {}
    for rel, st in found.items():
        old = manifest.get(rel)
        if old is None or st is None or st[0] != old.size or st[1] != old.mtime_ns:
            differs[rel] = st
    return Listing(differs, frozenset(p for p in manifest if p not in found), folders)


class PendingListing:
    """The output's listing (``list_output``), started now in a forked child
    (``parallel.started_in_background``) when the last build left a manifest, the build may
    use two processes and a child can be had: the 128,000 stats of a club's archive are then
    taken on a second core while this process reads the cache index and renders the new
    uploads.  Else, or when the child failed (killed, out of memory), the listing is made
    here when asked for."""

    def __init__(self, root: Path, manifest: dict[str, FileStamp], processes: int):
        self._root, self._manifest = root, manifest
        self._child: Background | None = None
        if manifest and processes >= 2:  # (``--jobs 1``: one process, as asked)
            self._child = started_in_background(_listed, (root, manifest))

    def result(self) -> Listing:
        child, self._child = self._child, None
        data = child.wait() if child is not None else None
        if data is not None:
            try:
                return Listing.from_bytes(data)
            except (ValueError, TypeError):  # cut short, say: made again here
                pass
        return list_output(self._root, self._manifest)

    def close(self) -> None:
        """Stops the child if its listing was not asked for (a build that failed first)."""
        child, self._child = self._child, None
        if child is not None:
            child.wait(stop=True)


def _listed(arg: tuple[Path, dict[str, FileStamp]]) -> bytes:
    return list_output(*arg).to_bytes()


def _scan(root: Path) -> tuple[dict[str, tuple[int, int] | None], list[str]]:
    """Every file under ``root`` as POSIX path -> (size, mtime_ns), or None when it cannot be
    stat'ed (a broken link), and every folder entered.  Like ``os.walk``: names starting with
    '.' are skipped and symbolic links to folders are not entered."""
    files: dict[str, tuple[int, int] | None] = {}
    folders: list[str] = []
    for rel, e, is_folder in entries(root, enter_links=False):
        if is_folder:
            folders.append(e.path)
            continue
        try:
            st = e.stat()
            files[rel] = (st.st_size, st.st_mtime_ns)
        except OSError:
            files[rel] = None
    return files, folders


def shared_folders(groups: Mapping[str, Iterable[str]]) -> set[str]:
    """The folders (and their parents) that pages of more than one group are in.

    A group is what one writer thread puts in the site at once (an upload's staged pages, a
    cached upload's, the cross-session pages).  Such a folder must never be renamed into
    place whole: another thread may have just made it and be creating a file in it, which
    fails once the folder it looked up is replaced."""
    owner: dict[str, str] = {}
    shared: set[str] = set()
    for key, pages in groups.items():
        for folder in {p.rpartition("/")[0] for p in pages}:  # posixpath.dirname of a site path, quicker
            while folder:
                if owner.setdefault(folder, key) != key:
                    shared.add(folder)
                folder = posixpath.dirname(folder)
    return shared


def _under(folder: str, moved: set[str]) -> bool:
    """True when ``folder`` is one of ``moved`` or inside one."""
    while folder:
        if folder in moved:
            return True
        folder = posixpath.dirname(folder)
    return False


def _holds(target: Path, data: bytes) -> bool:
    """True when the file already has exactly these bytes (so it keeps its modification time)."""
    try:
        return target.read_bytes() == data
    except OSError:
        return False

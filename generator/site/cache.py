"""The build cache under ``.cache/site/``: rendered pages per upload, keyed by content.

A session's pages depend only on the upload's bytes, its slug, the site settings, the
article list, the templates and the generator's code, so a hash of those is the key:
an unchanged upload is neither read, scored nor rendered again.  Stored as JSON and
plain bytes (LZ4 frames with a content checksum: a quarter of zlib's CPU at its fastest
level, for entries a sixth larger), never pickle, so a stale or foreign cache cannot run code.

Nothing in it is trusted blindly (``sealed.py``): each index line, the stamps and the
manifests carry a checksum of what they hold and of what they were made from; an entry
names its key and each page's digest, checked on loading.  Damage is a warning and the
item is made again.  An upload's digest is reused without reading the file only while its
size, modification time, change time and inode are all unchanged (``file_digest``).
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

import lz4.frame

from .. import sealed
from ..files import write_atomic
from .stamps import FileStamp, SourceStamp, stamps_from_bytes, stamps_from_json, stamps_to_bytes

if TYPE_CHECKING:
    from .summary import SessionSummary

FORMAT = "site-cache-5"
"""Bumped when a cache file's layout changes: a cache of another format is ignored, never misread."""
ENTRY_MAGIC = b"site-pages-4\n"
GENERATOR_ROOT = Path(__file__).resolve().parents[1]
CHUNK = 1 << 20
RACY_NS = 2_000_000_000
"""A file changed this recently (2 s: coarse file-system clocks) may change again within the
same clock tick without its times showing it: its digest is not remembered (read next time)."""
TRUST_STAT = os.name != "nt"
"""Windows reports the creation time as ``st_ctime``, not the change time: every upload is
read and hashed there (a few hundred KB each: milliseconds)."""


class IndexEntry(TypedDict):
    """What the index keeps of one upload's rendering, by its cache key."""

    summaries: list[SessionSummary]
    """One per session of the upload, for the cross-session pages."""
    pages: dict[str, str]
    """Each page's site path -> the SHA-256 of its bytes (the bytes are in the entry file)."""


class EventEntry(TypedDict):
    """An event of several sessions as the last build ranked it (its pages are the entry file)."""

    key: str
    """A digest of the event file, its sessions' uploads' cache keys and what every page depends on."""
    listed: dict[str, Any]
    """What the home page lists of it."""


class CacheIndex(TypedDict):
    format: str
    keys: dict[str, IndexEntry]
    archive: NotRequired[dict[str, list[str]]]
    """Each cross-session page: [digest of its context, digest of its bytes]."""
    events: NotRequired[dict[str, EventEntry]]
    """Each event file (by its path under the sessions folder) the last build ranked."""


class TooLarge(Exception):
    """An upload over the size cap: refused before it is read."""

    def __init__(self, size: int):
        super().__init__(size)
        self.size = size


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def tree_digest(root: Path, pattern: str = "**/*") -> str:
    """One hash over every file's relative path and bytes (sorted: deterministic)."""
    h = hashlib.sha256()
    if root.is_dir():
        for p in sorted(root.glob(pattern)):
            if p.is_file() and "__pycache__" not in p.parts:
                h.update(p.relative_to(root).as_posix().encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()


def code_version(root: Path = GENERATOR_ROOT) -> str:
    """The generator's code, the articles it ships (they are on every site) and the
    double-dummy solver's version ('none' without it: the board pages differ)."""
    from ..analysis.solver import solver_version

    return digest(
        (tree_digest(root, "**/*.py") + tree_digest(root / "articles", "**/*.md") + solver_version()).encode()
    )


def code_stamp(root: Path = GENERATOR_ROOT) -> str:
    """The code ``code_version`` digests, as the check that nothing changed knows it: each
    file's path, size, modification and change times and inode — as it knows the uploads —
    rather than its bytes (hashing them all cost some 20 ms of a 0.2 s no-op build).  A file
    written since has another change time.  Where the times cannot be trusted (Windows), or
    a file changed in the last two seconds (it may change again within the same tick), the
    bytes themselves: ``code_version``."""
    from ..analysis.solver import solver_version

    if not TRUST_STAT:
        return code_version(root)
    recent = time.time_ns() - RACY_NS
    rows = []
    articles = os.path.join(root, "articles", "")
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py") or (name.endswith(".md") and os.path.join(folder, "").startswith(articles)):
                st = os.stat(os.path.join(folder, name))
                if max(st.st_mtime_ns, st.st_ctime_ns) >= recent:
                    return code_version(root)
                rows.append(f"{folder}/{name}\0{st.st_size}\0{st.st_mtime_ns}\0{st.st_ctime_ns}\0{st.st_ino}\n")
    return digest(("".join(rows) + solver_version()).encode("utf-8", "surrogateescape"))


class Cache:
    def __init__(self, root: Path):
        self.root = root
        self.entries = root / "entries"
        self._index_lines: dict[str, tuple[object, bytes]] = {}
        """Each upload's index line as ``load_index`` read it, with the entry it made: saved
        again as read while the build keeps that entry (an upload's entry is replaced, never
        changed in place), instead of writing 35 MB of JSON anew for one new session."""

    # --- file digests, skipping unchanged files by their status --------------------------
    def load_stamps(self) -> dict[str, SourceStamp]:
        """Each upload's last known stamp, by resolved path (empty for another format or damage)."""
        data = sealed.read_json(self.root / "stamps.json", f"stamps-{FORMAT}", "")
        return stamps_from_json(data, SourceStamp)

    def file_digest(self, path: Path, stamps: dict[str, SourceStamp], max_bytes: int) -> tuple[str, bool]:
        """(sha256 of the file, whether it was read), the size checked first: a file over
        ``max_bytes`` raises ``TooLarge`` before a byte of it is read, and one that grows
        while it is read stops the reading there.  A file whose size, modification time,
        change time and inode are what they were when it was last hashed is not read; the
        change time moves on every write (``touch -r`` and copies that keep the times
        included), so same size and same mtime with other bytes is read and hashed.  Hashed
        in chunks, so memory stays small whatever the size.  The worker that renders the
        upload hashes the bytes it reads again: that digest, not this one, keys its pages."""
        st = os.stat(path)
        if st.st_size > max_bytes:
            raise TooLarge(st.st_size)
        key = str(path.resolve())
        old = stamps.get(key)
        if TRUST_STAT and old and old[:4] == (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino):
            return old.sha, False
        started = time.time_ns()
        h = hashlib.sha256()
        total = 0
        with open(path, "rb") as f:
            while chunk := f.read(min(CHUNK, max_bytes + 1 - total)):
                total += len(chunk)
                if total > max_bytes:
                    raise TooLarge(total)
                h.update(chunk)
            after = os.fstat(f.fileno())
        d = h.hexdigest()
        stamp = SourceStamp(st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, d)
        if (
            stamp[:4] == (after.st_size, after.st_mtime_ns, after.st_ctime_ns, after.st_ino)
            and max(st.st_ctime_ns, st.st_mtime_ns) < started - RACY_NS
        ):
            stamps[key] = stamp
        else:  # changed while read, or too recently to tell a later change by its times
            stamps.pop(key, None)
        return d, True

    def save_stamps(self, stamps: dict[str, SourceStamp]) -> None:
        write_atomic(self.root / "stamps.json", sealed.json_bytes(f"stamps-{FORMAT}", "", stamps))

    # --- session entries -------------------------------------------------------------
    def entry_path(self, key: str) -> Path:
        return self.entries / f"{key}.pages.lz4"

    def has(self, key: str) -> bool:
        return self.entry_path(key).exists()

    def store(self, key: str, pages: dict[str, bytes], shas: dict[str, str] | None = None) -> None:
        """One entry: a magic line, a JSON head (its key, and each page's path, length and
        SHA-256: ``shas`` when the caller has them), then the pages' bytes back to back (no
        decoding and JSON-escaping of ~1 MB of HTML per upload)."""
        paths = sorted(pages)
        shas = shas or {p: digest(pages[p]) for p in paths}
        head = json.dumps(
            {"key": key, "pages": [[p, len(pages[p]), shas[p]] for p in paths]}, separators=(",", ":")
        ).encode("utf-8")
        blob = b"".join([ENTRY_MAGIC, len(head).to_bytes(8, "big"), head] + [pages[p] for p in paths])
        # The checksum makes a damaged entry an error on loading, never pages published wrong.
        write_atomic(self.entry_path(key), lz4.frame.compress(blob, content_checksum=True))

    def load(self, key: str, expect: dict[str, str] | None = None) -> dict[str, bytes]:
        """The pages stored under ``key``; a ValueError when the entry is damaged, is not one,
        was made for another key, or (``expect``: each page's digest, from the index) holds
        other pages.  Every page's bytes are checked against their digest."""
        where = self.entry_path(key)
        try:
            blob = lz4.frame.decompress(where.read_bytes())
        except RuntimeError as exc:  # lz4's error for a bad frame or checksum
            raise ValueError(f"{where} is damaged ({exc})") from None
        if not blob.startswith(ENTRY_MAGIC):
            raise ValueError(f"{where} is not a cache entry of this version")
        at = len(ENTRY_MAGIC) + 8
        end = at + int.from_bytes(blob[at - 8 : at], "big")
        try:
            head = json.loads(blob[at:end])
            made_for, listed = head["key"], head["pages"]
        except (ValueError, TypeError, KeyError) as exc:
            raise ValueError(f"{where} is damaged ({exc})") from None
        if made_for != key:
            raise ValueError(f"{where} holds the pages of another key")
        pages = {}
        for path, size, sha in listed:
            data = blob[end : end + size]
            if len(data) != size or digest(data) != sha or (expect is not None and expect.get(path) != sha):
                raise ValueError(f"{where}: {path} is not the page its digest names")
            pages[path] = data
            end += size
        if end != len(blob) or (expect is not None and len(pages) != len(expect)):
            raise ValueError(f"{where} is truncated, too long, or not the pages its index names")
        return pages

    def prune(self, keep: set[str]) -> None:
        """Remove every entry but the kept keys' (older formats' files too)."""
        if not self.entries.is_dir():
            return
        wanted = {self.entry_path(k).name for k in keep}
        for p in self.entries.iterdir():
            if p.name not in wanted and not p.name.startswith(".") and p.is_file():
                p.unlink(missing_ok=True)

    # --- the index: per key, the summaries and each page's digest ----------------------
    def load_index(self) -> CacheIndex:
        """The index, each line checked against its checksum: a damaged line is dropped (its
        upload is rendered again, its archive pages or events made again) with a warning."""
        index: CacheIndex = {"format": FORMAT, "keys": {}}
        self._index_lines = {}
        path = self.root / "index.json"
        try:
            raw = path.read_bytes()
        except OSError:
            return index
        lines = raw.split(b"\n")
        if lines[0] != INDEX_HEAD:
            if not raw.startswith((b"{", INDEX_HEAD[:-1])):
                sealed.damaged(path, "it is empty, cut short or not an index")  # not an older version's
            return index
        count = 0
        for n, line in enumerate(lines[1:], start=2):
            if not line:
                continue
            sum_, _, payload = line.partition(b" ")
            if sum_ != _line_sum(payload).encode():
                sealed.damaged(f"{path} (line {n})", "its checksum does not match what it holds")
                continue
            tag, _, rest = payload.partition(b" ")
            if tag == b"K":
                key, _, data = rest.partition(b" ")
                entry = index["keys"][key.decode()] = json.loads(data)
                self._index_lines[key.decode()] = (entry, line)
            elif tag == b"A":
                index["archive"] = json.loads(rest)
            elif tag == b"E":
                index["events"] = json.loads(rest)
            elif tag == b"N":
                count = int(rest)
        if count != len(lines) - 3:  # the head, the count and the last newline aside
            sealed.damaged(path, "it is cut short")
        return index

    def drop_index(self) -> None:
        """Forget every upload's and page's digest: the next build renders everything again."""
        (self.root / "index.json").unlink(missing_ok=True)

    def save_index(self, index: CacheIndex) -> None:
        """One line per upload key (its summaries and page digests), one for the archive's
        page digests, one for the events, then the count: each line with its checksum."""
        lines = [INDEX_HEAD]
        for key, entry in sorted(index["keys"].items()):
            read = self._index_lines.get(key)
            lines.append(
                read[1]
                if read is not None and read[0] is entry
                else _index_line(b"K " + key.encode() + b" " + _json(entry))
            )
        if "archive" in index:
            lines.append(_index_line(b"A " + _json(index["archive"])))
        if "events" in index:
            lines.append(_index_line(b"E " + _json(index["events"])))
        lines.append(_index_line(b"N " + str(len(lines) - 1).encode()))
        write_atomic(self.root / "index.json", b"\n".join(lines) + b"\n")

    # --- what the last build left in each output folder -------------------------------
    def manifest_path(self, output: Path) -> Path:
        name = digest(str(output.resolve()).encode("utf-8", "surrogateescape"))[:16]
        return self.root / f"manifest-{name}.json"

    def load_manifest(self, output: Path) -> dict[str, FileStamp]:
        body = sealed.read(self.manifest_path(output), MANIFEST, str(output.resolve()))
        return {} if body is None else stamps_from_bytes(body)

    def save_manifest(self, output: Path, files: dict[str, FileStamp]) -> None:
        body = stamps_to_bytes(files)
        write_atomic(self.manifest_path(output), sealed.seal(MANIFEST, str(output.resolve()), body))


INDEX_HEAD = f"sealed-index {FORMAT}".encode()
MANIFEST = f"manifest-{FORMAT}.2"
"""The manifest's kind: ``.2`` its stamps in binary columns (``stamps_to_bytes``; a manifest
of a format before it is ignored quietly, as another version's, and the output compared by
its bytes once)."""


def _json(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":")).encode("utf-8")


def _index_line(payload: bytes) -> bytes:
    """A line of the index: its checksum, then what it holds."""
    return _line_sum(payload).encode() + b" " + payload


def _line_sum(payload: bytes) -> str:
    return sealed.checksum(f"index-{FORMAT}", "", payload)

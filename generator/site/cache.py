"""The build cache under ``.cache/site/``: rendered pages per upload, keyed by content.

A session's pages depend only on the upload's bytes, its slug, the site settings, the
article list, the templates and the generator's code, so a hash of those is the key:
an unchanged upload is neither read, scored nor rendered again.  Stored as JSON and
plain bytes (LZ4 frames with a content checksum: a quarter of zlib's CPU at its fastest
level, for entries a sixth larger), never pickle, so a stale or foreign cache cannot run code.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

import lz4.frame

from .stamps import FileStamp, stamps_from_json

if TYPE_CHECKING:
    from .summary import SessionSummary

FORMAT = "site-cache-4"
"""Bumped when a cache file's layout changes: a cache of another format is ignored, never misread."""
ENTRY_MAGIC = b"site-pages-3\n"
GENERATOR_ROOT = Path(__file__).resolve().parents[1]
CHUNK = 1 << 20


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


def code_version() -> str:
    """The generator's code, the articles it ships (they are on every site) and the
    double-dummy solver's version ('none' without it: the board pages differ)."""
    from ..analysis.double_dummy import solver_version

    return digest(
        (
            tree_digest(GENERATOR_ROOT, "**/*.py") + tree_digest(GENERATOR_ROOT / "articles", "*.md") + solver_version()
        ).encode()
    )


def write_atomic(path: Path, data: bytes) -> None:
    """Replace a file in one step (a temporary file, then a rename); a new file is written directly."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            with open(path, "xb") as f:
                f.write(data)
            return
        except FileExistsError:
            pass
        except BaseException:
            path.unlink(missing_ok=True)
            raise
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=path.suffix)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_bytes())
    except (OSError, ValueError):
        return None


def write_json(path: Path, data: Any) -> None:
    write_atomic(path, json.dumps(data, sort_keys=True, separators=(",", ":")).encode("utf-8"))


class Cache:
    def __init__(self, root: Path):
        self.root = root
        self.entries = root / "entries"

    # --- file digests, skipping unchanged files by (size, mtime) ------------------------
    def load_stamps(self) -> dict[str, FileStamp]:
        """Each upload's last known stamp, by resolved path (empty for another format)."""
        data = read_json(self.root / "stamps.json")
        if not (isinstance(data, dict) and data.get("format") == FORMAT and isinstance(data.get("files"), dict)):
            return {}
        return stamps_from_json(data["files"])

    def file_digest(self, path: Path, stamps: dict[str, FileStamp], max_bytes: int) -> tuple[str, bool]:
        """(sha256 of the file, whether it was read), the size checked first: a file over
        ``max_bytes`` raises ``TooLarge`` before a byte of it is read, and one that grows
        while it is read stops the reading there.  Unchanged files (by size and mtime) are
        not read at all.  Hashed in chunks, so memory stays small whatever the size."""
        st = os.stat(path)
        if st.st_size > max_bytes:
            raise TooLarge(st.st_size)
        key = str(path.resolve())
        old = stamps.get(key)
        if old and old.size == st.st_size and old.mtime_ns == st.st_mtime_ns:
            return old.sha, False
        h = hashlib.sha256()
        total = 0
        with open(path, "rb") as f:
            while chunk := f.read(min(CHUNK, max_bytes + 1 - total)):
                total += len(chunk)
                if total > max_bytes:
                    raise TooLarge(total)
                h.update(chunk)
        d = h.hexdigest()
        stamps[key] = FileStamp(st.st_size, st.st_mtime_ns, d)
        return d, True

    def save_stamps(self, stamps: dict[str, FileStamp]) -> None:
        write_json(self.root / "stamps.json", {"format": FORMAT, "files": stamps})

    # --- session entries -------------------------------------------------------------
    def entry_path(self, key: str) -> Path:
        return self.entries / f"{key}.pages.lz4"

    def has(self, key: str) -> bool:
        return self.entry_path(key).exists()

    def store(self, key: str, pages: dict[str, bytes]) -> None:
        """One entry: a magic line, the JSON list of [path, length], then the pages' bytes
        back to back (no decoding and JSON-escaping of ~1 MB of HTML per upload)."""
        paths = sorted(pages)
        head = json.dumps([[p, len(pages[p])] for p in paths], separators=(",", ":")).encode("utf-8")
        blob = b"".join([ENTRY_MAGIC, len(head).to_bytes(8, "big"), head] + [pages[p] for p in paths])
        # The checksum makes a damaged entry an error on loading, never pages published wrong.
        write_atomic(self.entry_path(key), lz4.frame.compress(blob, content_checksum=True))

    def load(self, key: str) -> dict[str, bytes]:
        """The pages stored under ``key``; a ValueError when the entry is damaged or not one."""
        try:
            blob = lz4.frame.decompress(self.entry_path(key).read_bytes())
        except RuntimeError as exc:  # lz4's error for a bad frame or checksum
            raise ValueError(f"{self.entry_path(key)} is damaged ({exc})") from None
        if not blob.startswith(ENTRY_MAGIC):
            raise ValueError(f"{self.entry_path(key)} is not a cache entry")
        at = len(ENTRY_MAGIC) + 8
        end = at + int.from_bytes(blob[at - 8 : at], "big")
        pages = {}
        for path, size in json.loads(blob[at:end]):
            pages[path] = blob[end : end + size]
            end += size
        if end != len(blob):
            raise ValueError(f"{self.entry_path(key)} is truncated or too long")
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
        data = read_json(self.root / "index.json")
        if isinstance(data, dict) and data.get("format") == FORMAT and isinstance(data.get("keys"), dict):
            return data  # type: ignore[return-value]  # written by save_index, of this format
        return {"format": FORMAT, "keys": {}}

    def save_index(self, index: CacheIndex) -> None:
        write_json(self.root / "index.json", index)

    # --- what the last build left in each output folder -------------------------------
    def manifest_path(self, output: Path) -> Path:
        return self.root / f"manifest-{digest(str(output.resolve()).encode())[:16]}.json"

    def load_manifest(self, output: Path) -> dict[str, FileStamp]:
        data = read_json(self.manifest_path(output))
        return stamps_from_json(data.get("files")) if isinstance(data, dict) and data.get("format") == FORMAT else {}

    def save_manifest(self, output: Path, files: dict[str, FileStamp]) -> None:
        write_json(self.manifest_path(output), {"format": FORMAT, "files": files})

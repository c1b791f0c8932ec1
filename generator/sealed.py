"""Cache files that carry a checksum of what they hold and of what they were made from.

Every cached item that can reach a page (the index's lines, the upload stamps, the output
manifest, the no-op build's record, double-dummy results, history) is written by ``seal``
and read back by ``unseal``.  The checksum covers the kind of item (its format: another
version of the program writes another), what it was made from (a cache key, a deal, the
output folder) and every byte of the body, so a flipped bit, a cut or emptied file, or
another item's file put in its place is found on reading.  Such an item is dropped with a
warning (``take_warnings``: the build's summary repeats them) and made again; it is never
read as if it were sound.  A file of another format is ignored quietly: that is an upgrade,
not damage.  SHA-256 over the raw bytes (no second JSON encoding to check them): a few
milliseconds for the index of a thousand uploads.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any

MAGIC = b"sealed "
_warnings: list[str] = []
_lock = threading.Lock()


def checksum(kind: str, made_from: str, body: bytes) -> str:
    h = hashlib.sha256(f"{kind}\0{made_from}\0".encode("utf-8", "surrogateescape"))
    h.update(body)
    return h.hexdigest()


def seal(kind: str, made_from: str, body: bytes) -> bytes:
    """``sealed KIND CHECKSUM`` on the first line, then the body as it is."""
    return MAGIC + f"{kind} {checksum(kind, made_from, body)}\n".encode() + body


def unseal(path: Path, raw: bytes, kind: str, made_from: str) -> bytes | None:
    """The body, or None: quietly for a file of another version of the format (an older or
    newer program; a JSON cache from before the checksums), with a warning for damage."""
    if not raw:
        damaged(path, "it is empty")
        return None
    if raw.startswith(b"{"):
        return None  # a cache from before the checksums: ignored, never misread
    end = raw.find(b"\n")
    head = raw[:end].split(b" ") if end > 0 else []
    if len(head) != 3 or head[0] + b" " != MAGIC:
        damaged(path, "it is cut short or is not a cache file")
        return None
    if head[1] != kind.encode():
        if head[1].rpartition(b"-")[0] == kind.encode().rpartition(b"-")[0]:
            return None  # the same item in another version's format: ignored
        damaged(path, f"it is not a {kind} file")
        return None
    body = raw[end + 1 :]
    if head[2] != checksum(kind, made_from, body).encode():
        damaged(path, "its checksum does not match what it holds and what it was made from")
        return None
    return body


def damaged(path: Path | str, why: str) -> None:
    """Record that a cache file (or a part of one) was damaged and is made again."""
    with _lock:
        _warnings.append(f"the build cache's {path} was not used, because {why}: it is made again")


def add_warnings(found: Iterable[str]) -> None:
    """Damage a worker process found and handed back."""
    with _lock:
        _warnings.extend(found)


def take_warnings() -> list[str]:
    """The damage found so far in this process, emptied (a worker hands its own back)."""
    with _lock:
        out = list(dict.fromkeys(_warnings))
        _warnings.clear()
    return out


def read(path: Path, kind: str, made_from: str) -> bytes | None:
    """A sealed file's body; None when missing or unreadable, of another format or damaged."""
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    return unseal(path, raw, kind, made_from)


def read_json(path: Path, kind: str, made_from: str) -> Any:
    """A sealed JSON file's data; None when missing, of another format or damaged."""
    body = read(path, kind, made_from)
    if body is None:
        return None
    try:
        return json.loads(body)
    except ValueError:  # sealed, so written so: only a bug could bring this here
        damaged(path, "it is not JSON")
        return None


def json_bytes(kind: str, made_from: str, data: Any, sort: bool = True) -> bytes:
    """``data`` as compact JSON, sealed; ``sort``: maps' keys sorted (not needed, nor paid
    for, where the data holds no map or is in order already)."""
    return seal(kind, made_from, json.dumps(data, sort_keys=sort, separators=(",", ":")).encode("utf-8"))

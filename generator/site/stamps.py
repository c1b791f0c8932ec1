"""What the build remembers of a file: its size, its modification time and its digest.

Two places keep these (each output folder's manifest, and the pages a worker staged); both
store them as a JSON list ``[size, mtime_ns, sha256]``, which a ``FileStamp`` (a tuple) writes
as it is.  The uploads' digests in ``stamps.json`` are ``SourceStamp``s: a size and a
modification time can be kept by a file whose bytes changed (an editor, ``git checkout``,
``touch -r``, a copy that keeps the times), so they are kept with the change time and the
inode, which no such write keeps.
"""

from __future__ import annotations

from typing import Any, NamedTuple, TypeVar


class FileStamp(NamedTuple):
    size: int
    mtime_ns: int
    sha: str
    """The SHA-256 of the bytes, in hex."""

    @classmethod
    def from_json(cls, value: Any) -> FileStamp | None:
        """A stamp read back from a cache file, or None when it is not one (an older or
        foreign cache): such an entry is ignored, never misread."""
        if (
            type(value) is list
            and len(value) == 3
            and type(value[0]) is int
            and type(value[1]) is int
            and type(value[2]) is str
        ):
            return cls(*value)
        return None


class SourceStamp(NamedTuple):
    """An upload's digest and the file status it was read under: reused only while the file
    has the same size, modification time, change time and inode (``Cache.file_digest``)."""

    size: int
    mtime_ns: int
    ctime_ns: int
    """The status change time: set by the system on every write, rename or ``touch -r``."""
    ino: int
    sha: str

    @classmethod
    def from_json(cls, value: Any) -> SourceStamp | None:
        if type(value) is list and len(value) == 5 and all(type(v) is int for v in value[:4]) and type(value[4]) is str:
            return cls(*value)
        return None


S = TypeVar("S", FileStamp, SourceStamp)


def stamps_from_json(data: Any, kind: type[S] = FileStamp) -> dict[str, S]:  # type: ignore[assignment]  # (mypy: a TypeVar's default argument)
    """A ``{path: stamp}`` map read back from a cache file; an entry that is not a stamp
    empties the whole map (the cache is then rebuilt, never half trusted)."""
    if not isinstance(data, dict):
        return {}
    out: dict[str, S] = {}
    for path, value in data.items():
        stamp = kind.from_json(value)
        if stamp is None:
            return {}
        out[path] = stamp
    return out

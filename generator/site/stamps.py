"""What the build remembers of a file: its size, its modification time and its digest.

Two places keep these: the pages a worker staged, each stamp as a JSON list ``[size,
mtime_ns, sha256]``, which a ``FileStamp`` (a tuple) writes as it is; and each output folder's
manifest, in binary columns (``stamps_to_bytes``: a club's archive has 128,000 of them).  The
uploads' digests in ``stamps.json`` are ``SourceStamp``s: a size and a modification time can be
kept by a file whose bytes changed (an editor, ``git checkout``, ``touch -r``, a copy that keeps
the times), so they are kept with the change time and the inode, which no such write keeps.
"""

from __future__ import annotations

import sys
from array import array
from functools import partial
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


def stamps_to_bytes(stamps: dict[str, FileStamp]) -> bytes:
    """A ``{path: stamp}`` map as the output's manifest keeps it (a club's archive has 128,000
    stamps): a line with the count and two lengths, the paths (sorted) joined by NUL, the
    sizes and the mtimes as little-endian 64-bit integers, the digests joined by NUL (no file
    name holds a NUL).  Read and written in about half the time of the same columns in JSON."""
    paths = sorted(stamps)
    sizes, mtimes, shas = zip(*map(stamps.__getitem__, paths)) if paths else ((), (), ())
    names = "\0".join(paths).encode("utf-8", "surrogateescape")
    digests = "\0".join(shas).encode("ascii")
    return b"".join(
        [f"{len(paths)} {len(names)} {len(digests)}\n".encode(), names, _int64s(sizes), _int64s(mtimes), digests]
    )


def stamps_from_bytes(body: bytes) -> dict[str, FileStamp]:
    """``stamps_to_bytes`` read back; anything else (an older or damaged manifest) gives an
    empty map: the output's files are then compared by their bytes, never half trusted."""
    head, _, rest = body.partition(b"\n")
    try:
        count, names_size, digests_size = (int(n) for n in head.split(b" "))
        if min(count, names_size, digests_size) < 0 or len(rest) != names_size + 16 * count + digests_size:
            return {}
        at = names_size + 8 * count
        sizes, mtimes = array("q", rest[names_size:at]), array("q", rest[at : at + 8 * count])
        if sys.byteorder == "big":
            sizes.byteswap()
            mtimes.byteswap()
        paths = rest[:names_size].decode("utf-8", "surrogateescape").split("\0") if count else []
        shas = rest[at + 8 * count :].decode("ascii").split("\0") if count else []
    except ValueError:  # not three numbers, or not text where text was written
        return {}
    if len(paths) != count or len(shas) != count:
        return {}
    return dict(zip(paths, map(_file_stamp, zip(sizes.tolist(), mtimes.tolist(), shas))))


_file_stamp = partial(tuple.__new__, FileStamp)
"""``FileStamp._make`` without its Python-level checks: 128,000 of them on every build."""


def _int64s(values: tuple[int, ...]) -> bytes:
    numbers = array("q", values)
    if sys.byteorder == "big":
        numbers.byteswap()
    return numbers.tobytes()


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

"""What the build remembers of a file: its size, its modification time and its digest.

Three places keep these (the upload digests in ``stamps.json``, each output folder's
manifest, and the pages a worker staged); all three store them as a JSON list
``[size, mtime_ns, sha256]``, which a ``FileStamp`` (a tuple) writes as it is.
"""

from __future__ import annotations

from typing import Any, NamedTuple


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


def stamps_from_json(data: Any) -> dict[str, FileStamp]:
    """A ``{path: stamp}`` map read back from a cache file; an entry that is not a stamp
    empties the whole map (the cache is then rebuilt, never half trusted)."""
    if not isinstance(data, dict):
        return {}
    out: dict[str, FileStamp] = {}
    for path, value in data.items():
        stamp = FileStamp.from_json(value)
        if stamp is None:
            return {}
        out[path] = stamp
    return out

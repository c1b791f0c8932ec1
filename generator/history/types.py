"""The shapes the history hands the build: an upload's committed versions, its provisional
period, and the two together.  Plain JSON data (TypedDicts, not classes): they are cached
as they are (``history-log.json``), hashed into an upload's cache key and sent to a worker
process, so the shape is typed without changing a byte of any of them."""

from __future__ import annotations

from typing import NotRequired, TypedDict


class VersionRecord(TypedDict):
    """One version of an upload (``git.Version`` as data); the current file, not committed
    yet, has no commit and no date."""

    commit: str | None
    date: str | None
    message: str
    blob: str
    path: str
    renamed: NotRequired[bool]


class Provisional(TypedDict):
    """A session's provisional period (``uploads.provisional``): its end, in words, ISO 8601
    in the club's offset and in UTC, and whether it was still running when the site was built."""

    until: str
    until_iso: str
    until_utc: str
    active: bool


class UploadHistory(TypedDict):
    """What the build gives each upload with earlier versions (``site/build.py::_histories``)."""

    versions: list[VersionRecord]
    """Oldest first (from the first one members saw continue the file)."""
    folder: str
    """The sessions folder (git reads the earlier versions' bytes from it)."""
    common: str
    """The settings and code every cached snapshot is made with."""
    provisional: Provisional | None


Versions = dict[str, list[VersionRecord]]
"""Each upload (its path under the sessions folder) → its versions, oldest first."""


class LineSnapshot(TypedDict):
    """One traveller line of a version, as members read it (``snapshot.snapshot``)."""

    board: str
    ns_pair: str
    ew_pair: str
    result: str
    """'4♠= by N +420', 'artificial score A+', 'NS …, EW …' for a split score."""
    adjusted: str | None
    """'artificial', 'weighted' or None."""
    ns: str
    ew: str
    """Each side's figure, as the pages write it."""


class PairSnapshot(TypedDict):
    """One pair's standing in a version."""

    pair: str
    names: NotRequired[str]
    """The players joined with " & " ('' when the upload names none; absent in an older cache)."""
    field: str
    rank: int
    rank_label: str
    total: str
    percentage: str | None
    penalty: str | None


class Snapshot(TypedDict):
    """A scored session reduced to what members read, keyed so that two versions match up:
    lines by ``snapshot.line_key``, pairs by their slug.  Cached as JSON per version."""

    unit: str
    lines: dict[str, LineSnapshot]
    pairs: dict[str, PairSnapshot]


class VersionSnapshots(TypedDict, total=False):
    """An earlier version scored (``record.earlier_snapshots``): a snapshot per session, or why
    it could not be (``missing``: git could not give its bytes).  Cached as JSON per version."""

    ok: list[Snapshot]
    error: str
    missing: bool

"""Each session's neighbours in date order across the archive: the previous and the next
session, linked from the session page.

A session's page is rendered in a worker from its upload alone, so its neighbours are worked
out before: each upload's sessions (date, title) are known from the last build by the file's
digest (``.cache/session-dates.json``) or read here, and the neighbours travel with the job and
into its cache key (``pipeline.upload_key``): a new session changes its neighbours' pages, and
only theirs.  A damaged record is read again, never trusted (``files.read_json``).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from ..files import read_json, write_atomic
from ..model import Session
from .naming import long_date, session_title

Neighbours = dict[int, dict[str, dict[str, str]]]
"""By session number in the upload (1-based): ``prev`` and ``next``, each url (from the
session's folder), title and date as the page writes them."""

RECORD = "session-dates.json"


def described(sessions: list[Session]) -> list[list[str]]:
    """What the neighbours' links need of an upload's sessions: ISO date ('' undated), title, long date."""
    return [[s.date.isoformat() if s.date else "", session_title(s), long_date(s)] for s in sessions]


Described = list[list[str]]
"""An upload's sessions as ``described`` gives them."""


def described_or_none(read: Callable[[str], list[Session]], rel: str) -> Described | None:
    """``described(read(rel))``, or None for an upload that cannot be read (its own job reports it, named)."""
    try:
        return described(read(rel))
    except Exception:
        return None


def neighbours_of(
    uploads: list[tuple[str, str, str | None]],
    cache_root: Path,
    describe: Callable[[list[str]], list[Described | None]],
    language: str,
) -> dict[str, Neighbours]:
    """``uploads``: (rel, slug, file digest or None when unreadable), in path order.  Returns each
    upload's neighbours by rel.  ``describe(rels)`` reads the uploads not seen before, all at
    once (a first build reads the whole archive: the build shares it among its cores), each
    ``described_or_none``.  ``language``: the site's (tag and catalogs), whose titles and dates
    the record holds."""
    path = cache_root / RECORD
    record = read_json(path)
    # the titles and dates as the site's language writes them: another language's are not used
    known = record.get("uploads") if isinstance(record, dict) and record.get("language") == language else None
    if not isinstance(known, dict):
        known = {}
    found: dict[str, Described] = {}
    unknown: dict[str, str] = {}  # digest -> rel: not seen before, or a damaged record
    for rel, _, digest in uploads:
        if digest is None:
            continue
        cached = known.get(digest)
        if _valid(cached):
            found[digest] = cast(Described, cached)
        else:
            unknown.setdefault(digest, rel)
    for digest, got in zip(unknown, describe(list(unknown.values())), strict=True):
        if got:
            found[digest] = got
    fresh: dict[str, Any] = {}
    entries: list[tuple[str, str, str, int, str, str]] = []  # date, slug, rel, n, title, long date
    for rel, slug, digest in uploads:
        if digest is None or digest not in found:
            continue
        fresh[digest] = found[digest]
        for n, (iso, title, long) in enumerate(found[digest], start=1):
            if iso:
                entries.append((iso, slug if len(found[digest]) == 1 else f"{slug}-{n}", rel, n, title, long))
    if fresh != known:
        with contextlib.suppress(OSError):  # a full disk: worked out again next time
            write_atomic(path, _dumps({"language": language, "uploads": fresh}))
    entries.sort(key=lambda e: (e[0], e[1]))
    out: dict[str, Neighbours] = {}
    for i, (_, _, rel, n, _, _) in enumerate(entries):
        links: dict[str, dict[str, str]] = {}
        if i > 0:
            links["prev"] = _link(entries[i - 1])
        if i + 1 < len(entries):
            links["next"] = _link(entries[i + 1])
        if links:
            out.setdefault(rel, {})[n] = links
    return out


def _link(e: tuple[str, str, str, int, str, str]) -> dict[str, str]:
    return {"url": f"../{e[1]}/index.html", "title": e[4], "date": e[5]}


def _valid(found: Any) -> bool:
    return (
        isinstance(found, list)
        and bool(found)
        and all(isinstance(x, list) and len(x) == 3 and all(isinstance(v, str) for v in x) for x in found)
    )


def _dumps(data: dict[str, Any]) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":")).encode("utf-8")

"""An upload's corrections, made in the build's worker: each earlier version scored once
(its snapshot cached by content hash), consecutive versions compared, and the marks that
point each changed figure of the current version to the correction that changed it."""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from .. import sealed
from ..files import write_atomic
from . import git
from .diff import ENGLISH, Wording, compare, describe
from .types import Snapshot, VersionRecord, VersionSnapshots

SNAPSHOT = "history-snapshot-1"


def _snapshot_path(cache_root: Path, common: str, blob: str, suffix: str) -> tuple[Path, str]:
    """Where an earlier version's snapshots are kept, and their key (what they are made from)."""
    key = hashlib.sha256(f"{common}\0{blob}\0{suffix}".encode()).hexdigest()
    return cache_root / "history" / key[:2] / f"{key}.json", key


def earlier_snapshots(
    versions: list[VersionRecord],
    rel: str,
    folder: str,
    cache_root: str,
    common: str,
    score: Callable[[str, bytes], list[Snapshot]],
) -> list[VersionSnapshots]:
    """For each earlier version: {"ok": [one snapshot per session]} or {"error": text}.
    Cached by the blob's id (a content hash) with the settings and code (``common``)."""
    suffix = Path(rel).suffix.lower()
    out: list[VersionSnapshots | None] = []
    missing: dict[str, tuple[Path, str]] = {}
    for v in versions:
        path, key = _snapshot_path(Path(cache_root), common, v["blob"], suffix)
        found = sealed.read_json(path, SNAPSHOT, key)
        if not (isinstance(found, dict) and ("ok" in found or "error" in found)):
            found = None
        out.append(found)
        if found is None:
            missing[v["blob"]] = (path, key)
    if missing:
        blobs = git.read_blobs(Path(folder), list(missing))
        for i, v in enumerate(versions):
            if out[i] is not None:
                continue
            data = blobs.get(v["blob"])
            if data is None:
                made: VersionSnapshots = {"error": "git could not give this version's bytes", "missing": True}
            else:
                try:
                    made = {"ok": score(f"{v['path']}", data)}
                except Exception as exc:  # a version that was wrong then; never a build failure now
                    made = {"error": str(exc).strip().splitlines()[0][:300] if str(exc).strip() else type(exc).__name__}
            path, key = missing[v["blob"]]
            write_atomic(path, sealed.json_bytes(SNAPSHOT, key, made))
            out[i] = made
    return [snap for snap in out if snap is not None]  # (all of them: each was found or made above)


def corrections(
    versions: list[VersionRecord],
    earlier: list[VersionSnapshots],
    current: Snapshot,
    index: int,
    unit_word: str,
    provisional_until: str | None,
    wording: Wording = ENGLISH,
) -> dict[str, Any]:
    """Session ``index`` of the upload through its versions: the corrections (oldest first),
    the notes on versions skipped, and the marks on the current version's figures.

    ``versions`` are the earlier versions then the current one (its date None when it is
    not committed yet); ``earlier`` their snapshots; ``current`` the current snapshot;
    ``wording`` the language the texts are written in.

    A version that could not be read was never published (its build failed and the site kept
    what it had): members never saw it, so it is no correction and no note — the next readable
    version is compared with the last one published.  Only a version git could not give (a
    partial clone) is noted: it may have been published."""
    chain: list[tuple[VersionRecord, Snapshot]] = []
    notes = []
    for v, snap in zip(versions, earlier):
        if "ok" in snap and len(snap["ok"]) > index:
            chain.append((v, snap["ok"][index]))
        elif snap.get("missing"):
            assert v["date"] is not None  # an earlier version: committed, so dated
            notes.append(
                wording.say(
                    "The version of %(date)s is not in this copy of the repository, so the corrections leave it out.",
                    date=wording.date(v["date"]),
                )
            )
    chain.append((versions[-1], current))
    found: list[dict[str, Any]] = []
    for (_, old), (v, new) in itertools.pairwise(chain):
        change = compare(old, new)
        if not (change["results"] or change["pairs"] or change["figures"]):
            continue
        late = bool(
            provisional_until
            and v["date"]
            and datetime.fromisoformat(v["date"]) > datetime.fromisoformat(provisional_until)
        )
        found.append(
            {
                "anchor": f"correction-{len(found) + 1}",
                "date": wording.date(v["date"]) if v["date"] else None,
                "iso": v["date"],
                "commit": v["commit"],
                "reason": v["message"],
                "late": late,
                "text": describe(change, unit_word, wording),
                "change": change,
            }
        )
    lines: dict[str, dict[str, str]] = {}
    pairs: dict[str, str] = {}
    standing: dict[str, dict[str, str]] = {}
    for c in found:  # the latest correction of a figure wins
        for key, sides in c["change"]["figures"].items():
            for side in sides:
                lines.setdefault(key, {})[side] = c["anchor"]
        for slug, v in c["change"]["pairs"].items():
            if v["new"] is not None:
                pairs[slug] = c["anchor"]
                for figure in changed_figures(v["old"], v["new"]):
                    standing.setdefault(slug, {})[figure] = c["anchor"]
    for c in found:
        del c["change"]
    return {
        "corrections": found,
        "notes": notes,
        "line_marks": lines,
        "pair_marks": pairs,
        "standing_marks": standing,
    }


def changed_figures(old: dict[str, Any] | None, new: dict[str, Any]) -> list[str]:
    """Which of a pair's figures a correction changed ('total', 'percentage', 'place'): a mark
    goes on a figure only when it differs from the previous version's, so a pair whose place
    moved because another pair's result changed has its place marked, not its total.  A pair
    new in this version has every figure new."""
    if old is None:
        return ["total", "percentage", "place"]
    return [
        figure
        for figure, key in (("total", "total"), ("percentage", "percentage"), ("place", "rank_label"))
        if old[key] != new[key]
    ]

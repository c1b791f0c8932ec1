"""Whether a version git reached through a rename continues the file it was paired with.

Git pairs a deleted file with an added one as a rename when their bytes are similar enough:
two exports of different sessions of the same club often are (the same players, the same
movement, the same markup).  A version continues an earlier one when it has the same path;
across a rename only when the two share most of their results, or most of their pairs on
the same day — a correction may change the date or the names, not both and the results.
Anything less and the later file is a new upload: its history starts at the rename.

Only renames that changed the bytes are judged (a pure rename is the same file); each pair of
blobs is read once and its verdict kept in the cache by the two blob ids (content hashes).

An upload's first versions that cannot be read were never published (their build failed and
the site kept what it had): ``published`` drops them, so that the session's history, its
provisional period and its feed entry start with the first version members saw.
"""

from __future__ import annotations

import hashlib
import itertools
from collections import Counter
from collections.abc import Hashable, Iterable
from pathlib import Path
from typing import Any

from .. import sealed
from ..files import write_atomic
from ..model import Artificial, PairRef, Session
from . import git
from .types import Versions

VERDICT_RECORD = "continuity-1"
"""The verdicts' format (and the rule's): a change of either makes them judged again."""


def _ref(ref: PairRef | None) -> Hashable:
    return None if ref is None else (ref.section, ref.number, ref.direction.value if ref.direction else "")


def _outcome(outcome: Any) -> Hashable:
    if outcome is None:
        return None
    if isinstance(outcome, Artificial):
        return ("A", outcome.code)
    return tuple((c.weight, c.play.ns_score) for c in outcome.components)


def results(sessions: Iterable[Session]) -> Counter[Hashable]:
    """Every result as (session, board, who played it, what was scored): pairs' traveller lines
    and teams' tables alike."""
    out: Counter[Hashable] = Counter()
    for n, s in enumerate(sessions):
        for b in s.boards:
            for line in b.lines:
                out[(n, b.number, _ref(line.ns_pair), _ref(line.ew_pair), _outcome(line.ns), _outcome(line.ew))] += 1
        for m in s.matches:
            for tb in m.boards:
                out[
                    (n, m.round, m.home.number, m.away.number, tb.number, _outcome(tb.home_ns), _outcome(tb.home_ew))
                ] += 1
    return out


def players(sessions: Iterable[Session]) -> Counter[Hashable]:
    """Every pair (or team) by its players' names, case and spacing aside."""
    out: Counter[Hashable] = Counter()
    for s in sessions:
        for p in s.pairs:
            out[frozenset(" ".join(pl.name.split()).casefold() for pl in p.players)] += 1
        for t in s.teams:
            out[frozenset(" ".join(pl.name.split()).casefold() for pl in t.players) or t.name.casefold()] += 1
    out.pop(frozenset(), None)
    return out


def _most(a: Counter[Hashable], b: Counter[Hashable]) -> bool:
    """More than half of the larger side in common."""
    size = max(sum(a.values()), sum(b.values()))
    return size > 0 and 2 * sum((a & b).values()) > size


def same_upload(old: list[Session], new: list[Session]) -> bool:
    """True when ``new`` is a version of ``old``: most results shared (a correction changes a few,
    and may change the date and the names), or most pairs shared on the same day (results keyed
    again, say pairs renumbered).  Another session of the same club shares its players but on
    another day, and its results are others."""
    if _most(results(old), results(new)):
        return True
    days = {s.date for s in old} == {s.date for s in new} and any(s.date for s in old)
    return bool(days) and _most(players(old), players(new))


def _verdict_path(cache_root: Path, old: str, new: str) -> tuple[Path, str]:
    """Where the verdict on two versions is kept, and its key (sealed with it: ``sealed``)."""
    key = hashlib.sha256(f"{VERDICT_RECORD}\0{old}\0{new}".encode()).hexdigest()
    return cache_root / "history" / "continuity" / key[:2] / f"{key}.json", key


def _read(path: str, data: bytes) -> list[Session] | None:
    from ..readers import MAX_BYTES, read_sessions_data

    if len(data) > MAX_BYTES:
        return None
    try:
        return read_sessions_data(path, data)
    except Exception:  # an unreadable version continues nothing (and was never published)
        return None


def _readable_path(cache_root: Path, blob: str, suffix: str) -> tuple[Path, str]:
    """Where whether a version could be read is kept, and its key (sealed with it)."""
    key = hashlib.sha256(f"{VERDICT_RECORD}\0readable\0{blob}\0{suffix}".encode()).hexdigest()
    return cache_root / "history" / "continuity" / key[:2] / f"{key}.json", key


def published(folder: Path, found: Versions, cache_root: Path) -> Versions:
    """Each upload's versions from the first one that can be read (the last is kept whatever
    it is: the build reads it, or the current file, and says what is wrong)."""
    readable: dict[tuple[str, str], bool] = {}
    pending: dict[tuple[str, str], str] = {}
    for versions in found.values():
        for v in versions[:-1]:
            key = (v["blob"], Path(v["path"]).suffix.lower())
            kept, made_from = _readable_path(cache_root, *key)
            cached = sealed.read_json(kept, VERDICT_RECORD, made_from)
            if isinstance(cached, dict) and isinstance(cached.get("readable"), bool):
                readable[key] = cached["readable"]
            else:
                pending[key] = v["path"]
            if readable.get(key):
                break  # the versions after the first readable one are compared as they are
    if pending:
        blobs = git.read_blobs(folder, sorted({blob for blob, _ in pending}))
        for key, path in pending.items():
            ok = key[0] in blobs and _read(path, blobs[key[0]]) is not None
            kept, made_from = _readable_path(cache_root, *key)
            write_atomic(kept, sealed.json_bytes(VERDICT_RECORD, made_from, {"readable": ok}))
            readable[key] = ok
    out = {}
    for rel, versions in found.items():
        start = 0
        while start < len(versions) - 1 and not readable.get(
            (versions[start]["blob"], Path(versions[start]["path"]).suffix.lower()), True
        ):
            start += 1
        out[rel] = versions[start:]
    return out


def trim(folder: Path, found: Versions, cache_root: Path) -> Versions:
    """Each upload's versions from the last rename that did not continue the file before it
    (``same_upload``); the others as they were."""
    pending: dict[tuple[str, str], tuple[str, str]] = {}  # (old blob, new blob) -> (old path, new path)
    verdicts: dict[tuple[str, str], bool] = {}
    for versions in found.values():
        for before, v in itertools.pairwise(versions):
            if v.get("renamed") and before["blob"] != v["blob"]:
                pair = (before["blob"], v["blob"])
                kept, made_from = _verdict_path(cache_root, *pair)
                cached = sealed.read_json(kept, VERDICT_RECORD, made_from)
                if isinstance(cached, dict) and isinstance(cached.get("same"), bool):
                    verdicts[pair] = cached["same"]
                else:
                    pending[pair] = (before["path"], v["path"])
    if pending:
        blobs = git.read_blobs(folder, sorted({b for pair in pending for b in pair}))
        for pair, (old_path, new_path) in pending.items():
            old, new = (
                _read(path, blobs[blob]) if blob in blobs else None for path, blob in zip((old_path, new_path), pair)
            )
            same = old is not None and new is not None and same_upload(old, new)
            kept, made_from = _verdict_path(cache_root, *pair)
            write_atomic(kept, sealed.json_bytes(VERDICT_RECORD, made_from, {"same": same}))
            verdicts[pair] = same
    out = {}
    for rel, versions in found.items():
        start = 0
        for i in range(1, len(versions)):
            if versions[i].get("renamed") and not verdicts.get((versions[i - 1]["blob"], versions[i]["blob"]), True):
                start = i
        out[rel] = versions[start:]
    return out

"""The build's view of history: every upload's versions (one ``git log``, cached against
what the history holds — HEAD and the commits reachable from it, ``git.history_key`` — and
the list of uploads, so that a build with no new commit runs no ``git log``) and the
provisional period that runs from each session's first commit."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from .. import sealed
from ..files import write_atomic
from . import git
from .diff import ENGLISH, Wording
from .types import Provisional, VersionRecord, Versions

LOG_RECORD = "history-log-2"


def upload_versions(folder: Path, rels: list[str], cache_root: Path) -> Versions:
    """rel -> its committed versions, oldest first (empty outside a git checkout)."""
    import json

    held = git.history_key(folder)
    if held is None:
        return {}
    path = cache_root / "history-log.json"
    # What the record is made from: the history, the folder, the uploads and the code that reads the log.
    made_from = sealed.checksum(LOG_RECORD, json.dumps([held, str(folder.resolve()), rels]), _code())
    record = sealed.read_json(path, LOG_RECORD, "")
    if isinstance(record, dict) and record.get("from") == made_from and isinstance(record.get("versions"), dict):
        kept: Versions = record["versions"]  # (sealed: written below from git's versions)
        return kept
    found: Versions = (
        {} if git.shallow(folder) else {rel: [_record(v) for v in vs] for rel, vs in git.versions(folder, rels).items()}
    )
    write_atomic(path, sealed.json_bytes(LOG_RECORD, "", {"from": made_from, "versions": found}))
    return found


def _record(v: git.Version) -> VersionRecord:
    """The version as data: ``dataclasses.asdict(v)``, field for field (tests/history)."""
    return {
        "commit": v.commit,
        "date": v.date,
        "message": v.message,
        "blob": v.blob,
        "path": v.path,
        "renamed": v.renamed,
    }


def _code() -> bytes:
    return Path(git.__file__).read_bytes()


def provisional(first_commit: str, days: int | None, now: datetime, wording: Wording = ENGLISH) -> Provisional | None:
    """The provisional period of a session first committed at ``first_commit``: its end (written
    in ``wording``'s language), and whether it is still running at ``now`` (the build time: a
    site built later may differ)."""
    if not days:
        return None
    until = datetime.fromisoformat(first_commit) + timedelta(days=days)
    return {
        "until": wording.moment(until),
        "until_iso": until.isoformat(),
        "until_utc": until.astimezone(UTC).isoformat(),
        "active": now < until,
    }

"""The build's view of history: every upload's versions (one ``git log``, cached against
HEAD and the list of uploads so that a build with no new commit runs no ``git log``) and
the provisional period that runs from each session's first commit."""

from __future__ import annotations

from dataclasses import asdict
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from ..site.cache import read_json, write_atomic
from ..site.plan import MONTHS
from . import git

LOG_RECORD = "history-log-2"


def upload_versions(folder: Path, rels: list[str], cache_root: Path) -> dict[str, list[dict[str, Any]]]:
    """rel -> its committed versions, oldest first (empty outside a git checkout)."""
    import json

    head = git.head(folder)
    if head is None:
        return {}
    path = cache_root / "history-log.json"
    record = read_json(path)
    if (
        isinstance(record, dict)
        and record.get("format") == LOG_RECORD
        and record.get("head") == head
        and record.get("folder") == str(folder.resolve())
        and record.get("rels") == rels
    ):
        return record["versions"]
    found = (
        {} if git.shallow(folder) else {rel: [asdict(v) for v in vs] for rel, vs in git.versions(folder, rels).items()}
    )
    write_atomic(
        path,
        json.dumps(
            {"format": LOG_RECORD, "head": head, "folder": str(folder.resolve()), "rels": rels, "versions": found},
            sort_keys=True,
        ).encode(),
    )
    return found


def when(moment: datetime) -> str:
    """'25 November 2026, 14:05' in the commit's own offset (the club's clock)."""
    return f"{moment.day} {MONTHS[moment.month - 1]} {moment.year}, {moment:%H:%M}"


def provisional(first_commit: str, days: int | None, now: datetime) -> dict[str, Any] | None:
    """The provisional period of a session first committed at ``first_commit``: its end, and
    whether it is still running at ``now`` (the build time: a site built later may differ)."""
    if not days:
        return None
    until = datetime.fromisoformat(first_commit) + timedelta(days=days)
    return {
        "until": when(until),
        "until_iso": until.isoformat(),
        "until_utc": until.astimezone(UTC).isoformat(),
        "active": now < until,
    }

"""The versions of each upload, read from git itself (no database of our own).

One ``git log`` over the sessions folder lists every commit that touched it with the blob
id of each file it changed; renames (``-M``) are followed back commit by commit, as
``git log --follow`` does for one file, but for every upload in one process.  Only the
first-parent line is read (what the club's main branch published, in order).  The blobs of
earlier versions are read with one ``git cat-file --batch``.  Every call is an argument
list (no shell); git missing, or a folder outside a checkout, means no history.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

_ENV = {**os.environ, "GIT_TERMINAL_PROMPT": "0", "GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C"}


@dataclass(frozen=True, slots=True)
class Version:
    """One committed version of an upload."""

    commit: str
    date: str
    """The commit date, ISO 8601 with its offset (the scorer's clock when committing)."""
    message: str
    """The commit message as written (the reason for a correction, when given)."""
    blob: str
    """Git's id of the file's bytes: a content hash."""
    path: str
    """The file's path under the sessions folder in this version."""
    renamed: bool = False
    """Git paired this version with a file of another path (a rename, ``-M``): whether it
    continues that file is for ``continuity`` to judge by what the two hold."""


def _git(folder: Path, *args: str, data: bytes | None = None) -> bytes | None:
    try:
        done = subprocess.run(
            ["git", "-C", str(folder), *args], input=data, capture_output=True, env=_ENV, check=False, timeout=120
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 else None


def head(folder: Path) -> str | None:
    """The checkout's HEAD commit, or None outside a git checkout (or with no commit yet)."""
    out = _git(folder, "rev-parse", "--verify", "-q", "HEAD")
    return out.decode().strip() if out else None


def history_key(folder: Path) -> str | None:
    """What the history behind HEAD holds, as a digest (None outside a checkout or with no
    commit): HEAD, and what bounds the commits reachable from it — a shallow clone's
    boundary (``git fetch --unshallow`` brings the earlier commits without moving HEAD) and
    grafts.  The history caches are keyed by it, never by HEAD alone."""
    out = _git(
        folder, "rev-parse", "HEAD", "--is-shallow-repository", "--git-path", "shallow", "--git-path", "info/grafts"
    )
    if not out:
        return None
    lines = out.decode("utf-8", "surrogateescape").splitlines()
    h = hashlib.sha256(out)
    for name in lines[2:4]:
        try:
            h.update(b"\0" + (folder / name).read_bytes())
        except OSError:
            h.update(b"\0-")  # no such file: not shallow, no grafts
    return h.hexdigest()


def shallow(folder: Path) -> bool:
    """A shallow clone (CI's default checkout) lacks the early commits: its oldest visible
    commit would look like every upload's first version."""
    out = _git(folder, "rev-parse", "--is-shallow-repository")
    return out is None or out.strip() != b"false"


def blob_id(data: bytes) -> str:
    """Git's id for these bytes (so a working file can be matched to a committed version)."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def _commits(folder: Path) -> list[tuple[str, str, str, list[tuple[str, str, str, str | None]]]]:
    """Newest first: (commit, date, message, [(status, blob, path, old path)])."""
    out = _git(
        folder,
        "log",
        "--first-parent",
        "--diff-merges=first-parent",
        "--raw",
        "-z",
        "--no-abbrev",
        "-M",
        "--relative",
        "--format=%x1e%H%x1f%cI%x1f%B%x1f",
        "--",
        ".",
    )
    if not out:
        return []
    commits = []
    for record in out.split(b"\x1e")[1:]:
        commit, date, message, rest = record.split(b"\x1f", 3)
        tokens = rest.lstrip(b"\0\n").split(b"\0")
        changes: list[tuple[str, str, str, str | None]] = []
        i = 0
        while i < len(tokens):
            meta = tokens[i].strip(b"\n")
            if not meta.startswith(b":"):
                i += 1
                continue
            fields = meta.decode().split()
            status, blob = fields[-1], fields[3]
            if status[0] in "RC":
                old, new = (
                    tokens[i + 1].decode("utf-8", "surrogateescape"),
                    tokens[i + 2].decode("utf-8", "surrogateescape"),
                )
                changes.append((status[0], blob, new, old))
                i += 3
            else:
                changes.append((status[0], blob, tokens[i + 1].decode("utf-8", "surrogateescape"), None))
                i += 2
        commits.append((commit.decode(), date.decode(), message.decode("utf-8", "replace").strip(), changes))
    return commits


def versions(folder: Path, rels: list[str]) -> dict[str, list[Version]]:
    """Each upload's committed versions, oldest first (a rename carries the history along;
    a commit that left the bytes unchanged, a pure rename, adds no version).  Files never
    committed, and every file outside a git checkout, have none."""
    commits = _commits(folder)
    if not commits:
        return {}
    out: dict[str, list[Version]] = {}
    for rel in rels:
        name: str | None = rel
        found: list[Version] = []
        for commit, date, message, changes in commits:
            if name is None:
                break
            for status, blob, path, old in changes:
                if path != name:
                    continue
                if status == "D":  # deleted here and added again later: the later file is a new upload
                    name = None
                    break
                found.append(Version(commit, date, message, blob, path, status in "RC"))
                name = old if status in "RC" else (None if status == "A" else name)
                break
        found.reverse()
        distinct = [v for i, v in enumerate(found) if i == 0 or v.blob != found[i - 1].blob]
        if distinct:
            out[rel] = distinct
    return out


def read_blobs(folder: Path, blobs: list[str]) -> dict[str, bytes]:
    """The bytes of these blobs, in one ``git cat-file --batch``; missing ones are left out."""
    if not blobs:
        return {}
    out = _git(folder, "cat-file", "--batch", data="".join(b + "\n" for b in blobs).encode())
    found: dict[str, bytes] = {}
    if out is None:
        return found
    pos = 0
    for blob in blobs:
        end = out.index(b"\n", pos)
        header = out[pos:end].split()
        pos = end + 1
        if len(header) < 3 or header[1] != b"blob":
            continue
        size = int(header[2])
        found[blob] = out[pos : pos + size]
        pos += size + 1
    return found

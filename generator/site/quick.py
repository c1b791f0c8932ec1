"""The no-op build: when nothing the site is made from has changed since the last
successful build and the output folder is still exactly what that build left, there is
nothing to read, plan or write.

Two fingerprints decide it, both from file metadata (no upload is opened):

* the inputs: the cache format, the generator's code (its files' times, ``code_stamp``),
  the templates, ``site.yaml``, what the git history holds (``history.git.history_key``),
  and the path, size, mtime, change time and inode of every file under the sessions and
  articles folders (the change time moves on every write, so a file rewritten with the same
  size and mtime is seen; a file changed in the last two seconds may change again unseen, so
  such inputs are never taken for unchanged; on Windows, whose ``st_ctime`` is the creation
  time, the files' bytes are hashed instead);
* the output: the path, size and mtime of every file in the output folder (hidden files
  aside), which must equal the manifest the last build recorded.

Any difference, a missing or damaged record (it is sealed: ``sealed.py``) or a failed build
means a normal build.  Kept free of
heavy imports: this runs before the engine, Jinja or YAML are loaded.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .. import sealed
from ..files import refused_file, write_atomic
from . import tree
from .cache import FORMAT, RACY_NS, TRUST_STAT, code_stamp, tree_digest
from .stamps import FileStamp

RECORD = "quick-3"


def walk(
    root: Path, confine: Path | None = None, passed_over: list[tuple[str, str]] | None = None
) -> list[tuple[str, int, int, int, int]]:
    """(POSIX path, size, mtime_ns, inode, ctime_ns) of every file under ``root`` that ``tree.walk``
    reaches, sorted; what it passed over is added to ``passed_over`` (a new hidden file
    changes the build's summary).  Inside the content folder (``confine``) links stay
    inside it; in the output folder they may lead anywhere; never into a loop."""
    out: list[tuple[str, int, int, int, int]] = []
    try:
        found, skipped = tree.walk(root, confine=confine, stay_inside=confine is not None)
    except tree.OutsideError as exc:
        skipped, found = [tree.Skipped(".", f"outside: {exc}")], []
    if passed_over is not None:
        passed_over.extend((s.path, s.reason) for s in skipped)
    for f in found:
        try:
            st = os.stat(f.path)
        except OSError:
            continue
        out.append((f.rel, st.st_size, st.st_mtime_ns, st.st_ino, st.st_ctime_ns))
    out.sort()
    return out


class _NotPlain(Exception):
    """The output folder holds something other than regular files and folders."""


SPLIT_FOLDERS = 64
"""At least this many folders two levels down (a club's archive: one a session): with two
processes, a forked child lists half of them."""


def output_digest(root: Path, jobs: int | None = 1) -> str:
    """``folder_digest`` of the output folder's files (path, size, mtime_ns), exactly as of
    ``walk``'s rows: in one ``scandir`` pass when the folder holds only regular files and
    folders (as a build leaves it: ``walk``'s care cost a third of a no-op build), each
    file's row written as the digest reads it ('\\0' sorts before any character of a path,
    so the rows sort as their paths do); else — a link, a pipe, a folder that cannot be read
    — by ``walk`` itself.  Where ``jobs`` (as ``--jobs``) allows two processes, every other
    folder two levels down is listed by a forked child (``parallel.started_in_background``):
    a club's 128,000 files in 0.26 s instead of 0.42 s."""
    try:
        rows = _plain_rows(str(root), jobs)
    except (OSError, _NotPlain):
        return folder_digest(walk(root))
    rows.sort()
    return hashlib.sha256("".join(rows).encode("utf-8", "surrogateescape")).hexdigest()


def _plain_rows(root: str, jobs: int | None) -> list[str]:
    """Every file's row under ``root`` (``_scan``), the folders two levels down shared with a
    child when there are many and two processes may run; a child that failed (it met a link,
    or was killed) has its half listed here."""
    rows: list[str] = []
    first: list[tuple[str, str]] = []
    second: list[tuple[str, str]] = []
    _scan(root, "", rows, first)
    for path, rel in first:
        _scan(path, rel, rows, second)
    child = None
    if len(second) >= SPLIT_FOLDERS:
        from ..parallel import cores, started_in_background  # (for a big folder only: the front door stays light)

        if cores(jobs) >= 2:
            child = started_in_background(_rows_text, second[1::2])
    try:
        for path, rel in second[0::2] if child is not None else second:
            _scan(path, rel, rows)
    except BaseException:
        if child is not None:
            child.wait(stop=True)
        raise
    if child is not None:
        theirs = child.wait()
        if theirs is None:
            for path, rel in second[1::2]:
                _scan(path, rel, rows)
        elif theirs:
            rows += theirs.decode("utf-8", "surrogateescape").split(_ROWS_APART)
    return rows


_ROWS_APART = "\0\0"
"""Between two rows a child hands back: never inside one (a path holds no NUL, a size and an
mtime at least a digit)."""


def _rows_text(folders: list[tuple[str, str]]) -> bytes:
    """The rows of the files under ``folders``, for the process that forked this one."""
    rows: list[str] = []
    for path, rel in folders:
        _scan(path, rel, rows)
    return _ROWS_APART.join(rows).encode("utf-8", "surrogateescape")


def _scan(folder: str, rel: str, rows: list[str], folders: list[tuple[str, str]] | None = None) -> None:
    """Each file's row under ``folder`` added to ``rows``; with ``folders``, the folders in it
    are added there (path, rel) instead of being entered."""
    with os.scandir(folder) as listing:
        for entry in listing:
            if entry.name.startswith("."):  # passed over, as ``tree.walk`` does
                continue
            if entry.is_dir(follow_symlinks=False):
                if folders is None:
                    _scan(entry.path, rel + entry.name + "/", rows)
                else:
                    folders.append((entry.path, rel + entry.name + "/"))
            elif entry.is_file(follow_symlinks=False):
                st = entry.stat(follow_symlinks=False)
                rows.append(f"{rel}{entry.name}\0{st.st_size}\0{st.st_mtime_ns}\n")
            else:
                raise _NotPlain(entry.path)


def inputs_digest(
    content: Path, output: Path, templates: Path, sessions_dir: str, articles_dir: str, racy: list[str] | None = None
) -> str:
    """The inputs' fingerprint.  An upload changed in the last two seconds could change again
    within the same clock tick unseen: its path is added to ``racy`` (the build then records
    the digest of the bytes it read, and ``check`` reads and compares them); such an article
    makes the fingerprint one that never matches."""
    h = hashlib.sha256()
    site_yaml = content / "site.yaml"
    head = [
        RECORD,
        FORMAT,
        code_stamp(),  # the code's files by their times, as the uploads are
        tree_digest(templates),
        str(content.resolve()),
        str(content),  # as given: results.json names each upload by the path under it
        str(output.resolve()),
        str(templates.resolve()),
        sessions_dir,
        articles_dir,
        _text(site_yaml, content),
    ]
    h.update(json.dumps(head).encode())
    # The uploads' history lives in git: a commit (a correction committed, a message
    # written) changes the pages even when no file's metadata did.
    # What git holds, not HEAD alone: ``git fetch --unshallow`` brings earlier versions.
    from ..history.git import history_key

    h.update(f"\0git {history_key(content / sessions_dir)}\0".encode())
    recent = time.time_ns() - RACY_NS
    for folder in (sessions_dir, articles_dir):
        h.update(b"\0" + folder.encode() + b"\0")
        passed_over: list[tuple[str, str]] = []
        for rel, size, mtime, ino, ctime in walk(content / folder, confine=content, passed_over=passed_over):
            h.update(f"{rel}\0{size}\0{mtime}\0{ino}\0{ctime}\n".encode("utf-8", "surrogateescape"))
            if not TRUST_STAT:
                h.update(_bytes_digest(content / folder / rel).encode())
            elif max(mtime, ctime) >= recent:
                if folder == sessions_dir:
                    if racy is not None:
                        racy.append(str(content / folder / rel))
                else:  # changed too recently to tell a later change by its times
                    h.update(os.urandom(16))
        h.update(json.dumps(passed_over).encode())
    return h.hexdigest()


def _bytes_digest(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return "unreadable"


def settings_text(content: Path) -> str | None:
    """``site.yaml``'s text as the fingerprint reads it: the build reads it before and after
    loading the settings, and a change in between means a record that never matches."""
    return _text(content / "site.yaml", content)


def _text(path: Path, content: Path) -> str | None:
    """A settings file's text, unless it may not be read (the build then refuses it)."""
    refused = refused_file(path, content)
    if refused or not path.is_file():
        return refused
    return path.read_bytes().decode("utf-8", "replace")


def folder_digest(files: Iterable[tuple[object, ...]]) -> str:
    """Of (path, size, mtime_ns, ...) rows sorted by path (one update: the same digest as one per row)."""
    return hashlib.sha256(
        "".join([f"{row[0]}\0{row[1]}\0{row[2]}\n" for row in files]).encode("utf-8", "surrogateescape")
    ).hexdigest()


def manifest_digest(manifest: dict[str, FileStamp]) -> str:
    return folder_digest((p, e.size, e.mtime_ns) for p, e in sorted(manifest.items()))


def record_path(cache_root: Path, output: Path) -> Path:
    name = hashlib.sha256(str(output.resolve()).encode("utf-8", "surrogateescape")).hexdigest()[:16]
    return cache_root / f"quick-{name}.json"


def check(
    cache_root: Path,
    content: Path,
    output: Path,
    templates: Path,
    now: str = "",
    extra: str = "",
    jobs: int | None = 1,
) -> dict[str, Any] | None:
    """The last build's report when nothing changed, else None.  ``now`` (ISO 8601, UTC):
    a provisional period that ended since the last build changes the pages.  ``extra``:
    inputs from outside the folders (the site's address given on the command line, the
    logo's stamp), added to the inputs' digest as ``remember`` was given it.  ``jobs``: as
    ``--jobs`` (None: every core): the output folder is listed by two processes at most."""
    record = sealed.read_json(record_path(cache_root, output), RECORD, str(output.resolve()))
    if not isinstance(record, dict):
        return None
    expires = record.get("expires")
    if expires and now >= expires:
        return None
    try:
        if inputs_digest(content, output, templates, *record["dirs"]) + extra != record["inputs"]:
            return None
        for path, sha in record["verify"].items():  # uploads changed just before that build
            if sha is None or _bytes_digest(Path(path)) != sha:
                return None
    except (OSError, KeyError, TypeError, ValueError, AttributeError):
        return None
    if output_digest(output, jobs) != record["folder"]:
        return None
    report = record["report"]
    return report if isinstance(report, dict) else None  # (a record not of this build's making: build)


def forget(cache_root: Path, output: Path) -> None:
    record_path(cache_root, output).unlink(missing_ok=True)


def remember(
    cache_root: Path,
    output: Path,
    inputs: str,
    dirs: list[str],
    manifest: dict[str, FileStamp],
    report: dict[str, Any],
    expires: str | None = None,
    verify: dict[str, str | None] | None = None,
) -> None:
    """``verify``: the uploads changed just before the build (``inputs_digest``'s ``racy``),
    each with the digest of the bytes the build read (None: not known, never "unchanged")."""
    data = {
        "verify": verify or {},
        "inputs": inputs,
        "dirs": dirs,
        "folder": manifest_digest(manifest),
        "report": report,
        "expires": expires,
    }
    write_atomic(record_path(cache_root, output), sealed.json_bytes(RECORD, str(output.resolve()), data))

"""Walking folders: the output the way the builder compares it (``entries``), and the
content folder the way a hostile upload cannot abuse (``walk``).  Names starting with '.'
are skipped by both."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ..files import inside


def entries(root: Path, enter_links: bool) -> Iterator[tuple[str, os.DirEntry[str], bool]]:
    """(POSIX path under ``root``, entry, is a folder) for every file and folder found.

    Folders are yielded, then entered; with ``enter_links`` false, symbolic links to
    folders are neither yielded nor entered (as ``os.walk`` does).  An entry whose kind
    cannot be read is yielded as a file; a folder that cannot be listed is passed over.
    """
    stack = [(str(root), "")]
    while stack:
        folder, rel = stack.pop()
        try:
            listing = os.scandir(folder)
        except OSError:
            continue
        with listing:
            for e in listing:
                if e.name.startswith("."):
                    continue
                try:
                    is_dir = e.is_dir()
                except OSError:
                    is_dir = False
                if is_dir:
                    if enter_links or not e.is_symlink():
                        yield rel + e.name, e, True
                        stack.append((e.path, f"{rel}{e.name}/"))
                    continue
                yield rel + e.name, e, False


@dataclass(frozen=True, slots=True)
class Found:
    """A regular file the walk reached."""

    rel: str
    """POSIX path under the walk's root."""
    path: str
    """The path to open (through a link, when reached through one)."""
    real: str
    """Its real path: two links to one file are one file."""
    linked: bool = False
    """Reached through a symbolic link (to it, or to a folder above it)."""


@dataclass(frozen=True, slots=True)
class Skipped:
    """A file or folder the walk passed over, and why: listed in the build's summary."""

    path: str
    """POSIX path as the user knows it ('sessions/.draft.yaml')."""
    reason: str
    """Completes 'skipped, because …'."""


class OutsideError(Exception):
    """The folder to walk is itself a link out of the confining folder."""


def walk(
    root: Path, label: str = "", confine: Path | None = None, stay_inside: bool = True
) -> tuple[list[Found], list[Skipped]]:
    """Every regular file under ``root`` and everything passed over, both sorted by path.

    Safe on a hostile folder: names starting with '.' are passed over (a hidden folder is
    not entered); a symbolic link is followed only when it leads inside ``root`` and, for
    a folder, to one not entered yet — so two links to '.' or a link to '/' can neither
    make the walk loop nor leave the folder; a broken link, a named pipe or a device is
    passed over (reading a pipe would wait for ever); a file reached twice (a link to
    another upload) is read once, by its own name.  ``label`` prefixes the paths in
    ``Skipped`` ('sessions/').  Raises ``OutsideError`` when ``root`` itself leads out of
    ``confine`` (the content folder).  ``stay_inside`` false lets links lead anywhere (the
    output folder, which is the operator's own), still never into a loop.
    """
    real_root = os.path.realpath(root)
    if confine is not None and not inside(real_root, os.path.realpath(confine)):
        raise OutsideError(real_root)
    limit = real_root
    where = f"the {label.rstrip('/')} folder" if label else "the folder"
    found: list[Found] = []
    skipped: list[Skipped] = []
    entered: dict[str, str] = {real_root: label or "."}
    stack = [(str(root), "", real_root, False)]
    linked_folders: list[tuple[str, str, str]] = []
    """Links to folders, followed once the folders themselves are all read: a link to a
    folder that is read anyway is then passed over whatever the names' order."""
    while stack or linked_folders:
        if not stack:
            path, name, real = linked_folders.pop(0)
            if real in entered:
                skipped.append(
                    Skipped(
                        label + name + "/",
                        f"it is a symbolic link to a folder already read "
                        f"({entered[real]}): following it would read it twice or loop",
                    )
                )
                continue
            entered[real] = label + name + "/"
            stack.append((path, name + "/", real, True))
        folder, rel, real_folder, linked = stack.pop()
        try:
            with os.scandir(folder) as listing:
                items = sorted(listing, key=lambda e: e.name)
        except OSError as exc:
            skipped.append(Skipped(label + rel or ".", f"the folder cannot be read ({exc.strerror or exc})"))
            continue
        folders = []
        for e in items:
            name = rel + e.name
            try:
                is_link = e.is_symlink()
                is_dir = e.is_dir(follow_symlinks=False)
                is_file = e.is_file(follow_symlinks=False)
            except OSError:
                is_link = is_dir = is_file = False
            if e.name.startswith("."):
                skipped.append(
                    Skipped(
                        label + name + ("/" if is_dir else ""),
                        f"its name starts with '.' (a hidden {'folder' if is_dir else 'file'})",
                    )
                )
                continue
            if is_link:
                real = os.path.realpath(e.path)
                try:
                    is_dir, is_file = os.path.isdir(real), os.path.isfile(real)
                    exists = os.path.lexists(real) and os.path.exists(e.path)
                except OSError:
                    exists = False
                if not exists:
                    skipped.append(Skipped(label + name, "it is a symbolic link to nothing (a broken link)"))
                    continue
                if stay_inside and not inside(real, limit):
                    skipped.append(
                        Skipped(
                            label + name,
                            f"it is a symbolic link to {real}, outside {where} "
                            "(the build never follows a link out of it)",
                        )
                    )
                    continue
                if is_dir:
                    linked_folders.append((e.path, name, real))
                    continue
            else:
                real = os.path.join(real_folder, e.name)
            if is_dir:
                entered[real] = label + name + "/"
                folders.append((e.path, name + "/", real, linked))
            elif is_file:
                found.append(Found(name, e.path, real, linked or is_link))
            else:
                skipped.append(Skipped(label + name, "it is not a regular file (a pipe, socket or device)"))
        stack.extend(reversed(folders))
    found.sort(key=lambda f: f.rel)
    # One file reached by two names (a link to another upload): read it once, by its own name.
    by_real: dict[str, Found] = {}
    for f in sorted(found, key=lambda f: (f.linked, f.rel)):
        by_real.setdefault(f.real, f)
    kept = []
    for f in found:
        first = by_real[f.real]
        if first is f:
            kept.append(f)
        else:
            skipped.append(
                Skipped(
                    label + f.rel, f"it is the same file as {label}{first.rel} (a link to it): each file is read once"
                )
            )
    skipped.sort(key=lambda s: s.path)
    return kept, skipped


__all__ = ["Found", "OutsideError", "Skipped", "entries", "walk"]

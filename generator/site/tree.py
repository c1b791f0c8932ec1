"""Walking a folder the way the builder compares outputs: names starting with '.' skipped."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path


def entries(root: Path, enter_links: bool) -> Iterator[tuple[str, os.DirEntry, bool]]:
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


__all__ = ["entries"]

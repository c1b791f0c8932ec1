"""Files written in one step and JSON read forgivingly: the helpers every cache and record
of ours shares (the build cache, double-dummy results, history, the upgrade), below every
layer that writes one; and whether a named file of the content folder may be read at all
(``refused_file``: the site's settings and the content walk use it)."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any


def write_atomic(path: Path, data: bytes) -> None:
    """Replace a file in one step (a temporary file, then a rename); a new file is written
    directly — a build killed meanwhile leaves it cut short, which its seal shows (``sealed``):
    made again with a warning, never a stray temporary file.  A file other processes may read
    while it is first written: ``write_whole``."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            with open(path, "xb") as f:
                f.write(data)
            return
        except FileExistsError:
            pass
        except BaseException:
            path.unlink(missing_ok=True)
            raise
    write_whole(path, data)


def write_whole(path: Path, data: bytes) -> None:
    """Write a file in one step, a new one too: a temporary file beside it (``.tmp-*``, hidden),
    then a rename — for a file another process may read while it is written (two workers
    compiling the same template: one would read the other's half-written file as damage).
    A process killed meanwhile leaves the temporary file: the folder's owner sweeps it
    (``compiled.prune_compiled``)."""
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=path.suffix)
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=path.suffix)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_bytes())
    except (OSError, ValueError):
        return None


def inside(real: str, confine: str) -> bool:
    """Whether the real path ``real`` is ``confine`` or lies below it (both resolved)."""
    return real == confine or real.startswith(confine.rstrip(os.sep) + os.sep)


def refused_file(path: Path, confine: Path) -> str | None:
    """Why a named file of the content folder (``site.yaml``) must not be read, or None:
    a link out of ``confine``, or not a regular file (a pipe or /dev/zero would never end)."""
    real = os.path.realpath(path)
    if not inside(real, os.path.realpath(confine)):
        return f"it is a symbolic link to {real}, outside the content folder (the build never reads outside it)"
    if os.path.lexists(path) and not os.path.isfile(real):
        return "it is not a regular file"
    return None

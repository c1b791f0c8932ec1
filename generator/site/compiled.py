"""Compiled templates kept between builds: Jinja's bytecode cache, checked.

Compiling our templates takes about 0.2 s of CPU a build (measured on the archive benchmark's
"one new session" build, docs/performance.md) — a fifth of a small build.  Jinja's
``BytecodeCache`` keeps each template's compiled code; this one keeps it in the build's cache
folder, under a folder named by everything the code depends on besides the template's own
text (which Jinja checks itself): our code (the code generator, the filters and extensions),
Jinja's and Python's versions, and the site's language (its translations of constant texts are
compiled in).  Each file is sealed as every cache item that can reach a page is (``sealed``:
a checksum of its kind, its template's key and its bytes): a damaged, truncated or swapped
file is compiled again with a warning, never run; files are written in one step
(``write_whole``), so a killed build or two builds at once leave each file old or new, never
half written.
"""

from __future__ import annotations

import contextlib
import hashlib
import sys
from pathlib import Path

import jinja2
from jinja2.bccache import Bucket, BytecodeCache

from .. import sealed
from ..files import write_whole

KIND = "template-code-1"
"""The sealed item's kind (``sealed``): a new layout of the file is a new number."""


class CheckedBytecodeCache(BytecodeCache):
    """Jinja's bytecode cache in one folder, each file checked by its digest before use."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def _path(self, bucket: Bucket) -> Path:
        return self.folder / f"{bucket.key}.code"

    def load_bytecode(self, bucket: Bucket) -> None:
        code = sealed.read(self._path(bucket), KIND, bucket.key)  # None: not compiled yet (Jinja compiles it)
        if code is not None:
            bucket.bytecode_from_string(code)  # Jinja checks its magic and the source's checksum

    def dump_bytecode(self, bucket: Bucket) -> None:
        with contextlib.suppress(OSError):  # a full disk, a read-only cache: compiled again next time
            write_whole(self._path(bucket), sealed.seal(KIND, bucket.key, bucket.bytecode_to_string()))


def compiled_folder(cache_root: Path, code_version: str, language: str) -> Path:
    """The folder for this code, Jinja, Python and language (a change of any is a new folder;
    ``prune_compiled`` removes the others)."""
    key = hashlib.sha256("\0".join((code_version, jinja2.__version__, sys.version, language)).encode()).hexdigest()[:24]
    return cache_root / "compiled" / key


def prune_compiled(keep: Path) -> None:
    """Remove the compiled code of other versions and languages (one language a site), and the
    temporary files a killed build's workers left in this one (the build holds the lock)."""
    with contextlib.suppress(OSError):
        for stray in keep.glob(".tmp-*"):
            stray.unlink(missing_ok=True)
        for folder in keep.parent.iterdir():
            if folder != keep and folder.is_dir():
                with contextlib.suppress(OSError):
                    for file in folder.iterdir():
                        file.unlink(missing_ok=True)
                    folder.rmdir()

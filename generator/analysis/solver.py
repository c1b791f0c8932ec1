"""Whether the double-dummy solver is installed, and which: read from the package's files and
metadata, never by importing it (that takes half a second) — nor, here, anything else of
ours, so that the check that nothing changed (``site/quick.py``) can ask cheaply."""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path


@functools.cache
def solver_version() -> str:
    """'endplay 0.5.12' when the solver and its compiled DDS are installed, else 'none'.

    Part of the build cache's key, so a site built without the analysis is rendered again
    once the solver appears (and the other way round, or on an upgrade)."""
    try:
        spec = importlib.util.find_spec("endplay")
    except (ImportError, ValueError):
        return "none"
    folders = spec.submodule_search_locations if spec is not None else None
    if not folders or not any(Path(f, "_dds").is_dir() or any(Path(f).glob("_dds*")) for f in folders):
        return "none"
    from importlib import metadata  # (some 10 ms: only when the solver is there to be named)

    try:
        version = metadata.version("endplay")
    except (ValueError, metadata.PackageNotFoundError):
        return "none"
    return f"endplay {version}"

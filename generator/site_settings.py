"""The ``site.yaml`` that governs a file scored outside a build (``score FILE``, ``check FILE``).

The build reads ``content/site.yaml``; ``score`` and ``check`` are given one file, so they
look for the club's settings where the build would have found them: in the file's own folder,
then in its parents, nearest first.  The search stops at the first ``site.yaml`` and never goes
above a content folder (a folder named ``content``) or a repository root (a folder holding
``.git``); a file with neither above it uses only its own folder's ``site.yaml``, so a stray
settings file elsewhere on the machine is never read.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .scoring.options import ScoringOptions

CONTENT_FOLDER = "content"


def settings_folders(file: Path) -> list[Path]:
    """The folders whose ``site.yaml`` may govern ``file``, nearest first.

    >>> [p.as_posix() for p in settings_folders(Path("/nowhere/club/content/sessions/2026/mon.yaml"))]
    ['/nowhere/club/content/sessions/2026', '/nowhere/club/content/sessions', '/nowhere/club/content']
    >>> [p.as_posix() for p in settings_folders(Path("/nowhere/mon.yaml"))]
    ['/nowhere']
    """
    start = file.parent
    chain = [start, *start.parents]
    for n, folder in enumerate(chain):
        if folder.name == CONTENT_FOLDER or (folder / ".git").exists():
            return chain[: n + 1]
    return [start]


def _settings_folder(given: Path) -> Path | None:
    """The folder of the nearest ``site.yaml`` above ``given``, named as the user named the file
    (relative to here when they gave a relative path); None when there is none."""
    for folder in settings_folders(given.absolute()):
        if (folder / "site.yaml").exists() or (folder / "site.yaml").is_symlink():
            return folder if given.is_absolute() else Path(os.path.relpath(folder))
    return None


def site_event_missing_for(file: Path) -> str | None:
    """The ``events: missing:`` of the ``site.yaml`` that governs ``file`` (None without one):
    an event file scored on its own treats a missed session as the site does."""
    folder = _settings_folder(Path(file))
    if folder is None:
        return None
    from .site_config import load_config

    return load_config(folder).event_missing


def site_scoring_for(file: Path) -> ScoringOptions:
    """The ``scoring:`` of the ``site.yaml`` that governs ``file``, resolved and validated: the
    defaults its upload's options override (the built-in defaults without a ``site.yaml``)."""
    from .scoring.options import DEFAULT_OPTIONS

    folder = _settings_folder(Path(file))
    if folder is None:
        return DEFAULT_OPTIONS
    from .site_config import load_config

    return load_config(folder).options()


def site_language_for(file: Path) -> tuple[str, Path | None]:
    """The ``language`` of the ``site.yaml`` that governs ``file`` ('en' without one) and that
    site.yaml's folder (whose ``locale/`` may hold the club's own catalogs): ``check``'s report
    is in the site's language."""
    from .languages import DEFAULT_LANGUAGE

    folder = _settings_folder(Path(file))
    if folder is None:
        return DEFAULT_LANGUAGE, None
    from .site_config import load_config

    return load_config(folder).language, folder

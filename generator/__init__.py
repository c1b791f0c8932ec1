"""bridge-results as a library: the four things the command line does, as functions.

>>> import generator
>>> outcome = generator.score("content/sessions/2026/10-05-pairs.yaml", neuberg_rounding="ebu")  # doctest: +SKIP
>>> outcome.sessions[0].result.standings[0].percentage  # doctest: +SKIP
Fraction(6125, 100)
>>> generator.check("results.xml").ok  # doctest: +SKIP
True
>>> generator.build("content", "site").pages  # doctest: +SKIP

Each function imports what it needs when called, so that ``python -m generator --help``
stays quick; the command line (``cli.py``) parses, calls these, prints and sets the exit status.
"""

from __future__ import annotations

import sys
import types

TYPE_CHECKING = False  # typing and pathlib are not loaded for ``--help``: each function loads what it needs
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

    from .check import CheckReport
    from .model import Session
    from .site.progress import Progress
    from .site.report import BuildReport
    from .upload import UploadOutcome

__all__ = ["build", "check", "read", "score"]


def read(path: Path | str, /) -> list[Session]:
    """Every session in one upload, as read (not scored); ``InputErrors`` naming the file,
    the place, the board and the pair when it cannot be read."""
    from pathlib import Path

    from .readers import read_sessions

    return read_sessions(Path(path))


def score(path: Path | str, /, **options: Any) -> UploadOutcome:
    """One upload read and scored as ``score FILE`` does: the ``site.yaml`` that governs the
    file (``site_settings``), then the file's own options, then ``options`` (``--option``)."""
    from pathlib import Path

    from .site_settings import site_scoring_for
    from .upload import read_and_score

    return read_and_score(Path(path), site=site_scoring_for(Path(path)), overrides=options)


def check(path: Path | str, /, *, verbose: bool = False, **options: Any) -> CheckReport:
    """The figures an export prints compared with ours, as ``check FILE`` does (``.text`` is
    what it prints, ``.ok`` its exit status 0)."""
    from pathlib import Path

    from .check import check_upload

    return check_upload(Path(path), options, verbose)


def build(
    content: Path | str,
    output: Path | str,
    *,
    templates: Path | str | None = None,
    jobs: int | None = None,
    site_url: str | None = None,
    progress: Progress | None = None,
) -> BuildReport:
    """The static site of ``content`` written to ``output``, as ``build`` does."""
    from pathlib import Path

    from .site.noop import unchanged

    # nothing changed: answered before the engine and the renderer are loaded (site/noop.py)
    same = unchanged(
        Path(content), Path(output), None if templates is None else Path(templates), site_url=site_url, jobs=jobs
    )
    if same is not None:
        return same
    from .site.build import build_site

    return build_site(
        Path(content),
        Path(output),
        templates=None if templates is None else Path(templates),
        jobs=jobs,
        progress=progress,
        site_url=site_url,
        checked=True,
    )


class _Package(types.ModuleType):
    """The package keeps its function ``check`` when the module ``generator.check`` is first
    imported (the import system would otherwise set the package's attribute to the module);
    the module stays ``sys.modules["generator.check"]`` and ``from generator.check import ...``."""

    def __setattr__(self, name: str, value: object) -> None:
        if name in __all__ and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package

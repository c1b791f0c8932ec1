"""Where the files that ship with the generator are: templates, articles, the workflow and
what ``new`` writes into a club's repository.

Installed from a wheel they are package data (``generator/templates`` and so on); in the
source tree (and an editable install) they are the project's own folders: ``templates/``
and ``.github/workflows/`` stay at the top of the repository, where a club that copies the
repository edits them.  ``pyproject.toml`` maps those folders into the package.
"""

from __future__ import annotations

from pathlib import Path

DEFAULT_CLUB = "Our Bridge Club"
"""The club's name `new` writes into site.yaml when none is given (here, not in new.py, so that
the command line names it without importing what `new` needs to pack a wheel)."""

PACKAGE_ROOT = Path(__file__).resolve().parent
SOURCE_ROOT = PACKAGE_ROOT.parent


def _mapped(name: str, source_folder: str) -> Path:
    """A data folder that pyproject.toml maps into the package as ``generator/<name>`` from
    ``source_folder`` of the repository: there when installed, else in the source tree."""
    installed = PACKAGE_ROOT / name
    return installed if installed.is_dir() else SOURCE_ROOT / source_folder


def packaged_templates() -> Path:
    """The generator's own Jinja2 templates and static files."""
    return _mapped("templates", "templates")


def packaged_workflow() -> Path:
    """The GitHub Actions workflow that builds and publishes a club's site."""
    return _mapped("workflows", ".github/workflows") / "site.yml"


def packaged_articles() -> Path:
    """Our articles on scoring: every site has them unless its content/articles/ replaces one."""
    return PACKAGE_ROOT / "articles"


def scaffold() -> Path:
    """The files ``new`` writes into a club's repository (besides the workflow)."""
    return PACKAGE_ROOT / "scaffold"


def default_templates(content: Path) -> Path:
    """A club's own ``templates/`` folder beside its content folder when it has one, else ours."""
    own = Path(content).parent / "templates"
    if (own / "base.html").is_file():
        return own
    return packaged_templates()


def packaged_locks() -> Path:
    """The runtime locks (``runtime.txt``, ``analysis.txt``) a club's requirements.txt copies, and
    ``languages.txt``, which the workflow installs for a site in another language than English."""
    return _mapped("locks", "requirements")

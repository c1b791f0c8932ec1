"""``new DIR``: the start of a club's repository, like ``mkdocs new``.

It writes the club's settings, one commented example session, the GitHub workflow that
builds and publishes the site, a ``.gitignore``, ``requirements.txt`` (the generator's
version) and a README for the club's scorer.  The articles on scoring are not copied:
every site gets ours from the installed generator, and ``content/articles/`` holds only
what a club adds or replaces.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from string import Template

from .errors import GeneratorError
from .resources import packaged_workflow, scaffold

DEFAULT_CLUB = "Our Bridge Club"

# Scaffold file -> where it goes in the new repository.
FILES = {
    "README.md": "README.md",
    "gitignore": ".gitignore",
    "requirements.txt": "requirements.txt",
    "site.yaml": "content/site.yaml",
    "example-pairs.yaml": "content/sessions/example-pairs.yaml",
}


DISTRIBUTION = "bridge-results-generator"


def generator_requirement() -> str:
    """What the club's workflow installs: the generator this ``new`` runs from.

    Installed from a Git repository (``pip install git+https://…``), pip recorded the
    address and the commit (PEP 610 ``direct_url.json``): the club gets exactly that.
    Otherwise the version, as published on a package index."""
    from importlib import metadata  # here, not at the top: every command imports this module (cli.py)

    try:
        dist = metadata.distribution(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return f"{DISTRIBUTION}==0.1.0"
    line = requirement_line(dist.version, dist.read_text("direct_url.json"))
    if "==" in line:  # run from a clone (make setup): the commit of that clone, when GitHub has it
        return _checkout_requirement() or line
    return line


def _checkout_requirement() -> str | None:
    import subprocess  # here: every command's start imports this module (cli), only `new` runs git

    from .resources import SOURCE_ROOT

    if not (SOURCE_ROOT / ".git").exists():
        return None

    def git(*args: str) -> str:
        return subprocess.run(
            ["git", "-C", str(SOURCE_ROOT), *args], capture_output=True, text=True, check=True, timeout=10
        ).stdout.strip()

    try:
        url, commit = git("remote", "get-url", "origin"), git("rev-parse", "HEAD")
        published = bool(git("branch", "-r", "--contains", commit))
    except (OSError, subprocess.SubprocessError):
        return None
    return checkout_requirement(url, commit, published)


def checkout_requirement(origin: str, commit: str, published: bool) -> str | None:
    """The requirement for a clone's commit: only when the commit is on a branch of its
    GitHub-style https origin (a local commit could not be installed by the workflow)."""
    if origin.startswith("git@github.com:"):
        origin = "https://github.com/" + origin[len("git@github.com:") :]
    if not published or not origin.startswith("https://") or not re.fullmatch(r"[0-9a-f]{40}", commit):
        return None
    return f"{DISTRIBUTION} @ git+{origin}@{commit}"


def requirement_line(version: str, direct_url: str | None) -> str:
    """A requirement line for ``requirements.txt``; a local folder cannot be installed on GitHub."""
    try:
        origin = json.loads(direct_url) if direct_url else {}
    except ValueError:
        origin = {}
    vcs = origin.get("vcs_info") if isinstance(origin, dict) else None
    if vcs and vcs.get("vcs") and vcs.get("commit_id") and str(origin.get("url", "")).startswith("https://"):
        return f"{DISTRIBUTION} @ {vcs['vcs']}+{origin['url']}@{vcs['commit_id']}"
    return f"{DISTRIBUTION}=={version}"


def new_site(target: Path, club: str = DEFAULT_CLUB) -> list[Path]:
    """Write a club's repository into ``target`` (new or empty); return the files written."""
    target = Path(target)
    if target.exists() and not target.is_dir():
        raise GeneratorError(f"{target} is a file: give the name of a new or empty folder")
    if target.is_dir() and any(target.iterdir()):
        raise GeneratorError(
            f"{target} is not empty: `new` writes a club's repository into a new or empty folder, "
            "so that nothing of yours is overwritten; choose another folder"
        )
    club = " ".join(str(club).split()) or DEFAULT_CLUB
    values = {
        "club": club,
        # A YAML double-quoted scalar is JSON: any club name is written safely.
        "yaml_club": json.dumps(club, ensure_ascii=False),
        "requirement": generator_requirement(),
    }
    written = []
    for name, rel in FILES.items():
        text = (scaffold() / name).read_text(encoding="utf-8")
        written.append(_write(target / rel, Template(text).substitute(values)))
    written.append(
        _write(target / ".github" / "workflows" / "site.yml", packaged_workflow().read_text(encoding="utf-8"))
    )
    return written


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path

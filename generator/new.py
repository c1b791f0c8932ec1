"""``new DIR``: the start of a club's repository, like ``mkdocs new``.

It writes the club's settings, one commented example session, the GitHub workflow that
builds and publishes the site (and dependabot's settings, which keep its actions current),
a ``.gitignore``, a README for the club's scorer, and what the workflow installs: the
generator's own wheel in ``vendor/`` and ``requirements.txt``, every file pinned by hash
(generator/wheel.py says why).  The articles on scoring are not copied:
every site gets ours from the installed generator, and ``content/articles/`` holds only
what a club adds or replaces.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from string import Template

from .errors import GeneratorError
from .resources import DEFAULT_CLUB, packaged_locks, packaged_workflow, scaffold
from .wheel import DISTRIBUTION, running_wheel, scratch, sha256, wheel_version

# Scaffold file -> where it goes in the new repository.
FILES = {
    "README.md": "README.md",
    "gitignore": ".gitignore",
    "dependabot.yml": ".github/dependabot.yml",
    "site.yaml": "content/site.yaml",
    "example-pairs.yaml": "content/sessions/example-pairs.yaml",
}


VENDOR = "vendor"
"""The club's folder for the generator's wheel."""


def requirements_text(generator_line: str, lock: str) -> str:
    """A club's ``requirements.txt``: the generator, then every library it needs, pinned.

    With a vendored wheel every line carries its sha256, so pip checks every file it installs
    (hash-checking mode) and the site never changes because a dependency floated.  A Git
    address cannot be hashed: then the versions are pinned without hashes."""
    hashed = "--hash=" in generator_line
    body = lock if hashed else _without_hashes(lock)
    how = (
        "the generator's wheel from vendor/, and every library it needs, each pinned by version and\n"
        "# sha256 hash: pip refuses any file that differs.  `bridge-results upgrade NEWER.whl` (or\n"
        "# `bridge-results upgrade --index`) replaces the wheel and rewrites this file."
        if hashed
        else "the generator from its Git address, and every library it needs, pinned by version.\n"
        "# To upgrade, change the commit (or run `bridge-results new` again from a newer generator)."
    )
    return (
        "# What builds this site; the workflow runs `pip install -r requirements.txt`.  It installs\n"
        f"# {how}\n{generator_line}\n{body}"
    )


def _without_hashes(lock: str) -> str:
    lines = [line.rstrip(" \\") for line in lock.splitlines() if not line.strip().startswith("--hash=")]
    return "\n".join(lines) + "\n"


def vendored_line(wheel_name: str, digest: str) -> str:
    return f"./{VENDOR}/{wheel_name} \\\n    --hash=sha256:{digest}"


def git_line(url: str) -> str:
    """``git+https://…@COMMIT`` (or a plain https address) as a requirement."""
    url = url.strip()
    if not url.startswith(("git+", "https://", "http://", "file:")):
        raise GeneratorError(
            f"--generator {url!r}: expected a Git address such as git+https://github.com/OWNER/REPO@TAG"
        )
    if not url.startswith("git+") and not url.endswith((".whl", ".tar.gz", ".zip")):
        url = "git+" + url
    return f"{DISTRIBUTION} @ {url}"


def new_site(
    target: Path,
    club: str = DEFAULT_CLUB,
    *,
    generator: str | None = None,
    wheel: Path | None = None,
    analysis: bool = False,
) -> list[Path]:
    """Write a club's repository into ``target`` (new or empty); return the files written.

    The generator goes into ``vendor/`` as a wheel (``wheel``, else one made from the running
    generator) pinned by hash, unless ``generator`` names a Git address to install from."""
    target = Path(target)
    if target.exists() and not target.is_dir():
        raise GeneratorError(f"{target} is a file: give the name of a new or empty folder")
    if target.is_dir() and any(target.iterdir()):
        raise GeneratorError(
            f"{target} is not empty: `new` writes a club's repository into a new or empty folder, "
            "so that nothing of yours is overwritten; choose another folder"
        )
    club = " ".join(str(club).split()) or DEFAULT_CLUB
    lock = (packaged_locks() / ("analysis.txt" if analysis else "runtime.txt")).read_text(encoding="utf-8")
    written = []
    if generator is not None:
        line = git_line(generator)
    else:
        with scratch() as tmp:
            built = Path(wheel) if wheel is not None else running_wheel(Path(tmp))
            wheel_version(built)  # a clear error for a file that is not a wheel
            vendored = target / VENDOR / built.name
            vendored.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(built, vendored)
            written.append(vendored)
            line = vendored_line(built.name, sha256(vendored))
    values = {
        "club": club,
        # A YAML double-quoted scalar is JSON: any club name is written safely.
        "yaml_club": json.dumps(club, ensure_ascii=False),
    }
    for name, rel in FILES.items():
        text = (scaffold() / name).read_text(encoding="utf-8")
        written.append(_write(target / rel, Template(text).substitute(values)))
    written.append(_write(target / "requirements.txt", requirements_text(line, lock)))
    written.append(
        _write(target / ".github" / "workflows" / "site.yml", packaged_workflow().read_text(encoding="utf-8"))
    )
    return written


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path

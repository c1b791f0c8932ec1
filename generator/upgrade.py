"""``upgrade [WHEEL | --index]``: a club's vendored generator moved to a newer wheel.

The new wheel goes into ``vendor/`` (the old one leaves), and ``requirements.txt`` is
written anew: the new wheel's hash and the runtime lock that wheel ships (with the
analysis when the club had it).  What changed is said, so the commit can say it too.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

from .errors import GeneratorError
from .files import write_atomic
from .new import VENDOR, requirements_text, vendored_line
from .wheel import DISTRIBUTION, file_in_wheel, lock_in_wheel, scratch, sha256, wheel_version

_VENDORED = re.compile(r"^\./vendor/(?P<name>[^\s\\]+\.whl)\s*\\?\s*$", re.MULTILINE)
_HASH = re.compile(r"--hash=sha256:([0-9a-f]{64})")


def upgrade(repo: Path, wheel: Path | None = None, index: bool = False) -> list[str]:
    """Move ``repo``'s vendored generator to ``wheel`` (or the newest on the package index);
    return the lines that say what changed."""
    requirements = repo / "requirements.txt"
    try:
        old_text = requirements.read_text(encoding="utf-8")
    except OSError as exc:
        raise GeneratorError(
            f"{requirements}: cannot read it ({exc.strerror}): run upgrade in the club's repository"
        ) from None
    found = _VENDORED.search(old_text)
    if found is None:
        raise GeneratorError(
            f"{requirements}: no vendored generator (a line ./{VENDOR}/bridge_results_generator-….whl): "
            "only a repository made by `bridge-results new` can be upgraded this way"
        )
    old_name = found["name"]
    old_hash = _HASH.search(old_text, found.end())
    with scratch() as tmp:
        if wheel is None:
            if not index:
                raise GeneratorError("upgrade needs a wheel file, or --index to fetch the newest release")
            wheel = _from_index(Path(tmp))
        wheel = Path(wheel)
        new_version, old_version = wheel_version(wheel), wheel_version(Path(old_name))
        lock = lock_in_wheel(wheel, "analysis.txt" if "endplay==" in old_text else "runtime.txt")
        target = repo / VENDOR / wheel.name
        if wheel.resolve() != target.resolve():
            shutil.copyfile(wheel, target)
        workflow = _workflow(repo, repo / VENDOR / old_name, wheel)
    digest = sha256(target)
    # The new wheel is in place before requirements.txt names it, and the old one goes last:
    # stopped at any point, requirements.txt names a wheel that is there.
    write_atomic(requirements, requirements_text(vendored_line(target.name, digest), lock).encode("utf-8"))
    if target.name != old_name:
        (repo / VENDOR / old_name).unlink(missing_ok=True)
    before = old_hash[1][:12] if old_hash else "none"
    return [
        f"{DISTRIBUTION} {old_version} → {new_version}",
        f"requirements.txt: the generator's hash sha256:{before}… → sha256:{digest[:12]}…, libraries from its lock",
        f"{VENDOR}/{old_name} → {VENDOR}/{target.name}",
        *workflow,
    ]


WORKFLOW = Path(".github/workflows/site.yml")
_PACKAGED_WORKFLOW = "generator/workflows/site.yml"


def _workflow(repo: Path, old_wheel: Path, new_wheel: Path) -> list[str]:
    """The club's workflow follows the generator's when the club has not changed it."""
    new = file_in_wheel(new_wheel, _PACKAGED_WORKFLOW)
    old = file_in_wheel(old_wheel, _PACKAGED_WORKFLOW) if old_wheel.is_file() else None
    try:
        mine = (repo / WORKFLOW).read_text(encoding="utf-8")
    except OSError:
        mine = None
    if new is None or new == mine:
        return []
    if mine is None or mine == old:
        write_atomic(repo / WORKFLOW, new.encode("utf-8"))
        return [f"{WORKFLOW.as_posix()}: the new generator's workflow"]
    return [
        f"{WORKFLOW.as_posix()}: yours differs from the generator's and was kept; the new generator's "
        f"is {_PACKAGED_WORKFLOW} in {new_wheel.name}: compare them"
    ]


def _from_index(out: Path) -> Path:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--no-deps",
            "--only-binary=:all:",
            "-q",
            "-d",
            str(out),
            DISTRIBUTION,
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    wheels = sorted(out.glob("*.whl"))
    if done.returncode != 0 or not wheels:
        tail = "\n".join(done.stderr.strip().splitlines()[-3:])
        raise GeneratorError(f"no {DISTRIBUTION} wheel on the package index (pip download):\n{tail}")
    return wheels[0]

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
from .new import VENDOR, requirements_text, vendored_line
from .wheel import DISTRIBUTION, lock_in_wheel, scratch, sha256, wheel_version

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
    digest = sha256(target)
    requirements.write_text(requirements_text(vendored_line(target.name, digest), lock), encoding="utf-8")
    if target.name != old_name:
        (repo / VENDOR / old_name).unlink(missing_ok=True)
    before = old_hash[1][:12] if old_hash else "none"
    return [
        f"{DISTRIBUTION} {old_version} → {new_version}",
        f"requirements.txt: the generator's hash sha256:{before}… → sha256:{digest[:12]}…, libraries from its lock",
        f"{VENDOR}/{old_name} → {VENDOR}/{target.name}",
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

"""The running generator as a wheel file, for a club's repository (``new``, ``upgrade``).

A club's workflow must install exactly the generator that made its repository, on a fresh
machine, before any release of ours exists on a package index.  So ``new`` puts the wheel
into the club's ``vendor/`` folder and pins it by hash.  It comes from:

- a source tree (a clone, an editable install): ``pip wheel --no-deps``, the standard build;
- an installed wheel (``pip install bridge_results_generator-….whl``): the installed files
  packed again into a wheel, without network, caches or build tools (the files are those
  the original wheel held, each checked against the installation's RECORD).
"""

from __future__ import annotations

import base64
import hashlib
import io
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable
from importlib import metadata
from pathlib import Path

from .errors import GeneratorError
from .resources import SOURCE_ROOT

DISTRIBUTION = "bridge-results-generator"
_NOT_PACKED = {"RECORD", "INSTALLER", "REQUESTED", "direct_url.json"}
"""What an installer adds to a dist-info folder (and RECORD, which is written anew)."""


def sha256(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def wheel_version(path: Path) -> str:
    """The version a wheel file holds, from its name (``name-1.2.0-py3-none-any.whl``)."""
    parts = Path(path).name.split("-")
    if len(parts) < 5 or not path.name.endswith(".whl"):
        raise GeneratorError(f"{path} is not a wheel file (expected NAME-VERSION-py3-none-any.whl)")
    return parts[1]


def running_wheel(out: Path) -> Path:
    """A wheel of the generator this process runs, written into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    if _source_tree():
        return _built(SOURCE_ROOT, out)
    try:
        dist = metadata.distribution(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        raise GeneratorError(
            f"{DISTRIBUTION} is neither installed nor run from its source tree: no wheel to copy"
        ) from None
    return _repacked(dist, out)


def _source_tree() -> bool:
    """Whether the running package is a source tree's (a clone, an editable install), not an
    installed wheel's: its folder sits beside our pyproject.toml."""
    try:
        project = (SOURCE_ROOT / "pyproject.toml").read_text(encoding="utf-8")
    except OSError:
        return False
    return f'name = "{DISTRIBUTION}"' in project


_NOT_BUILT = {
    ".git",
    ".venv",
    "venv",
    "site",
    "site.new",
    "site.old",
    ".cache",
    "build",
    "dist",
    "tests",
    ".pytest_cache",
    ".mypy_cache",
    ".ruff_cache",
    "node_modules",
    "benchmarks",
}
"""Left out (at the top of the tree) of the copy a wheel is built from: environments,
outputs, caches, the tests."""
_NEVER_BUILT = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")


def _not_built(source: Path) -> Callable[[str, list[str]], set[str]]:
    def ignored(folder: str, names: list[str]) -> set[str]:
        top = _NOT_BUILT.intersection(names) if Path(folder) == source else set()
        return top | set(_NEVER_BUILT(folder, names))

    return ignored


def _built(source: Path, out: Path) -> Path:
    """``pip wheel`` of a copy of the source tree: a build in the tree itself would leave
    ``build/`` behind, and a module deleted since an earlier build could come back from it."""
    copy = out / "source"
    shutil.copytree(source, copy, ignore=_not_built(source), symlinks=True)
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(copy)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    wheels = sorted(out.glob("bridge_results_generator-*.whl"))
    if done.returncode != 0 or not wheels:
        tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-5:])
        raise GeneratorError(f"could not build the generator's wheel from {source} (pip wheel):\n{tail}")
    return wheels[-1]


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def _repacked(dist: metadata.Distribution, out: Path) -> Path:
    """The installed files packed again as the wheel they came from (fixed dates: the same
    installation gives the same bytes, so the same hash)."""
    files = sorted(
        (f for f in dist.files or () if _packed(str(f))),
        key=lambda f: (".dist-info/" in str(f), str(f)),  # dist-info last, as wheels have it
    )
    info_dir = next((str(f).split("/")[0] for f in files if ".dist-info/" in str(f)), None)
    if info_dir is None:
        raise GeneratorError(f"the installation of {DISTRIBUTION} has no file list (RECORD): no wheel to copy")
    wheel_meta = dist.read_text("WHEEL") or ""
    tag = next((line.split(":", 1)[1].strip() for line in wheel_meta.splitlines() if line.startswith("Tag:")), "")
    name = f"{info_dir.removesuffix('.dist-info')}-{tag or 'py3-none-any'}.whl"
    buffer = io.BytesIO()
    record = []
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for f in files:
            data = Path(str(f.locate())).read_bytes()
            if f.hash is not None and f.hash.mode == "sha256" and _record_hash(data) != f"sha256={f.hash.value}":
                raise GeneratorError(f"{f.locate()} differs from what was installed (RECORD): reinstall the generator")
            _add(archive, str(f), data)
            record.append(f"{f},{_record_hash(data)},{len(data)}")
        record.append(f"{info_dir}/RECORD,,")
        _add(archive, f"{info_dir}/RECORD", ("\n".join(record) + "\n").encode())
    target = out / name
    target.write_bytes(buffer.getvalue())
    return target


def _packed(rel: str) -> bool:
    parts = rel.split("/")
    if parts[0] == ".." or "__pycache__" in parts or rel.endswith(".pyc"):
        return False  # scripts made by the installer, compiled files
    return not (len(parts) == 2 and parts[0].endswith(".dist-info") and parts[1] in _NOT_PACKED)


def _add(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.external_attr = 0o644 << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    archive.writestr(info, data)


def lock_in_wheel(wheel: Path, name: str) -> str:
    """A runtime lock (``runtime.txt``, ``analysis.txt``) as the wheel ships it."""
    text = file_in_wheel(wheel, f"generator/locks/{name}")
    if text is None:
        raise GeneratorError(f"{wheel}: no generator/locks/{name} in it: not a wheel of this generator")
    return text


def file_in_wheel(wheel: Path, member: str) -> str | None:
    """A text file the wheel holds (None when it holds no such file)."""
    try:
        with zipfile.ZipFile(wheel) as archive:
            return archive.read(member).decode("utf-8")
    except KeyError:
        return None
    except (OSError, zipfile.BadZipFile, UnicodeDecodeError) as exc:
        raise GeneratorError(f"{wheel}: cannot read it as a wheel ({exc})") from None


def scratch() -> tempfile.TemporaryDirectory[str]:
    return tempfile.TemporaryDirectory(prefix="bridge-results-wheel-")

"""The cache is never trusted blindly, and changes are seen by their content (issue 25, items 4
and 5) — each case a real ``python -m generator build`` process.

A club of three uploads in git (one with deals: double-dummy results are cached; one corrected
twice: its earlier versions' snapshots are cached) is built once; that site is the reference.
Then each cache file is damaged in each way — a byte flipped, cut in half, emptied, another
item's content put in its place, one bit of a digit flipped inside its JSON — and the next
build must give the reference byte for byte, exit 0 and say which file it made again.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.site.cache import Cache

from .test_corrections import V1, V2, git

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")

CLUB = Path(__file__).resolve().parents[1] / "fixtures" / "club"
DEALS = "2026-09-07-monday-pairs.yaml"
HOWELL = "2026-09-17-thursday-howell.yaml"


def build(work: Path, *more: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The command line's build, relative paths (the pages name the upload by the path given)."""
    return subprocess.run(
        [sys.executable, "-m", "generator", "build", "--content", "content", "--output", "site", "--jobs", "2", *more],
        cwd=work,
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=600,
    )


def files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def make_club(work: Path) -> None:
    """content/ in git: three uploads, the Tuesday one committed as v1, v2, then v1 again."""
    sessions = work / "content" / "sessions"
    sessions.mkdir(parents=True)
    shutil.copy(CLUB / "site.yaml", work / "content" / "site.yaml")
    for name in (DEALS, HOWELL):
        shutil.copy(CLUB / "sessions" / name, sessions / name)
    git(work, "init", "-q", "-b", "main")
    for n, text in enumerate((V1, V2, V1), start=1):
        (sessions / "2026-11-17-tuesday.yaml").write_text(text, encoding="utf-8")
        git(work, "add", "-A", ".", date=f"2026-11-{17 + n}T22:30:00+00:00")
        git(work, "commit", "-q", "-m", f"version {n}", date=f"2026-11-{17 + n}T22:30:00+00:00")


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, bytes]]:
    """(the club's folder, a copy of its warm site and cache, the reference site)."""
    work = tmp_path_factory.mktemp("trust") / "club"
    make_club(work)
    time.sleep(2.2)  # files changed just now are never taken for unchanged: let them age
    done = build(work)
    assert done.returncode == 0, done.stderr
    assert "warning: the build cache" not in done.stdout
    saved = work.parent / "saved"
    shutil.copytree(work / "site", saved / "site", copy_function=shutil.copy2)
    shutil.copytree(work / ".cache", saved / ".cache", copy_function=shutil.copy2)
    return work, saved, files(work / "site")


def restore(work: Path, saved: Path) -> None:
    """The club's site and cache as the first build left them (times kept: the manifest holds)."""
    for name in ("site", ".cache"):
        shutil.rmtree(work / name, ignore_errors=True)
        shutil.copytree(saved / name, work / name, copy_function=shutil.copy2)


def _quick(cache: Path) -> Path:
    (found,) = cache.glob("quick-*.json")
    return found


def _manifest(cache: Path) -> Path:
    (found,) = cache.glob("manifest-*.json")
    return found


def _one(cache: Path, folder: str, but: str = "") -> tuple[Path, Path]:
    """Two cache files under ``folder`` (not under its subfolder ``but``), in a fixed order."""
    found = sorted(p for p in (cache / folder).rglob("*.json") if not (but and (cache / folder / but) in p.parents))
    assert len(found) >= 2
    return found[0], found[1]


def _entry(cache: Path) -> tuple[Path, Path]:
    found = sorted((cache / "entries").glob("*.pages.lz4"))
    return found[0], found[1]


# Each cache file: where it is (and another of its kind, for the swap), and what else the
# next build must be made to need so that it reads the file (the no-op build reads none).
TARGETS = {
    "quick record": (lambda c: (_quick(c / "site"), None), ()),
    "upload stamps": (lambda c: (c / "site" / "stamps.json", None), ("quick",)),
    "output manifest": (lambda c: (_manifest(c / "site"), None), ("quick",)),
    "index": (lambda c: (c / "site" / "index.json", None), ("quick",)),
    "page entry": (lambda c: _entry(c / "site"), ("output",)),
    "history log": (lambda c: (c / "site" / "history-log.json", None), ("quick",)),
    "history snapshot": (lambda c: _one(c / "site", "history", but="continuity"), ("quick", "index")),
    # whether an earlier version could be read, whether a rename continued the file (issue 25 item 8)
    "history continuity": (lambda c: _one(c / "site", "history/continuity"), ("quick", "index")),
    "double dummy": (lambda c: _one(c, "double-dummy"), ("quick", "index")),
}


def damage(path: Path, other: Path | None, how: str) -> None:
    data = bytearray(path.read_bytes())
    if how == "flip":
        data[len(data) // 2] ^= 0x10
    elif how == "cut":
        del data[len(data) // 2 :]
    elif how == "empty":
        data.clear()
    elif how == "swap":  # another item's (or another version's) content in its place
        if other is not None:
            data = bytearray(other.read_bytes())
        elif path.name == "index.json":  # two uploads' lines: each key with the other's data
            lines = data.split(b"\n")
            a, b = [i for i, line in enumerate(lines) if line.split(b" ")[1:2] == [b"K"]][:2]
            ha, hb = lines[a].split(b" ", 3), lines[b].split(b" ", 3)
            lines[a], lines[b] = b" ".join([*ha[:3], hb[3]]), b" ".join([*hb[:3], ha[3]])
            data = bytearray(b"\n".join(lines))
        else:  # the same file's seal over an older version's body: the first line kept
            head, _, body = bytes(data).partition(b"\n")
            try:
                older = json.dumps({"older": json.loads(body)}).encode()
            except ValueError:  # a body that is not JSON (the manifest's columns): another of its length
                older = body[::-1]
            data = bytearray(head + b"\n" + older)
    elif how == "bit":  # one bit of a digit inside the JSON (a summary's figure): still JSON
        at = data.find(b'"percentage":"') if path.name == "index.json" else -1
        at = at if at > 0 else max(data.find(b"\n") + 1, len(data) // 2)
        while not chr(data[at]).isdigit():
            at += 1
        data[at] ^= 0x01
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("how", ["flip", "cut", "empty", "swap", "bit"])
@pytest.mark.parametrize("target", list(TARGETS))
def test_a_damaged_cache_file_is_made_again_with_a_warning_never_a_wrong_page(
    club: tuple[Path, Path, dict[str, bytes]], target: str, how: str
) -> None:
    work, saved, reference = club
    restore(work, saved)
    find, needs = TARGETS[target]
    path, other = find(work / ".cache")
    if how == "bit" and path.suffix == ".lz4":
        pytest.skip("an entry is LZ4, not JSON (a flipped byte is the case above)")
    if how == "bit" and target == "history continuity":
        pytest.skip("a verdict holds no figure, only true or false (a flipped byte is the case above)")
    damage(path, other, how)
    if "quick" in needs:  # something changed: the build looks at the cache
        _quick(work / ".cache" / "site").unlink()
    if "index" in needs:  # the uploads are read and scored again: their analyses and history looked up
        (work / ".cache" / "site" / "index.json").unlink()
    if "output" in needs:  # the output lost the pages: they come from the entries
        shutil.rmtree(work / "site")

    done = build(work)

    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    assert files(work / "site") == reference
    warned = [line for line in done.stdout.splitlines() if line.startswith("warning: the build cache's")]
    assert warned and any(path.name in line for line in warned), done.stdout
    again = build(work)  # and the cache is sound again
    assert again.returncode == 0 and "warning: the build cache" not in again.stdout
    assert files(work / "site") == reference


def test_a_cache_of_another_version_is_ignored_quietly(club: tuple[Path, Path, dict[str, bytes]]) -> None:
    work, saved, reference = club
    restore(work, saved)
    cache = work / ".cache" / "site"
    # Each sealed file as a program with another format number wrote it; the index and the entries too.
    for path in [cache / "stamps.json", _manifest(cache), cache / "history-log.json"]:
        head, _, body = path.read_bytes().partition(b"\n")
        magic, kind, sum_ = head.split(b" ")
        path.write_bytes(b" ".join([magic, kind.rpartition(b"-")[0] + b"-999", sum_]) + b"\n" + body)
    index = cache / "index.json"
    index.write_bytes(index.read_bytes().replace(b"sealed-index site-cache-", b"sealed-index site-cache-99", 1))
    _quick(cache).unlink()
    shutil.rmtree(work / "site")

    done = build(work)

    assert done.returncode == 0 and "warning: the build cache" not in done.stdout, done.stdout
    assert "3 scored" in done.stdout  # the index of another version is not used
    assert files(work / "site") == reference


def test_an_entry_holds_its_key_and_each_page_digest(tmp_path: Path) -> None:
    """Another key's entry in its place, or pages that are not the index's, are refused."""
    cache = Cache(tmp_path)
    cache.store("a", {"x.html": b"A"})
    cache.store("b", {"x.html": b"B"})
    assert cache.load("a", {"x.html": hashlib.sha256(b"A").hexdigest()}) == {"x.html": b"A"}
    cache.entry_path("a").write_bytes(cache.entry_path("b").read_bytes())
    with pytest.raises(ValueError, match="another key"):
        cache.load("a")
    with pytest.raises(ValueError, match="not the page its digest names"):
        cache.load("b", {"x.html": "0" * 64})


# --- changes are seen by their content ---------------------------------------------------


def _same_size_same_mtime(path: Path, text: str) -> None:
    """Rewrite in place (same inode) with other bytes of the same length, the old mtime put back."""
    st = path.stat()
    data = text.encode("utf-8")
    assert len(data) == st.st_size
    with open(path, "r+b") as f:
        f.write(data)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert path.stat().st_size == st.st_size and path.stat().st_mtime_ns == st.st_mtime_ns


def _variant(text: str) -> str:
    """The same upload with one result changed, the same length: 4♠ by N making 11 not 10."""
    changed = text.replace("tricks: 10", "tricks: 11", 1)
    assert changed != text
    return changed


def _clean(tmp_path: Path, name: str, sessions: dict[str, str]) -> dict[str, bytes]:
    """The site a fresh build of these sessions gives (the same relative paths)."""
    work = tmp_path / name / "club"
    (work / "content" / "sessions").mkdir(parents=True)
    shutil.copy(CLUB / "site.yaml", work / "content" / "site.yaml")
    for rel, text in sessions.items():
        (work / "content" / "sessions" / rel).write_text(text, encoding="utf-8")
    done = build(work)
    assert done.returncode == 0, done.stderr
    return files(work / "site")


def test_a_file_replaced_with_the_same_size_and_mtime_is_rebuilt(tmp_path: Path) -> None:
    work = tmp_path / "club"
    (work / "content" / "sessions").mkdir(parents=True)
    shutil.copy(CLUB / "site.yaml", work / "content" / "site.yaml")
    upload = work / "content" / "sessions" / "tuesday.yaml"
    upload.write_text(V1, encoding="utf-8")
    time.sleep(2.2)  # older than the two seconds in which a change may not show in the file's times
    assert build(work).returncode == 0
    nothing = build(work)  # the no-op build: the file's status is remembered
    assert "0 scored" in nothing.stdout and " 0 written" in nothing.stdout

    _same_size_same_mtime(upload, _variant(V1))
    done = build(work)

    assert done.returncode == 0 and "1 scored" in done.stdout, done.stdout
    assert files(work / "site") == _clean(tmp_path, "clean", {"tuesday.yaml": _variant(V1)})


@pytest.mark.parametrize("stage", ["before-read", "after-read"])
def test_a_file_rewritten_during_the_build_never_leaves_pages_under_the_wrong_key(tmp_path: Path, stage: str) -> None:
    """The build hashes the file, a worker reads it: rewritten in between (or after the worker
    read it, before its pages are cached), the pages are cached under the key of the bytes
    they were made from.  So a later build of either version publishes that version's pages."""
    work = tmp_path / "club"
    (work / "content" / "sessions").mkdir(parents=True)
    shutil.copy(CLUB / "site.yaml", work / "content" / "site.yaml")
    upload = work / "content" / "sessions" / "tuesday.yaml"
    upload.write_text(V1, encoding="utf-8")
    hook = tmp_path / "hook"
    hook.mkdir()
    if stage == "after-read":
        (hook / "before-read.go").touch()
    command = [sys.executable, "-m", "generator", "build", "--content", "content", "--output", "site", "--jobs", "1"]
    proc = subprocess.Popen(
        command, cwd=work, env={**os.environ, "BRIDGE_RESULTS_TEST_PAUSE": str(hook)}, stdout=subprocess.PIPE, text=True
    )
    try:
        for _ in range(3000):
            if (hook / stage).exists():
                break
            time.sleep(0.02)
        assert (hook / stage).exists()
        _same_size_same_mtime(upload, _variant(V1))  # the version B of the same size and mtime
    finally:
        (hook / "before-read.go").touch()
        (hook / "after-read.go").touch()
        out, _ = proc.communicate(timeout=600)
    assert proc.returncode == 0, out
    first = files(work / "site")
    version_a = _clean(tmp_path, "a", {"tuesday.yaml": V1})
    version_b = _clean(tmp_path, "b", {"tuesday.yaml": _variant(V1)})
    assert first == (version_b if stage == "before-read" else version_a)  # the bytes that were read

    _same_size_same_mtime(upload, V1)  # back to A: its key must not find B's pages
    assert build(work).returncode == 0
    assert files(work / "site") == version_a
    _same_size_same_mtime(upload, _variant(V1))
    assert build(work).returncode == 0
    assert files(work / "site") == version_b


def test_the_history_cache_sees_the_commits_a_fetch_unshallow_brings(tmp_path: Path) -> None:
    """A shallow clone (CI's checkout) shows no corrections; ``git fetch --unshallow`` keeps
    HEAD where it was but brings the earlier versions: the next build shows them."""
    origin = tmp_path / "origin"
    (origin / "content" / "sessions").mkdir(parents=True)
    shutil.copy(CLUB / "site.yaml", origin / "content" / "site.yaml")
    git(origin, "init", "-q", "-b", "main")
    for n, text in enumerate((V1, V2), start=1):
        (origin / "content" / "sessions" / "tuesday.yaml").write_text(text, encoding="utf-8")
        git(origin, "add", "-A", ".", date=f"2026-11-{17 + n}T22:30:00+00:00")
        git(origin, "commit", "-q", "-m", f"version {n}", date=f"2026-11-{17 + n}T22:30:00+00:00")
    work = tmp_path / "shallow" / "club"
    full = tmp_path / "full" / "club"
    git(tmp_path, "clone", "-q", "--depth", "1", f"file://{origin}", str(work))
    git(tmp_path, "clone", "-q", f"file://{origin}", str(full))
    assert build(work).returncode == 0
    assert b"correction-1" not in files(work / "site")["sessions/tuesday/index.html"]

    git(work, "fetch", "-q", "--unshallow")
    assert build(work).returncode == 0
    assert build(full).returncode == 0

    assert b"correction-1" in files(work / "site")["sessions/tuesday/index.html"]
    assert files(work / "site") == files(full / "site")


def test_an_upload_changed_just_before_the_build_is_checked_by_its_bytes_on_the_no_op_build(tmp_path: Path) -> None:
    """Its times could hide a change made within the same clock tick: the no-op build's record
    keeps the digest of the bytes the build read, and the next build compares them."""
    from generator import sealed
    from generator.resources import default_templates
    from generator.site import quick
    from generator.site.build import build_site

    content = tmp_path / "content"
    (content / "sessions").mkdir(parents=True)
    shutil.copy(CLUB / "site.yaml", content / "site.yaml")
    upload = content / "sessions" / "tuesday.yaml"
    upload.write_text(V1, encoding="utf-8")
    site, cache = tmp_path / "site", tmp_path / "cache"
    build_site(content, site, cache_dir=cache)  # at once: the upload is "racy"
    record = quick.record_path(cache, site)
    _, _, body = record.read_bytes().partition(b"\n")
    verify = json.loads(body)["verify"]
    assert verify == {str(upload): hashlib.sha256(V1.encode()).hexdigest()}
    assert quick.check(cache, content, site, default_templates(content)) is not None  # its bytes are as read

    # The same record, but the bytes read were others: not "nothing changed".
    data = json.loads(body)
    data["verify"][str(upload)] = "0" * 64
    record.write_bytes(sealed.json_bytes(quick.RECORD, str(site.resolve()), data))
    assert quick.check(cache, content, site, default_templates(content)) is None


def test_an_event_whose_session_is_rewritten_during_the_build_is_not_cached_under_the_old_key(tmp_path: Path) -> None:
    """The event is ranked after the workers: a session file rewritten in between is read again
    by the ranking, so those pages are not the key's; they are not cached, and the file put back
    gives the event's pages of the file put back."""
    names = ["2026-winter-championship.event.yaml", "2026-11-18-winter-championship-1.yaml"]
    names.append("2026-11-25-winter-championship-2.yaml")

    def club(work: Path) -> Path:
        (work / "content" / "sessions").mkdir(parents=True)
        shutil.copy(CLUB / "site.yaml", work / "content" / "site.yaml")
        for name in names:
            shutil.copy(CLUB / "sessions" / name, work / "content" / "sessions" / name)
        return work / "content" / "sessions" / names[1]

    work = tmp_path / "club"
    member = club(work)
    original = member.read_text(encoding="utf-8")
    hook = tmp_path / "hook"
    hook.mkdir()
    (hook / "before-read.go").touch()
    command = [sys.executable, "-m", "generator", "build", "--content", "content", "--output", "site", "--jobs", "1"]
    proc = subprocess.Popen(
        command, cwd=work, env={**os.environ, "BRIDGE_RESULTS_TEST_PAUSE": str(hook)}, stdout=subprocess.PIPE, text=True
    )
    try:
        for _ in range(3000):
            if (hook / "after-read").exists():
                break
            time.sleep(0.02)
        assert (hook / "after-read").read_text(encoding="utf-8").endswith(names[1])
        _same_size_same_mtime(member, _variant(original))  # after the worker read it, before the ranking
    finally:
        (hook / "after-read.go").touch()
        out, _ = proc.communicate(timeout=600)
    assert proc.returncode == 0, out

    _same_size_same_mtime(member, original)
    assert build(work).returncode == 0

    clean = tmp_path / "clean" / "club"
    club(clean)
    assert build(clean).returncode == 0
    events = {p: b for p, b in files(clean / "site").items() if p.startswith("events/")}
    assert events and {p: files(work / "site")[p] for p in events} == events


def test_settings_changed_while_they_were_loaded_are_read_again_next_time(tmp_path: Path, monkeypatch) -> None:
    """site.yaml is loaded before the no-op fingerprint is taken: a change in between must not
    be recorded as what the site was built from."""
    import generator.site.build as build_module
    import generator.site.noop as settings_module  # where the build reads site.yaml (``read_settings``)

    content = tmp_path / "content"
    (content / "sessions").mkdir(parents=True)
    (content / "site.yaml").write_text("club: Old Name Club\n", encoding="utf-8")
    (content / "sessions" / "tuesday.yaml").write_text(V1, encoding="utf-8")
    site, cache = tmp_path / "site", tmp_path / "cache"
    real = settings_module.load_config

    def loaded_then_edited(folder: Path):
        config = real(folder)
        (content / "site.yaml").write_text("club: New Name Club\n", encoding="utf-8")
        return config

    monkeypatch.setattr(settings_module, "load_config", loaded_then_edited)
    build_module.build_site(content, site, cache_dir=cache)
    assert "Old Name Club" in (site / "index.html").read_text(encoding="utf-8")
    monkeypatch.setattr(settings_module, "load_config", real)

    build_module.build_site(content, site, cache_dir=cache)

    assert "New Name Club" in (site / "index.html").read_text(encoding="utf-8")


def test_templates_edited_while_pages_are_rendered_never_leave_pages_under_the_old_key(tmp_path: Path) -> None:
    """``serve`` rebuilds while the club edits its templates: pages rendered after an edit are
    not the key's (made from the templates as the build began), so they are not kept."""
    from generator.resources import packaged_templates

    def club(work: Path) -> Path:
        (work / "content" / "sessions").mkdir(parents=True)
        shutil.copy(CLUB / "site.yaml", work / "content" / "site.yaml")
        (work / "content" / "sessions" / "tuesday.yaml").write_text(V1, encoding="utf-8")
        shutil.copytree(packaged_templates(), work / "templates")  # the club's own templates
        return work / "templates" / "base.html"

    work = tmp_path / "club"
    base = club(work)
    original = base.read_text(encoding="utf-8")
    hook = tmp_path / "hook"
    hook.mkdir()
    (hook / "before-read.go").touch()
    command = [sys.executable, "-m", "generator", "build", "--content", "content", "--output", "site", "--jobs", "1"]
    proc = subprocess.Popen(
        command, cwd=work, env={**os.environ, "BRIDGE_RESULTS_TEST_PAUSE": str(hook)}, stdout=subprocess.PIPE, text=True
    )
    try:
        for _ in range(3000):
            if (hook / "after-read").exists():
                break
            time.sleep(0.02)
        base.write_text(original.replace("</body>", "<!-- edited --></body>"), encoding="utf-8")
    finally:
        (hook / "after-read.go").touch()
        out, _ = proc.communicate(timeout=600)
    assert proc.returncode == 0, out

    base.write_text(original, encoding="utf-8")  # put back: the key of the first build again
    assert build(work).returncode == 0

    clean = tmp_path / "clean" / "club"
    club(clean)
    assert build(clean).returncode == 0
    assert files(work / "site") == files(clean / "site")

"""Faults of the process and the machine, each one real: ``python -m generator build`` in a
subprocess over an older site, stopped at a named moment (the ``BRIDGE_RESULTS_FAULT_PAUSE``
test hook, generator/site/publish.py) by kill -9, SIGTERM or Ctrl-C (SIGINT to its process
group), two builds at once, the output on a tiny file system, a read-only folder.

Each case asserts: the site's visible files are byte for byte the old site or the new one
(straight after the fault, except a kill -9 in the middle of the renames, which the next
build completes), the next build gives exactly the new site with nothing of the transaction
left, no process of the build is left (found by a marker in their environment, /proc), and
an error names the file and says what became of the site.
"""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from benchmarks.synthetic import mitchell_yaml, player_names, write_archive

ROOT = Path(__file__).resolve().parent.parent
SESSIONS = 30
pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="signals, /proc and mounts as on Linux")


def _files(site: Path) -> dict[str, bytes]:
    """The site as members see it: every file whose path has no hidden part, with its bytes."""
    out = {}
    for p in site.rglob("*"):
        rel = p.relative_to(site)
        if p.is_file() and not any(part.startswith(".") for part in rel.parts):
            out[rel.as_posix()] = p.read_bytes()
    return out


def _hidden(site: Path) -> list[str]:
    return sorted(p.name for p in site.iterdir() if p.name.startswith(".publishing"))


def _change(content: Path) -> None:
    """The new content: three sessions corrected, the first one removed, one added."""
    sessions = sorted((content / "sessions").iterdir())
    sessions[0].unlink()
    for path in sessions[4:7]:
        path.write_text(path.read_text().replace("event: Club Pairs", "event: Corrected Pairs"))
    names = player_names(40, random.Random(7))
    added = mitchell_yaml(random.Random(99), event="Added Pairs", date="2030-01-01", tables=3, boards=4, names=names)
    (content / "sessions" / "2030-01-01-added.yaml").write_text(added)


def _run(args: list[str], cwd: Path, tag: str = "", **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "generator", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), "BRIDGE_FAULT_TAG": tag, **env},
        timeout=120,
    )


BUILD = ["build", "--content", "content", "--output", "site", "--jobs", "2"]


@pytest.fixture(scope="module")
def refs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """The old site and its cache, and the new site (each built once)."""
    root = tmp_path_factory.mktemp("faults")
    old = root / "old"
    write_archive(old / "content", SESSIONS, tables=3, boards=4, players=40)
    assert _run(BUILD, old).returncode == 0
    new = root / "new"
    shutil.copytree(old, new, symlinks=True)
    _change(new / "content")
    done = _run(BUILD, new)
    assert done.returncode == 0, done.stderr
    old_files, new_files = _files(old / "site"), _files(new / "site")
    assert old_files != new_files and set(old_files) - set(new_files), "the change removes pages too"
    return {"old": old, "old_files": old_files, "new_files": new_files, "new_content": new / "content"}


def _workspace(refs: dict, tmp_path: Path) -> Path:
    """The old site with its cache, and the new content: the next build publishes the new site."""
    work = tmp_path / "club"
    work.mkdir()
    shutil.copytree(refs["old"] / "site", work / "site", symlinks=True)
    shutil.copytree(refs["old"] / ".cache", work / ".cache", symlinks=True)
    shutil.copytree(refs["new_content"], work / "content", symlinks=True)
    return work


def _tagged(tag: str) -> list[int]:
    """The processes whose environment holds the marker (the build and its workers)."""
    found = []
    needle = f"BRIDGE_FAULT_TAG={tag}".encode()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/environ", "rb") as f:
                    if needle in f.read().split(b"\0"):
                        found.append(int(entry))
            except OSError:
                continue
    return found


@pytest.fixture
def tag() -> Iterator[str]:
    """A marker for this test's processes; whatever still carries it at the end is killed
    (a failing test never leaves a paused build behind)."""
    mark = uuid.uuid4().hex
    yield mark
    for pid in _tagged(mark):
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def _parent(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return int(f.read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return None


def _runs_generator(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().split(b"\0")[1:3] == [b"-m", b"generator"]
    except OSError:
        return False


def _none_left(tag: str) -> None:
    deadline = time.monotonic() + 5
    while _tagged(tag) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _tagged(tag) == [], "a process of the build is still running"


def _start(work: Path, tag: str, pause: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "generator", *BUILD],
        cwd=work,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group: SIGINT to it is a Ctrl-C at its terminal
        env={**os.environ, "PYTHONPATH": str(ROOT), "BRIDGE_FAULT_TAG": tag, "BRIDGE_RESULTS_FAULT_PAUSE": pause},
    )


def _wait_paused(proc: subprocess.Popen, pause: str) -> None:
    assert proc.stderr is not None
    line = proc.stderr.readline()
    while line and not line.startswith("paused at"):
        line = proc.stderr.readline()
    assert line.strip() == f"paused at {pause}", f"the build never reached {pause}"


def _stop(proc: subprocess.Popen, how: int) -> tuple[int, str]:
    if how == signal.SIGINT:
        os.killpg(proc.pid, signal.SIGINT)  # as Ctrl-C does: the build and its workers
    else:
        os.kill(proc.pid, how)  # the build only: its workers must notice
    _, err = proc.communicate(timeout=60)
    return proc.returncode, err


MOMENTS = [
    ("upload:1", "phase one, workers still rendering"),
    ("stage:1", "phase two, half the pages staged"),
    ("journal:1", "the journal written, not yet committed"),
    ("apply:1", "committed, nothing renamed yet"),
    ("apply-half:1", "half the renames done"),
]


CASES = [(m, signal.SIGKILL) for m, _ in MOMENTS] + [
    (m, how) for m in ("upload:1", "stage:1", "apply-half:1") for how in (signal.SIGTERM, signal.SIGINT)
]


@pytest.mark.slow
@pytest.mark.parametrize(("pause", "how"), CASES, ids=[f"{m}-{signal.Signals(h).name}" for m, h in CASES])
def test_a_build_stopped_at_any_moment_leaves_the_old_or_the_new_site(
    refs: dict, tmp_path: Path, pause: str, how: int, tag: str
) -> None:
    work = _workspace(refs, tmp_path)
    proc = _start(work, tag, pause)
    _wait_paused(proc, pause)
    status, err = _stop(proc, how)
    _none_left(tag)
    now = _files(work / "site")
    if how == signal.SIGKILL:
        assert status == -signal.SIGKILL
        if pause != "apply-half:1":  # no rename had been made: the old site, whatever is hidden beside it
            assert now == refs["old_files"]
    else:
        # A signal is one line and 128 + its number; during the switch it waits until the switch is over.
        assert status == 128 + how, err
        lines = [line for line in err.splitlines() if not line.startswith("paused at")]
        assert len(lines) == 1 and lines[0].startswith("Error: "), err
        assert "Traceback" not in err and "site is whole" in lines[0]
        assert now == (refs["new_files"] if pause.startswith("apply") else refs["old_files"])
        assert _hidden(work / "site") == [], "an interrupted build cleans its transaction up"
    after = _run(BUILD, work)
    assert after.returncode == 0, after.stderr
    assert "another build is running" not in after.stderr, "a killed build's lock is not a live one"
    assert _files(work / "site") == refs["new_files"]
    assert _hidden(work / "site") == []
    assert not list(work.rglob(".tmp-*"))


def test_a_committed_change_is_completed_by_the_next_build_even_one_that_fails(
    refs: dict, tmp_path: Path, tag: str
) -> None:
    """Straight after a kill -9 between the renames the site is a mix; the next command completes it."""
    work = _workspace(refs, tmp_path)
    proc = _start(work, tag, "apply-half:1")
    _wait_paused(proc, "apply-half:1")
    _stop(proc, signal.SIGKILL)
    mixed = _files(work / "site")
    assert mixed not in (refs["old_files"], refs["new_files"])
    assert _hidden(work / "site") == [".publishing"]
    # A build that then fails (a broken upload) still completes the switch first.
    broken = work / "content" / "sessions" / "zz-broken.yaml"
    broken.write_text("club: x\nboards: [\n")
    failed = _run(BUILD, work)
    assert failed.returncode == 1 and "zz-broken.yaml" in failed.stderr
    assert _files(work / "site") == refs["new_files"] and _hidden(work / "site") == []


def test_a_journal_without_its_commit_marker_is_rolled_back(refs: dict, tmp_path: Path, tag: str) -> None:
    work = _workspace(refs, tmp_path)
    proc = _start(work, tag, "journal:1")
    _wait_paused(proc, "journal:1")
    _stop(proc, signal.SIGKILL)
    assert (work / "site" / ".publishing" / "journal.json").is_file()
    shutil.rmtree(work / "content")  # the next build fails at once: only the recovery runs
    failed = _run(BUILD, work)
    assert failed.returncode == 1 and "content folder" in failed.stderr
    assert _files(work / "site") == refs["old_files"] and _hidden(work / "site") == []


@pytest.mark.slow
def test_two_builds_at_once_the_second_waits_with_a_message(refs: dict, tmp_path: Path, tag: str) -> None:
    work = _workspace(refs, tmp_path)
    first = _start(work, tag, "stage:1")
    _wait_paused(first, "stage:1")
    second = subprocess.Popen(
        [sys.executable, "-m", "generator", *BUILD],
        cwd=work,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), "BRIDGE_FAULT_TAG": tag},
    )
    assert second.stderr is not None
    message = second.stderr.readline()
    assert message.startswith(f"another build is running (pid {first.pid})"), message
    assert second.poll() is None, "the second build waits"
    status, _ = _stop(first, signal.SIGTERM)
    assert status == 143
    _, err = second.communicate(timeout=60)
    assert second.returncode == 0, err
    _none_left(tag)
    assert _files(work / "site") == refs["new_files"] and _hidden(work / "site") == []


def _unshare_works() -> bool:
    if not shutil.which("unshare"):
        return False
    probe = subprocess.run(["unshare", "-rm", "true"], capture_output=True)
    return probe.returncode == 0


needs_unshare = pytest.mark.skipif(not _unshare_works(), reason="no user and mount namespaces here (unshare -rm)")


def _in_namespace(work: Path, script: str) -> subprocess.CompletedProcess:
    """``script`` (sh) in a private mount namespace, the build's environment set."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PY": sys.executable}
    return subprocess.run(
        ["unshare", "-rm", "sh", "-c", script], cwd=work, capture_output=True, text=True, env=env, timeout=120
    )


@pytest.mark.slow
@needs_unshare
def test_a_full_disk_leaves_the_old_site_and_names_the_file(refs: dict, tmp_path: Path) -> None:
    """The output on a tmpfs of its own (another device than the cache): too small for the
    change, then big enough.  Everything runs inside one namespace, which holds the mount."""
    work = _workspace(refs, tmp_path)
    old, new = refs["old_files"], refs["new_files"]
    changed = sum(-(-len(b) // 4096) * 4 for p, b in new.items() if old.get(p) != b)
    kib = sum(-(-len(b) // 4096) * 4 for b in old.values()) + changed // 2  # room for half the change
    report = tmp_path / "report"
    script = f"""
        set -u
        mkdir disk && mount -t tmpfs -o size={kib}k tmpfs disk && cp -a site/. disk/ || exit 90
        "$PY" -m generator build --content content --output disk --jobs 2 > {report}.out 2> {report}.err
        echo $? > {report}.status
        "$PY" -c 'import sys, pathlib, pickle; from tests.test_faults import _files, _hidden; \
            d = pathlib.Path("disk"); pickle.dump((_files(d), _hidden(d)), open(sys.argv[1], "wb"))' {report}.full
        mount -o remount,size=200m disk
        "$PY" -m generator build --content content --output disk --jobs 2 > {report}.out2 2> {report}.err2
        echo $? > {report}.status2
        "$PY" -c 'import sys, pathlib, pickle; from tests.test_faults import _files, _hidden; \
            d = pathlib.Path("disk"); pickle.dump((_files(d), _hidden(d)), open(sys.argv[1], "wb"))' {report}.after
    """
    done = _in_namespace(work, script)
    assert done.returncode == 0, done.stderr
    import pickle

    err = Path(f"{report}.err").read_text()
    assert Path(f"{report}.status").read_text().strip() == "1", err
    assert "No space left on device" in err and "Traceback" not in err
    assert "cannot write disk/" in err and "(in folder disk/" in err and "the site in disk was left as it was" in err
    full_files, full_hidden = pickle.loads(Path(f"{report}.full").read_bytes())
    assert full_files == refs["old_files"] and full_hidden == []
    assert Path(f"{report}.status2").read_text().strip() == "0", Path(f"{report}.err2").read_text()
    after_files, after_hidden = pickle.loads(Path(f"{report}.after").read_bytes())
    assert after_files == refs["new_files"] and after_hidden == []


def _failed_build_read_only(work: Path, folder: str, report: Path) -> str:
    """A build with ``folder`` mounted read-only, which must fail (status 1): its stderr."""
    script = f"""
        mount --bind {folder} {folder} && mount -o remount,bind,ro {folder} || exit 90
        "$PY" -m generator {" ".join(BUILD)} > {report}.out 2> {report}.err
        echo $? > {report}.status
    """
    done = _in_namespace(work, script)
    assert done.returncode == 0, done.stderr
    err = Path(f"{report}.err").read_text()
    assert Path(f"{report}.status").read_text().strip() == "1", err
    return err


@pytest.mark.slow
@needs_unshare
@pytest.mark.parametrize(
    ("folder", "why"),
    [
        ("site", "Read-only file system"),  # nothing can be staged: refused before any change
        ("site/players", "Invalid cross-device link"),  # a folder of the site on a mount of its own, read-only:
    ],  # the switch fails part-way (a rename out of it) and is undone
)
def test_a_read_only_folder_leaves_the_old_site_and_names_the_file(
    refs: dict, tmp_path: Path, folder: str, why: str
) -> None:
    """Read-only by a mount (root ignores permission bits, not a read-only mount)."""
    work = _workspace(refs, tmp_path)
    err = _failed_build_read_only(work, folder, tmp_path / "report")
    assert why in err and "Traceback" not in err
    assert f"cannot write {folder}/" in err and "the site in site was left as it was" in err
    assert _files(work / "site") == refs["old_files"] and _hidden(work / "site") == []
    after = _run(BUILD, work)
    assert after.returncode == 0, after.stderr
    assert _files(work / "site") == refs["new_files"]


def test_a_closed_pipe_on_stdout_is_no_traceback(refs: dict, tmp_path: Path) -> None:
    """``build | head -1``: the reader goes away; the build ends, no traceback, no hang."""
    work = _workspace(refs, tmp_path)
    done = subprocess.run(
        f"'{sys.executable}' -m generator {' '.join(BUILD)} | head -c 1 >/dev/null; echo ${{PIPESTATUS[0]}}",
        shell=True,
        executable="/bin/bash",
        cwd=work,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert "Traceback" not in done.stderr and "Exception" not in done.stderr, done.stderr
    assert done.stdout.strip() in ("0", "141")
    assert _files(work / "site") == refs["new_files"]


@pytest.mark.slow
@needs_unshare
def test_a_change_that_cannot_be_finished_is_said_and_finished_later(refs: dict, tmp_path: Path, tag: str) -> None:
    """Killed between the renames, then the site folder turns read-only: the next build says
    the site may be mixed (not that it was left as it was); once writable, a build finishes it."""
    work = _workspace(refs, tmp_path)
    proc = _start(work, tag, "apply-half:1")
    _wait_paused(proc, "apply-half:1")
    _stop(proc, signal.SIGKILL)
    err = _failed_build_read_only(work, "site", tmp_path / "report")
    assert err.startswith("Error: cannot finish the change a stopped build left in site/.publishing (site/")
    assert "Read-only file system" in err and "may hold old and new pages" in err and "Traceback" not in err
    after = _run(BUILD, work)
    assert after.returncode == 0 and "note: completed the change" in after.stderr, after.stderr
    assert _files(work / "site") == refs["new_files"] and _hidden(work / "site") == []


@pytest.mark.slow
def test_a_file_size_limit_leaves_a_whole_site_and_names_the_file(refs: dict, tmp_path: Path, tag: str) -> None:
    """RLIMIT_FSIZE (no namespace needed): a write over the limit fails wherever it falls
    (a worker's page, the cache, the transaction); the message names it and tells the truth."""
    import resource

    work = _workspace(refs, tmp_path)
    limit = 8 * 1024
    assert max(len(b) for b in refs["new_files"].values()) > limit, "some page is larger than the limit"

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    done = subprocess.run(
        [sys.executable, "-m", "generator", *BUILD],
        cwd=work,
        capture_output=True,
        text=True,
        preexec_fn=small_files,
        env={**os.environ, "PYTHONPATH": str(ROOT), "BRIDGE_FAULT_TAG": tag},
        timeout=120,
    )
    _none_left(tag)
    assert done.returncode == 1, done.stderr
    line = done.stderr.strip().splitlines()[-1]
    assert "Traceback" not in done.stderr and "File too large" in line, done.stderr
    assert line.startswith("Error: cannot write ") and " (in folder " in line, line
    now = _files(work / "site")
    if "was left as it was" in line:
        assert now == refs["old_files"]
    else:
        assert "was published" in line and now == refs["new_files"]
    assert _hidden(work / "site") == []
    after = _run(BUILD, work)
    assert after.returncode == 0, after.stderr
    assert _files(work / "site") == refs["new_files"] and _hidden(work / "site") == []


@pytest.mark.slow
def test_a_build_killed_in_a_pipe_to_tee_ends_the_pipe(refs: dict, tmp_path: Path, tag: str) -> None:
    """``build | tee log``, the build killed with -9 while its workers run: tee sees the end of
    its input at once (no worker keeps the pipe open), so the pipeline ends."""
    work = _workspace(refs, tmp_path)
    err = tmp_path / "err"
    pipeline = subprocess.Popen(
        ["bash", "-c", f"'{sys.executable}' -m generator {' '.join(BUILD)} 2> '{err}' | tee '{tmp_path / 'log'}'"],
        cwd=work,
        stdout=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(ROOT), "BRIDGE_FAULT_TAG": tag, "BRIDGE_RESULTS_FAULT_PAUSE": "upload:1"},
    )
    deadline = time.monotonic() + 60
    while "paused at upload:1" not in (err.read_text() if err.exists() else ""):
        assert time.monotonic() < deadline and pipeline.poll() is None, "the build never paused"
        time.sleep(0.1)
    parents = {pid: _parent(pid) for pid in _tagged(tag)}
    build = next(pid for pid, parent in parents.items() if parent == pipeline.pid and _runs_generator(pid))
    assert any(parent == build for parent in parents.values()), "its workers are running"
    os.kill(build, signal.SIGKILL)
    assert pipeline.wait(timeout=10) == 0  # tee's status: it ended with its input
    _none_left(tag)

"""The one mechanism for parallel work (``generator/parallel.py``): the same results with the
``fork`` and the ``spawn`` start method (macOS' and Windows' default), in the jobs' order;
an error in a worker raised here; a dead worker named; no worker left behind; workers without
the cycle collector."""

from __future__ import annotations

import gc
import math
import os
import shutil
import sys
import time

import pytest

from generator import parallel
from generator.errors import BuildError

JOBS = list(range(12))
FACTORIALS = [1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880, 3628800, 39916800]  # 0! .. 11!


def _square_or_fail(n: int) -> int:
    if n == 5:
        raise ValueError("job 5 fails")
    return n * n


def _die_on_three(n: int) -> int:
    if n == 3:
        os._exit(1)  # as a worker killed by the system
    time.sleep(0.2)
    return n


def _collector_on(_: int) -> bool:
    return gc.isenabled()


def _sleep(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


@pytest.mark.parametrize("method", ["fork", "spawn"])
@pytest.mark.parametrize("chunksize", [1, 5])
def test_workers_give_every_result_in_order_with_either_start_method(method, chunksize):
    if method not in __import__("multiprocessing").get_all_start_methods():
        pytest.skip(f"no {method} here")
    got = list(parallel.run_in_workers(math.factorial, JOBS, 2, chunksize=chunksize, method=method))
    assert got == FACTORIALS == [math.factorial(n) for n in JOBS]


def test_the_start_method_is_fork_where_there_is_one_and_spawn_elsewhere(monkeypatch):
    assert parallel.start_method("spawn") == "spawn"
    monkeypatch.setattr(parallel.multiprocessing, "get_all_start_methods", lambda: ["spawn"])  # Windows
    assert parallel.start_method() == "spawn"
    monkeypatch.setattr(parallel.multiprocessing, "get_all_start_methods", lambda: ["fork", "spawn"])
    monkeypatch.setattr(parallel.sys, "platform", "darwin")  # fork is there, but not safe
    assert parallel.start_method() == "spawn"
    monkeypatch.setattr(parallel.sys, "platform", "linux")
    assert parallel.start_method() == "fork"
    monkeypatch.setattr(parallel, "main_thread", lambda: False)  # serve builds in a thread beside its server's
    assert parallel.start_method() == "spawn"


@pytest.mark.parametrize("method", ["fork", "spawn"])
def test_workers_run_without_the_cycle_collector(method):
    assert gc.isenabled()
    assert list(parallel.run_in_workers(_collector_on, [1, 2, 3], 2, method=method)) == [False] * 3
    assert gc.isenabled()  # this process's collector untouched


def test_an_error_in_a_worker_is_raised_here():
    with pytest.raises(ValueError, match="job 5 fails"):
        list(parallel.run_in_workers(_square_or_fail, JOBS, 2))


@pytest.mark.skipif(sys.platform != "linux", reason="the job marks are read back where the worker forked")
def test_a_dead_worker_names_the_job_it_was_running():
    with pytest.raises(parallel.WorkerDied) as died:
        list(parallel.run_in_workers(_die_on_three, [0, 1, 2, 3, 4, 5], 2))
    assert 3 in died.value.running
    assert len(died.value.running) <= 2  # at most one job a worker: the dead one's, the other's


def test_results_left_unread_stop_the_workers_at_once():
    running = parallel.run_in_workers(_sleep, [30.0] * 4, 2)
    pids = {p.pid for p in running._pool._processes.values()}
    started = time.monotonic()
    running.close()
    assert time.monotonic() - started < 10  # not the 60 s of the queue
    for pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


@pytest.mark.skipif(sys.platform != "linux", reason="shared memory is forked memory")
def test_a_shared_map_runs_a_closure_on_slices_while_this_process_works():
    data = list(range(1000))  # shared, never pickled

    def work(lo: int, hi: int) -> list[int]:
        return [data[i] * 2 for i in range(lo, hi)]

    done, out = parallel.shared_map(work, len(data), 2, 64, lambda: "meanwhile")
    assert done == "meanwhile"
    assert out == [2 * n for n in data]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="a background child is forked")
def test_a_background_child_gives_its_bytes_or_none_when_it_failed():
    child = parallel.started_in_background(lambda n: b"x" * n, 5)
    assert child is not None and child.wait() == b"xxxxx"
    assert child.wait() is None  # waited once

    def fails(_: int) -> bytes:
        raise RuntimeError("the child fails")

    failed = parallel.started_in_background(fails, 1)
    assert failed is not None and failed.wait() is None


def test_threads_give_results_in_order_and_raise_the_first_error():
    assert list(parallel.run_in_threads(lambda n: n + 1, range(20))) == list(range(1, 21))
    with pytest.raises(ValueError, match="job 5 fails"):
        list(parallel.run_in_threads(_square_or_fail, JOBS))
    with parallel.Beside(lambda: 42) as beside:
        assert beside.result() == 42


def _dying_worker(job):
    """The build's worker, except that it dies on one upload."""
    from generator.site.pipeline import worker

    if job.path.endswith("2026-09-07-monday-pairs.yaml"):
        os._exit(1)
    return worker(job)


@pytest.mark.skipif(sys.platform != "linux", reason="the patched worker reaches the workers by fork")
def test_a_build_whose_worker_dies_names_the_upload_and_keeps_the_old_site(tmp_path, monkeypatch):
    from generator.site import build

    from .test_golden_build import FIXTURE, NOW

    shutil.copytree(FIXTURE, tmp_path / "content")
    monkeypatch.setattr(build, "worker", _dying_worker)
    with pytest.raises(BuildError) as failed:
        build.build_site(tmp_path / "content", tmp_path / "site", jobs=2, cache_dir=tmp_path / "cache", now=NOW)
    text = str(failed.value)
    assert "A worker process stopped" in text and "2026-09-07-monday-pairs.yaml" in text
    assert "previous site is unchanged" in text
    assert not (tmp_path / "site").exists()


@pytest.mark.slow
def test_the_build_with_spawned_workers_is_the_golden_site(tmp_path, monkeypatch):
    """macOS and Windows start workers by spawning: the jobs and the worker are pickled, the
    workers import everything afresh; the fixture club built so is the golden copy."""
    from .test_golden_build import GOLDEN, _files, build_fixture_club

    real = parallel.start_method
    used: list[str] = []

    def spawn_only(method: str | None = None) -> str:
        used.append(method or "spawn")
        return real(method or "spawn")

    monkeypatch.setattr(parallel, "start_method", spawn_only)
    site = build_fixture_club(tmp_path, jobs=2)
    assert "spawn" in used
    built, golden = _files(site), _files(GOLDEN)
    assert sorted(built) == sorted(golden)
    assert [p for p in golden if built[p] != golden[p]] == []

"""The one way the project runs work in parallel: worker processes, a forked share of this
process's memory, a background child, and threads for file work.

* ``run_in_workers(fn, jobs, workers)``: ``fn(job)`` for each job in a pool of processes,
  results in the jobs' order.  The start method is chosen here (``start_method``): ``fork``
  where the system has it safely (not macOS) and this is the main thread (cheap: the workers inherit what is
  imported), ``spawn`` otherwise (macOS' and Windows' default; ``fn`` and the jobs are then
  pickled, so ``fn`` must be a top-level function).
* ``shared_map(work, count, parts, size, meanwhile)``: a closure over big in-memory data (a
  scored session) run on slices by forked processes that share it copy-on-write; only where
  ``can_share`` (Linux, main thread), else the caller does the work itself.
* ``started_in_background(fn, arg)``: a forked child computing ``fn(arg)`` (bytes) while this
  process goes on; None where no child can be had (the caller then computes it itself).
* ``run_in_threads(fn, jobs)``: file work that releases the GIL (writing, LZ4), overlapped.

Every worker process ignores Ctrl-C (the parent stops it), dies with its parent (Linux'
``PR_SET_PDEATHSIG`` and a thread watching the parent's pid), and runs without the cycle
collector (``cycles.worker_policy``).  A ``KeyboardInterrupt``, a ``SIGTERM`` raised by the
build's handler (``site/lifecycle.py``) or any error in the parent kills the workers at once;
a worker that dies (killed, out of memory) raises ``WorkerDied`` naming the jobs it may have
been running.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import tempfile
import threading
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.context import BaseContext
from typing import IO, Any, Generic, TypeVar

from .cycles import worker_policy

J = TypeVar("J")
R = TypeVar("R")
T = TypeVar("T")

PARENT_POLL_SECONDS = 0.5
"""How often a worker checks that its parent is still there (where no death signal exists)."""

FILE_THREADS = 4
"""Threads that overlap file work: enough to keep a disk busy, few enough to share two cores."""


class WorkerDied(Exception):
    """A worker process ended without a result (killed, out of memory): ``running`` are the
    jobs that were started and not finished (one of them was the dead worker's)."""

    def __init__(self, running: list[Any]):
        super().__init__(running)
        self.running = running


def main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


def start_method(method: str | None = None) -> str:
    """``method`` if given; else ``fork`` where the system has it and forking is safe (not
    macOS, whose system libraries may not survive a fork: its default is spawn) and this is the
    main thread (a fork copies only the forking thread: a lock another holds would stay held),
    else ``spawn``."""
    if method:
        return method
    forks = "fork" in multiprocessing.get_all_start_methods() and sys.platform != "darwin"
    return "fork" if forks and main_thread() else "spawn"


def cores(jobs: int | None = None) -> int:
    """The processes a build may run at once: ``jobs`` (``--jobs``), else the cores this process may use."""
    if jobs:
        return jobs
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def can_share(parts: int) -> bool:
    """``shared_map`` may run: more than one process, a system whose forked children share
    memory safely (Linux; macOS' default is spawn) and the main thread (``serve`` builds in another)."""
    return parts >= 2 and sys.platform == "linux" and main_thread()


Setup = tuple[Callable[..., object], tuple[Any, ...]]
"""What a worker runs once started, after ``worker_init``: a picklable function and its arguments
(a spawned worker inherits nothing of the parent's state, e.g. the site's language)."""


def worker_init(parent: int, started: Any = None, setup: Setup | None = None) -> None:
    """Every worker's initializer: no cycle collector, Ctrl-C left to the parent, gone when
    the parent is gone (a build killed with -9 leaves no worker running or holding a pipe open);
    then ``setup``, if given."""
    global _started
    _started = started
    if setup is not None:
        setup[0](*setup[1])
    worker_policy()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform == "linux":
        with contextlib.suppress(Exception):
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:  # the parent died before the line above
        os._exit(1)

    def watch() -> None:
        while True:
            threading.Event().wait(PARENT_POLL_SECONDS)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, daemon=True, name="parent-watch").start()


_started: Any = None
"""In a worker: the shared array where each job is marked started (1) and finished (2)."""


def _chunk(fn: Callable[[J], R], first: int, chunk: list[J]) -> list[R]:
    """A task: ``fn`` over consecutive jobs, each marked in the shared array as it runs."""
    out = []
    for n, job in enumerate(chunk, start=first):
        if _started is not None:
            _started[n] = 1
        out.append(fn(job))
        if _started is not None:
            _started[n] = 2
    return out


def run_in_workers(
    fn: Callable[[J], R],
    jobs: Sequence[J],
    workers: int,
    chunksize: int = 1,
    method: str | None = None,
    setup: Setup | None = None,
) -> Running[J, R]:
    """``fn(job)`` for each job, by ``workers`` processes (started now, each running ``setup``
    first), yielded in the jobs' order as they come.  An error or a signal while waiting, or
    ``close()`` before the end (also by a ``yield from`` left early), kills the workers at once."""
    return Running(fn, jobs, workers, chunksize, method, setup)


class Running(Generic[J, R]):
    """The results of ``run_in_workers``: iterate once."""

    def __init__(
        self,
        fn: Callable[[J], R],
        jobs: Sequence[J],
        workers: int,
        chunksize: int,
        method: str | None,
        setup: Setup | None = None,
    ):
        ctx: BaseContext = multiprocessing.get_context(start_method(method))
        if ctx.get_start_method() == "fork":
            _flush()
        self._jobs = jobs
        self._started = ctx.Array("b", len(jobs), lock=False)
        chunks = [(i, list(jobs[i : i + chunksize])) for i in range(0, len(jobs), chunksize)]
        self._pool = ProcessPoolExecutor(
            max_workers=max(1, min(workers, len(chunks))),
            mp_context=ctx,
            initializer=worker_init,
            initargs=(os.getpid(), self._started, setup),
        )
        self._over = False
        try:
            self._tasks = [self._pool.submit(_chunk, fn, first, chunk) for first, chunk in chunks]
        except BaseException:
            self.close()
            raise
        self._results = self._collect()

    def __iter__(self) -> Running[J, R]:
        return self

    def __next__(self) -> R:
        return next(self._results)

    def _collect(self) -> Generator[R, None, None]:
        try:
            for task in self._tasks:
                try:
                    part = task.result()
                except BrokenProcessPool:
                    running = [job for n, job in enumerate(self._jobs) if self._started[n] == 1]
                    raise WorkerDied(running) from None
                yield from part
        except BaseException:  # Ctrl-C, SIGTERM, a failure here: the workers stop now, not after the queue
            _kill(self._pool)
            raise
        finally:
            self._over = True
            self._pool.shutdown(wait=True, cancel_futures=True)

    def close(self) -> None:
        """Stops the workers now if their results are not all taken."""
        if not self._over:
            self._over = True
            _kill(self._pool)
            self._pool.shutdown(wait=True, cancel_futures=True)
        if hasattr(self, "_results"):
            self._results.close()


def _kill(pool: ProcessPoolExecutor) -> None:
    """Kill a pool's processes (the executor has no public way; ``_processes`` is its map of them)."""
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        with contextlib.suppress(Exception):
            process.kill()


_shared: Callable[[int, int], list[Any]] | None = None
"""The work the forked processes of ``shared_map`` inherit (set only while they run: never pickled)."""


def _run_slice(bounds: tuple[int, int]) -> list[Any]:
    assert _shared is not None  # set by shared_map before the fork
    return _shared(*bounds)


def shared_map(
    work: Callable[[int, int], list[R]], count: int, parts: int, size: int, meanwhile: Callable[[], T]
) -> tuple[T, list[R]]:
    """``work(lo, hi)`` for slices of ``size`` of ``range(count)``, in ``parts`` forked
    processes that share this one's memory copy-on-write, while ``meanwhile()`` runs here:
    (its value, every slice's results in order).  Only results travel back (pickled).  An
    error in a forked process is raised here, as if it had happened in this one.  Callers
    check ``can_share`` first."""
    global _shared
    bounds = [(lo, min(lo + size, count)) for lo in range(0, count, size)]
    _shared = work
    try:
        results = run_in_workers(_run_slice, bounds, parts, method="fork")  # forked here, sharing ``work``
    finally:
        _shared = None
    try:
        done = meanwhile()
        slices = list(results)
    finally:
        results.close()
    return done, [r for part in slices for r in part]


def _flush() -> None:
    """Nothing buffered is written twice by a forked child."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            stream.flush()


class Background:
    """A forked child computing bytes into a temporary file.  ``wait`` (once) gives them, or
    None when the child failed (killed, out of memory) or was stopped."""

    def __init__(self, pid: int, spool: IO[bytes]):
        self.pid, self._spool = pid, spool
        self._waited = False

    def wait(self, stop: bool = False) -> bytes | None:
        """Waits for the child (killed first with ``stop``: its work is not wanted)."""
        if self._waited:
            return None
        self._waited = True
        with self._spool as spool:
            if stop:
                with contextlib.suppress(OSError):
                    os.kill(self.pid, signal.SIGKILL)
            _, status = os.waitpid(self.pid, 0)
            if status != 0:
                return None
            spool.seek(0)
            return spool.read()


def started_in_background(fn: Callable[[T], bytes], arg: T) -> Background | None:
    """A child forked now computes ``fn(arg)`` while this process goes on; None where no
    child can be had (no ``fork``, not the main thread, no temporary file, no memory): the
    caller computes it itself.  The child leaves without clean-up (``os._exit``)."""
    if not hasattr(os, "fork") or not main_thread():
        return None
    spool = None
    try:
        spool = tempfile.TemporaryFile()  # noqa: SIM115 (closed by Background.wait, or below)
        _flush()
        pid = os.fork()
    except OSError:
        if spool is not None:
            spool.close()
        return None
    if pid == 0:  # the child
        status = 1
        try:
            spool.write(fn(arg))
            spool.flush()
            status = 0
        finally:
            os._exit(status)
    return Background(pid, spool)


def run_in_threads(fn: Callable[[J], R], jobs: Sequence[J], threads: int = FILE_THREADS) -> Generator[R, None, None]:
    """``fn(job)`` for each job by a few threads (file work that releases the GIL), yielded in
    order to this thread (which may pause between them: signals are handled here); on an
    error or a signal, the started ones are waited for and the rest dropped."""
    with ThreadPoolExecutor(max_workers=threads) as pool:
        tasks = [pool.submit(fn, job) for job in jobs]
        try:
            for task in tasks:
                yield task.result()
        finally:
            pool.shutdown(wait=True, cancel_futures=True)


class Beside(Generic[R]):
    """``fn()`` in one thread beside this one (file work that releases the GIL), as a
    ``with`` block: ``result()`` waits for it and raises its error; leaving the block waits too."""

    def __init__(self, fn: Callable[[], R]):
        self._pool = ThreadPoolExecutor(max_workers=1)
        self._task: Future[R] = self._pool.submit(fn)

    def __enter__(self) -> Beside[R]:
        return self

    def __exit__(self, *exc: object) -> None:
        self._pool.shutdown(wait=True)

    def result(self) -> R:
        return self._task.result()

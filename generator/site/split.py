"""A big field's pair pages planned and rendered by several processes.

A 1,000-table barometer has about 2,000 pair pages: two thirds of its build's work.  Once
the session is read and scored, forked processes share the scored session copy-on-write
(pickling it to a worker would cost about as much as scoring it: 0.9 s for 24,000 results)
and each plans and renders slices of the pair pages, sending back only the bytes (40 MB of
pages pickle in 30 ms); meanwhile this process plans and renders the session's other pages
and its downloads.  Club sessions, one core, or a system without ``fork`` (Windows, macOS'
default): everything in this process, as before.  The pages are the same bytes either way.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
from collections.abc import Callable
from typing import TypeVar

from .lifecycle import worker_init
from .pair_pages import pair_pages
from .render import render_page
from .session_view import SessionView

SPLIT_PAIRS = 200
"""A session with at least this many pairs has its pair pages made by several processes
(a club session has at most ~30: forking would cost more than it saves)."""

SLICE = 100
"""Pair pages per task: small enough that the processes run out of work together."""

T = TypeVar("T")
R = TypeVar("R")

_shared: Callable[[int, int], list] | None = None
"""The work the forked processes inherit (set only while they run: never pickled)."""


def split_parts(pairs: int, parts: int) -> int:
    """How many processes make the pair pages: ``parts`` (the cores the build may use) for a
    big field on a system that forks (Linux), else 0 (all in this process)."""
    return parts if pairs >= SPLIT_PAIRS and can_fork(parts) else 0


def can_fork(parts: int) -> bool:
    """More than one process may run, the system forks (Linux; macOS' default is spawn) and
    this is the main thread (``serve`` builds in another, beside its server threads: a fork
    copies only the forking thread, and locks the others hold would stay held)."""
    return parts >= 2 and sys.platform == "linux" and threading.current_thread() is threading.main_thread()


def _run_slice(bounds: tuple[int, int]) -> list:
    assert _shared is not None  # set by forked_map before the fork
    return _shared(*bounds)


def forked_map(
    work: Callable[[int, int], list[R]], count: int, parts: int, size: int, meanwhile: Callable[[], T]
) -> tuple[T, list[R]]:
    """``work(lo, hi)`` for slices of ``size`` of ``range(count)``, in ``parts`` forked
    processes that share this one's memory copy-on-write, while ``meanwhile()`` runs here:
    (its value, every slice's results in order).  Only results travel back (pickled).  An
    error in a forked process is raised here, as if it had happened in this one."""
    global _shared
    bounds = [(lo, min(lo + size, count)) for lo in range(0, count, size)]
    for stream in (sys.stdout, sys.stderr):  # nothing buffered is written twice by a child
        stream.flush()
    _shared = work
    try:
        with multiprocessing.get_context("fork").Pool(
            min(parts, len(bounds)), initializer=worker_init, initargs=(os.getpid(),)
        ) as pool:  # an exception (Ctrl-C, SIGTERM) leaves the block by terminate(): no process stays
            pending = pool.map_async(_run_slice, bounds, chunksize=1)
            done = meanwhile()
            slices = pending.get()
    finally:
        _shared = None
    return done, [r for part in slices for r in part]


def split_render(
    planner: SessionView, templates: str, parts: int, meanwhile: Callable[[], T]
) -> tuple[T, dict[str, bytes]]:
    """Every pair page of ``planner``'s session rendered by ``parts`` forked processes while
    ``meanwhile()`` runs here: (its value, {site path: bytes} in standings order)."""
    standings = planner.result.standings

    def render(lo: int, hi: int) -> list[tuple[str, bytes]]:
        return [(p.path, render_page(p, templates)) for p in pair_pages(planner, standings[lo:hi])]

    done, pages = forked_map(render, len(standings), parts, SLICE, meanwhile)
    return done, dict(pages)


def cores(jobs: int | None) -> int:
    """The processes a build may run at once: ``--jobs``, else the cores this process may use."""
    if jobs:
        return jobs
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1

"""A big field's boards encoded as JSON by two processes: ``score --json`` on both cores.

Building and encoding each board's data (its traveller lines, each distinct explanation) is
about two fifths of ``score FIELD --json``'s time on a big field.  The boards are independent
once the session is scored, so a forked child (sharing the scored session copy-on-write, never
pickled) encodes the second half into a temporary file while this process encodes the first;
this process then reads the child's text and yields it after its own.  The parts are the same
text either way: the child runs the same ``encode`` on the same boards.

Used only where it is safe and worth it: Linux-style ``fork``, more than one core, the main
thread, and enough boards and lines.  If the child fails in any way, this process encodes the
second half itself: the output never depends on the child.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any

MIN_LINES = 20_000
"""Fewer traveller lines than this are encoded in one process: a fork and a temporary file
cost more than half of a smaller field's encoding."""


def worth_forking(lines: int) -> bool:
    """Two processes only for a big field, on a system that forks, with a second core, from
    the main thread (a fork beside other threads could copy a lock held by one of them)."""
    if lines < MIN_LINES or not hasattr(os, "fork") or sys.platform != "linux":
        return False
    if threading.current_thread() is not threading.main_thread() or threading.active_count() > 1:
        return False
    try:
        return len(os.sched_getaffinity(0)) > 1
    except (AttributeError, OSError):
        return (os.cpu_count() or 1) > 1


def encoded_in_halves(items: Sequence[Any], encode: Callable[[Any], str]) -> Iterator[str]:
    """``encode(item)`` for each item, in order, the second half encoded by a forked child;
    all of them here when no temporary file or child can be had (a sandbox, no memory).
    The child's texts are joined with NUL, which JSON text never holds (the encoder writes
    it ``\\u0000``)."""
    import tempfile  # here: only a big field's `score --json` forks

    half = (len(items) + 1) // 2
    spool = None
    try:
        spool = tempfile.TemporaryFile()  # noqa: SIM115 (closed below, by both processes' paths)
        for stream in (sys.stdout, sys.stderr):  # nothing buffered here is written again by the child
            if stream is not None:
                stream.flush()
        pid = os.fork()
    except OSError:
        if spool is not None:
            spool.close()
        yield from (encode(item) for item in items)
        return
    if pid == 0:  # the child: encode the second half, write it, and leave without clean-up
        status = 1
        try:
            spool.write("\x00".join(encode(item) for item in items[half:]).encode("utf-8"))
            spool.flush()
            status = 0
        finally:
            os._exit(status)
    with spool:
        try:
            yield from (encode(item) for item in items[:half])
        finally:  # also when the reader stops early (a closed pipe): no child left unwaited
            _, status = os.waitpid(pid, 0)
        if status != 0:  # the child failed (killed, out of memory ...): encode the rest here
            yield from (encode(item) for item in items[half:])
            return
        spool.seek(0)
        rest = spool.read().decode("utf-8")
    if half < len(items):
        yield from rest.split("\x00")

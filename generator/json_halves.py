"""A big field's boards encoded as JSON by two processes: ``score --json`` on both cores.

Building and encoding each board's data (its traveller lines, each distinct explanation) is
about two fifths of ``score FIELD --json``'s time on a big field.  The boards are independent
once the session is scored, so a forked child (``parallel.started_in_background``: sharing the
scored session copy-on-write, never pickled) encodes the later boards into a temporary file while this process encodes the first;
this process then reads the child's text and yields it after its own.  The parts are the same
text either way: the child runs the same ``encode`` on the same boards.

The child can be started as soon as the session is scored (``started``), before this process
writes what comes before the boards (the standings): this process then takes fewer boards.

Used only where it is safe and worth it: Linux-style ``fork``, more than one core, the main
thread, and enough boards and lines.  If the child fails in any way, this process encodes the
rest itself: the output never depends on the child.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from .parallel import Background, cores, main_thread, started_in_background

MIN_LINES = 20_000
"""Fewer traveller lines than this are encoded in one process: a fork and a temporary file
cost more than half of a smaller field's encoding."""


def worth_forking(lines: int) -> bool:
    """Two processes only for a big field, on a system that forks, with a second core, from
    the main thread (a fork beside other threads could copy a lock held by one of them)."""
    if lines < MIN_LINES or not hasattr(os, "fork") or sys.platform != "linux":
        return False
    if not main_thread() or threading.active_count() > 1:
        return False
    return cores() > 1


def encoded_in_halves(items: Sequence[Any], encode: Callable[[Any], str]) -> Iterator[str]:
    """``encode(item)`` for each item, in order, the second half encoded by a forked child
    (forked when the first text is asked for); all of them here when no temporary file or
    child can be had (a sandbox, no memory)."""
    yield from started(items, encode, (len(items) + 1) // 2)


def started(items: Sequence[Any], encode: Callable[[Any], str], first: int) -> Started:
    """``encode(item)`` for each item, in order: a child forked now encodes ``items[first:]``
    while this process goes on (with what comes before the items, then ``items[:first]`` when
    the texts are asked for).  The child's texts are joined with NUL, which JSON text never
    holds (the encoder writes it ``\\u0000``)."""
    first = max(0, min(first, len(items)))
    child = started_in_background(_encoded, (items[first:], encode)) if first < len(items) else None
    return Started(items, encode, first, child)


class Started:
    """The texts of items whose later part a child is encoding: iterate once.  ``close`` (also
    at the end of the iteration) waits for the child: a caller that fails before it reads the
    texts calls it with ``stop``, so that no child is left behind."""

    def __init__(
        self,
        items: Sequence[Any],
        encode: Callable[[Any], str],
        first: int,
        child: Background | None,
    ):
        self.items, self.encode, self.first, self.child = items, encode, first, child

    def __iter__(self) -> Iterator[str]:
        items, encode, first = self.items, self.encode, self.first
        if self.child is None:
            yield from (encode(item) for item in items)
            return
        try:
            yield from (encode(item) for item in items[:first])
        except BaseException:  # this process failed, or the reader stopped early (a closed pipe)
            self.close(stop=True)  # no child left running or unwaited
            raise
        if not self.close():  # the child failed (killed, out of memory ...): encode the rest here
            yield from (encode(item) for item in items[first:])
            return
        yield from self.rest.split("\x00")

    rest = ""
    """The child's texts, read by ``close``."""

    def close(self, stop: bool = False) -> bool:
        """Waits for the child (stopped first with ``stop``: its work is not wanted) and reads
        its texts; whether it wrote them (False: no child, or it failed or was stopped)."""
        if self.child is None:
            return False
        child, self.child = self.child, None
        text = child.wait(stop)
        if text is None:
            return False
        self.rest = text.decode("utf-8")
        return True


def _encoded(work: tuple[Sequence[Any], Callable[[Any], str]]) -> bytes:
    """The child's bytes: the texts of ``rest``, joined with NUL."""
    rest, encode = work
    return "\x00".join(encode(item) for item in rest).encode("utf-8")

"""The garbage-collector policy, in one place: the cycle collector paused while an upload is
read, scored or written, while a build runs, and for good in a worker process.

Reading, scoring and writing a session make hundreds of thousands of objects (nodes, model
objects, results, JSON data) that live until the end and form no cycle (an explanation's
recipe holds no scorer, so that it makes none).  A build holds millions (the cache index, the
manifest, results, contexts) and makes a few hundred cycles (the articles' Markdown).  The
collector would walk them all again and again: a third of libyaml's composing time, a quarter
of ``score --json``'s time on a big field, a quarter of a one-upload rebuild, 7 % of a
worker's time.  Nothing is lost: cycles made meanwhile are collected once it runs again (a
worker's, when the process ends).  Nobody else calls ``gc.disable``.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause the cycle collector for the block, if it runs; nested uses are free."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def worker_policy() -> None:
    """A worker process (``parallel.worker_init``): no cycle collector for its whole life."""
    gc.disable()

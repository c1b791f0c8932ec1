"""The cycle collector paused while an upload is read, scored or written.

Reading, scoring and writing a session make hundreds of thousands of objects (nodes, model
objects, results, JSON data) that live until the end and form no cycle (an explanation's
recipe holds no scorer, so that it makes none).  The collector would walk them all again and
again: a third of libyaml's composing time, a quarter of ``score --json``'s time on a big
field.  Nothing is lost: cycles made meanwhile are collected once it runs again.
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

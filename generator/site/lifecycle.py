"""Signals and worker processes: a stopped build stops whole, and never half-way through a switch.

* ``Stopped``: SIGTERM (and SIGINT, as ``KeyboardInterrupt``) raised in the build's main
  thread, so that its ``finally`` blocks stop the workers and delete the staging folders.
* ``shielded()``: while the output is being switched (``publish.Transaction.commit``) a
  signal is held back and raised once the switch is over: the site is then whole.
* The workers (``generator/parallel.py``) ignore Ctrl-C and die with the build; the build's
  ``finally`` blocks, reached through these exceptions, kill them at once.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from typing import Any


class Stopped(BaseException):
    """The build was told to stop by a signal (SIGTERM): exit status 128 + the signal's number."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum

    @property
    def status(self) -> int:
        return 128 + self.signum


_shield_depth = 0
_held: list[int] = []


def _on_signal(signum: int, frame: Any) -> None:
    if _shield_depth:
        _held.append(signum)
        return
    _raise(signum)


def _raise(signum: int) -> None:
    if signum == signal.SIGINT:
        raise KeyboardInterrupt
    raise Stopped(signum)


def install() -> None:
    """SIGINT and SIGTERM raise in the main thread (``KeyboardInterrupt``, ``Stopped``)."""
    if threading.current_thread() is not threading.main_thread():
        return
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, _on_signal)


@contextlib.contextmanager
def shielded() -> Iterator[None]:
    """Hold SIGINT/SIGTERM back until the block is over (only where ``install`` was called).
    Only in the main thread, where Python runs signal handlers: ``serve`` builds in another
    thread, and a signal stops the server at once (the next build completes the switch)."""
    global _shield_depth
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _shield_depth += 1
    try:
        yield
    finally:
        _shield_depth -= 1
        if not _shield_depth and _held:
            signum = _held[0]
            _held.clear()
            _raise(signum)


def held() -> bool:
    """A signal is waiting for the end of a ``shielded`` block."""
    return bool(_held)

"""Progress of a long build on one updating terminal line ('12/150 uploads scored').

Only on a terminal: in a CI log (not a tty) a progress line would be noise, so nothing is
written.  The line is redrawn at most ten times a second (and always at the start and the
end of a stage), then cleared before the summary is printed.
"""

from __future__ import annotations

import os
import time
from typing import TextIO

from ..errors import shown


class Progress:
    """Does nothing unless enabled; ``Progress.for_stream(sys.stderr)`` enables it on a tty."""

    def __init__(self, stream: TextIO | None = None, enabled: bool = False, interval: float = 0.1):
        self.stream = stream
        self.enabled = enabled and stream is not None
        self.interval = interval
        self._last = 0.0
        self._shown = False

    @classmethod
    def for_stream(cls, stream: TextIO) -> Progress:
        """Enabled on a terminal that can clear a line (not TERM=dumb)."""
        try:
            tty = stream.isatty()
        except (AttributeError, ValueError):
            tty = False
        return cls(stream, enabled=tty and os.environ.get("TERM") != "dumb")

    def step(self, done: int, total: int, what: str) -> None:
        """'done/total what', e.g. step(12, 150, 'uploads scored')."""
        if not self.enabled:
            return
        now = time.monotonic()
        if 0 < done < total and now - self._last < self.interval:
            return
        self._last = now
        self._write(f"\r\x1b[KBuilding: {done}/{total} {shown(what)}")

    def clear(self) -> None:
        if self.enabled and self._shown:
            self._write("\r\x1b[K")
            self._shown = False

    def _write(self, text: str) -> None:
        assert self.stream is not None
        self.stream.write(text)
        self.stream.flush()
        self._shown = True

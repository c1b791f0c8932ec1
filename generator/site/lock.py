"""One build at a time per cache and per output folder.

An operating-system file lock (``fcntl.flock`` on Linux and macOS, ``msvcrt.locking`` on
Windows) on ``CACHE/build.lock``, and on POSIX on the output folder itself: the system
releases it when the process ends however it ends (kill -9 included), so a lock left by a
killed build is never mistaken for a live one and nobody has to delete it.  The holder
writes its pid into the lock file for the message the second build shows while it waits.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from ..errors import shown

LOCK_NAME = "build.lock"
POLL_SECONDS = 0.1


def _try_lock(fd: int) -> bool:
    if sys.platform == "win32":
        import msvcrt

        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError:  # a file system without locks (some network mounts): not guarded, not blocked
        return True
    return True


def _holder(path: Path) -> str:
    """The pid the holder wrote (after the first byte, which Windows' lock covers)."""
    try:
        with open(path, "rb") as f:
            f.seek(1)
            text = f.read(32).decode("ascii", "replace").strip()
    except OSError:
        return "unknown"
    return text if text.isdigit() else "unknown"


def _acquire(path: Path, what: str, say: Callable[[str], None], folder: bool = False) -> int:
    """Take the lock on ``path`` (a lock file, or a folder on POSIX), waiting with one message."""
    if folder:
        fd = os.open(path, os.O_RDONLY)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o666)
    try:
        told = False
        while not _try_lock(fd):
            if not told:
                pid = "unknown" if folder else _holder(path)
                say(f"another build is running (pid {pid}) with {shown(what)}: waiting for it to finish")
                told = True
            time.sleep(POLL_SECONDS)  # a loop, not a blocking call: Ctrl-C and SIGTERM stay prompt
        if not folder:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, 1)
                os.lseek(fd, 1, os.SEEK_SET)
                os.write(fd, f"{os.getpid()}\n".encode())
        return fd
    except BaseException:
        os.close(fd)
        raise


@contextlib.contextmanager
def build_lock(cache_root: Path, output: Path, say: Callable[[str], None] | None = None) -> Iterator[None]:
    """Held while a build reads the cache or writes the output; released on return or death."""
    if say is None:

        def say(text: str) -> None:
            print(text, file=sys.stderr, flush=True)

    held = [_acquire(cache_root / LOCK_NAME, f"the cache {cache_root}", say)]
    try:
        if sys.platform != "win32" and output.is_dir():
            held.append(_acquire(output, f"the output folder {output}", say, folder=True))
        yield
    finally:
        for fd in held:
            os.close(fd)  # closing releases the lock

"""``files.write_whole``: a file another process reads while it is written — a new one too —
is never seen half written (two workers compiling the same template at once read each other's
files: a half-written one was read as damage, made again with a warning); ``write_atomic``
replaces a file whole and writes a new one directly (a killed build leaves no temporary file)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from generator.files import write_atomic, write_whole

ROOT = Path(__file__).resolve().parents[1]
SIZE = 64 * 1024 * 1024


def test_a_new_file_is_never_seen_half_written_by_another_process(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "folder" / "new.bin"
    writer = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys; from pathlib import Path; from generator.files import write_whole; "
            f"write_whole(Path(sys.argv[1]), b'x' * {SIZE})",
            str(target),
        ],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    sizes = set()
    deadline = time.monotonic() + 60
    while writer.poll() is None and time.monotonic() < deadline:
        try:
            sizes.add(target.stat().st_size)
        except FileNotFoundError:
            continue
    assert writer.wait(timeout=60) == 0
    sizes.add(target.stat().st_size)
    assert sizes == {SIZE}  # each time it was there, it was whole
    assert [p.name for p in target.parent.iterdir()] == ["new.bin"]  # no temporary file left


def test_a_file_is_replaced_whole_and_its_folder_made(tmp_path: Path) -> None:
    for write in (write_atomic, write_whole):
        target = tmp_path / write.__name__ / "b.json"
        write(target, b"one")
        write(target, b"two, longer")
        assert target.read_bytes() == b"two, longer"
        assert sorted(p.name for p in target.parent.iterdir()) == ["b.json"]

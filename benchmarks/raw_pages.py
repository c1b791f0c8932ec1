"""The floor and the ceiling beside the archive build (issue 27): the same files written by a
minimal writer, and the same pages rendered by a plain Jinja generator.

``benchmarks/archive.py --raw`` lists the full build's output once (every file's path and size;
for the plain generator also each page's text, the runs of characters between its tags), splits
the list in two and times two worker processes of this module on the same disk:

* ``raw``: ``os.makedirs`` (once a folder), ``open``, ``write``, ``close`` — each file with the
  build's size, no other work: the rate at which Python can create these files here.
* ``plain``: one Jinja template (autoescaped, one ``<p>`` a text) renders each page from the
  page's texts; the result is cut or padded to the build's size, so the disk sees the same
  bytes as from ``raw``.  What our stack could reach if planning a page cost nothing: Python,
  Jinja and the files, without scoring, planning, the cache or the publishing journal.

Each run writes into a fresh folder; nothing is deleted here (see archive.py on the disk's slow
period after mass deletions).

    python -m benchmarks.raw_pages {raw,plain} MANIFEST DEST
"""

from __future__ import annotations

import argparse
import html
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TypedDict

ROOT = Path(__file__).resolve().parent.parent

PLAIN_TEMPLATE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{ title }}</title>
<link rel="stylesheet" href="/static/site.css"></head>
<body><main>
{% for text in texts %}<p>{{ text }}</p>
{% endfor %}</main></body></html>
"""

_TAG = re.compile(r"<[^>]*>")


class Entry(TypedDict):
    """One file of the build's output: its path under the output folder, its size, and (for the
    plain generator) its texts."""

    path: str
    size: int
    texts: list[str]


class Timing(TypedDict):
    """One timed run of the workers: wall seconds, files written, their CPU and kernel seconds."""

    seconds: float
    files: int
    cpu: float
    kernel: float


def list_output(output: Path) -> list[tuple[str, int]]:
    """Every file the build published, as (path under ``output``, size), sorted; hidden folders
    and files (a cache, a journal, a lock) are not pages and are left out."""
    found = []
    for folder, dirs, files in os.walk(output):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in files:
            if not name.startswith("."):
                path = Path(folder, name)
                found.append((path.relative_to(output).as_posix(), path.stat().st_size))
    return sorted(found)


def page_texts(data: bytes) -> list[str]:
    """A page's text content: the runs of characters between its tags, entities read, blank runs
    dropped (a file with no tags is one text)."""
    texts = (html.unescape(t).strip() for t in _TAG.split(data.decode("utf-8", errors="replace")))
    return [t for t in texts if t]


def split(items: Sequence[tuple[str, int]], parts: int) -> list[list[tuple[str, int]]]:
    """Contiguous shares of about equal bytes, so each worker has its own folders, as the build's
    workers have their own sessions."""
    total = sum(size for _, size in items) or 1
    shares: list[list[tuple[str, int]]] = [[] for _ in range(parts)]
    done = 0
    for item in items:
        shares[min(parts - 1, done * parts // total)].append(item)
        done += item[1]
    return shares


def write_manifests(
    source: Path, files: Sequence[tuple[str, int]], folder: Path, kind: str, parts: int = 2
) -> list[Path]:
    """One manifest a worker (JSON), so each reads only its share; the plain generator's carry
    the pages' texts, read from ``source`` (the build's output) now, before any timing."""
    folder.mkdir(parents=True, exist_ok=True)
    manifests = []
    for number, share in enumerate(split(files, parts)):
        entries: list[Entry] = [
            {
                "path": path,
                "size": size,
                "texts": page_texts((source / path).read_bytes()) if kind == "plain" else [],
            }
            for path, size in share
        ]
        manifest = folder / f"{kind}-{number}.json"
        manifest.write_text(json.dumps(entries), encoding="utf-8")
        manifests.append(manifest)
    return manifests


def _folders(dest: Path, entries: Iterable[Entry]) -> Iterable[tuple[Entry, str]]:
    """Each entry with its file's path, its folder made the first time it is seen."""
    made: set[str] = set()
    for entry in entries:
        path = os.path.join(dest, entry["path"])
        folder = os.path.dirname(path)
        if folder not in made:
            os.makedirs(folder, exist_ok=True)
            made.add(folder)
        yield entry, path


def write_raw(entries: Sequence[Entry], dest: Path) -> None:
    """Create each file with its size and nothing else: makedirs, open, write, close."""
    zeros = memoryview(bytes(max((e["size"] for e in entries), default=0)))
    for entry, path in _folders(dest, entries):
        with open(path, "wb") as f:
            f.write(zeros[: entry["size"]])


def render_plain(entries: Sequence[Entry], dest: Path) -> None:
    """Render each page's texts with one autoescaped template and write it with the build's size
    (cut or padded with spaces: the same bytes on the disk as the build's and the raw writer's)."""
    import jinja2

    template = jinja2.Environment(autoescape=True).from_string(PLAIN_TEMPLATE)
    for entry, path in _folders(dest, entries):
        size = entry["size"]
        data = template.render(title=entry["path"], texts=entry["texts"]).encode("utf-8")[:size].ljust(size, b" ")
        with open(path, "wb") as f:
            f.write(data)


def timed(kind: str, manifests: Sequence[Path], dest: Path, files: int) -> Timing:
    """Run one worker process a manifest (``files`` in all), side by side, into ``dest``; wall
    time from starting them (interpreter start and imports included, as for the build) to the
    last one's end."""
    before = os.times()
    start = time.perf_counter()
    procs = [
        subprocess.Popen([sys.executable, "-m", "benchmarks.raw_pages", kind, str(m), str(dest)], cwd=ROOT)
        for m in manifests
    ]
    failed = [p.args for p in procs if p.wait()]
    seconds = time.perf_counter() - start
    after = os.times()
    if failed:
        raise SystemExit(f"{kind} writer failed: {failed}")
    return {
        "seconds": seconds,
        "files": files,
        "cpu": after.children_user + after.children_system - before.children_user - before.children_system,
        "kernel": after.children_system - before.children_system,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kind", choices=("raw", "plain"))
    parser.add_argument("manifest", type=Path)
    parser.add_argument("dest", type=Path)
    args = parser.parse_args(argv)
    entries: list[Entry] = json.loads(args.manifest.read_text(encoding="utf-8"))
    (write_raw if args.kind == "raw" else render_plain)(entries, args.dest)


if __name__ == "__main__":
    main()

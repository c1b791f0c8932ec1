"""``python -m generator build``: content/ in, a static site out — in two phases.

Phase one reads, scores and renders every session (in worker processes, skipping the
uploads whose cache key is unchanged) and plans the cross-session pages.  Only if all
of that succeeded does phase two touch the output folder: it writes the files whose
bytes changed and removes the ones no longer produced.  A failed build raises
``BuildError`` (every upload's problems together) and leaves the old site as it was.
"""

from __future__ import annotations

import gc
import json
import multiprocessing
import os
import shutil
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from ..errors import BuildError
from ..history.uploads import provisional, upload_versions
from .archive import ArchivePlanner, LazyPage
from . import quick
from .articles import rule_articles, site_articles
from .cache import FORMAT, Cache, code_version, digest, tree_digest
from .config import load_config
from .feed import atom_feed
from .plan import Page, SiteInfo
from ..resources import default_templates
from .render import render_page
from .sources import discover, worker
from .writer import Syncer, shared_folders


@dataclass
class BuildReport:
    output: Path
    sessions: int
    uploads: int
    rendered: int
    """Uploads read, scored and rendered this time (the rest came from the cache)."""
    pages: int
    written: int
    unchanged: int
    removed: int
    seconds: float
    manifest: dict[str, list] = field(default_factory=dict, repr=False)
    """What the output folder holds now: path -> [size, mtime_ns, sha256]."""
    warnings: list[str] = field(default_factory=list)
    """Results taken on trust from a program's export (each flagged on its board page)."""

    def summary(self) -> str:
        warned = "".join(f"\nwarning: {w}" for w in self.warnings)
        return self._built() + warned

    def _built(self) -> str:
        return (f"Built {self.output}: {self.sessions} session{'s' if self.sessions != 1 else ''} from "
                f"{self.uploads} upload{'s' if self.uploads != 1 else ''} ({self.rendered} scored, "
                f"{self.uploads - self.rendered} from cache), {self.pages} files: {self.written} written, "
                f"{self.unchanged} unchanged, {self.removed} removed, in {self.seconds:.2f} s")


@contextmanager
def _without_cycle_collector():
    """The build holds millions of objects until it ends (the cache index, the manifest,
    results, contexts) and makes next to no reference cycles (a few hundred, from the
    articles' Markdown).  The cyclic collector's full passes over them took a quarter of a
    one-upload rebuild and 7% of a worker's time: it is off while the build runs (workers
    too) and back on, with any cycles still collectable, when it returns."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def build_site(content: Path, output: Path, templates: Path | None = None, jobs: int | None = None,
               cache_dir: Path | None = None, now: datetime | None = None) -> BuildReport:
    """``now`` is the build time that decides whether a provisional period has passed
    (the clock when not given: tests pass a fixed moment)."""
    with _without_cycle_collector():
        return _build_site(content, output, templates, jobs, cache_dir, now or datetime.now(timezone.utc))


def _build_site(content: Path, output: Path, templates: Path | None, jobs: int | None,
                cache_dir: Path | None, now: datetime) -> BuildReport:
    started = time.perf_counter()
    content, output = Path(content), Path(output)
    templates = Path(templates) if templates else default_templates(content)
    if not content.is_dir():
        raise BuildError(f"content folder {content} not found: expected a folder with site.yaml and sessions/ (articles/ is optional)")
    if not (templates / "base.html").is_file():
        raise BuildError(f"templates folder {templates} has no base.html")
    c, o = content.resolve(), output.resolve()
    if o == c or c.is_relative_to(o) or o.is_relative_to(c):
        raise BuildError(f"output folder {output} must not contain or be inside the content folder {content}")
    cache = Cache(Path(cache_dir) if cache_dir else output.parent / ".cache" / "site")
    last = quick.check(cache.root, content, output, templates, now.astimezone(timezone.utc).isoformat())
    if last is not None:  # nothing changed: nothing to read, plan or write
        return BuildReport(output, last["sessions"], last["uploads"], 0, last["pages"], 0, last["pages"], 0,
                           time.perf_counter() - started, warnings=list(last.get("warnings", ())))
    quick.forget(cache.root, output)

    # --- phase one: everything in memory or in the cache; nothing in the output -----------
    config = load_config(content)
    articles = site_articles(content / config.articles_dir)
    site = SiteInfo(config.club, rule_articles(articles), {a.slug: a.title for a in articles})
    # Taken before anything is read: a file that changes during the build is seen as changed next time.
    inputs = quick.inputs_digest(content, output, templates, config.sessions_dir, config.articles_dir)
    sources = discover(content / config.sessions_dir)
    common = digest(json.dumps([FORMAT, code_version(), tree_digest(templates), config.fingerprint(),
                                site.rule_map, site.article_titles]).encode())
    stamps = cache.load_stamps()
    index = cache.load_index()
    # Workers write the pages they render here (a folder beside the cache, on the same disk
    # as the site as a rule), and phase two renames them into the site.
    staging = cache.root / "staging"
    shutil.rmtree(staging, ignore_errors=True)
    try:
        histories = _histories(content / config.sessions_dir, sources, cache.root, common,
                               config.provisional_days, now)
        report = _build(content, output, templates, jobs, cache, config, articles, site, sources, common,
                        stamps, index, staging, started, histories)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    quick.remember(cache.root, output, inputs, [config.sessions_dir, config.articles_dir], report.manifest,
                   {"sessions": report.sessions, "uploads": report.uploads, "pages": report.pages,
                    "warnings": report.warnings},
                   min((h["provisional"]["until_utc"] for h in histories.values()
                        if h["provisional"] and h["provisional"]["active"]), default=None))
    report.seconds = time.perf_counter() - started
    return report


def _histories(folder: Path, sources, cache_root: Path, common: str, days: int | None,
               now: datetime) -> dict[str, dict]:
    """Each upload's committed versions and provisional period (``generator.history``)."""
    found = upload_versions(folder, [s.rel for s in sources], cache_root)
    out = {}
    for src in sources:
        versions = found.get(src.rel)
        if versions:
            out[src.rel] = {"versions": versions, "folder": str(folder), "common": common,
                            "provisional": provisional(versions[0]["date"], days, now)}
    return out


def _build(content, output, templates, jobs, cache, config, articles, site, sources, common, stamps, index,
           staging, started, histories) -> BuildReport:
    keys = []
    todo = []
    restamped = False
    for src in sources:
        file_digest, read = cache.file_digest(src.path, stamps)
        restamped = restamped or read is not None
        history = histories.get(src.rel)
        key = digest(f"{common}\0{file_digest}\0{src.slug}".encode() + (
            b"" if history is None else json.dumps([history["versions"], history["provisional"]], sort_keys=True).encode()))
        keys.append(key)
        if key not in index["keys"] or not cache.has(key):
            todo.append((key, str(src.path), f"{config.sessions_dir}/{src.rel}", src.slug, site, config.scoring,
                         str(templates), str(cache.root), str(staging), history))
    errors = []
    staged: dict[str, dict[str, list]] = {}
    for key, ok, payload in _run(todo, jobs):
        if ok:
            summaries, stats = payload
            staged[key] = stats
            index["keys"][key] = {"summaries": summaries, "pages": {p: e[2] for p, e in stats.items()}}
        else:
            errors.append(payload)
    if restamped:
        cache.save_stamps(stamps)
    if errors:  # keep what did render; a good build saves the index once, at the end
        cache.save_index(index)
        raise BuildError("the site was not built; the previous site is unchanged. "
                         f"{len(errors)} upload{'s' if len(errors) != 1 else ''} failed:\n" + "\n".join(errors))

    summaries = [s for key in keys for s in index["keys"][key]["summaries"]]
    tags = [f"{key}:{n}" for key in keys for n in range(len(index["keys"][key]["summaries"]))]
    owner: dict[str, str] = {}
    for key, src in zip(keys, sources):
        for path in index["keys"][key]["pages"]:
            if path in owner:
                raise BuildError(f"{src.rel} and {owner[path]} both produce {path}; rename one of them")
            owner[path] = src.rel
    archive = ArchivePlanner(config.club, config.description, summaries, articles,
                             config.season_start_month, config.season_min_sessions, tags)
    # Cross-session pages are planned every time (cheap) but rendered only when their
    # context changed since the last build: the cache maps a digest of each context to
    # the digest of the bytes it rendered to.
    extra: dict[str, bytes] = {}
    known: dict[str, str] = {}
    rendered_before = index.get("archive", {})
    rendered_now: dict[str, list[str]] = {}
    archive_pages = archive.pages()
    for page in archive_pages:
        if page.data is not None:
            extra[page.path] = page.data
            continue
        if isinstance(page, LazyPage):  # keyed by what it is made from: no context to build
            context_key = digest(f"{common}{page.template}\0{page.path}\0{page.deps}".encode())
        else:
            context_key = digest((common + page.template + "\0" + json.dumps(page.context, sort_keys=True, default=str)).encode())
        before = rendered_before.get(page.path)
        if before and before[0] == context_key:
            known[page.path] = before[1]
            rendered_now[page.path] = before
            continue
        data = render_page(_made(page), templates)
        extra[page.path] = data
        rendered_now[page.path] = [context_key, digest(data)]
    extra["feed.xml"] = atom_feed(config.club, summaries)
    static = templates / "static"
    if static.is_dir():
        for p in sorted(static.rglob("*")):
            if p.is_file():
                extra["static/" + p.relative_to(static).as_posix()] = p.read_bytes()
    clash = sorted((set(extra) | set(known)) & set(owner))
    if clash:
        raise BuildError(f"{owner[clash[0]]} produces {clash[0]}, which the site itself needs")

    # --- phase two: sync into the output folder --------------------------------------
    output.mkdir(parents=True, exist_ok=True)
    syncer = Syncer(output, cache.load_manifest(output))
    shared = shared_folders(staged)

    # File creation is slow on some disks and releases the GIL: a few threads overlap it.
    def sync(key: str) -> None:
        if key in staged:
            syncer.put_staged(staged[key], staging, shared)
        else:
            syncer.put_group(index["keys"][key]["pages"], lambda: cache.load(key))

    def put_all(items: list[tuple[str, bytes]]) -> None:
        for path, data in items:
            syncer.put(path, data)

    # The cross-session pages (thousands on a full build) are written alongside, in batches.
    extras = list(extra.items())
    with ThreadPoolExecutor(max_workers=4) as writers:
        tasks = [writers.submit(sync, key) for key in dict.fromkeys(keys)]
        tasks += [writers.submit(put_all, extras[i:i + 64]) for i in range(0, len(extras), 64)]
        for task in tasks:
            task.result()
    if known:
        def render_known() -> dict[str, bytes]:
            pages = {p.path: p for p in archive_pages if p.path in known}
            return {path: render_page(_made(pages[path]), templates) for path in known}
        syncer.put_group(known, render_known)
    syncer.remove_stale(list(owner) + list(extra) + list(known))
    cache.save_manifest(output, syncer.new)
    live = set(keys)
    index["keys"] = {k: v for k, v in index["keys"].items() if k in live}
    index["archive"] = rendered_now
    cache.save_index(index)
    cache.prune(live)
    report = BuildReport(output, len(summaries), len(sources), len(todo), len(owner) + len(extra) + len(known),
                         syncer.stats.written, syncer.stats.unchanged, syncer.stats.removed,
                         time.perf_counter() - started)
    report.manifest = syncer.new
    report.warnings = [w for s in summaries for w in s.get("warnings", ())]
    return report


def _made(page):
    return Page(page.path, page.template, page.make()) if isinstance(page, LazyPage) else page


def _run(todo: list[tuple], jobs: int | None):
    """Render uploads: in this process for a few, else in a pool of ``jobs`` workers.

    The largest uploads go first and tasks are small (a few uploads each), so the workers
    run out of work together rather than one finishing a long chunk while the others wait.
    Results come back in ``todo``'s order."""
    workers = max(1, min(jobs or os.cpu_count() or 1, len(todo)))
    if workers == 1 or len(todo) < 3:
        return [worker(t) for t in todo]
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    order = sorted(range(len(todo)), key=lambda i: -_size(todo[i][1]))
    results: list = [None] * len(todo)
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=gc.disable) as pool:
        chunks = pool.map(worker, [todo[i] for i in order], chunksize=max(1, min(4, len(todo) // (workers * 16))))
        for i, result in zip(order, chunks):
            results[i] = result
    return results


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0

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

from ..errors import BuildError, InputError, InputErrors, Problem, shown
from ..history.uploads import provisional, upload_versions
from ..readers import MAX_BYTES
from .archive import ArchivePlanner, LazyPage
from . import quick
from .articles import rule_articles, site_articles
from .cache import FORMAT, Cache, TooLarge, code_version, digest, tree_digest
from .config import load_config
from .duplicates import duplicates
from .events import discover_events, event_summary, memberships, plan_event, session_slug
from .feed import atom_feed
from .plan import Page, SiteInfo
from ..resources import default_templates
from .progress import Progress
from .render import render_page
from .sources import discover, worker
from .tree import OutsideError, Skipped
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
    skipped: list[Skipped] = field(default_factory=list)
    """Files in the content folder the build passed over, with the reason."""

    def summary(self) -> str:
        """What was built, the warnings, then one line per file skipped (a refused upload fails the build)."""
        warned = [f"warning: {shown(w)}" for w in self.warnings]
        return "\n".join([self._built(), *warned, *skipped_lines(self.skipped)])

    def _built(self) -> str:
        return (f"Built {shown(self.output)}: {self.sessions} session{'s' if self.sessions != 1 else ''} from "
                f"{self.uploads} upload{'s' if self.uploads != 1 else ''} ({self.rendered} scored, "
                f"{self.uploads - self.rendered} from cache), {self.pages} files: {self.written} written, "
                f"{self.unchanged} unchanged, {self.removed} removed, in {self.seconds:.2f} s")


def skipped_lines(skipped: list[Skipped]) -> list[str]:
    """A heading, then 'skipped: sessions/.draft.yaml, because its name starts with '.' (a hidden file)'."""
    if not skipped:
        return []
    n = len(skipped)
    return [f"{n} file{'s' if n != 1 else ''} skipped:"] + [f"  skipped: {shown(s.path)}, because {shown(s.reason)}"
                                                            for s in skipped]


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
               cache_dir: Path | None = None, now: datetime | None = None,
               progress: Progress | None = None) -> BuildReport:
    """``now`` is the build time that decides whether a provisional period has passed
    (the clock when not given: tests pass a fixed moment); ``progress`` (the command
    line's, on a terminal) shows how far the build got."""
    progress = progress or Progress()
    try:
        with _without_cycle_collector():
            return _build_site(content, output, templates, jobs, cache_dir, now or datetime.now(timezone.utc),
                               progress)
    finally:
        progress.clear()


def _build_site(content: Path, output: Path, templates: Path | None, jobs: int | None,
                cache_dir: Path | None, now: datetime, progress: Progress) -> BuildReport:
    started = time.perf_counter()
    content, output = Path(content), Path(output)
    templates = Path(templates) if templates else default_templates(content)
    if not content.is_dir():
        raise BuildError(f"content folder {shown(content)} not found: expected a folder with site.yaml and sessions/ (articles/ is optional)")
    if not (templates / "base.html").is_file():
        raise BuildError(f"templates folder {shown(templates)} has no base.html")
    c, o = content.resolve(), output.resolve()
    if o == c or c.is_relative_to(o) or o.is_relative_to(c):
        raise BuildError(f"output folder {shown(output)} must not contain or be inside the content folder {shown(content)}")
    cache = Cache(Path(cache_dir) if cache_dir else output.parent / ".cache" / "site")
    last = quick.check(cache.root, content, output, templates, now.astimezone(timezone.utc).isoformat())
    if last is not None:  # nothing changed: nothing to read, plan or write
        return BuildReport(output, last["sessions"], last["uploads"], 0, last["pages"], 0, last["pages"], 0,
                           time.perf_counter() - started, warnings=list(last.get("warnings", ())),
                           skipped=[Skipped(p, r) for p, r in last.get("skipped", [])])
    quick.forget(cache.root, output)

    # --- phase one: everything in memory or in the cache; nothing in the output -----------
    config = load_config(content)
    skipped: list[Skipped] = []
    articles = site_articles(content / config.articles_dir, confine=content, skipped=skipped)
    site = SiteInfo(config.club, rule_articles(articles), {a.slug: a.title for a in articles})
    # Taken before anything is read: a file that changes during the build is seen as changed next time.
    inputs = quick.inputs_digest(content, output, templates, config.sessions_dir, config.articles_dir)
    try:
        sources, passed = discover(content / config.sessions_dir, f"{config.sessions_dir}/", confine=content)
    except OutsideError as real:
        raise BuildError(f"{shown(content / config.sessions_dir)}: not read, because it leads to {shown(real)}, "
                         "outside the content folder: expected the sessions folder inside it") from None
    skipped = sorted(passed + skipped, key=lambda s: s.path)
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
                        stamps, index, staging, started, histories, skipped, progress)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    report.skipped = skipped
    quick.remember(cache.root, output, inputs, [config.sessions_dir, config.articles_dir], report.manifest,
                   {"sessions": report.sessions, "uploads": report.uploads, "pages": report.pages,
                    "warnings": report.warnings, "skipped": [[s.path, s.reason] for s in skipped]},
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
           staging, started, histories, skipped, progress) -> BuildReport:
    keys = []
    todo = []
    restamped = False
    errors: list[str] = []
    problems: list[Problem] = []
    # Events of several sessions: read first, so that each session page names its event.
    event_sources = discover_events(content / config.sessions_dir, confine=content)
    member, event_errors = memberships(event_sources, sources)
    for text in event_errors:
        errors.append(text)
        problems.append(Problem(None, None, text))
    for n, src in enumerate(sources, start=1):
        progress.step(n, len(sources), "uploads checked")
        try:
            file_digest, read = cache.file_digest(src.path, stamps, MAX_BYTES)
        except (TooLarge, OSError) as exc:
            error = InputError(str(src.path), "", f"the file is {exc.size:,} bytes: expected at most {MAX_BYTES:,} bytes"
                               if isinstance(exc, TooLarge) else
                               f"cannot read the file ({exc.strerror or exc}): expected a readable file")
            errors.append(str(InputErrors([error])))
            problems.append(error.problem)
            keys.append(None)
            continue
        restamped = restamped or read
        history = histories.get(src.rel)
        events = {str(k): v for k, v in member.get(src.rel, {}).items()}
        key = digest(f"{common}\0{file_digest}\0{src.slug}".encode() + (
            b"" if history is None else json.dumps([history["versions"], history["provisional"]], sort_keys=True).encode())
            + (b"" if not events else json.dumps(events, sort_keys=True).encode()))
        keys.append(key)
        if key not in index["keys"] or not cache.has(key):
            todo.append((key, str(src.path), f"{config.sessions_dir}/{src.rel}", src.slug, site, config.scoring,
                         str(templates), str(cache.root), str(staging), history, member.get(src.rel)))
    staged: dict[str, dict[str, list]] = {}
    failed: list[tuple[int, str, list]] = []
    for n, (i, (key, ok, payload)) in enumerate(_run(todo, jobs), start=1):
        progress.step(n, len(todo), "uploads read and scored")
        if ok:
            summaries, stats = payload
            staged[key] = stats
            index["keys"][key] = {"summaries": summaries, "pages": {p: e[2] for p, e in stats.items()}}
        else:
            failed.append((i, *payload))
    for _, text, found_problems in sorted(failed, key=lambda f: f[0]):  # in path order, whatever the workers did
        errors.append(text)
        problems.extend(Problem(*p) for p in found_problems)
    if restamped:
        cache.save_stamps(stamps)
    # The same session uploaded twice: among the uploads that were read, in path order.
    read_ok = [(src, key) for src, key in zip(sources, keys) if key is not None and key in index["keys"]]
    found = duplicates([((str(src.path), _session_number(index, key, n)), s) for src, key in read_ok
                        for n, s in enumerate(index["keys"][key]["summaries"], start=1)])
    for (file, number), (earlier, earlier_number), summary in found:
        error = InputError(file, number, f"the same session as {shown(earlier)}{earlier_number and f' ({earlier_number})'} "
                                         f"({_described(summary)}): expected each session uploaded once; "
                                         "remove one of the two files")
        errors.append(str(InputErrors([error])))
        problems.append(error.problem)
    if errors:  # keep what did render; a good build saves the index once, at the end
        cache.save_index(index)
        count = len(errors)
        raise BuildError("the site was not built; the previous site is unchanged. "
                         f"{count} upload{'s' if count != 1 else ''} failed:\n" + "\n".join(errors + skipped_lines(skipped)),
                         problems)

    summaries = [s for key in keys for s in index["keys"][key]["summaries"]]
    counts = {src.rel: len(index["keys"][key]["summaries"]) for src, key in zip(sources, keys)}
    event_pages, event_list = _event_pages(event_sources, sources, counts, config, site, templates)
    tags = [f"{key}:{n}" for key in keys for n in range(len(index["keys"][key]["summaries"]))]
    owner: dict[str, str] = {}
    for key, src in zip(keys, sources):
        for path in index["keys"][key]["pages"]:
            if path in owner:
                raise BuildError(f"{shown(src.rel)} and {shown(owner[path])} both produce {shown(path)}; rename one of them")
            owner[path] = src.rel
    archive = ArchivePlanner(config.club, config.description, summaries, articles,
                             config.season_start_month, config.season_min_sessions, tags, events=event_list)
    # Cross-session pages are planned every time (cheap) but rendered only when their
    # context changed since the last build: the cache maps a digest of each context to
    # the digest of the bytes it rendered to.
    extra: dict[str, bytes] = {}
    known: dict[str, str] = {}
    rendered_before = index.get("archive", {})
    rendered_now: dict[str, list[str]] = {}
    archive_pages = archive.pages()
    for n, page in enumerate(archive_pages, start=1):
        progress.step(n, len(archive_pages), "pages rendered")
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
    extra.update(event_pages)
    extra["feed.xml"] = atom_feed(config.club, summaries)
    static = templates / "static"
    if static.is_dir():
        for p in sorted(static.rglob("*")):
            if p.is_file():
                extra["static/" + p.relative_to(static).as_posix()] = p.read_bytes()
    clash = sorted((set(extra) | set(known)) & set(owner))
    if clash:
        raise BuildError(f"{shown(owner[clash[0]])} produces {shown(clash[0])}, which the site itself needs")

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


def _event_pages(event_sources, sources, counts, config, site, templates) -> tuple[dict[str, bytes], list[dict]]:
    """Each event's page and JSON, and the list the home page shows; a BuildError when an
    event cannot be ranked (its sessions were each read and scored already)."""
    from ..events import event_to_json, load_event

    pages: dict[str, bytes] = {}
    listed: list[dict] = []
    errors: list[str] = []
    problems: list[Problem] = []
    uploads = {s.rel for s in sources}
    for event in event_sources:
        try:
            scored = load_event(event.path, config.scoring)
            for ref in scored.spec.sessions:
                rel = os.path.normpath(os.path.join(os.path.dirname(event.rel), ref.file)).replace(os.sep, "/")
                if rel not in uploads:
                    raise InputErrors([InputError(str(event.path), f"line {ref.line}", f"{shown(ref.file)} is not a session "
                                                  "the build reads: expected an upload of the sessions folder")])
            slugs = [session_slug(sources, event, ref.file, ref.index, counts) for ref in scored.spec.sessions]
        except InputErrors as exc:
            errors.append(str(exc))
            problems.extend(exc.problems)
            continue
        page = plan_event(event, scored, slugs, site)
        pages[page.path] = render_page(page, templates)
        pages[f"events/{event.slug}/results.json"] = (json.dumps(event_to_json(scored, slugs), sort_keys=True,
                                                                 ensure_ascii=False, indent=1) + "\n").encode("utf-8")
        listed.append(event_summary(event, scored))
    if errors:
        count = len(errors)
        raise BuildError("the site was not built; the previous site is unchanged. "
                         f"{count} event file{'s' if count != 1 else ''} failed:\n" + "\n".join(errors), problems)
    listed.sort(key=lambda e: (e["last"], e["title"]), reverse=True)
    return pages, listed


def _session_number(index, key: str, n: int) -> str:
    """'session 2' for the second session of an upload that holds several, else ''."""
    return f"session {n}" if len(index["keys"][key]["summaries"]) > 1 else ""


def _described(summary: dict) -> str:
    """'Monday Pairs on 2026-11-02, the same 8 pairs' for the duplicate message."""
    date = summary.get("date")
    pairs = len(summary["identity"][3])
    return (f"{shown(summary.get('title') or 'untitled')}{' on ' + date if date else ''}, "
            f"the same {pairs} pair{'s' if pairs != 1 else ''}")


def _made(page):
    return Page(page.path, page.template, page.make()) if isinstance(page, LazyPage) else page


def _run(todo: list[tuple], jobs: int | None):
    """Render uploads: in this process for a few, else in a pool of ``jobs`` workers.
    Yields (index in ``todo``, result) as each is done, for the progress line.

    The largest uploads go first and tasks are small (a few uploads each), so the workers
    run out of work together rather than one finishing a long chunk while the others wait."""
    workers = max(1, min(jobs or os.cpu_count() or 1, len(todo)))
    if workers == 1 or len(todo) < 3:
        for i, t in enumerate(todo):
            yield i, worker(t)
        return
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    order = sorted(range(len(todo)), key=lambda i: -_size(todo[i][1]))
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=gc.disable) as pool:
        chunks = pool.map(worker, [todo[i] for i in order], chunksize=max(1, min(4, len(todo) // (workers * 16))))
        yield from zip(order, chunks)


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0

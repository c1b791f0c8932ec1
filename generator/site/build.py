"""``python -m generator build``: content/ in, a static site out — in two phases.

Phase one reads, scores and renders every session (in worker processes, skipping the
uploads whose cache key is unchanged) and plans the cross-session pages.  Only if all
of that succeeded does phase two touch the output folder: it writes the files whose
bytes changed and removes the ones no longer produced.  A failed build raises
``BuildError`` (every upload's problems together) and leaves the old site as it was.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import closing
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

from .. import sealed
from ..cycles import paused_gc
from ..errors import BuildError, InputError, InputErrors, Problem, shown
from ..history import continuity
from ..history.types import UploadHistory
from ..history.uploads import provisional, upload_versions
from ..model import Session
from ..parallel import WorkerDied, can_share, cores, run_in_threads, run_in_workers, shared_map
from ..readers import MAX_BYTES, read_sessions
from ..resources import default_templates
from ..scoring.message import msg
from ..scoring.said import said
from ..site_config import SiteConfig
from . import i18n, quick, render
from .archive import ArchivePlanner, LazyPage
from .articles import Article, rule_articles, site_articles
from .cache import FORMAT, Cache, CacheIndex, EventEntry, TooLarge, code_version, digest, tree_digest
from .compiled import compiled_folder, prune_compiled
from .duplicates import duplicates
from .error_text import error_text, failed_events_text, failed_uploads_text
from .events import (
    EventSource,
    discover_events,
    event_summary,
    memberships,
    moved_events,
    plan_event,
    session_slug,
)
from .feed import atom_feed
from .lifecycle import shielded
from .lock import build_lock
from .meta import SiteMeta, robots_txt, sitemaps
from .neighbours import Described, described_or_none, neighbours_of
from .noop import last_report, read_settings
from .page import Page, SiteInfo
from .pipeline import Source, UploadDone, UploadFailed, UploadJob, discover, stage, upload_key, worker
from .progress import Progress
from .publish import PUBLISHING, Transaction, fault_pause, named, recover
from .redirects import redirect_pages
from .render import render_page
from .report import BuildReport, skipped_lines
from .stamps import FileStamp, SourceStamp
from .summary import SessionSummary
from .tree import OutsideError, Skipped
from .writer import PendingListing, Syncer, shared_folders

FORK_PAGES = 400
"""At least this many cross-session pages to render: rendered by every core (site/split.py)."""
ARCHIVE_STAGING = "_archive"
"""The staging folder's subfolder for cross-session pages (uploads' pages are all under sessions/)."""


def build_site(
    content: Path,
    output: Path,
    templates: Path | None = None,
    jobs: int | None = None,
    cache_dir: Path | None = None,
    now: datetime | None = None,
    progress: Progress | None = None,
    site_url: str | None = None,
    *,
    checked: bool = False,
) -> BuildReport:
    """``now`` is the build time that decides whether a provisional period has passed
    (the clock when not given: tests pass a fixed moment); ``progress`` (the command
    line's, on a terminal) shows how far the build got; ``site_url`` (``--site-url``, the
    workflow's Pages address) the site's address where site.yaml gives none; ``checked``: the
    caller has just asked ``noop.unchanged`` (the library's ``build``), not asked again."""
    progress = progress or Progress()
    try:
        with paused_gc():  # the build holds millions of objects and makes next to no cycles (cycles.py)
            return _build_site(
                content, output, templates, jobs, cache_dir, now or datetime.now(UTC), progress, site_url, checked
            )
    finally:
        progress.clear()


def _build_site(
    content: Path,
    output: Path,
    templates: Path | None,
    jobs: int | None,
    cache_dir: Path | None,
    now: datetime,
    progress: Progress,
    site_url: str | None = None,
    checked: bool = False,
) -> BuildReport:
    started = time.perf_counter()
    content, output = Path(content), Path(output)
    templates = Path(templates) if templates else default_templates(content)
    cache = Cache(Path(cache_dir) if cache_dir else output.parent / ".cache" / "site")
    run_state = {"published": False}
    try:
        with build_lock(cache.root, output):
            # Before anything else: what a stopped build left half done is completed or undone.
            try:
                note = recover(output) if output.is_dir() else None
            except OSError as exc:
                raise BuildError(unrecovered(exc, output)) from None
            if note:
                print(f"note: {shown(note)}", file=sys.stderr, flush=True)
            return _build_locked(
                content, output, templates, jobs, cache, now, progress, started, run_state, site_url, checked
            )
    except OSError as exc:  # the system refused a file: which one, and what became of the site
        raise BuildError(refused(exc, output, run_state["published"])) from None


def _build_locked(
    content: Path,
    output: Path,
    templates: Path,
    jobs: int | None,
    cache: Cache,
    now: datetime,
    progress: Progress,
    started: float,
    run_state: dict[str, bool],
    site_url: str | None,
    checked: bool = False,
) -> BuildReport:
    """The build proper, with the lock held and the output recovered."""
    if not content.is_dir():
        raise BuildError(
            f"content folder {shown(content)} not found: expected a folder with site.yaml and sessions/ (articles/ is optional)"
        )
    if not (templates / "base.html").is_file():
        raise BuildError(f"templates folder {shown(templates)} has no base.html")
    c, o = content.resolve(), output.resolve()
    if o == c or c.is_relative_to(o) or o.is_relative_to(c):
        raise BuildError(
            f"output folder {shown(output)} must not contain or be inside the content folder {shown(content)}"
        )
    if not checked:  # (else the front door took them, and what it found is this build's)
        sealed.take_warnings()  # an earlier build's, in this process
    settings = read_settings(content, site_url)
    config, logo, extra, language = settings.config, settings.logo, settings.extra, settings.language
    i18n.activate(language)  # before any worker forks: every page of this build is in it
    last = None if checked else last_report(cache.root, content, output, templates, now, settings, started, jobs)
    if last is not None:  # nothing changed: nothing to read, plan or write
        return last
    quick.forget(cache.root, output)
    language.read(cache.root / "catalogs")  # checked before anything is read or planned

    # --- phase one: everything in memory or in the cache; nothing in the output -----------
    # Taken before the articles and uploads are read: a file that changes during the build is
    # seen as changed next time; one changed just before it is checked by its bytes (``racy``).
    racy: list[str] = []
    inputs = quick.inputs_digest(content, output, templates, config.sessions_dir, config.articles_dir, racy) + extra
    if quick.settings_text(content) != settings.text:  # changed while it was loaded: never "nothing changed"
        inputs = ""
    skipped: list[Skipped] = []
    articles = site_articles(content / config.articles_dir, confine=content, skipped=skipped, language=config.language)
    meta = SiteMeta(
        config.site_url,
        config.search_engines,
        config.description,
        logo[0] if logo else config.logo,
        config.csv_bom,
        config.csv_format == "semicolon" or (config.csv_format == "auto" and i18n.decimal_sign(language) == ","),
    )
    site = SiteInfo(config.club, rule_articles(articles), {a.slug: a.title for a in articles}, meta, config.privacy)
    try:
        sources, passed = discover(content / config.sessions_dir, f"{config.sessions_dir}/", confine=content)
    except OutsideError as real:
        raise BuildError(
            f"{shown(content / config.sessions_dir)}: not read, because it leads to {shown(real)}, "
            "outside the content folder: expected the sessions folder inside it"
        ) from None
    skipped = sorted(passed + skipped, key=lambda s: s.path)
    made_by = [code_version(), tree_digest(templates)]
    catalogs = [settings.language.digest] if settings.language.digest else []  # none for English: its caches stay valid
    common = digest(
        json.dumps([FORMAT, *made_by, config.fingerprint(), site.rule_map, site.article_titles, *catalogs]).encode()
    )
    # What the output holds: listed by a second process from now on, while this one reads the
    # cache and renders the new uploads.
    manifest = cache.load_manifest(output)
    listing = PendingListing(output, manifest, cores(jobs))
    # Workers write the pages they render here (a folder beside the cache, on the same disk
    # as the site as a rule), and phase two renames them into the site.
    staging = cache.root / "staging"
    try:
        stamps = cache.load_stamps()
        index = cache.load_index()
        shutil.rmtree(staging, ignore_errors=True)
        compiled = compiled_folder(cache.root, made_by[0], f"{language.tag}:{language.digest}")
        render.use_compiled(compiled)  # templates compiled by an earlier build of this code and language
        histories = _histories(content / config.sessions_dir, sources, cache.root, common, config.provisional_days, now)
        run = _Run(
            content=content,
            output=output,
            templates=templates,
            jobs=jobs,
            cache=cache,
            config=config,
            articles=articles,
            site=site,
            sources=sources,
            common=common,
            index=index,
            staging=staging,
            histories=histories,
            skipped=skipped,
            progress=progress,
            state=run_state,
            logo=logo,
            manifest=manifest,
            listing=listing,
        )
        report = _build(run, stamps, started)
        prune_compiled(compiled)
    finally:
        listing.close()
        render.use_compiled(None)
        shutil.rmtree(staging, ignore_errors=True)
    if [code_version(), tree_digest(templates)] != made_by:
        # The code or the templates were edited while pages were rendered (``serve``): which
        # page saw which version is unknown, so nothing this build made is kept as known.
        inputs = ""
        cache.drop_index()
    report.skipped = skipped
    quick.remember(
        cache.root,
        output,
        inputs,
        [config.sessions_dir, config.articles_dir],
        report.manifest,
        {
            "sessions": report.sessions,
            "uploads": report.uploads,
            "pages": report.pages,
            "warnings": report.warnings,
            "skipped": [[s.path, s.reason] for s in skipped],
        },
        min(
            (
                h["provisional"]["until_utc"]
                for h in histories.values()
                if h["provisional"] and h["provisional"]["active"]
            ),
            default=None,
        ),
        {path: run.digests.get(path) for path in racy},
    )
    # Damaged cache files this build found and made again: said now, not repeated by the no-op build.
    report.warnings = [*report.warnings, *sealed.take_warnings()]
    report.seconds = time.perf_counter() - started
    return report


def _histories(
    folder: Path, sources: list[Source], cache_root: Path, common: str, days: int | None, now: datetime
) -> dict[str, UploadHistory]:
    """Each upload's committed versions and provisional period (``generator.history``)."""
    found = upload_versions(folder, [s.rel for s in sources], cache_root)
    found = continuity.published(folder, continuity.trim(folder, found, cache_root), cache_root)
    out: dict[str, UploadHistory] = {}
    for src in sources:
        versions = found.get(src.rel)
        if versions:
            first = versions[0]["date"]
            assert first is not None  # a committed version: git gave its date
            out[src.rel] = {
                "versions": versions,
                "folder": str(folder),
                "common": common,
                "provisional": provisional(first, days, now, i18n.correction_wording()),
            }
    return out


@dataclass(kw_only=True, frozen=True)
class _Run:
    """What every phase of one build reads: the settings, the uploads found and the cache
    (frozen: the phases add to its lists, never replace a field)."""

    content: Path
    output: Path
    templates: Path
    jobs: int | None
    cache: Cache
    config: SiteConfig
    articles: list[Article]
    site: SiteInfo
    sources: list[Source]
    common: str
    """The digest of what every page depends on (code, templates, settings, articles)."""
    index: CacheIndex
    """The cache index: per key, the upload's summaries and each page's digest."""
    staging: Path
    histories: dict[str, UploadHistory]
    skipped: list[Skipped]
    progress: Progress
    state: dict[str, bool]
    """``published``: phase two switched the output (an error after it must say so)."""
    manifest: dict[str, FileStamp]
    """What the last build left in the output folder (``Cache.load_manifest``)."""
    listing: PendingListing
    """The output folder as found at the start, against ``manifest`` (made meanwhile)."""
    logo: tuple[str, bytes, str] | None = None
    """The club's logo from the content folder: site path, bytes, digest (``config.logo_file``)."""
    errors: list[str] = field(default_factory=list)
    said: list[str] = field(default_factory=list)
    """Each error in the site's language (the English where it has none): the ``serve`` banner's."""
    problems: list[Problem] = field(default_factory=list)
    digests: dict[str, str | None] = field(default_factory=dict)
    """Each upload's digest, by its path: of the bytes its pages were made from (None when the
    file changed between the build's hashing and its worker's reading)."""

    def fail(self, text: str, problems: list[Problem], said: str = "") -> None:
        self.errors.append(text)
        self.said.append(said or text)
        self.problems.extend(problems)


@dataclass(kw_only=True)
class _Uploads:
    """Phase one's outcome for the uploads: one cache key per source (None where it could
    not be read), the keys rendered this time and their staged pages."""

    keys: list[str | None]
    rendered: int
    staged: dict[str, dict[str, FileStamp]]
    member: dict[str, dict[int, list[dict[str, str]]]]
    event_sources: list[EventSource]
    cached: list[UploadJob]
    """The uploads the cache holds, sorted against the output by ``_sort_cached``."""
    where: dict[str, int]
    """Each key's place in ``keys``."""
    syncer: Syncer | None = None
    """Phase two's writer, made in phase one (it reads what the output folder holds, which
    phase one needs to know which cached uploads must be staged): by ``_sort_cached``."""
    kept: dict[str, dict[str, FileStamp]] = field(default_factory=dict)
    """The cached uploads whose pages the output holds as the last build wrote them: each
    page's stamp there (phase two keeps them as they are)."""


@dataclass(kw_only=True)
class _Archive:
    """The cross-session pages: bytes rendered now (``extra``), and the ones whose context
    is unchanged (``known``: path -> digest, rendered only if the output lost them)."""

    pages: list[Page | LazyPage]
    extra: dict[str, bytes]
    known: dict[str, str]
    rendered: dict[str, list[str]]
    """Per path, [digest of the context, digest of the bytes]: the next build's ``known``."""
    events: dict[str, EventEntry] = field(default_factory=dict)
    """The events ranked, for the next build (their pages are cache entries)."""
    staged: dict[str, FileStamp] = field(default_factory=dict)
    """Pages rendered by forked processes, which wrote them under the staging folder's
    ``ARCHIVE_STAGING`` (phase two moves them into the site, as the uploads' pages)."""

    def paths(self) -> list[str]:
        return [*self.extra, *self.staged, *self.known]


def _build(run: _Run, stamps: dict[str, SourceStamp], started: float) -> BuildReport:
    """Phase one (render the uploads, check them against each other, plan the archive),
    then, only if all of it succeeded, phase two (sync the output)."""
    uploads = _render_uploads(run, stamps)
    _check_duplicates(run, uploads.keys)
    _stop_on_errors(run)
    # The cross-session pages planned while the output is still being listed; again in the
    # rare case an upload whose cache entry was damaged changed while it was rendered again.
    planned = list(uploads.keys)
    built, summaries, archive = _archive_of(run, uploads)  # an event that cannot be ranked stops here
    _sort_cached(run, uploads)
    replan = uploads.keys != planned
    if replan:
        _check_duplicates(run, uploads.keys)
    _stop_on_errors(run)
    if replan:
        built, summaries, archive = _archive_of(run, uploads)
    owner = _owners(run, built)
    clash = sorted(set(archive.paths()) & set(owner))
    if clash:
        raise BuildError(f"{shown(owner[clash[0]])} produces {shown(clash[0])}, which the site itself needs")
    syncer = _sync_output(run, uploads, built, owner, archive)
    return BuildReport(
        output=run.output,
        sessions=len(summaries),
        uploads=len(run.sources),
        rendered=uploads.rendered,
        pages=len(owner) + len(archive.paths()),
        written=syncer.stats.written,
        unchanged=syncer.stats.unchanged,
        removed=syncer.stats.removed,
        seconds=time.perf_counter() - started,
        manifest=syncer.new,
        warnings=[w for s in summaries for w in s.get("warnings", ())],
    )


def _stop_on_errors(run: _Run) -> None:
    """Uploads that failed stop the build before the site is touched (the index keeps what did render)."""
    if run.errors:
        run.cache.save_index(run.index)
        count = len(run.errors)
        raise BuildError(
            "the site was not built; the previous site is unchanged. "
            f"{count} upload{'s' if count != 1 else ''} failed:\n" + "\n".join(run.errors + skipped_lines(run.skipped)),
            run.problems,
            said=failed_uploads_text(count, run.said + skipped_lines(run.skipped)),
        )


def _archive_of(run: _Run, uploads: _Uploads) -> tuple[list[str], list[SessionSummary], _Archive]:
    """The keys built, their sessions' summaries and the cross-session pages planned from them."""
    built: list[str] = [key for key in uploads.keys if key is not None]  # every None came with an error
    summaries = [s for key in built for s in run.index["keys"][key]["summaries"]]
    return built, summaries, _plan_archive(run, uploads, built, summaries)


def _render_uploads(run: _Run, stamps: dict[str, SourceStamp]) -> _Uploads:
    """Phase one, the uploads: work out each one's cache key (its bytes, slug, history and
    events), then read, score, plan and render the ones the cache does not hold, in worker
    processes.  Problems are collected in ``run``, never raised: every upload's are reported."""
    keys: list[str | None] = []
    todo: list[UploadJob] = []
    cached_jobs: list[UploadJob] = []
    restamped = False
    # Events of several sessions: read first, so that each session page names its event.
    event_sources = discover_events(run.content / run.config.sessions_dir, confine=run.content)
    member, event_errors = memberships(event_sources, run.sources)
    for exc in event_errors:
        text = str(exc)
        run.fail(text, [Problem(None, None, text)], error_text(exc))
    found: list[str | None] = []
    for n, src in enumerate(run.sources, start=1):
        run.progress.step(n, len(run.sources), "uploads checked")
        try:
            file_digest, read = run.cache.file_digest(src.path, stamps, MAX_BYTES)
        except (TooLarge, OSError) as exc:
            error = InputError(
                str(src.path),
                "",
                f"the file is {exc.size:,} bytes: expected at most {MAX_BYTES:,} bytes"
                if isinstance(exc, TooLarge)
                else f"cannot read the file ({exc.strerror or exc}): expected a readable file",
            )
            run.fail(str(InputErrors([error])), [error.problem])
            found.append(None)
            continue
        restamped = restamped or read
        run.digests[str(src.path)] = file_digest
        found.append(file_digest)
    # Each session's previous and next in date order: part of its page, so of its key.
    paths = {src.rel: src.path for src in run.sources}
    language = i18n.active()
    neighbours = neighbours_of(
        [(src.rel, src.slug, d) for src, d in zip(run.sources, found)],
        run.cache.root,
        partial(_describe_uploads, paths, cores(run.jobs)),
        f"{language.tag}:{language.digest}",
    )
    for src, got in zip(run.sources, found):
        if got is None:
            keys.append(None)
            continue
        file_digest = got
        history = run.histories.get(src.rel)
        near = neighbours.get(src.rel)
        key = upload_key(
            run.common, file_digest, src.slug, str(src.path), history, member.get(src.rel), src.legacy, near
        )
        keys.append(key)
        job = UploadJob(
            key,
            str(src.path),
            f"{run.config.sessions_dir}/{src.rel}",
            src.slug,
            run.site,
            run.config.scoring,
            str(run.templates),
            str(run.cache.root),
            str(run.staging),
            history,
            member.get(src.rel),
            legacy=src.legacy,
            common=run.common,
            neighbours=near,
        )
        # A cached upload's entry is loaded only if the output lost its pages (``_restage``).
        (cached_jobs if key in run.index["keys"] and run.cache.has(key) else todo).append(job)
    uploads = _Uploads(
        keys=keys,
        rendered=len(todo),
        staged={},
        member=member,
        event_sources=event_sources,
        cached=cached_jobs,
        where={key: n for n, key in enumerate(keys) if key is not None},
    )
    _take(run, uploads, todo, 0)  # while the output is listed (``PendingListing``)
    if restamped:
        run.cache.save_stamps(stamps)
    return uploads


def _sort_cached(run: _Run, uploads: _Uploads) -> None:
    """Phase one, the cached uploads, once the output is listed: sorted by what the output
    holds of them (``_restage``); one whose cache entry is damaged is rendered again."""
    syncer = uploads.syncer = Syncer(run.output, run.manifest, run.listing.result())
    restaged, uploads.kept, damaged = _restage(run, syncer, uploads.cached)
    uploads.staged |= restaged
    _take(run, uploads, damaged, uploads.rendered)


def _take(run: _Run, uploads: _Uploads, batch: list[UploadJob], first: int) -> None:
    """Render ``batch`` in worker processes and keep what came of it in ``uploads`` and the
    index; its failures reported in ``run``, in path order whatever the workers did."""
    failed: list[tuple[int, UploadFailed]] = []
    total = first + len(batch)
    for n, (i, outcome) in enumerate(_run(batch, run.jobs), start=first + 1):
        run.progress.step(n, total, "uploads read and scored")
        fault_pause("upload")
        sealed.add_warnings(outcome.warnings)
        if isinstance(outcome, UploadDone):
            if outcome.key != batch[i].key:  # changed since hashed: the pages are of the bytes the worker read
                uploads.keys[uploads.where[batch[i].key]] = outcome.key
                run.digests[batch[i].path] = None
            uploads.staged[outcome.key] = outcome.staged
            run.index["keys"][outcome.key] = {
                "summaries": outcome.summaries,
                "pages": {p: e.sha for p, e in outcome.staged.items()},
            }
        else:
            failed.append((i, outcome))
    uploads.rendered = total
    for _, f in sorted(failed, key=lambda f: f[0]):
        run.fail(f.text, [Problem(*p) for p in f.problems], f.said)


def _restage(
    run: _Run, syncer: Syncer, cached: list[UploadJob]
) -> tuple[dict[str, dict[str, FileStamp]], dict[str, dict[str, FileStamp]], list[UploadJob]]:
    """The cached uploads sorted by what the output folder holds of them: those whose pages
    it holds as the last build wrote them (each page's stamp: kept as they are); the others,
    whose pages it lost or holds changed, their cache entries loaded and staged now, in phase
    one, as a worker stages what it renders, so that a damaged entry is found before the site
    is touched; such an upload is rendered again (its entry removed).  Returns the staged
    pages and the kept ones by key, and the uploads to render again."""
    kept: dict[str, dict[str, FileStamp]] = {}
    wanted: list[UploadJob] = []
    for job in cached:
        stamps: dict[str, FileStamp] = {}
        for path, sha in run.index["keys"][job.key]["pages"].items():
            stamp = syncer.holds(path, sha)
            if stamp is None:  # lost or changed: the upload's pages are staged again
                wanted.append(job)
                break
            stamps[path] = stamp
        else:
            kept[job.key] = stamps
    staged: dict[str, dict[str, FileStamp]] = {}
    damaged: list[UploadJob] = []

    def restage(job: UploadJob) -> None:
        try:
            pages = run.cache.load(job.key, run.index["keys"][job.key]["pages"])
        except (OSError, ValueError) as exc:
            sealed.damaged(run.cache.entry_path(job.key), f"it cannot be used ({exc})")
            run.cache.entry_path(job.key).unlink(missing_ok=True)
            damaged.append(job)
            return
        staged[job.key] = stage(run.staging, pages)

    for _ in run_in_threads(restage, wanted):  # loading (LZ4) and writing files release the GIL
        pass
    return staged, kept, damaged


DESCRIBE_SHARED = 16
"""At least this many uploads not seen before (a first build, a restored archive): read for
their dates and titles by every core (``shared_map``), not by this process alone."""


def _describe_uploads(paths: dict[str, Path], parts: int, rels: list[str]) -> list[Described | None]:
    """Each upload's sessions as the neighbours' links need them (``neighbours.described_or_none``)."""

    def read(rel: str) -> list[Session]:
        return read_sessions(paths[rel])

    if len(rels) < DESCRIBE_SHARED or not can_share(parts):
        return [described_or_none(read, rel) for rel in rels]
    size = -(-len(rels) // (parts * 4))
    _, out = shared_map(
        lambda lo, hi: [described_or_none(read, rel) for rel in rels[lo:hi]], len(rels), parts, size, lambda: None
    )
    return out


def _check_duplicates(run: _Run, keys: list[str | None]) -> None:
    """The same session uploaded twice: among the uploads that were read, in path order."""
    index = run.index
    read_ok = [(src, key) for src, key in zip(run.sources, keys) if key is not None and key in index["keys"]]
    found = duplicates(
        [
            ((str(src.path), _session_number(index, key, n)), s)
            for src, key in read_ok
            for n, s in enumerate(index["keys"][key]["summaries"], start=1)
        ]
    )
    for (file, number), (earlier, earlier_number), summary in found:
        error = InputError(
            file,
            number,
            f"the same session as {shown(earlier)}{earlier_number and f' ({earlier_number})'} "
            f"({_described(summary)}): expected each session uploaded once; "
            "remove one of the two files",
        )
        run.fail(str(InputErrors([error])), [error.problem])


def _owners(run: _Run, built: list[str]) -> dict[str, str]:
    """Each upload's pages, by site path -> the upload; two uploads making one path is an error."""
    owner: dict[str, str] = {}
    for key, src in zip(built, run.sources):
        for path in run.index["keys"][key]["pages"]:
            if path in owner:
                raise BuildError(
                    f"{shown(src.rel)} and {shown(owner[path])} both produce {shown(path)}; rename one of them"
                )
            owner[path] = src.rel
    return owner


def _plan_archive(run: _Run, uploads: _Uploads, built: list[str], summaries: list[SessionSummary]) -> _Archive:
    """Phase one, the cross-session pages (home, months, players, seasons, events, feed,
    static files): planned every time from the summaries (cheap), rendered only when their
    context changed since the last build — the cache maps a digest of each context to the
    digest of the bytes it rendered to."""
    index, common, templates = run.index, run.common, run.templates
    counts = {src.rel: len(index["keys"][key]["summaries"]) for src, key in zip(run.sources, built)}
    upload_keys = {src.rel: key for src, key in zip(run.sources, built)}
    event_keys = {e.rel: _event_key(run, e, uploads.member, upload_keys) for e in uploads.event_sources}

    def unchanged(event: EventSource) -> bool:
        """The event file and the uploads it names still hold the bytes its key was made from
        (read again by ``load_event``): else its pages are not cached under that key."""
        if _event_key(run, event, uploads.member, upload_keys) != event_keys[event.rel]:
            return False
        named = set(_named(event, uploads.member))
        return all(_file_digest(s.path) == run.digests.get(str(s.path)) for s in run.sources if s.rel in named)

    event_pages, event_list, events_now = _event_pages(
        uploads.event_sources,
        run.sources,
        counts,
        run.config,
        run.site,
        templates,
        run.cache,
        event_keys,
        index,
        unchanged,
    )
    tags = [f"{key}:{n}" for key in built for n in range(len(index["keys"][key]["summaries"]))]
    config = run.config
    planner = ArchivePlanner(
        config.club,
        config.description,
        summaries,
        run.articles,
        config.season_start_month,
        config.season_min_sessions,
        tags,
        events=event_list,
        meta=run.site.meta,
    )
    extra: dict[str, bytes] = {}
    known: dict[str, str] = {}
    rendered_before = index.get("archive", {})
    rendered_now: dict[str, list[str]] = {}
    archive_pages = planner.pages()
    todo: list[tuple[Page | LazyPage, str]] = []
    for page in archive_pages:
        if page.data is not None:
            extra[page.path] = page.data
            continue
        if isinstance(page, LazyPage):  # keyed by what it is made from: no context to build
            context_key = digest(f"{common}{page.template}\0{page.path}\0{page.deps}".encode())
        else:
            assert page.template is not None  # a page without bytes is a template's
            context_key = digest(
                (common + page.template + "\0" + json.dumps(page.context, sort_keys=True, default=str)).encode()
            )
        before = rendered_before.get(page.path)
        if before and before[0] == context_key:
            known[page.path] = before[1]
            rendered_now[page.path] = before
            continue
        todo.append((page, context_key))
    made, staged = _render_archive(todo, templates, run)
    for page, context_key in todo:
        if page.path in made:
            extra[page.path] = made[page.path]
            rendered_now[page.path] = [context_key, digest(made[page.path])]
        else:
            rendered_now[page.path] = [context_key, staged[page.path].sha]
    extra.update(event_pages)
    extra["feed.xml"] = atom_feed(config.club, summaries, config.site_url)
    if run.logo:
        extra[run.logo[0]] = run.logo[1]
    # Every page's path (128,000 in a club's archive): listed only when old event addresses
    # need redirect pages or the site has a sitemap.
    moves = moved_events(uploads.event_sources)
    sitemap = bool(config.site_url and config.search_engines)
    pages_now = (
        [p for key in built for p in index["keys"][key]["pages"]] + [p.path for p in archive_pages]
        if moves or sitemap
        else []
    )
    event_moves = redirect_pages(moves, {*pages_now, *event_pages}, run.site.meta) if moves else []
    extra.update((p.path, p.data) for p in event_moves if p.data is not None)
    if sitemap:
        moved = {r for s in summaries for r in s.get("redirects", ())} | set(planner.redirected) | {"404.html"}
        moved |= {p.path for p in event_moves}
        extra.update(
            _findable(
                config.site_url, [p for p in [*pages_now, *event_pages] if p.endswith(".html") and p not in moved]
            )
        )
    static = templates / "static"
    if static.is_dir():
        for p in sorted(static.rglob("*")):
            if p.is_file():
                extra["static/" + p.relative_to(static).as_posix()] = p.read_bytes()
    return _Archive(
        pages=archive_pages,
        extra=extra,
        known=known,
        rendered=rendered_now,
        events=events_now,
        staged=staged,
    )


def _findable(site_url: str, pages: list[str]) -> dict[str, bytes]:
    """``sitemap.xml`` (every page but the redirects and 404.html) and ``robots.txt``, made
    only with the site's address (a sitemap holds full addresses) and search engines welcome
    (``_plan_archive``'s ``sitemap``)."""
    out = sitemaps(site_url, pages)
    robots = robots_txt(site_url)
    if robots:
        out["robots.txt"] = robots
    return out


def _render_archive(
    todo: list[tuple[Page | LazyPage, str]], templates: Path, run: _Run
) -> tuple[dict[str, bytes], dict[str, FileStamp]]:
    """The cross-session pages whose context changed, rendered: here when there are few
    ({path: bytes}); by every core when there are many (a full build of a big archive:
    thousands of player pages, each made from all of the player's sessions), each process
    writing its pages into the staging folder as the upload workers do ({path: stamp})."""
    parts = cores(run.jobs)
    if len(todo) < FORK_PAGES or not can_share(parts):
        made = {}
        for n, (page, _) in enumerate(todo, start=1):
            made[page.path] = render_page(_made(page), templates)
            run.progress.step(n, len(todo), "pages rendered")
        return made, {}
    root = run.staging / ARCHIVE_STAGING

    def render(lo: int, hi: int) -> list[tuple[str, FileStamp]]:
        return list(stage(root, {p.path: render_page(_made(p), templates) for p, _ in todo[lo:hi]}).items())

    size = max(FORK_PAGES // 4, -(-len(todo) // (parts * 8)))
    return {}, dict(shared_map(render, len(todo), parts, size, lambda: None)[1])


def _sync_output(run: _Run, uploads: _Uploads, built: list[str], owner: dict[str, str], archive: _Archive) -> Syncer:
    """Phase two: bring the output folder in line with the planned pages (staged pages
    renamed in, cached ones written only where the folder lost them, stale files removed),
    then save the manifest and the cache index.  Runs only after phase one succeeded."""
    cache, index = run.cache, run.index
    run.output.mkdir(parents=True, exist_ok=True)
    syncer = uploads.syncer
    assert syncer is not None, "made by _sort_cached"
    txn = syncer.txn = Transaction(run.output)
    try:
        _stage_output(run, uploads, built, owner, archive, syncer)
        with shielded():  # a signal now waits until the switch is over: the site is whole
            txn.commit()
    except OSError as exc:
        txn.abandon()
        raise BuildError(refused(exc, run.output, published=False)) from None
    except BaseException:
        txn.abandon()
        raise
    run.state["published"] = True
    try:
        cache.save_manifest(run.output, syncer.new)
        live = set(built)
        index["keys"] = {k: v for k, v in index["keys"].items() if k in live}
        index["archive"] = archive.rendered
        index["events"] = archive.events
        cache.save_index(index)
        cache.prune(live | {e["key"] for e in archive.events.values()})
    except OSError as exc:  # a failed write() names no file: the cache's folder at least
        raise named(exc, cache.root) from None
    return syncer


def unrecovered(exc: OSError, output: Path) -> str:
    """The change a stopped build left could be neither completed nor undone (the folder is read-only, say)."""
    where = f"{shown(exc.filename)}: " if exc.filename else ""
    return (
        f"cannot finish the change a stopped build left in {shown(output / PUBLISHING)} ({where}"
        f"{exc.strerror or exc}): until a build can, the site in {shown(output)} may hold old and new pages"
    )


def refused(exc: OSError, output: Path, published: bool) -> str:
    """'cannot write site/.publishing/new/x.html (in folder site/.publishing/new): No space left
    on device; the site in site was left as it was': the file, its folder and the site's state."""
    name = exc.filename
    where = f"{shown(name)} (in folder {shown(os.path.dirname(os.fspath(name)) or '.')})" if name else "a file"
    state = (
        f"the new site in {shown(output)} was published, but the cache could not be updated"
        if published
        else f"the site in {shown(output)} was left as it was"
    )
    return f"cannot write {where}: {exc.strerror or exc}; {state}"


def _stage_output(
    run: _Run, uploads: _Uploads, built: list[str], owner: dict[str, str], archive: _Archive, syncer: Syncer
) -> None:
    """Phase two's first half: every new or changed file staged in the transaction, every stale one listed."""
    index, staged = run.index, uploads.staged
    assert syncer.txn is not None
    syncer.txn.begin()
    # Every group the threads below write at once: a folder two of them write into is never
    # renamed into place whole (see shared_folders).  Only staged groups are ever renamed.
    shared = (
        shared_folders(
            {
                **staged,
                **{f"cached {key}": index["keys"][key]["pages"] for key in built if key not in staged},
                ARCHIVE_STAGING: archive.staged,
                "cross-session pages": archive.extra,
            }
        )
        if staged or archive.staged
        else set()
    )

    def put_all(items: list[tuple[str, bytes]]) -> None:
        for path, data in items:
            syncer.put(path, data)

    for key in dict.fromkeys(built):  # the cached uploads whose pages the output holds (``_restage``)
        if key not in staged:
            syncer.keep(uploads.kept[key])
    # The staged uploads' pages moved in, and the cross-session pages (thousands on a full
    # build) written alongside, in batches.
    extras = list(archive.extra.items())
    tasks: list[Callable[[], None]] = [
        partial(syncer.put_staged, staged[key], run.staging, shared) for key in dict.fromkeys(built) if key in staged
    ]
    tasks += [partial(put_all, extras[i : i + 64]) for i in range(0, len(extras), 64)]
    if archive.staged:
        tasks.append(partial(syncer.put_staged, archive.staged, run.staging / ARCHIVE_STAGING, shared))
    # File creation is slow on some disks and releases the GIL: a few threads overlap it.
    with closing(run_in_threads(lambda task: task(), tasks)) as done:  # closed at once on a signal
        for n, _ in enumerate(done, start=1):
            if n == max(1, len(tasks) // 2):
                fault_pause("stage")
    known = archive.known
    if known:

        def render_known() -> dict[str, bytes]:
            pages = {p.path: p for p in archive.pages if p.path in known}
            return {path: render_page(_made(pages[path]), run.templates) for path in known}

        syncer.put_group(known, render_known)
    syncer.remove_stale(owner.keys() | archive.paths())


def _event_pages(
    event_sources: list[EventSource],
    sources: list[Source],
    counts: dict[str, int],
    config: SiteConfig,
    site: SiteInfo,
    templates: Path,
    cache: Cache,
    keys: dict[str, str],
    index: CacheIndex,
    unchanged: Callable[[EventSource], bool] = lambda event: True,
) -> tuple[dict[str, bytes], list[dict[str, Any]], dict[str, EventEntry]]:
    """Each event's page and JSON, the list the home page shows and the events' index entries;
    a BuildError when an event cannot be ranked.  An event whose file and sessions' uploads
    are unchanged (``keys``) comes from the cache: its sessions are not read and scored again."""
    from ..events import event_to_json, load_event

    pages: dict[str, bytes] = {}
    listed: list[dict[str, Any]] = []
    errors: list[str] = []
    said_errors: list[str] = []  # the same in the site's language (the banner)
    problems: list[Problem] = []
    uploads = {s.rel for s in sources}
    before = index.get("events", {})
    now: dict[str, EventEntry] = {}
    for event in event_sources:
        key = keys[event.rel]
        known = before.get(event.rel)
        if known and known["key"] == key and cache.has(key):
            try:
                found = cache.load(key)
            except (OSError, ValueError) as exc:  # a damaged entry: ranked again below
                sealed.damaged(cache.entry_path(key), f"it cannot be used ({exc})")
                found = None
            if found is not None:
                pages.update(found)
                listed.append(known["listed"])
                now[event.rel] = known
                continue
        try:
            scored = load_event(event.path, config.scoring, missing=config.event_missing, privacy=config.privacy)
            for ref in scored.spec.sessions:
                rel = os.path.normpath(os.path.join(os.path.dirname(event.rel), ref.file)).replace(os.sep, "/")
                if rel not in uploads:
                    raise InputErrors(
                        [
                            InputError(
                                str(event.path),
                                f"line {ref.line}",
                                said(
                                    msg(
                                        "%(file)s is not a session the build reads: "
                                        "expected an upload of the sessions folder",
                                        file=shown(ref.file),
                                    )
                                ),
                            )
                        ]
                    )
            slugs = [session_slug(sources, event, ref.file, ref.index, counts) for ref in scored.spec.sessions]
        except InputErrors as exc:
            errors.append(str(exc))
            said_errors.append(error_text(exc))
            problems.extend(exc.problems)
            continue
        page = plan_event(event, scored, slugs, site, site_default=config.event_missing is not None)
        made = {
            page.path: render_page(page, templates),
            f"events/{event.slug}/results.json": (
                json.dumps(event_to_json(scored, slugs), sort_keys=True, ensure_ascii=False, indent=1) + "\n"
            ).encode("utf-8"),
        }
        pages.update(made)
        if unchanged(event):  # a file rewritten meanwhile: ranked again next time, never cached under this key
            cache.store(key, made)
        now[event.rel] = {"key": key, "listed": event_summary(event, scored)}
        listed.append(now[event.rel]["listed"])
    if errors:
        count = len(errors)
        raise BuildError(
            "the site was not built; the previous site is unchanged. "
            f"{count} event file{'s' if count != 1 else ''} failed:\n" + "\n".join(errors),
            problems,
            said=failed_events_text(count, said_errors),
        )
    listed.sort(key=lambda e: (e["last"], e["title"]), reverse=True)
    return pages, listed, now


def _event_key(
    run: _Run, event: EventSource, member: dict[str, dict[int, list[dict[str, str]]]], keys: dict[str, str]
) -> str:
    """What an event's pages are made from: its file, the cache keys of the uploads it names
    (their bytes, slugs and session counts) and what every page depends on (``run.common``:
    code, templates, settings with the scoring options)."""
    named = _named(event, member)
    try:
        data = event.path.read_bytes()
    except OSError:
        data = b""  # reported when the event is read
    return digest(
        json.dumps(
            ["event", run.common, event.rel, event.slug, digest(data), [[rel, keys.get(rel)] for rel in named]]
        ).encode()
    )


def _named(event: EventSource, member: dict[str, dict[int, list[dict[str, str]]]]) -> list[str]:
    """The uploads an event names, sorted."""
    return sorted(
        rel for rel, by_number in member.items() if any(e["url"] == event.url for es in by_number.values() for e in es)
    )


def _file_digest(path: Path) -> str | None:
    try:
        return digest(path.read_bytes())
    except OSError:
        return None


def _session_number(index: CacheIndex, key: str, n: int) -> str:
    """'session 2' for the second session of an upload that holds several, else ''."""
    return f"session {n}" if len(index["keys"][key]["summaries"]) > 1 else ""


def _described(summary: SessionSummary) -> str:
    """'Monday Pairs on 2026-11-02, the same 8 pairs' for the duplicate message."""
    date = summary.get("date")
    pairs = len(summary["identity"][3])
    return (
        f"{shown(summary.get('title') or 'untitled')}{' on ' + date if date else ''}, "
        f"the same {pairs} pair{'s' if pairs != 1 else ''}"
    )


def _made(page: Page | LazyPage) -> Page:
    """A page with its context made (a ``LazyPage`` makes it only when it must be rendered)."""
    return Page(page.path, page.template, page.make()) if isinstance(page, LazyPage) else page


def _run(todo: list[UploadJob], jobs: int | None) -> Iterator[tuple[int, UploadDone | UploadFailed]]:
    """Render uploads: in this process for a few, else in a pool of ``jobs`` workers.
    Yields (index in ``todo``, result) as each is done, for the progress line.

    The largest uploads go first and tasks are small (a few uploads each), so the workers
    run out of work together rather than one finishing a long chunk while the others wait."""
    workers = max(1, min(jobs or os.cpu_count() or 1, len(todo)))
    if workers == 1 or len(todo) < 3:  # one by one here; a big field's pages made by every core
        parts = cores(jobs)
        for i, t in enumerate(todo):
            yield i, worker(replace(t, parts=parts))
        return
    order = sorted(range(len(todo)), key=lambda i: -_size(todo[i].path))
    chunksize = max(1, min(4, len(todo) // (workers * 16)))
    running = run_in_workers(
        worker, [todo[i] for i in order], workers, chunksize, setup=(i18n.resume, (i18n.source(),))
    )
    try:
        yield from zip(order, running)
    except WorkerDied as died:
        raise BuildError(
            "the site was not built; the previous site is unchanged. A worker process stopped "
            "(killed, or out of memory) while reading "
            + (" or ".join(shown(job.path) for job in died.running) or "an upload")
        ) from None
    finally:  # Ctrl-C, SIGTERM, a failure here: the workers stop now, not after the queue
        running.close()


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0

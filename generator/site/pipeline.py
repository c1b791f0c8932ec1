"""The per-upload pipeline: find the uploads in ``content/sessions/`` (with their slugs),
then, in a worker process, read, score, plan and render one upload and stage its pages.

``UploadJob`` is what the build hands a worker; ``UploadDone`` and ``UploadFailed`` are what
comes back (all three pickled between processes: plain data only)."""

from __future__ import annotations

import json
import os
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path, PurePosixPath
from typing import Any, NamedTuple

from .. import sealed
from ..analysis.double_dummy import SessionAnalysis
from ..errors import GeneratorError, shown
from ..export import results_json_text, session_to_csv
from ..history.types import Snapshot, UploadHistory, VersionRecord, VersionSnapshots
from ..parallel import Beside
from ..privacy import Privacy
from ..readers import is_event_file, suffixes
from ..scoring.contract import ContractError
from ..scoring.options import OptionError
from ..scoring.results import SessionResult
from ..upload import read_and_score
from .cache import Cache, digest
from .duplicates import session_identity
from .error_text import error_text
from .i18n import correction_wording
from .links import LEGACY, file_slug, slugify
from .neighbours import Neighbours
from .page import Page, SiteInfo
from .page_kinds import PAIR_PAGES
from .plan import plan_pages
from .render import render_page
from .session_view import SessionHistory, SessionInputs, SessionView
from .split import split_parts, split_render
from .stamps import FileStamp
from .summary import SessionSummary, session_summary
from .tree import Skipped, walk


def reader_suffixes() -> tuple[str, ...]:
    return suffixes()


def text_name(native: str) -> str:
    """A file name as text, the same whatever the machine's locale (``LC_ALL=C`` and
    ``PYTHONUTF8=0`` decode names as ASCII): its bytes read as UTF-8, and a byte that is not
    UTF-8 kept as a surrogate (``surrogateescape``: as git's own names are read)."""
    return os.fsencode(native).decode("utf-8", "surrogateescape")


def shown_name(native: str) -> str:
    """A file name as pages and downloads show it: ``text_name`` with each byte that is not
    UTF-8 as U+FFFD (a page is UTF-8 text)."""
    return os.fsencode(native).decode("utf-8", "replace")


@dataclass(frozen=True, slots=True)
class Source:
    path: Path
    """The path to open (the machine's own decoding of the name)."""
    rel: str
    """POSIX path under the sessions folder (``text_name``), for messages and history."""
    slug: str
    legacy: tuple[str, ...] = ()
    """Its slugs in the earlier address schemes (``links.LEGACY``), where they differ."""


def upload_slugs(rels: list[str], slugify: Callable[[str], str] = slugify) -> list[str]:
    """Each upload's slug: its path under the sessions folder without the suffix
    ('2026/10-05-pairs.yaml' -> '2026-10-05-pairs'); with it where two would meet
    ('pairs.xml' and 'pairs.yaml' side by side)."""

    def slug(native: str) -> str:  # the same on every locale, whatever bytes the name holds
        return file_slug(shown_name(native), os.fsencode(native), slugify)

    stems = [slug(PurePosixPath(rel).with_suffix("").as_posix()) for rel in rels]
    count = Counter(stems)
    return [slug(rel) if count[s] > 1 else s for rel, s in zip(rels, stems)]


def discover(folder: Path, label: str = "sessions/", confine: Path | None = None) -> tuple[list[Source], list[Skipped]]:
    """Every upload, sorted, and every file passed over with the reason (``tree.walk``:
    hidden names, links out of the folder or in a loop, pipes; here also unknown types).
    Slugs come from the path ('2026/10-05-pairs.yaml' -> '2026-10-05-pairs')."""
    if not os.path.lexists(folder):
        return [], []
    found, skipped = walk(folder, label, confine)
    suffixes = reader_suffixes()
    files = []
    for f in found:
        suffix = PurePosixPath(f.rel).suffix.lower()
        if is_event_file(f.rel):
            continue  # an event of several sessions, not an upload (site/events.py)
        if suffix in suffixes:
            files.append(f)
        else:
            skipped.append(
                Skipped(
                    label + f.rel, f"its type {suffix or '(none)'!r} is not an upload: expected {', '.join(suffixes)}"
                )
            )
    skipped.sort(key=lambda s: s.path)
    rels = [f.rel for f in files]
    slugs = upload_slugs(rels)
    earlier = [_published(upload_slugs(rels, scheme.slugify), slugs) for scheme in LEGACY]
    out = [
        Source(Path(f.path), text_name(f.rel), s, tuple(dict.fromkeys(e[n] for e in earlier if e[n] and e[n] != s)))
        for n, (f, s) in enumerate(zip(files, slugs))
    ]
    return out, skipped


def _published(old: list[str], now: list[str]) -> list[str]:
    """An earlier scheme's slugs that can have been published and are free to redirect: ''
    for one two uploads shared (that build failed) or that another upload has now.

    >>> _published(["2026-10-05", "2026-10-05", "pairs"], ["2026-10-05-utro", "2026-10-05-vecher", "pairs"])
    ['', '', 'pairs']
    >>> _published(["x", "pairs"], ["pairs", "pairs-x"])
    ['x', '']
    """
    count: dict[str, int] = {}
    for s in old:
        count[s] = count.get(s, 0) + 1
    return [s if count[s] == 1 and (s not in now or now[n] == s) else "" for n, s in enumerate(old)]


CSV_BOM = b"\xef\xbb\xbf"
"""UTF-8's byte order mark: without it Excel reads a CSV file in the computer's legacy code
page and 'Jørgen' comes out as 'JÃ¸rgen'.  Other programs (LibreOffice, Python's csv with
``utf-8-sig``, pandas) skip it; ``csv_bom: false`` in site.yaml leaves it out."""


def export_files(
    result: SessionResult, analysis: SessionAnalysis | None = None, bom: bool = True, semicolon: bool = False
) -> tuple[bytes, bytes]:
    """results.json and results.csv.  The pages show every explanation; the download stays
    small and quick to make (``python -m generator score --json`` still gives them)."""
    # Compact, so that the C encoder does the work (indent= falls back to pure Python); the
    # traveller lines joined from texts encoded once per pair, play and side.
    j = results_json_text(result, analysis) + "\n"
    table = session_to_csv(result, ";", ",") if semicolon else session_to_csv(result)
    return j.encode("utf-8"), (CSV_BOM if bom else b"") + table.encode("utf-8")


def _score_all(
    path: str, data: bytes, scoring: dict[str, Any], name: str, privacy: Privacy | None = None
) -> list[SessionResult]:
    """The upload's bytes read (named ``name`` on the pages), the members who asked not to be
    named replaced, and scored (``upload.read_and_score``)."""
    return read_and_score(path, site=scoring, data=data, name=name, privacy=privacy).results


def _history(
    data: bytes,
    rel: str,
    history: UploadHistory | None,
    scoring: dict[str, Any],
    cache_root: str,
    privacy: Privacy | None = None,
) -> tuple[list[VersionRecord], list[VersionSnapshots]] | None:
    """The upload's versions (earlier ones, then the current) and the earlier ones' snapshots,
    or None when it has no earlier version."""
    if not history or not history["versions"]:
        return None
    from ..history.git import blob_id
    from ..history.record import earlier_snapshots
    from ..history.snapshot import snapshot
    from ..readers import MAX_BYTES

    versions = history["versions"]
    current = blob_id(data)  # the bytes read and scored, not the file read again
    if versions[-1]["blob"] == current:
        earlier, now = versions[:-1], versions[-1]
    else:  # changed since the last commit: the current file is a version not yet committed
        uncommitted: VersionRecord = {"commit": None, "date": None, "message": "", "blob": current, "path": rel}
        earlier, now = versions, uncommitted
    if not earlier:
        return None

    def score(file: str, data: bytes) -> list[Snapshot]:
        if len(data) > MAX_BYTES:
            raise ValueError(f"the file is {len(data):,} bytes: expected at most {MAX_BYTES:,} bytes")
        return [snapshot(r, correction_wording()) for r in _score_all(file, data, scoring, file, privacy)]

    return earlier + [now], earlier_snapshots(earlier, rel, history["folder"], cache_root, history["common"], score)


def build_source(
    path: str,
    slug: str,
    site: SiteInfo,
    scoring: dict[str, Any],
    templates: str,
    rel: str = "",
    history: UploadHistory | None = None,
    cache_root: str = "",
    events: dict[int, list[dict[str, str]]] | None = None,
    parts: int = 1,
    legacy: tuple[str, ...] = (),
    data: bytes | None = None,
    neighbours: Neighbours | None = None,
) -> tuple[list[SessionSummary], dict[str, bytes]]:
    """Read, score, analyse the deals of, plan and render one upload: (summaries, {site path: bytes}).

    ``history`` holds the upload's committed versions (``generator.history``): the pages
    then show the corrections between them.  ``parts``: the processes a big field's pair
    pages may be made by (``split``).  ``data``: the upload's bytes when already read (the
    worker hashes and scores the same bytes); read here otherwise.  ``neighbours``: each
    session's previous and next in date order (``neighbours.neighbours_of``)."""
    from ..analysis.double_dummy import analyse_session
    from ..readers import read_upload
    from ..reconcile import reconcile

    if data is None:
        data = read_upload(Path(path))
    results = _score_all(path, data, scoring, shown_name(path), site.privacy)  # the name the pages show
    past = _history(data, rel, history, scoring, cache_root, site.privacy)
    provisional = history["provisional"] if history else None
    summaries = []
    pages: dict[str, bytes] = {}
    analysis_cache = Path(cache_root).parent / "double-dummy" if cache_root else None
    for n, result in enumerate(results):
        s_slug = slug if len(results) == 1 else f"{slug}-{n + 1}"
        s_legacy = legacy if len(results) == 1 else tuple(f"{x}-{n + 1}" for x in legacy)
        record = None
        if past is not None:
            from ..history.record import corrections
            from ..history.snapshot import snapshot
            from ..scoring.units import method_label

            record = corrections(
                past[0],
                past[1],
                snapshot(result, correction_wording()),
                n,
                method_label(result.session.method),
                provisional["until_iso"] if provisional else None,
                correction_wording(),
            )
        analysis = analyse_session(result.session, analysis_cache)
        planner = SessionView(
            SessionInputs(
                result,
                s_slug,
                site,
                SessionHistory.of(record),
                provisional,
                analysis,
                tuple((events or {}).get(n + 1, ())),
                reconcile(result, scoring),  # worked out before planning: the planner only shows it
                s_legacy,
                (neighbours or {}).get(n + 1, {}),
            )
        )
        split = split_parts(len(result.standings), parts)
        planned = plan_pages(planner, skip=(PAIR_PAGES,) if split else ())
        summary = session_summary(planner)
        summary["identity"] = session_identity(result.session)
        if history and history["versions"]:
            published = history["versions"][0]["date"]
            assert published is not None  # a committed version: git gave its date
            summary["published"] = published

        rest = partial(
            _render_rest, planned, result, analysis, s_slug, templates, site.meta.csv_bom, site.meta.csv_semicolon
        )
        if split:
            made, pair_pages = split_render(planner, templates, split, rest)
            pages.update(made)
            pages.update(pair_pages)
        else:
            pages.update(rest())
        summaries.append(summary)
    return summaries, pages


def _render_rest(
    planned: list[Page],
    result: SessionResult,
    analysis: SessionAnalysis | None,
    slug: str,
    templates: str,
    bom: bool = True,
    semicolon: bool = False,
) -> dict[str, bytes]:
    """The planned pages rendered, with the session's downloads (results.json and .csv, deals.pbn)."""
    from ..analysis.pbn_export import session_pbn

    json_bytes, csv_bytes = export_files(result, analysis, bom, semicolon)
    files = [
        Page(f"sessions/{slug}/results.json", None, data=json_bytes),
        Page(f"sessions/{slug}/results.csv", None, data=csv_bytes),
    ]
    deals = session_pbn(result.session, analysis)
    if deals:
        files.append(Page(f"sessions/{slug}/deals.pbn", None, data=deals.encode("utf-8")))
    return {page.path: render_page(page, templates) for page in planned + files}


STORE_BESIDE_BYTES = 4_000_000
"""An upload's pages this large, with a core to spare: cached on a second thread while staged."""


@dataclass(frozen=True, slots=True)
class UploadJob:
    """One upload to read, score, plan and render in a worker: everything it needs, as
    plain data (it is pickled to the worker process)."""

    key: str
    """The cache key: the worker stores the rendered pages under it."""
    path: str
    rel: str
    """'sessions/2026/10-05-pairs.yaml': the path messages and the history name."""
    slug: str
    site: SiteInfo
    scoring: dict[str, Any]
    """The site's scoring options (site.yaml); the upload's own come on top."""
    templates: str
    cache_root: str
    staging: str
    """The folder the worker writes the pages into (phase two renames them into the site)."""
    history: UploadHistory | None = None
    """The upload's committed versions and provisional period (``generator.history``)."""
    events: dict[int, list[dict[str, str]]] | None = None
    """The events of several sessions each of its sessions belongs to, by session number."""
    parts: int = 1
    """The processes a big field's pair pages may be made by (more than one only when the
    build's other workers would otherwise idle)."""
    legacy: tuple[str, ...] = ()
    """The upload's slugs in earlier address schemes (``Source.legacy``)."""
    common: str = ""
    """The digest of what every page depends on (``upload_key``'s first part)."""
    neighbours: Neighbours | None = None
    """Each of its sessions' previous and next session in date order, by session number."""


def upload_key(
    common: str,
    file_digest: str,
    slug: str,
    path: str,
    history: UploadHistory | None,
    events: dict[int, list[dict[str, str]]] | None,
    legacy: tuple[str, ...] = (),
    neighbours: Neighbours | None = None,
) -> str:
    """An upload's cache key: the digest of its bytes, its slug and path, its history and
    events, its sessions' neighbours, and what every page depends on (``common``).  The build looks the pages up by
    it; the worker stores them under the key of the bytes it read and scored itself."""
    return digest(
        # The path as the build was given it: results.json names the upload by it ("source").
        f"{common}\0{file_digest}\0{slug}\0{path}\0{','.join(legacy)}".encode("utf-8", "surrogatepass")
        + (
            b""
            if history is None
            else json.dumps([history["versions"], history["provisional"]], sort_keys=True).encode()
        )
        + (b"" if not events else json.dumps({str(k): v for k, v in events.items()}, sort_keys=True).encode())
        + (b"" if not neighbours else b"\0near" + json.dumps(neighbours, sort_keys=True).encode())
    )


PAUSE = "BRIDGE_RESULTS_TEST_PAUSE"
"""A test hook, off unless this environment variable names a folder: a worker pauses before
it reads an upload (``before-read``) and once it has read it, before the pages made from it
are cached (``after-read``), each time writing the upload's path to FOLDER/STAGE and waiting
(at most a minute) for FOLDER/STAGE.go — so that a test can rewrite the file in between
(tests/site/test_cache_trust.py)."""


def _pause(stage: str, path: str) -> None:
    folder = os.environ.get(PAUSE)
    if not folder:
        return
    import time

    Path(folder, stage).write_text(path, encoding="utf-8", errors="surrogateescape")
    for _ in range(6000):
        if Path(folder, f"{stage}.go").exists():
            return
        time.sleep(0.01)


class UploadDone(NamedTuple):
    key: str
    """The key of the bytes the worker read (the job's, unless the file changed since it was hashed)."""
    summaries: list[SessionSummary]
    staged: dict[str, FileStamp]
    """Each page staged, by site path."""
    warnings: tuple[str, ...] = ()
    """Damage the worker found in the caches it read (double dummy, history)."""


class UploadFailed(NamedTuple):
    key: str
    text: str
    """The error as the build prints it."""
    problems: list[tuple[str | None, int | None, str]]
    """(file, line, message) for the CI annotations."""
    warnings: tuple[str, ...] = ()
    said: str = ""
    """The error in the site's language ('' in English): the ``serve`` banner's (``error_text``)."""


def worker(job: UploadJob) -> UploadDone | UploadFailed:
    """Process-pool entry: never raises; a failure comes back as ``UploadFailed``.  The
    upload's bytes are read once, here: hashed for the key the pages are cached under, and
    read, scored and rendered — so the cache never holds pages under another version's key."""
    outcome = _work(job)
    return outcome._replace(warnings=tuple(sealed.take_warnings()))


def _work(job: UploadJob) -> UploadDone | UploadFailed:
    from ..readers import read_upload

    path = job.path
    try:
        _pause("before-read", path)
        data = read_upload(Path(path))
        key = (
            upload_key(job.common, digest(data), job.slug, path, job.history, job.events, job.legacy, job.neighbours)
            if job.common
            else job.key
        )
        _pause("after-read", path)
        summaries, pages = build_source(
            path,
            job.slug,
            job.site,
            job.scoring,
            job.templates,
            job.rel,
            job.history,
            job.cache_root,
            job.events,
            job.parts,
            job.legacy,
            data,
            job.neighbours,
        )
    except GeneratorError as exc:
        problems = [(p.file, p.line, p.message) for p in exc.problems]
        return UploadFailed(job.key, str(exc), problems, said=error_text(exc))
    except (OptionError, ContractError) as exc:
        text = f"{shown(path)}: {shown(exc)}"
        return UploadFailed(job.key, text, [(path, None, text)])
    except Exception as exc:  # an engine or template bug: name the file, keep the traceback
        text = f"{shown(path)}: {type(exc).__name__}: {shown(exc)}"
        return UploadFailed(
            job.key, f"{text}\n{shown(traceback.format_exc(limit=6), keep_newlines=True)}", [(path, None, text)]
        )
    from .publish import named

    cache = Cache(Path(job.cache_root))
    shas = {p: digest(b) for p, b in pages.items()}
    try:
        if job.parts < 2 or sum(map(len, pages.values())) < STORE_BESIDE_BYTES:
            cache.store(key, pages, shas)
            return UploadDone(key, summaries, stage(Path(job.staging), pages, shas))
        # Compressing into the cache and writing the staged files both release the GIL: a big
        # field's 40 MB are stored on a second core while they are staged.
        with Beside(partial(cache.store, key, pages, shas)) as stored:
            staged = stage(Path(job.staging), pages, shas)
            stored.result()
    except OSError as exc:  # a full disk: raised in the build, named (a failed write() names no file)
        raise named(exc, cache.entry_path(key)) from None
    return UploadDone(key, summaries, staged)


def stage(root: Path, pages: dict[str, bytes], shas: dict[str, str] | None = None) -> dict[str, FileStamp]:
    """Write an upload's pages under ``root`` (the build's staging folder, never the site;
    one tree for all uploads, whose paths never overlap in a build that succeeds): the file
    writing is done here, in the worker, and phase two only renames.  Returns each page's
    stamp as the output manifest records it (``shas``: the pages' digests, when known)."""
    from .publish import named

    out: dict[str, FileStamp] = {}
    made: set[str] = set()
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0)
    for p, data in pages.items():
        target = os.path.join(root, p)
        folder = os.path.dirname(target)
        if folder not in made:
            os.makedirs(folder, exist_ok=True)
            made.add(folder)
        fd = os.open(target, flags, 0o666)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            st = os.fstat(fd)
        except OSError as exc:  # a full disk: the message names the file
            raise named(exc, target) from None
        finally:
            os.close(fd)
        out[p] = FileStamp(st.st_size, st.st_mtime_ns, shas[p] if shas else digest(data))
    return out

"""The per-upload pipeline: find the uploads in ``content/sessions/`` (with their slugs),
then, in a worker process, read, score, plan and render one upload and stage its pages.

``UploadJob`` is what the build hands a worker; ``UploadDone`` and ``UploadFailed`` are what
comes back (all three pickled between processes: plain data only)."""

from __future__ import annotations

import os
import traceback
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from pathlib import Path, PurePosixPath
from typing import Any, NamedTuple

from ..analysis.double_dummy import SessionAnalysis
from ..errors import GeneratorError, shown
from ..export import results_json_text, session_to_csv
from ..readers import SUFFIXES
from ..scoring.contract import ContractError
from ..scoring.options import OptionError
from ..scoring.results import SessionResult
from .duplicates import session_identity
from .links import LEGACY, slugify
from .plan import Page, SessionPlanner, SiteInfo
from .render import render_page
from .split import split_parts, split_render
from .stamps import FileStamp
from .summary import SessionSummary
from .tree import Skipped, walk


def is_event_file(name: str) -> bool:
    """``NAME.event.yaml``: an event file (readers/event_file.py) beside the sessions it names."""
    return name.lower().endswith((".event.yaml", ".event.yml"))


def reader_suffixes() -> tuple[str, ...]:
    return tuple(sorted(SUFFIXES))


@dataclass(frozen=True, slots=True)
class Source:
    path: Path
    rel: str
    """POSIX path under the sessions folder, for messages."""
    slug: str
    legacy: tuple[str, ...] = ()
    """Its slugs in the earlier address schemes (``links.LEGACY``), where they differ."""


def upload_slugs(rels: list[str], slugify=slugify) -> list[str]:
    """Each upload's slug: its path under the sessions folder without the suffix
    ('2026/10-05-pairs.yaml' -> '2026-10-05-pairs'); with it where two would meet
    ('pairs.xml' and 'pairs.yaml' side by side)."""
    stems: dict[str, int] = {}
    for rel in rels:
        s = slugify(PurePosixPath(rel).with_suffix("").as_posix())
        stems[s] = stems.get(s, 0) + 1
    out = []
    for rel in rels:
        s = slugify(PurePosixPath(rel).with_suffix("").as_posix())
        out.append(slugify(rel) if stems[s] > 1 else s)
    return out


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
        Source(Path(f.path), f.rel, s, tuple(dict.fromkeys(e[n] for e in earlier if e[n] and e[n] != s)))
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
    result: SessionResult, analysis: SessionAnalysis | None = None, bom: bool = True
) -> tuple[bytes, bytes]:
    """results.json and results.csv.  The pages show every explanation; the download stays
    small and quick to make (``python -m generator score --json`` still gives them)."""
    # Compact, so that the C encoder does the work (indent= falls back to pure Python); the
    # traveller lines joined from texts encoded once per pair, play and side.
    j = results_json_text(result, analysis) + "\n"
    return j.encode("utf-8"), (CSV_BOM if bom else b"") + session_to_csv(result).encode("utf-8")


def _score_all(sessions, scoring: dict[str, Any]):
    from ..scoring.options import resolve_options
    from ..scoring.session import score_session

    return [score_session(s, resolve_options(scoring, s.options)) for s in sessions]


def _history(path: str, rel: str, history: dict[str, Any] | None, scoring: dict[str, Any], cache_root: str):
    """The upload's versions (earlier ones, then the current) and the earlier ones' snapshots,
    or None when it has no earlier version."""
    if not history or not history["versions"]:
        return None
    from ..history.git import blob_id
    from ..history.record import earlier_snapshots
    from ..history.snapshot import snapshot
    from ..readers import MAX_BYTES, read_sessions_data

    versions = history["versions"]
    current = blob_id(Path(path).read_bytes())
    if versions[-1]["blob"] == current:
        earlier, now = versions[:-1], versions[-1]
    else:  # changed since the last commit: the current file is a version not yet committed
        earlier, now = versions, {"commit": None, "date": None, "message": "", "blob": current, "path": rel}
    if not earlier:
        return None

    def score(file: str, data: bytes) -> list[dict[str, Any]]:
        if len(data) > MAX_BYTES:
            raise ValueError(f"the file is {len(data):,} bytes: expected at most {MAX_BYTES:,} bytes")
        return [snapshot(r) for r in _score_all(read_sessions_data(file, data), scoring)]

    return earlier + [now], earlier_snapshots(earlier, rel, history["folder"], cache_root, history["common"], score)


def build_source(
    path: str,
    slug: str,
    site: SiteInfo,
    scoring: dict[str, Any],
    templates: str,
    rel: str = "",
    history: dict[str, Any] | None = None,
    cache_root: str = "",
    events: dict[int, list[dict[str, str]]] | None = None,
    parts: int = 1,
    legacy: tuple[str, ...] = (),
) -> tuple[list[SessionSummary], dict[str, bytes]]:
    """Read, score, analyse the deals of, plan and render one upload: (summaries, {site path: bytes}).

    ``history`` holds the upload's committed versions (``generator.history``): the pages
    then show the corrections between them.  ``parts``: the processes a big field's pair
    pages may be made by (``split``)."""
    from ..analysis.double_dummy import analyse_session
    from ..readers import read_sessions

    sessions = read_sessions(Path(path))
    results = _score_all(sessions, scoring)
    past = _history(path, rel, history, scoring, cache_root)
    provisional = (history or {}).get("provisional")
    summaries = []
    pages: dict[str, bytes] = {}
    analysis_cache = Path(cache_root).parent / "double-dummy" if cache_root else None
    for n, result in enumerate(results):
        s_slug = slug if len(sessions) == 1 else f"{slug}-{n + 1}"
        s_legacy = legacy if len(sessions) == 1 else tuple(f"{x}-{n + 1}" for x in legacy)
        record = None
        if past is not None:
            from ..history.record import corrections
            from ..history.snapshot import snapshot
            from ..scoring.units import method_label

            record = corrections(
                past[0],
                past[1],
                snapshot(result),
                n,
                method_label(result.session.method),
                (provisional or {}).get("until_iso"),
            )
        analysis = analyse_session(result.session, analysis_cache)
        planner = SessionPlanner(
            result,
            s_slug,
            site,
            record,
            provisional,
            analysis=analysis,
            events=(events or {}).get(n + 1, []),
            scoring=scoring,
            legacy=s_legacy,
        )
        split = split_parts(len(result.standings), parts)
        planned = planner.pages(pairs=not split)
        summary = planner.summary()
        summary["identity"] = session_identity(result.session)
        if history and history["versions"]:
            summary["published"] = history["versions"][0]["date"]

        rest = partial(_render_rest, planned, result, analysis, s_slug, templates, site.meta.csv_bom)
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
) -> dict[str, bytes]:
    """The planned pages rendered, with the session's downloads (results.json and .csv, deals.pbn)."""
    from ..analysis.pbn_export import session_pbn

    json_bytes, csv_bytes = export_files(result, analysis, bom)
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
    history: dict[str, Any] | None = None
    """The upload's committed versions and provisional period (``generator.history``)."""
    events: dict[int, list[dict[str, str]]] | None = None
    """The events of several sessions each of its sessions belongs to, by session number."""
    parts: int = 1
    """The processes a big field's pair pages may be made by (more than one only when the
    build's other workers would otherwise idle)."""
    legacy: tuple[str, ...] = ()
    """The upload's slugs in earlier address schemes (``Source.legacy``)."""


class UploadDone(NamedTuple):
    key: str
    summaries: list[SessionSummary]
    staged: dict[str, FileStamp]
    """Each page staged, by site path."""


class UploadFailed(NamedTuple):
    key: str
    text: str
    """The error as the build prints it."""
    problems: list[tuple[str | None, int | None, str]]
    """(file, line, message) for the CI annotations."""


def worker(job: UploadJob) -> UploadDone | UploadFailed:
    """Process-pool entry: never raises; a failure comes back as ``UploadFailed``."""
    path = job.path
    try:
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
        )
    except GeneratorError as exc:
        return UploadFailed(job.key, str(exc), [(p.file, p.line, p.message) for p in exc.problems])
    except (OptionError, ContractError) as exc:
        text = f"{shown(path)}: {shown(exc)}"
        return UploadFailed(job.key, text, [(path, None, text)])
    except Exception as exc:  # an engine or template bug: name the file, keep the traceback
        text = f"{shown(path)}: {type(exc).__name__}: {shown(exc)}"
        return UploadFailed(
            job.key, f"{text}\n{shown(traceback.format_exc(limit=6), keep_newlines=True)}", [(path, None, text)]
        )
    from .cache import Cache
    from .publish import named

    cache = Cache(Path(job.cache_root))
    try:
        if job.parts < 2 or sum(map(len, pages.values())) < STORE_BESIDE_BYTES:
            cache.store(job.key, pages)
            return UploadDone(job.key, summaries, stage(Path(job.staging), pages))
        # Compressing into the cache and writing the staged files both release the GIL: a big
        # field's 40 MB are stored on a second core while they are staged.
        with ThreadPoolExecutor(max_workers=1) as storing:
            stored = storing.submit(cache.store, job.key, pages)
            staged = stage(Path(job.staging), pages)
            stored.result()
    except OSError as exc:  # a full disk: raised in the build, named (a failed write() names no file)
        raise named(exc, cache.entry_path(job.key)) from None
    return UploadDone(job.key, summaries, staged)


def stage(root: Path, pages: dict[str, bytes]) -> dict[str, FileStamp]:
    """Write an upload's pages under ``root`` (the build's staging folder, never the site;
    one tree for all uploads, whose paths never overlap in a build that succeeds): the file
    writing is done here, in the worker, and phase two only renames.  Returns each page's
    stamp as the output manifest records it."""
    import os

    from .cache import digest
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
        out[p] = FileStamp(st.st_size, st.st_mtime_ns, digest(data))
    return out

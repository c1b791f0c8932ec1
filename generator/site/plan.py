"""The page plan of one session: each page's path, template and context — pure data.

``plan_pages`` calls each page kind of ``page_kinds.PAGE_KINDS`` in order over one
``SessionView`` and adds the redirect pages of the session's old addresses.  Nothing here
renders HTML, rounds a figure, scores, audits or searches: contexts carry the engine's exact
``Fraction``s, the templates format them (``format.py``), and the reconciliation with the
program's figures comes in worked out (``generator.reconcile``).  ``plan_session`` also
returns the session's summary for the cross-session pages (home, players), which the build
caches as JSON.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..history.types import Provisional
from . import page_kinds
from .links import LEGACY, board_file, pair_file, session_dir
from .page import Page, SiteInfo
from .redirects import redirect_pages
from .session_view import SessionHistory, SessionInputs, SessionView
from .summary import SessionSummary, session_summary

if TYPE_CHECKING:  # types only (not page modules)
    from ..analysis.double_dummy import SessionAnalysis
    from ..reconcile import Reconciliation
    from ..scoring.results import SessionResult


def plan_pages(
    view: SessionView,
    skip: Sequence[str] = (),
    kinds: Sequence[tuple[str, page_kinds.PageKind]] | None = None,
) -> list[Page]:
    """Every page of the session: each kind of ``kinds`` (the registry by default) but those
    named in ``skip`` (a big field's pair pages are planned by several processes, each a slice:
    ``split``), then the redirects from the session's old addresses (``view.redirected``)."""
    pages: list[Page] = []
    for name, plan in page_kinds.PAGE_KINDS if kinds is None else kinds:
        if name not in skip:
            pages += plan(view)
    moved = redirect_pages(moves(view, pages), {p.path for p in pages} | pair_paths(view), view.site.meta)
    view.redirected = [p.path for p in moved]
    return pages + moved


def pair_paths(view: SessionView) -> set[str]:
    return {f"{view.dir}/{pair_file(s.ref)}" for s in view.result.standings}


def moves(view: SessionView, pages: Sequence[Page]) -> list[tuple[str, str]]:
    """(old, new) for every page of the session whose address an earlier scheme gave
    otherwise: pair and board pages by their old names, and every page of the session
    under the session's old folder (an upload whose name had letters the old scheme dropped)."""
    renamed: list[tuple[str, str]] = []
    for scheme in LEGACY:
        renamed += [(scheme.pair_file(s.ref), pair_file(s.ref)) for s in view.result.standings]
        renamed += [
            (scheme.board_file(b.number, b.section), board_file(b.number, b.section)) for b in view.result.boards
        ]
    prefix = view.dir + "/"
    pairs = pair_paths(view)
    same = [(p.path[len(prefix) :],) * 2 for p in pages if p.template is not None and p.path not in pairs]
    return [
        (f"{folder}/{old}", f"{view.dir}/{new}")
        for folder in dict.fromkeys((view.dir, *(session_dir(s) for s in view.legacy)))
        for old, new in (renamed if folder == view.dir else renamed + same)
    ]


def plan_session(
    result: SessionResult,
    slug: str,
    site: SiteInfo,
    record: Mapping[str, Any] | None = None,
    provisional: Provisional | None = None,
    analysis: SessionAnalysis | None = None,
    events: Sequence[Mapping[str, str]] = (),
    reconciliation: Reconciliation | None = None,
) -> tuple[list[Page], SessionSummary]:
    """A session's pages and summary in one call (benchmarks and tests): ``record`` is the
    corrections' dict (``history.record.corrections``)."""
    view = SessionView(
        SessionInputs(
            result,
            slug,
            site,
            SessionHistory.of(record),
            provisional,
            analysis,
            tuple(events),
            reconciliation,
        )
    )
    return plan_pages(view), session_summary(view)

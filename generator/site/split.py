"""A big field's pair pages planned and rendered by several processes.

A 1,000-table barometer has about 2,000 pair pages: two thirds of its build's work.  Once
the session is read and scored, forked processes share the scored session copy-on-write
(pickling it to a worker would cost about as much as scoring it: 0.9 s for 24,000 results)
and each plans and renders slices of the pair pages, sending back only the bytes (40 MB of
pages pickle in 30 ms); meanwhile this process plans and renders the session's other pages
and its downloads.  Club sessions, one core, or a system without ``fork`` (Windows, macOS'
default): everything in this process, as before.  The pages are the same bytes either way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ..parallel import can_share, shared_map
from .pair_pages import pair_pages
from .render import render_page
from .session_view import SessionView

SPLIT_PAIRS = 200
"""A session with at least this many pairs has its pair pages made by several processes
(a club session has at most ~30: forking would cost more than it saves)."""

SLICE = 100
"""Pair pages per task: small enough that the processes run out of work together."""

T = TypeVar("T")


def split_parts(pairs: int, parts: int) -> int:
    """How many processes make the pair pages: ``parts`` (the cores the build may use) for a
    big field where forked processes can share the scored session (``parallel.can_share``),
    else 0 (all in this process)."""
    return parts if pairs >= SPLIT_PAIRS and can_share(parts) else 0


def split_render(
    planner: SessionView, templates: str, parts: int, meanwhile: Callable[[], T]
) -> tuple[T, dict[str, bytes]]:
    """Every pair page of ``planner``'s session rendered by ``parts`` forked processes while
    ``meanwhile()`` runs here: (its value, {site path: bytes} in standings order)."""
    standings = planner.result.standings

    def render(lo: int, hi: int) -> list[tuple[str, bytes]]:
        return [(p.path, render_page(p, templates)) for p in pair_pages(planner, standings[lo:hi])]

    done, pages = shared_map(render, len(standings), parts, SLICE, meanwhile)
    return done, dict(pages)

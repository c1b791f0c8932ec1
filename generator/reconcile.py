"""Our figures beside the exporting program's printed ones: ``check``'s audit, and when our
options explain fewer of them than another set would, the conventions the program follows.

Worked out once per session before any page is planned (``site/pipeline.py``): the page
planner only shows it.  A layer below ``site``: it may import ``check``, ``conventions`` and
the engine, never ``site``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .check import Difference, audit, summary_lines
from .conventions import find_conventions, meaning
from .readers.printed import printed_figures
from .scoring.results import SessionResult


@dataclass(frozen=True, slots=True)
class ProgramConventions:
    """The conventions the program's figures follow that the club's options do not use."""

    found: tuple[str, ...]
    """Each convention in words (``conventions.meaning``)."""
    agree: int
    """How many of the program's figures agree when scored that way."""


@dataclass(frozen=True, slots=True)
class Reconciliation:
    """How many of the program's printed figures ours agree with, and where and why the
    others differ (what the session page's 'published figures' section says)."""

    program: str
    """The program as a sentence names it ('the scoring program' when the file does not say)."""
    agree: int
    compared: int
    summary: tuple[str, ...]
    """One line per board (or pairs, teams) and reason (``check.summary_lines``)."""
    details: tuple[str, ...]
    """Each figure that differs: theirs and ours."""
    conventions: ProgramConventions | None
    named: bool = True
    """Whether the file names the program: when it does not, ``program`` is 'the scoring
    program' and a page says it in its own sentences (in its language: 'ceux du programme')."""


def reconcile(result: SessionResult, site_options: Mapping[str, Any] | None = None) -> Reconciliation | None:
    """The reconciliation of ``result`` with its program's printed figures, or None when the
    upload carries none (or none could be compared).  ``site_options``: the site's scoring
    options (site.yaml), where the search for the program's conventions starts, so that it
    names only what the club does not use."""
    figures = printed_figures(result.session)
    if figures is None:
        return None
    a = audit(result)
    if not a.compared:
        return None
    named = bool(figures.program) and figures.program != "PBN"
    program = figures.program if named else "the scoring program"
    conventions, differences = (None, a.differences)
    if a.differences:
        conventions, differences = _program_conventions(result, a.agreeing, a.differences, site_options)
    return Reconciliation(
        program=program,
        agree=a.agreeing,
        compared=a.compared,
        summary=tuple(summary_lines(a, differences)),
        details=tuple(str(d) for d in differences),
        conventions=conventions,
        named=named,
    )


def _program_conventions(
    result: SessionResult,
    agreeing: int,
    differences: list[Difference],
    site_options: Mapping[str, Any] | None,
) -> tuple[ProgramConventions | None, list[Difference]]:
    """The conventions `check` finds for the program (docs/check.md), when they explain more of
    its figures than the site's options do, and the differences with those they explain given
    that reason.  The site still publishes its own scoring (the club's options)."""
    search = find_conventions(result.session, {}, audit, site=dict(site_options or {}))
    if not search.found or search.audit.agreeing <= agreeing:
        return None, differences
    found = tuple(meaning({k: v}) for k, v in search.found.items())
    reason = "the program's conventions (" + "; ".join(found) + ")"
    explained = [
        replace(d, reason=reason, detail="") if (d.where, d.what) in search.audit.agreed else d for d in differences
    ]
    return ProgramConventions(found, search.audit.agreeing), explained

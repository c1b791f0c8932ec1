"""Events of several sessions on the site: which session pages belong to which event, and the
event's own page (``events/SLUG/index.html``) with its ranking explained across sessions.

Event files (``NAME.event.yaml``) sit in the sessions folder beside the uploads they name.
The build reads them before the uploads (cheap: a few lines of YAML) so that each session
page can say which event it belongs to, and plans the event pages once every upload is read.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from pathlib import Path, PurePosixPath
from typing import Any

from ..errors import InputErrors
from ..readers import is_event_file
from ..scoring.event import AVERAGE, EventOptions, default_label, missing_rule
from ..scoring.explain import pfig
from ..upload import ScoredEvent
from . import i18n
from .i18n import message_text, step_text
from .i18n import text as _
from .links import LEGACY, pair_file, player_link, session_dir, slugify
from .meta import page_head
from .naming import pair_text
from .page import Page, PageBase, SiteInfo
from .pipeline import Source
from .tree import walk


@dataclass(frozen=True, slots=True)
class EventSource:
    path: Path
    rel: str
    """POSIX path under the sessions folder."""
    slug: str

    @property
    def url(self) -> str:
        return f"events/{self.slug}/index.html"


def discover_events(folder: Path, confine: Path | None = None) -> list[EventSource]:
    """Every event file in the sessions folder, sorted by path (the same safe walk as uploads)."""
    if not folder.is_dir():
        return []
    found, _ = walk(folder, "", confine)
    out = []
    for f in found:
        if is_event_file(f.rel):
            out.append(EventSource(Path(f.path), f.rel, slugify(_stem(f.rel))))
    return out


def _stem(rel: str) -> str:
    return rel[: rel.lower().rindex(".event.")]


def moved_events(events: list[EventSource]) -> list[tuple[str, str]]:
    """(old, new) for each event page an earlier address scheme (``links.LEGACY``) named otherwise."""
    return [(f"events/{scheme.slugify(_stem(e.rel))}/index.html", e.url) for e in events for scheme in LEGACY]


def memberships(
    events: list[EventSource], sources: list[Source]
) -> tuple[dict[str, dict[int, list[dict[str, str]]]], list[InputErrors]]:
    """Upload rel -> {session number in the upload: [{title, label, url}]} for the session pages,
    and the problems found reading the event files (each file's errors, said on the banner in
    the site's language)."""
    from ..readers.event_file import read_event_file, resolve

    out: dict[str, dict[int, list[dict[str, str]]]] = {}
    errors: list[InputErrors] = []
    for event in events:
        try:
            spec = resolve(read_event_file(event.path), event.path.parent)
        except InputErrors as exc:
            errors.append(exc)
            continue
        folder = posixpath.dirname(event.rel)
        for n, ref in enumerate(spec.sessions, start=1):
            rel = posixpath.normpath(posixpath.join(folder, ref.file))
            label = ref.label or message_text(default_label(spec.options.method, n))
            out.setdefault(rel, {}).setdefault(ref.index or 1, []).append(
                {"title": spec.title, "label": label, "url": event.url}
            )
    return out, errors


def session_slug(
    sources: list[Source], event: EventSource, file: str, index: int | None, counts: dict[str, int]
) -> str:
    """The slug the build gives the named session's pages (an upload of several sessions adds '-N')."""
    rel = posixpath.normpath(posixpath.join(posixpath.dirname(event.rel), file))
    slug = next(s.slug for s in sources if s.rel == rel)
    return slug if counts.get(rel, 1) == 1 else f"{slug}-{index or 1}"


def plan_event(
    event: EventSource, scored: ScoredEvent, slugs: list[str], site: SiteInfo, site_default: bool = False
) -> Page:
    """The event page: each pair's figure in each session (linked to its page there), the event
    figure and its explanation steps as the engine wrote them.  ``site_default``: site.yaml
    gives the rule for a missed session (``events: missing:``), which the page names."""
    r = scored.result
    root = "../../"
    sessions = [
        {
            "label": message_text(label),
            "title": s.session.title,
            "url": f"{root}{session_dir(slug)}/index.html",
            "date": i18n.weekday_date(s.session.date, i18n.active()) if s.session.date else "",
        }
        for label, s, slug in zip(r.session_labels, r.sessions, slugs)
    ]
    unit = r.unit
    rows = []
    marked = False
    for n, s in enumerate(r.standings, start=1):
        cells = []
        for f in s.figures:
            url = None
            if f.standing is not None:
                url = f"{root}{session_dir(slugs[f.session])}/{pair_file(f.standing.ref)}#total"
            cells.append(
                {
                    "text": "—" if f.figure is None else _figure(f.figure, unit),
                    "url": url,
                    "note": f.note,
                    "pair": "" if f.standing is None else pair_text(f.standing.ref),
                }
            )
        # A ranked pair that missed a session: its figure carries the event's rule beside it.
        missed = s.figure is not None and any(f.note in ("average", "missed") for f in s.figures)
        marked = marked or missed
        played = next(f.standing for f in reversed(s.figures) if f.standing is not None)
        rows.append(
            {
                "rank": s.rank_label,
                "names": s.names,
                # each player linked to their page, as on the session pages
                "players": [player_link(p, root) for p in played.pair.players],
                "cells": cells,
                "anchor": f"p{n}",
                "missed": missed,
                "figure": "" if s.figure is None else _figure(s.figure, unit),
                "steps": [{"rule": st.rule, "summary": step_text(st)} for st in s.explanation.steps],
            }
        )
    heading = {"matchpoints": _("Total"), "%": _("Average"), "points": _("Event score")}[unit]
    path = event.url
    head: PageBase = {
        "club": site.club,
        "title": r.title,
        "root": root,
        "page_path": path,
        "crumbs": [(f"{root}index.html", _("Home"))],
        "head": page_head(site.meta, site.club, path, r.title, _("an event of several sessions")),
    }
    return Page(
        path,
        "event.html",
        {
            **head,
            "method": _method(r.options),
            # the rule for a missed session is stated under the method, always: not said twice
            "notes": [message_text(n) for n in r.messages if n != missing_rule(r.options.missing)],
            "missing_rule": message_text(missing_rule(r.options.missing)),
            "missing_source": "file" if "missing" in scored.spec.given else "site" if site_default else "default",
            "tied": any(str(row["rank"]).endswith("=") for row in rows),
            "missed_note": _missed_note(r.options.missing) if marked else "",
            "sessions": sessions,
            "rows": rows,
            "heading": heading,
            "article": "multi-session-events" if "multi-session-events" in site.article_titles else None,
        },
    )


def _method(options: EventOptions) -> str:
    """How the event ranks its pairs, in the site's language (the page adds the full stop)."""
    if options.method == "total_matchpoints":
        return _("Total of matchpoints")
    if options.method == "average_percentage":
        if options.weighting == "boards":
            return _("Average of the session percentages, each session weighted by the boards played")
        return _("Average of the session percentages, each session alike")
    return _(
        "Carry-forward: the final plus %(share)s of the qualifying percentage",
        share=message_text(pfig(options.carry_forward * 100, 4)),
    )


def _missed_note(missing: str) -> str:
    """The footnote under the ranking for the pairs marked * (a pair that missed a session)."""
    if missing == "average":
        return _(
            "Missed a session and given an average (%(average)s) for it, by the rule above: "
            "so a pair that missed a session can be placed above pairs who played every session.",
            average=message_text(pfig(AVERAGE)),
        )
    return _("Missed a session and ranked on the sessions it played, by the rule above.")


def _figure(value: Fraction | int | None, unit: str) -> str:
    from .format import matchpoints, percentage

    if unit == "%":
        return i18n.localised(percentage(value))
    return i18n.localised(matchpoints(value, 2))


def event_summary(event: EventSource, scored: ScoredEvent) -> dict[str, Any]:
    """What the home page lists: the event's title, its sessions' dates and its winner."""
    r = scored.result
    days = sorted(s.session.date for s in r.sessions if s.session.date)
    dates = [d.isoformat() for d in days]
    first = [s for s in r.standings if s.rank == 1]
    return {
        "title": r.title,
        "url": event.url,
        "sessions": len(r.sessions),
        # written out, as every date a member reads (docs/site.md, "Dates and decimals")
        "dates": _span(days[0], days[-1]) if days else "",
        "last": dates[-1] if dates else "",
        "winners": [{"field": "", "names": s.names, "tied": len(first) > 1} for s in first],
    }


__all__ = ["EventSource", "PurePosixPath", "discover_events", "event_summary", "memberships", "plan_event"]


def _span(first: date, last: date) -> str:
    """'18 November 2026 to 25 November 2026' in the site's language; one day once.

    >>> _span(date(2026, 11, 18), date(2026, 11, 25)), _span(date(2026, 11, 18), date(2026, 11, 18))
    ('18 November 2026 to 25 November 2026', '18 November 2026')
    """

    language = i18n.active()
    if first == last:
        return i18n.long_date(first, language)
    return _("%(first)s to %(last)s", first=i18n.long_date(first, language), last=i18n.long_date(last, language))

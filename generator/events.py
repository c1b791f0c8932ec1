"""Events of several sessions: the ranking as text and as JSON.

An event file is read, its sessions scored exactly as on their own pages and ranked by
``upload.load_event`` (used by `score EVENTFILE` and by the build's event pages);
``scoring.event`` combines them.
"""

from __future__ import annotations

from typing import Any

from .scoring.event import EventResult
from .scoring.explain import fmt, json_number
from .upload import ScoredEvent, load_event


def event_text(event: ScoredEvent) -> str:
    r = event.result
    unit = {"matchpoints": "", "%": "%", "points": ""}[r.unit]
    head = [r.title, f"{_method_words(r)} ({len(r.sessions)} sessions)", ""]
    widths = [max(len(label), 8) for label in r.labels]
    head.append(
        f"  {'':>4}  {'pair':<40} " + " ".join(f"{label:>{w}}" for label, w in zip(r.labels, widths)) + "     event"
    )
    lines = []
    for s in r.standings:
        cells = []
        for f, w in zip(s.figures, widths):
            text = "—" if f.figure is None else fmt(f.figure, 2) + unit + (" A" if f.note == "average" else "")
            cells.append(f"{text:>{w}}")
        figure = "" if s.figure is None else fmt(s.figure, 2) + unit
        lines.append(f"  {s.rank_label:>4}  {s.names:<40} " + " ".join(cells) + f" {figure:>9}")
    return "\n".join(head + lines + [""] + list(r.notes))


def _method_words(r: EventResult) -> str:
    o = r.options
    if o.method == "total_matchpoints":
        return "total of matchpoints"
    if o.method == "average_percentage":
        return "average of percentages" + (
            ", sessions weighted by boards played" if o.weighting == "boards" else ", sessions alike"
        )
    return f"carry-forward of {fmt(o.carry_forward * 100, 4)}% of the qualifying percentage"


EVENT_SCHEMA_VERSION = 1
"""The event document's own version (the session document's is ``export.SCHEMA_VERSION``)."""


def event_to_json(event: ScoredEvent, slugs: list[str] | None = None) -> dict[str, Any]:
    """The event ranking as JSON (docs/json-schema.md, "Events"): exact figures as decimal strings."""
    r = event.result
    o = r.options
    return {
        "kind": "event",
        "schema": EVENT_SCHEMA_VERSION,
        "title": r.title,
        "method": o.method,
        "options": {
            "weighting": o.weighting,
            "missing": o.missing,
            "unequal_tops": o.unequal_tops,
            "carry_forward": json_number(o.carry_forward),
        },
        "unit": r.unit,
        "notes": list(r.notes),
        "sessions": [
            {
                "label": label,
                "title": s.session.title,
                "date": s.session.date.isoformat() if s.session.date else None,
                "file": ref.file,
                "session": ref.index,
                **({"slug": slugs[i]} if slugs else {}),
            }
            for i, (label, s, ref) in enumerate(zip(r.labels, r.sessions, event.spec.sessions))
        ],
        "standings": [
            {
                "rank": s.rank_label,
                "names": s.names,
                "figure": None if s.figure is None else json_number(s.figure),
                "sessions_played": s.sessions_played,
                "sessions": [
                    {
                        "pair": None if f.standing is None else str(f.standing.ref),
                        "figure": None if f.figure is None else json_number(f.figure),
                        "boards": f.boards,
                        "note": f.note,
                    }
                    for f in s.figures
                ],
                "explanation": s.explanation.to_dict(),
            }
            for s in r.standings
        ],
    }


__all__ = ["EVENT_SCHEMA_VERSION", "ScoredEvent", "event_text", "event_to_json", "load_event"]

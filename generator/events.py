"""Events of several sessions: read an event file, read and score the sessions it names, rank the event.

Used by `score EVENTFILE` and by the build (the event's page).  Each session is scored exactly
as on its own page; ``scoring.event`` combines them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import InputError, InputErrors
from .readers import read_sessions
from .readers.event_file import EventFile, SessionRef, read_event_file, resolve
from .scoring.event import EventError, EventResult, score_event
from .scoring.explain import fmt, json_number
from .scoring.options import OptionError, resolve_options
from .scoring.results import SessionResult


@dataclass(frozen=True, slots=True)
class ScoredEvent:
    spec: EventFile
    result: EventResult


def load_event(
    path: Path, scoring: dict[str, Any] | None = None, overrides: dict[str, Any] | None = None
) -> ScoredEvent:
    """The event file's ranking; raises InputErrors naming the event file, the line and what was expected."""
    path = Path(path)
    spec = resolve(read_event_file(path), path.parent)
    results: list[SessionResult] = []
    labels: list[str] = []
    read: dict[str, list] = {}
    for n, ref in enumerate(spec.sessions, start=1):
        if ref.file not in read:
            read[ref.file] = read_sessions(path.parent / ref.file)
        sessions = read[ref.file]
        session = _pick(spec, ref, sessions)
        try:
            options = resolve_options(scoring, session.options, overrides)
            from .scoring.session import score_session

            results.append(score_session(session, options))
        except (OptionError, ValueError) as exc:
            raise InputErrors([InputError(str(path.parent / ref.file), "", str(exc))]) from None
        labels.append(ref.label or _default_label(spec, n))
    try:
        result = score_event(spec.title, results, spec.options, labels)
    except EventError as exc:
        raise InputErrors([InputError(spec.file, f"line {spec.line}", str(exc))]) from None
    return ScoredEvent(spec, result)


def _default_label(spec: EventFile, n: int) -> str:
    if spec.options.method == "carry_forward":
        return ("Qualifying", "Final")[n - 1] if n <= 2 else f"Session {n}"
    return f"Session {n}"


def _pick(spec: EventFile, ref: SessionRef, sessions: list):
    if ref.index is None:
        if len(sessions) > 1:
            raise InputErrors(
                [
                    InputError(
                        spec.file,
                        f"line {ref.line}",
                        f"{ref.file} holds {len(sessions)} sessions: "
                        f"expected session: 1 to {len(sessions)} saying which",
                    )
                ]
            )
        return sessions[0]
    if ref.index > len(sessions):
        raise InputErrors(
            [
                InputError(
                    spec.file,
                    f"line {ref.line}",
                    f"{ref.file} holds {len(sessions)} "
                    f"session{'s' if len(sessions) != 1 else ''}, not a session {ref.index}: "
                    f"expected session: 1 to {len(sessions)}",
                )
            ]
        )
    return sessions[ref.index - 1]


# --- the command line -------------------------------------------------------------------------


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

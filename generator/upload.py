"""One upload read and scored, in one place: ``read_and_score`` gives an ``UploadOutcome``.

``score``, ``check``, the build (each upload's pages and its earlier versions) and the
events of several sessions all call it, so an upload is read, its options resolved (the
site's defaults, then the file's own, then the command line's, validated once) and scored
the same way everywhere, with the same errors.  The engine stays below: this module only
calls ``scoring.session.score_session``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import GeneratorError, InputError, InputErrors, Problem, shown
from .model import Session
from .privacy import Privacy, hide
from .readers.event_file import EventFile, SessionRef, read_event_file, resolve
from .scoring.options import OptionError, ScoringOptions, resolve_options
from .scoring.results import ScoredBoard, SessionResult
from .scoring.said import said_of

SiteScoring = ScoringOptions | Mapping[str, Any] | None
"""The site's scoring defaults: resolved ``ScoringOptions`` (``site_settings.site_scoring_for``),
or the ``scoring:`` mapping of ``site.yaml`` as the build still carries it to its workers."""

if TYPE_CHECKING:
    from .scoring.event import EventResult

BoardsScored = Callable[[Session, tuple[ScoredBoard, ...]], object]


@dataclass(frozen=True, slots=True)
class SessionOutcome:
    """One session of an upload: what was read, the options it was scored with, the result."""

    session: Session
    options: ScoringOptions
    result: SessionResult
    reconciliation: object | None = None
    """The comparison with the exporting program's printed figures (``check``'s audit), when made."""
    analysis: object | None = None
    """The double-dummy analysis of its deals, when made."""


@dataclass(frozen=True, slots=True)
class ScoredEvent:
    """An event file of several sessions and its ranking (``scoring.event``)."""

    spec: EventFile
    result: EventResult


@dataclass(frozen=True, slots=True)
class UploadOutcome:
    """Every session of one upload, scored; for an event file, its event's ranking too."""

    path: Path
    sessions: tuple[SessionOutcome, ...]
    event: ScoredEvent | None = None

    @property
    def results(self) -> list[SessionResult]:
        return [s.result for s in self.sessions]

    def notes(self) -> list[str]:
        """What the reading left out or took on trust, as ``score`` prints it on stderr: the
        warnings of optional information (a hand record, an auction: the results stand without
        it), then the notes of what it took from another program's export (a recorded score
        kept beside a contract that cannot be read, or that contradicts it).  Worked out when
        asked: a build never needs them."""
        from .readers.printed import printed_figures

        out: list[str] = []
        for s in self.sessions:
            figures = printed_figures(s.session)
            out += [f"warning: {s.session.source}: {w}" for w in getattr(figures, "warnings", ())]
            out += [f"note: {s.session.source}: {n}" for n in getattr(figures, "notes", ())]
        return out


class ScoringFailed(GeneratorError):
    """An upload that was read but cannot be scored with its options (a club VP table that has
    no row for one of its matches' lengths): the file and the reason."""

    def __init__(self, file: str, reason: str):
        self.file = file
        self.reason = reason
        super().__init__(f"{shown(file)}: {shown(reason)}")

    @property
    def problems(self) -> list[Problem]:
        return [Problem(self.file, None, str(self))]


def site_options(site: SiteScoring) -> ScoringOptions:
    """The site's defaults as options (a ``site.yaml`` mapping is validated here, once)."""
    if isinstance(site, ScoringOptions):
        return site
    try:
        return resolve_options(site)
    except (OptionError, TypeError) as exc:
        raise GeneratorError(str(exc)) from None


def session_options(session: Session, overrides: Mapping[str, Any], site: SiteScoring = None) -> ScoringOptions:
    """Site defaults, then what the file implies, then the command line (``resolve_options``)."""
    try:
        return resolve_options(site, session.options, overrides)
    except (OptionError, TypeError) as exc:
        raise GeneratorError(str(exc)) from None


def score_sessions(
    file: str,
    sessions: list[Session],
    site: SiteScoring = None,
    overrides: Mapping[str, Any] | None = None,
    boards_scored: BoardsScored | None = None,
) -> tuple[SessionOutcome, ...]:
    """The sessions read from ``file``, each scored with its resolved options.  ``boards_scored(session,
    boards)`` is called, for a file of one pairs session, once its boards are scored and before
    its pairs are ranked (``score_session``)."""
    from .scoring.session import score_session

    base = site_options(site)
    out = []
    for s in sessions:
        options = session_options(s, overrides or {}, base)
        hook = partial(boards_scored, s) if boards_scored is not None and len(sessions) == 1 else None
        try:
            result = score_session(s, options, boards_scored=hook)
        except OptionError as exc:  # an option that fits no match of the file (a club VP table's length)
            raise ScoringFailed(file, str(exc)) from None
        out.append(SessionOutcome(s, options, result))
    return tuple(out)


def read_and_score(
    path: Path | str,
    *,
    site: SiteScoring = None,
    overrides: Mapping[str, Any] | None = None,
    boards_scored: BoardsScored | None = None,
    data: bytes | None = None,
    name: str | None = None,
    events: bool = True,
    event_missing: str | None = None,
    privacy: Privacy | None = None,
) -> UploadOutcome:
    """Read the upload at ``path`` (or its bytes ``data``, named ``name`` in messages and on the
    pages) and score every session in it; an event file of several sessions is ranked as an event.
    With ``events`` False an event file is read as any other upload (``check`` audits exports).
    ``privacy``: the members who asked not to be named, replaced right after reading (``privacy.hide``).
    Every error is a ``GeneratorError`` naming the file."""
    from .readers import read_sessions, read_sessions_data

    file = str(path)
    if events and data is None and is_event_path(Path(path)):
        event = load_event(Path(path), site, overrides, missing=event_missing, privacy=privacy)
        return UploadOutcome(
            Path(path), tuple(SessionOutcome(r.session, r.options, r) for r in event.result.sessions), event
        )
    sessions = hide(read_sessions(Path(path)) if data is None else read_sessions_data(name or file, data), privacy)
    return UploadOutcome(Path(path), score_sessions(file, sessions, site, overrides, boards_scored))


def is_event_path(path: Path) -> bool:
    """Whether ``path`` names an event file (``readers.is_event_file``: no YAML code is loaded)."""
    from .readers import is_event_file

    return is_event_file(path.name)


def load_event(
    path: Path,
    scoring: SiteScoring = None,
    overrides: Mapping[str, Any] | None = None,
    missing: str | None = None,
    privacy: Privacy | None = None,
) -> ScoredEvent:
    """The event file's ranking: each session it names read and scored as on its own page
    (``score_sessions``); raises InputErrors naming the event file, the line and what was expected.
    ``missing``: the club's rule for a missed session (site.yaml's ``events: missing:``), used
    when the event file states none."""
    from .readers import read_sessions
    from .scoring.event import EventError, Label, default_label, score_event

    path = Path(path)
    spec = resolve(read_event_file(path), path.parent)
    if missing is not None and "missing" not in spec.given:
        spec = replace(spec, options=replace(spec.options, missing=missing))
    site = site_options(scoring)
    results: list[SessionResult] = []
    labels: list[Label] = []
    read: dict[str, list[Session]] = {}
    for n, ref in enumerate(spec.sessions, start=1):
        if ref.file not in read:
            read[ref.file] = hide(read_sessions(path.parent / ref.file), privacy)
        session = _pick(spec, ref, read[ref.file])
        file = str(path.parent / ref.file)
        try:
            [scored] = score_sessions(file, [session], site, overrides)
        except ScoringFailed as exc:  # named as the event file's problem with that session
            raise InputErrors([InputError(file, "", exc.reason)]) from None
        except (GeneratorError, ValueError) as exc:  # an option of the session's own that is refused
            raise InputErrors([InputError(file, "", said_of(exc))]) from None
        results.append(scored.result)
        labels.append(ref.label or default_label(spec.options.method, n))
    try:
        result = score_event(spec.title, results, spec.options, labels)
    except EventError as exc:
        raise InputErrors([InputError(spec.file, f"line {spec.line}", said_of(exc))]) from None
    return ScoredEvent(spec, result)


def _pick(spec: EventFile, ref: SessionRef, sessions: list[Session]) -> Session:
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


__all__ = [
    "ScoredEvent",
    "ScoringFailed",
    "SessionOutcome",
    "UploadOutcome",
    "is_event_path",
    "load_event",
    "read_and_score",
    "score_sessions",
    "session_options",
    "site_options",
]

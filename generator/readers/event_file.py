"""Event files (``NAME.event.yaml``): an event of several sessions, the sessions named by file.

An event file sits beside its sessions in ``content/sessions/`` and names them by their path
relative to its own folder (any format: YAML, USEBIO, PBN); a USEBIO file with several
``SESSION`` elements, or a YAML file with a ``sessions:`` list, is named once per session with
``session: N``.  The organiser's method and options are given here (docs/yaml-format.md)::

    event:
      title: Spring Championship
      method: average_percentage      # total_matchpoints | average_percentage | carry_forward
      weighting: boards               # boards | equal
      missing: not_ranked             # not_ranked | played | average
      sessions:
        - 2026-03-02-spring-championship-1.yaml
        - {file: 2026-03-09-spring-championship-2.yaml, label: Second session}

Refused, with the line: a session named twice, a file that is not there (or leads outside the
folder), an unknown method or option.  Reading never follows a path out of the folder.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction
from pathlib import Path, PurePosixPath
from typing import Any

from ..errors import InputError, InputErrors
from ..scoring.event import METHODS, MISSING, UNEQUAL_TOPS, WEIGHTINGS, EventError, EventOptions
from ..scoring.message import msg
from ..scoring.said import param_of, said, said_of
from . import read_upload, values
from .registry import is_event_file, suffixes
from .yaml_loader import DuplicateKeys, LineDict, LoadError, load

MAX_BYTES = 64 * 1024
"""An event file names a few sessions: a larger one is the wrong file."""
KEYS = {"title", "method", "weighting", "missing", "unequal_tops", "carry_forward", "sessions"}


@dataclass(frozen=True, slots=True)
class SessionRef:
    file: str
    """The session's upload, relative to the event file's folder (POSIX)."""
    index: int | None
    """Which session of the upload (1-based) when it holds several; None: its only one."""
    label: str
    line: int
    date: date | None = None
    """Named by date and title instead of by file (``resolve`` finds the file)."""
    title: str = ""


@dataclass(frozen=True, slots=True)
class EventFile:
    file: str
    title: str
    options: EventOptions
    sessions: tuple[SessionRef, ...]
    line: int = 1
    given: frozenset[str] = frozenset()
    """The options the file states: a site-wide default (site.yaml's ``events:``) fills only the others."""


def read_event_file(path: Path) -> EventFile:
    """The event file, checked; raises InputErrors naming the file, the line and what was expected."""
    file = str(path)
    data = read_upload(path, MAX_BYTES)  # the size checked before reading, as for any upload
    try:
        doc = load(data.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise InputErrors(
            [InputError(file, f"byte {exc.start}", said(msg("the file is not UTF-8 text: expected a UTF-8 YAML file")))]
        ) from None
    except LoadError as exc:
        raise InputErrors([InputError(file, f"line {exc.line}", exc.message)]) from None
    except DuplicateKeys as exc:
        raise InputErrors(
            [
                InputError(
                    file,
                    f"line {line}",
                    said(
                        msg(
                            "the key %(key)s appears twice in one mapping: expected each key once",
                            key=values.quoted(key),
                        )
                    ),
                )
                for line, _, key in exc.duplicates
            ]
        ) from None
    except Exception as exc:  # yaml.YAMLError and its kin
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark else ""
        raise InputErrors(
            [InputError(file, where, said(msg("malformed YAML: expected an event file as in docs/yaml-format.md")))]
        ) from None
    return _Reader(file, path.parent, data.decode("utf-8-sig")).event(doc)


class _Reader:
    def __init__(self, file: str, folder: Path, text: str = ""):
        self.file = file
        self.folder = folder
        self.lines = text.splitlines()
        self.searched_from = 0
        self.taken: dict[tuple[int, str], int] = {}
        self.errors: list[InputError] = []

    def error(self, where: Any, message: str) -> None:
        line = getattr(where, "line", 0) if isinstance(where, LineDict) else where if isinstance(where, int) else 0
        self.errors.append(InputError(self.file, f"line {line}" if line else "", message))

    def unknown_key(self, item: LineDict, n: int, keys: str) -> None:
        """An error for a key of session ``n`` other than ``keys`` (as written: 'file, session')
        and ``label``."""
        unknown = set(item) - {*keys.split(", "), "label"}
        if unknown:
            self.error(
                item,
                said(
                    msg(
                        "session %(n)s: unknown key %(key)s: expected %(keys)s",
                        n=n,
                        keys=msg("%(first)s or %(second)s", first=keys, second="label"),
                        key=values.quoted(sorted(unknown)[0]),
                    )
                ),
            )

    def event(self, doc: Any) -> EventFile:
        if not isinstance(doc, LineDict) or not isinstance(doc.get("event"), LineDict) or len(doc) != 1:
            raise InputErrors(
                [
                    InputError(
                        self.file,
                        "line 1",
                        said(
                            msg(
                                "expected one top key, %(key)s, holding the event's "
                                "title, method and sessions (docs/yaml-format.md)",
                                key="event:",
                            )
                        ),
                    )
                ]
            )
        body: LineDict = doc["event"]
        for key in body:
            if key not in KEYS:
                self.error(
                    body,
                    said(
                        msg(
                            "unknown key %(key)s in %(part)s: expected one of %(keys)s",
                            key=values.quoted(key),
                            part="event",
                            keys=", ".join(sorted(KEYS)),
                        )
                    ),
                )
        title = body.get("title")
        if not isinstance(title, str) or not title.strip():
            self.error(body, said(msg("the event has no title: expected title: followed by the event's name")))
            title = ""
        settings: dict[str, Any] = {}
        for key, allowed in (
            ("method", METHODS),
            ("weighting", WEIGHTINGS),
            ("missing", MISSING),
            ("unequal_tops", UNEQUAL_TOPS),
        ):
            if key in body:
                value = body[key]
                if value not in allowed:
                    self.error(
                        body,
                        said(
                            msg(
                                "unknown %(key)s %(value)s: expected one of %(allowed)s",
                                key=key,
                                value=values.quoted(value),
                                allowed=", ".join(allowed),
                            )
                        ),
                    )
                else:
                    settings[key] = value
        if "carry_forward" in body:
            try:
                settings["carry_forward"] = _fraction(body["carry_forward"])
            except ValueError as exc:
                self.error(body, said(msg("%(who)s: %(problem)s", who="carry_forward", problem=param_of(said_of(exc)))))
            if body.get("method") != "carry_forward":
                self.error(
                    body,
                    said(
                        msg(
                            "carry_forward is given but the method is not carry_forward: expected method: carry_forward"
                        )
                    ),
                )
        sessions = self.sessions(body)
        options = EventOptions()
        if not self.errors:
            try:
                options = EventOptions(**settings)
            except EventError as exc:
                self.error(body, said_of(exc))
        if self.errors:
            raise InputErrors(self.errors)
        return EventFile(self.file, title.strip(), options, tuple(sessions), body.line, frozenset(settings))

    def sessions(self, body: LineDict) -> list[SessionRef]:
        raw = body.get("sessions")
        if not isinstance(raw, list) or len(raw) < 2:
            self.error(body, said(msg("expected sessions: a list of two or more session files")))
            return []
        out: list[SessionRef] = []
        seen: dict[tuple[str, int | None], int] = {}
        self.searched_from = body.line
        for n, item in enumerate(raw, start=1):
            line = getattr(item, "line", 0) or self.line_of(item, body.line)
            if isinstance(item, str):
                item = LineDict(file=item)
                item.line = line
            if isinstance(item, LineDict) and "file" not in item and ("date" in item or "title" in item):
                ref = self.by_date(item, n, seen)
                if ref is not None:
                    out.append(ref)
                continue
            if not isinstance(item, LineDict) or not isinstance(item.get("file"), str):
                self.error(
                    line,
                    said(
                        msg(
                            "session %(n)s: expected a file name, or file: with an optional session: and label:, "
                            "or date: and title:",
                            n=n,
                        )
                    ),
                )
                continue
            self.unknown_key(item, n, "file, session")
            index = None
            if "session" in item:
                try:
                    index = values.whole_number(item["session"], "a session number such as 2", low=1)
                except ValueError as exc:
                    self.error(item, _session_error(n, exc))
            name = item["file"].strip()
            if not self.inside(name):
                self.error(
                    item,
                    said(
                        msg(
                            "session %(n)s: %(name)s is not a path inside this folder: expected the path "
                            "of a session upload beside the event file (no '..', no absolute path)",
                            n=n,
                            name=values.quoted(name),
                        )
                    ),
                )
                continue
            if not (self.folder / name).is_file():
                self.error(
                    item,
                    said(
                        msg(
                            "session %(n)s: no session file %(name)s: expected an upload in the event file's folder",
                            n=n,
                            name=values.quoted(name),
                        )
                    ),
                )
                continue
            key = (PurePosixPath(name).as_posix(), index)
            if key in seen:
                self.error(
                    item,
                    said(
                        msg(
                            "session %(n)s: %(name)s session %(index)s is named twice (also line %(line)s): "
                            "expected each session once",
                            n=n,
                            name=values.quoted(name),
                            index=index,
                            line=seen[key],
                        )
                    )
                    if index
                    else said(
                        msg(
                            "session %(n)s: %(name)s is named twice (also line %(line)s): expected each session once",
                            n=n,
                            name=values.quoted(name),
                            line=seen[key],
                        )
                    ),
                )
                continue
            seen[key] = item.line
            label = item.get("label")
            out.append(
                SessionRef(key[0], index, label.strip() if isinstance(label, str) and label.strip() else "", item.line)
            )
        return out

    def by_date(self, item: LineDict, n: int, seen: dict[tuple[str, int | None], int]) -> SessionRef | None:
        """A session named by its date and title (the upload that holds it is found by ``resolve``)."""
        self.unknown_key(item, n, "date, title")
        raw, title = item.get("date"), item.get("title")
        when = raw if isinstance(raw, date) else None
        if isinstance(raw, str):
            try:
                when = values.parse_date(raw)
            except ValueError as exc:
                self.error(item, _session_error(n, exc))
                return None
        if when is None or not isinstance(title, str) or not title.strip():
            self.error(
                item,
                said(
                    msg("session %(n)s: expected both date: (such as 2026-11-18) and title: (the session's title)", n=n)
                ),
            )
            return None
        key = (f"@{when.isoformat()} {_same(title)}", None)
        if key in seen:
            self.error(
                item,
                said(
                    msg(
                        "session %(n)s: the session of %(date)s titled %(title)s is named twice "
                        "(also line %(line)s): expected each session once",
                        n=n,
                        date=when.isoformat(),
                        title=values.quoted(title),
                        line=seen[key],
                    )
                ),
            )
            return None
        seen[key] = item.line
        label = item.get("label")
        return SessionRef(
            "", None, label.strip() if isinstance(label, str) and label.strip() else "", item.line, when, title.strip()
        )

    def line_of(self, item: Any, default: int) -> int:
        """The line of a plain list item (only mappings carry their line): the next line, from the
        previous item's, that holds it."""
        text = str(item)
        for number in range(max(self.searched_from, 1), len(self.lines) + 1):
            taken = self.taken.get((number, text), 0)
            if text and self.lines[number - 1].count(text) > taken:
                self.taken[(number, text)] = taken + 1
                self.searched_from = number
                return number
        return default

    def inside(self, name: str) -> bool:
        """A relative path to an existing file under the event file's folder (links resolved)."""
        rel = PurePosixPath(name)
        if not name or rel.is_absolute() or ".." in rel.parts or "\\" in name or is_event_file(name):
            return False
        target = (self.folder / rel).resolve()
        return target.is_relative_to(self.folder.resolve())


def _same(title: str) -> str:
    return " ".join(title.split()).casefold()


def resolve(spec: EventFile, folder: Path) -> EventFile:
    """The event with each session named by date and title replaced by its upload (path and
    session number): the uploads of ``folder`` (and below) are read to find it; exactly one
    session must match.  Raises InputErrors with the event file's line."""
    wanted = [r for r in spec.sessions if r.date is not None]
    if not wanted:
        return spec
    from . import read_sessions

    root = folder.resolve()
    found: list[tuple[str, int | None, date | None, set[str]]] = []
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).as_posix()
        if (
            any(part.startswith(".") for part in PurePosixPath(rel).parts)
            or is_event_file(rel)
            or path.suffix.lower() not in suffixes()
            or not path.is_file()
            or not path.resolve().is_relative_to(root)
        ):
            continue
        try:
            sessions = read_sessions(path)
        except InputErrors:
            continue  # a bad upload is reported by the build on its own
        for i, session in enumerate(sessions, start=1):
            # The title as the session's page shows it (its event's name) or as the file gives it.
            found.append(
                (rel, i if len(sessions) > 1 else None, session.date, {_same(session.title), _same(session.event)})
            )
    refs, errors = [], []
    for ref in spec.sessions:
        if ref.date is None:
            refs.append(ref)
            continue
        matches = [(rel, i) for rel, i, d, title in found if d == ref.date and _same(ref.title) in title]
        if len(matches) != 1:
            found_text = (
                msg(
                    "no session of %(date)s titled %(title)s found: expected exactly one upload with that date and title",
                    date=ref.date.isoformat(),
                    title=values.quoted(ref.title),
                )
                if not matches
                else msg(
                    "%(count)s sessions (%(files)s) of %(date)s titled %(title)s found: "
                    "expected exactly one upload with that date and title",
                    count=len(matches),
                    files=", ".join(m[0] for m in matches),
                    date=ref.date.isoformat(),
                    title=values.quoted(ref.title),
                )
            )
            errors.append(InputError(spec.file, f"line {ref.line}", said(found_text)))
            continue
        refs.append(replace(ref, file=matches[0][0], index=matches[0][1]))
    if errors:
        raise InputErrors(errors)
    return replace(spec, sessions=tuple(refs))


def _fraction(value: Any) -> Fraction:
    """A carry-forward fraction as '50%', 0.5 or 50 (a percentage when above 1)."""
    if isinstance(value, str) and value.strip().endswith("%"):
        f = values.decimal(value.strip()[:-1], "a percentage such as 50%") / 100
    else:
        f = values.decimal(value, "a fraction such as 50% or 0.5")
        if f > 1:
            f /= 100
    if not 0 <= f <= 1:
        raise ValueError(said(msg("expected 0%% to 100%%, got %(value)s", value=values.quoted(value))))
    return f


def _session_error(n: int, exc: ValueError) -> str:
    """'session 2: expected …': the session's place in the list, then what ``exc`` says (its message kept)."""
    return said(msg("session %(n)s: %(problem)s", n=n, problem=param_of(said_of(exc))))

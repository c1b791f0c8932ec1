"""Which reader reads an upload, and the checks every reading gets, applied here once.

A reader is a function from an upload's bytes to a ``Reading``: the sessions it built, the
problems it met while parsing, and for each pairs session a ``Check`` (the session as built
and where each board and line came from).  ``checked`` runs ``validate`` on every check and
puts its problems where the reader finished that session, so the messages come out in the
order a reader that validated as it went would give.  Formats are listed with ``register``
(their suffixes and a sniffing function, as Pelican's readers declare ``file_extensions``);
``reader_for`` picks by suffix and, when several readers share one, by sniffing the head.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import PurePath

from ..errors import InputError
from ..model import Session
from .validate import Places, validate

EVENT_SUFFIXES = (".event.yaml", ".event.yml")
"""An event file (``NAME.event.yaml``) names sessions; it is no upload (``event_file``)."""

HEAD_BYTES = 4096
"""How much of a file a sniffing function sees."""


@dataclass(frozen=True, slots=True)
class Check:
    """A session to validate as the reader built it, before anything the checks do not look
    at was added (auctions, Swiss rounds): ``places`` know its boards and lines by identity."""

    session: Session
    places: Places
    at: int
    """How many problems the reader had reported when the session was complete: its
    checks' problems are listed from there."""


@dataclass(slots=True)
class Reading:
    """What a reader made of one upload, not yet checked."""

    sessions: list[Session]
    errors: list[InputError]
    checks: list[Check] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Reader:
    """One input format: its name, the suffixes it claims (lower case, with the dot), a test
    on the file's first bytes for a suffix several readers claim, and the reading itself."""

    name: str
    suffixes: tuple[str, ...]
    sniff: Callable[[bytes], bool]
    read: Callable[[str, bytes], Reading]


_READERS: list[Reader] = []


def register(reader: Reader) -> Reader:
    """List a format; a later reader with the same name replaces the earlier one."""
    unregister(reader.name)
    _READERS.append(reader)
    return reader


def unregister(name: str) -> None:
    _READERS[:] = [r for r in _READERS if r.name != name]


def readers() -> tuple[Reader, ...]:
    return tuple(_READERS)


def suffixes() -> tuple[str, ...]:
    """Every suffix some reader claims, sorted (the build's walk looks at these files only)."""
    return tuple(sorted({s for r in _READERS for s in r.suffixes}))


def is_event_file(path: str | PurePath) -> bool:
    """``NAME.event.yaml``: an event file beside the sessions it names (the one test, for the
    build's walk, ``score`` and the event reader alike)."""
    return str(path).lower().endswith(EVENT_SUFFIXES)


def reader_for(file: str, head: bytes = b"") -> Reader | None:
    """The reader for ``file`` by its suffix; among several claiming it, the first whose
    sniffing function accepts ``head`` (else the first registered)."""
    suffix = PurePath(file).suffix.lower()
    claiming = [r for r in _READERS if suffix in r.suffixes]
    if len(claiming) > 1:
        return next((r for r in claiming if r.sniff(head[:HEAD_BYTES])), claiming[0])
    return claiming[0] if claiming else None


def checked(file: str, reading: Reading) -> tuple[list[Session], list[InputError]]:
    """The reading's sessions and every problem: the reader's and the checks' (``validate``)."""
    if not reading.checks:
        return reading.sessions, reading.errors
    errors: list[InputError] = []
    start = 0
    for check in reading.checks:
        errors += reading.errors[start : check.at]
        start = max(start, check.at)
        errors += validate(file, check.session, check.places)
    return reading.sessions, errors + reading.errors[start:]

"""What the USEBIO tree reader and its stream share: the state of a session and a section
being read, and the steps the stream drives (``usebio._Reader`` has them).

Below both modules, so the stream needs nothing of the tree reader's module (no circle, not
even for types).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Protocol
from xml.etree.ElementTree import Element

from ..model import Pair, PairRef, ScoringMethod, Session, TravellerLine
from .hand_records import HandRecords
from .printed import PrintedFigures
from .validate import Places


@dataclass
class SectionState:
    name: str
    mitchell: bool
    pairs: list[Pair] = field(default_factory=list)
    phantoms: set[PairRef] = field(default_factory=set)
    """Pairs listed as the movement's phantom: a line against one is its opponent's sit-out."""
    listed: dict[PairRef, PairRef] = field(default_factory=dict)
    """Each listed pair's ref, by itself."""
    ns_refs: dict[str, PairRef] = field(default_factory=dict)
    """Pair numbers as written in the NS column, read once: a big field writes each a thousand times."""
    ew_refs: dict[str, PairRef] = field(default_factory=dict)
    """The same for the EW column (two dicts: no Direction hashed per line)."""


@dataclass
class StartState:
    """A session being read: what its event says, and what its sections and boards add."""

    kind: str
    method: ScoringMethod
    program: str
    description: str
    title: str
    when: date | None
    winners: str
    figures: PrintedFigures
    places: Places = field(default_factory=Places)
    sections: list[SectionState] = field(default_factory=list)
    lines: dict[int, list[TravellerLine]] = field(default_factory=dict)
    board_paths: dict[int, str] = field(default_factory=dict)


class StreamSteps(Protocol):
    """The tree reader's steps, in the order the stream calls them (``usebio_stream``)."""

    def begin(self, event: Element, epath: str, container: Element, cpath: str) -> StartState | None: ...

    def section(self, start: StartState, elem: Element, spath: str, name: str) -> SectionState: ...

    def board(
        self,
        elem: Element,
        path: str,
        sec: SectionState,
        lines: dict[int, list[TravellerLine]],
        board_paths: dict[int, str],
        figures: PrintedFigures,
        places: Places,
    ) -> None: ...

    def session_hand_records(
        self, root: Element, event: Element, epath: str, container: Element, cpath: str
    ) -> HandRecords: ...

    def finish(self, start: StartState, club: str, records: HandRecords) -> Session: ...

    def unread_handsets(self, root: Element, sessions: list[Session]) -> None: ...

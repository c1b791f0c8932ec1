"""A big pairs or individual USEBIO file read as a stream: each traveller BOARD is read once
it is complete and then dropped from the tree, so memory holds a chunk's worth of boards'
lines at a time, not the whole document's.

The bytes were accepted by defusedxml's check first (``usebio.check_safely``: the same
defences as the tree reader).  The standard library's C parser then builds the tree from the
same bytes a chunk at a time, and after each chunk the stream looks at the section being
read: every child but the last is complete (a later sibling has begun), so its complete
BOARDs are read and removed.  (No Python runs per element: the parser reports only element
starts, in C, and the stream reads just the first — the root — the rest are dropped unread.)

The stream drives the tree reader's own steps (``_Reader.begin``, ``section``, ``board``,
``finish``) in the tree reader's order: the event, then each section's participants, then
its boards.  A BOARD that arrives before the PARTICIPANTS its section needs is kept until
they arrive (or the section ends) and read then; a section's first BOARD is kept until a
second arrives or the section ends, because its path (``BOARD`` or ``BOARD[1]``) depends on
it.  Hand records (HANDSET, wherever they are: only traveller BOARDs leave the tree) are read
from the tree at the end, as the tree reader reads them (``_Reader.session_hand_records``).

Only the common shape of a big export is streamed: one EVENT, at most one SESSION, its
SECTIONs (or none).  Anything else — several events or sessions, a teams event, an unknown
event type, a root that is not USEBIO, or an event, session or section whose texts read at
the start differ from the whole document's (a DATE after the boards, say) — raises
``NotStreamable``, and the caller reads the document as a tree instead, from the start: the
result is always the tree reader's (tests/readers/test_usebio_stream.py).
"""

from __future__ import annotations

import re
from xml.etree.ElementTree import Element, TreeBuilder, XMLParser

from ..model import ScoringMethod, Session
from .usebio_elements import section_name, text
from .usebio_state import SectionState, StartState, StreamSteps

CHUNK = 1 << 16
"""Bytes fed to the parser at a time."""
_SECTION_TAG = re.compile(rb"<SECTION[\s/>]")
_HOLDS_RESULTS = frozenset({"SECTION", "BOARD", "PARTICIPANTS", "PAIR", "PLAYER"})
"""Children that say an EVENT holds its session itself (no SESSION element)."""


class NotStreamable(Exception):
    """The document is not of the shape the stream reads: read it as a tree."""


def _context_texts(event: Element, container: Element) -> tuple[str, ...]:
    """Every text ``_Reader.begin`` reads: read at the start, compared with the whole document's."""
    names: tuple[str, ...] = (
        "EVENT_TYPE",
        "BOARD_SCORING_METHOD",
        "PROGRAM_NAME",
        "EVENT_DESCRIPTION",
        "TITLE",
        "DATE",
        "WINNER_TYPE",
    )
    names += ("MASTER_POINT_TYPE",)
    return (
        event.get("EVENT_TYPE") or "",
        *(text(event, n) for n in names),
        *(text(container, n) for n in ("SESSION_TITLE", "SESSION_NAME", "DATE")),
    )


class _Holder:
    """A section (or the container holding pairs and boards itself) being read."""

    def __init__(self, elem: Element, path: str, index: int):
        self.elem = elem
        self.path = path
        self.index = index
        self.name = ""
        self.sec: SectionState | None = None
        """The section's pairs, once its participants are read."""
        self.seen = 0
        """Children looked at so far (the boards read are removed from the element)."""
        self.boards = 0
        """BOARD children found so far."""
        self.pending: list[Element] = []
        """Complete BOARDs not read yet (no participants yet, or their path not known yet)."""


class _Stream:
    def __init__(self, reader: StreamSteps, sections: int):
        self.reader = reader
        self.sections = sections
        """SECTION start tags in the bytes: a guess (checked at the end) deciding section paths."""
        self.root: Element | None = None
        self.event: Element | None = None
        self.container: Element | None = None
        self.cpath = ""
        self.holders: list[_Holder] = []
        self.container_seen = 0
        self.start: StartState | None = None
        self.context: tuple[str, ...] = ()

    def look(self, final: bool) -> None:
        """Read what the tree built so far holds complete (everything, when ``final``)."""
        if self.container is None and not self.find_container(final):
            return
        container = self.container
        assert container is not None
        if self.sections:
            for i in range(self.container_seen, len(container)):
                if container[i].tag == "SECTION":
                    index = len(self.holders)
                    path = f"{self.cpath}/SECTION[{index + 1}]" if self.sections > 1 else f"{self.cpath}/SECTION"
                    self.holders.append(_Holder(container[i], path, index))
            self.container_seen = len(container)
        elif not self.holders:
            self.holders.append(_Holder(container, self.cpath, 0))
        for h in self.holders:
            if h.elem is not None:
                complete = final or (h.elem is not container and container[-1] is not h.elem)
                self.read_holder(h, complete)
                if not complete:
                    return

    def find_container(self, final: bool) -> bool:
        root = self.root
        if root is None:
            return False
        if self.event is None:
            self.event = next((c for c in root if c.tag == "EVENT"), None)
            if self.event is None:
                return False
        event = self.event
        for child in event:
            if child.tag == "SESSION":
                self.container, self.cpath = child, "USEBIO/EVENT/SESSION"
                return True
            if child.tag in _HOLDS_RESULTS:
                break
        else:
            if not final:
                return False
        self.container, self.cpath = event, "USEBIO/EVENT"
        return True

    def read_holder(self, h: _Holder, complete: bool) -> None:
        kids = h.elem
        end = len(kids) if complete else len(kids) - 1
        i = h.seen
        while i < end:
            child = kids[i]
            i += 1
            tag = child.tag
            if tag == "BOARD":
                h.boards += 1
                h.pending.append(child)
                if h.sec is not None and h.boards > 1:
                    i -= self.read_pending(h, True)
                    end = len(kids) if complete else len(kids) - 1
            elif tag == "PARTICIPANTS" and h.sec is None:
                self.ready(h)
                if h.boards > 1:
                    i -= self.read_pending(h, True)
                    end = len(kids) if complete else len(kids) - 1
        h.seen = i
        if complete:
            if h.sec is None:
                self.ready(h)
            self.read_pending(h, h.boards > 1)
            h.elem = None  # type: ignore[assignment]  # done: the section's element stays in the tree

    def ready(self, h: _Holder) -> None:
        """The section's participants are in: read them (and the event first, for the first section)."""
        event, container = self.event, self.container
        assert event is not None and container is not None
        if self.start is None:
            self.context = _context_texts(event, container)
            self.start = self.reader.begin(event, "USEBIO/EVENT", container, self.cpath)
            if self.start is None or self.start.method is ScoringMethod.TEAMS:
                raise NotStreamable
        h.name = section_name(h.elem, container, h.index)
        h.sec = self.reader.section(self.start, h.elem, h.path, h.name)

    def read_pending(self, h: _Holder, indexed: bool) -> int:
        """Reads the pending boards and removes them from the tree; how many."""
        start = self.start
        assert start is not None and h.sec is not None
        first = h.boards - len(h.pending) + 1
        for i, board in enumerate(h.pending, first):
            bpath = f"{h.path}/BOARD[{i}]" if indexed else f"{h.path}/BOARD"
            self.reader.board(board, bpath, h.sec, start.lines, start.board_paths, start.figures, start.places)
            h.elem.remove(board)
            board.clear()
        done = len(h.pending)
        h.pending.clear()
        return done

    def check_shape(self, root: Element) -> None:
        """The whole document is of the shape the stream assumed from the start, or NotStreamable."""
        event, container = self.event, self.container
        if event is None or container is None or root.findall("EVENT") != [event]:
            raise NotStreamable
        sessions = event.findall("SESSION")
        if sessions != ([] if container is event else [container]):
            raise NotStreamable
        found = container.findall("SECTION")
        if self.sections:
            if len(found) != self.sections or len(self.holders) != self.sections:
                raise NotStreamable
        elif found:
            raise NotStreamable
        if _context_texts(event, container) != self.context:
            raise NotStreamable
        for h in self.holders:
            elem = found[h.index] if found else container
            if section_name(elem, container, h.index) != h.name:
                raise NotStreamable


def read_streaming(reader: StreamSteps, data: bytes) -> list[Session]:
    """The sessions of a document of the common shape, read as a stream (see the module)."""
    parser = XMLParser(target=TreeBuilder())
    starts: list[tuple[str, Element]] = []
    if not hasattr(parser, "_setevents"):
        raise NotStreamable  # (the C parser's own event hook, which XMLPullParser uses)
    parser._setevents(starts, ("start",))
    stream = _Stream(reader, len(_SECTION_TAG.findall(data)))
    for offset in range(0, len(data), CHUNK):
        parser.feed(data[offset : offset + CHUNK])
        if stream.root is None and starts:
            stream.root = starts[0][1]
            if stream.root.tag != "USEBIO":
                raise NotStreamable
        starts.clear()
        stream.look(final=False)
    root: Element = parser.close()
    starts.clear()
    stream.root = root
    if root.tag != "USEBIO":
        raise NotStreamable
    stream.look(final=True)
    stream.check_shape(root)
    club_elem = root.find("CLUB")
    club = text(club_elem if club_elem is not None else root, "CLUB_NAME")
    assert stream.start is not None and stream.event is not None and stream.container is not None
    records = reader.session_hand_records(root, stream.event, "USEBIO/EVENT", stream.container, stream.cpath)
    sessions = [reader.finish(stream.start, club, records)]
    reader.unread_handsets(root, sessions)
    return sessions


__all__ = ["CHUNK", "NotStreamable", "read_streaming"]

"""A big pairs or individual USEBIO file read as a stream: each traveller BOARD is read when
its end tag arrives and then dropped from the tree, so memory holds a board or two's lines
at a time, not the whole document's.

The bytes were accepted by defusedxml's check first (``usebio.parse_safely``'s check: the
same defences as the tree reader); the standard library's C pull parser then builds the
tree piece by piece from the same bytes.

The stream drives the tree reader's own steps (``_Reader.begin``, ``section``, ``board``,
``finish``) in the tree reader's order: the event, then each section's participants, then
its boards.  A BOARD that arrives before the PARTICIPANTS its section needs is kept until
they arrive (or the section ends) and read then; a section's first BOARD is kept until a
second arrives or the section ends, because its path (``BOARD`` or ``BOARD[1]``) depends on
it.  Hand records (HANDSET) are read from the tree at the end — their errors go first, as
the tree reader reports them.

Only the common shape of a big export is streamed: one EVENT, at most one SESSION, its
SECTIONs (or none).  Anything else — several events or sessions, a teams event, an unknown
event type, a root that is not USEBIO, or an event, session or section whose texts read at
the start differ from the whole document's (a DATE after the boards, say) — raises
``NotStreamable`` and the caller reads the document as a tree instead, from the start: the
result is always the tree reader's (tests/readers/test_usebio_stream.py).
"""

from __future__ import annotations

from xml.etree.ElementTree import Element, XMLPullParser

from ..model import ScoringMethod, Session
from .usebio_elements import text

CHUNK = 1 << 16
"""Bytes fed to the pull parser at a time."""


class NotStreamable(Exception):
    """The document is not of the shape the stream reads: read it as a tree."""


def _count(data: bytes, tag: bytes) -> int:
    """Start tags ``<TAG>`` or ``<TAG ...`` in the bytes: a guess at the document's shape,
    checked against the tree at the end (a tag in a comment, say, makes the guess wrong and
    the document is read as a tree)."""
    return sum(data.count(b"<" + tag + end) for end in (b">", b" ", b"\n", b"\r", b"\t", b"/"))


def _context_texts(event: Element, container: Element) -> tuple[str, ...]:
    """Every text ``_Reader.begin`` reads: read at the start, compared with the whole document's."""
    names = ("EVENT_TYPE", "BOARD_SCORING_METHOD", "PROGRAM_NAME", "EVENT_DESCRIPTION", "TITLE", "DATE")
    names += ("WINNER_TYPE", "MASTER_POINT_TYPE")
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
        self.sec = None  # the _Section, once its participants are read
        self.boards = 0
        """BOARD children ended so far."""
        self.pending: list[Element] = []
        """Ended BOARDs not read yet (no participants yet, or the path not known yet)."""
        self.name = ""


def read_streaming(reader, data: bytes) -> list[Session]:  # reader: usebio._Reader
    """The sessions of a document of the common shape, read as a stream (see the module)."""
    from .usebio import section_name

    if _count(data, b"EVENT") != 1:
        raise NotStreamable
    sessions = _count(data, b"SESSION")
    sections = _count(data, b"SECTION")
    if sessions > 1:
        raise NotStreamable
    parser = XMLPullParser(events=("start", "end"))
    stack: list[Element] = []
    event: Element | None = None
    container: Element | None = None
    cpath = ""
    holder: _Holder | None = None
    holders: list[_Holder] = []
    start = None
    context: tuple[str, ...] = ()

    def ready(h: _Holder) -> None:
        """The section's participants are in: read them (and the event first, for the first section)."""
        nonlocal start, context
        assert event is not None and container is not None
        if start is None:
            context = _context_texts(event, container)
            start = reader.begin(event, "USEBIO/EVENT", container, cpath)
            if start is None or start.method is ScoringMethod.TEAMS:
                raise NotStreamable
        h.name = section_name(h.elem, container, h.index)
        h.sec = reader.section(start, h.elem, h.path, h.name)

    def read_pending(h: _Holder, indexed: bool) -> None:
        for i, board in enumerate(h.pending, h.boards - len(h.pending) + 1):
            bpath = f"{h.path}/BOARD[{i}]" if indexed else f"{h.path}/BOARD"
            reader.board(board, bpath, h.sec, start.lines, start.board_paths, start.figures, start.places)
            if len(h.elem) and h.elem[-1] is board:
                del h.elem[-1]
            else:
                h.elem.remove(board)
            board.clear()
        h.pending.clear()

    def batches():  # the events of each chunk fed, then of the document's end
        for offset in range(0, len(data), CHUNK):
            parser.feed(data[offset : offset + CHUNK])
            yield parser.read_events()
        parser.close()
        yield parser.read_events()

    root: Element | None = None
    for batch in batches():
        for kind, elem in batch:
            if kind == "start":
                depth = len(stack)
                stack.append(elem)
                tag = elem.tag
                if depth == 0:
                    if tag != "USEBIO":
                        raise NotStreamable
                    root = elem
                elif depth == 1 and tag == "EVENT":
                    event = elem
                    if not sessions:
                        container, cpath = elem, "USEBIO/EVENT"
                elif tag == "SESSION" and sessions and stack[-2] is event:
                    container, cpath = elem, "USEBIO/EVENT/SESSION"
                if container is not None and holder is None:
                    if sections and tag == "SECTION" and stack[-2] is container:
                        index = len(holders)
                        spath = f"{cpath}/SECTION[{index + 1}]" if sections > 1 else f"{cpath}/SECTION"
                        holder = _Holder(elem, spath, index)
                    elif not sections and elem is container:
                        holder = _Holder(elem, cpath, 0)
                    if holder is not None:
                        holders.append(holder)
                continue
            stack.pop()
            if holder is None or not stack:
                continue
            parent = stack[-1]
            if elem is holder.elem:
                if holder.sec is None:
                    ready(holder)
                read_pending(holder, holder.boards > 1)
                holder = None
            elif parent is not holder.elem:
                continue
            elif elem.tag == "BOARD":
                holder.boards += 1
                holder.pending.append(elem)
                if holder.sec is not None and holder.boards > 1:
                    read_pending(holder, True)
            elif elem.tag == "PARTICIPANTS" and holder.sec is None:
                ready(holder)
                if holder.boards > 1:
                    read_pending(holder, True)
    assert root is not None
    _check_shape(root, event, container, cpath, sessions, sections, holders, context)
    club_elem = root.find("CLUB")
    club = text(club_elem if club_elem is not None else root, "CLUB_NAME")
    later, reader.errors = reader.errors, []
    deals = reader.handset(root)  # the tree reader reads the hand records first: so go their errors
    reader.errors += later
    return [reader.finish(start, club, deals)]


def _check_shape(
    root: Element,
    event: Element | None,
    container: Element | None,
    cpath: str,
    sessions: int,
    sections: int,
    holders: list[_Holder],
    context: tuple[str, ...],
) -> None:
    """The whole document is of the shape the stream assumed from the start, or NotStreamable."""
    from .usebio import section_name

    if event is None or container is None or root.findall("EVENT") != [event]:
        raise NotStreamable
    if len(event.findall("SESSION")) != sessions:
        raise NotStreamable
    if len(container.findall("SECTION")) != sections or len(holders) != max(sections, 1):
        raise NotStreamable
    if _context_texts(event, container) != context:
        raise NotStreamable
    for h in holders:
        if section_name(h.elem, container, h.index) != h.name:
            raise NotStreamable


__all__ = ["CHUNK", "NotStreamable", "read_streaming"]

"""The session's hand-record sheet (``hands.html``): every deal with each hand's HCP, the
double-dummy table and par when known, printed four boards a page (``site.css``'s print
rules), as clubs hand them out after a session: a page kind (``page_kinds.py``)."""

from __future__ import annotations

from typing import Any

from ..analysis.double_dummy import board_context
from ..model import Board
from .dd_grid import dd_view
from .handviewer import handviewer_url
from .i18n import text as _
from .links import board_file
from .naming import seat_name
from .page import Page
from .session_view import SessionView

HANDS_FILE = "hands.html"


def sheet_boards(view: SessionView) -> list[Board]:
    """The boards with a deal, one per number (the sections of a Mitchell share their deals)."""
    seen: dict[int, Board] = {}
    for b in view.session.boards:
        if b.deal is not None and b.number not in seen:
            seen[b.number] = b
    return [seen[n] for n in sorted(seen)]


def plan_hand_records(view: SessionView) -> list[Page]:
    """The sheet, when the session has a deal to show; none otherwise."""
    boards = sheet_boards(view)
    if not boards:
        return []
    path = f"{view.dir}/{HANDS_FILE}"
    scored = {b.number: b for b in view.result.boards}
    return [
        Page(
            path,
            "hands.html",
            view.base(path, _("Hand records"), deals=[_deal(view, b, scored.get(b.number)) for b in boards]),
        )
    ]


def _deal(view: SessionView, board: Board, scored: Any) -> dict[str, Any]:
    assert board.deal is not None
    dealer, vulnerability = board_context(board)
    found = view.analysis.for_board(board) if view.analysis else None
    return {
        "number": board.number,
        "title": _("Board %(board)s", board=board.number),
        "url": board_file(scored.number, scored.section) if scored is not None else None,
        "deal": view.deal_view(board.deal),
        "dealer": seat_name(dealer),
        "vulnerability": vulnerability,
        "dd": dd_view(found.analysis if found else None),
        "handviewer": handviewer_url(board.deal, board.number, dealer, vulnerability),
    }

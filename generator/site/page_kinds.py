"""The page kinds of a session, in the order they are planned: ONE list.

A page kind is a plain function ``plan_X(view: SessionView) -> list[Page]`` (``session_view``
holds what they read).  Adding one is one function, one template and one line here
(docs/architecture.md, "Add a page kind").  ``plan.plan_pages`` calls them in this order,
then adds the redirect pages of the session's old addresses.
"""

from __future__ import annotations

from collections.abc import Callable

from .board_pages import plan_board_pages, plan_traveller_files
from .hand_records import plan_hand_records
from .page import Page
from .pair_pages import plan_pair_pages
from .session_page import plan_session_page
from .session_view import SessionView
from .swiss_pages import plan_swiss_pages
from .team_pages import plan_match_pages

PageKind = Callable[[SessionView], list[Page]]

PAIR_PAGES = "pairs"
"""The pair pages' name: a big field's are planned apart, a slice per process (``split``)."""

PAGE_KINDS: tuple[tuple[str, PageKind], ...] = (
    ("session", plan_session_page),
    ("boards", plan_board_pages),
    ("travellers", plan_traveller_files),
    ("hands", plan_hand_records),
    (PAIR_PAGES, plan_pair_pages),
    ("matches", plan_match_pages),
    ("swiss", plan_swiss_pages),
)

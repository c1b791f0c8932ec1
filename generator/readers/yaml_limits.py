"""What the guarded YAML loader and its quick way in (``yaml_fastload``) share: the mapping
that knows its line, the limits both enforce, the check of a date, and the error that stops
loading.  Its own module so that each loader imports it, not the other."""

from __future__ import annotations

from typing import Any

import yaml
from yaml.constructor import SafeConstructor

from ..scoring.message import msg
from ..scoring.said import said


class LineDict(dict[Any, Any]):
    """A mapping that knows the line it started on."""

    line: int = 0


MAX_DEPTH = 50
"""Mappings and lists nested deeper than this are refused (a session needs about eight levels;
Python's own limit is reached near a thousand)."""
MAX_NUMBER_LENGTH = 30
"""A YAML number longer than this is refused before it is converted (Python refuses to read
an int of over 4,300 digits, and a long one takes time)."""


class LoadError(Exception):
    """A problem found while loading, with the line it is on; loading stops."""

    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line = line
        self.message = message


def construct_timestamp(loader: Any, node: yaml.ScalarNode) -> Any:  # (loader: any of ours, or yaml_fastload's)
    try:
        return SafeConstructor.construct_yaml_timestamp(loader, node)
    except (ValueError, OverflowError):
        raise LoadError(
            node.start_mark.line + 1,
            said(msg("expected a real calendar date, got %(date)s", date=repr(str(node.value)[:40]))),
        ) from None


__all__ = ["MAX_DEPTH", "MAX_NUMBER_LENGTH", "LineDict", "LoadError", "construct_timestamp"]

"""Bounded memories of the hot paths (figure texts, explanation steps, scores): a look-up stays
inline where it is used (a ``dict.get``); a miss stores its value here, emptying the memory
first when it is full, so a long-lived process (``serve``, a build's workers) never grows it
without end."""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


def remember(memory: dict[K, V], key: K, value: V, limit: int) -> V:
    """Stores ``value`` under ``key`` (the memory emptied first when it holds ``limit``) and returns it."""
    if len(memory) >= limit:
        memory.clear()
    memory[key] = value
    return value

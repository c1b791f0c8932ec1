"""The engine's module-level memories, listed in one place: each has a bound (a long-lived
process, ``serve`` or a build's worker, never grows one without end) and ``clear`` empties
them all (a test, or a process that wants its memory back).

A memory added to the engine is added here; tests/scoring/test_memories.py fills each one
past its bound through the function that uses it.  (A scorer's own per-board memory,
``PairsMethod._cache``, lives and dies with its board: it is not listed.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import contract, explain, pairs_methods, trick_value, vp

Memory = tuple[dict[Any, Any], int]
"""A dict and its bound (``memo.remember`` empties it when full)."""


def _dicts() -> dict[str, Memory]:
    return {
        "trick_value._SCORES": (trick_value._SCORES, trick_value._SCORES_KEPT),
        "pairs_methods._FORMULA_STEPS": (pairs_methods._FORMULA_STEPS, pairs_methods._STEPS_KEPT),
        "pairs_methods._PERCENTAGE_STEPS": (pairs_methods._PERCENTAGE_STEPS, pairs_methods._STEPS_KEPT),
        "explain._DECIMALS": (explain._DECIMALS, explain._DECIMALS_KEPT),
        "explain._SHOWN": (explain._SHOWN, explain._SHOWN_KEPT),
    }


def _functions() -> dict[str, Any]:
    """The ``functools.lru_cache`` memories (each made with a ``maxsize``)."""
    return {
        "contract.ns_score": contract.ns_score,
        "vp.vp_table": vp.vp_table,
        "vp.discrete_bounds": vp.discrete_bounds,
    }


def held() -> dict[str, tuple[int, int]]:
    """Each memory's (entries held, bound), by name."""
    out = {name: (len(memory), bound) for name, (memory, bound) in _dicts().items()}
    for name, function in _functions().items():
        info = function.cache_info()
        out[name] = (info.currsize, info.maxsize)
    return out


def clear() -> None:
    """Empties every memory of the engine."""
    for memory, _ in _dicts().values():
        memory.clear()
    clearing: list[Callable[[], None]] = [f.cache_clear for f in _functions().values()]
    for empty in clearing:
        empty()

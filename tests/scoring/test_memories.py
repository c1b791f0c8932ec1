"""The engine's memories (generator/scoring/memories.py) stay within their bounds however
many distinct values pass through the functions that use them, and ``clear`` empties them."""

from __future__ import annotations

from fractions import Fraction

from generator.model import Contract, Seat, Vulnerability
from generator.scoring import explain, memories, pairs_methods, trick_value, vp
from generator.scoring.contract import ns_score


def _fill() -> None:
    """More distinct values than any bound (the largest is 1 << 16) through each function."""
    for n in range(1, 70_000):
        explain.json_number(Fraction(n, 7))  # _DECIMALS
        explain.fmt(Fraction(n, 3), 2)  # _SHOWN
    for n in range(1, 5_000):
        pairs_methods._percentage_step(Fraction(n, 11), Fraction(26))  # _PERCENTAGE_STEPS
    contracts = [
        Contract.parse(f"{level}{strain}{x}") for level in range(1, 8) for strain in "CDHSN" for x in ("", "X", "XX")
    ]
    for c in contracts:  # 105 contracts x 4 seats x 14 trick counts x 4 vulnerabilities > 8,192
        for seat in Seat:
            for tricks in range(14):
                for vul in Vulnerability:
                    trick_value._ns_score(c, seat, tricks, vul)  # _SCORES, then ns_score's lru_cache
                    ns_score(c, seat, tricks, vul)
    for boards in range(1, 400):
        vp.vp_table(boards)
        vp.discrete_bounds(boards)


def test_every_memory_keeps_its_bound_after_many_calls() -> None:
    memories.clear()
    _fill()
    held = memories.held()
    assert set(held) >= {"explain._DECIMALS", "explain._SHOWN", "trick_value._SCORES", "contract.ns_score"}
    for name, (count, bound) in held.items():
        assert bound is not None and bound > 0, name  # an lru_cache(maxsize=None) has no bound
        assert count <= bound, (name, count, bound)
    for function in (ns_score, vp.vp_table, vp.discrete_bounds):  # pushed past its bound, evicting
        info = function.cache_info()
        assert info.maxsize is not None and info.misses > info.maxsize


def test_clear_empties_every_memory() -> None:
    explain.json_number(Fraction(1, 7))
    vp.vp_table(8)
    memories.clear()
    assert all(count == 0 for count, _ in memories.held().values())

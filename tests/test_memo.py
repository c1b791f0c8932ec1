"""The hot paths' bounded memories (generator/memo.py)."""

from __future__ import annotations

from generator.memo import remember


def test_a_value_is_stored_and_given_back() -> None:
    memory: dict[str, int] = {"a": 1}
    assert remember(memory, "b", 2, limit=10) == 2
    assert memory == {"a": 1, "b": 2}


def test_a_full_memory_is_emptied_before_the_value_is_stored() -> None:
    memory = {n: n for n in range(3)}
    assert remember(memory, 9, 90, limit=3) == 90
    assert memory == {9: 90}
    remember(memory, 8, 80, limit=3)
    assert memory == {9: 90, 8: 80}  # under the limit: kept

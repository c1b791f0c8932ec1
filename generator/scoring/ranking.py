"""Places from scores, with ties shown as '3='.

>>> rank_labels([("a", 60), ("b", 55), ("c", 55), ("d", 40)])
{'a': (1, '1'), 'b': (2, '2='), 'c': (2, '2='), 'd': (4, '4')}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any, TypeVar

K = TypeVar("K", bound=Hashable)


def rank_labels(scores: Sequence[tuple[K, Any]]) -> dict[K, tuple[int, str]]:
    """Higher score ranks first; equal scores share the place, written '3='."""
    ordered = sorted(scores, key=lambda item: item[1], reverse=True)
    counts = Counter(score for _, score in ordered)
    out: dict[K, tuple[int, str]] = {}
    place = 0
    previous = object()
    for index, (key, score) in enumerate(ordered, start=1):
        if score != previous:
            place = index
            previous = score
        out[key] = (place, f"{place}=" if counts[score] > 1 else str(place))
    return out

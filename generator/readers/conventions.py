"""Conventions a reader works out from the file itself (how another program scored it)."""

from __future__ import annotations

from ..model import Direction, Section


def largest_field(sections: tuple[Section, ...]) -> int:
    """The most pairs ranked together in one section: one direction's pairs where a section
    has two winners (NS and EW fields), else all its pairs.  A printed place beyond this
    means the program ranked, and so compared results, across sections."""
    sizes = []
    for s in sections:
        if s.winners == 2:
            sizes += [sum(1 for p in s.pairs if p.ref.direction is d) for d in Direction]
        else:
            sizes.append(len(s.pairs))
    return max(sizes, default=0)

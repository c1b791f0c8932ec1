"""How our messages name a pair: as the user knows it ('NS pair 7', 'EW pair A3', 'pair 5').

Its own module so that every reader's checks (``validate``, ``sitouts``, the penalties) can
name a pair without importing one another."""

from __future__ import annotations

from ..model import PairRef


def pair_label(ref: PairRef | None, side: str = "") -> str | None:
    """'NS pair 7', 'EW pair A3', 'pair 5' — as the user knows the pair."""
    if ref is None:
        return None
    text = f"{ref.section}{ref.number}" if ref.section and len(ref.section) <= 2 else str(ref.number)
    if ref.direction is not None:
        return f"{ref.direction} pair {text}"
    return f"{side} pair {text}".strip()


__all__ = ["pair_label"]

"""Strata (flights): places within each stratum beside the overall place, as ACBLscore prints them.

A pair plays in one stratum (stated, or the lowest whose rating limit its rating is within) and
qualifies for that stratum and every higher one: a C pair gets an A, a B and a C place, an A
pair an A place only.  Each stratum's places rank the field's qualifying pairs on the same score
as the overall ranking, ties written ``3=``.
"""

from __future__ import annotations

from dataclasses import replace

from ..model import Session
from .options import ScoringOptions
from .ranking import rank_labels, tie_key
from .results import Field


def check_strata(session: Session) -> None:
    """Every pair of a stratified session is in one of its strata."""
    if not session.strata:
        return
    names = [s.name for s in session.strata]
    for pair in session.pairs:
        if pair.stratum not in names:
            raise ValueError(
                f"pair {pair.ref}: stratum {pair.stratum!r} does not exist: expected one of {', '.join(names)}"
            )


def apply_strata(session: Session, fields: list[Field], options: ScoringOptions) -> list[Field]:
    if not session.strata:
        return fields
    order = [s.name for s in session.strata]
    out = []
    for f in fields:
        places: dict[object, list[tuple[str, str]]] = {s.ref: [] for s in f.standings}
        for level, name in enumerate(order):
            eligible = [s for s in f.standings if order.index(s.pair.stratum) >= level]  # type: ignore[arg-type]  # a stratified event gives every pair a stratum (readers)
            labels = rank_labels([(s.ref, tie_key(s.score, options.ties)) for s in eligible])
            for s in eligible:
                places[s.ref].append((name, labels[s.ref][1]))
        out.append(replace(f, standings=tuple(replace(s, strata=tuple(places[s.ref])) for s in f.standings)))
    return out

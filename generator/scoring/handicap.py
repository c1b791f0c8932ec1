"""Handicap pairs: a second ranking on the scratch percentage plus each pair's handicap.

The scratch ranking (the ordinary one) is left exactly as it is; each standing gains a
``Handicapped`` with the handicapped percentage, its place among its own field, and the
arithmetic.  The handicap is in percentage points (negative for a strong pair) and the
option ``handicap_share`` adds the whole of it or half of it.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ..model import ScoringMethod, Session
from .explain import Explanation, Step, fig, fmt, pfig, sfig
from .message import formula, msg
from .options import ScoringOptions
from .ranking import rank_labels, tie_key
from .results import Field, Handicapped

SHARES = {"whole": Fraction(1), "half": Fraction(1, 2)}


def is_handicap_event(session: Session) -> bool:
    return any(p.handicap is not None for p in session.pairs)


def check_handicaps(session: Session) -> None:
    """A handicap event is a matchpoint event in which every pair has a handicap (0 for scratch)."""
    if not is_handicap_event(session):
        return
    if session.method is not ScoringMethod.MATCHPOINTS:
        raise ValueError(
            f"handicaps are percentages added to a matchpoint percentage: a {session.method} session "
            "has no percentage to add them to; expected no handicap"
        )
    missing = [str(p.ref) for p in session.pairs if p.handicap is None]
    if missing:
        raise ValueError(
            f"pair {', '.join(missing)} has no handicap while other pairs have one: "
            "expected a handicap for every pair (0 for a scratch pair)"
        )
    for pair in session.pairs:
        handicap = pair.handicap
        assert handicap is not None  # (a pair without one is refused just above)
        if not -100 < handicap < 100:
            raise ValueError(
                f"pair {pair.ref}: handicap {fmt(handicap)} is not a percentage: expected between -100 and 100"
            )


def apply_handicaps(session: Session, fields: list[Field], options: ScoringOptions) -> list[Field]:
    """Add the handicap ranking to each field (unchanged when the session has no handicaps)."""
    if not is_handicap_event(session):
        return fields
    share = SHARES[options.handicap_share]
    handicaps = {p.ref: p.handicap for p in session.pairs}
    out = []
    for f in fields:
        figures = {}
        for s in f.standings:
            handicap = handicaps[s.ref]
            assert handicap is not None
            applied = handicap * share
            figures[s.ref] = (handicap, applied, None if s.percentage is None else s.percentage + applied)
        # A pair with no percentage (no board with a top) ranks below every pair that has one.
        keyed = [
            (ref, (0, Fraction(0)) if pct is None else (1, tie_key(pct, options.ties)))
            for ref, (_, _, pct) in figures.items()
        ]
        labels = rank_labels(keyed)
        standings = []
        for s in f.standings:
            handicap, applied, pct = figures[s.ref]
            rank, label = labels[s.ref]
            standings.append(
                replace(
                    s,
                    handicap=Handicapped(
                        handicap, applied, pct, rank, label, _explain(s.percentage, handicap, applied, pct, options)
                    ),
                )
            )
        out.append(replace(f, standings=tuple(standings)))
    return out


def _explain(
    scratch: Fraction | None, handicap: Fraction, applied: Fraction, pct: Fraction | None, options: ScoringOptions
) -> Explanation:
    steps = []
    if options.handicap_share == "half":
        steps.append(
            Step(
                "handicap.half",
                msg(
                    "half the handicap of %(handicap)s: %(worked)s",
                    handicap=sfig(handicap),
                    worked=formula("%(handicap)s / 2 = %(applied)s", handicap=sfig(handicap), applied=sfig(applied)),
                ),
                {"handicap": handicap, "applied": applied},
            )
        )
    if pct is None:
        steps.append(
            Step(
                "handicap.no_percentage",
                msg("no scratch percentage (no board with a top): no handicapped percentage"),
                {"handicap": handicap, "applied": applied},
            )
        )
        return Explanation("handicap", Fraction(0), tuple(steps), {"share": options.handicap_share})
    assert scratch is not None
    sign = "−" if applied < 0 else "+"
    if options.handicap_share == "whole":
        text = msg(
            "scratch %(scratch)s %(sign)s the handicap %(applied)s = %(pct)s",
            scratch=pfig(scratch, 4),
            sign=sign,
            applied=fig(abs(applied), 4),
            pct=pfig(pct, 4),
        )
    else:
        text = msg(
            "scratch %(scratch)s %(sign)s half the handicap %(applied)s = %(pct)s",
            scratch=pfig(scratch, 4),
            sign=sign,
            applied=fig(abs(applied), 4),
            pct=pfig(pct, 4),
        )
    steps.append(
        Step(
            "handicap.add",
            text,
            {"scratch": scratch, "handicap": handicap, "applied": applied, "percentage": pct},
        )
    )
    return Explanation("handicap", pct, tuple(steps), {"share": options.handicap_share})

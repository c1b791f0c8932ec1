"""The penalties grammar of our YAML session format: ``penalties: [{pair: 3, amount: 25%, board: 7,
reason: ...}]`` — an amount in the session's own unit or a percentage of a top, checked against
the pairs listed (docs/yaml-format.md, "Penalties")."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from ..model import (
    PENALTY_UNITS,
    Direction,
    PairRef,
    Penalty,
    PenaltyUnit,
    ScoringMethod,
    Section,
)
from ..scoring.message import msg
from . import values
from .labels import pair_label
from .validate import KnownPairs
from .yaml_loader import LineDict, YamlReader

_PENALTY_AMOUNT = re.compile(
    r"^([+-]?[0-9]{1,6}(?:\.[0-9]{1,6})?(?:/[0-9]{1,6})?)\s*(%|mps?|matchpoints?|imps?|points?|pts)?$", re.I
)
_PENALTY_WORDS = {
    "%": PenaltyUnit.PERCENT_OF_TOP,
    "mp": PenaltyUnit.MATCHPOINTS,
    "matchpoint": PenaltyUnit.MATCHPOINTS,
    "imp": PenaltyUnit.IMPS,
    "point": PenaltyUnit.POINTS,
    "pt": PenaltyUnit.POINTS,
}
_SESSION_UNIT = {
    ScoringMethod.MATCHPOINTS: PenaltyUnit.MATCHPOINTS,
    ScoringMethod.BUTLER: PenaltyUnit.IMPS,
    ScoringMethod.CROSS_IMPS: PenaltyUnit.IMPS,
    ScoringMethod.AGGREGATE: PenaltyUnit.POINTS,
}
"""A penalty's plain number counts in the session's own unit."""
_PENALTY_EXAMPLES = {
    ScoringMethod.MATCHPOINTS: "25% (of a top) or 1.5 (matchpoints)",
    ScoringMethod.BUTLER: "6 IMPs",
    ScoringMethod.CROSS_IMPS: "6 IMPs",
    ScoringMethod.AGGREGATE: "100 (points)",
}
_PENALTY_UNIT_WORDS = {
    PenaltyUnit.PERCENT_OF_TOP: "as a percentage of a top",
    PenaltyUnit.MATCHPOINTS: "in matchpoints",
    PenaltyUnit.IMPS: "in IMPs",
    PenaltyUnit.POINTS: "in points",
}


class PenaltiesFormat(YamlReader):
    """The ``penalties:`` of a session."""

    def penalties(
        self, raw: Any, where: LineDict, method: ScoringMethod, sections: tuple[Section, ...]
    ) -> tuple[Penalty, ...]:
        """`penalties: [{pair: 3, direction: NS, amount: 25%, reason: slow play}]`: a director's deductions from totals."""
        if raw is None:
            return ()
        if not isinstance(raw, list):
            self.error(
                where,
                f"expected penalties as a list such as [{{pair: 3, amount: 25%, reason: slow play}}], got {raw!r}",
            )
            return ()
        out = []
        known = {s.name: KnownPairs({q.ref for q in s.pairs}) for s in sections}
        for p in raw:
            if self.mapping(p, where, msg("a penalty ({pair: 3, amount: 25%%, reason: ...})")):
                penalty = self.penalty(p, method, sections, known)
                if penalty is not None:
                    out.append(penalty)
        return tuple(out)

    def penalty(
        self, p: LineDict, method: ScoringMethod, sections: tuple[Section, ...], known: dict[str, KnownPairs]
    ) -> Penalty | None:
        try:
            number = values.whole_number(
                p.get("pair"), "the penalised pair's number under pair, such as 3", 1, values.MAX_NUMBER, strings=False
            )
        except ValueError as exc:
            self.error(p, str(exc))
            return None
        direction = None
        if p.get("direction") is not None:
            try:
                direction = values.parse_direction(str(p["direction"]))
            except ValueError as exc:
                self.error(p, str(exc), pair=f"pair {number}")
                return None
        names = [s.name for s in sections]
        if "section" in p:
            section = str(p["section"])
        elif len(names) == 1:
            section = names[0]
        else:
            section = ""
        ref = PairRef(section, number, direction)
        label = pair_label(ref)
        ok = True
        try:
            amount, unit = _penalty_amount(p.get("amount"), method)
        except ValueError as exc:
            self.error(p, str(exc), pair=label)
            ok = False
        if not names:
            return None  # the session's pairs could not be read: reported already
        if section not in known:
            listed = ", ".join(repr(n) for n in names)
            self.error(
                p,
                f"unknown section {section!r}: expected section: with one of {listed}"
                if "section" in p
                else f"the penalty names no section: expected section: with one of {listed}",
                pair=label,
            )
            return None
        problem = _penalty_pair_problem(ref, known[section])
        if problem:
            self.error(p, problem, pair=label)
            return None
        if not ok:
            return None
        return Penalty(ref, amount, unit, str(p.get("reason") or ""), p.line)


def _penalty_amount(value: Any, method: ScoringMethod) -> tuple[Fraction, PenaltyUnit]:
    """'25%' (of a top), '1.5' or 1.5 (the session's unit), '6 IMPs', '2 MP', '100 points'."""
    examples = _PENALTY_EXAMPLES[method]
    m = _PENALTY_AMOUNT.match(str(value).strip()) if value is not None and not isinstance(value, bool) else None
    if not m:
        raise ValueError(f"expected the penalty's amount such as {examples}, got {value!r}")
    amount = values.decimal(m.group(1))
    word = (m.group(2) or "").lower()
    unit = _PENALTY_WORDS[word if word == "%" else word.rstrip("s")] if word else _SESSION_UNIT[method]
    if amount <= 0:
        raise ValueError(f"expected an amount above 0 (a penalty is deducted; there are no bonuses), got {value!r}")
    if unit not in PENALTY_UNITS[method]:
        raise ValueError(
            f"a penalty {_PENALTY_UNIT_WORDS[unit]} does not apply to a {method} session: expected {examples}"
        )
    return amount, unit


def _penalty_pair_problem(ref: PairRef, known: KnownPairs) -> str | None:
    """Why ``ref`` names no pair of its section, or None."""
    if not known or ref in known:
        return None
    number = ref.number
    if ref.direction is None and {PairRef(ref.section, number, d) for d in Direction} & known:
        return f"pair {number} has no direction in a mitchell: expected direction NS or EW"
    if ref.direction is not None and PairRef(ref.section, number) in known:
        return f"pair {number} has a direction in a howell: expected none (a Howell pair plays both ways)"
    section = f" in section {ref.section}" if ref.section else ""
    listed = known.numbers(ref.section, ref.direction, False)
    side = f"{ref.direction} " if ref.direction else ""
    return f"unknown {side}pair {number}{section}: expected one of the pairs listed ({listed})"

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
from ..scoring.message import Param, msg, seat
from ..scoring.said import Said, said, said_of
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
    ScoringMethod.MATCHPOINTS: msg("25%% (of a top) or 1.5 (matchpoints)"),
    ScoringMethod.BUTLER: msg("6 IMPs"),
    ScoringMethod.CROSS_IMPS: msg("6 IMPs"),
    ScoringMethod.AGGREGATE: msg("100 (points)"),
}
_PENALTY_UNIT_WORDS = {
    PenaltyUnit.PERCENT_OF_TOP: msg("as a percentage of a top"),
    PenaltyUnit.MATCHPOINTS: msg("in matchpoints"),
    PenaltyUnit.IMPS: msg("in IMPs"),
    PenaltyUnit.POINTS: msg("in points"),
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
                said(
                    msg(
                        "expected %(key)s as a list such as %(example)s, got %(found)s",
                        key="penalties",
                        example="[{pair: 3, amount: 25%, reason: slow play}]",
                        found=repr(raw),
                    )
                ),
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
            self.error(p, said_of(exc))
            return None
        direction = None
        if p.get("direction") is not None:
            try:
                direction = values.parse_direction(str(p["direction"]))
            except ValueError as exc:
                self.error(p, said_of(exc), pair=pair_label(PairRef("", number)))
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
            self.error(p, said_of(exc), pair=label)
            ok = False
        if not names:
            return None  # the session's pairs could not be read: reported already
        if section not in known:
            listed = ", ".join(repr(n) for n in names)
            self.error(
                p,
                said(
                    msg(
                        "unknown section %(found)s: expected %(key)s with one of %(listed)s",
                        found=repr(section),
                        key="section:",
                        listed=listed,
                    )
                    if "section" in p
                    else msg(
                        "the penalty names no section: expected %(key)s with one of %(listed)s",
                        key="section:",
                        listed=listed,
                    )
                ),
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
        raise ValueError(
            said(
                msg(
                    "expected the penalty's amount such as %(examples)s, got %(found)s",
                    examples=examples,
                    found=repr(value),
                )
            )
        )
    amount = values.decimal(m.group(1))
    word = (m.group(2) or "").lower()
    unit = _PENALTY_WORDS[word if word == "%" else word.rstrip("s")] if word else _SESSION_UNIT[method]
    if amount <= 0:
        raise ValueError(
            said(
                msg(
                    "expected an amount above 0 (a penalty is deducted; there are no bonuses), got %(found)s",
                    found=repr(value),
                )
            )
        )
    if unit not in PENALTY_UNITS[method]:
        raise ValueError(
            said(
                msg(
                    "a penalty %(unit)s does not apply to a %(method)s session: expected %(examples)s",
                    unit=_PENALTY_UNIT_WORDS[unit],
                    method=f"{method}",
                    examples=examples,
                )
            )
        )
    return amount, unit


def no_direction(number: int) -> Said:
    """A pair with no direction in a mitchell (the session's pairs or a penalty's)."""
    return said(msg("pair %(pair)s has no direction in a mitchell: expected direction NS or EW", pair=number))


def howell_direction(number: int) -> Said:
    """A pair with a direction in a howell (the session's pairs or a penalty's)."""
    return said(
        msg("pair %(pair)s has a direction in a howell: expected none (a Howell pair plays both ways)", pair=number)
    )


def _penalty_pair_problem(ref: PairRef, known: KnownPairs) -> str | None:
    """Why ``ref`` names no pair of its section, or None."""
    if not known or ref in known:
        return None
    number = ref.number
    if ref.direction is None and {PairRef(ref.section, number, d) for d in Direction} & known:
        return no_direction(number)
    if ref.direction is not None and PairRef(ref.section, number) in known:
        return howell_direction(number)
    listed = known.numbers(ref.section, ref.direction, False)
    words: dict[str, Param] = {"pair": number, "listed": listed}
    if ref.direction:
        words["direction"] = seat(str(ref.direction))
    if ref.section:
        words["section"] = ref.section
    return said(
        {
            (True, True): msg(
                "unknown %(direction)s pair %(pair)s in section %(section)s: expected one of the pairs listed (%(listed)s)",
                **words,
            ),
            (True, False): msg(
                "unknown %(direction)s pair %(pair)s: expected one of the pairs listed (%(listed)s)", **words
            ),
            (False, True): msg(
                "unknown pair %(pair)s in section %(section)s: expected one of the pairs listed (%(listed)s)", **words
            ),
            (False, False): msg("unknown pair %(pair)s: expected one of the pairs listed (%(listed)s)", **words),
        }[bool(ref.direction), bool(ref.section)]
    )

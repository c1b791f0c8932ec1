"""What a pair scores for the boards it sat out (option ``sitout_policy``).

In a movement with a sit-out (an odd number of pairs, or a phantom pair) every pair misses
the boards of the round it sits out.  Programs differ on what those boards are worth:

- ``none``: nothing, the boards do not count for the pair (its percentage is over the boards
  it played; IMP totals are scaled to the most boards any pair played, ``imp_pairs_factoring``);
- ``average``: an average on each board sat out (50 % of the top in matchpoints, 0 IMPs);
- ``session-average``: its own session average on each board sat out (its percentage on the
  boards it played; in IMPs its average per board played), so that the total is as if it had
  played every board of its comparison group at that standard (Ruter's Butler totals).

A board the pair sat out is a board of its comparison group it has no line on.  Whether the
sit-out slot counts in E (the results a board is compared over) is ``expected_results``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .explain import Step, equals, fmt
from .rounding import percent

POLICIES = ("none", "average", "session-average")


@dataclass(frozen=True, slots=True)
class SitOut:
    """What the sit-out added to a pair's total: ``boards`` sat out, worth ``award`` in the
    session's unit (matchpoints, IMPs), with ``tops`` more matchpoints available."""

    policy: str
    boards: int
    award: Fraction
    tops: Fraction


def sitout_award(
    policy: str,
    *,
    is_mp: bool,
    total: Fraction,
    available: Fraction | None,
    played: int,
    missed: int,
    top: Fraction,
    unit: str,
) -> tuple[SitOut, Step] | None:
    """The award for ``missed`` boards sat out, with the step that shows it; None when the
    policy adds nothing (``none``, nothing missed, or nothing played to average)."""
    if policy == "none" or missed <= 0 or played <= 0:
        return None
    boards = f"{missed} board{'s' if missed != 1 else ''}"
    if is_mp:
        tops = top * missed
        if policy == "average":
            award = tops / 2
            text = (
                f"sat out {boards}: an average on each, 50% of the top of {fmt(top)}: "
                f"{missed} × {fmt(top / 2)} {equals(top / 2)} {fmt(award, 4)} {unit}"
            )
        else:
            if not available:
                return None
            own = percent(total, available)
            award = total * tops / available
            text = (
                f"sat out {boards}: its session average ({fmt(total, 4)} / {fmt(available)} "
                f"{equals(total, available, places=4)} {fmt(own)}%) on each, of a top of {fmt(top)}: "
                f"{fmt(total, 4)} × {fmt(tops)} / {fmt(available)} {equals(total, tops, places=4)} {fmt(award, 4)} {unit}"
            )
        text += (
            f"; total {fmt(total, 4)} + {fmt(award, 4)} {equals(total, award, places=4)} {fmt(total + award, 4)} {unit}"
        )
        return SitOut(policy, missed, award, tops), Step(
            "session.sitout", text, {"policy": policy, "boards": missed, "top": top, "award": award}
        )
    if policy == "average":
        return SitOut(policy, missed, Fraction(0), Fraction(0)), Step(
            "session.sitout",
            f"sat out {boards}: an average on each, 0 {unit}; the total is not scaled",
            {"policy": policy, "boards": missed, "award": Fraction(0)},
        )
    award = total * missed / played
    return SitOut(policy, missed, award, Fraction(0)), Step(
        "session.sitout",
        f"sat out {boards}: its average per board played on each: {fmt(total, 4)} × {missed} / {played} "
        f"{equals(total, places=4)} {fmt(award, 4)} {unit}, so {fmt(total, 4)} + {fmt(award, 4)} "
        f"{equals(total, award, places=4)} {fmt(total + award, 4)} {unit} over {played + missed} boards",
        {"policy": policy, "boards": missed, "award": award},
    )


__all__ = ["POLICIES", "SitOut", "sitout_award"]

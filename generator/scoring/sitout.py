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

from .explain import Step, equals, fig, pfig, unit_word
from .message import Formula, Param, formula, msg, plural
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
    boards = plural("%(num)s board", "%(num)s boards", fig(missed))
    word = unit_word(unit)
    if is_mp:
        tops = top * missed
        text: Param
        if policy == "average":
            award = tops / 2
            text = msg(
                "sat out %(boards)s: an average on each, %(half)s of the top of %(top)s: %(worked)s %(unit)s",
                boards=boards,
                half=pfig(50),
                top=fig(top),
                worked=formula(
                    "%(missed)s × %(half)s %(eq)s %(award)s",
                    missed=missed,
                    half=fig(top / 2),
                    eq=equals(top / 2),
                    award=fig(award, 4),
                ),
                unit=word,
            )
        else:
            if not available:
                return None
            own = percent(total, available)
            award = total * tops / available
            text = msg(
                "sat out %(boards)s: its session average (%(average)s) on each, of a top of %(top)s: "
                "%(worked)s %(unit)s",
                boards=boards,
                average=formula(
                    "%(total)s / %(available)s %(eq)s %(pct)s",
                    total=fig(total, 4),
                    available=fig(available),
                    eq=equals(total, available, places=4),
                    pct=pfig(own),
                ),
                top=fig(top),
                worked=formula(
                    "%(total)s × %(tops)s / %(available)s %(eq)s %(award)s",
                    total=fig(total, 4),
                    tops=fig(tops),
                    available=fig(available),
                    eq=equals(total, tops, places=4),
                    award=fig(award, 4),
                ),
                unit=word,
            )
        text = msg(
            "%(award)s; total %(worked)s %(unit)s",
            award=text,
            worked=_added(total, award),
            unit=word,
        )
        return SitOut(policy, missed, award, tops), Step(
            "session.sitout", text, {"policy": policy, "boards": missed, "top": top, "award": award}
        )
    if policy == "average":
        return SitOut(policy, missed, Fraction(0), Fraction(0)), Step(
            "session.sitout",
            msg(
                "sat out %(boards)s: an average on each, 0 %(unit)s; the total is not scaled", boards=boards, unit=word
            ),
            {"policy": policy, "boards": missed, "award": Fraction(0)},
        )
    award = total * missed / played
    return SitOut(policy, missed, award, Fraction(0)), Step(
        "session.sitout",
        msg(
            "sat out %(boards)s: its average per board played on each: %(worked)s %(unit)s, so %(sum)s %(unit)s "
            "over %(all)s boards",
            boards=boards,
            worked=formula(
                "%(total)s × %(missed)s / %(played)s %(eq)s %(award)s",
                total=fig(total, 4),
                missed=missed,
                played=played,
                eq=equals(total, places=4),
                award=fig(award, 4),
            ),
            unit=word,
            sum=_added(total, award),
            all=played + missed,
        ),
        {"policy": policy, "boards": missed, "award": award},
    )


def _added(total: Fraction, award: Fraction) -> Formula:
    """'12.5 + 3.1 = 15.6': the total with the award added."""
    return formula(
        "%(total)s + %(award)s %(eq)s %(sum)s",
        total=fig(total, 4),
        award=fig(award, 4),
        eq=equals(total, award, places=4),
        sum=fig(total + award, 4),
    )


__all__ = ["POLICIES", "SitOut", "sitout_award"]

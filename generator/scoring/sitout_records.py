"""Explicit sit-outs: which boards a pair sat out, as the upload records them.

Readers keep a traveller line with no opponents (a bye line, a line against a phantom pair, a
YAML ``sitout``) as a ``SitOut`` record.  When a session has such records they are what the
``sitout_policy`` awards; a pair with no line and no record on a board of its section was late
or absent, and scores nothing for it (the explanation says so).  A session without records
keeps the inference of ``sitout.py``: any board of the pair's section it has no line on.

Whether the sit-out slot counts in E (the results a board is compared over) is the option
``sitout_slot``: 'counted' as NZ Scorer does (the sit-out table is one of the board's
expected results), 'uncounted' as EBUScore and ACBLscore do.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from ..model import PairRef, Session
from .explain import Step
from .message import Param, msg

SLOT_CHOICES = ("uncounted", "counted")


@dataclass(frozen=True, slots=True)
class Missed:
    """A pair's boards of its comparison group it has no line on, split by why."""

    sat_out: tuple[int, ...]
    """Sat out: recorded explicitly, or inferred when the session records none."""
    absent: tuple[int, ...]
    """No line and no sit-out record while the session records sit-outs: late or absent."""


def sitouts_by_pair(session: Session) -> dict[PairRef, set[int]]:
    """The boards each pair is recorded as sitting out."""
    out: dict[PairRef, set[int]] = defaultdict(set)
    for record in session.sitouts:
        out[record.pair].add(record.board)
    return out


def missed_boards(
    session: Session, recorded: dict[PairRef, set[int]], pair: PairRef, group_boards: set[int], played: set[int]
) -> Missed:
    """The boards of ``group_boards`` that ``pair`` did not play, sat out or absent."""
    missing = sorted(group_boards - played)
    if not session.sitouts:
        return Missed(tuple(missing), ())
    own = recorded.get(pair, set())
    return Missed(tuple(b for b in missing if b in own), tuple(b for b in missing if b not in own))


def sitout_slots(session: Session, group_of: Callable[[str], str]) -> dict[str, dict[int, list[PairRef]]]:
    """Comparison group -> board -> the pairs recorded sitting it out."""
    slots: dict[str, dict[int, list[PairRef]]] = defaultdict(lambda: defaultdict(list))
    for record in session.sitouts:
        slots[group_of(record.pair.section)][record.board].append(record.pair)
    return slots


def absent_step(boards: tuple[int, ...]) -> Step:
    """Why a pair scores nothing on boards it has no line on when sit-outs are recorded."""
    listed = ", ".join(str(b) for b in boards)
    text = (
        msg(
            "no result on board %(boards)s and no sit-out recorded: the pair was late or absent, "
            "so the board scores nothing and no sit-out award is made",
            boards=listed,
        )
        if len(boards) == 1
        else msg(
            "no result on boards %(boards)s and no sit-out recorded: the pair was late or absent, "
            "so the boards score nothing and no sit-out award is made",
            boards=listed,
        )
    )
    return Step(
        "session.absent",
        text,
        {"boards": len(boards)},
    )


def slot_step(pairs: list[PairRef], counted: bool, expected: int, fixed: bool = False) -> Step:
    """The board's sit-out line(s) and whether the slot counts in E (option ``sitout_slot``;
    ``fixed`` when the option ``expected_results`` gives E as a number)."""
    names: Param = msg("pair %(pair)s", pair=str(pairs[0])) if pairs else ""
    for p in pairs[1:]:
        names = msg("%(pairs)s and pair %(pair)s", pairs=names, pair=str(p))
    if fixed:
        how = msg(
            "E is set to %(expected)s by the option expected_results (the full number of tables)", expected=expected
        )
    elif counted:
        how = msg(
            "the sit-out slot counts as one of the board's expected results (sitout_slot counted): E = %(expected)s",
            expected=expected,
        )
    else:
        how = msg("the sit-out slot is not one of the board's results (sitout_slot uncounted)")
    return Step(
        "board.sitout",
        msg("%(pairs)s sat out: %(how)s", pairs=names, how=how),
        {"pairs": len(pairs), "counted": counted, "E": expected},
    )


__all__ = ["SLOT_CHOICES", "Missed", "absent_step", "missed_boards", "sitout_slots", "sitouts_by_pair", "slot_step"]

"""Sit-out lines, as every reader keeps them: which pair sat out which board.

A traveller line with one pair and no opponent (USEBIO: a missing or zero pair number; PBN:
``-``, ``0`` or nothing, Ruter's and Magic Contest's ``Bye`` lines; YAML: ``sitout: true``) is
not a result but a record that the pair sat the board out (``model.SitOut``).  Such a line may
carry the program's award for it (matchpoints, IMPs) but never a bridge score: a sit-out line
with a contract or a score is refused, since we could not tell which half of it is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import InputError
from ..model import Direction, PairRef, Session, SitOut
from ..scoring.message import Param, msg
from ..scoring.said import param_of, said
from .labels import pair_label

NO_OPPONENT = ("", "-", "0")
"""How exports write the missing pair of a sit-out line."""

NO_SCORE = ("", "-", "bye")
"""What a sit-out line may hold where a played line has its score or contract."""


PHANTOM_NAMES = frozenset({"phantom", "phantom pair", "sit out", "sit-out", "sitout", "bye"})
"""Player names that mark a listed pair as the movement's phantom, not a pair that played."""


def is_phantom(names: list[str]) -> bool:
    """A listed pair whose every player is named like a phantom (``Phantom``, ``Sit out``)."""
    return bool(names) and all(n.strip().lower() in PHANTOM_NAMES for n in names)


def is_no_opponent(text: str | None) -> bool:
    return (text or "").strip() in NO_OPPONENT


def score_problem(pair: PairRef, **written: str) -> str | None:
    """The message refusing a sit-out line that also has a score or contract, or None."""
    found = {name: text for name, text in written.items() if text.strip().lower() not in NO_SCORE}
    return _refusal(pair, found) if found else None


def _refusal(pair: PairRef, found: dict[str, str]) -> str:
    what = ", ".join(f"{name} {text.strip()!r}" for name, text in found.items())
    return said(
        msg(
            "a sit-out line (%(pair)s has no opponents) also has %(what)s: expected no contract or "
            "score on a line with no opponents (give the opponents' pair number if the board was played)",
            pair=param_of(pair_label(pair) or ""),
            what=what,
        )
    )


_PLAYED_KEYS = ("contract", "by", "tricks", "result", "lead", "score", "weighted", "split")


def yaml_sitout(
    r: Mapping[str, Any], board: int, section: str, mitchell: bool, line: int | None, individual: bool = False
) -> SitOut | str:
    """A YAML result ``{ns: 5, sitout: true}`` (or ``ew:``, or ``pair:`` in a Howell; ``player:``
    in an individual event): the sit-out record, or the message refusing it."""
    if r.get("sitout") is not True:
        return said(msg("expected sitout: true on a sit-out line, got %(value)s", value=repr(r.get("sitout"))))
    if individual:
        given = [(key, r[key]) for key in ("player", "N", "S", "E", "W", "ns", "ew", "pair") if r.get(key) is not None]
        if len(given) != 1 or given[0][0] != "player":
            return said(
                msg(
                    "an individual's sit-out line names the one player who sat out: expected player:, got %(keys)s",
                    keys=_keys(given),
                )
            )
    else:
        given = [(key, r[key]) for key in ("ns", "ew", "pair") if r.get(key) is not None]
    if len(given) != 1:
        return said(
            msg(
                "a sit-out line names the one pair that sat out: expected one of ns:, ew: (or pair: in a howell), "
                "got %(keys)s",
                keys=_keys(given),
            )
        )
    key, number = given[0]
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        return said(msg("expected a pair number under %(key)s, got %(value)s", key=key, value=repr(number)))
    if key == "player":
        ref = PairRef(section, number)
        return (
            _refusal(ref, {k: str(r[k]) for k in _PLAYED_KEYS if k in r})
            if any(k in r for k in _PLAYED_KEYS)
            else SitOut(ref, board, source_line=line)
        )
    if key == "pair" and mitchell:
        return said(msg("in a mitchell a sit-out line says the pair's direction: expected ns: or ew:, not pair:"))
    direction = {"ns": Direction.NS, "ew": Direction.EW}.get(key) if mitchell else None
    ref = PairRef(section, number, direction)
    played = {k: str(r[k]) for k in _PLAYED_KEYS if k in r}
    if played:
        return _refusal(ref, played)
    return SitOut(ref, board, source_line=line)


def _keys(given: list[tuple[str, Any]]) -> Param:
    """The keys a sit-out line gives ('ns, ew'), or 'none' said in the language."""
    return ", ".join(k for k, _ in given) or msg("none")


def listed_only(
    sitouts: list[SitOut], pairs: set[PairRef], notes: list[str], what: str = "a bye line"
) -> tuple[SitOut, ...]:
    """The sit-outs of listed pairs; a bye line naming a pair the file does not list is the
    phantom pair's own line (Ruter writes one), noted and left out."""
    kept = []
    for record in sitouts:
        if record.pair in pairs:
            kept.append(record)
        else:
            place = record.where or f"line {record.source_line}"
            notes.append(
                f"board {record.board}: {what} ({place}) names {pair_label(record.pair)}, who is not listed "
                "(a phantom pair): not a result"
            )
    return tuple(kept)


def sitout_problems(file: str, session: Session, where: dict[int, str] | None = None) -> list[InputError]:
    """Sit-out records that cannot be right: an unknown pair, a pair recorded sitting out a
    board it also played, the same sit-out twice."""
    if not session.sitouts:  # nothing to check (a big field has no sit-out and 48,000 pairs' lines)
        return []
    known = {p.ref for p in session.pairs}
    played: dict[int, set[PairRef]] = {}
    for board in session.boards:
        played[board.number] = {ref for line in board.lines for ref, _ in line.sides()}
    errors: list[InputError] = []
    seen: set[tuple[PairRef, int]] = set()
    for record in session.sitouts:
        place = record.where or (f"line {record.source_line}" if record.source_line else "")
        label = pair_label(record.pair)
        if record.pair not in known:
            errors.append(
                InputError(
                    file,
                    place,
                    said(
                        msg(
                            "%(pair)s sits out but is not listed among the pairs: expected a listed pair number",
                            pair=param_of(label or ""),
                        )
                    ),
                    record.board,
                    label,
                )
            )
        elif record.pair in played.get(record.board, set()):
            errors.append(
                InputError(
                    file,
                    place,
                    said(
                        msg(
                            "%(pair)s is recorded sitting out a board it also has a result on: "
                            "expected one or the other",
                            pair=param_of(label or ""),
                        )
                    ),
                    record.board,
                    label,
                )
            )
        elif (record.pair, record.board) in seen:
            errors.append(
                InputError(
                    file,
                    place,
                    said(
                        msg(
                            "%(pair)s is recorded sitting out this board twice: expected once",
                            pair=param_of(label or ""),
                        )
                    ),
                    record.board,
                    label,
                )
            )
        seen.add((record.pair, record.board))
    return errors


__all__ = [
    "NO_OPPONENT",
    "NO_SCORE",
    "PHANTOM_NAMES",
    "SitOut",
    "is_no_opponent",
    "is_phantom",
    "listed_only",
    "score_problem",
    "sitout_problems",
    "yaml_sitout",
]

"""The ``swiss:`` part of a YAML session: a Swiss pairs event's rounds, matches and byes.

The boards and their traveller lines are the session's ordinary ``boards:``; ``swiss:`` says
which boards each round played and which pairs met::

    swiss:
      rounds:
        - round: 1
          boards: [1, 2, 3]
          matches:
            - {table: 1, ns: 1, ew: 4}
            - {table: 2, ns: 2, ew: 3}
          bye: 5

Everything is checked against the travellers before scoring: a pair in two matches of a
round (or a match and a bye), a board in two rounds, a traveller line between pairs that do
not meet in that round, a match with no result on one of its round's boards.
"""

from __future__ import annotations

import re
from typing import Any

from ..errors import InputError
from ..model import PairRef, Session, SwissMatch, SwissRound
from ..scoring.message import Param, msg
from ..scoring.said import said
from ..scoring.swiss import SWISS_METHODS
from . import values
from .labels import place

_DIGITS = re.compile(r"[0-9]{1,6}")


def _line(where: Any) -> str:
    line = getattr(where, "line", None)
    return f"line {line}" if line else ""


def _number(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and _DIGITS.fullmatch(value.strip()):  # ASCII only: '²'.isdigit() is true
        return int(value)
    return None


def _boards(value: Any) -> list[int] | None:
    """[1, 2, 3] or '1-3'."""
    if isinstance(value, str) and "-" in value:
        low, _, high = value.partition("-")
        a, b = _number(low.strip()), _number(high.strip())
        if a is None or b is None or not 1 <= a <= b or b - a > 200:
            return None
        return list(range(a, b + 1))
    if isinstance(value, list) and value:
        numbers = [_number(v) for v in value]
        if all(n is not None and n >= 1 for n in numbers):
            return [n for n in numbers if n is not None]  # (all of them)
    return None


def read_swiss(file: str, raw: Any, where: Any, session: Session) -> tuple[tuple[SwissRound, ...], list[InputError]]:
    """The rounds of ``swiss:``, and every problem found in them or between them and the travellers."""
    errors: list[InputError] = []

    def error(at: Any, message: str, board: int | None = None, pair: str | None = None) -> None:
        errors.append(InputError(file, _line(at), message, board, pair))

    if session.method not in SWISS_METHODS:
        error(
            where,
            said(
                msg(
                    "a Swiss pairs event scores its boards against the field by cross_imps or butler: expected one "
                    "of those as the method, got %(method)s",
                    method=f"{session.method}",
                )
            ),
        )
    if len(session.sections) > 1:
        error(where, said(msg("a Swiss pairs event is one field: expected pairs without sections")))
    if session.options.get("vp_scale") == "none":
        error(
            where,
            said(
                msg(
                    "a Swiss pairs event converts each match to VPs: expected %(key)s %(scales)s, got %(value)s",
                    key="vp_scale",
                    scales=msg("%(first)s or %(second)s", first="wbf, discrete", second="club"),
                    value="none",
                )
            ),
        )
    rounds_raw = raw.get("rounds") if isinstance(raw, dict) else None
    if not isinstance(rounds_raw, list) or not rounds_raw:
        error(
            where,
            said(
                msg(
                    "expected swiss as a mapping with rounds: a list of {round: 1, boards: [1, 2, 3], "
                    "matches: [{ns: 1, ew: 2}, ..], bye: 5}"
                )
            ),
        )
        return (), errors
    known = {p.ref.number: p.ref for p in session.pairs}
    board_round: dict[int, int] = {}
    rounds: list[SwissRound] = []
    numbers_seen: dict[int, str] = {}
    for index, r in enumerate(rounds_raw, start=1):
        if not isinstance(r, dict):
            error(
                where,
                said(
                    msg(
                        "round %(round)s: expected a mapping with %(keys)s, got %(value)s",
                        round=index,
                        keys=msg("%(first)s and %(second)s", first="round, boards", second="matches"),
                        value=values.quoted(r),
                    )
                ),
            )
            continue
        number = _number(r.get("round", index))
        if number is None or number < 1:
            error(
                r,
                said(
                    msg(
                        "expected %(key)s as a whole number from 1, got %(value)s",
                        key="round",
                        value=values.quoted(r.get("round")),
                    )
                ),
            )
            continue
        if number in numbers_seen:
            error(
                r,
                said(
                    msg(
                        "round %(round)s is given twice (also %(where)s): expected each round once",
                        round=number,
                        where=place(numbers_seen[number]),
                    )
                ),
            )
            continue
        numbers_seen[number] = _line(r)
        boards = _boards(r.get("boards"))
        if boards is None:
            error(
                r,
                said(
                    msg(
                        "round %(round)s: expected %(key)s as a list of board numbers such as [1, 2, 3] or a range "
                        "such as 1-3, got %(value)s",
                        round=number,
                        key="boards",
                        value=values.quoted(r.get("boards")),
                    )
                ),
            )
            continue
        for b in boards:
            if b in board_round:
                error(
                    r,
                    said(
                        msg(
                            "board %(board)s is in round %(first)s and round %(second)s: expected each board in one "
                            "round (number the boards of each round apart)",
                            board=b,
                            first=board_round[b],
                            second=number,
                        )
                    ),
                    board=b,
                )
            board_round[b] = number
        seated: dict[PairRef, Param] = {}

        def seat(
            value: Any, at: Any, role: str, number: Any = number, seated: dict[PairRef, Param] = seated
        ) -> PairRef | None:
            n = _number(value)
            pair = known.get(n) if n is not None else None
            if pair is None:
                listed = ", ".join(str(k) for k in sorted(known))
                error(
                    at,
                    said(
                        msg(
                            "round %(round)s: %(role)s %(value)s is not a pair of this event: expected one of %(listed)s",
                            round=number,
                            role=role,
                            value=values.quoted(value),
                            listed=listed,
                        )
                    ),
                    pair=_pair(values.quoted(value)),
                )
                return None
            if pair in seated:
                error(
                    at,
                    said(
                        msg(
                            "round %(round)s: pair %(pair)s plays twice in this round (also %(where)s): expected each "
                            "pair in one match or the bye",
                            round=number,
                            pair=f"{pair}",
                            where=seated[pair],
                        )
                    ),
                    pair=_pair(f"{pair}"),
                )
                return None
            seated[pair] = place(_line(at)) if _line(at) else msg("this round")
            return pair

        matches = []
        raw_matches = r.get("matches")
        if not isinstance(raw_matches, list) or not raw_matches:
            error(
                r,
                said(
                    msg(
                        "round %(round)s: expected %(key)s as a list such as [{ns: 1, ew: 2}], got %(value)s",
                        round=number,
                        key="matches",
                        value=values.quoted(raw_matches),
                    )
                ),
            )
            raw_matches = []
        for m in raw_matches:
            if not isinstance(m, dict) or "ns" not in m or "ew" not in m:
                error(
                    m if getattr(m, "line", None) else r,
                    said(
                        msg(
                            "round %(round)s: expected a match as {ns: 1, ew: 2} (the pairs' numbers), got %(value)s",
                            round=number,
                            value=values.quoted(m),
                        )
                    ),
                )
                continue
            first, second = seat(m.get("ns"), m, "ns"), seat(m.get("ew"), m, "ew")
            if first is not None and second is not None:
                matches.append(SwissMatch(first, second, _number(m.get("table")), getattr(m, "line", None)))
        byes_raw = r.get("byes", r.get("bye"))
        byes_raw = [] if byes_raw is None else byes_raw if isinstance(byes_raw, list) else [byes_raw]
        byes = tuple(p for p in (seat(b, r, "bye") for b in byes_raw) if p is not None)
        rounds.append(SwissRound(number, tuple(boards), tuple(matches), byes, getattr(r, "line", None)))
    rounds.sort(key=lambda x: x.number)
    errors += _check_travellers(file, session, rounds, board_round)
    return tuple(rounds), errors


def _check_travellers(
    file: str, session: Session, rounds: list[SwissRound], board_round: dict[int, int]
) -> list[InputError]:
    """Every traveller line is a match of its board's round; every match has a line on each of its boards."""
    errors: list[InputError] = []
    by_round = {r.number: r for r in rounds}
    played: dict[tuple[int, frozenset[PairRef]], int] = {}  # (board, the two pairs)
    for board in session.boards:
        number = board_round.get(board.number)
        for line in board.lines:
            where = f"line {line.source_line}" if line.source_line else ""
            if number is None:
                errors.append(
                    InputError(
                        file,
                        where,
                        said(
                            msg(
                                "this board is in no round of %(part)s: expected it in the %(key)s of one round",
                                part="swiss",
                                key="boards",
                            )
                        ),
                        board.number,
                    )
                )
                break
            pairs = frozenset(p for p in (line.ns_pair, line.ew_pair) if p is not None)
            meets = {frozenset((m.first, m.second)) for m in by_round[number].matches}
            if pairs not in meets:
                names: list[Param] = [
                    msg("pair %(number)s", number=f"{p}") for p in sorted(pairs, key=lambda p: p.number)
                ]
                errors.append(
                    InputError(
                        file,
                        where,
                        said(
                            msg(
                                "%(pairs)s do not meet in round %(round)s: expected the result of one of the round's "
                                "matches",
                                pairs=names[0]
                                if len(names) == 1
                                else msg("%(first)s and %(second)s", first=names[0], second=names[1]),
                                round=number,
                            )
                        ),
                        board.number,
                        pair=_pair(f"{line.ns_pair}") if line.ns_pair else None,
                    )
                )
                continue
            played[board.number, pairs] = played.get((board.number, pairs), 0) + 1
            if played[board.number, pairs] > 1:
                errors.append(
                    InputError(
                        file,
                        where,
                        said(
                            msg(
                                "a second result between pairs %(ns)s and %(ew)s: "
                                "expected one result of each match on each board",
                                ns=f"{line.ns_pair}",
                                ew=f"{line.ew_pair}",
                            )
                        ),
                        board.number,
                    )
                )
    boards_with_lines = {
        b.number: {frozenset(p for p in (l.ns_pair, l.ew_pair) if p) for l in b.lines} for b in session.boards
    }
    for r in rounds:
        for m in r.matches:
            missing = [b for b in r.boards if frozenset((m.first, m.second)) not in boards_with_lines.get(b, set())]
            if missing:
                where = f"line {m.source_line}" if m.source_line else ""
                listed = ", ".join(str(b) for b in missing)
                errors.append(
                    InputError(
                        file,
                        where,
                        said(
                            msg(
                                "round %(round)s: the match of pairs %(first)s and %(second)s "
                                "has no result on boards %(boards)s: expected "
                                "every board of the round played by the match's two pairs",
                                round=r.number,
                                first=f"{m.first}",
                                second=f"{m.second}",
                                boards=listed,
                            )
                            if len(missing) > 1
                            else msg(
                                "round %(round)s: the match of pairs %(first)s and %(second)s "
                                "has no result on board %(boards)s: expected "
                                "every board of the round played by the match's two pairs",
                                round=r.number,
                                first=f"{m.first}",
                                second=f"{m.second}",
                                boards=listed,
                            )
                        ),
                        missing[0],
                        pair=_pair(f"{m.first}"),
                    )
                )
    return errors


def _pair(number: str) -> str:
    """'pair 3' as an error names the pair (a message: each language says 'pair')."""
    return said(msg("pair %(number)s", number=number))

"""Checks every reader applies to the session it built, so all formats fail alike.

Readers parse text into the model and note where each board and line came from
(``Places``); ``validate`` then reports, all together, every problem a scorer is
likely to make: an unknown pair, a pair with two results on a board or in both
directions at once, a board with no results, an impossible score, a score that
contradicts its contract and tricks, tricks outside 0-13, weights not adding to 100 %.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from ..errors import InputError
from ..model import Board, Outcome, PairRef, Play, Scored, ScoringMethod, Session, TravellerLine
from ..notation import ContractError, Vulnerability
from ..scoring.contract import POSSIBLE_SCORES, board_vulnerability, ns_score
from ..scoring.message import Param, msg, seat
from ..scoring.said import param_of, said, said_of
from .individual import line_players, seat_problems
from .labels import pair_label, versus
from .sitouts import sitout_problems


@dataclass(slots=True)
class Places:
    """Where each board and traveller line came from, keyed by object identity."""

    boards: dict[int, str] = field(default_factory=dict)
    lines: dict[int, str] = field(default_factory=dict)
    dropped: set[int] = field(default_factory=set)
    """Boards where the reader already reported a line it could not read."""
    unread: dict[int, list[tuple[PairRef | None, PairRef | None, str]]] = field(default_factory=dict)
    """Pairs of lines the reader could not read (a bad score, say), by board, so that an
    unknown or doubled pair on such a line is still reported in the same run."""
    pairs: dict[PairRef, str] = field(default_factory=dict)
    """Where each pair was listed, for problems with the pair itself (a missing handicap)."""

    def drop(self, board: int, ns: PairRef | None = None, ew: PairRef | None = None, where: str = "") -> None:
        """A line of ``board`` was reported and left out; its pairs, when known, still get checked."""
        self.dropped.add(board)
        if ns is not None or ew is not None:
            self.unread.setdefault(board, []).append((ns, ew, where))

    def board(self, board: Board) -> str:
        return self.boards.get(id(board), "")

    def line(self, line: TravellerLine) -> str:
        if id(line) in self.lines:
            return self.lines[id(line)]
        return f"line {line.source_line}" if line.source_line else ""


def line_pairs(line: TravellerLine) -> str | None:
    if line.seats is not None:
        return line_players(line)
    return versus(pair_label(line.ns_pair, "NS"), pair_label(line.ew_pair, "EW"))


def validate(file: str, session: Session, places: Places) -> list[InputError]:
    errors: list[InputError] = []
    known = KnownPairs({p.ref for p in session.pairs})
    for board in session.boards:
        errors += _board(file, session, board, known, places)
    return errors + _handicaps(file, session, places) + sitout_problems(file, session)


def _handicaps(file: str, session: Session, places: Places) -> list[InputError]:
    """A handicap event: a matchpoint session in which every pair has a handicap (0 for scratch)."""
    with_handicap = [p for p in session.pairs if p.handicap is not None]
    if not with_handicap:
        return []
    if session.method is not ScoringMethod.MATCHPOINTS:
        first = with_handicap[0]
        return [
            InputError(
                file,
                places.pairs.get(first.ref, ""),
                said(
                    msg(
                        "handicaps are added to a matchpoint percentage: a %(method)s session has none; "
                        "expected no handicap",
                        method=str(session.method),
                    )
                ),
                pair=pair_label(first.ref),
            )
        ]
    return [
        InputError(
            file,
            places.pairs.get(p.ref, ""),
            said(
                msg(
                    "%(pair)s has no handicap while other pairs have one: expected a handicap for "
                    "every pair (0 for a scratch pair)",
                    pair=param_of(pair_label(p.ref) or ""),
                )
            ),
            pair=pair_label(p.ref),
        )
        for p in session.pairs
        if p.handicap is None
    ]


class KnownPairs(set[PairRef]):
    """The session's pairs, with the lists that unknown-pair messages quote computed once per
    section and direction (a hostile file with thousands of unknown pairs stays quick)."""

    def __init__(self, refs: set[PairRef]):
        super().__init__(refs)
        self.listed: dict[tuple[str, object, bool], str] = {}
        self.ids = {id(ref) for ref in self}
        """The listed refs' identities: a reader that hands the lines these very objects
        (``usebio``) lets validation's quick pass compare identities, not dataclasses."""

    def numbers(self, section: str, direction: object, any_direction: bool) -> str:
        key = (section, None if any_direction else direction, any_direction)
        if key not in self.listed:
            numbers = [p.number for p in self if p.section == section and (any_direction or p.direction is direction)]
            self.listed[key] = _ranges(numbers) if numbers else "none"
        return self.listed[key]


def _board(file: str, session: Session, board: Board, known: KnownPairs, places: Places) -> list[InputError]:
    errors: list[InputError] = []
    n = board.number
    if not board.lines and n not in places.dropped:
        errors.append(
            InputError(
                file,
                places.board(board),
                said(msg("board %(board)s has no results: expected at least one traveller line", board=n)),
                n,
            )
        )
        return errors
    vulnerability = board.vulnerability or board_vulnerability(n)
    if session.individual:
        errors += seat_problems(file, board, known, places.line)
        for played in board.lines:
            sides = [played.ns] if played.ns is played.ew or played.ns == played.ew else [played.ns, played.ew]
            errors += [
                InputError(file, places.line(played), m, n, line_pairs(played))
                for outcome in sides
                for m in outcome_problems(outcome, vulnerability)
            ]
        return errors
    if n not in places.unread and _clean(board, known, vulnerability):
        return errors
    return errors + _line_problems(file, board, known, places, vulnerability)


def _line_problems(
    file: str, board: Board, known: KnownPairs, places: Places, vulnerability: Vulnerability
) -> list[InputError]:
    """Every problem of a (pairs) board's lines, in the order the lines stand in the file."""
    errors: list[InputError] = []
    n = board.number
    seen: dict[PairRef, tuple[str, str]] = {}
    checked: dict[int, list[str]] = {}
    seats: list[tuple[PairRef | None, PairRef | None, str, TravellerLine | None]] = [
        (line.ns_pair, line.ew_pair, places.line(line), line) for line in board.lines
    ]
    seats += [(ns, ew, where, None) for ns, ew, where in places.unread.get(n, ())]
    seats.sort(key=lambda seat: _file_order(seat[2]))
    for ns_pair, ew_pair, where, line in seats:
        if ns_pair is not None and ns_pair == ew_pair:
            errors.append(
                InputError(
                    file,
                    where,
                    said(
                        msg(
                            "%(pair)s is both NS and EW on this line: expected two different pairs",
                            pair=param_of(pair_label(ns_pair) or ""),
                        )
                    ),
                    n,
                    pair_label(ns_pair),
                )
            )
            continue
        for side, ref in (("NS", ns_pair), ("EW", ew_pair)):
            if ref is None:
                continue
            if known and ref not in known:
                errors.append(InputError(file, where, _unknown(ref, side, known), n, pair_label(ref, side)))
                continue
            entry = (side, where)
            first = seen.setdefault(ref, entry)  # one look-up: a big field has thousands
            if first is not entry:
                label = pair_label(ref, side)
                other_side, other_where = first
                if other_side != side:
                    message = said(
                        msg(
                            "pair %(pair)s sits %(first)s (%(where)s) and %(side)s on the same board: "
                            "expected a pair to play a board once, in one direction",
                            pair=ref.number,
                            first=seat(other_side),
                            where=_place(other_where),
                            side=seat(side),
                        )
                    )
                else:
                    message = said(
                        msg(
                            "%(pair)s has two results on this board (also %(where)s): expected one result per pair",
                            pair=param_of(label or ""),
                            where=_place(other_where),
                        )
                    )
                errors.append(InputError(file, where, message, n, label))
        if line is None:
            continue  # its own problem is reported already
        outcomes: list[Outcome] = [line.ns] if line.ns is line.ew or line.ns == line.ew else [line.ns, line.ew]
        for outcome in outcomes:
            problems = checked.get(id(outcome))  # a reader may share one outcome between equal lines
            if problems is None:
                problems = checked[id(outcome)] = outcome_problems(outcome, vulnerability)
            if problems:  # the pairs are named only when there is something to say (a big field has nothing)
                pairs = line_pairs(line)
                errors += [InputError(file, where, m, n, pairs) for m in problems]
    return errors


def _clean(board: Board, known: KnownPairs, vulnerability: Vulnerability) -> bool:
    """True when the board has nothing to report: every pair listed and once on the board,
    every outcome sound (False also when it cannot tell quickly).  Problems exist or not
    whatever order the lines are checked in, so this quick pass needs neither the lines'
    places nor their file order; a board it finds a problem on is checked again in file
    order, for the messages."""
    seen: set[int] = set()
    listed = known.ids
    sound: set[int] = set()  # outcomes already found sound (readers share one object per distinct result)
    for line in board.lines:
        for ref in (line.ns_pair, line.ew_pair):
            if ref is None:
                continue
            # A listed pair's own object: among those, the same pair is the same object, so
            # identity finds a pair twice (or on both sides).  Any other ref (unknown, or a
            # reader that makes its own) is checked by the full pass.
            if id(ref) not in listed or id(ref) in seen:
                return False
            seen.add(id(ref))
        for outcome in (line.ns, line.ew):
            if id(outcome) not in sound:
                if outcome_problems(outcome, vulnerability):
                    return False
                sound.add(id(outcome))
    return True


def _file_order(where: str) -> tuple[int, ...]:
    """'line 12' → (12,); 'EVENT/BOARD[3]/TRAVELLER_LINE[10]' → (3, 10): the order lines stand in the file."""
    if where.startswith("line ") and where[5:].isascii() and where[5:].isdigit():
        return (int(where[5:]),)  # the YAML and PBN readers' places, without the regular expression
    return tuple(int(n) for n in re.findall(r"[0-9]+", where))


def _unknown(ref: PairRef, side: str, known: KnownPairs) -> str:
    if ref.direction is not None:
        flipped = PairRef(ref.section, ref.number, ref.direction.other)
        if flipped in known and PairRef(ref.section, ref.number, ref.direction) not in known:
            return said(
                msg(
                    "pair %(pair)s is listed as %(listed)s but sits %(side)s here: expected an %(side)s pair number",
                    pair=ref.number,
                    listed=seat(str(ref.direction.other)),
                    side=seat(side),
                )
            )
    listed = known.numbers(ref.section, ref.direction, ref.direction is None)
    if listed == "none":
        listed_param: Param = msg("none")
    else:
        listed_param = listed
    if ref.section:
        return said(
            msg(
                "unknown %(side)s pair %(pair)s in section %(section)s: expected one of the pairs listed (%(listed)s)",
                side=seat(side),
                pair=ref.number,
                section=ref.section,
                listed=listed_param,
            )
        )
    return said(
        msg(
            "unknown %(side)s pair %(pair)s: expected one of the pairs listed (%(listed)s)",
            side=seat(side),
            pair=ref.number,
            listed=listed_param,
        )
    )


def _place(where: str) -> Param:
    """A place in the file as our messages write it: 'line 12' said, an element path as it is."""
    if where.startswith("line ") and where[5:].isascii() and where[5:].isdigit():
        return msg("line %(line)s", line=where[5:])
    return where


def _ranges(numbers: list[int]) -> str:
    out: list[str] = []
    nums = sorted(set(numbers))
    start = prev = nums[0]
    for x in nums[1:] + [None]:
        if x is not None and x == prev + 1:
            prev = x
            continue
        out.append(f"{start}-{prev}" if prev > start else str(start))
        if x is not None:
            start = prev = x
    return ", ".join(out)


def outcome_problems(outcome: Outcome, vulnerability: Vulnerability) -> list[str]:
    """Messages for one side's outcome: each component's play, and the weights' sum."""
    if not isinstance(outcome, Scored):
        return []
    problems: list[str] = []
    components = outcome.components
    total = components[0].weight if len(components) == 1 else sum((c.weight for c in components), Fraction(0))
    if total != 1:
        problems.append(said(msg("weights add up to %(percent)s: expected 100 %%", percent=_percent(total))))
    for component in outcome.components:
        problems += play_problems(component.play, vulnerability)
    return problems


def play_problems(play: Play, vulnerability: Vulnerability) -> list[str]:
    if play.tricks is not None and not 0 <= play.tricks <= 13:
        return [said(msg("tricks must be 0 to 13, got %(tricks)s", tricks=play.tricks))]
    if play.ns_score not in POSSIBLE_SCORES:
        return [
            said(
                msg(
                    "impossible score %(score)s: no contract scores that; expected a score such as 420 or -50",
                    score=play.ns_score,
                )
            )
        ]
    if (
        play.contract is not None
        and play.tricks is not None
        and (play.declarer is not None or play.contract.passed_out)
    ):
        try:
            expected = ns_score(play.contract, play.declarer, play.tricks, vulnerability)
        except ContractError as exc:
            return [said_of(exc)]
        if expected != play.ns_score:
            words: dict[str, Param] = {
                "score": play.ns_score,
                "contract": str(play.contract),
                "tricks": play.tricks,
                "vulnerable": _vulnerable(vulnerability),
                "expected": expected,
            }
            if play.declarer:
                return [
                    said(
                        msg(
                            "score %(score)s contradicts %(contract)s by %(declarer)s taking %(tricks)s tricks "
                            "(vulnerable: %(vulnerable)s): expected %(expected)s",
                            **words,
                            declarer=str(play.declarer),
                        )
                    )
                ]
            return [
                said(
                    msg(
                        "score %(score)s contradicts %(contract)s taking %(tricks)s tricks "
                        "(vulnerable: %(vulnerable)s): expected %(expected)s",
                        **words,
                    )
                )
            ]
    return []


def _vulnerable(vulnerability: Vulnerability) -> Param:
    """'None', 'NS', 'EW', 'Both' as a message says who is vulnerable."""
    if vulnerability is Vulnerability.NONE:
        return msg("None")
    if vulnerability is Vulnerability.BOTH:
        return msg("Both")
    return str(vulnerability)


def _percent(value: Fraction) -> str:
    p = value * 100
    return f"{p.numerator} %" if p.denominator == 1 else f"{float(p):.4g} %"


__all__ = ["KnownPairs", "Places", "line_pairs", "outcome_problems", "play_problems", "validate"]

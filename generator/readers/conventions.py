"""Conventions a reader works out from the file itself (how another program scored it)."""

from __future__ import annotations

from ..model import Direction, Play, Section
from ..notation import Contract, ContractError, Seat
from ..scoring.contract import POSSIBLE_SCORES
from ..scoring.message import Param, msg
from ..scoring.said import Said, param_of, said, said_of


def trusted_score(
    score: int, contract: Contract, declarer: Seat | None, tricks: int, expected: int, lead: str | None
) -> tuple[Play, str] | None:
    """A program's export whose recorded score contradicts its contract and tricks (a data-entry
    slip the club accepted): the recorded score is scored, as the club's program did, and the
    line carries a note saying so.  None when the score itself is impossible (still an error)."""
    if score not in POSSIBLE_SCORES:
        return None
    words: dict[str, Param] = {"contract": str(contract), "tricks": tricks, "expected": expected, "score": score}
    if declarer:
        note = msg(
            "the recorded score does not match %(contract)s by %(declarer)s taking %(tricks)s tricks (which scores "
            "%(expected)s); the club's program scored %(score)s, and so do we",
            **words,
            declarer=str(declarer),
        )
    else:
        note = msg(
            "the recorded score does not match %(contract)s taking %(tricks)s tricks (which scores %(expected)s); "
            "the club's program scored %(score)s, and so do we",
            **words,
        )
    return Play(score, lead=lead), said(note)


def noted_line(board: int, pairs: str | None, where: str, note: str) -> str:
    """'board 3, NS pair 1 v EW pair 2 (line 40): …': a line's note as ``check`` and the build list it."""
    place: Param = msg("line %(line)s", line=where[5:]) if where.startswith("line ") else where
    pair_text = param_of(pairs) if pairs is not None else "None"
    return said(
        msg(
            "board %(board)s, %(pairs)s (%(where)s): %(note)s",
            board=board,
            pairs=pair_text,
            where=place,
            note=param_of(note),
        )
    )


def unreadable_contract(text: str, score: int | None, lead: str | None) -> tuple[Play, str] | None:
    """An export's contract we cannot read beside a score that some contract makes: the score
    is kept and noted.  None when there is no such score (then the contract is an error)."""
    if score is None or score not in POSSIBLE_SCORES:
        return None
    return Play(score, lead=lead), f"the contract {text!r} cannot be read; the recorded score {score} is used"


def largest_field(sections: tuple[Section, ...]) -> int:
    """The most pairs ranked together in one section: one direction's pairs where a section
    has two winners (NS and EW fields), else all its pairs.  A printed place beyond this
    means the program ranked, and so compared results, across sections."""
    sizes = []
    for s in sections:
        if s.winners == 2:
            sizes += [sum(1 for p in s.pairs if p.ref.direction is d) for d in Direction]
        else:
            sizes.append(len(s.pairs))
    return max(sizes, default=0)


def contract_error(exc: ContractError, contract: str, declarer: str = "") -> str:
    """A contract, declarer or tricks not understood, said as a message: ``notation`` sits below
    the messages' layer and raises plain English, which is said again here as the message whose
    English it is (the contract's or the seat's); an error already a message is kept."""
    found = said_of(exc)
    if type(found) is Said:
        return found
    for message in (
        said(msg("expected a contract such as 4H, 3NTX or PASS, got %(found)s", found=repr(contract))),
        said(msg("expected a seat N, E, S or W, got %(text)s", text=repr(declarer))),
    ):
        if message == found:
            return message
    return found

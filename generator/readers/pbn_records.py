"""A PBN board's recorded auctions and play, each given to the traveller line it belongs to.

A game that carries an ``[Auction]`` or ``[Play]`` section records one table's bidding and
play; its own ``Contract``, ``Declarer`` and ``Result`` tags (or, without them, the contract
the auction reached) say which result it was, and ``PairNS``, ``PairEW`` and ``Table`` which
pairs, where the file gives them.  A record that agrees with exactly one traveller line of
the board goes on that line; one that agrees with none, or with several, stays the board's
(``Board.recorded``) — shown as the board's recorded auction, never put on a line by guess.
Games of the same board without a score table (a file that writes the board once per table)
are read the same way.  A section that cannot be right is left out with a note
(``Board.record_notes``, and the printed figures' notes for ``check``): the results stand.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ..model import Auction, Board, CardPlay, Contract, RecordedTable, Scored, Seat, TravellerLine
from ..notation import ContractError
from ..scoring.contract import board_dealer
from ..scoring.message import msg
from ..scoring.said import param_of, said, said_of
from . import values
from .pbn_auction import final_contract, notes, parse_auction, parse_play
from .pbn_tokens import Game


@dataclass(slots=True)
class _Record:
    """What one game says about its table."""

    contract: Contract | None
    declarer: Seat | None
    tricks: int | None
    pairs: tuple[int | None, int | None]
    table: int | None


def with_records(board: Board, games: list[Game], noted: list[str]) -> Board:
    """``board`` with the auctions and play of ``games`` (those of its number that carry
    either) on their lines or kept as the board's; each note is added to ``noted`` too."""
    lines = list(board.lines)
    taken: set[int] = set()
    recorded: list[RecordedTable] = []
    dropped: list[str] = []
    for game in games:
        auction, play, problems, record = _read(game, board)
        at = [i for i, line in enumerate(lines) if i not in taken and _agrees(line, record)]
        if problems:
            who = _who(record, lines[at[0]] if len(at) == 1 else None, game)
            dropped += [said(msg("%(who)s: %(problem)s", who=param_of(who), problem=param_of(p))) for p in problems]
        if auction is None and play is None:
            continue
        if len(at) == 1:
            lines[at[0]] = replace(lines[at[0]], auction=auction, card_play=play)
            taken.add(at[0])
        else:
            recorded.append(
                RecordedTable(auction, play, record.contract, record.declarer, record.tricks, _why(record, len(at)))
            )
    noted += [f"board {board.number}, {d}" for d in dropped]
    return replace(board, lines=tuple(lines), recorded=tuple(recorded), record_notes=tuple(dropped))


def _read(game: Game, board: Board) -> tuple[Auction | None, CardPlay | None, list[str], _Record]:
    """The game's auction (or None), its play where the game alone gives the contract, the
    problems found, and what it says about its table."""
    problems: list[str] = []
    auction = None
    section = game.sections.get("Auction")
    if section is not None:
        dealer = _seat(game.tag("Dealer")) or board.dealer or board_dealer(board.number)
        try:
            auction = replace(
                parse_auction((t for _, t in section.lines), section.value, dealer), notes=notes(section.notes)
            )
        except ValueError as exc:
            problems.append(
                said(
                    msg(
                        "the auction (line %(line)s) is left out: %(why)s",
                        line=section.line,
                        why=param_of(said_of(exc)),
                    )
                )
            )
    contract = _contract(game.tag("Contract"))
    declarer = _seat(game.tag("Declarer").lstrip("^"))
    if contract is None and auction is not None:
        reached = final_contract(auction)
        if reached is not None:
            contract, declarer = reached
    record = _Record(
        contract,
        declarer,
        _tricks(game.tag("Result"), declarer),
        (values.optional_whole(game.tag("PairNS")), values.optional_whole(game.tag("PairEW"))),
        values.optional_whole(game.tag("Table")),
    )
    play = None
    if "Play" in game.sections:
        play, more = _play(game, board, contract, declarer)
        problems += more
    return auction, play, problems, record


def _play(
    game: Game, board: Board, contract: Contract | None, declarer: Seat | None
) -> tuple[CardPlay | None, list[str]]:
    section = game.sections["Play"]
    try:
        play = parse_play((t for _, t in section.lines), section.value, contract, declarer, board.deal)
    except ValueError as exc:
        return None, [
            said(msg("the play (line %(line)s) is left out: %(why)s", line=section.line, why=param_of(said_of(exc))))
        ]
    return replace(play, notes=notes(section.notes)), []


def _agrees(line: TravellerLine, record: _Record) -> bool:
    """The line is the result the record names (contract, declarer, tricks; pairs and table
    where the game gives them)."""
    if record.contract is None or not isinstance(line.ns, Scored) or line.ns != line.ew:
        return False
    played = line.ns.single
    if played is None or played.contract != record.contract:
        return False
    if not record.contract.passed_out:
        if record.declarer is not None and played.declarer is not record.declarer:
            return False
        if record.tricks is not None and played.tricks != record.tricks:
            return False
    ns, ew = record.pairs
    if ns is not None and (line.ns_pair is None or line.ns_pair.number != ns):
        return False
    if ew is not None and (line.ew_pair is None or line.ew_pair.number != ew):
        return False
    return record.table is None or line.table is None or line.table == record.table


def _who(record: _Record, line: TravellerLine | None, game: Game) -> str:
    """The table a note is about: its number, else its pairs, else where the game starts."""
    table = record.table if record.table is not None else (line.table if line is not None else None)
    if table is not None:
        return said(msg("table %(table)s", table=table))
    if line is not None and line.ns_pair is not None and line.ew_pair is not None:
        return said(msg("NS %(ns)s v EW %(ew)s", ns=line.ns_pair.number, ew=line.ew_pair.number))
    return said(msg("the table recorded at line %(line)s", line=game.line))


def _why(record: _Record, matches: int) -> str:
    if record.contract is None:
        return "the file does not say which result it belongs to"
    played = _played(record)
    if matches:
        return f"{matches} results on the traveller are {played}"
    return f"no result on the traveller is {played}"


def _played(record: _Record) -> str:
    contract = record.contract
    assert contract is not None
    if contract.passed_out:
        return "passed out"
    by = f" by {record.declarer}" if record.declarer else ""
    tricks = f", {record.tricks} tricks" if record.tricks is not None else ""
    return f"{contract}{by}{tricks}"


def _contract(text: str) -> Contract | None:
    if not text.strip() or text.strip() == "?":
        return None
    try:
        return Contract.parse(text)
    except ContractError:
        return None


def _seat(text: str) -> Seat | None:
    try:
        return Seat(text.strip().upper()) if text.strip() else None
    except ValueError:
        return None


_SIDE_TRICKS = re.compile(r"(NS|EW)\s*(\d{1,2})")


def _tricks(text: str, declarer: Seat | None) -> int | None:
    """A ``Result`` tag (PBN 3.4.15): '10' (declarer's), 'NS 10', 'EW 3 NS 10'; '^' marks a
    result the players agreed that differs from the cards (the agreed one stands)."""
    text = text.strip().lstrip("^").strip().upper()
    if text.isdigit():
        return int(text) if int(text) <= 13 else None
    if declarer is None:
        return None
    for side, count in _SIDE_TRICKS.findall(text):
        if (side == "NS") == declarer.is_ns and int(count) <= 13:
            return int(count)
        if (side == "NS") != declarer.is_ns and int(count) <= 13:
            return 13 - int(count)
    return None

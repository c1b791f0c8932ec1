"""A PBN file read as a stream of lines: tags and the rows of the score tables, one pass.

The bytes are decoded a chunk at a time (UTF-8 when the whole file is UTF-8, else
ISO-8859-1, the programs' default) and split into lines as ``str.splitlines`` splits them,
so line numbers are the same as reading the whole text.  Of each game only what the reader
uses is kept: the tags it reads and the rows of ``ScoreTable`` and ``TotalScoreTable``; the
other tables (auction, play, optimum results ...) have their rows' cells counted against
their header and dropped.  Errors name the line.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..errors import InputError
from . import values

CHUNK = 1 << 16
"""Bytes decoded at a time."""

_TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]\s*$')
_CELL = re.compile(r'"[^"]*"|\S+')
TABLES = frozenset(
    {
        "ScoreTable",
        "TotalScoreTable",
        "OptimumResultTable",
        "Auction",
        "Play",
        "ActionTable",
        "AuctionTimeTable",
        "InstantScoreTable",
        "OptimumPlayTable",
        "PlayTimeTable",
    }
)
"""Tags followed by rows of cells (their value names the columns)."""
READ_TABLES = frozenset({"ScoreTable", "TotalScoreTable"})
"""The tables whose rows the reader uses; the others' rows are only counted."""
READ_TAGS = frozenset({"Event", "Board", "Scoring", "EventDate", "Date", "Vulnerable", "Dealer", "Deal"}) | TABLES
"""The tags kept (a table's tag too: a later ``#`` may repeat its header)."""


@dataclass(slots=True)
class Table:
    columns: list[str]
    rows: list[tuple[int, dict[str, str]]]
    """(line number, cells by column) — empty for a table whose rows are not read."""
    line: int


@dataclass(slots=True)
class Game:
    line: int
    tags: dict[str, tuple[str, int]] = field(default_factory=dict)
    """The value and line of each tag the reader uses."""
    tables: dict[str, Table] = field(default_factory=dict)

    def tag(self, name: str) -> str:
        return self.tags.get(name, ("", 0))[0]


def games(file: str, data: bytes, errors: list[InputError]) -> list[Game]:
    """The games of a PBN file, in file order; problems with its lines are added to ``errors``."""
    try:
        found, problems = _games(file, _lines(data, "utf-8-sig"))
    except UnicodeDecodeError:
        found, problems = _games(file, _lines(data, "iso-8859-1"))  # decodes any byte
    errors += problems
    return found


def _lines(data: bytes, encoding: str) -> Iterator[str]:
    """The file's lines, decoded a chunk at a time, each stripped of surrounding whitespace.

    The last piece of a chunk is held back and put before the next one: it may be a line
    cut in two, or a ``\\r`` whose ``\\n`` starts the next chunk."""
    decoder = codecs.getincrementaldecoder(encoding)()
    held = ""
    for start in range(0, len(data), CHUNK):
        final = start + CHUNK >= len(data)
        pieces = (held + decoder.decode(data[start : start + CHUNK], final)).splitlines(True)
        held = pieces.pop() if pieces and not final else ""
        for piece in pieces:
            yield piece.strip()


def _games(file: str, lines: Iterator[str]) -> tuple[list[Game], list[InputError]]:
    found: list[Game] = []
    errors: list[InputError] = []
    game: Game | None = None
    table: Table | None = None
    rows: list[tuple[int, dict[str, str]]] | None = None
    """The current table's rows when the reader uses them, else None (the cells are only counted)."""
    previous: dict[str, str] = {}
    tag = _TAG.match
    cells_of = _CELL.findall
    for number, line in enumerate(lines, 1):
        if not line:
            if game is not None:
                previous.update({k: v for k, (v, _) in game.tags.items()})
            game, table = None, None
            continue
        first = line[0]
        if first == "%" or first == ";":
            continue
        if first == "[":
            m = tag(line)
            if m is None:
                errors.append(
                    InputError(file, f"line {number}", f'expected a tag such as [Board "1"], got {line[:40]!r}')
                )
                continue
            name, value = m.group(1), m.group(2)
            if game is None:
                game = Game(number)
                found.append(game)
            if name not in READ_TAGS:
                table = None
                continue
            if value == "#":
                value = previous.get(name, "")
            game.tags[name] = (value, number)
            table = None
            if name in TABLES:
                columns = [c.split("\\")[0].strip() for c in value.split(";") if c.strip()]
                table = Table(columns, [], number)
                rows = table.rows if name in READ_TABLES else None
                game.tables[name] = table
            continue
        if table is None or game is None:
            continue  # free text (commentary, auction, play) outside a table we read
        cells = [c[1:-1] if c.startswith('"') else c for c in cells_of(line)] if '"' in line else line.split()
        if len(cells) != len(table.columns):
            errors.append(
                InputError(
                    file,
                    f"line {number}",
                    f"expected {len(table.columns)} cells as the table header "
                    f"on line {table.line} names, got {len(cells)}",
                    _board_no(game),
                )
            )
            continue
        if rows is not None:
            rows.append((number, dict(zip(table.columns, cells))))
    return found, errors


def _board_no(game: Game) -> int | None:
    try:
        return values.board_number(game.tag("Board"))
    except ValueError:
        return None

"""A PBN file read as a stream of lines: tags and the rows of the score tables, one pass.

The bytes are decoded a chunk at a time (UTF-8 when the whole file is UTF-8, else
ISO-8859-1, the programs' default) and split into lines as ``str.splitlines`` splits them,
so line numbers are the same as reading the whole text.  Of each game only what the reader
uses is kept: the tags it reads, the rows of ``ScoreTable`` and ``TotalScoreTable``, and the
lines of the ``Auction`` and ``Play`` sections with the ``Note`` tags that follow each; the
other tables (optimum results ...) have their rows' cells counted against their header and
dropped, and the data of any other tag (a section the reader does not know) is skipped.
Comments (PBN 3.8) are left out: a ``;`` line, the rest of a line after a tag, and ``{...}``
wherever it stands, over as many lines as it takes (an empty line inside one does not end
the game).  Errors name the line.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..errors import InputError
from ..scoring.message import msg
from ..scoring.said import said
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
SECTIONS = frozenset({"Auction", "Play"})
"""Tags followed by calls or cards (PBN 3.5, 3.6), not by a table's rows: their lines are kept."""
READ_TAGS = (
    frozenset(
        {
            "Event",
            "Board",
            "Scoring",
            "EventDate",
            "Date",
            "Vulnerable",
            "Dealer",
            "Deal",
            "Contract",
            "Declarer",
            "Result",
            "PairNS",
            "PairEW",
            "Table",
        }
    )
    | TABLES
    | SECTIONS
)
"""The tags kept (a table's tag too: a later ``#`` may repeat its header)."""
_TAG_COMMENTED = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*(?:[;{].*)?$')
"""A tag followed by a comment on its line (tried when ``_TAG`` does not match)."""


@dataclass(slots=True)
class Table:
    columns: list[str]
    rows: list[tuple[int, dict[str, str]]]
    """(line number, cells by column) — empty for a table whose rows are not read."""
    line: int


@dataclass(slots=True)
class Section:
    """An ``Auction`` or ``Play`` section: its tag's value and line, its lines of calls or
    cards (line number, text without comments) and the values of the ``Note`` tags after it."""

    value: str
    line: int
    lines: list[tuple[int, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Game:
    line: int
    tags: dict[str, tuple[str, int]] = field(default_factory=dict)
    """The value and line of each tag the reader uses."""
    tables: dict[str, Table] = field(default_factory=dict)
    sections: dict[str, Section] = field(default_factory=dict)

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
    section: Section | None = None
    """The Auction or Play section whose lines come next."""
    noted: Section | None = None
    """The section the next ``Note`` tags explain (the notes follow its calls or cards)."""
    in_comment = False
    opened = 0
    """The line of the ``{`` that opened the comment still open."""
    previous: dict[str, str] = {}
    tag = _TAG.match
    cells_of = _CELL.findall
    for number, line in enumerate(lines, 1):
        if in_comment or "{" in line:
            line, in_comment, opening = _uncommented(line, in_comment)
            if opening:
                opened = number
            if not line:
                continue  # all comment: an empty line inside one does not end the game
        if not line:
            if game is not None:
                previous.update({k: v for k, (v, _) in game.tags.items()})
            game, table, section, noted = None, None, None, None
            continue
        first = line[0]
        if first == "%" or first == ";":
            continue
        if first == "[":
            m = tag(line) or _TAG_COMMENTED.match(line)
            if m is None:
                errors.append(
                    InputError(
                        file,
                        f"line {number}",
                        said(msg('expected a tag such as [Board "1"], got %(line)s', line=repr(line[:40]))),
                    )
                )
                continue
            name, value = m.group(1), m.group(2)
            if "\\" in value and name not in TABLES:  # a table's columns keep their '\2R'
                value = _unescaped(value)
            if game is None:
                game = Game(number)
                found.append(game)
            table = section = None
            if name == "Note":
                if noted is not None:
                    noted.notes.append(value)
                continue
            noted = None
            if name not in READ_TAGS:
                continue  # an unknown tag: its section's data, if any, is skipped
            if value == "#":
                value = previous.get(name, "")
            game.tags[name] = (value, number)
            if name in SECTIONS:
                section = noted = game.sections[name] = Section(value, number)
            elif name in TABLES:
                columns = [c.split("\\")[0].strip() for c in value.split(";") if c.strip()]
                table = Table(columns, [], number)
                rows = table.rows if name in READ_TABLES else None
                game.tables[name] = table
            continue
        if section is not None:
            section.lines.append((number, line))
            continue
        if table is None or game is None:
            continue  # free text outside a table or section we read
        cells = [c[1:-1] if c.startswith('"') else c for c in cells_of(line)] if '"' in line else line.split()
        if len(cells) != len(table.columns):
            errors.append(
                InputError(
                    file,
                    f"line {number}",
                    said(
                        msg(
                            "expected %(columns)s cells as the table header on line %(line)s names, got %(cells)s",
                            columns=len(table.columns),
                            line=table.line,
                            cells=len(cells),
                        )
                    ),
                    _board_no(game),
                )
            )
            continue
        if rows is not None:
            rows.append((number, dict(zip(table.columns, cells))))
    if in_comment:  # all that follows would be left out, results too: said, never silent
        errors.append(
            InputError(
                file, f"line {opened}", said(msg("a comment opened with { is never closed: expected } to end it"))
            )
        )
    return found, errors


_ESCAPED = re.compile(r'\\([\\"])')


def _unescaped(value: str) -> str:
    """A tag's string as it was meant: PBN 2.1 writes a quote inside a string as ``\\"`` and
    a backslash as ``\\\\`` (``[Event "The \\"Cup\\""]`` is the event The "Cup")."""
    return _ESCAPED.sub(r"\1", value)


def _uncommented(line: str, in_comment: bool) -> tuple[str, bool, bool]:
    """The line without its ``{...}`` comments (a brace inside a quoted string is text),
    whether a comment is still open at its end, and whether this line opened it."""
    out: list[str] = []
    i, n, quoted, opening = 0, len(line), False, False
    while i < n:
        if in_comment:
            end = line.find("}", i)
            if end < 0:
                break
            in_comment, opening, i = False, False, end + 1
            continue
        c = line[i]
        if quoted and c == "\\":
            out.append(line[i : i + 2])
            i += 2
            continue
        if c == '"':
            quoted = not quoted
        elif c == "{" and not quoted:
            in_comment = opening = True
            i += 1
            continue
        out.append(c)
        i += 1
    return "".join(out).strip(), in_comment, opening


def _board_no(game: Game) -> int | None:
    try:
        return values.board_number(game.tag("Board"))
    except ValueError:
        return None

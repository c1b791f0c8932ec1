"""The PBN reader's stream of lines and its per-line shortcuts, against their definitions.

- the lines: decoded a chunk at a time, they are the lines of the whole decoded text
  (``str.splitlines``) for any bytes and any chunk size — a chunk may end inside a line,
  inside a UTF-8 character or between ``\\r`` and ``\\n``;
- the games: the same tags, table headers, rows, auction and play sections and errors as
  the reader before it streamed (kept below as the definition: whole text decoded, split,
  comments taken out, every line matched by regex);
- the results: a result read once and reused for the same cells gives the same session,
  errors and notes as reading every line afresh.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.errors import InputError
from generator.readers import pbn, pbn_tokens, values

_TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]\s*$')
_TAG_COMMENTED = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*;.*$')
_CELL = re.compile(r'"[^"]*"|\S+')


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("iso-8859-1")


def _without_comments(text: str) -> list[tuple[str, bool]]:
    """Each line without its ``{...}`` comments (PBN 3.8: a brace in a quoted string is text,
    a comment may span lines), and whether any of the line was comment."""
    out = []
    in_comment = False
    for raw in text.splitlines():
        kept, quoted, had, i = "", False, in_comment, 0
        while i < len(raw):
            c = raw[i]
            if in_comment:
                in_comment = c != "}"
            elif quoted and c == "\\":
                kept += raw[i : i + 2]
                i += 1
            elif c == "{" and not quoted:
                in_comment = had = True
                opened = len(out) + 1
            else:
                quoted ^= c == '"'
                kept += c
            i += 1
        out.append((kept.strip(), had))
    if in_comment:
        out.append(("", opened))  # (a mark past the last line: the comment still open, and where it opened)
    return out


def _reference_games(file: str, data: bytes) -> tuple[list[tuple], list[InputError]]:
    """The reader's games as it found them before it streamed (its code, reduced to what is
    compared): (line, tags, tables, sections) per game, tags and rows only those the reader uses."""
    errors: list[InputError] = []
    games: list[dict] = []
    game: dict | None = None
    table: dict | None = None
    section: dict | None = None
    noted: dict | None = None
    previous: dict[str, str] = {}
    lines = _without_comments(_decode(data))
    unclosed = lines.pop()[1] if lines and type(lines[-1][1]) is int else None
    for number, (line, had_comment) in enumerate(lines, 1):
        if line.startswith("%") or line.startswith(";"):
            continue
        if not line and had_comment:
            continue
        if not line:
            if game is not None:
                previous.update({k: v for k, (v, _) in game["tags"].items()})
            game, table, section, noted = None, None, None, None
            continue
        m = _TAG.match(line) or _TAG_COMMENTED.match(line)
        if m:
            name, value = m.group(1), m.group(2)
            if game is None:
                game = {"line": number, "tags": {}, "tables": {}, "sections": {}}
                games.append(game)
            table = section = None
            if name == "Note":
                if noted is not None:
                    noted["notes"].append(value)
                continue
            noted = None
            if value == "#":
                value = previous.get(name, "")
            game["tags"][name] = (value, number)
            if name in ("Auction", "Play"):
                section = noted = game["sections"][name] = {"value": value, "line": number, "lines": [], "notes": []}
            elif name in pbn_tokens.TABLES:
                columns = [c.split("\\")[0].strip() for c in value.split(";") if c.strip()]
                table = {"columns": columns, "rows": [], "line": number}
                game["tables"][name] = table
            continue
        if line.startswith("["):
            errors.append(InputError(file, f"line {number}", f'expected a tag such as [Board "1"], got {line[:40]!r}'))
            continue
        if section is not None:
            section["lines"].append((number, line))
            continue
        if table is None or game is None:
            continue
        cells = [c[1:-1] if c.startswith('"') else c for c in _CELL.findall(line)]
        if len(cells) != len(table["columns"]):
            try:
                board: int | None = values.board_number(game["tags"].get("Board", ("", 0))[0])
            except ValueError:
                board = None
            errors.append(
                InputError(
                    file,
                    f"line {number}",
                    f"expected {len(table['columns'])} cells as the table header "
                    f"on line {table['line']} names, got {len(cells)}",
                    board,
                )
            )
            continue
        table["rows"].append((number, dict(zip(table["columns"], cells))))
    shown = [
        (
            g["line"],
            {k: v for k, v in g["tags"].items() if k in pbn_tokens.READ_TAGS},
            {
                name: (t["columns"], t["rows"] if name in pbn_tokens.READ_TABLES else [], t["line"])
                for name, t in g["tables"].items()
            },
            {name: (t["value"], t["line"], t["lines"], t["notes"]) for name, t in g["sections"].items()},
        )
        for g in games
    ]
    if unclosed is not None:
        errors.append(
            InputError(file, f"line {unclosed}", "a comment opened with { is never closed: expected } to end it")
        )
    return shown, errors


def _streamed(file: str, data: bytes) -> tuple[list[tuple], list[InputError]]:
    errors: list[InputError] = []
    games = pbn_tokens.games(file, data, errors)
    return [
        (
            g.line,
            g.tags,
            {n: (t.columns, t.rows, t.line) for n, t in g.tables.items()},
            {n: (t.value, t.line, t.lines, t.notes) for n, t in g.sections.items()},
        )
        for g in games
    ], errors


_PIECES = st.sampled_from(
    [
        "\n",
        "\r\n",
        "\r",
        "\x85",
        "\u2028",
        "\x0c",
        "\x1c",
        " ",
        "\t",
        '"',
        "[",
        "]",
        "%",
        ";",
        "#",
        "\\",
        "é",
        "Ö-V",
        "€",
        "-",
        "A+",
        "420",
        "4S",
        "N",
        "1",
        "12",
        "Bye",
        '[Event "Club (invented)"]\n',
        '[Board "1"]\n',
        '[Board "#"]\n',
        '[Board "x"]\n',
        '[Scoring "MatchPoints"]\n',
        '[Auction "N"]\n',
        '[Note "1:free text"]\n',
        '[Play "W"]\n',
        '[Auction "E"]\n1D =1= Pass ; rest of line\n[Note "1:an alert"]\n[Note "2:x"]\n',
        '[Contract "4S"] ; a comment\n',
        '[Unknown "x"]\n',
        "1D 1S 3H =1= 4S\n",
        "SK =1= H3 S4 -\n",
        "*\n",
        "{",
        "}",
        "{ a comment }",
        "} {",
        '"{"',
        '\\"',
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R"]\n',
        '[ScoreTable "#"]\n',
        '[TotalScoreTable "PairId\\2R;Direction\\3R;Names\\20L"]\n',
        '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\n',
        " 1  2 4S   N 10    420      -\n",
        ' 3  4 -    - -   "A+"   "A-"\n',
        '1 NS "Ann Archer - Bill Baker"\n',
        'N NT 9 "x\n',
        "\n\n",
    ]
)
_TEXTS = st.lists(_PIECES, max_size=60).map("".join)
_ENCODINGS = st.sampled_from(["utf-8", "utf-8-sig", "iso-8859-1", "cp1252"])


@st.composite
def _files(draw: st.DrawFn) -> bytes:
    text = draw(_TEXTS)
    data = text.encode(draw(_ENCODINGS), errors="replace")
    if draw(st.booleans()):  # a stray byte: not UTF-8 any more
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.sampled_from([b"\xff", b"\xc3", b"\xe2\x82", b"\x00"])) + data[at:]
    return data


@settings(max_examples=400, deadline=None)
@given(data=_files(), chunk=st.sampled_from([1, 2, 3, 5, 8, 64, pbn_tokens.CHUNK]))
def test_lines_are_the_whole_texts_lines_for_any_chunk_size(data: bytes, chunk: int) -> None:
    with _chunks_of(chunk):
        try:
            streamed = list(pbn_tokens._lines(data, "utf-8-sig"))
            whole = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            streamed = list(pbn_tokens._lines(data, "iso-8859-1"))
            whole = data.decode("iso-8859-1")
    assert streamed == [line.strip() for line in whole.splitlines()]


@settings(max_examples=400, deadline=None)
@given(data=_files(), chunk=st.sampled_from([3, 16, pbn_tokens.CHUNK]))
def test_games_are_those_the_reader_found_reading_the_whole_text(data: bytes, chunk: int) -> None:
    with _chunks_of(chunk):
        assert _streamed("f.pbn", data) == _reference_games("f.pbn", data)


@contextmanager
def _chunks_of(size: int) -> Iterator[None]:
    """The file decoded ``size`` bytes at a time (small: chunks end inside lines and characters)."""
    kept = pbn_tokens.CHUNK
    pbn_tokens.CHUNK = size
    try:
        yield
    finally:
        pbn_tokens.CHUNK = kept


def test_a_file_not_utf8_after_the_first_chunk_is_read_as_latin1_from_the_start() -> None:
    data = '[Event "Caf\u00e9 club"]\n[Board "1"]\n'.encode() + b'[Site "K\xf6ln"]\n'
    with _chunks_of(8):
        games, errors = _streamed("f.pbn", data)
    assert errors == []
    assert games[0][1]["Event"] == ("Caf\u00c3\u00a9 club", 1)  # the UTF-8 é read as two Latin-1 characters


# --- a result read once, reused for the same cells ---------------------------------------

_RESULTS = [
    "4S   N 10    420      -",
    "4S   N 10    420      -",
    "4S   N  9      -     50",
    "3NT  S  9    400      -",
    "3NT  S  9    600      -",  # right when vulnerable, else a contradiction
    "4SX  E 10      -    590",
    "4SX  E 10      -    790",
    "Pass -  -      0      -",
    "-    -  -     A+     A-",
    "-    -  -     A+      -",  # an artificial for one side only: an error
    "4S   N 14    420      -",  # impossible tricks
    "4Q   N 10    420      -",  # unreadable contract
    "4S   N 10   42x0      -",  # not a score
    "4S   N 10    450      -",  # a score the contract cannot make
]


@st.composite
def _fields(draw: st.DrawFn) -> bytes:
    boards = draw(st.integers(1, 4))
    parts = [
        '[Event "Memo (invented)"]\n[Board "1"]\n[Scoring "MatchPoints"]\n'
        '[TotalScoreTable "PairId\\2R;Direction\\2R;Names\\20L"]\n'
    ]
    for t in range(1, 5):
        parts.append(f'{t} NS "Ann A{t} - Bob B{t}"\n{t} EW "Cy C{t} - Di D{t}"\n')
    for board in range(1, boards + 1):
        if board > 1:
            parts.append(f'[Event "Memo (invented)"]\n[Board "{board}"]\n')
        if draw(st.booleans()):
            parts.append(f'[Vulnerable "{draw(st.sampled_from(["None", "NS", "EW", "All"]))}"]\n')
        parts.append(
            '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R"]\n'
        )
        for t in range(1, draw(st.integers(1, 4)) + 1):
            ew = draw(st.sampled_from(["1", "2", "3", "4", "0", "x", "-"]))
            parts.append(f"{t} {ew} {draw(st.sampled_from(_RESULTS))}\n")
        parts.append("\n")
    return "".join(parts).encode()


class _Forgetful(dict):
    """A memo that keeps nothing: every line read afresh (the definition)."""

    def __setitem__(self, key: object, value: object) -> None:
        pass


def _read(data: bytes) -> tuple[list, list[InputError]]:
    sessions, errors = pbn.read_pbn("memo.pbn", data)
    return [(s, s.printed) for s in sessions], errors


@settings(max_examples=200, deadline=None)
@given(data=_fields())
def test_results_reused_for_the_same_cells_read_as_each_line_afresh(data: bytes) -> None:
    remembered = _read(data)
    original = pbn._Session.__init__

    def forgetful(self, *args, **kwargs):
        original(self, *args, **kwargs)
        self.outcomes = _Forgetful()
        self.pair_refs = _Forgetful()
        self.table_numbers = _Forgetful()

    pbn._Session.__init__ = forgetful  # type: ignore[method-assign]
    try:
        afresh = _read(data)
    finally:
        pbn._Session.__init__ = original  # type: ignore[method-assign]
    assert remembered == afresh


# --- the benchmark's PBN field ------------------------------------------------------------


def test_the_benchmark_pbn_field_scores_as_the_usebio_file_of_the_same_results(tmp_path, capsys) -> None:
    """``write_pbn`` writes the barometer ``write_usebio`` writes (a side's score in its own
    column, ``A+``/``A-`` for the 60/40 artificial, the pairs' names): the same rankings."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from benchmarks.field_files import field_results, write_pbn, write_usebio
    from generator.cli import main

    results = field_results(30)  # 30 tables: an artificial line, a passed-out board, both signs
    assert any("artificial" in r for board in results for r in board)
    write_pbn(tmp_path / "field.pbn", results, 30)
    write_usebio(tmp_path / "field.xml", 30, results)
    printed = []
    for name in ("field.pbn", "field.xml"):
        assert main(["score", str(tmp_path / name)]) == 0
        printed.append(capsys.readouterr().out.splitlines()[1:])  # the title line names the club in USEBIO
    assert printed[0] == printed[1]
    assert any("Ada Ashdown 0 & Basil Ashdown 1" in line for line in printed[0])
    write_pbn(tmp_path / "deals.pbn", results, 30, deals=True)
    (session,), errors = pbn.read_pbn("deals.pbn", (tmp_path / "deals.pbn").read_bytes())
    assert errors == []
    assert all(board.deal is not None for board in session.boards) and len(session.boards) == 24

"""PBN 2.x files with score tables (as Ruter and Magic Contest write them) → sessions.

A PBN file is a list of games (one per board), each a block of ``[Tag "value"]`` lines;
``ScoreTable`` and ``TotalScoreTable`` are followed by rows of whitespace-separated
cells whose columns the tag value names (``PairId_NS\\2R;...``).  Text is UTF-8 when it
decodes as such, otherwise ISO-8859-1 (the programs' default).  Games are grouped into
sessions by their ``Event`` tag.  ``Bye`` rows (a pair without opponents) are not
results and are skipped; ``A+``/``A=``/``A-`` cells are artificial scores per side.
Individual events (Magic Contest, Ruter): the ``ScoreTable`` names four players per line
(``PlayerId_North``, ``PlayerId_East``, ``PlayerId_South``, ``PlayerId_West``) and the
``TotalScoreTable`` ranks players (``PlayerId`` with ``Name`` or ``Names``).
Errors name the line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from ..cycles import paused_gc
from ..errors import InputError
from ..model import (
    Board,
    Deal,
    Direction,
    Match,
    Outcome,
    Pair,
    PairRef,
    Play,
    Player,
    Scored,
    ScoringMethod,
    Seats,
    Section,
    Session,
    SitOut,
    Team,
    TravellerLine,
)
from ..notation import Contract, ContractError, Seat, Vulnerability
from ..scoring.contract import board_vulnerability, ns_score, parse_tricks
from ..scoring.message import Param, join, msg
from ..scoring.said import param_of, said, said_of
from . import pbn_tokens, values
from .conventions import contract_error, largest_field, noted_line, trusted_score, unreadable_contract
from .hand_records import HandRecords
from .hand_records import dealer as hand_dealer
from .individual import player_label, seats_of
from .labels import pair_label
from .pbn_records import with_records
from .pbn_tokens import Game as _Game
from .pbn_tokens import Table as _Table
from .printed import KEY, Figure, PrintedBoard, PrintedFigures, PrintedLine, PrintedMatch, PrintedPair
from .registry import Check, Reading, checked
from .sitouts import is_no_opponent, listed_only, score_problem
from .validate import Places

_SEAT_COLUMNS = {"N": "PlayerId_North", "S": "PlayerId_South", "E": "PlayerId_East", "W": "PlayerId_West"}

_VULNERABLE = {
    "NONE": Vulnerability.NONE,
    "LOVE": Vulnerability.NONE,
    "-": Vulnerability.NONE,
    "NS": Vulnerability.NS,
    "EW": Vulnerability.EW,
    "ALL": Vulnerability.BOTH,
    "BOTH": Vulnerability.BOTH,
}


def read_pbn(file: str, data: bytes) -> tuple[list[Session], list[InputError]]:
    """The sessions and every problem, checked as ``read_sessions`` checks them."""
    return checked(file, reading(file, data))


def reading(file: str, data: bytes) -> Reading:
    """The PBN reader of the registry: the sessions read, not yet checked."""
    with paused_gc():  # a big field makes hundreds of thousands of objects, none in a cycle
        return _read(file, data)


def _read(file: str, data: bytes) -> Reading:
    errors: list[InputError] = []
    checks: list[Check] = []
    games = pbn_tokens.games(file, data, errors)
    if not games and not errors:
        errors.append(
            InputError(file, "line 1", said(msg('expected PBN games ([Board "1"] ... with a ScoreTable), found none')))
        )
    groups: dict[str, list[_Game]] = {}
    for game in games:
        groups.setdefault(game.tag("Event"), []).append(game)
    sessions = []
    for event, group in groups.items():
        session = _Session(file, errors, checks).build(event, group)
        if session is not None:
            sessions.append(session)
    return Reading(sessions, errors, checks)


def scoring_method(text: str) -> tuple[ScoringMethod, dict[str, object]] | None:
    """'MatchPoints;MP1', 'IMP;Butler-2;Mean', 'IMP;Cross', 'Teams' → method and options.

    The PBN standard leaves the value open: a basic system (MP, IMP, BAM …) then modifiers
    (Butler-2, Cross, Cross1 = divided by the scores, Cross2 = by the comparisons, MP2 = 1 / ½).
    Programs also write the modifier alone ('Butler', 'Cross-IMPs').
    """
    parts = [p.strip().lower().replace("_", "-") for p in text.split(";") if p.strip()]
    if not parts:
        return None
    head = parts[0]
    if head in ("butler", "cross", "cross1", "cross2") or re.fullmatch(r"butler-[0-9]+|cross-?imps?|crossimps?", head):
        parts = ["imp", *parts]  # the modifier written alone
        head = "imp"
    if head in ("mp", "mps", "matchpoints", "matchpoint", "match-points"):
        return ScoringMethod.MATCHPOINTS, ({"matchpoint_units": "acbl"} if "mp2" in parts else {})
    if head in ("bam", "board-a-match"):
        return ScoringMethod.TEAMS, {"teams_scoring": "board-a-match"}
    if head in ("teams", "imp-teams") or (head in ("imp", "imps") and "teams" in parts):
        return ScoringMethod.TEAMS, {}
    if head in ("imp", "imps"):
        options: dict[str, object] = {}
        for p in parts[1:]:
            if p == "cross":
                # Ruter prints the sum over comparisons, unfactored, and an A+ is 1.5 IMPs a comparison
                options.update(cross_imp_divisor="total", neuberg=False, artificial_imps="3/2")
                return ScoringMethod.CROSS_IMPS, options
            if p in ("cross1", "cross2") or re.fullmatch(r"cross-?imps?|crossimps?", p):
                divisor = {"cross1": "scores", "cross2": "comparisons"}.get(p, "comparisons")
                return ScoringMethod.CROSS_IMPS, {"cross_imp_divisor": divisor}
            m = re.fullmatch(r"butler(?:-([0-9]{1,2}))?", p)
            if m and m.group(1):
                options["butler_trim"] = str(int(m.group(1)) // 2 or 1)  # Butler-2: one result off each end
        return ScoringMethod.BUTLER, options
    return None


class _Session:
    def __init__(self, file: str, errors: list[InputError], checks: list[Check]):
        self.file = file
        self.errors = errors
        self.checks = checks
        self.figures = PrintedFigures(line_unit="")
        self.board_lines: dict[int, int] = {}
        """The line of each board's [Board] tag, by the board's identity."""
        self.line_note = ""
        self.sitouts: list[SitOut] = []
        """The bye (sit-out) lines of the score tables."""
        self.individual = False
        """The score tables seat players (``PlayerId_North`` ...): an individual event."""
        self.outcomes: dict[tuple[object, ...], tuple[Outcome, Outcome]] = {}
        """Each result read cleanly (no error, no note), by the cells it is read from and the
        vulnerability: a big field repeats a few hundred results thousands of times."""
        self.pair_refs: dict[tuple[str, str, str], PairRef] = {}
        """A pair read from a line's ``PairId_NS`` or ``PairId_EW`` cell (neither a bye nor
        an error), by the section, the column and the cell."""
        self.printed_columns = "MP_NS", "MP_EW"
        """The columns of the figures the program printed on each line (MP or IMP)."""
        self.printed_here = True
        """The score table being read has some of those columns (or percentages)."""
        self.table_numbers: dict[str | None, int | None] = {}
        """A ``Table`` cell's number, by its text."""
        self.hands = HandRecords()
        """The [Deal]s read, and those left out (wrong: the results stand without them)."""

    def error(self, line: int, message: str, board: int | None = None, pair: str | None = None) -> None:
        self.errors.append(InputError(self.file, f"line {line}", message, board, pair))

    def build(self, event: str, games: list[_Game]) -> Session | None:
        first = games[0]
        scoring_text = next((g.tag("Scoring") for g in games if g.tag("Scoring")), "")
        parsed = scoring_method(scoring_text)
        self.individual = any(_SEAT_COLUMNS["N"] in t.columns for g in games for t in g.tables.values())
        if not scoring_text and self.individual:
            parsed = ScoringMethod.MATCHPOINTS, {}
            self.figures.notes.append(
                said(msg("no %(tag)s tag: the individual score tables are matchpointed", tag="[Scoring]"))
            )
        elif not scoring_text and any("PairId_NS" in t.columns for g in games for t in g.tables.values()):
            # BridgeWebs writes pairs score tables with no Scoring tag: matchpoints
            parsed = ScoringMethod.MATCHPOINTS, {}
            self.figures.notes.append(
                said(msg("no %(tag)s tag: the pairs score tables are matchpointed", tag="[Scoring]"))
            )
        if parsed is None:
            line = next((g.tags["Scoring"][1] for g in games if "Scoring" in g.tags), first.line)
            self.error(
                line,
                said(
                    msg(
                        "unknown scoring %(scoring)s: expected %(known)s",
                        scoring=repr(scoring_text),
                        known=msg(
                            "%(first)s or %(second)s", first="MatchPoints, IMP;Butler, IMP;Cross", second="Teams"
                        ),
                    )
                ),
            )
            return None
        method, options = parsed
        self.figures.program = "PBN"
        self.figures.line_unit = {ScoringMethod.MATCHPOINTS: "matchpoints", ScoringMethod.CROSS_IMPS: "cross_imps"}.get(
            method, "imps"
        )
        prefix = "MP" if method is ScoringMethod.MATCHPOINTS else "IMP"
        self.printed_columns = f"{prefix}_NS", f"{prefix}_EW"
        when = None
        date_text = first.tag("EventDate") or first.tag("Date")
        if date_text and "?" not in date_text:
            try:
                when = values.parse_date(date_text)
            except ValueError as exc:
                self.error(first.tags.get("EventDate", first.tags.get("Date", ("", first.line)))[1], said_of(exc))
        total = next((g.tables["TotalScoreTable"] for g in games if "TotalScoreTable" in g.tables), None)
        common = {
            "title": event or "Untitled session",
            "method": method,
            "event": event,
            "date": when,
            "source": self.file,
        }
        if method is ScoringMethod.TEAMS:
            teams, matches = self.teams(total, games)
            return Session(teams=teams, matches=matches, options=options, printed={KEY: self.figures}, **common)  # type: ignore[arg-type]  # common: Session's own fields
        places = Places()
        sections, mitchell = self.players(total, games) if self.individual else self.pairs(total, games)
        boards = self.merged(
            [b for b in (self.board(g, mitchell, places) for g in self.unrepeated(games)) if b is not None], places
        )
        self.figures.warnings += self.hands.warnings()
        if len(sections) > 1:
            ranks = [
                r for r in (values.optional_whole(p.place.rstrip("=")) for p in self.figures.pairs) if r is not None
            ]
            if ranks and max(ranks) > largest_field(sections):
                options["sections"] = "pooled"  # one ranking across sections: compared across the field
        session = Session(
            sections=sections,
            boards=tuple(boards),
            options=options,
            printed={KEY: self.figures},
            individual=self.individual,
            **common,  # type: ignore[arg-type]  # common: Session's own fields
        )
        session = replace(
            session, sitouts=listed_only(self.sitouts, {p.ref for p in session.pairs}, self.figures.notes)
        )
        self.checks.append(Check(session, places, len(self.errors)))
        return self.with_records(session, games)

    def with_records(self, session: Session, games: list[_Game]) -> Session:
        """The games' auctions and play on the traveller lines they belong to (``pbn_records``)."""
        by_board: dict[int, list[_Game]] = {}
        for game in games:
            if game.sections:
                try:
                    by_board.setdefault(values.board_number(game.tag("Board")), []).append(game)
                except ValueError:
                    continue  # a board number that cannot be read is reported with the board's results
        if not by_board:
            return session
        boards = tuple(
            with_records(b, by_board[b.number], self.figures.notes) if b.number in by_board else b
            for b in session.boards
        )
        return replace(session, boards=boards)

    # --- pairs ---------------------------------------------------------------------------
    def pairs(self, total: _Table | None, games: list[_Game]) -> tuple[tuple[Section, ...], bool]:
        rows = total.rows if total else []
        ids: dict[tuple[str, int], set[Direction | None]] = {}
        entries = []
        for line, row in rows:
            try:
                pid = values.number_of(row.get("PairId", ""), "pair")
            except ValueError as exc:
                self.error(line, _column_error("PairId", exc))
                continue
            try:
                direction = values.parse_direction(row.get("Direction", ""))
            except ValueError as exc:
                self.error(line, said_of(exc), pair=pair_label(PairRef("", pid)))
                continue
            section = row.get("Section", "")
            ids.setdefault((section, pid), set()).add(direction)
            entries.append((line, row, section, pid, direction))
        mitchell = any(len(d) > 1 for d in ids.values())
        by_section: dict[str, list[Pair]] = {}
        event_totals: list[tuple[PrintedPair, str, str]] = []  # a multi-session table's event columns
        for line, row, section, pid, direction in entries:
            ref = PairRef(section, pid, direction if mitchell else None)
            names = [n.strip() for n in re.split(r"\s+-\s+|;", row.get("Names", "")) if n.strip() and n.strip() != "-"]
            ids_ = [row.get("MemberID1"), row.get("MemberID2")]
            players = tuple(Player(n, i if i and i != "-" else None) for n, i in zip(names, ids_ + [None] * len(names)))
            tiebreak = _tiebreak(row)
            by_section.setdefault(section, []).append(Pair(ref, players, tiebreak=tiebreak.value if tiebreak else None))
            self.figures.pairs.append(_printed_total(row, ref, line))
            event = _event_so_far(row, ref, line)
            if event is not None:
                event_totals.append(event)
        self.figures.pairs += _event_columns(event_totals, self.figures.notes)
        if not entries:  # no totals table: the pairs are those the score tables name
            mitchell = _two_fields(games)
            named: set[PairRef] = set()
            for game in games:
                table = game.tables.get("ScoreTable")
                for _, row in table.rows if table else []:
                    for col, direction in (("PairId_NS", Direction.NS), ("PairId_EW", Direction.EW)):
                        number = values.optional_whole(row.get(col, ""))
                        if number is not None and 1 <= number <= values.MAX_NUMBER:
                            key = (row.get("Section", ""), number)
                            ref = PairRef(key[0], key[1], direction if mitchell else None)
                            if ref not in named:
                                named.add(ref)
                                by_section.setdefault(key[0], []).append(Pair(ref))
        sections = tuple(
            Section(
                name,
                tuple(sorted(pairs, key=lambda p: (p.ref.number, str(p.ref.direction)))),
                winners=2 if mitchell else 1,
            )
            for name, pairs in sorted(by_section.items())
        )
        return sections, mitchell

    def players(self, total: _Table | None, games: list[_Game]) -> tuple[tuple[Section, ...], bool]:
        """An individual event's players: the TotalScoreTable's ``PlayerId`` rows (``Name`` or
        ``Names``), else every player the score tables seat (numbers only)."""
        by_section: dict[str, dict[int, Pair]] = {}
        for line, row in total.rows if total else []:
            try:
                pid = values.number_of(row.get("PlayerId", ""), "player")
            except ValueError as exc:
                self.error(line, _column_error("PlayerId", exc))
                continue
            section = row.get("Section", "")
            ref = PairRef(section, pid)
            if pid in by_section.setdefault(section, {}):
                self.error(
                    line,
                    said(
                        msg(
                            "%(player)s is listed twice in the TotalScoreTable: expected each player once",
                            player=param_of(player_label(ref)),
                        )
                    ),
                    pair=player_label(ref),
                )
                continue
            name = (row.get("Name") or row.get("Names") or "").strip()
            member = row.get("MemberID") or row.get("MemberID1")
            players = (Player(name, member if member and member != "-" else None),) if name and name != "-" else ()
            by_section[section][pid] = Pair(ref, players, is_player=True)
            self.figures.pairs.append(_printed_total(row, ref, line))
        if not by_section:
            for game in games:
                table = game.tables.get("ScoreTable")
                for _, row in table.rows if table else []:
                    section = row.get("Section", "")
                    for column in _SEAT_COLUMNS.values():
                        number = values.optional_whole(row.get(column, ""))
                        if number is not None and 1 <= number <= values.MAX_NUMBER:
                            by_section.setdefault(section, {}).setdefault(
                                number, Pair(PairRef(section, number), is_player=True)
                            )
        sections = tuple(
            Section(name, tuple(players[n] for n in sorted(players))) for name, players in sorted(by_section.items())
        )
        return sections, False

    # --- boards --------------------------------------------------------------------------
    def board(self, game: _Game, mitchell: bool, places: Places) -> Board | None:
        table = game.tables.get("ScoreTable")
        number_text = game.tag("Board")
        if table is None:
            return None
        try:
            number = values.board_number(number_text)
        except ValueError as exc:
            self.error(game.tags.get("Board", ("", game.line))[1], said_of(exc))
            return None
        vul_text = game.tag("Vulnerable")
        vulnerability = _VULNERABLE.get(vul_text.upper()) if vul_text else None
        if vul_text and vulnerability is None:
            self.error(
                game.tags["Vulnerable"][1],
                said(
                    msg(
                        "expected vulnerability %(values)s, got %(text)s",
                        values=msg("%(first)s or %(second)s", first="None, NS, EW", second="All"),
                        text=repr(vul_text),
                    )
                ),
                number,
            )
        dealer = None
        if game.tag("Dealer"):
            try:
                dealer = hand_dealer(game.tag("Dealer"))
            except ValueError as exc:
                self.error(game.tags["Dealer"][1], said_of(exc), number)
        lines = []
        datum = None
        butler = "ButlerDatum" in table.columns
        self.printed_here = any(
            column in table.columns for column in (*self.printed_columns, "Percentage_NS", "Percentage_EW")
        )
        vulnerable = vulnerability or board_vulnerability(number)
        read = self.line
        errors = self.errors
        where = places.lines
        for line_no, row in table.rows:
            if butler:
                datum = datum or Figure.parse(row.get("ButlerDatum"))
            before = len(errors)
            line = read(line_no, row, number, mitchell, places, vulnerable)
            if len(errors) > before:
                places.dropped.add(number)
            if line is not None:
                where[id(line)] = f"line {line_no}"
                lines.append(line)
        if datum is not None:
            self.figures.boards.append(PrintedBoard(number, "", f"line {table.line}", datum))
        deal = self.deal(game, number)
        board = Board(
            number,
            tuple(lines),
            deal=deal,
            dealer=dealer,
            vulnerability=vulnerability,
            deal_note="" if deal else self.hands.note(number),
        )
        places.boards[id(board)] = f"line {table.line}"
        self.board_lines[id(board)] = game.tags.get("Board", ("", game.line))[1]
        return board

    def unrepeated(self, games: list[_Game]) -> list[_Game]:
        """The games less those whose score table repeats, cell for cell, one already read for
        the same board, in a game that records its own table (an auction or play, a ``Table``
        or ``PairNS``/``PairEW`` tag): a file that writes the board once per table, each game
        with the board's whole traveller.  Read once, noted; their auctions and play are still
        read.  A game repeated with nothing of its own is a board written twice (refused)."""
        counts: dict[str, int] = {}
        for game in games:
            counts[game.tag("Board")] = counts.get(game.tag("Board"), 0) + 1
        if all(n == 1 for n in counts.values()):
            return games
        first: dict[tuple[str, tuple[tuple[tuple[str, str], ...], ...]], int] = {}
        out = []
        for game in games:
            table = game.tables.get("ScoreTable")
            if table is not None and table.rows and counts[game.tag("Board")] > 1:
                key = (game.tag("Board"), tuple(tuple(row.items()) for _, row in table.rows))
                own = game.sections or game.tag("Table") or game.tag("PairNS") or game.tag("PairEW")
                if key in first and own:
                    self.figures.notes.append(
                        said(
                            msg(
                                "board %(board)s: the score table at line %(line)s repeats "
                                "the one at line %(first)s: read once",
                                board=game.tag("Board"),
                                line=table.line,
                                first=first[key],
                            )
                        )
                    )
                    continue
                first.setdefault(key, table.line)
            out.append(game)
        return out

    def merged(self, boards: list[Board], places: Places) -> list[Board]:
        """One board per number: a board written twice has its games' lines put together, so
        that a pair with a result in both is reported (naming both lines), never scored twice."""
        games: dict[int, list[Board]] = {}
        for board in boards:
            games.setdefault(board.number, []).append(board)
        out = []
        for number in sorted(games):
            first, *others = games[number]
            if not others:
                out.append(first)
                continue
            for board in others:
                differ = [
                    what
                    for what, a, b in (
                        ("deal", first.deal, board.deal),
                        ("dealer", first.dealer, board.dealer),
                        ("vulnerability", first.vulnerability, board.vulnerability),
                    )
                    if a is not None and b is not None and a != b
                ]
                if differ:
                    self.error(
                        self.board_lines[id(board)],
                        said(
                            msg(
                                "board %(board)s is written twice with a different %(what)s (also line %(line)s): "
                                "expected each board once",
                                board=number,
                                what=_and(differ),
                                line=self.board_lines[id(first)],
                            )
                        ),
                        number,
                    )
            deal = next((b.deal for b in games[number] if b.deal), None)
            together = Board(
                number,
                tuple(line for board in games[number] for line in board.lines),
                deal=deal,
                deal_note="" if deal else next((b.deal_note for b in games[number] if b.deal_note), ""),
                dealer=next((b.dealer for b in games[number] if b.dealer), None),
                vulnerability=next((b.vulnerability for b in games[number] if b.vulnerability), None),
            )
            places.boards[id(together)] = places.board(first)
            out.append(together)
        return out

    def deal(self, game: _Game, number: int) -> Deal | None:
        text = game.tag("Deal")
        if not text:
            return None
        try:
            deal = values.parse_deal(text)
        except ValueError as exc:  # a wrong hand record is left out, never the results (hand_records)
            self.hands.drop(number, f"line {game.tags['Deal'][1]}", said_of(exc))
            return None
        if deal is not None:
            self.hands.deals.setdefault(number, deal)
        return deal

    def line(
        self,
        line_no: int,
        row: dict[str, str],
        board: int,
        mitchell: bool,
        places: Places,
        vulnerability: Vulnerability = Vulnerability.NONE,
    ) -> TravellerLine | None:
        section = row.get("Section", "")
        if self.individual:
            return self.individual_line(line_no, row, board, places, vulnerability)
        ns_id, ew_id = row.get("PairId_NS", ""), row.get("PairId_EW", "")
        score_ns, score_ew = row.get("Score_NS", "-"), row.get("Score_EW", "-")
        known = self.pair_refs
        ns_pair, ew_pair = known.get((section, "NS", ns_id)), known.get((section, "EW", ew_id))
        if ns_pair is not None and ew_pair is not None and score_ns.lower() != "bye" and score_ew.lower() != "bye":
            # two pairs met before on a plain line: no number to read again
            scored = self.scored_line(
                line_no, row, board, vulnerability, section, ns_pair, ew_pair, _pairs(ns_pair, ew_pair)
            )
            if scored is None:
                places.drop(board, ns_pair, ew_pair, f"line {line_no}")
            return scored
        if "bye" in (score_ns.lower(), score_ew.lower()) or is_no_opponent(ns_id) or is_no_opponent(ew_id):
            self.sitout_line(line_no, row, board, mitchell, ns_id, ew_id)
            return None
        try:
            ns_number, ew_number = values.number_of(ns_id, "pair"), values.number_of(ew_id, "pair")
        except ValueError:
            self.error(
                line_no,
                said(
                    msg(
                        "expected pair numbers in PairId_NS and PairId_EW, got %(ns)s and %(ew)s",
                        ns=values.quoted(ns_id),
                        ew=values.quoted(ew_id),
                    )
                ),
                board,
            )
            return None
        ns_pair = PairRef(section, ns_number, Direction.NS if mitchell else None)
        ew_pair = PairRef(section, ew_number, Direction.EW if mitchell else None)
        known[(section, "NS", ns_id)], known[(section, "EW", ew_id)] = ns_pair, ew_pair
        scored = self.scored_line(
            line_no, row, board, vulnerability, section, ns_pair, ew_pair, _pairs(ns_pair, ew_pair)
        )
        if scored is None:
            places.drop(board, ns_pair, ew_pair, f"line {line_no}")
        return scored

    def sitout_line(
        self, line_no: int, row: dict[str, str], board: int, mitchell: bool, ns_id: str, ew_id: str
    ) -> None:
        """A bye line, or a line with one pair and no opponent: kept as that pair's sit-out."""
        if is_no_opponent(ns_id) == is_no_opponent(ew_id):
            self.figures.notes.append(
                said(
                    msg(
                        "board %(board)s: a bye line (line %(line)s) names no pair and is not a result",
                        board=board,
                        line=line_no,
                    )
                    if is_no_opponent(ns_id)
                    else msg(
                        "board %(board)s: a bye line (line %(line)s) is marked Bye but names two pairs and is not a result",
                        board=board,
                        line=line_no,
                    )
                )
            )
            return
        side, text = (Direction.EW, ew_id) if is_no_opponent(ns_id) else (Direction.NS, ns_id)
        try:
            number = values.number_of(text, "pair")
        except ValueError:
            self.error(
                line_no,
                said(
                    msg(
                        "expected a pair number in %(column)s, got %(text)s",
                        column=f"PairId_{side}",
                        text=values.quoted(text),
                    )
                ),
                board,
            )
            return
        ref = PairRef(row.get("Section", ""), number, side if mitchell else None)
        problem = score_problem(
            ref, contract=row.get("Contract", ""), Score_NS=row.get("Score_NS", ""), Score_EW=row.get("Score_EW", "")
        )
        if problem:
            self.error(line_no, problem, board, pair_label(ref))
            return
        self.sitouts.append(SitOut(ref, board, source_line=line_no))

    def individual_line(
        self, line_no: int, row: dict[str, str], board: int, places: Places, vulnerability: Vulnerability
    ) -> TravellerLine | None:
        """A line of an individual event: four players; North stands for NS and East for EW in the line's key."""
        section = row.get("Section", "")
        score_ns, score_ew = row.get("Score_NS", "-"), row.get("Score_EW", "-")
        numbers: dict[str, int | None] = {}
        for seat, column in _SEAT_COLUMNS.items():
            written = row.get(column, "-")
            try:
                numbers[seat] = None if written in ("", "-") else values.number_of(written, "player")
            except ValueError as exc:
                self.error(line_no, _column_error(column, exc), board)
                places.dropped.add(board)
                return None
        if "bye" in (score_ns.lower(), score_ew.lower()):
            # the players named on a bye line sat the board out
            self.sitouts += [
                SitOut(PairRef(section, n), board, source_line=line_no) for n in numbers.values() if n is not None
            ]
            if not any(numbers.values()):
                self.figures.notes.append(
                    said(
                        msg(
                            "board %(board)s: a bye line (line %(line)s) names no player and is not a result",
                            board=board,
                            line=line_no,
                        )
                    )
                )
            return None
        try:
            seats = seats_of(numbers, section)
        except ValueError as exc:
            self.error(line_no, said_of(exc), board)
            places.dropped.add(board)
            return None

        def players() -> str:
            return f"N {seats.north.number}, S {seats.south.number} v E {seats.east.number}, W {seats.west.number}"

        scored = self.scored_line(line_no, row, board, vulnerability, section, seats.north, seats.east, players, seats)
        if scored is None:
            places.dropped.add(board)
        return scored

    def scored_line(
        self,
        line_no: int,
        row: dict[str, str],
        board: int,
        vulnerability: Vulnerability,
        section: str,
        ns_key: PairRef,
        ew_key: PairRef,
        who: Callable[[], str],
        seats: Seats | None = None,
    ) -> TravellerLine | None:
        """A table's result, for pairs or an individual's four players (``seats``; North and East
        then stand for the sides in the line's key): the outcome from the score columns, or from
        contract and result where the table has none (BridgeWebs), and the program's printed
        figures kept for `check`.  None when the result cannot be read (the error is recorded).
        ``who`` names the line's pairs or players, for a message: asked only when there is one."""
        get = row.get
        score_ns, score_ew = get("Score_NS", "-"), get("Score_EW", "-")
        self.line_note = ""
        has_scores = "Score_NS" in row or "Score_EW" in row
        key = (
            has_scores,
            get("Score_NS"),
            get("Score_EW"),
            get("Contract"),
            get("Declarer"),
            get("Result"),
            get("Lead"),
            vulnerability,
        )
        outcome = self.outcomes.get(key)
        if outcome is None:
            errors, notes = len(self.errors), len(self.figures.notes)
            if has_scores:
                outcome = self.outcome(
                    line_no, row, board, score_ns.lstrip("^"), score_ew.lstrip("^"), who(), vulnerability
                )
            else:
                outcome = self.computed(line_no, row, board, vulnerability, who())
            if outcome is None:
                return None
            if not self.line_note and len(self.errors) == errors and len(self.figures.notes) == notes:
                self.outcomes[key] = outcome  # read cleanly: the same cells read the same way again
        ns, ew = outcome
        printed_ns, printed_ew = self.printed_columns
        shown = score_ns if score_ns != "-" else (f"-{score_ew}" if score_ew not in ("-", "0") else score_ew)
        if self.printed_here:
            printed = PrintedLine(
                board,
                section,
                ns_key,
                ew_key,
                f"line {line_no}",
                shown,
                _figure(get(printed_ns)),
                _figure(get(printed_ew)),
                _figure(get("Percentage_NS")),
                _figure(get("Percentage_EW")),
            )
        else:  # no printed figures in this table: no cell to look for on each line
            printed = PrintedLine(board, section, ns_key, ew_key, f"line {line_no}", shown)
        self.figures.lines.append(printed)
        table_text = get("Table")
        table = self.table_numbers.get(table_text, -1)
        if table == -1:
            table = self.table_numbers[table_text] = values.optional_whole(table_text)
        return TravellerLine(
            ns_key,
            ew_key,
            ns,
            ew,
            section=section,
            table=table,
            source_line=line_no,
            note=self.line_note,
            seats=seats,
        )

    def computed(
        self, line_no: int, row: dict[str, str], board: int, vulnerability: Vulnerability, pairs: str
    ) -> tuple[Outcome, Outcome] | None:
        """A score table with no score columns (BridgeWebs): the score follows from contract,
        declarer, tricks and vulnerability.  ``3S*`` is doubled, ``3S**`` redoubled, ``PO``
        passed out; ``A`` is an adjusted score, its split in ``Result`` (``60/40``; blank: 50/50)."""
        contract_text = row.get("Contract", "").strip()
        result = row.get("Result", "").strip()
        if contract_text.upper() == "A":
            split = result if result not in ("", "-") else "50/50"
            try:
                return values.parse_artificial(split if split.upper().startswith("A") else f"A{split}")
            except ValueError as exc:
                self.error(
                    line_no,
                    said(msg("an adjusted score (A): %(problem)s", problem=param_of(said_of(exc)))),
                    board,
                    pairs,
                )
                return None
        if contract_text.upper() == "PO":
            contract_text = "PASS"
        try:
            contract = Contract.parse(contract_text)
            declarer = None if contract.passed_out else Seat.parse(row.get("Declarer", ""))
            tricks = parse_tricks(result, contract)
            score = ns_score(contract, declarer, tricks, vulnerability)
        except ContractError as exc:
            self.error(
                line_no,
                said(
                    msg(
                        "%(problem)s (the table has no score column, so the score is worked out from the contract)",
                        problem=param_of(contract_error(exc, contract_text, row.get("Declarer", ""))),
                    )
                ),
                board,
                pairs,
            )
            return None
        lead = row.get("Lead") if row.get("Lead") not in (None, "-", "") else None
        scored = Scored.of(Play(score, contract, declarer, tricks, lead))
        return scored, scored

    def noted(self, line_no: int, board: int, pairs: str, play: Play, note: str) -> tuple[Scored, Scored]:
        """A play taken on trust from the program's export: noted on the line, for `check` and the build."""
        self.line_note = note
        self.figures.notes.append(noted_line(board, pairs, f"line {line_no}", note))
        scored = Scored.of(play)
        return scored, scored

    def outcome(
        self,
        line_no: int,
        row: dict[str, str],
        board: int,
        score_ns: str,
        score_ew: str,
        pairs: str,
        vulnerability: Vulnerability = Vulnerability.NONE,
    ) -> tuple[Outcome, Outcome] | None:
        if values.is_artificial_text(score_ns) or values.is_artificial_text(score_ew):
            if score_ns in ("-", "") or score_ew in ("-", ""):
                self.error(
                    line_no,
                    said(
                        msg(
                            'expected an artificial score for both sides (such as "A+" "A-"), got %(ns)s and %(ew)s',
                            ns=repr(score_ns),
                            ew=repr(score_ew),
                        )
                    ),
                    board,
                    pairs,
                )
                return None
            try:
                return values.side_artificial(score_ns), values.side_artificial(score_ew)
            except ValueError as exc:
                self.error(line_no, said_of(exc), board, pairs)
                return None
        try:
            if score_ns not in ("-", ""):
                score = values.whole_number(score_ns)
            elif score_ew not in ("-", ""):
                score = -values.whole_number(score_ew)
            else:
                self.error(
                    line_no,
                    said(
                        msg(
                            "expected a score such as 420 or an artificial score such as A60/40 in Score_NS or "
                            "Score_EW, found neither"
                        )
                    ),
                    board,
                    pairs,
                )
                return None
        except ValueError:
            self.error(
                line_no,
                said(
                    msg(
                        "expected a score such as 420 or an artificial score such as A60/40, got %(score)s",
                        score=values.quoted(score_ns if score_ns != "-" else score_ew),
                    )
                ),
                board,
                pairs,
            )
            return None
        contract_text = row.get("Contract", "-")
        lead = row.get("Lead") if row.get("Lead") not in (None, "-", "") else None
        if contract_text in ("-", "", "?"):
            play = Play(score)
        else:
            try:
                contract = Contract.parse(contract_text)
            except ContractError as exc:
                kept = unreadable_contract(contract_text, score, lead)
                if kept is None:
                    self.error(line_no, contract_error(exc, contract_text), board, pairs)
                    return None
                return self.noted(line_no, board, pairs, *kept)
            try:
                declarer = None if contract.passed_out else Seat.parse(row.get("Declarer", ""))
                tricks = parse_tricks(row.get("Result", ""), contract)
            except ContractError as exc:
                self.error(line_no, contract_error(exc, contract_text, row.get("Declarer", "")), board, pairs)
                return None
            play = Play(score, contract, declarer, tricks, lead)
            expected = ns_score(contract, declarer, tricks, vulnerability)
            if score != expected:
                trusted = trusted_score(score, contract, declarer, tricks, expected, lead)
                if trusted is not None:
                    return self.noted(line_no, board, pairs, *trusted)
        scored = Scored.of(play)
        return scored, scored

    # --- teams ---------------------------------------------------------------------------
    def teams(self, total: _Table | None, games: list[_Game]) -> tuple[tuple[Team, ...], tuple[Match, ...]]:
        teams: dict[int, Team] = {}
        for line, row in total.rows if total else []:
            try:
                tid = values.number_of(row.get("TeamId", ""), "team")
            except ValueError as exc:
                self.error(line, _column_error("TeamId", exc))
                continue
            players = tuple(
                Player(n.strip()) for n in row.get("Roster", "").split(" - ") if n.strip() and n.strip() != "-"
            )
            teams[tid] = Team(tid, row.get("TeamName", f"Team {tid}"), players)
        matches = []
        for game in games:
            table = game.tables.get("ScoreTable")
            for line, row in table.rows if table else []:
                try:
                    home, away = (
                        values.number_of(row.get("TeamId_Home", ""), "team"),
                        values.number_of(row.get("TeamId_Away", ""), "team"),
                    )
                except ValueError:
                    self.error(
                        line,
                        said(
                            msg(
                                "expected team numbers in TeamId_Home and TeamId_Away, got %(home)s and %(away)s",
                                home=values.quoted(row.get("TeamId_Home", "")),
                                away=values.quoted(row.get("TeamId_Away", "")),
                            )
                        ),
                    )
                    continue
                for tid in (home, away):
                    if tid not in teams:
                        self.error(
                            line,
                            said(
                                msg("unknown team %(team)s: expected one of the teams in the TotalScoreTable", team=tid)
                            ),
                            pair=said(msg("team %(number)s", number=tid)),
                        )
                        teams[tid] = Team(tid, f"Team {tid}")
                details = row.get("MatchDetails", "").split(",")
                imps = [Figure.parse(d) for d in details[-2:]] if len(details) >= 2 else [None, None]
                rnd = values.optional_whole(row.get("Round"))
                matches.append(Match(teams[home], teams[away], (), round=rnd))
                self.figures.matches.append(
                    PrintedMatch(
                        rnd,
                        home,
                        away,
                        f"line {line}",
                        imps[0],
                        imps[1],
                        Figure.parse(row.get("VP_Home")),
                        Figure.parse(row.get("VP_Away")),
                    )
                )
        if matches:
            self.figures.notes.append(
                said(msg("the file holds match totals only (no board results): its IMPs cannot be re-scored"))
            )
        return tuple(sorted(teams.values(), key=lambda t: t.number)), tuple(matches)


_DIFFER: dict[str, Param] = {"deal": msg("deal"), "dealer": msg("dealer"), "vulnerability": msg("vulnerability")}
"""What two games of one board may disagree on, as a message names it."""


def _and(differ: list[str]) -> Param:
    """'deal and dealer': what ``differ`` names, each joined to the one before by 'and'."""
    said_: Param = _DIFFER[differ[0]]
    for what in differ[1:]:
        said_ = msg("%(first)s and %(second)s", first=said_, second=_DIFFER[what])
    return said_


def _column_error(column: str, exc: ValueError) -> str:
    """'PairId: expected …': the cell's column, then what ``exc`` says is wrong with it (its message kept)."""
    return said(msg("%(who)s: %(problem)s", who=column, problem=param_of(said_of(exc))))


def _pairs(ns: PairRef, ew: PairRef) -> Callable[[], str]:
    """A line's two pairs as a message names them ('NS 3 v EW 5'), worked out when asked."""
    return lambda: said(msg("%(ns)s v %(ew)s", ns=_named(pair_label(ns, "NS")), ew=_named(pair_label(ew, "EW"))))


def _named(label: str | None) -> Param:
    return "None" if label is None else param_of(label)


def _figure(text: str | None) -> Figure | None:
    return None if text is None else Figure.parse(text)


def _two_fields(games: list[_Game]) -> bool:
    """With no totals table to say so: a Mitchell (NS and EW fields) when some board has the
    same pair number in both columns — in a Howell a pair plays each board once."""
    for game in games:
        table = game.tables.get("ScoreTable")
        rows = table.rows if table else []
        seen = {(row.get("Section", ""), values.optional_whole(row.get("PairId_NS"))) for _, row in rows}
        if any(
            (row.get("Section", ""), number) in seen
            for _, row in rows
            if (number := values.optional_whole(row.get("PairId_EW"))) is not None
        ):
            return True
    return False


def _tiebreak(row: dict[str, str]) -> Figure | None:
    """The tie-break figure a TotalScoreTable row records (``Tiebreak``), if any."""
    text = next((v for c, v in row.items() if c.lower() == "tiebreak"), None)
    return None if text is None else Figure.parse(text)


def _session_columns(row: dict[str, str]) -> bool:
    """A multi-session TotalScoreTable: the event so far (``TotalScoreMP``, ``TotalPercentage``,
    ``Rank``) beside the session's own columns (``SessionScoreMP``, ``SessionPercentage``,
    ``SessionRank``, ``SessionRankTie``, ``NrBoardsSession``)."""
    return any(c.startswith("SessionScore") or c in ("SessionPercentage", "SessionRank") for c in row)


def _event_so_far(row: dict[str, str], ref: PairRef, line: int) -> tuple[PrintedPair, str, str] | None:
    """A multi-session row's event columns, with its boards in the event and in the session."""
    if not _session_columns(row):
        return None
    return _printed_total(row, ref, line, session=False), row.get("NrBoards", ""), row.get("NrBoardsSession", "")


def _event_columns(event: list[tuple[PrintedPair, str, str]], notes: list[str]) -> list[PrintedPair]:
    """The event-so-far figures `check` may compare: only where they are this session's own (every
    pair's ``NrBoards`` equals its ``NrBoardsSession``: the event's first session).  Otherwise a note
    says they were not compared, and why."""
    if not event:
        return []
    if all(boards and boards == session for _, boards, session in event):
        return [replace(p, where=f"{p.where}, event columns") for p, _, _ in event]
    most = max((b for _, b, _ in event), key=lambda b: values.optional_whole(b) or 0, default="")
    event_columns: Param = "TotalScore…, TotalPercentage, Rank"
    if most:
        event_columns = join("", (event_columns, msg(", up to %(count)s boards", count=most)))
    notes.append(
        said(
            msg(
                "the %(table)s carries the event so far (%(event)s) beside this session's own columns "
                "(%(session)s): the session's columns are compared with this session; the event's are not, "
                "because the file holds only this session's boards",
                table="TotalScoreTable",
                event=event_columns,
                session="SessionScore…, SessionPercentage, SessionRank",
            )
        )
    )
    return []


def _printed_total(row: dict[str, str], ref: PairRef, line: int, session: bool = True) -> PrintedPair:
    """A pair's (or player's) total, percentage and place as a TotalScoreTable row prints them,
    kept for `check` ('3=' where ``RankTie`` marks a shared place).  A multi-session table's
    session columns are the session's figures (``session``), its other columns the event's."""
    if session and _session_columns(row):
        place = row.get("SessionRank", "")
        if row.get("SessionRankTie", "-") not in ("-", "") and place:
            place += "="
        total_text = next((row[c] for c in row if c.startswith("SessionScore")), None)
        return PrintedPair(
            ref, f"line {line}", Figure.parse(total_text), Figure.parse(row.get("SessionPercentage")), place
        )
    place = row.get("Rank", "")
    if row.get("RankTie", "-") not in ("-", "") and place:
        place += "="
    total_text = next((row[c] for c in row if c.startswith("TotalScore") or c in ("TotalMP", "TotalIMP")), None)
    return PrintedPair(ref, f"line {line}", Figure.parse(total_text), Figure.parse(row.get("TotalPercentage")), place)

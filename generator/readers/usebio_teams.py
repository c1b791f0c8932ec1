"""USEBIO teams events (TEAMS_OF_FOUR, SWISS_TEAMS, KO …) → a teams session.

The structure read, as USEBIO 1.2 files written by club scoring programs hold it:

- ``EVENT`` › ``BOARD_SCORING_METHOD`` (``IMPS``, ``AGGREGATE`` or ``MATCH_POINTS`` for
  board-a-match) and ``MATCH_SCORING_METHOD`` (``VPS`` or ``IMPS``);
- ``PARTICIPANTS`` › ``TEAM`` with its number and name as attributes (``TEAM_ID``,
  ``TEAM_NAME``) or as child elements (``TEAM_ID``/``TEAM_NUMBER``, ``TEAM_NAME``), its
  ``PLACE`` and ``TOTAL_SCORE``, and its players either in numbered ``PAIR``s or directly;
- ``MATCH`` › ``ROUND_NUMBER``, ``TEAM`` (the home team), ``OPPOSING_TEAM``, ``TEAM_SCORE``,
  ``OPPOSING_TEAM_SCORE`` and ``BOARD`` › ``TRAVELLER_LINE``, one per table, whose
  ``DIRECTION`` says where the home team sat (``NS`` or ``EW``).  When a line has no
  ``DIRECTION``, the pair numbers tell it, if the teams list their pairs.

Each table's result is read exactly as a pairs traveller line is (contract, declarer,
tricks, score, artificial codes), so every check on results applies here too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from xml.etree.ElementTree import Element

from ..model import (
    Artificial,
    Board,
    Deal,
    Direction,
    Match,
    Outcome,
    Pair,
    PairRef,
    Player,
    ScoringMethod,
    Section,
    Session,
    Team,
    TeamsBoard,
    TravellerLine,
)
from ..scoring.contract import board_vulnerability
from ..scoring.message import msg
from ..scoring.said import said, said_of
from . import values
from .hand_records import HandRecords
from .printed import Figure, PrintedFigures, PrintedMatch, PrintedTeam
from .usebio_elements import attribute_or_child, indexed, players, text
from .validate import outcome_problems

if TYPE_CHECKING:
    from .usebio_results import ResultReader

BOARD_SCORING: dict[str, dict[str, object]] = {
    "IMPS": {},
    "IMP": {},
    "AGGREGATE": {"teams_scoring": "aggregate"},
    "TOTAL_POINTS": {"teams_scoring": "aggregate"},
    "MATCH_POINTS": {"teams_scoring": "board-a-match"},
    "BOARD_A_MATCH": {"teams_scoring": "board-a-match"},
    "PAB": {"teams_scoring": "board-a-match", "board_a_match_units": "2"},
    "POINT_A_BOARD": {"teams_scoring": "board-a-match", "board_a_match_units": "2"},
}
MATCH_SCORING: dict[str, dict[str, object]] = {
    "VPS": {},
    "VP": {},
    "VICTORY_POINTS": {},
    "IMPS": {"vp_scale": "none"},
    "IMP": {"vp_scale": "none"},
    # the match is the sum of its board points (board-a-match, or UK point-a-board 2/1/0)
    "MATCH_POINTS": {},
    "PAB": {"board_a_match_units": "2"},
    "POINT_A_BOARD": {"board_a_match_units": "2"},
}
PAIRWISE_SCORING: dict[str, ScoringMethod] = {
    "CROSS_IMPS": ScoringMethod.CROSS_IMPS,
    "CROSS_IMP": ScoringMethod.CROSS_IMPS,
    "BUTLER": ScoringMethod.BUTLER,
    "IMPS": ScoringMethod.BUTLER,
    "MATCH_POINTS": ScoringMethod.MATCHPOINTS,
    "MATCHPOINTS": ScoringMethod.MATCHPOINTS,
}
"""A pairs ranking inside a teams event, as ``PAIRWISE_SCORING_METHOD`` names it."""
_TEAM_PAIR = re.compile(r"^\s*(\d{1,4})\s*-\s*(\d{1,4})\s*-\s*(\d{1,4})\s*$", re.ASCII)
"""Teams programs write a pair as team-player-player: ``10-3-4`` is team 10's players 3 and 4."""


@dataclass(frozen=True, slots=True)
class _Teams:
    by_number: dict[int, Team]
    pair_team: dict[int, int]
    """Pair number → team number, from the pairs listed under each team."""


class TeamsEventReader:
    """Reads one teams EVENT (or SESSION) with the pairs reader's error list and result parsing."""

    def __init__(self, reader: ResultReader, figures: PrintedFigures):
        self.r = reader
        self.figures = figures
        self.match_unit = ""
        """'vp' or 'imps': what TEAM_SCORE holds (from MATCH_SCORING_METHOD; guessed when absent)."""
        self.written_pairs: dict[str, int] = {}
        """Pairs written team-player-player ('10-3-4'), numbered 1, 2 … in the order first met."""
        self.pair_players: dict[int, tuple[Player, ...]] = {}

    def session(
        self,
        kind: str,
        event: Element,
        epath: str,
        container: Element,
        cpath: str,
        records: HandRecords,
        common: dict[str, Any],
    ) -> Session | None:
        deals = records.deals
        options = self.options(kind, event, epath)
        participants = container.find("PARTICIPANTS")
        if participants is None:
            participants = event.find("PARTICIPANTS")
        teams = self.teams(participants, f"{cpath}/PARTICIPANTS")
        match_elems = indexed(container, "MATCH", cpath) or (
            indexed(event, "MATCH", epath) if container is not event else []
        )
        if not match_elems:
            self.r.error(
                cpath,
                said(
                    msg(
                        "a teams event holds its boards in %(match)s elements: expected at least one %(match)s, found none",
                        match="MATCH",
                    )
                ),
            )
        matches = [m for m in (self.match(elem, path, teams) for elem, path in match_elems) if m is not None]
        boards = tuple(  # the hand records, and the boards whose record was left out (with why)
            Board(n, (), deal=deals.get(n), deal_note=records.note(n)) for n in sorted({*deals, *records.dropped})
        )
        if options is None:
            return None
        pairwise = self.pairwise(event, epath, matches, deals, common)
        if pairwise is not None:
            self.r.extra_sessions.append(pairwise)
        return Session(
            method=ScoringMethod.TEAMS,
            teams=tuple(teams.by_number.values()),
            matches=tuple(matches),
            boards=boards,
            options=options,
            **common,
        )

    def pairwise(
        self, event: Element, epath: str, matches: list[Match], deals: dict[int, Deal], common: dict[str, Any]
    ) -> Session | None:
        """A pairs ranking inside the teams event (``PAIRWISE_SCORING_METHOD``): every table's
        result on a board compared with every other's, the pairs in one field, as a second session."""
        written = text(event, "PAIRWISE_SCORING_METHOD")
        if not written:
            return None
        method = PAIRWISE_SCORING.get(written.upper().replace(" ", "_").replace("-", "_"))
        if method is None:
            self.figures.notes.append(
                f"PAIRWISE_SCORING_METHOD {written}: not a method we score; the pairs ranking "
                "inside this teams event is left out (the teams results are scored)"
            )
            return None
        lines: dict[int, list[TravellerLine]] = {}
        for m in matches:
            for tb in m.boards:
                for line in (tb.home_ns_line, tb.home_ew_line):
                    if line is not None and line.ns_pair is not None and line.ew_pair is not None:
                        lines.setdefault(tb.number, []).append(line)
        refs = sorted(
            {r for ls in lines.values() for l in ls for r in (l.ns_pair, l.ew_pair) if r is not None},
            key=lambda r: r.number,
        )
        if not refs:
            return None
        pairs = tuple(Pair(r, self.pair_players.get(r.number, ())) for r in refs)
        self.figures.notes.append(f"PAIRWISE_SCORING_METHOD {written}: the pairs ranking is scored as a second session")
        title = f"{common['title']}: pairs ({method})"
        return Session(
            method=method,
            sections=(Section("", pairs),),
            boards=tuple(Board(n, tuple(lines[n]), deal=deals.get(n)) for n in sorted(lines)),
            **{**common, "title": title, "printed": {}},
        )

    # --- how boards and matches are scored ---------------------------------------------------
    def options(self, kind: str, event: Element, epath: str) -> dict[str, object] | None:
        default = "MATCH_POINTS" if kind == "MP_TEAMS" else "IMPS"
        board_method = text(event, "BOARD_SCORING_METHOD").upper().replace(" ", "_") or default
        match_method = text(event, "MATCH_SCORING_METHOD").upper().replace(" ", "_")
        options: dict[str, object] = {}
        if board_method not in BOARD_SCORING:
            self.r.error(
                f"{epath}/BOARD_SCORING_METHOD",
                said(
                    msg(
                        "a teams event scored by %(method)s is not offered: expected %(methods)s or %(last)s",
                        method=repr(board_method),
                        methods="IMPS, AGGREGATE",
                        last="MATCH_POINTS (board-a-match)",
                    )
                ),
            )
            return None
        options.update(BOARD_SCORING[board_method])
        if match_method and match_method not in MATCH_SCORING:
            self.r.error(
                f"{epath}/MATCH_SCORING_METHOD",
                said(
                    msg(
                        "unknown match scoring %(method)s: expected %(vps)s or %(imps)s",
                        method=repr(match_method),
                        vps="VPS",
                        imps="IMPS",
                    )
                ),
            )
            return None
        options.update(MATCH_SCORING.get(match_method, {}))
        self.match_unit = "vp" if match_method in ("VPS", "VP", "VICTORY_POINTS") else ("imps" if match_method else "")
        return options

    # --- teams and their players ---------------------------------------------------------------
    def teams(self, participants: Element | None, path: str) -> _Teams:
        by_number: dict[int, Team] = {}
        where: dict[int, str] = {}
        pair_team: dict[int, int] = {}
        elems = indexed(participants, "TEAM", path) if participants is not None else []
        if not elems:
            self.r.error(
                path,
                said(
                    msg(
                        "expected the teams under %(participants)s as %(team)s elements, found none",
                        participants="PARTICIPANTS",
                        team="TEAM",
                    )
                ),
            )
        for elem, tpath in elems:
            try:
                number = values.number_of(
                    attribute_or_child(elem, "TEAM_ID") or attribute_or_child(elem, "TEAM_NUMBER"), "team"
                )
            except ValueError as exc:
                self.r.error(f"{tpath}@TEAM_ID", said_of(exc))
                continue
            if number in by_number:
                self.r.error(
                    tpath,
                    said(
                        msg(
                            "team %(number)s is listed twice (also %(where)s): expected each team once",
                            number=str(number),
                            where=where[number],
                        )
                    ),
                    pair=_team_label(number),
                )
                continue
            name = attribute_or_child(elem, "TEAM_NAME") or f"Team {number}"
            members: list[Player] = list(players(elem))
            for pair, ppath in indexed(elem, "PAIR", tpath):
                members += players(pair)
                pair_text = text(pair, "PAIR_NUMBER")
                if _TEAM_PAIR.match(pair_text):  # team-player-player: the team is in the number itself
                    self.pair_players[self.written_number(pair_text)] = players(pair)
                    continue
                if not pair_text:
                    continue
                try:
                    _, pair_number, _ = values.parse_pair_number(pair_text)
                except ValueError as exc:
                    self.r.error(f"{ppath}/PAIR_NUMBER", said_of(exc), pair=_team_label(number))
                    continue
                self.pair_players[pair_number] = players(pair)
                owner = pair_team.setdefault(pair_number, number)
                if owner != number:
                    self.r.error(
                        f"{ppath}/PAIR_NUMBER",
                        said(
                            msg(
                                "pair %(pair)s is listed under team %(owner)s and team %(team)s: "
                                "expected each pair in one team",
                                pair=str(pair_number),
                                owner=str(owner),
                                team=str(number),
                            )
                        ),
                        pair=said(msg("pair %(number)s", number=str(pair_number))),
                    )
            by_number[number] = Team(number, name, tuple(dict.fromkeys(members)))
            where[number] = tpath
            self.figures.teams.append(
                PrintedTeam(number, tpath, Figure.parse(text(elem, "TOTAL_SCORE")), text(elem, "PLACE"))
            )
        return _Teams(by_number, pair_team)

    def team(self, elem: Element, tag: str, mpath: str, teams: _Teams) -> Team | None:
        found = text(elem, tag)
        number = values.optional_whole(found)
        team = teams.by_number.get(number) if number is not None else None
        if team is None and teams.by_number:
            listed = ", ".join(str(n) for n in sorted(teams.by_number))
            self.r.error(
                f"{mpath}/{tag}",
                said(
                    msg(
                        "unknown team %(found)s: expected one of the teams listed (%(listed)s)",
                        found=values.quoted(found),
                        listed=listed,
                    )
                ),
            )
        return team

    # --- matches and their boards ---------------------------------------------------------------
    def match(self, elem: Element, mpath: str, teams: _Teams) -> Match | None:
        home, away = self.team(elem, "TEAM", mpath, teams), self.team(elem, "OPPOSING_TEAM", mpath, teams)
        if home is None or away is None:
            return None
        if home is away:
            self.r.error(
                mpath,
                said(
                    msg(
                        "team %(number)s (%(name)s) is on both sides of this match: expected two different teams",
                        number=str(home.number),
                        name=home.name,
                    )
                ),
            )
            return None
        round_text = text(elem, "ROUND_NUMBER")
        rnd = values.optional_whole(round_text)
        home_score, away_score = Figure.parse(text(elem, "TEAM_SCORE")), Figure.parse(text(elem, "OPPOSING_TEAM_SCORE"))
        unit = self.match_unit or _guess_unit(home_score, away_score)
        self.figures.matches.append(
            PrintedMatch(
                rnd,
                home.number,
                away.number,
                mpath,
                *((home_score, away_score, None, None) if unit != "vp" else (None, None, home_score, away_score)),
            )
        )
        boards: dict[int, TeamsBoard] = {}
        for board_elem, bpath in indexed(elem, "BOARD", mpath):
            try:
                number = values.board_number(text(board_elem, "BOARD_NUMBER"))
            except ValueError as exc:
                self.r.error(f"{bpath}/BOARD_NUMBER", said_of(exc))
                continue
            if number in boards:
                self.r.error(
                    bpath,
                    said(
                        msg(
                            "board %(board)s appears twice in the match %(home)s v %(away)s: expected one %(tag)s per board",
                            tag="BOARD",
                            board=str(number),
                            home=home.name,
                            away=away.name,
                        )
                    ),
                    number,
                )
                continue
            board = self.board(board_elem, bpath, number, home, away, teams)
            if board is not None:
                boards[number] = board
        return Match(home, away, tuple(boards[n] for n in sorted(boards)), round=rnd)

    def board(self, elem: Element, bpath: str, number: int, home: Team, away: Team, teams: _Teams) -> TeamsBoard | None:
        rooms: dict[Direction, tuple[Outcome, TravellerLine, str]] = {}
        lines = indexed(elem, "TRAVELLER_LINE", bpath)
        failed = False
        for line_elem, lpath in lines:
            read = self.line(line_elem, lpath, number, home, away, teams)
            if read is None:
                failed = True
                continue
            side, outcome, line = read
            if side in rooms:
                self.r.error(
                    lpath,
                    said(
                        msg(
                            "two results with %(team)s sitting %(side)s (also %(where)s): expected one result at each table",
                            team=home.name,
                            side=str(side),
                            where=rooms[side][2],
                        )
                    ),
                    number,
                    _match_label(home, away),
                )
                failed = True
                continue
            rooms[side] = (outcome, line, lpath)
        if not lines:
            self.r.error(
                bpath,
                said(
                    msg(
                        "board %(board)s has no results: expected a %(tag)s for each table",
                        board=str(number),
                        tag="TRAVELLER_LINE",
                    )
                ),
                number,
                _match_label(home, away),
            )
        if failed or not rooms:
            return None
        if len(rooms) == 1:
            self.figures.notes.append(
                f"board {number} of {home.name} v {away.name} was played at one table only ({bpath}): it is not scored"
            )
        ns, ew = rooms.get(Direction.NS), rooms.get(Direction.EW)
        return TeamsBoard(
            number, ns[0] if ns else None, ew[0] if ew else None, ns[1] if ns else None, ew[1] if ew else None
        )

    def line(
        self, elem: Element, lpath: str, number: int, home: Team, away: Team, teams: _Teams
    ) -> tuple[Direction, Outcome, TravellerLine] | None:
        ns_number, ew_number = (
            self.pair_number(elem, "NS_PAIR_NUMBER", lpath, number),
            self.pair_number(elem, "EW_PAIR_NUMBER", lpath, number),
        )
        pairs = _match_label(home, away)
        side = self.home_side(elem, lpath, number, home, away, teams, ns_number, ew_number, pairs)
        self.r.line_note = ""
        read = self.r.outcome(elem, lpath, number, text(elem, "SCORE"), pairs)
        if side is None or read is None:
            return None
        ns, ew = read
        if isinstance(ns, Artificial) and isinstance(ew, Artificial) and ns.percent + ew.percent != 100:
            self.figures.notes.append(
                f"board {number}, {pairs} ({lpath}): the split score {text(elem, 'SCORE')} is scored "
                f"from the NS side's {ns.code}: a teams table has one result, so the other side's award is not used"
            )
        problems = outcome_problems(ns, board_vulnerability(number))
        for problem in problems:
            self.r.error(lpath, problem, number, pairs)
        if problems:
            return None
        line = TravellerLine(
            PairRef("", ns_number) if ns_number else None,
            PairRef("", ew_number) if ew_number else None,
            ns,
            ns,
            note=self.r.line_note,
        )
        return side, ns, line

    def pair_number(self, elem: Element, tag: str, lpath: str, board: int) -> int | None:
        found = text(elem, tag)
        if not found:
            return None
        if _TEAM_PAIR.match(found):
            return self.written_number(found)  # its team: ``written_team``
        try:
            return values.parse_pair_number(found)[1]
        except ValueError as exc:
            self.r.error(f"{lpath}/{tag}", said_of(exc), board)
            return None

    def written_number(self, pair_text: str) -> int:
        """The pair number given to a pair written team-player-player."""
        written = _TEAM_PAIR.match(pair_text)
        assert written is not None  # both callers matched it first
        key = "-".join(str(int(g)) for g in written.groups())
        return self.written_pairs.setdefault(key, len(self.written_pairs) + 1)

    def home_side(
        self,
        elem: Element,
        lpath: str,
        board: int,
        home: Team,
        away: Team,
        teams: _Teams,
        ns_number: int | None,
        ew_number: int | None,
        pairs: str,
    ) -> Direction | None:
        """Where the home team sat: the line's DIRECTION, else its pairs' teams; both must agree."""
        by_pairs = None
        ns_text, ew_text = text(elem, "NS_PAIR_NUMBER"), text(elem, "EW_PAIR_NUMBER")
        ns_team = written_team(ns_text) if _TEAM_PAIR.match(ns_text) else teams.pair_team.get(ns_number or 0)
        ew_team = written_team(ew_text) if _TEAM_PAIR.match(ew_text) else teams.pair_team.get(ew_number or 0)
        if ns_team == home.number or ew_team == away.number:
            by_pairs = Direction.NS
        elif ew_team == home.number or ns_team == away.number:
            by_pairs = Direction.EW
        written = text(elem, "DIRECTION")
        if not written:
            if by_pairs is None:
                self.r.error(
                    lpath,
                    said(
                        msg(
                            "expected %(tag)s (NS or EW: where %(team)s sat at this table), or pair numbers "
                            "listed under the teams",
                            team=home.name,
                            tag="DIRECTION",
                        )
                    ),
                    board,
                    pairs,
                )
            return by_pairs
        try:
            side = values.parse_direction(written)
        except ValueError as exc:
            self.r.error(f"{lpath}/DIRECTION", said_of(exc), board, pairs)
            return None
        if side is None:
            self.r.error(
                f"{lpath}/DIRECTION",
                said(msg("expected NS or EW (where %(team)s sat), got %(found)s", team=home.name, found=repr(written))),
                board,
                pairs,
            )
            return None
        if by_pairs is not None and by_pairs is not side:
            seat = ns_number if side is Direction.NS else ew_number
            owner = teams.pair_team.get(seat or 0)
            self.r.error(
                f"{lpath}/DIRECTION",
                said(
                    msg(
                        "%(tag)s says %(team)s sat %(side)s, but the %(side)s pair %(pair)s is listed "
                        "under team %(owner)s: expected the home team's pair in the %(side)s seats",
                        team=home.name,
                        tag="DIRECTION",
                        side=str(side),
                        pair=str(seat),
                        owner=str(owner),
                    )
                ),
                board,
                pairs,
            )
            return None
        return side


def written_team(pair_text: str) -> int | None:
    """The team of a pair number written team-player-player ('10-3-4' → 10), else None."""
    m = _TEAM_PAIR.match(pair_text)
    return int(m.group(1)) if m else None


def _guess_unit(home: Figure | None, away: Figure | None) -> str:
    """Without MATCH_SCORING_METHOD: two scores adding up to 20 are VPs, anything else IMPs."""
    if home is not None and away is not None and home.value + away.value == 20:
        return "vp"
    return "imps"


__all__ = ["BOARD_SCORING", "MATCH_SCORING", "TeamsEventReader"]


def _team_label(number: int) -> str:
    """'team 3', the team a message is about."""
    return said(msg("team %(number)s", number=str(number)))


def _match_label(home: Team, away: Team) -> str:
    """'Aces v Kings', the match a message is about."""
    return said(msg("%(home)s v %(away)s", home=home.name, away=away.name))

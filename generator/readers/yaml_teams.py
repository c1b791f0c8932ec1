"""The teams part of our YAML session format: ``teams:``, ``matches:`` with each board's
``home_ns`` and ``home_ew`` rooms, and ``deals:`` (docs/yaml-format.md, "Teams")."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..model import (
    Board,
    Match,
    Outcome,
    Player,
    Team,
    TeamsBoard,
    TravellerLine,
)
from ..notation import Vulnerability
from ..scoring.contract import board_vulnerability
from ..scoring.message import msg
from ..scoring.said import Said, param_of, said, said_of
from . import values
from .hand_records import HandRecords
from .labels import place, versus
from .validate import outcome_problems
from .yaml_loader import LineDict, YamlReader


class TeamsFormat(YamlReader):
    """A teams session's teams, matches and hand records; each room's result is read as a
    pairs result is (``side``, from the pairs format)."""

    hands: HandRecords
    """The session's hand records (``_Reader.session`` makes them): a wrong deal is left out."""

    if TYPE_CHECKING:

        def side(self, spec: Any, vul: Vulnerability, board: int, artificial_side: str | None) -> Any: ...

    def team_deals(self, doc: dict[Any, Any], where: LineDict) -> tuple[Board, ...]:
        """Hand records of a teams session: `deals: [{board: 1, deal: "N:..."}]` (boards with no lines)."""
        raw = doc.get("deals") or []
        if not isinstance(raw, list):
            self.error(
                where,
                said(
                    msg(
                        "expected %(deals)s as a list of %(example)s, got %(found)s",
                        deals="deals",
                        example="{board: N, deal: ...}",
                        found=repr(raw),
                    )
                ),
            )
            return ()
        boards: dict[int, Board] = {}
        lines: dict[int, int] = {}
        for d in raw:
            if not self.mapping(d, where, msg("a deal")):
                continue
            try:
                number = values.board_number(d.get("board"), strings=False)
            except ValueError as exc:
                self.error(d, said_of(exc))
                continue
            if number in boards:
                self.error(
                    d,
                    said(
                        msg(
                            "board %(board)s has two deals (also %(where)s): expected one deal per board",
                            board=number,
                            where=place(f"line {lines[number]}"),
                        )
                    ),
                    number,
                )
                continue
            lines[number] = d.line
            try:
                boards[number] = Board(number, (), deal=values.parse_deal(str(d.get("deal") or "")))
            except ValueError as exc:  # optional: left out with a note, never the results
                self.hands.drop(number, f"line {d.line}", said_of(exc))
                boards[number] = Board(number, (), deal_note=self.hands.note(number))
        return tuple(boards[n] for n in sorted(boards))

    @staticmethod
    def room_line(outcome: Outcome | None, where: LineDict) -> TravellerLine | None:
        """The table's result as a traveller line (the teams' pairs are not numbered in our format)."""
        if outcome is None:
            return None
        return TravellerLine(None, None, outcome, outcome, source_line=where.line)

    def teams(self, doc: dict[Any, Any], where: LineDict) -> tuple[tuple[Team, ...], tuple[Match, ...]]:
        teams: dict[int, Team] = {}
        if doc.get("teams") is not None and not isinstance(doc.get("teams"), list):
            self.listed(doc, "teams", where, msg("teams ({number: 1, name: ..., players: [..]})"))
            return (), ()
        for t in self.listed(doc, "teams", where, msg("teams ({number: 1, name: ..., players: [..]})")):
            if not self.mapping(t, where, msg("a team")):
                continue
            try:
                n = values.number_of(t.get("number"), "team", strings=False)
            except ValueError as exc:
                self.error(t, said_of(exc))
                continue
            if n in teams:
                self.error(
                    t,
                    said(msg("team %(team)s is listed twice: expected each team once", team=n)),
                    pair=said(msg("team %(number)s", number=n)),
                )
                continue
            players = self.listed(t, "players", t, msg("players' names"))
            teams[n] = Team(n, str(t.get("name") or f"Team {n}"), tuple(Player(str(p)) for p in players))
        if not teams:
            self.error(
                where,
                said(msg("expected a list of teams (%(example)s)", example="{number: 1, name: ..., players: [..]}")),
            )
        matches = []
        rounds: dict[tuple[int, int], int] = {}
        for m in self.listed(doc, "matches", where, msg("matches ({home: 1, away: 2, boards: [..]})")):
            if not self.mapping(m, where, msg("a match")):
                continue
            home, away = (
                teams.get(t) if isinstance(t, int) and not isinstance(t, bool) else None
                for t in (m.get("home"), m.get("away"))
            )
            if home is None or away is None or home is away:
                self.error(
                    m,
                    said(
                        msg(
                            "expected %(home)s and %(away)s to be two different team numbers listed under %(teams)s, "
                            "got %(found_home)s and %(found_away)s",
                            home="home",
                            away="away",
                            teams="teams",
                            found_home=values.quoted(m.get("home")),
                            found_away=values.quoted(m.get("away")),
                        )
                    ),
                )
                continue
            rnd = None
            if m.get("round") is not None:
                try:
                    rnd = values.number_of(m.get("round"), "round", strings=False)
                except ValueError as exc:
                    self.error(m, said_of(exc))
                    continue
                clash = [t for t in (home, away) if (rnd, t.number) in rounds]
                if clash:
                    self.error(
                        m,
                        said(
                            msg(
                                "%(team)s plays two matches in round %(round)s (also %(where)s): "
                                "expected one match per team in a round",
                                team=clash[0].name,
                                round=rnd,
                                where=place(f"line {rounds[rnd, clash[0].number]}"),
                            )
                        ),
                        pair=versus(home.name, away.name),
                    )
                    continue
                rounds.update({(rnd, home.number): m.line, (rnd, away.number): m.line})
            adjustment = Fraction(0)
            if m.get("imp_adjustment") is not None:
                try:
                    adjustment = values.decimal(m.get("imp_adjustment"), "an IMP adjustment such as 3 or -1.5")
                except ValueError as exc:
                    self.error(
                        m,
                        said(msg("%(key)s: %(problem)s", key="imp_adjustment", problem=param_of(said_of(exc)))),
                        pair=versus(home.name, away.name),
                    )
                    continue
            boards = self.match_boards(m, home, away)
            if not boards:
                self.error(
                    m,
                    said(
                        msg(
                            "the match %(home)s v %(away)s has no boards: expected a list under %(key)s",
                            home=home.name,
                            away=away.name,
                            key="boards",
                        )
                    ),
                )
            matches.append(Match(home, away, tuple(boards), round=rnd, imp_adjustment=adjustment))
        return tuple(teams.values()), tuple(matches)

    def match_boards(self, m: LineDict, home: Team, away: Team) -> list[TeamsBoard]:
        boards: list[TeamsBoard] = []
        seen: dict[int, int] = {}
        for b in self.listed(m, "boards", m, msg("boards ({number: 1, home_ns: .., home_ew: ..})")):
            if not self.mapping(b, m, msg("a board")):
                continue
            try:
                number = values.board_number(b.get("number"), strings=False)
            except ValueError as exc:
                self.error(b, said_of(exc))
                continue
            if number in seen:
                self.error(
                    b,
                    said(
                        msg(
                            "board %(board)s appears twice in this match (also %(where)s): expected one entry per board",
                            board=number,
                            where=place(f"line {seen[number]}"),
                        )
                    ),
                    number,
                )
                continue
            seen[number] = b.line
            vul = board_vulnerability(number)
            rooms: list[Outcome | None] = []
            for room in ("home_ns", "home_ew"):
                if b.get(room) is None:
                    rooms.append(None)
                    continue
                try:
                    outcome = self.side(b[room], vul, number, artificial_side="ns")
                except ValueError as exc:
                    self.error(b, in_room(room, said_of(exc)), number, versus(home.name, away.name))
                    rooms.append(None)
                    continue
                for problem in outcome_problems(outcome, vul):
                    self.error(b, in_room(room, problem), number, versus(home.name, away.name))
                rooms.append(outcome)
            if rooms == [None, None]:
                self.error(
                    b,
                    said(
                        msg(
                            "board %(board)s has no results: expected %(home_ns)s and %(home_ew)s",
                            board=number,
                            home_ns="home_ns",
                            home_ew="home_ew",
                        )
                    ),
                    number,
                )
                continue
            where_rooms = [b.get(r) if isinstance(b.get(r), LineDict) else b for r in ("home_ns", "home_ew")]
            boards.append(TeamsBoard(number, rooms[0], rooms[1], *map(self.room_line, rooms, where_rooms)))
        return boards


def in_room(room: str, problem: str) -> Said:
    """A room's result not understood: the room's key (home_ns, home_ew) before the problem."""
    return said(msg("%(key)s: %(problem)s", key=room, problem=param_of(problem)))

"""Our YAML session format (docs/yaml-format.md) → sessions: the document's sessions, and the
pairs format (sections, pairs or players, boards and results, strata).

A result is a contract (the score is computed, Law 77), a raw score, an artificial score
(``A60/40``, ``A+/A-``, ``A=``), a weighted score or a split score.  The guarded loader is
``yaml_loader.py``, the penalties grammar ``yaml_penalties.py``, the teams format
``yaml_teams.py`` and the Swiss rounds ``yaml_swiss.py``.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from fractions import Fraction
from typing import Any

import yaml

from ..cycles import paused_gc
from ..errors import InputError
from ..model import (
    Artificial,
    Board,
    Component,
    Deal,
    Direction,
    Outcome,
    Pair,
    PairRef,
    Play,
    Player,
    Scored,
    ScoringMethod,
    Section,
    Session,
    SitOut,
    Stratum,
    TravellerLine,
)
from ..notation import Contract, ContractError, Seat, Vulnerability
from ..scoring.contract import board_vulnerability, ns_score, parse_tricks
from ..scoring.message import msg
from ..scoring.message import seat as seat_code
from ..scoring.options import DEFAULT_OPTIONS, OptionError
from ..scoring.said import Said, param_of, said, said_of
from . import values
from .conventions import contract_error
from .hand_records import HandRecords
from .hand_records import dealer as hand_dealer
from .individual import player_label, seats_of
from .labels import pair_label, place
from .printed import KEY, PrintedFigures
from .registry import Check, Reading, checked
from .sitouts import yaml_sitout
from .validate import Places
from .yaml_loader import DuplicateKeys, LineDict, LoadError, load
from .yaml_penalties import PenaltiesFormat, howell_direction, no_direction
from .yaml_swiss import read_swiss
from .yaml_teams import TeamsFormat

_WHOLE = Fraction(1)
"""The weight of an ordinary result's one component."""
_SEATS: dict[str, Seat] = {}
"""Declarers as written (``N``, ``n``, ``North``...), each read once."""

_VULNERABILITY = {
    "none": Vulnerability.NONE,
    "love": Vulnerability.NONE,
    "ns": Vulnerability.NS,
    "ew": Vulnerability.EW,
    "both": Vulnerability.BOTH,
    "all": Vulnerability.BOTH,
}


def read_yaml(file: str, data: bytes) -> tuple[list[Session], list[InputError]]:
    """The sessions and every problem, checked as ``read_sessions`` checks them."""
    return checked(file, reading(file, data))


def reading(file: str, data: bytes) -> Reading:
    """The YAML reader of the registry: the sessions read, not yet checked."""
    with paused_gc():
        return _read_yaml(file, data)


def _read_yaml(file: str, data: bytes) -> Reading:
    try:
        doc = load(data.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        return Reading(
            [],
            [
                InputError(
                    file, f"byte {exc.start}", said(msg("the file is not UTF-8 text: expected a UTF-8 YAML file"))
                )
            ],
        )
    except LoadError as exc:
        return Reading([], [InputError(file, f"line {exc.line}", exc.message)])
    except DuplicateKeys as exc:
        return Reading(
            [],
            [
                InputError(
                    file,
                    f"line {line}",
                    said(
                        msg(
                            "the key %(key)s appears twice in one mapping (also earlier on this line): "
                            "expected each key once (which value was meant?)",
                            key=values.quoted(key),
                        )
                        if first == line
                        else msg(
                            "the key %(key)s appears twice in one mapping (also %(where)s): "
                            "expected each key once (which value was meant?)",
                            key=values.quoted(key),
                            where=place(f"line {first}"),
                        )
                    ),
                )
                for line, first, key in exc.duplicates
            ],
        )
    except yaml.reader.ReaderError as exc:
        text = data.decode("utf-8-sig", errors="replace")
        line = text.count("\n", 0, exc.position) + 1
        return Reading(
            [],
            [
                InputError(
                    file,
                    f"line {line}",
                    said(
                        msg(
                            "the file holds the control character %(character)s, which YAML does not allow: "
                            "expected plain text",
                            character=f"#x{exc.character:04x}",
                        )
                    ),
                )
            ],
        )
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        return Reading(
            [],
            [
                InputError(
                    file,
                    where,
                    said(
                        msg(
                            "malformed YAML (%(problem)s): expected a YAML session as in docs/yaml-format.md",
                            problem=str(problem),
                        )
                    ),
                )
            ],
        )
    if not isinstance(doc, LineDict):  # every mapping loads as a LineDict
        return Reading(
            [],
            [
                InputError(
                    file,
                    "line 1",
                    said(
                        msg(
                            "expected a mapping of session details (%(keys)s), got %(found)s",
                            keys="club, event, method, ...",
                            found=type(doc).__name__,
                        )
                    ),
                )
            ],
        )
    reader = _Reader(file)
    parts = doc.get("sessions")
    if isinstance(parts, list):
        if doc.get("penalties") is not None:
            first = doc["penalties"][0] if isinstance(doc["penalties"], list) and doc["penalties"] else None
            reader.error(
                first if isinstance(first, LineDict) else doc,
                said(
                    msg(
                        "%(penalties)s belong to one session: expected them under that session's item in %(sessions)s",
                        penalties="penalties",
                        sessions="sessions",
                    )
                ),
            )
        shared = {k: v for k, v in doc.items() if k not in ("sessions", "penalties")}
        sessions = [
            reader.session({**shared, **part}, part) for part in parts if reader.mapping(part, doc, msg("a session"))
        ]
    else:
        sessions = [reader.session(doc, doc)]
    return Reading([s for s in sessions if s is not None], reader.errors, reader.checks)


class _Reader(PenaltiesFormat, TeamsFormat):
    """A pairs (or individual) session: sections, pairs, boards and results, strata; the
    penalties grammar and the teams format are their own modules."""

    def __init__(self, file: str):
        super().__init__(file)
        self.checks: list[Check] = []
        """Each pairs session read, for the registry's checks (``registry.checked``)."""
        self.strata: tuple[Stratum, ...] = ()
        self.strata_given = False
        self.pair_lines: dict[PairRef, str] = {}
        """Where each pair was listed (line), for the checks on pairs in ``validate``."""
        self.individual = False
        """The session lists ``players:`` (an individual event): results seat N, S, E and W."""
        self.sitouts: list[SitOut] = []
        """The results marked ``sitout: true``: which pair sat out which board."""
        self.refs: dict[tuple[str, int, str], PairRef] = {}
        """Each pair's PairRef, made once (a session names each pair on every board)."""
        self.board_outcomes: dict[tuple[str, str, int], tuple[Any, Any]] = {}
        """The board's usual results read already (see ``outcomes_of``)."""

    # --- session -------------------------------------------------------------------------
    def session(self, doc: dict[Any, Any], where: LineDict) -> Session | None:
        method_text = str(doc.get("method", "")).strip().lower()
        try:
            method = ScoringMethod(method_text)
        except ValueError:
            self.error(
                where,
                said(
                    msg(
                        "unknown method %(found)s: expected one of %(methods)s",
                        found=repr(doc.get("method")),
                        methods=", ".join(m.value for m in ScoringMethod),
                    )
                ),
            )
            return None
        self.hands = HandRecords()  # this session's; a file of several reads each alone
        options = doc.get("options") or {}
        if not isinstance(options, dict):
            self.error(
                where,
                said(
                    msg(
                        "expected %(key)s as a mapping of option names to values, got %(found)s",
                        key="options",
                        found=repr(options),
                    )
                ),
            )
            options = {}
        try:
            DEFAULT_OPTIONS.with_overrides(options)
        except OptionError as exc:
            self.error(options if isinstance(options, LineDict) else where, str(exc))
        when = doc.get("date")
        if when is not None and not isinstance(when, date):
            try:
                when = values.parse_date(str(when))
            except ValueError as exc:
                self.error(where, said_of(exc))
                when = None
        printed = PrintedFigures(program="YAML")  # holds no figures: the hand records' warnings
        common = {
            "title": str(doc.get("event") or doc.get("title") or "Untitled session"),
            "method": method,
            "club": str(doc.get("club") or ""),
            "event": str(doc.get("event") or ""),
            "date": when,
            "source": self.file,
            "options": dict(options),
            "printed": {KEY: printed},
        }
        if method is ScoringMethod.TEAMS:
            if doc.get("penalties") is not None:
                self.error(
                    where,
                    said(
                        msg(
                            "%(penalties)s apply to pairs sessions: expected a teams director's adjustment as "
                            "%(key)s on the match",
                            penalties="penalties",
                            key="imp_adjustment",
                        )
                    ),
                )
            if doc.get("strata") is not None:
                self.error(
                    where,
                    said(
                        msg(
                            "%(strata)s apply to pairs sessions: expected no %(strata)s in a teams session",
                            strata="strata",
                        )
                    ),
                )
            teams, matches = self.teams(doc, where)
            boards = self.team_deals(doc, where)
            printed.warnings.extend(self.hands.warnings())
            return Session(teams=teams, matches=matches, boards=boards, **common)  # type: ignore[arg-type]  # common: Session's own fields
        places = Places()
        self.individual = doc.get("players") is not None
        if self.individual and (doc.get("pairs") is not None or doc.get("sections") is not None):
            self.error(
                where,
                said(
                    msg(
                        "an individual event lists %(players)s: expected %(players_key)s or %(pairs_key)s "
                        "(or %(sections_key)s), not both",
                        players="players",
                        players_key="players:",
                        pairs_key="pairs:",
                        sections_key="sections:",
                    )
                ),
            )
            return None
        if self.individual and doc.get("swiss") is not None:
            self.error(
                where,
                said(
                    msg(
                        "Swiss pairs is an event for pairs: expected %(pairs_key)s, not %(players_key)s, with %(swiss_key)s",
                        pairs_key="pairs:",
                        players_key="players:",
                        swiss_key="swiss:",
                    )
                ),
            )
            return None
        self.strata = self.read_strata(doc.get("strata"), where)
        self.strata_given = doc.get("strata") is not None
        sections, boards = self.sections(doc, where, places)
        printed.warnings.extend(self.hands.warnings())
        penalties = self.penalties(doc.get("penalties"), where, method, sections)
        session = Session(
            sections=sections,
            boards=boards,
            penalties=penalties,
            strata=self.strata,
            individual=self.individual,
            sitouts=tuple(self.sitouts),
            **common,  # type: ignore[arg-type]  # common: Session's own fields
        )
        places.pairs.update(self.pair_lines)
        self.checks.append(Check(session, places, len(self.errors)))
        swiss = doc.get("swiss")
        if swiss is not None:
            rounds, problems = read_swiss(self.file, swiss, swiss if hasattr(swiss, "line") else where, session)
            self.errors += problems
            session = replace(session, swiss=rounds)
        return session

    def sections(
        self, doc: dict[Any, Any], where: LineDict, places: Places
    ) -> tuple[tuple[Section, ...], tuple[Board, ...]]:
        raw = doc.get("sections")
        if self.individual:
            raw = [LineDict(name="", players=doc.get("players"))]
            raw[0].line = where.line
        elif raw is None:
            raw = [LineDict(name="", pairs=doc.get("pairs"))]
            raw[0].line = where.line
        if not isinstance(raw, list):
            self.error(where, said(msg("expected %(key)s as a list, got %(found)s", key="sections", found=repr(raw))))
            return (), ()
        movement = str(doc.get("movement", "")).strip().lower()
        if movement not in ("", "mitchell", "howell"):
            self.error(
                where,
                said(
                    msg(
                        "unknown movement %(found)s: expected %(mitchell)s or %(howell)s",
                        found=repr(movement),
                        mitchell="mitchell",
                        howell="howell",
                    )
                ),
            )
        sections: list[tuple[str, list[Pair], bool]] = []
        lines: dict[int, list[TravellerLine]] = {}
        deals: dict[int, tuple[Deal | None, Seat | None, Vulnerability | None]] = {}
        board_lines: dict[int, int] = {}
        for sec in raw:
            if not self.mapping(sec, where, msg("a section")):
                continue
            name = str(sec.get("name") or "")
            if self.individual:
                sections.append((name, self.players(sec.get("players"), sec, name), False))
                continue
            pairs = self.pairs(sec.get("pairs"), sec, name, movement)
            mitchell = any(p.ref.direction for p in pairs) if movement == "" else movement == "mitchell"
            sections.append((name, pairs, mitchell))
            self.share_refs(name, pairs, mitchell)
        section_info = {name: mitchell for name, _, mitchell in sections}
        default = sections[0][0] if len(sections) == 1 else None
        groups = [(doc.get("boards"), where, default)] + [
            (s.get("boards"), s, str(s.get("name") or ""))
            for s in raw
            if isinstance(s, dict) and s.get("boards") is not None
        ]
        for boards, parent, sec_name in groups:
            if boards is None:
                continue
            if not isinstance(boards, list):
                self.error(
                    parent, said(msg("expected %(key)s as a list, got %(found)s", key="boards", found=repr(boards)))
                )
                continue
            for b in boards:
                self.board(b, parent, sec_name, section_info, lines, deals, board_lines, places)
        out = []
        for number in sorted(lines):
            deal, dealer, vul = deals[number]
            board = Board(
                number,
                tuple(lines[number]),
                deal=deal,
                dealer=dealer,
                vulnerability=vul,
                deal_note=self.hands.note(number),
            )
            places.boards[id(board)] = f"line {board_lines[number]}"
            out.append(board)
        winners = {name: 2 if m else 1 for name, _, m in sections}
        return tuple(Section(name, tuple(pairs), winners[name]) for name, pairs, _ in sections), tuple(out)

    def share_refs(self, section: str, pairs: list[Pair], mitchell: bool) -> None:
        """The results name each listed pair by the list's own PairRef: validation's quick pass
        (``validate._clean``) then finds every pair by identity, with no full pass per board."""
        for pair in pairs:
            ref = pair.ref
            if mitchell and ref.direction is not None:  # the keys and refs ``result`` makes
                self.refs.setdefault((section, ref.number, "ns" if ref.direction is Direction.NS else "ew"), ref)
            elif not mitchell and ref.direction is None:
                self.refs.setdefault((section, ref.number, ""), ref)

    def pairs(self, raw: Any, where: LineDict, section: str, movement: str) -> list[Pair]:
        if not isinstance(raw, list) or not raw:
            self.error(
                where,
                said(
                    msg(
                        "expected a list of pairs (%(example)s), got %(found)s",
                        example="{number: 1, players: [..]}",
                        found=repr(raw),
                    )
                ),
            )
            return []
        out: list[Pair] = []
        seen: set[PairRef] = set()
        for p in raw:
            if not self.mapping(p, where, msg("a pair")):
                continue
            try:
                number = values.number_of(p.get("number"), "pair", strings=False)
            except ValueError as exc:
                self.error(p, said_of(exc))
                continue
            direction = None
            if p.get("direction") is not None:
                try:
                    direction = values.parse_direction(str(p.get("direction")))
                except ValueError as exc:
                    self.error(p, said_of(exc), pair=pair_label(PairRef("", number)))
                    continue
            if movement == "mitchell" and direction is None:
                self.error(
                    p,
                    no_direction(number),
                    pair=pair_label(PairRef("", number)),
                )
                continue
            if movement == "howell" and direction is not None:
                self.error(
                    p,
                    howell_direction(number),
                    pair=pair_label(PairRef("", number)),
                )
                continue
            players = p.get("players") or []
            if isinstance(players, str):
                players = [n.strip() for n in players.replace(" and ", "&").split("&")]
            if not isinstance(players, list):
                self.error(
                    p,
                    said(msg("expected %(key)s as a list of names, got %(found)s", key="players", found=repr(players))),
                    pair=pair_label(PairRef("", number)),
                )
                players = []
            ref = PairRef(section, number, direction)
            if ref in seen:
                self.error(
                    p,
                    said(
                        msg(
                            "pair %(pair)s %(direction)s is listed twice: expected each pair once",
                            pair=number,
                            direction=seat_code(str(direction)),
                        )
                        if direction
                        else msg("pair %(pair)s is listed twice: expected each pair once", pair=number)
                    ),
                    pair=pair_label(PairRef("", number)),
                )
                continue
            seen.add(ref)
            handicap = None
            if p.get("handicap") is not None:
                try:
                    handicap = values.parse_handicap(p.get("handicap"))
                except ValueError as exc:
                    self.error(
                        p,
                        said(
                            msg("handicap of pair %(pair)s: %(problem)s", pair=number, problem=param_of(said_of(exc)))
                        ),
                        pair=pair_label(PairRef("", number)),
                    )
                    handicap = Fraction(0)  # reported: keeps "no handicap" from being reported as well
            self.pair_lines[ref] = f"line {p.line}"
            masterpoints = None
            if p.get("masterpoints") is not None:
                award = p.get("masterpoints")
                awarded, kind = (
                    (award.get("awarded"), award.get("type", "")) if isinstance(award, dict) else (award, "")
                )
                try:
                    masterpoints = values.parse_masterpoints(awarded, kind)
                except ValueError as exc:
                    self.error(
                        p,
                        said(
                            msg(
                                "masterpoints of pair %(pair)s: %(problem)s",
                                pair=number,
                                problem=param_of(said_of(exc)),
                            )
                        ),
                        pair=pair_label(PairRef("", number)),
                    )
            stratum = self.pair_stratum(p, number)
            out.append(
                Pair(ref, tuple(Player(str(n)) for n in players if str(n).strip()), handicap, masterpoints, stratum)
            )
        return out

    def players(self, raw: Any, where: LineDict, section: str) -> list[Pair]:
        """An individual event's ``players: [{number: 1, name: Ann Ash}, ...]``: one ``Pair`` of one player each."""
        if not isinstance(raw, list) or not raw:
            self.error(
                where,
                said(
                    msg(
                        "expected a list of players (%(example)s), got %(found)s",
                        example="{number: 1, name: Ann Ash}",
                        found=repr(raw),
                    )
                ),
            )
            return []
        out: list[Pair] = []
        seen: dict[PairRef, str] = {}
        for p in raw:
            if not self.mapping(p, where, msg("a player")):
                continue
            try:
                number = values.number_of(p.get("number"), "player", strings=False)
            except ValueError as exc:
                self.error(p, said_of(exc))
                continue
            ref = PairRef(section, number)
            name = p.get("name")
            if not isinstance(name, str) or not name.strip():
                self.error(
                    p,
                    said(
                        msg(
                            "expected the name of player %(number)s under %(key)s, got %(found)s",
                            number=number,
                            key="name",
                            found=repr(name),
                        )
                    ),
                    pair=player_label(ref),
                )
                continue
            if ref in seen:
                self.error(
                    p,
                    said(
                        msg(
                            "%(who)s is listed twice (also %(where)s): expected each player once",
                            who=param_of(player_label(ref)),
                            where=place(seen[ref]),
                        )
                    ),
                    pair=player_label(ref),
                )
                continue
            seen[ref] = self.pair_lines[ref] = f"line {p.line}"
            player_id = p.get("id")
            out.append(
                Pair(ref, (Player(name.strip(), str(player_id) if player_id is not None else None),), is_player=True)
            )
        return out

    def seats(self, r: LineDict, board: int, section: str) -> tuple[Any, str] | None:
        """The four players of an individual event's result (``N: 1, S: 2, E: 3, W: 4``)."""
        numbers: dict[str, int | None] = {}
        for seat in "NSEW":
            n = r.get(seat, r.get(seat.lower()))
            if n is not None and (not isinstance(n, int) or isinstance(n, bool)):
                self.error(
                    r,
                    said(
                        msg(
                            "expected the player number in %(seat)s, got %(found)s", seat=seat_code(seat), found=repr(n)
                        )
                    ),
                    board,
                )
                return None
            numbers[seat] = n
        try:
            seats = seats_of(numbers, section)
        except ValueError as exc:
            self.error(r, said_of(exc), board)
            return None
        return seats, f"N {numbers['N']}, S {numbers['S']} v E {numbers['E']}, W {numbers['W']}"

    # --- strata -------------------------------------------------------------------------
    def read_strata(self, raw: Any, where: LineDict) -> tuple[Stratum, ...]:
        """``strata: [{name: A}, {name: B, max_rating: 1500}, {name: C, max_rating: 500}]``, highest first."""
        if raw is None:
            return ()
        if not isinstance(raw, list) or not raw:
            self.error(
                where,
                said(
                    msg(
                        "expected %(strata)s as a list, highest first, such as %(example)s",
                        strata="strata",
                        example="[{name: A}, {name: B, max_rating: 1500}]",
                    )
                ),
            )
            return ()
        out: list[Stratum] = []
        for index, item in enumerate(raw):
            if not self.mapping(item, where, msg("a stratum")):
                return ()
            name = str(item.get("name") or "").strip()
            if not name or len(name) > 20:
                self.error(
                    item,
                    said(msg("expected a stratum name such as A, B or C, got %(found)s", found=repr(item.get("name")))),
                )
                return ()
            if name in [s.name for s in out]:
                self.error(item, said(msg("stratum %(name)s is listed twice: expected each stratum once", name=name)))
                return ()
            limit = item.get("max_rating")
            if limit is not None:
                try:
                    limit = values.decimal(limit)
                except ValueError:
                    limit = None
                if limit is None:
                    self.error(
                        item,
                        said(
                            msg(
                                "stratum %(name)s: expected %(key)s as a number such as 1500, got %(found)s",
                                name=name,
                                key="max_rating",
                                found=repr(item.get("max_rating")),
                            )
                        ),
                    )
                    return ()
            if index == 0 and limit is not None:
                self.error(
                    item,
                    said(
                        msg(
                            "stratum %(name)s: the first (highest) stratum is open to every pair: expected no %(key)s",
                            name=name,
                            key="max_rating",
                        )
                    ),
                )
                return ()
            if index > 0 and out[-1].max_rating is not None and limit is not None and limit >= out[-1].max_rating:
                self.error(
                    item,
                    said(
                        msg(
                            "stratum %(name)s: %(key)s %(limit)s is not below %(other)s's %(other_limit)s: "
                            "expected the strata highest first",
                            name=name,
                            key="max_rating",
                            limit=fmt_number(limit),
                            other=out[-1].name,
                            other_limit=fmt_number(out[-1].max_rating),
                        )
                    ),
                )
                return ()
            out.append(Stratum(name, limit))
        return tuple(out)

    def pair_stratum(self, p: LineDict, number: int) -> str | None:
        """The pair's stated stratum, or the lowest whose max_rating its rating is within."""
        if not self.strata:
            if not self.strata_given and (p.get("stratum") is not None or p.get("rating") is not None):
                self.error(
                    p,
                    said(
                        msg(
                            "pair %(pair)s has a stratum or rating but the session lists no strata: "
                            "expected %(example)s first",
                            pair=number,
                            example="strata: [{name: A}, {name: B, max_rating: ...}]",
                        )
                    ),
                    pair=pair_label(PairRef("", number)),
                )
            return None
        names = [s.name for s in self.strata]
        if p.get("stratum") is not None:
            stated = str(p.get("stratum")).strip()
            if stated not in names:
                self.error(
                    p,
                    said(
                        msg(
                            "stratum %(found)s of pair %(pair)s does not exist: expected one of %(names)s",
                            found=repr(stated),
                            pair=number,
                            names=", ".join(names),
                        )
                    ),
                    pair=pair_label(PairRef("", number)),
                )
                return names[0]
            return stated
        rating = p.get("rating")
        if rating is None:
            self.error(
                p,
                said(
                    msg(
                        "pair %(pair)s has no stratum: expected a stratum (%(names)s) or a rating",
                        pair=number,
                        names=", ".join(names),
                    )
                ),
                pair=pair_label(PairRef("", number)),
            )
            return names[0]
        try:
            value: Fraction | None = values.decimal(rating)
        except ValueError:
            value = None
        if value is None or value < 0:
            self.error(
                p,
                said(
                    msg(
                        "rating of pair %(pair)s: expected a number such as 850, got %(found)s",
                        pair=number,
                        found=repr(rating),
                    )
                ),
                pair=pair_label(PairRef("", number)),
            )
            return names[0]
        for stratum in reversed(self.strata):
            if stratum.max_rating is not None and value <= stratum.max_rating:
                return stratum.name
        return names[0]

    # --- boards and results --------------------------------------------------------------
    def board(
        self,
        b: Any,
        parent: Any,
        section: str | None,
        info: dict[str, bool],
        lines: dict[int, list[TravellerLine]],
        deals: dict[int, tuple[Deal | None, Seat | None, Vulnerability | None]],
        board_lines: dict[int, int],
        places: Places,
    ) -> None:
        if not self.mapping(b, parent, msg("a board")):
            return
        try:
            number = values.board_number(b.get("number"), strings=False)
        except ValueError as exc:
            self.error(b, said_of(exc))
            return
        vul = None
        if b.get("vulnerability") is not None:
            vul = _VULNERABILITY.get(str(b["vulnerability"]).strip().lower())
            if vul is None:
                self.error(
                    b,
                    said(
                        msg(
                            "expected %(key)s %(values)s, got %(found)s",
                            key="vulnerability",
                            values="None, NS, EW or Both",
                            found=repr(b["vulnerability"]),
                        )
                    ),
                    number,
                )
        # The hand record (deal and dealer) is optional: a wrong one is left out with a note,
        # never the board's results (``hand_records``).
        dealer = None
        if b.get("dealer") is not None:
            try:
                dealer = hand_dealer(str(b["dealer"]))
            except ValueError as exc:
                self.hands.drop(
                    number, f"line {b.line}", said(msg("the dealer: %(problem)s", problem=param_of(said_of(exc))))
                )
        deal = None
        if b.get("deal"):
            try:
                deal = values.parse_deal(str(b["deal"]))
            except ValueError as exc:
                self.hands.drop(number, f"line {b.line}", said_of(exc))  # its message, for another language
        if number in self.hands.dropped:
            deal = dealer = None
        deals.setdefault(number, (deal, dealer, vul))
        board_lines.setdefault(number, b.line)
        results = b.get("results")
        if not isinstance(results, list):
            self.error(
                b, said(msg("board %(board)s has no results: expected a list under results", board=number)), number
            )
            return
        bucket = lines.setdefault(number, [])
        self.board_outcomes = {}
        vulnerability = vul or board_vulnerability(number)
        for r in results:
            if not self.mapping(r, b, msg("a result")):
                continue
            if "sitout" in r:
                self.sitout(r, number, section, info)
                continue
            line = self.result(r, number, section, info, vulnerability, places)
            if line is None:
                places.dropped.add(number)
            else:  # (its place in messages: ``Places.line`` writes 'line N' from its source_line)
                bucket.append(line)

    def sitout(self, r: LineDict, board: int, section: str | None, info: dict[str, bool]) -> None:
        """A result ``{ns: 5, sitout: true}``: pair 5 sat the board out (see sitouts.py)."""
        sec = str(r.get("section", section if section is not None else ""))
        if sec not in info:
            self.error(r, unknown_section(sec, info), board)
            return
        found = yaml_sitout(r, board, sec, info[sec], r.line, individual=self.individual)
        if isinstance(found, str):
            named = [
                said(
                    msg("player %(number)s", number=str(r[k]))
                    if k == "player"
                    else msg("pair %(number)s", number=str(r[k]))
                )
                for k in ("ns", "ew", "pair", "player")
                if r.get(k) is not None
            ]
            self.error(r, found, board, named[0] if len(named) == 1 else None)
        else:
            self.sitouts.append(found)

    def result(
        self, r: LineDict, board: int, section: str | None, info: dict[str, bool], vul: Vulnerability, places: Places
    ) -> TravellerLine | None:
        sec = str(r.get("section", section if section is not None else ""))
        if sec not in info:
            self.error(r, unknown_section(sec, info), board)
            return None
        mitchell = info[sec]
        refs: list[PairRef] = []
        seats = None
        pair_text = ""
        if self.individual:
            found = self.seats(r, board, sec)
            if found is None:
                places.dropped.add(board)
                return None
            seats, pair_text = found
            refs = [seats.north, seats.east]
        for side, direction in (("ns", Direction.NS), ("ew", Direction.EW)) if not self.individual else ():
            n = r.get(side)
            if n.__class__ is not int:  # a bool is not a pair number
                self.error(
                    r,
                    said(
                        msg(
                            "expected the %(direction)s pair number under %(key)s, got %(found)s",
                            direction=seat_code(side.upper()),
                            key=side,
                            found=repr(n),
                        )
                    ),
                    board,
                )
                return None
            key = (sec, n, side if mitchell else "")  # strings hash in C, a Direction in Python
            ref = self.refs.get(key)
            if ref is None:
                ref = self.refs[key] = PairRef(sec, n, direction if mitchell else None)
            refs.append(ref)
        try:
            ns, ew = self.outcomes_of(r, vul, board)
        except ValueError as exc:
            if not self.individual:
                pair_text = said(
                    msg(
                        "%(ns)s v %(ew)s",
                        ns=param_of(pair_label(refs[0], "NS") or "None"),
                        ew=param_of(pair_label(refs[1], "EW") or "None"),
                    )
                )
            self.error(r, said_of(exc), board, pair_text)
            places.drop(
                board, None if self.individual else refs[0], None if self.individual else refs[1], f"line {r.line}"
            )
            return None
        return TravellerLine(refs[0], refs[1], ns, ew, section=sec, source_line=r.line, seats=seats)

    def outcomes_of(self, r: LineDict, vul: Vulnerability, board: int) -> tuple[Any, Any]:
        """The NS and EW outcomes of a result; raises ValueError.  The usual result, exactly
        ``{ns: 1, ew: 2, contract: 4S, by: N, tricks: 10}``, is read once per distinct contract,
        declarer and tricks on a board (``board_outcomes``): a board's travellers repeat a few,
        and the outcomes are immutable values."""
        if len(r) == 5 and not self.individual:  # ns and ew are there: the three others are these
            contract, by, tricks = r.get("contract"), r.get("by"), r.get("tricks")
            if contract.__class__ is str and by.__class__ is str and tricks.__class__ is int:
                key = (contract, by, tricks)
                found = self.board_outcomes.get(key)
                if found is None:
                    found = self.board_outcomes[key] = self.read_outcomes(r, vul, board)
                return found
        return self.read_outcomes(r, vul, board)

    def read_outcomes(self, r: LineDict, vul: Vulnerability, board: int) -> tuple[Any, Any]:
        if "split" in r:
            split = r["split"]
            if not isinstance(split, dict) or "ns" not in split or "ew" not in split:
                raise ValueError(
                    said(
                        msg(
                            "expected %(split)s with %(ns)s and %(ew)s results, got %(found)s",
                            split="split",
                            ns="ns:",
                            ew="ew:",
                            found=repr(split),
                        )
                    )
                )
            ns = self.side(split["ns"], vul, board, artificial_side="ns")
            ew = self.side(split["ew"], vul, board, artificial_side="ew")
        else:
            ns = ew = self.side(r, vul, board, artificial_side=None)
            if isinstance(ns, tuple):
                ns, ew = ns
        return ns, ew

    def side(
        self, spec: Any, vul: Vulnerability, board: int, artificial_side: str | None
    ) -> Outcome | tuple[Artificial, Artificial]:
        """One outcome (or (ns, ew) artificial pair when not a split side) from a result spec."""
        if not isinstance(spec, dict):
            raise ValueError(
                said(
                    msg(
                        "expected a result such as %(example)s or %(score)s, got %(found)s",
                        example="{contract: 4S, by: N, tricks: 10}",
                        score="{score: 420}",
                        found=repr(spec),
                    )
                )
            )
        if "weighted" in spec:
            parts = spec["weighted"]
            if not isinstance(parts, list) or len(parts) < 2:
                raise ValueError(
                    said(
                        msg(
                            "expected %(weighted)s as a list of two or more components with weights, got %(found)s",
                            weighted="weighted",
                            found=repr(parts),
                        )
                    )
                )
            components = []
            for part in parts:
                if not isinstance(part, dict) or "weight" not in part:
                    raise ValueError(
                        said(
                            msg(
                                "expected each weighted component to have a weight such as 60%%, got %(found)s",
                                found=repr(part),
                            )
                        )
                    )
                play = self.play(part, vul)
                if not isinstance(play, Play):
                    raise ValueError(
                        said(
                            msg(
                                "expected a real score in a weighted component, got %(found)s",
                                found=repr(part.get("score")),
                            )
                        )
                    )
                components.append(Component(values.parse_weight(part["weight"]), play))
            return Scored(tuple(components))
        score = spec.get("score")
        if isinstance(score, str) and values.is_artificial_text(score) and "contract" not in spec:
            if artificial_side is not None:
                try:
                    return values.side_artificial(score)
                except ValueError:
                    ns, ew = values.parse_artificial(score)
                    return ns if artificial_side == "ns" else ew
            return values.parse_artificial(score)
        return Scored((Component(_WHOLE, self.play(spec, vul)),))  # Scored.of, with one Fraction(1) for all

    def play(self, spec: dict[Any, Any], vul: Vulnerability) -> Play:
        score = spec.get("score")
        if score is not None and (not isinstance(score, int) or isinstance(score, bool)):
            raise ValueError(values.score_expected(repr(str(score))))
        lead = str(spec["lead"]) if spec.get("lead") is not None else None
        if "contract" not in spec:
            if score is None:
                raise ValueError(
                    said(msg("expected contract + by + tricks, a score, weighted or split, found none of them"))
                )
            return Play(score, lead=lead)
        try:
            contract = Contract.parse(str(spec["contract"]))
            if contract.passed_out:
                return Play(0 if score is None else score, contract, None, 0, lead)
            by = spec.get("by", "")
            declarer = _SEATS.get(by) if by.__class__ is str else None
            if declarer is None:
                declarer = Seat.parse(str(by))
                if by.__class__ is str and len(_SEATS) < 64:
                    _SEATS[by] = declarer
            if "tricks" in spec:
                tricks = spec["tricks"]
                if not isinstance(tricks, int) or isinstance(tricks, bool):
                    raise ValueError(
                        said(msg("expected tricks as a whole number 0 to 13, got %(tricks)s", tricks=repr(tricks)))
                    )
                if not 0 <= tricks <= 13:
                    raise ValueError(said(msg("tricks must be 0 to 13, got %(tricks)s", tricks=tricks)))
            elif "result" in spec:
                tricks = parse_tricks(str(spec["result"]), contract)
            else:
                raise ValueError(
                    said(
                        msg(
                            "expected tricks (0-13) or result ('=', '+1', '-2') with contract %(contract)s",
                            contract=str(spec["contract"]),
                        )
                    )
                )
        except ContractError as exc:
            raise ValueError(contract_error(exc, str(spec["contract"]), str(spec.get("by", "")))) from None
        computed = ns_score(contract, declarer, tricks, vul)
        return Play(computed if score is None else score, contract, declarer, tricks, lead)


def unknown_section(found: str, sections: dict[str, bool]) -> Said:
    """A result naming a section the session does not have."""
    return said(
        msg(
            "unknown section %(found)s: expected one of %(sections)s",
            found=repr(found),
            sections=", ".join(repr(s) for s in sections),
        )
    )


def fmt_number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(float(value))

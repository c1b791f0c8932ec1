"""Our YAML session format (docs/yaml-format.md) → sessions.

Loaded with a ``yaml.SafeLoader`` subclass that remembers the line of every mapping, so
that each error names its line; aliases (``*name``) are refused, which also rules out
alias bombs.  A result is a contract (the score is computed, Law 77), a raw score, an
artificial score (``A60/40``, ``A+/A-``, ``A=``), a weighted score or a split score.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date
from fractions import Fraction
from typing import Any

import yaml
from yaml.composer import ComposerError
from yaml.constructor import SafeConstructor
from yaml.events import AliasEvent, MappingEndEvent, ScalarEvent, SequenceEndEvent, SequenceStartEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..errors import InputError
from ..model import (
    Board,
    Component,
    Deal,
    Direction,
    Match,
    Outcome,
    Pair,
    PairRef,
    Penalty,
    PenaltyUnit,
    Play,
    Player,
    Scored,
    ScoringMethod,
    Section,
    Session,
    SitOut,
    Stratum,
    Team,
    TeamsBoard,
    TravellerLine,
)
from ..scoring.contract import Contract, ContractError, Seat, board_vulnerability, ns_score, parse_tricks
from ..scoring.options import DEFAULT_OPTIONS, OptionError
from ..scoring.session import PENALTY_UNITS
from . import values
from .individual import player_label, seats_of
from .printed import KEY, PrintedFigures
from .sitouts import yaml_sitout
from .validate import KnownPairs, Places, outcome_problems, pair_label, validate
from .yaml_swiss import read_swiss

_VULNERABILITY = {"none": "None", "love": "None", "ns": "NS", "ew": "EW", "both": "Both", "all": "Both"}

_PENALTY_AMOUNT = re.compile(r"^([+-]?[0-9]{1,6}(?:\.[0-9]{1,6})?(?:/[0-9]{1,6})?)\s*(%|mps?|matchpoints?|imps?|points?|pts)?$", re.I)
_PENALTY_WORDS = {"%": PenaltyUnit.PERCENT_OF_TOP, "mp": PenaltyUnit.MATCHPOINTS, "matchpoint": PenaltyUnit.MATCHPOINTS,
                  "imp": PenaltyUnit.IMPS, "point": PenaltyUnit.POINTS, "pt": PenaltyUnit.POINTS}
_SESSION_UNIT = {ScoringMethod.MATCHPOINTS: PenaltyUnit.MATCHPOINTS, ScoringMethod.BUTLER: PenaltyUnit.IMPS,
                 ScoringMethod.CROSS_IMPS: PenaltyUnit.IMPS, ScoringMethod.AGGREGATE: PenaltyUnit.POINTS}
"""A penalty's plain number counts in the session's own unit."""
_PENALTY_EXAMPLES = {ScoringMethod.MATCHPOINTS: "25% (of a top) or 1.5 (matchpoints)", ScoringMethod.BUTLER: "6 IMPs",
                     ScoringMethod.CROSS_IMPS: "6 IMPs", ScoringMethod.AGGREGATE: "100 (points)"}
_PENALTY_UNIT_WORDS = {PenaltyUnit.PERCENT_OF_TOP: "as a percentage of a top", PenaltyUnit.MATCHPOINTS: "in matchpoints",
                       PenaltyUnit.IMPS: "in IMPs", PenaltyUnit.POINTS: "in points"}


class LineDict(dict):
    """A mapping that knows the line it started on."""

    line: int = 0


MAX_DEPTH = 50
"""Mappings and lists nested deeper than this are refused (a session needs about eight levels;
Python's own limit is reached near a thousand)."""
MAX_NUMBER_LENGTH = 30
"""A YAML number longer than this is refused before it is converted (Python refuses to read
an int of over 4,300 digits, and a long one takes time)."""


class _LoadError(Exception):
    """A problem found while loading, with the line it is on; loading stops."""

    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line = line
        self.message = message


class _Guards:
    """What our loaders add to PyYAML's safe loading: line numbers on every mapping, and
    refusals of aliases, deep nesting, duplicate keys, huge numbers and impossible dates."""

    depth = 0
    duplicates: list[tuple[int, int, object]]

    def compose_node(self, parent, index):
        """PyYAML's Composer.compose_node with the guards, in one frame per node (its scalar,
        sequence and mapping helpers inlined): composing runs in Python for every node of
        every upload, so the frames count."""
        event = self.peek_event()
        if isinstance(event, AliasEvent):
            raise _LoadError(event.start_mark.line + 1, "YAML aliases (*name) are not allowed in uploads: expected plain values")
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                raise _LoadError(event.start_mark.line + 1, f"the YAML is nested more than {MAX_DEPTH} levels deep: "
                                                            "expected a session as in docs/yaml-format.md")
            anchor = event.anchor
            anchors = self.anchors
            if anchor is not None and anchor in anchors:
                raise ComposerError(f"found duplicate anchor {anchor!r}; first occurrence", anchors[anchor].start_mark,
                                    "second occurrence", event.start_mark)
            paths = bool(self.yaml_path_resolvers)
            if paths:
                self.descend_resolver(parent, index)
            get_event = self.get_event
            node: Node
            if isinstance(event, ScalarEvent):
                get_event()
                tag = event.tag
                if tag is None or tag == "!":
                    tag = self.resolve(ScalarNode, event.value, event.implicit)
                node = ScalarNode(tag, event.value, event.start_mark, event.end_mark, style=event.style)
                if anchor is not None:
                    anchors[anchor] = node
            elif isinstance(event, SequenceStartEvent):
                get_event()
                tag = event.tag
                if tag is None or tag == "!":
                    tag = self.resolve(SequenceNode, None, event.implicit)
                node = SequenceNode(tag, [], event.start_mark, None, flow_style=event.flow_style)
                if anchor is not None:
                    anchors[anchor] = node
                items = node.value
                while not isinstance(self.peek_event(), SequenceEndEvent):
                    items.append(self.compose_node(node, len(items)))
                node.end_mark = get_event().end_mark
            else:  # MappingStartEvent: the parser yields nothing else here
                get_event()
                tag = event.tag
                if tag is None or tag == "!":
                    tag = self.resolve(MappingNode, None, event.implicit)
                node = MappingNode(tag, [], event.start_mark, None, flow_style=event.flow_style)
                if anchor is not None:
                    anchors[anchor] = node
                pairs = node.value
                while not isinstance(self.peek_event(), MappingEndEvent):
                    key = self.compose_node(node, None)
                    pairs.append((key, self.compose_node(node, key)))
                node.end_mark = get_event().end_mark
            if paths:
                self.ascend_resolver()
            return node
        finally:
            self.depth -= 1


def _construct_map(loader, node: yaml.MappingNode):
    data = LineDict()
    data.line = node.start_mark.line + 1
    yield data
    seen: dict[tuple[str, str], int] = {}
    for key_node, _ in node.value:
        if isinstance(key_node, yaml.ScalarNode):  # keys as written: 'tricks' twice, whatever their values
            key, line = (key_node.tag, key_node.value), key_node.start_mark.line + 1
            if key in seen:
                loader.duplicates.append((line, seen[key], key_node.value))
            else:
                seen[key] = line
    data.update(loader.construct_mapping(node))


def _construct_int(loader, node: yaml.ScalarNode) -> int:
    text = str(node.value)
    if len(text) > MAX_NUMBER_LENGTH:
        raise _LoadError(node.start_mark.line + 1, f"expected a number of at most {MAX_NUMBER_LENGTH} digits, "
                                                   f"got one {len(text):,} characters long")
    return SafeConstructor.construct_yaml_int(loader, node)


def _construct_timestamp(loader, node: yaml.ScalarNode):
    try:
        return SafeConstructor.construct_yaml_timestamp(loader, node)
    except (ValueError, OverflowError):
        raise _LoadError(node.start_mark.line + 1, f"expected a real calendar date, got {str(node.value)[:40]!r}") from None


class _PythonLoader(_Guards, yaml.SafeLoader):
    pass


try:  # libyaml's C scanner and parser, with Python's composer on top for the line marks and the guards
    from yaml._yaml import CParser
    from yaml.composer import Composer
    from yaml.resolver import Resolver

    class _CLoader(_Guards, Composer, CParser, SafeConstructor, Resolver):
        """SafeLoader's behaviour at about five times the speed (archives hold thousands of uploads)."""

        def __init__(self, stream):
            CParser.__init__(self, stream)
            Composer.__init__(self)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)

    _Loader: type[SafeConstructor] = _CLoader
except ImportError:  # PyYAML built without libyaml
    _Loader = _PythonLoader

_loaders: set[type[SafeConstructor]] = {_PythonLoader, _Loader}
for _loader in _loaders:
    _loader.add_constructor("tag:yaml.org,2002:map", _construct_map)
    _loader.add_constructor("tag:yaml.org,2002:int", _construct_int)
    _loader.add_constructor("tag:yaml.org,2002:timestamp", _construct_timestamp)


def load(text: str, loader_class: type | None = None) -> Any:
    """The document, loaded safely; raises _LoadError for the first alias, deep nesting, huge
    number or impossible date, and _DuplicateKeys for every key written twice in a mapping."""
    loader = (loader_class or _Loader)(text)
    loader.duplicates = []
    try:
        doc = loader.get_single_data()
    finally:
        loader.dispose()
    if loader.duplicates:
        raise _DuplicateKeys(sorted(loader.duplicates, key=lambda d: (d[0], d[1])))
    return doc


class _DuplicateKeys(Exception):
    def __init__(self, duplicates: list[tuple[int, int, object]]):
        super().__init__(duplicates)
        self.duplicates = duplicates


def read_yaml(file: str, data: bytes) -> tuple[list[Session], list[InputError]]:
    try:
        doc = load(data.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        return [], [InputError(file, f"byte {exc.start}", "the file is not UTF-8 text: expected a UTF-8 YAML file")]
    except _LoadError as exc:
        return [], [InputError(file, f"line {exc.line}", exc.message)]
    except _DuplicateKeys as exc:
        return [], [InputError(file, f"line {line}", f"the key {values.quoted(key)} appears twice in one mapping "
                               f"({'also earlier on this line' if first == line else f'also line {first}'}): "
                               "expected each key once (which value was meant?)") for line, first, key in exc.duplicates]
    except yaml.reader.ReaderError as exc:
        text = data.decode("utf-8-sig", errors="replace")
        line = text.count("\n", 0, exc.position) + 1
        return [], [InputError(file, f"line {line}", f"the file holds the control character #x{exc.character:04x}, which YAML "
                               "does not allow: expected plain text")]
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        return [], [InputError(file, where, f"malformed YAML ({problem}): expected a YAML session as in docs/yaml-format.md")]
    if not isinstance(doc, LineDict):  # every mapping loads as a LineDict
        return [], [InputError(file, "line 1", f"expected a mapping of session details (club, event, method, ...), got {type(doc).__name__}")]
    reader = _Reader(file)
    parts = doc.get("sessions")
    if isinstance(parts, list):
        if doc.get("penalties") is not None:
            first = doc["penalties"][0] if isinstance(doc["penalties"], list) and doc["penalties"] else None
            reader.error(first if isinstance(first, LineDict) else doc,
                         "penalties belong to one session: expected them under that session's item in sessions")
        shared = {k: v for k, v in doc.items() if k not in ("sessions", "penalties")}
        sessions = [reader.session({**shared, **part}, part) for part in parts if reader.mapping(part, doc, "a session")]
    else:
        sessions = [reader.session(doc, doc)]
    return [s for s in sessions if s is not None], reader.errors


class _Reader:
    def __init__(self, file: str):
        self.file = file
        self.errors: list[InputError] = []
        self.strata: tuple[Stratum, ...] = ()
        self.strata_given = False
        self.pair_lines: dict[PairRef, str] = {}
        """Where each pair was listed (line), for the checks on pairs in ``validate``."""
        self.individual = False
        """The session lists ``players:`` (an individual event): results seat N, S, E and W."""
        self.sitouts: list[SitOut] = []
        """The results marked ``sitout: true``: which pair sat out which board."""

    def error(self, where: Any, message: str, board: int | None = None, pair: str | None = None) -> None:
        line = where.line if isinstance(where, LineDict) else where
        self.errors.append(InputError(self.file, f"line {line}" if line else "", message, board, pair))

    def mapping(self, value: Any, parent: Any, what: str) -> bool:
        if isinstance(value, dict):
            return True
        self.error(parent, f"expected {what} as a mapping (key: value), got {value!r}")
        return False

    # --- session -------------------------------------------------------------------------
    def session(self, doc: dict, where: LineDict) -> Session | None:
        method_text = str(doc.get("method", "")).strip().lower()
        try:
            method = ScoringMethod(method_text)
        except ValueError:
            self.error(where, f"unknown method {doc.get('method')!r}: expected one of {', '.join(m.value for m in ScoringMethod)}")
            return None
        options = doc.get("options") or {}
        if not isinstance(options, dict):
            self.error(where, f"expected options as a mapping of option names to values, got {options!r}")
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
                self.error(where, str(exc))
                when = None
        common = {"title": str(doc.get("event") or doc.get("title") or "Untitled session"), "method": method,
                  "club": str(doc.get("club") or ""), "event": str(doc.get("event") or ""), "date": when,
                  "source": self.file, "options": dict(options), "printed": {KEY: PrintedFigures(program="YAML")}}
        if method is ScoringMethod.TEAMS:
            if doc.get("penalties") is not None:
                self.error(where, "penalties apply to pairs sessions: expected a teams director's adjustment as "
                                  "imp_adjustment on the match")
            if doc.get("strata") is not None:
                self.error(where, "strata apply to pairs sessions: expected no strata in a teams session")
            teams, matches = self.teams(doc, where)
            return Session(teams=teams, matches=matches, boards=self.team_deals(doc, where), **common)  # type: ignore[arg-type]
        places = Places()
        self.individual = doc.get("players") is not None
        if self.individual and (doc.get("pairs") is not None or doc.get("sections") is not None):
            self.error(where, "an individual event lists players: expected players: or pairs: (or sections:), not both")
            return None
        if self.individual and doc.get("swiss") is not None:
            self.error(where, "Swiss pairs is an event for pairs: expected pairs:, not players:, with swiss:")
            return None
        self.strata = self.read_strata(doc.get("strata"), where)
        self.strata_given = doc.get("strata") is not None
        sections, boards = self.sections(doc, where, places)
        penalties = self.penalties(doc.get("penalties"), where, method, sections)
        session = Session(sections=sections, boards=boards, penalties=penalties, strata=self.strata,
                          individual=self.individual, sitouts=tuple(self.sitouts), **common)  # type: ignore[arg-type]
        places.pairs.update(self.pair_lines)
        self.errors += validate(self.file, session, places)
        swiss = doc.get("swiss")
        if swiss is not None:
            rounds, problems = read_swiss(self.file, swiss, swiss if hasattr(swiss, "line") else where, session)
            self.errors += problems
            session = replace(session, swiss=rounds)
        return session

    def sections(self, doc: dict, where: LineDict, places: Places) -> tuple[tuple[Section, ...], tuple[Board, ...]]:
        raw = doc.get("sections")
        if self.individual:
            raw = [LineDict(name="", players=doc.get("players"))]
            raw[0].line = where.line
        elif raw is None:
            raw = [LineDict(name="", pairs=doc.get("pairs"))]
            raw[0].line = where.line
        if not isinstance(raw, list):
            self.error(where, f"expected sections as a list, got {raw!r}")
            return (), ()
        movement = str(doc.get("movement", "")).strip().lower()
        if movement not in ("", "mitchell", "howell"):
            self.error(where, f"unknown movement {movement!r}: expected mitchell or howell")
        sections: list[tuple[str, list[Pair], bool]] = []
        lines: dict[int, list[TravellerLine]] = {}
        deals: dict[int, tuple[Deal | None, Seat | None, str | None]] = {}
        board_lines: dict[int, int] = {}
        for sec in raw:
            if not self.mapping(sec, where, "a section"):
                continue
            name = str(sec.get("name") or "")
            if self.individual:
                sections.append((name, self.players(sec.get("players"), sec, name), False))
                continue
            pairs = self.pairs(sec.get("pairs"), sec, name, movement)
            mitchell = any(p.ref.direction for p in pairs) if movement == "" else movement == "mitchell"
            sections.append((name, pairs, mitchell))
        section_info = {name: mitchell for name, _, mitchell in sections}
        default = sections[0][0] if len(sections) == 1 else None
        groups = [(doc.get("boards"), where, default)] + [(s.get("boards"), s, str(s.get("name") or "")) for s in raw if isinstance(s, dict) and s.get("boards") is not None]
        for boards, parent, sec_name in groups:
            if boards is None:
                continue
            if not isinstance(boards, list):
                self.error(parent, f"expected boards as a list, got {boards!r}")
                continue
            for b in boards:
                self.board(b, parent, sec_name, section_info, lines, deals, board_lines, places)
        out = []
        for number in sorted(lines):
            deal, dealer, vul = deals[number]
            board = Board(number, tuple(lines[number]), deal=deal, dealer=dealer, vulnerability=vul)
            places.boards[id(board)] = f"line {board_lines[number]}"
            out.append(board)
        winners = {name: 2 if m else 1 for name, _, m in sections}
        return tuple(Section(name, tuple(pairs), winners[name]) for name, pairs, _ in sections), tuple(out)

    def pairs(self, raw: Any, where: LineDict, section: str, movement: str) -> list[Pair]:
        if not isinstance(raw, list) or not raw:
            self.error(where, f"expected a list of pairs ({{number: 1, players: [..]}}), got {raw!r}")
            return []
        out: list[Pair] = []
        seen: set[PairRef] = set()
        for p in raw:
            if not self.mapping(p, where, "a pair"):
                continue
            try:
                number = values.number_of(p.get("number"), "pair", strings=False)
            except ValueError as exc:
                self.error(p, str(exc))
                continue
            direction = None
            if p.get("direction") is not None:
                try:
                    direction = values.parse_direction(str(p.get("direction")))
                except ValueError as exc:
                    self.error(p, str(exc), pair=f"pair {number}")
                    continue
            if movement == "mitchell" and direction is None:
                self.error(p, f"pair {number} has no direction in a mitchell: expected direction NS or EW", pair=f"pair {number}")
                continue
            if movement == "howell" and direction is not None:
                self.error(p, f"pair {number} has a direction in a howell: expected none (a Howell pair plays both ways)",
                           pair=f"pair {number}")
                continue
            players = p.get("players") or []
            if isinstance(players, str):
                players = [n.strip() for n in players.replace(" and ", "&").split("&")]
            if not isinstance(players, list):
                self.error(p, f"expected players as a list of names, got {players!r}", pair=f"pair {number}")
                players = []
            ref = PairRef(section, number, direction)
            if ref in seen:
                self.error(p, f"pair {number}{' ' + str(direction) if direction else ''} is listed twice: expected each pair once",
                           pair=f"pair {number}")
                continue
            seen.add(ref)
            handicap = None
            if p.get("handicap") is not None:
                try:
                    handicap = values.parse_handicap(p.get("handicap"))
                except ValueError as exc:
                    self.error(p, f"handicap of pair {number}: {exc}", pair=f"pair {number}")
                    handicap = Fraction(0)  # reported: keeps "no handicap" from being reported as well
            self.pair_lines[ref] = f"line {p.line}"
            masterpoints = None
            if p.get("masterpoints") is not None:
                award = p.get("masterpoints")
                awarded, kind = (award.get("awarded"), award.get("type", "")) if isinstance(award, dict) else (award, "")
                try:
                    masterpoints = values.parse_masterpoints(awarded, kind)
                except ValueError as exc:
                    self.error(p, f"masterpoints of pair {number}: {exc}", pair=f"pair {number}")
            stratum = self.pair_stratum(p, number)
            out.append(Pair(ref, tuple(Player(str(n)) for n in players if str(n).strip()), handicap, masterpoints, stratum))
        return out

    def players(self, raw: Any, where: LineDict, section: str) -> list[Pair]:
        """An individual event's ``players: [{number: 1, name: Ann Ash}, ...]``: one ``Pair`` of one player each."""
        if not isinstance(raw, list) or not raw:
            self.error(where, f"expected a list of players ({{number: 1, name: Ann Ash}}), got {raw!r}")
            return []
        out: list[Pair] = []
        seen: dict[PairRef, str] = {}
        for p in raw:
            if not self.mapping(p, where, "a player"):
                continue
            try:
                number = values.number_of(p.get("number"), "player", strings=False)
            except ValueError as exc:
                self.error(p, str(exc))
                continue
            ref = PairRef(section, number)
            name = p.get("name")
            if not isinstance(name, str) or not name.strip():
                self.error(p, f"expected the name of player {number} under name, got {name!r}", pair=player_label(ref))
                continue
            if ref in seen:
                self.error(p, f"{player_label(ref)} is listed twice (also {seen[ref]}): expected each player once",
                           pair=player_label(ref))
                continue
            seen[ref] = self.pair_lines[ref] = f"line {p.line}"
            player_id = p.get("id")
            out.append(Pair(ref, (Player(name.strip(), str(player_id) if player_id is not None else None),), is_player=True))
        return out

    def seats(self, r: LineDict, board: int, section: str) -> tuple[Any, str] | None:
        """The four players of an individual event's result (``N: 1, S: 2, E: 3, W: 4``)."""
        numbers: dict[str, int | None] = {}
        for seat in "NSEW":
            n = r.get(seat, r.get(seat.lower()))
            if n is not None and (not isinstance(n, int) or isinstance(n, bool)):
                self.error(r, f"expected the player number in {seat}, got {n!r}", board)
                return None
            numbers[seat] = n
        try:
            seats = seats_of(numbers, section)
        except ValueError as exc:
            self.error(r, str(exc), board)
            return None
        return seats, f"N {numbers['N']}, S {numbers['S']} v E {numbers['E']}, W {numbers['W']}"

    # --- strata -------------------------------------------------------------------------
    def read_strata(self, raw: Any, where: LineDict) -> tuple[Stratum, ...]:
        """``strata: [{name: A}, {name: B, max_rating: 1500}, {name: C, max_rating: 500}]``, highest first."""
        if raw is None:
            return ()
        if not isinstance(raw, list) or not raw:
            self.error(where, "expected strata as a list, highest first, such as [{name: A}, {name: B, max_rating: 1500}]")
            return ()
        out: list[Stratum] = []
        for index, item in enumerate(raw):
            if not self.mapping(item, where, "a stratum"):
                return ()
            name = str(item.get("name") or "").strip()
            if not name or len(name) > 20:
                self.error(item, f"expected a stratum name such as A, B or C, got {item.get('name')!r}")
                return ()
            if name in [s.name for s in out]:
                self.error(item, f"stratum {name} is listed twice: expected each stratum once")
                return ()
            limit = item.get("max_rating")
            if limit is not None:
                try:
                    limit = values.decimal(limit)
                except ValueError:
                    limit = None
                if limit is None:
                    self.error(item, f"stratum {name}: expected max_rating as a number such as 1500, got {item.get('max_rating')!r}")
                    return ()
            if index == 0 and limit is not None:
                self.error(item, f"stratum {name}: the first (highest) stratum is open to every pair: expected no max_rating")
                return ()
            if index > 0 and out[-1].max_rating is not None and limit is not None and limit >= out[-1].max_rating:
                self.error(item, f"stratum {name}: max_rating {fmt_number(limit)} is not below {out[-1].name}'s "
                                 f"{fmt_number(out[-1].max_rating)}: expected the strata highest first")
                return ()
            out.append(Stratum(name, limit))
        return tuple(out)

    def pair_stratum(self, p: LineDict, number: int) -> str | None:
        """The pair's stated stratum, or the lowest whose max_rating its rating is within."""
        if not self.strata:
            if not self.strata_given and (p.get("stratum") is not None or p.get("rating") is not None):
                self.error(p, f"pair {number} has a stratum or rating but the session lists no strata: "
                              "expected strata: [{name: A}, {name: B, max_rating: ...}] first", pair=f"pair {number}")
            return None
        names = [s.name for s in self.strata]
        if p.get("stratum") is not None:
            stated = str(p.get("stratum")).strip()
            if stated not in names:
                self.error(p, f"stratum {stated!r} of pair {number} does not exist: expected one of {', '.join(names)}",
                           pair=f"pair {number}")
                return names[0]
            return stated
        rating = p.get("rating")
        if rating is None:
            self.error(p, f"pair {number} has no stratum: expected a stratum ({', '.join(names)}) or a rating",
                       pair=f"pair {number}")
            return names[0]
        try:
            value: Fraction | None = values.decimal(rating)
        except ValueError:
            value = None
        if value is None or value < 0:
            self.error(p, f"rating of pair {number}: expected a number such as 850, got {rating!r}", pair=f"pair {number}")
            return names[0]
        for stratum in reversed(self.strata):
            if stratum.max_rating is not None and value <= stratum.max_rating:
                return stratum.name
        return names[0]

    # --- penalties ----------------------------------------------------------------------
    def penalties(self, raw: Any, where: LineDict, method: ScoringMethod, sections: tuple[Section, ...]) -> tuple[Penalty, ...]:
        """`penalties: [{pair: 3, direction: NS, amount: 25%, reason: slow play}]`: a director's deductions from totals."""
        if raw is None:
            return ()
        if not isinstance(raw, list):
            self.error(where, f"expected penalties as a list such as [{{pair: 3, amount: 25%, reason: slow play}}], got {raw!r}")
            return ()
        out = []
        known = {s.name: KnownPairs({q.ref for q in s.pairs}) for s in sections}
        for p in raw:
            if self.mapping(p, where, "a penalty ({pair: 3, amount: 25%, reason: ...})"):
                penalty = self.penalty(p, method, sections, known)
                if penalty is not None:
                    out.append(penalty)
        return tuple(out)

    def penalty(self, p: LineDict, method: ScoringMethod, sections: tuple[Section, ...],
                known: dict[str, KnownPairs]) -> Penalty | None:
        try:
            number = values.whole_number(p.get("pair"), "the penalised pair's number under pair, such as 3", 1,
                                         values.MAX_NUMBER, strings=False)
        except ValueError as exc:
            self.error(p, str(exc))
            return None
        direction = None
        if p.get("direction") is not None:
            try:
                direction = values.parse_direction(str(p["direction"]))
            except ValueError as exc:
                self.error(p, str(exc), pair=f"pair {number}")
                return None
        names = [s.name for s in sections]
        if "section" in p:
            section = str(p["section"])
        elif len(names) == 1:
            section = names[0]
        else:
            section = ""
        ref = PairRef(section, number, direction)
        label = pair_label(ref)
        ok = True
        try:
            amount, unit = _penalty_amount(p.get("amount"), method)
        except ValueError as exc:
            self.error(p, str(exc), pair=label)
            ok = False
        if not names:
            return None  # the session's pairs could not be read: reported already
        if section not in known:
            listed = ", ".join(repr(n) for n in names)
            self.error(p, f"unknown section {section!r}: expected section: with one of {listed}" if "section" in p
                       else f"the penalty names no section: expected section: with one of {listed}", pair=label)
            return None
        problem = _penalty_pair_problem(ref, known[section])
        if problem:
            self.error(p, problem, pair=label)
            return None
        if not ok:
            return None
        return Penalty(ref, amount, unit, str(p.get("reason") or ""), p.line)

    # --- boards and results --------------------------------------------------------------
    def board(self, b: Any, parent: Any, section: str | None, info: dict[str, bool], lines: dict, deals: dict,
              board_lines: dict, places: Places) -> None:
        if not self.mapping(b, parent, "a board"):
            return
        try:
            number = values.board_number(b.get("number"), strings=False)
        except ValueError as exc:
            self.error(b, str(exc))
            return
        vul = None
        if b.get("vulnerability") is not None:
            vul = _VULNERABILITY.get(str(b["vulnerability"]).strip().lower())
            if vul is None:
                self.error(b, f"expected vulnerability None, NS, EW or Both, got {b['vulnerability']!r}", number)
        dealer = None
        if b.get("dealer") is not None:
            try:
                dealer = Seat.parse(str(b["dealer"]))
            except ContractError as exc:
                self.error(b, str(exc), number)
        deal = None
        if b.get("deal"):
            try:
                deal = values.parse_deal(str(b["deal"]))
            except ValueError as exc:
                self.error(b, str(exc), number)
        deals.setdefault(number, (deal, dealer, vul))
        board_lines.setdefault(number, b.line)
        results = b.get("results")
        if not isinstance(results, list):
            self.error(b, f"board {number} has no results: expected a list under results", number)
            return
        bucket = lines.setdefault(number, [])
        vulnerability = vul or board_vulnerability(number)
        for r in results:
            if not self.mapping(r, b, "a result"):
                continue
            if "sitout" in r:
                self.sitout(r, number, section, info)
                continue
            line = self.result(r, number, section, info, vulnerability, places)
            if line is None:
                places.dropped.add(number)
            else:
                places.lines[id(line)] = f"line {r.line}"
                bucket.append(line)

    def sitout(self, r: LineDict, board: int, section: str | None, info: dict[str, bool]) -> None:
        """A result ``{ns: 5, sitout: true}``: pair 5 sat the board out (see sitouts.py)."""
        sec = str(r.get("section", section if section is not None else ""))
        if sec not in info:
            self.error(r, f"unknown section {sec!r}: expected one of {', '.join(repr(s) for s in info)}", board)
            return
        found = yaml_sitout(r, board, sec, info[sec], r.line, individual=self.individual)
        if isinstance(found, str):
            named = [f"{'player' if k == 'player' else 'pair'} {r[k]}" for k in ("ns", "ew", "pair", "player") if r.get(k) is not None]
            self.error(r, found, board, named[0] if len(named) == 1 else None)
        else:
            self.sitouts.append(found)

    def result(self, r: LineDict, board: int, section: str | None, info: dict[str, bool], vul: str,
               places: Places) -> TravellerLine | None:
        sec = str(r.get("section", section if section is not None else ""))
        if sec not in info:
            self.error(r, f"unknown section {sec!r}: expected one of {', '.join(repr(s) for s in info)}", board)
            return None
        mitchell = info[sec]
        refs = []
        seats = None
        if self.individual:
            found = self.seats(r, board, sec)
            if found is None:
                places.dropped.add(board)
                return None
            seats, pair_text = found
            refs = [seats.north, seats.east]
        for side, direction in (("ns", Direction.NS), ("ew", Direction.EW)) if not self.individual else ():
            n = r.get(side)
            if not isinstance(n, int) or isinstance(n, bool):
                self.error(r, f"expected the {side.upper()} pair number under {side}, got {n!r}", board)
                return None
            refs.append(PairRef(sec, n, direction if mitchell else None))
        if not self.individual:
            pair_text = f"{pair_label(refs[0], 'NS')} v {pair_label(refs[1], 'EW')}"
        try:
            if "split" in r:
                split = r["split"]
                if not isinstance(split, dict) or "ns" not in split or "ew" not in split:
                    raise ValueError(f"expected split with ns: and ew: results, got {split!r}")
                ns = self.side(split["ns"], vul, board, artificial_side="ns")
                ew = self.side(split["ew"], vul, board, artificial_side="ew")
            else:
                ns = ew = self.side(r, vul, board, artificial_side=None)
                if isinstance(ns, tuple):
                    ns, ew = ns
        except ValueError as exc:
            self.error(r, str(exc), board, pair_text)
            places.drop(board, None if self.individual else refs[0], None if self.individual else refs[1], f"line {r.line}")
            return None
        return TravellerLine(refs[0], refs[1], ns, ew, section=sec, source_line=r.line, seats=seats)

    def side(self, spec: Any, vul: str, board: int, artificial_side: str | None):
        """One outcome (or (ns, ew) artificial pair when not a split side) from a result spec."""
        if not isinstance(spec, dict):
            raise ValueError(f"expected a result such as {{contract: 4S, by: N, tricks: 10}} or {{score: 420}}, got {spec!r}")
        if "weighted" in spec:
            parts = spec["weighted"]
            if not isinstance(parts, list) or len(parts) < 2:
                raise ValueError(f"expected weighted as a list of two or more components with weights, got {parts!r}")
            components = []
            for part in parts:
                if not isinstance(part, dict) or "weight" not in part:
                    raise ValueError(f"expected each weighted component to have a weight such as 60%, got {part!r}")
                play = self.play(part, vul)
                if not isinstance(play, Play):
                    raise ValueError(f"expected a real score in a weighted component, got {part.get('score')!r}")
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
        return Scored.of(self.play(spec, vul))

    def play(self, spec: dict, vul: str) -> Play:
        score = spec.get("score")
        if score is not None and (not isinstance(score, int) or isinstance(score, bool)):
            raise ValueError(f"{values.SCORE_EXPECTED}, got {str(score)!r}")
        lead = str(spec["lead"]) if spec.get("lead") is not None else None
        if "contract" not in spec:
            if score is None:
                raise ValueError("expected contract + by + tricks, a score, weighted or split, found none of them")
            return Play(score, lead=lead)
        try:
            contract = Contract.parse(str(spec["contract"]))
            if contract.passed_out:
                return Play(0 if score is None else score, contract, None, 0, lead)
            declarer = Seat.parse(str(spec.get("by", "")))
            if "tricks" in spec:
                tricks = spec["tricks"]
                if not isinstance(tricks, int) or isinstance(tricks, bool):
                    raise ValueError(f"expected tricks as a whole number 0 to 13, got {tricks!r}")
                if not 0 <= tricks <= 13:
                    raise ValueError(f"tricks must be 0 to 13, got {tricks}")
            elif "result" in spec:
                tricks = parse_tricks(str(spec["result"]), contract)
            else:
                raise ValueError(f"expected tricks (0-13) or result ('=', '+1', '-2') with contract {spec['contract']}")
        except ContractError as exc:
            raise ValueError(str(exc)) from None
        computed = ns_score(contract, declarer, tricks, vul)
        return Play(computed if score is None else score, contract, declarer, tricks, lead)

    # --- teams ---------------------------------------------------------------------------
    def team_deals(self, doc: dict, where: LineDict) -> tuple[Board, ...]:
        """Hand records of a teams session: `deals: [{board: 1, deal: "N:..."}]` (boards with no lines)."""
        raw = doc.get("deals") or []
        if not isinstance(raw, list):
            self.error(where, f"expected deals as a list of {{board: N, deal: ...}}, got {raw!r}")
            return ()
        boards: dict[int, Board] = {}
        lines: dict[int, int] = {}
        for d in raw:
            if not self.mapping(d, where, "a deal"):
                continue
            try:
                number = values.board_number(d.get("board"), strings=False)
            except ValueError as exc:
                self.error(d, str(exc))
                continue
            if number in boards:
                self.error(d, f"board {number} has two deals (also line {lines[number]}): expected one deal per board", number)
                continue
            lines[number] = d.line
            try:
                boards[number] = Board(number, (), deal=values.parse_deal(str(d.get("deal") or "")))
            except ValueError as exc:
                self.error(d, str(exc), number)
        return tuple(boards[n] for n in sorted(boards))

    @staticmethod
    def room_line(outcome: Outcome | None, where: LineDict) -> TravellerLine | None:
        """The table's result as a traveller line (the teams' pairs are not numbered in our format)."""
        if outcome is None:
            return None
        return TravellerLine(None, None, outcome, outcome, source_line=where.line)

    def teams(self, doc: dict, where: LineDict) -> tuple[tuple[Team, ...], tuple[Match, ...]]:
        teams: dict[int, Team] = {}
        if doc.get("teams") is not None and not isinstance(doc.get("teams"), list):
            self.listed(doc, "teams", where, "teams ({number: 1, name: ..., players: [..]})")
            return (), ()
        for t in self.listed(doc, "teams", where, "teams ({number: 1, name: ..., players: [..]})"):
            if not self.mapping(t, where, "a team"):
                continue
            try:
                n = values.number_of(t.get("number"), "team", strings=False)
            except ValueError as exc:
                self.error(t, str(exc))
                continue
            if n in teams:
                self.error(t, f"team {n} is listed twice: expected each team once", pair=f"team {n}")
                continue
            players = self.listed(t, "players", t, "players' names")
            teams[n] = Team(n, str(t.get("name") or f"Team {n}"), tuple(Player(str(p)) for p in players))
        if not teams:
            self.error(where, "expected a list of teams ({number: 1, name: ..., players: [..]})")
        matches = []
        rounds: dict[tuple[int, int], int] = {}
        for m in self.listed(doc, "matches", where, "matches ({home: 1, away: 2, boards: [..]})"):
            if not self.mapping(m, where, "a match"):
                continue
            home, away = (teams.get(t) if isinstance(t, int) and not isinstance(t, bool) else None
                          for t in (m.get("home"), m.get("away")))
            if home is None or away is None or home is away:
                self.error(m, f"expected home and away to be two different team numbers listed under teams, "
                              f"got {values.quoted(m.get('home'))} and {values.quoted(m.get('away'))}")
                continue
            rnd = None
            if m.get("round") is not None:
                try:
                    rnd = values.number_of(m.get("round"), "round", strings=False)
                except ValueError as exc:
                    self.error(m, str(exc))
                    continue
                clash = [t for t in (home, away) if (rnd, t.number) in rounds]
                if clash:
                    self.error(m, f"{clash[0].name} plays two matches in round {rnd} (also line {rounds[rnd, clash[0].number]}): "
                                  "expected one match per team in a round", pair=f"{home.name} v {away.name}")
                    continue
                rounds.update({(rnd, home.number): m.line, (rnd, away.number): m.line})
            adjustment = Fraction(0)
            if m.get("imp_adjustment") is not None:
                try:
                    adjustment = values.decimal(m.get("imp_adjustment"), "an IMP adjustment such as 3 or -1.5")
                except ValueError as exc:
                    self.error(m, f"imp_adjustment: {exc}", pair=f"{home.name} v {away.name}")
                    continue
            boards = self.match_boards(m, home, away)
            if not boards:
                self.error(m, f"the match {home.name} v {away.name} has no boards: expected a list under boards")
            matches.append(Match(home, away, tuple(boards), round=rnd, imp_adjustment=adjustment))
        return tuple(teams.values()), tuple(matches)

    def match_boards(self, m: LineDict, home: Team, away: Team) -> list[TeamsBoard]:
        boards: list[TeamsBoard] = []
        seen: dict[int, int] = {}
        for b in self.listed(m, "boards", m, "boards ({number: 1, home_ns: .., home_ew: ..})"):
            if not self.mapping(b, m, "a board"):
                continue
            try:
                number = values.board_number(b.get("number"), strings=False)
            except ValueError as exc:
                self.error(b, str(exc))
                continue
            if number in seen:
                self.error(b, f"board {number} appears twice in this match (also line {seen[number]}): "
                              "expected one entry per board", number)
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
                    self.error(b, f"{room}: {exc}", number, f"{home.name} v {away.name}")
                    rooms.append(None)
                    continue
                for problem in outcome_problems(outcome, vul):
                    self.error(b, f"{room}: {problem}", number, f"{home.name} v {away.name}")
                rooms.append(outcome)
            if rooms == [None, None]:
                self.error(b, f"board {number} has no results: expected home_ns and home_ew", number)
                continue
            where_rooms = [b.get(r) if isinstance(b.get(r), LineDict) else b for r in ("home_ns", "home_ew")]
            boards.append(TeamsBoard(number, rooms[0], rooms[1], *map(self.room_line, rooms, where_rooms)))
        return boards

    def listed(self, parent: dict, key: str, where: Any, what: str) -> list:
        """``parent[key]`` as a list (missing: empty); anything else is reported."""
        value = parent.get(key)
        if value is None:
            return []
        if not isinstance(value, list):
            self.error(where, f"expected {key} as a list of {what}, got {values.quoted(value)}")
            return []
        return value


def fmt_number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(float(value))


def _penalty_amount(value: Any, method: ScoringMethod) -> tuple[Fraction, PenaltyUnit]:
    """'25%' (of a top), '1.5' or 1.5 (the session's unit), '6 IMPs', '2 MP', '100 points'."""
    examples = _PENALTY_EXAMPLES[method]
    m = _PENALTY_AMOUNT.match(str(value).strip()) if value is not None and not isinstance(value, bool) else None
    if not m:
        raise ValueError(f"expected the penalty's amount such as {examples}, got {value!r}")
    amount = values.decimal(m.group(1))
    word = (m.group(2) or "").lower()
    unit = _PENALTY_WORDS[word if word == "%" else word.rstrip("s")] if word else _SESSION_UNIT[method]
    if amount <= 0:
        raise ValueError(f"expected an amount above 0 (a penalty is deducted; there are no bonuses), got {value!r}")
    if unit not in PENALTY_UNITS[method]:
        raise ValueError(f"a penalty {_PENALTY_UNIT_WORDS[unit]} does not apply to a {method} session: expected {examples}")
    return amount, unit


def _penalty_pair_problem(ref: PairRef, known: KnownPairs) -> str | None:
    """Why ``ref`` names no pair of its section, or None."""
    if not known or ref in known:
        return None
    number = ref.number
    if ref.direction is None and {PairRef(ref.section, number, d) for d in Direction} & known:
        return f"pair {number} has no direction in a mitchell: expected direction NS or EW"
    if ref.direction is not None and PairRef(ref.section, number) in known:
        return f"pair {number} has a direction in a howell: expected none (a Howell pair plays both ways)"
    section = f" in section {ref.section}" if ref.section else ""
    listed = known.numbers(ref.section, ref.direction, False)
    side = f"{ref.direction} " if ref.direction else ""
    return f"unknown {side}pair {number}{section}: expected one of the pairs listed ({listed})"

"""USEBIO XML (1.2, and 1.3 elements where met) → sessions.

Checked with defusedxml: a DOCTYPE naming the EBU's DTD is allowed (it is never
fetched), but any entity declaration — an entity bomb, an external entity — is refused;
the standard library's C parser then builds the tree from the accepted bytes (``parse_safely``).
Dialects handled: pair numbers written ``7``, ``7NS``, ``7 NS`` or ``(A) 7 NS``;
``SECTION`` wrapping; ``SESSION`` wrapping and several ``EVENT``s (one session each);
artificial scores ``A6040``/``A6060`` with no contract; passed-out boards written
``PASS`` or ``NP`` (score 0, tricks blank); day-first dates (``/``, ``-`` or ``.``); whole
scores written ``430.0``; ``HANDSET`` hand records wherever the program put them (top, EVENT,
SESSION, SECTION: ``hand_records``), a wrong one left out with a warning; artificial scores
written as a zero score with figures given (``zero_artificial``); every pair listed NS in a
one-winner event (the travellers believed);
``BOARD_SCORING_METHOD`` deciding a pairs event's method (``EVENT_TYPE="PAIRS"``); one-winner
fields where only some pairs carry a direction; USEBIO 1.0 and 1.1; individual events
(``PLAYER`` participants, lines with ``N_PLAYER_NUMBER`` ... ``W_PLAYER_NUMBER``); a recorded score its contract contradicts taken on trust with a note (see conventions).
Teams events (``MATCH`` elements) are read by ``usebio_teams``.
Errors name the element path, e.g. ``USEBIO/EVENT/BOARD[3]/TRAVELLER_LINE[2]/SCORE``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from xml.etree.ElementTree import Element, ParseError, XMLParser

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException

from ..errors import InputError
from ..model import (
    Board,
    Direction,
    Masterpoints,
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
    TravellerLine,
)
from ..scoring.message import msg
from ..scoring.said import param_of, said, said_of
from . import values
from .conventions import largest_field
from .hand_records import HandRecords, suit_ranks
from .individual import player_label, seats_of
from .labels import pair_label, versus
from .printed import KEY, Figure, PrintedBoard, PrintedFigures, PrintedLine, PrintedPair
from .registry import Check, Reading, checked
from .sitouts import NO_OPPONENT, is_no_opponent, is_phantom, listed_only, score_problem
from .usebio_elements import child_texts as _child_texts
from .usebio_elements import indexed as _indexed
from .usebio_elements import players as usebio_players
from .usebio_elements import section_name
from .usebio_elements import text as _text
from .usebio_results import SEAT_WORDS, ResultReader
from .usebio_state import SectionState as _Section
from .usebio_state import StartState as _Start
from .usebio_stream import NotStreamable, read_streaming
from .validate import Places
from .zero_artificial import artificial_of, top_of
from .zero_artificial import zero_figures as _zero_figures

EVENT_TYPES: dict[str, ScoringMethod] = {
    "MP_PAIRS": ScoringMethod.MATCHPOINTS,
    "PAIRS": ScoringMethod.MATCHPOINTS,
    "MATCHPOINT_PAIRS": ScoringMethod.MATCHPOINTS,
    "MP": ScoringMethod.MATCHPOINTS,
    "BUTLER_PAIRS": ScoringMethod.BUTLER,
    "BUTLER": ScoringMethod.BUTLER,
    "IMP_PAIRS": ScoringMethod.BUTLER,
    "CROSS_IMP": ScoringMethod.CROSS_IMPS,
    "CROSS_IMPS": ScoringMethod.CROSS_IMPS,
    "CROSS_IMP_PAIRS": ScoringMethod.CROSS_IMPS,
    "AGGREGATE_PAIRS": ScoringMethod.AGGREGATE,
    "AGGREGATE": ScoringMethod.AGGREGATE,
    "TEAMS": ScoringMethod.TEAMS,
    "IMP_TEAMS": ScoringMethod.TEAMS,
    "SWISS_TEAMS": ScoringMethod.TEAMS,
    "KO": ScoringMethod.TEAMS,
    "KO_TEAMS": ScoringMethod.TEAMS,
    "HEAD_TO_HEAD": ScoringMethod.TEAMS,
    "MP_TEAMS": ScoringMethod.TEAMS,
    "TEAMS_OF_FOUR": ScoringMethod.TEAMS,
}
PAIRS_BOARD_SCORING: dict[str, ScoringMethod] = {
    "MATCH_POINTS": ScoringMethod.MATCHPOINTS,
    "MATCHPOINTS": ScoringMethod.MATCHPOINTS,
    "MP": ScoringMethod.MATCHPOINTS,
    "CROSS_IMPS": ScoringMethod.CROSS_IMPS,
    "CROSS_IMP": ScoringMethod.CROSS_IMPS,
    "BUTLER": ScoringMethod.BUTLER,
    "BUTLER_IMPS": ScoringMethod.BUTLER,
    "IMPS": ScoringMethod.BUTLER,
    "IMP": ScoringMethod.BUTLER,
    "AGGREGATE": ScoringMethod.AGGREGATE,
    "TOTAL_POINTS": ScoringMethod.AGGREGATE,
}
"""A pairs event's ``BOARD_SCORING_METHOD`` (EBUScore writes ``EVENT_TYPE="PAIRS"`` for every
pairs event and says here how boards are scored): it decides over the event type.  IMPs in a
pairs event are IMPs against a datum (Butler)."""
INDIVIDUAL_TYPES = ("INDIVIDUAL", "MP_INDIVIDUAL", "INDIVIDUALS")
_LINE_FIGURES = (
    ("MATCH_POINTS", "matchpoints"),
    ("BUTLER_POINTS", "imps"),
    ("CROSS_IMP_POINTS", "cross_imps"),
    ("IMPS", "imps"),
)


def _undefined_entity(check: SafeET.DefusedXMLParser) -> Callable[[str, bool], None]:
    """A reference to an entity nobody declared (expat lets one past when a DOCTYPE names an
    external DTD) refused as the parser's own default handler refuses it, message and place."""

    def skipped(name: str, is_parameter_entity: bool) -> None:
        if not is_parameter_entity:
            check._default(f"&{name};")  # type: ignore[attr-defined]  # the pure-Python parser's own check

    return skipped


class _Nothing:
    """A parse target with no methods: the parser sets no handler for elements or text."""

    data: Callable[[str], object]


def check_safely(data: bytes) -> None:
    """Raises what ``defusedxml.ElementTree.fromstring`` raises on the document, with the same
    positions; returns when defusedxml's parser accepts every byte of it.

    defusedxml's parser runs Python for every element it builds (it needs the pure-Python
    parser to hook its checks): a fifth of a second for a 5 MB field.  So it only checks —
    its entity and external-reference defences and well-formedness, with no handler per
    element or text (expat alone) — and the standard library's C parser builds the tree
    (``parse_safely``) or the stream (``usebio_stream``) from the same bytes."""
    target = _Nothing()
    check = SafeET.DefusedXMLParser(target=target, forbid_dtd=False, forbid_entities=True, forbid_external=True)
    target.data = len  # after the handlers are set (none for text): the default handler's entity check looks for it
    expat = check.parser
    expat.DefaultHandlerExpand = None  # the rest of the document, unhandled, in C ...
    expat.SkippedEntityHandler = _undefined_entity(check)  # ... but for what its handler refused
    check.feed(data)
    check.close()


def parse_safely(data: bytes) -> Element:
    """The document's root, once defusedxml's parser has accepted every byte of it
    (``check_safely``).  Those bytes declare no entity and refer to nothing outside (or the
    check raised), and ElementTree never fetches a DTD: the tree is the one defusedxml would
    have built (tests/readers/test_usebio_fast_paths.py compares the two)."""
    check_safely(data)
    return _tree(data)


def _tree(data: bytes) -> Element:
    """The tree the C parser builds of bytes ``check_safely`` accepted."""
    parser = XMLParser()
    parser.feed(data)
    root: Element = parser.close()
    return root


STREAM_ABOVE = 1_000_000
"""A pairs or individual file of more bytes than this (a field of some 200 tables) is read as
a stream (``usebio_stream``): the tree never holds more than a chunk's boards.  It costs the
same CPU as building and walking the whole tree (docs/performance.md, "USEBIO reader
streams"); a small file keeps the plain tree walk."""


def read_usebio(file: str, data: bytes, stream_above: int = STREAM_ABOVE) -> tuple[list[Session], list[InputError]]:
    """The sessions and every problem, checked as ``read_sessions`` checks them."""
    return checked(file, reading(file, data, stream_above))


def reading(file: str, data: bytes, stream_above: int = STREAM_ABOVE) -> Reading:
    """The USEBIO reader of the registry: the sessions read, not yet checked."""
    try:
        check_safely(data)
        root = _tree(data) if len(data) <= stream_above else None
    except DefusedXmlException as exc:
        name = getattr(exc, "name", "") or ""
        return Reading(
            [],
            [
                InputError(
                    file,
                    "DOCTYPE",
                    said(
                        msg(
                            "the file declares an XML entity %(name)s, which uploads may not use "
                            "(entities can expand into a huge document or read other files): expected plain USEBIO XML",
                            name=repr(name),
                        )
                    ),
                )
            ],
        )
    except ParseError as exc:
        line, column = getattr(exc, "position", (0, 0))
        reason = said_of(exc).split(":")[0]
        return Reading(
            [],
            [
                InputError(
                    file,
                    f"line {line}, column {column + 1}",
                    said(msg("malformed XML (%(reason)s): expected well-formed USEBIO XML", reason=reason)),
                )
            ],
        )
    except (LookupError, ValueError) as exc:  # the declaration names an encoding expat cannot read
        return Reading(
            [],
            [
                InputError(
                    file,
                    "line 1",
                    said(
                        msg(
                            "the XML declaration names an encoding that cannot be read (%(reason)s): "
                            "expected UTF-8, UTF-16 or ISO-8859-1",
                            reason=str(exc),
                        )
                    ),
                )
            ],
        )
    if root is None:
        reader = _Reader(file)
        try:
            return Reading(read_streaming(reader, data), reader.errors, reader.checks)
        except NotStreamable:
            root = _tree(data)  # not the shape the stream reads: the tree, from the start (the check passed)
    if root.tag != "USEBIO":
        return Reading(
            [],
            [
                InputError(
                    file,
                    root.tag,
                    said(msg("expected a USEBIO document (root element USEBIO), got %(tag)s", tag=f"<{root.tag}>")),
                )
            ],
        )
    reader = _Reader(file)
    sessions = reader.document(root)
    return Reading(sessions, reader.errors, reader.checks)


class _Reader(ResultReader):
    """The pairs (and individual) reader; a teams event goes to ``TeamsEventReader``."""

    def __init__(self, file: str):
        super().__init__(file)
        self.checks: list[Check] = []
        """Each pairs session read, for the registry's checks (``registry.checked``)."""
        self.masterpoint_type = ""
        """EVENT › MASTER_POINT_TYPE: the type of every award in the event (Compscore)."""
        self.individual = False
        """The event being read is an individual event (EVENT_TYPE INDIVIDUAL)."""
        self.sitouts: list[SitOut] = []
        """The sit-out lines of the session being read."""
        self.zero_lines: list[tuple[TravellerLine, tuple[Figure, Figure, str]]] = []
        """The board being read's lines written as a zero score with figures given (``zero_artificials``)."""
        self.handsets_read: set[int] = set()
        """The HANDSET elements some session read (by identity): any other is said, not lost."""
        self.outcomes: dict[tuple[int, str, str, str, str, str], tuple[Outcome, Outcome]] = {}
        """A board's results read without a problem or a note, by their texts (pure: the same
        texts on the same board always read the same)."""

    # --- document, events, sessions ---------------------------------------------------
    def document(self, root: Element) -> list[Session]:
        club_elem = root.find("CLUB")
        club = _text(club_elem if club_elem is not None else root, "CLUB_NAME")
        events = _indexed(root, "EVENT", "USEBIO")
        if not events:
            self.error(
                "USEBIO", said(msg("expected an %(event)s element holding the session, found none", event="EVENT"))
            )
        sessions: list[Session] = []
        for event, path in events:
            containers = _indexed(event, "SESSION", path) or [(event, path)]
            for container, cpath in containers:
                records = self.session_hand_records(root, event, path, container, cpath)
                session = self.session(event, path, container, cpath, club, records)
                if session is not None:
                    sessions.append(session)
                sessions += self.extra_sessions
                self.extra_sessions = []
        self.unread_handsets(root, sessions)
        return sessions

    def session(
        self, event: Element, epath: str, container: Element, cpath: str, club: str, records: HandRecords
    ) -> Session | None:
        start = self.begin(event, epath, container, cpath)
        if start is None:
            return None
        if start.method is ScoringMethod.TEAMS:
            start.figures.warnings += records.warnings()
            common = {
                "title": start.title or "Untitled session",
                "club": club,
                "event": start.description or start.title,
                "date": start.when,
                "source": self.file,
                "printed": {KEY: start.figures},
            }
            from .usebio_teams import TeamsEventReader  # here: a pairs file never loads the teams reader

            return TeamsEventReader(self, start.figures).session(
                start.kind, event, epath, container, cpath, records, common
            )
        for index, (elem, spath) in enumerate(_indexed(container, "SECTION", cpath) or [(container, cpath)]):
            sec = self.section(start, elem, spath, section_name(elem, container, index))
            for board_elem, bpath in _indexed(elem, "BOARD", spath):
                self.board(board_elem, bpath, sec, start.lines, start.board_paths, start.figures, start.places)
        return self.finish(start, club, records)

    def begin(self, event: Element, epath: str, container: Element, cpath: str) -> _Start | None:
        """What a session reads from its event and container before its sections (reporting a bad
        event type or date), or None when the event type is unknown."""
        kind = (event.get("EVENT_TYPE") or _text(event, "EVENT_TYPE")).strip().upper()
        self.individual = kind in INDIVIDUAL_TYPES
        method = ScoringMethod.MATCHPOINTS if self.individual else EVENT_TYPES.get(kind)
        if method is not None and method is not ScoringMethod.TEAMS:
            method = self.pairs_board_scoring(event, epath, method)
            if method is None:
                return None
        if method is None:
            self.error(
                f"{epath}@EVENT_TYPE",
                said(
                    msg(
                        "unknown event type %(kind)s: expected one of %(known)s",
                        kind=repr(kind),
                        known=", ".join(sorted(EVENT_TYPES)),
                    )
                ),
            )
            return None
        program = _text(event, "PROGRAM_NAME")
        description = _text(event, "EVENT_DESCRIPTION")
        title = (
            _text(container, "SESSION_TITLE")
            or _text(container, "SESSION_NAME")
            or description
            or _text(event, "TITLE")
        )
        date_text = _text(container, "DATE") or _text(event, "DATE")
        when = None
        if date_text:
            try:
                when = values.parse_date(date_text)
            except ValueError as exc:
                self.error(f"{epath}/DATE", said_of(exc))
        winners = _text(event, "WINNER_TYPE")
        figures = self.figures = PrintedFigures(program=program)
        self.masterpoint_type = _text(event, "MASTER_POINT_TYPE")
        if method is not ScoringMethod.TEAMS:
            self.sitouts = []
        return _Start(kind, method, program, description, title, when, winners, figures)

    def section(self, start: _Start, elem: Element, spath: str, name: str) -> _Section:
        """A section's participants (its boards are read next, with ``board``)."""
        if self.individual:
            sec = self.players(elem, spath, name, start.figures, start.places)
        else:
            sec = self.participants(
                elem,
                spath,
                name,
                start.figures,
                one_winner=start.winners == "1",
                places=start.places,
                winners_unstated=not start.winners,
            )
        start.sections.append(sec)
        return sec

    def finish(self, start: _Start, club: str, records: HandRecords) -> Session:
        """The session of the sections and boards read, validated."""
        places, figures, winners, lines = start.places, start.figures, start.winners, start.lines
        figures.warnings += records.warnings()
        boards = []
        for number in sorted(lines):
            board = Board(number, tuple(lines[number]), deal=records.deals.get(number), deal_note=records.note(number))
            places.boards[id(board)] = start.board_paths[number]
            boards.append(board)
        model_sections = tuple(
            Section(s.name, tuple(s.pairs), winners=2 if s.mitchell and winners != "1" else 1) for s in start.sections
        )
        options = self.options(start.method, start.program, model_sections, figures)
        self.tidy_totals(figures)
        session = Session(
            title=start.title or "Untitled session",
            method=start.method,
            sections=model_sections,
            boards=tuple(boards),
            club=club,
            event=start.description or start.title,
            date=start.when,
            source=self.file,
            options=options,
            printed={KEY: figures},
            individual=self.individual,
            sitouts=listed_only(
                self.sitouts, {p.ref for s in model_sections for p in s.pairs}, figures.notes, "a sit-out line"
            ),
        )
        self.checks.append(Check(session, places, len(self.errors)))
        return session

    def pairs_board_scoring(self, event: Element, epath: str, method: ScoringMethod) -> ScoringMethod | None:
        """The method ``BOARD_SCORING_METHOD`` names, else the event type's; an unknown one is refused."""
        written = _text(event, "BOARD_SCORING_METHOD")
        if not written:
            return method
        named = PAIRS_BOARD_SCORING.get(written.upper().replace(" ", "_").replace("-", "_"))
        if named is None:
            self.error(
                f"{epath}/BOARD_SCORING_METHOD",
                said(
                    msg(
                        "unknown board scoring %(method)s for a pairs event: expected %(methods)s or %(last)s",
                        method=repr(written),
                        methods="MATCH_POINTS, CROSS_IMPS, BUTLER, IMPS",
                        last="AGGREGATE",
                    )
                ),
            )
        return named

    def players(self, elem: Element, path: str, name: str, figures: PrintedFigures, places: Places) -> _Section:
        """An individual event's PARTICIPANTS › PLAYER (PLAYER_NUMBER, PLAYER_NAME): one ``Pair`` of one player each,
        with the program's TOTAL_SCORE, PERCENTAGE and PLACE kept for `check`."""
        listed = elem.find("PARTICIPANTS")
        holder = listed if listed is not None else elem
        sec = _Section(name, mitchell=False)
        seen: dict[PairRef, str] = {}
        for player, ppath in _indexed(holder, "PLAYER", f"{path}/PARTICIPANTS"):
            try:
                number = values.number_of(_text(player, "PLAYER_NUMBER"), "player")
            except ValueError as exc:
                self.error(f"{ppath}/PLAYER_NUMBER", said_of(exc))
                continue
            ref = PairRef(name, number)
            if ref in seen:
                self.error(
                    ppath,
                    said(
                        msg(
                            "%(who)s is listed twice (also %(where)s): expected each player once",
                            who=player_label(ref).param,
                            where=seen[ref],
                        )
                    ),
                    pair=player_label(ref),
                )
                continue
            seen[ref] = ppath
            player_name = _text(player, "PLAYER_NAME")
            if not player_name:
                self.error(
                    f"{ppath}/PLAYER_NAME",
                    said(
                        msg(
                            "%(who)s has no %(tag)s: expected the player's name",
                            who=player_label(ref).param,
                            tag="PLAYER_NAME",
                        )
                    ),
                    pair=player_label(ref),
                )
                continue
            places.pairs[ref] = ppath
            national = _text(player, "NATIONAL_ID_NUMBER")
            member = Player(player_name, national if national not in ("", "0") else None)
            sec.pairs.append(Pair(ref, (member,), masterpoints=self.masterpoints(player, ppath, ref), is_player=True))
            figures.pairs.append(
                PrintedPair(
                    ref,
                    ppath,
                    Figure.parse(_text(player, "TOTAL_SCORE")),
                    Figure.parse(_text(player, "PERCENTAGE")),
                    _text(player, "PLACE"),
                )
            )
        return sec

    def seats(self, elem: Element, path: str, board: int, sec: _Section) -> Seats | None:
        """The four players of an individual event's traveller line (N_PLAYER_NUMBER ... W_PLAYER_NUMBER)."""
        numbers: dict[str, int | None] = {}
        for seat in "NSEW":
            written = _text(elem, f"{seat}_PLAYER_NUMBER")
            try:
                numbers[seat] = values.number_of(written, "player") if written else None
            except ValueError as exc:
                self.error(f"{path}/{seat}_PLAYER_NUMBER", said_of(exc), board)
                return None
        try:
            return seats_of(numbers, sec.name)
        except ValueError as exc:
            self.error(path, said_of(exc), board)
            return None

    # --- pairs -------------------------------------------------------------------------
    def participants(
        self,
        elem: Element,
        path: str,
        name: str,
        figures: PrintedFigures,
        one_winner: bool = False,
        places: Places | None = None,
        winners_unstated: bool = False,
    ) -> _Section:
        listed = elem.find("PARTICIPANTS")
        entries = _indexed(listed if listed is not None else elem, "PAIR", f"{path}/PARTICIPANTS")
        parsed = []
        for pair, ppath in entries:
            number_text = _text(pair, "PAIR_NUMBER")
            try:
                _, number, direction = values.parse_pair_number(number_text)
                direction = direction or values.parse_direction(_text(pair, "DIRECTION"))
            except ValueError as exc:
                self.error(f"{ppath}/PAIR_NUMBER", said_of(exc))
                continue
            players = usebio_players(pair)
            parsed.append((pair, ppath, number, direction, players))
        mitchell = any(d is not None for *_, d, _p in parsed)
        directions = {d for *_, d, _p in parsed}
        if mitchell and (one_winner or winners_unstated) and len(parsed) > 1 and len(directions) == 1:
            # USEBIO 1.0 programs write DIRECTION NS for every pair of a one-winner event though
            # half sit East-West (no field of one direction plays): the travellers say who sat
            # where; each number is one pair.
            event = "a one-winner event (WINNER_TYPE 1)" if one_winner else "an event with no WINNER_TYPE"
            mitchell = False
            figures.warnings.append(
                f"{path}: every pair is listed DIRECTION {directions.pop()} in {event}: the directions are not "
                "believed; the pairs are read as one field, each number one pair, seated as the traveller lines say"
            )
        elif mitchell and one_winner and any(d is None for *_, d, _p in parsed):
            # A Howell, or a Mitchell with stationary pairs, ranked as one field: the directions
            # some pairs carry say only where they sat; each number is one pair.
            mitchell = False
            figures.notes.append(
                said(
                    msg(
                        "%(path)s: one winner (%(winner)s) and only some pairs carry a %(direction)s: read as one field",
                        path=path,
                        winner="WINNER_TYPE 1",
                        direction="DIRECTION",
                    )
                )
            )
        sec = _Section(name, mitchell)
        seen: dict[PairRef, str] = {}
        for pair, ppath, number, direction, players in parsed:
            if mitchell and direction is None:
                self.error(
                    f"{ppath}/DIRECTION",
                    said(
                        msg(
                            "pair %(number)s has no direction in a field of NS and EW pairs: expected NS or EW",
                            number=number,
                        )
                    ),
                    pair=said(msg("pair %(number)s", number=str(number))),
                )
                continue
            ref = PairRef(name, number, direction if mitchell else None)
            if ref in seen:
                self.error(
                    ppath,
                    said(
                        msg(
                            "%(who)s is listed twice (also %(where)s): expected each pair once",
                            who=param_of(pair_label(ref) or ""),
                            where=seen[ref],
                        )
                    ),
                    pair=pair_label(ref),
                )
                continue
            seen[ref] = ppath
            if is_phantom([p.name for p in players]):
                sec.phantoms.add(ref)
                figures.notes.append(
                    said(
                        msg(
                            "%(path)s: %(pair)s is the phantom pair: not ranked; a line against it is a sit-out",
                            path=ppath,
                            pair=param_of(pair_label(ref) or ""),
                        )
                    )
                )
                continue
            handicap = None
            if _text(pair, "HANDICAP"):
                try:
                    handicap = values.parse_handicap(_text(pair, "HANDICAP"))
                except ValueError as exc:
                    self.error(f"{ppath}/HANDICAP", said_of(exc), pair=pair_label(ref))
                    handicap = Fraction(0)  # reported: keeps "no handicap" from being reported as well
            if places is not None:
                places.pairs[ref] = ppath
            sec.pairs.append(Pair(ref, players, handicap, self.masterpoints(pair, ppath, ref)))
            sec.listed[ref] = ref
            figures.pairs.append(
                PrintedPair(
                    ref,
                    ppath,
                    Figure.parse(_text(pair, "TOTAL_SCORE")),
                    Figure.parse(_text(pair, "PERCENTAGE")),
                    _text(pair, "PLACE"),
                    Figure.parse(_text(pair, "HANDICAP")),
                )
            )
        return sec

    def masterpoints(self, pair: Element, ppath: str, ref: PairRef) -> Masterpoints | None:
        """MASTER_POINTS › MASTER_POINTS_AWARDED, MASTER_POINT_TYPE (NZ Scorer) or the two directly
        under PAIR (Compscore, whose EVENT may give the type for every pair)."""
        holder, hpath = pair, ppath
        inner = pair.find("MASTER_POINTS")
        if inner is not None:
            holder, hpath = inner, f"{ppath}/MASTER_POINTS"
        awarded = _text(holder, "MASTER_POINTS_AWARDED")
        if not awarded:
            return None
        try:
            return values.parse_masterpoints(awarded, _text(holder, "MASTER_POINT_TYPE") or self.masterpoint_type)
        except ValueError as exc:
            self.error(f"{hpath}/MASTER_POINTS_AWARDED", said_of(exc), pair=pair_label(ref))
            return None

    def pair_ref(self, text: str, side: Direction, sec: _Section, where: str, board: int) -> PairRef | None:
        try:
            prefix, number, direction = values.parse_pair_number(text)
        except ValueError as exc:
            self.error(where, said_of(exc), board, _side_label(side))
            return None
        section = prefix or sec.name
        if not sec.mitchell:
            ref = PairRef(section, number, None)
        elif direction is not None and direction is not side:
            self.error(
                where,
                said(
                    msg(
                        "pair %(found)s is written in the %(side)s column: expected an %(side)s pair number",
                        found=repr(text.strip()),
                        side=str(side),
                    )
                ),
                board,
                pair_label(PairRef("", number, side)),
            )
            return None
        else:
            ref = PairRef(section, number, side)
        ref = sec.listed.get(ref, ref)  # the listed pair's own object: validation compares identities
        (sec.ns_refs if side is Direction.NS else sec.ew_refs)[text] = ref
        return ref

    # --- boards and traveller lines ------------------------------------------------------
    def board(
        self,
        elem: Element,
        path: str,
        sec: _Section,
        lines: dict[int, list[TravellerLine]],
        board_paths: dict[int, str],
        figures: PrintedFigures,
        places: Places,
    ) -> None:
        try:
            number = values.board_number(_text(elem, "BOARD_NUMBER"))
        except ValueError as exc:
            self.error(f"{path}/BOARD_NUMBER", said_of(exc))
            return
        board_paths.setdefault(number, path)
        bucket = lines.setdefault(number, [])
        figures.boards.append(PrintedBoard(number, sec.name, path, Figure.parse(_text(elem, "BOARD_AVERAGE"))))
        self.zero_lines = []
        for line_elem, lpath in _indexed(elem, "TRAVELLER_LINE", path):
            before = len(self.errors)
            line = self.line(line_elem, lpath, number, sec, figures, places)
            if len(self.errors) > before:
                places.dropped.add(number)
            if line is not None:
                places.lines[id(line)] = lpath
                bucket.append(line)
        if self.zero_lines:
            self.zero_artificials(number, bucket, places, figures)

    def zero_artificials(
        self, board: int, bucket: list[TravellerLine], places: Places, figures: PrintedFigures
    ) -> None:
        """A board's lines written as a zero score with figures given (``zero_artificial``): the
        artificial scores they stand for, when the board's other lines are played contracts."""
        zero = {id(line): found for line, found in self.zero_lines}
        played = [c.play for l in bucket if id(l) not in zero and isinstance(l.ns, Scored) for c in l.ns.components]
        if not any(play.contract is not None for play in played):
            return  # a score-only board: 0 is the score written (a pass-out)
        zero_paths = {places.lines[i] for i in zero}
        for i, line in enumerate(bucket):
            if id(line) not in zero:
                continue
            ns_figure, ew_figure, unit = zero[id(line)]
            top = top_of(
                p.ns.value + p.ew.value
                for p in figures.lines
                if p.board == board and p.section == line.section and p.where not in zero_paths
                if p.ns is not None and p.ew is not None
            )
            ns, ew = artificial_of(ns_figure.value, ew_figure.value, unit, top)
            note = (
                f"a zero score with no contract and {unit.replace('_', '-')} given "
                f"(NS {ns_figure.text}, EW {ew_figure.text}): "
                f"read as the artificial adjusted scores {ns.code} to NS and {ew.code} to EW, not as a pass-out"
            )
            where = places.lines.pop(id(line))
            bucket[i] = replace(line, ns=ns, ew=ew, note=note)
            places.lines[id(bucket[i])] = where
            pairs = versus(pair_label(line.ns_pair, "NS"), pair_label(line.ew_pair, "EW")) or ""
            figures.notes.append(f"board {board}, {pairs} ({where}): {note}")

    def line(
        self, elem: Element, path: str, board: int, sec: _Section, figures: PrintedFigures, places: Places
    ) -> TravellerLine | None:
        if self.individual:
            return self.individual_line(elem, path, board, sec, figures, places)
        texts = _child_texts(elem)
        ns_text, ew_text = texts.get("NS_PAIR_NUMBER", ""), texts.get("EW_PAIR_NUMBER", "")
        if ns_text in NO_OPPONENT or ew_text in NO_OPPONENT:  # is_no_opponent of texts already stripped
            self.sitout_line(elem, path, board, sec, ns_text, ew_text)
            return None
        self.line_note = ""
        ns_pair = sec.ns_refs.get(ns_text) or self.pair_ref(ns_text, Direction.NS, sec, f"{path}/NS_PAIR_NUMBER", board)
        ew_pair = sec.ew_refs.get(ew_text) or self.pair_ref(ew_text, Direction.EW, sec, f"{path}/EW_PAIR_NUMBER", board)
        if sec.phantoms and (ns_pair in sec.phantoms or ew_pair in sec.phantoms):
            self.sitout_line(
                elem,
                path,
                board,
                sec,
                "" if ns_pair in sec.phantoms else ns_text,
                "" if ew_pair in sec.phantoms else ew_text,
            )
            return None
        score_text = texts.get("SCORE", "")
        zero = _zero_figures(texts, _LINE_FIGURE_TAGS) if "CONTRACT" not in texts or not texts["CONTRACT"] else None
        if zero is not None and ns_pair is not None and ew_pair is not None:
            # a zero score with figures given: an artificial score, decided once the board is read
            line = TravellerLine(ns_pair, ew_pair, _ZERO_PLAY, _ZERO_PLAY, sec.name)
            self.zero_lines.append((line, zero))
            _keep_printed(figures, texts, path, board, sec.name, ns_pair, ew_pair, score_text)
            return line
        key = (
            board,
            score_text,
            texts.get("CONTRACT", ""),
            texts.get("PLAYED_BY", ""),
            texts.get("TRICKS", ""),
            texts.get("LEAD", ""),
        )
        outcome = self.outcomes.get(key)
        if outcome is None:
            pairs = versus(pair_label(ns_pair, "NS"), pair_label(ew_pair, "EW"))
            before = len(self.errors)
            outcome = self.outcome(elem, path, board, score_text, pairs, texts)
            if outcome is not None and not self.line_note and len(self.errors) == before:
                self.outcomes[key] = outcome  # a big field repeats a few hundred results per board
        if ns_pair is None or ew_pair is None or outcome is None:
            places.drop(board, ns_pair, ew_pair, path)
            return None
        ns, ew = outcome
        if not texts.keys().isdisjoint(_LINE_FIGURE_NAMES):  # (a big field's export has none)
            _keep_printed(figures, texts, path, board, sec.name, ns_pair, ew_pair, score_text)
        return TravellerLine(ns_pair, ew_pair, ns, ew, sec.name, None, None, self.line_note)

    def sitout_line(self, elem: Element, path: str, board: int, sec: _Section, ns_text: str, ew_text: str) -> None:
        """A line with one pair and no opponent: kept as that pair's sit-out of the board."""
        if is_no_opponent(ns_text) and is_no_opponent(ew_text):
            self.figures.notes.append(
                said(
                    msg(
                        "board %(board)s: a traveller line (%(path)s) names no pair and is not a result",
                        board=board,
                        path=path,
                    )
                )
            )
            return
        side, text = (Direction.EW, ew_text) if is_no_opponent(ns_text) else (Direction.NS, ns_text)
        ref = self.pair_ref(text, side, sec, f"{path}/{side}_PAIR_NUMBER", board)
        if ref is None:
            return
        problem = score_problem(ref, contract=_text(elem, "CONTRACT"), score=_text(elem, "SCORE"))
        if problem:
            self.error(path, problem, board, pair_label(ref))
            return
        self.sitouts.append(SitOut(ref, board, where=path))

    def individual_line(
        self, elem: Element, path: str, board: int, sec: _Section, figures: PrintedFigures, places: Places
    ) -> TravellerLine | None:
        """A line of an individual event: four players; North stands for NS and East for EW in the line's key."""
        self.line_note = ""
        written = {s: _text(elem, f"{s}_PLAYER_NUMBER") for s in "NSEW"}
        if (
            any(is_no_opponent(w) for w in written.values())
            and not _text(elem, "SCORE")
            and not _text(elem, "CONTRACT")
        ):
            # players at a table with empty seats and no result: they sat the board out
            for seat, text in written.items():
                if not is_no_opponent(text):
                    try:
                        self.sitouts.append(
                            SitOut(PairRef(sec.name, values.number_of(text, "player")), board, where=path)
                        )
                    except ValueError as exc:
                        self.error(f"{path}/{seat}_PLAYER_NUMBER", said_of(exc), board)
            return None
        seats = self.seats(elem, path, board, sec)
        if seats is None:
            places.dropped.add(board)
            return None
        players = f"N {seats.north.number}, S {seats.south.number} v E {seats.east.number}, W {seats.west.number}"
        score_text = _text(elem, "SCORE")
        outcome = self.outcome(elem, path, board, score_text, players)
        if outcome is None:
            places.dropped.add(board)
            return None
        ns, ew = outcome
        _keep_printed(figures, _child_texts(elem), path, board, sec.name, seats.north, seats.east, score_text)
        return TravellerLine(seats.north, seats.east, ns, ew, section=sec.name, note=self.line_note, seats=seats)

    # --- hand records --------------------------------------------------------------------
    def hand_records(self, holders: list[tuple[Element, str]]) -> HandRecords:
        """A session's hand records, from a HANDSET wherever its program put it: the top of the
        file, the EVENT, the SESSION (EBUScore) or a SECTION (``holders``, outermost first)."""
        records = HandRecords()
        for holder, path in holders:
            for handset, hpath in _indexed(holder, "HANDSET", path):
                self.handsets_read.add(id(handset))
                for board, bpath in _indexed(handset, "BOARD", hpath):
                    self.hand_record(board, bpath, records)
        return records

    def hand_record(self, board: Element, bpath: str, records: HandRecords) -> None:
        """One HANDSET › BOARD: kept, or left out with why (never an error: the results stand without it)."""
        written = _text(board, "BOARD_NUMBER")
        try:
            number = values.board_number(written)
        except ValueError as exc:
            records.unplaced.append(
                said(
                    msg(
                        "a hand record (%(where)s) was left out: %(reason)s",
                        where=f"{bpath}/BOARD_NUMBER",
                        reason=param_of(said_of(exc)),
                    )
                )
            )
            return
        hands = {}
        for hand, path in _indexed(board, "HAND", bpath):
            direction = _text(hand, "DIRECTION")
            seat = SEAT_WORDS.get(direction.upper())
            if seat is None:
                records.drop(
                    number,
                    f"{path}/DIRECTION",
                    said(
                        msg(
                            "expected %(seats)s or %(last)s, got %(found)s",
                            seats="North, East, South",
                            last="West",
                            found=values.quoted(direction),
                        )
                    ),
                )
                return
            if seat in hands:
                records.drop(
                    number,
                    path,
                    said(
                        msg(
                            "two hands for %(seat)s: expected one %(hand)s for each seat",
                            seat=seat.name.title(),
                            hand="HAND",
                        )
                    ),
                )
                return
            hands[seat] = ".".join(suit_ranks(hand.findtext(s)) for s in ("SPADES", "HEARTS", "DIAMONDS", "CLUBS"))
        if not hands:
            return
        try:
            records.keep(number, values.check_hands(hands), bpath)
        except ValueError as exc:
            records.drop(number, bpath, said_of(exc))

    def session_hand_records(
        self, root: Element, event: Element, epath: str, container: Element, cpath: str
    ) -> HandRecords:
        """The hand records a session sees: the file's, its event's, its session's and its sections'."""
        holders = [(root, "USEBIO"), (event, epath)]
        if container is not event:
            holders.append((container, cpath))
        return self.hand_records(holders + _indexed(container, "SECTION", cpath))

    def unread_handsets(self, root: Element, sessions: list[Session]) -> None:
        """A HANDSET somewhere no session looks (under CLUB, in a BOARD) is said, never lost silently."""
        unread = [h for h in root.iter("HANDSET") if id(h) not in self.handsets_read]
        if not unread or not sessions:
            return
        figures = sessions[0].printed.get(KEY)
        if isinstance(figures, PrintedFigures):
            where = ", ".join(_paths_of(root, unread))
            figures.warnings.append(
                f"{len(unread)} HANDSET element{'s' if len(unread) > 1 else ''} ({where}) not read: hand records are "
                "read at the top of the file, in an EVENT, a SESSION or a SECTION"
            )

    # --- conventions the file implies --------------------------------------------------
    def options(
        self, method: ScoringMethod, program: str, sections: tuple[Section, ...], figures: PrintedFigures
    ) -> dict[str, object]:
        options: dict[str, object] = {}
        if method is ScoringMethod.BUTLER and program.lower().startswith("compscore"):
            options["butler_trim"] = "1"  # Compscore's datum drops the top and bottom score
        if (
            program.strip().lower() == "scorer"
            and len(sections) == 1
            and len(sections[0].pairs) % 2
            and all(p.ref.direction is None for p in sections[0].pairs)
        ):
            # Scorer factors the boards of a Howell with a sit-out up to the full number of tables
            options["expected_results"] = (len(sections[0].pairs) + 1) // 2
        if len(sections) > 1:
            places = [n for n in (values.optional_whole(p.place.rstrip("=")) for p in figures.pairs) if n is not None]
            if places and max(places) > largest_field(sections):
                options["sections"] = "pooled"  # one ranking across the field: results were compared across sections
        return options

    def tidy_totals(self, figures: PrintedFigures) -> None:
        """Some converters write the percentage into TOTAL_SCORE too; then it is not a total."""
        pairs = [p for p in figures.pairs if p.total is not None]
        if pairs and all(
            p.total is not None and p.percentage is not None and p.total.value == p.percentage.value for p in pairs
        ):
            figures.pairs[:] = [
                PrintedPair(p.ref, p.where, None, p.percentage, p.place, p.handicap) for p in figures.pairs
            ]
            figures.notes.append(
                said(
                    msg(
                        "%(total)s repeats %(percentage)s for every pair: it is not compared as a total",
                        total="TOTAL_SCORE",
                        percentage="PERCENTAGE",
                    )
                )
            )


def _paths_of(root: Element, wanted: list[Element]) -> list[str]:
    """The element paths of ``wanted`` (a rare look: only for HANDSETs no session read)."""
    ids = {id(e) for e in wanted}
    found: list[str] = []
    todo = [(root, "USEBIO")]
    while todo:
        elem, path = todo.pop()
        for child, cpath in _indexed_all(elem, path):
            if id(child) in ids:
                found.append(cpath)
            todo.append((child, cpath))
    return sorted(found)


def _side_label(side: Direction) -> str:
    """'NS pair' or 'EW pair': the side of a traveller line whose pair number is wrong."""
    return said(msg("NS pair")) if side is Direction.NS else said(msg("EW pair"))


def _indexed_all(parent: Element, path: str) -> list[tuple[Element, str]]:
    """Every child with its element path, indexed by tag as ``indexed`` does."""
    return [pair for tag in dict.fromkeys(c.tag for c in parent) for pair in _indexed(parent, tag, path)]


_ZERO_PLAY = Scored.of(Play(0))
"""A zero-score line's outcome until its board is read (then an artificial score, or this)."""
_LINE_FIGURE_TAGS = tuple((f"NS_{suffix}", f"EW_{suffix}", unit) for suffix, unit in _LINE_FIGURES)
_LINE_FIGURE_NAMES = frozenset(tag for ns_tag, ew_tag, _ in _LINE_FIGURE_TAGS for tag in (ns_tag, ew_tag))


def _keep_printed(
    figures: PrintedFigures,
    texts: dict[str, str],
    path: str,
    board: int,
    section: str,
    ns_key: PairRef,
    ew_key: PairRef,
    score_text: str,
) -> None:
    """The program's own figures for a traveller line (matchpoints, IMPs, …), kept for `check`;
    in an individual North and East stand for the two sides."""
    if texts.keys().isdisjoint(_LINE_FIGURE_NAMES):  # (a quick look first: a big field's export has none)
        return
    for ns_tag, ew_tag, unit in _LINE_FIGURE_TAGS:
        if ns_tag in texts or ew_tag in texts:
            figures.line_unit = unit
            figures.lines.append(
                PrintedLine(
                    board,
                    section,
                    ns_key,
                    ew_key,
                    path,
                    score_text,
                    Figure.parse(texts.get(ns_tag, "")),
                    Figure.parse(texts.get(ew_tag, "")),
                )
            )
            return

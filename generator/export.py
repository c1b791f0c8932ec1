"""A scored session as JSON-ready data and as a CSV ranking: pure functions, no I/O.

Used by ``python -m generator score --json`` and by the website for its downloads.
Every figure is an exact decimal string (``json_number``), never a float; the schema
is documented in docs/json-schema.md.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import lru_cache
from json.encoder import encode_basestring
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # `score --json` of a session without deals never loads the analysis
    from .analysis.double_dummy import BoardAnalysis, SessionAnalysis
from .model import Artificial, Auction, CardPlay, Outcome, PairRef, Play, RecordedTable, Scored, Session, TravellerLine
from .scoring.explain import Explanation, json_number
from .scoring.results import MatchResult, ScoredBoard, ScoredLine, SessionResult, SideScore, Standing
from .scoring.units import unit_of

SCHEMA_VERSION = 2
"""2: a line's side names its explanation by index in its board's ``explanations`` list
(each distinct explanation written once per board) instead of carrying a copy (schema 1)."""


def _num(value: Fraction | int | None) -> str | None:
    return None if value is None else json_number(value)


def _ref(ref: PairRef | None) -> dict[str, Any] | None:
    if ref is None:
        return None
    return _ref_dict(ref).copy()


@lru_cache(maxsize=1 << 16)
def _ref_dict(ref: PairRef) -> dict[str, Any]:
    """A pair's keys, worked out once per pair (it is on every line it played: a big field has
    thousands); callers get a copy (``_ref``)."""
    return {
        "id": ref.slug,
        "section": ref.section,
        "number": ref.number,
        "direction": ref.direction.value if ref.direction else None,
    }


def _play(play: Play) -> dict[str, Any]:
    return {
        "contract": str(play.contract) if play.contract else None,
        "declarer": play.declarer.value if play.declarer else None,
        "tricks": play.tricks,
        "lead": play.lead,
        "ns_score": play.ns_score,
    }


def outcome_to_json(outcome: Outcome) -> dict[str, Any]:
    """A side's outcome: an ordinary result, a weighted score or an artificial code."""
    if isinstance(outcome, Artificial):
        return {"kind": "artificial", "code": outcome.code, "percent": json_number(outcome.percent)}
    assert isinstance(outcome, Scored)
    if not outcome.is_weighted:
        return {"kind": "result", **_play(outcome.components[0].play)}
    return {
        "kind": "weighted",
        "components": [{"weight": json_number(c.weight), **_play(c.play)} for c in outcome.components],
    }


def auction_to_json(auction: Auction) -> dict[str, Any]:
    """A table's auction as recorded: the dealer, each call (alerted, its note's number), the notes."""
    return {
        "dealer": auction.dealer.value,
        "calls": [{"call": c.text, "alert": c.alert, "note": c.note} for c in auction.calls],
        "notes": [{"number": n, "text": t} for n, t in auction.notes],
        "complete": auction.complete,
    }


def play_to_json(play: CardPlay) -> dict[str, Any]:
    """A table's play, trick by trick: who led, the cards in the order played, who won."""
    return {
        "opening_leader": play.opening_leader.value,
        "tricks": [
            {
                "leader": t.leader.value if t.leader else None,
                "cards": [{"seat": c.seat.value, "card": c.card, "note": c.note} for c in t.cards],
                "winner": t.winner.value if t.winner else None,
            }
            for t in play.tricks
        ],
        "notes": [{"number": n, "text": t} for n, t in play.notes],
        "complete": play.complete,
    }


def _recorded(r: RecordedTable) -> dict[str, Any]:
    return {
        "contract": str(r.contract) if r.contract else None,
        "declarer": r.declarer.value if r.declarer else None,
        "tricks": r.tricks,
        "why": r.why,
        "auction": auction_to_json(r.auction) if r.auction else None,
        "play": play_to_json(r.play) if r.play else None,
    }


def _records(tl: TravellerLine, out: dict[str, Any]) -> dict[str, Any]:
    """``out`` with the line's recorded auction and play, the keys only where the upload has them."""
    if tl.auction is not None:
        out["auction"] = auction_to_json(tl.auction)
    if tl.card_play is not None:
        out["play"] = play_to_json(tl.card_play)
    return out


class _SharedExplanations:
    """A board's distinct line explanations, each written once; lines refer to them by index.
    The engine builds one explanation per distinct score on a board and shares it (and the
    side's figures) between the lines with that score, so identity finds the shared ones
    without comparing contents, and each shared side's figures are written once too."""

    def __init__(self) -> None:
        self.written: list[dict[str, Any]] = []
        self._index: dict[int, int] = {}

    def index(self, explanation: Explanation) -> int:
        key = id(explanation)
        found = self._index.get(key)
        if found is None:
            found = self._index[key] = len(self.written)
            self.written.append(explanation.to_dict())
        return found


def _side(
    side: SideScore, shared: _SharedExplanations | None, written: dict[int, dict[str, Any]], copy: bool = True
) -> dict[str, Any]:
    """``written`` keeps each SideScore's dict (the board's lines share SideScores): a copy is
    returned, or with ``copy`` false (data encoded at once and dropped) the shared dict."""
    out = written.get(id(side))
    if out is None:
        out = {"value": json_number(side.value), "percent": _num(side.percent)}
        if shared is not None:
            out["explanation_index"] = shared.index(side.explanation)
        written[id(side)] = out
    return dict(out) if copy else out


def _ordinary_play(tl: TravellerLine) -> Play | None:
    """The play of an ordinary line — two pairs, one result, the same for both sides (nearly
    every line) — else None."""
    plain = tl.ns
    if (
        type(plain) is Scored
        and len(plain.components) == 1
        and tl.seats is None
        and tl.ns_pair is not None
        and tl.ew_pair is not None
        and (tl.ew is plain or not tl.is_split)
        and tl.auction is None
        and tl.card_play is None
    ):
        return plain.components[0].play
    return None


def _line(
    line: ScoredLine,
    shared: _SharedExplanations | None,
    sides: dict[int, dict[str, Any]],
    keys_of: dict[int, dict[str, Any]],
    copy: bool = True,
) -> dict[str, Any]:
    """A traveller line's data; with ``copy`` false its pairs' and sides' dicts are shared with
    the board's other lines (for data encoded at once and dropped: ``BoardsToWrite``)."""
    tl = line.line
    plain = tl.ns
    play = _ordinary_play(tl)
    if play is not None:
        # An ordinary result of two pairs, the same for both sides (nearly every line): the keys
        # below, in the same order, from the play's keys written once per distinct play.
        played = keys_of.get(id(play))
        if played is None:
            played = keys_of[id(play)] = {**_play(play), "artificial": None}
        ns_keys = keys_of.get(id(tl.ns_pair))  # a pair's keys, by identity too (no dataclass hash per line)
        if ns_keys is None:
            ns_keys = keys_of[id(tl.ns_pair)] = _ref_dict(tl.ns_pair)
        ew_keys = keys_of.get(id(tl.ew_pair))
        if ew_keys is None:
            ew_keys = keys_of[id(tl.ew_pair)] = _ref_dict(tl.ew_pair)
        return {
            "section": tl.section,
            "table": tl.table,
            "ns_pair": ns_keys.copy() if copy else ns_keys,
            "ew_pair": ew_keys.copy() if copy else ew_keys,
            "seats": None,
            **played,
            "ns": _side(line.ns, shared, sides, copy),
            "ew": _side(line.ew, shared, sides, copy),
        }
    out: dict[str, Any] = {
        "section": tl.section,
        "table": tl.table,
        "ns_pair": _ref(tl.ns_pair),
        "ew_pair": _ref(tl.ew_pair),
        "seats": {seat: _ref(ref) for seat, ref in tl.seats.by_seat()} if tl.seats else None,
    }
    if type(plain) is Scored and len(plain.components) == 1 and (tl.ew is plain or not tl.is_split):
        # An ordinary result, the same for both sides (nearly every line): its play's keys, as below.
        out.update(_play(plain.components[0].play))
        out["artificial"] = None
        out["ns"] = _side(line.ns, shared, sides)
        out["ew"] = _side(line.ew, shared, sides)
        return _records(tl, out)
    ns = outcome_to_json(tl.ns)
    if ns["kind"] == "result":
        out.update({k: ns[k] for k in ("contract", "declarer", "tricks", "lead", "ns_score")})
        out["artificial"] = None
    else:
        out.update({"contract": None, "declarer": None, "tricks": None, "lead": None, "ns_score": None})
        out["artificial"] = ns["code"] if ns["kind"] == "artificial" else None
    if tl.is_split or ns["kind"] == "weighted":
        out["outcome"] = {"ns": ns, "ew": outcome_to_json(tl.ew)}
    out["ns"] = _side(line.ns, shared, sides)
    out["ew"] = _side(line.ew, shared, sides)
    return _records(tl, out)


def compact_json(value: Any) -> str:
    """``json.dumps``'s compact text (as ``score --json`` writes a big field); no check for cycles:
    the export's data are trees of fresh dicts and lists (a cycle would still fail: RecursionError)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, check_circular=False)


class _LineTexts:
    """A board's traveller lines as compact JSON text, each ordinary line (two pairs, one result
    for both sides) joined from the texts of its parts, each encoded once per board: its pairs,
    its play and its sides' figures are shared by many lines.  The text is ``compact_json`` of
    ``_line``'s dict, key for key (tests/test_board_text.py)."""

    def __init__(self, shared: _SharedExplanations | None, common: dict[Any, str]) -> None:
        self.shared = shared
        self.sides: dict[int, dict[str, Any]] = {}
        self.keys_of: dict[int, dict[str, Any]] = {}
        self.texts: dict[int, str] = {}
        """The board's encoded plays and sides, by the id of the Play or SideScore (alive as
        long as the board)."""
        self.rests: dict[tuple[int, int, int], str] = {}
        """The end of an ordinary line's text (its play and its sides' figures), by the ids of
        its outcome and its two SideScores: the lines with the same result share it."""
        self.common = common
        """What the session's boards share: its pairs' texts by the PairRef's id (alive as long
        as the session) and the start of a line by its section and table."""

    def text(self, line: ScoredLine) -> str:
        tl = line.line
        play = _ordinary_play(tl)
        if play is None:
            return compact_json(_line(line, self.shared, self.sides, self.keys_of, False))
        rest_key = (id(play), id(line.ns), id(line.ew))
        rest = self.rests.get(rest_key)
        if rest is None:  # (its sides' texts made in line order: they number the explanations)
            rest = self.rests[rest_key] = (
                f',"seats":null,{self.played(play)},"ns":{self.side(line.ns)},"ew":{self.side(line.ew)}}}'
            )
        common = self.common
        where = common.get((tl.section, tl.table))
        if where is None:
            where = common[(tl.section, tl.table)] = (
                '{"section":' + compact_json(tl.section) + ',"table":' + compact_json(tl.table)
            )
        ns_pair, ew_pair = common.get(id(tl.ns_pair)), common.get(id(tl.ew_pair))
        if ns_pair is None:
            ns_pair = self.pair(tl.ns_pair)
        if ew_pair is None:
            ew_pair = self.pair(tl.ew_pair)
        return f'{where},"ns_pair":{ns_pair},"ew_pair":{ew_pair}{rest}'

    def played(self, play: Play) -> str:
        """A play's keys without the braces: they go in the middle of the line's."""
        found = self.texts.get(id(play))
        if found is None:
            found = self.texts[id(play)] = compact_json({**_play(play), "artificial": None})[1:-1]
        return found

    def pair(self, ref: PairRef | None) -> str:  # (never None: an ordinary line has its two pairs)
        found = self.common.get(id(ref))
        if found is None:
            found = self.common[id(ref)] = compact_json(_ref_dict(ref))
        return found

    def side(self, side: SideScore) -> str:
        found = self.texts.get(id(side))
        if found is None:  # (the side's dict first: it gives the explanation its index, in line order)
            found = self.texts[id(side)] = compact_json(_side(side, self.shared, self.sides, False))
        return found


_LINES = '"lines":[]'
"""The board's ``lines`` key in ``board_text`` before the lines' texts go in.  It cannot occur
inside an encoded string (every quote there is escaped with a backslash before it), so its
one occurrence is the key's own."""


def board_text(
    board: ScoredBoard, session: Session, analysis: SessionAnalysis | None = None, common: dict[Any, str] | None = None
) -> str:
    """``compact_json(board_to_json(board, session, True, analysis))``, quicker: the lines are joined
    from texts encoded once per pair, play and side (``_LineTexts``), and the rest of the board
    encoded around them.  ``common``: a dict kept by the caller for the session's boards, which
    holds the texts they share (its pairs')."""
    shared = _SharedExplanations()
    lines = _LineTexts(shared, {} if common is None else common)
    texts = [lines.text(line) for line in board.lines]
    out = _board(board, session, True, analysis, copy=False, lines=[], shared=shared)
    head, found, tail = compact_json(out).partition(_LINES)
    assert found, "a board's data have a lines key"
    return head + '"lines":[' + ",".join(texts) + "]" + tail


def _sorted(value: Any) -> str:
    """``json.dumps``'s compact text with sorted keys: the site's results.json."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _scalar_text(value: Any) -> str:
    """``_sorted(value)`` of a string, an int or None without the encoder's set-up (lines
    have tens of thousands of them); anything else through ``_sorted``."""
    if value is None:
        return "null"
    kind = type(value)
    if kind is str:
        return encode_basestring(value)
    if kind is int:
        return int.__repr__(value)
    return _sorted(value)


def _flat_text(data: dict[str, Any]) -> str:
    """``_sorted(data)`` of a dict of strings, ints and None (a pair's keys, a side's figures)."""
    return "{" + ",".join([f"{_scalar_text(k)}:{_scalar_text(v)}" for k, v in sorted(data.items())]) + "}"


_EXACT = (int, Fraction)
_EXACT_OR_NONE = (int, Fraction, type(None))


def _side_text(value: Fraction, percent: Fraction | None) -> str:
    """``_sorted`` of ``_side``'s keys without an explanation: percent, value."""
    shown = "null" if percent is None else encode_basestring(json_number(percent))
    return f'{{"percent":{shown},"value":{encode_basestring(json_number(value))}}}'


class _SortedLineTexts:
    """A session's traveller lines as results.json writes them (``_sorted`` of ``_line``'s dict,
    without explanations), each ordinary line joined from texts made once per session: its
    pairs', its play's and its sides' (shared by many lines, alive as long as the result)."""

    def __init__(self) -> None:
        self.texts: dict[Any, Any] = {}
        self.figures: dict[tuple[int, ...], str] = {}
        """Sides' texts by their figures' numerators and denominators."""

    def text(self, line: ScoredLine) -> str:
        tl = line.line
        play = _ordinary_play(tl)
        if play is None:
            return _sorted(_line(line, None, {}, {}))
        # The keys in sorted order: artificial contract declarer ew ew_pair lead ns ns_pair
        # ns_score seats section table tricks (a test checks the text against ``_sorted``).
        head, lead, score, tricks = self.played(play)
        return (
            f'{{{head},"ew":{self.side(line.ew)},"ew_pair":{self.pair(tl.ew_pair)},{lead},'
            f'"ns":{self.side(line.ns)},"ns_pair":{self.pair(tl.ns_pair)},{score},'
            f'"seats":null,{self.where(tl.section, tl.table)},{tricks}}}'
        )

    def played(self, play: Play) -> tuple[str, str, str, str]:
        """The play's keys, in the four places they stand among the line's sorted keys."""
        found = self.texts.get(id(play))
        if found is None:
            keys = _play(play)
            found = self.texts[id(play)] = (
                f'"artificial":null,"contract":{_scalar_text(keys["contract"])},'
                f'"declarer":{_scalar_text(keys["declarer"])}',
                f'"lead":{_scalar_text(keys["lead"])}',
                f'"ns_score":{_scalar_text(keys["ns_score"])}',
                f'"tricks":{_scalar_text(keys["tricks"])}',
            )
        return found

    def side(self, side: SideScore) -> str:
        """``_side``'s keys without an explanation, sorted: percent, value.  By the SideScore
        (a board's lines share them), else by its two figures (a session's boards repeat a
        few dozen: 0 to the top in halves, and their percentages)."""
        found = self.texts.get(id(side))
        if found is None:
            value, percent = side.value, side.percent
            if type(value) in _EXACT and type(percent) in _EXACT_OR_NONE:
                key = (value.numerator, value.denominator) + (
                    () if percent is None else (percent.numerator, percent.denominator)
                )
                found = self.figures.get(key)
                if found is None:
                    found = self.figures[key] = _side_text(value, percent)
            else:
                found = _side_text(value, percent)
            self.texts[id(side)] = found
        return found

    def pair(self, ref: PairRef | None) -> str:
        found = self.texts.get(id(ref))
        if found is None:
            found = self.texts[id(ref)] = _flat_text(_ref_dict(ref)) if ref is not None else "null"
        return found

    def where(self, section: str, table: int | str | None) -> str:
        found = self.texts.get((section, table))
        if found is None:
            found = self.texts[(section, table)] = f'"section":{_scalar_text(section)},"table":{_scalar_text(table)}'
        return found


def results_json_text(result: SessionResult, analysis: SessionAnalysis | None = None) -> str:
    """``_sorted(session_to_json(result, explanations=False, analysis=analysis))``, the site's
    results.json, quicker: each board's lines are joined from texts encoded once per session
    (``_SortedLineTexts``) and the rest encoded around them, as ``board_text`` does."""
    session = result.session
    # (boards_when_written: the boards are not built there; here, each without its lines)
    data = session_to_json(result, explanations=False, analysis=analysis, boards_when_written=True)
    data["boards"] = [_board(b, session, False, analysis, lines=[]) for b in result.boards]
    parts = _sorted(data).split(_LINES)
    if len(parts) != len(result.boards) + 1:  # another "lines":[] (a teams session's, say): the plain way
        return _sorted(session_to_json(result, explanations=False, analysis=analysis))
    lines = _SortedLineTexts()
    out = [parts[0]]
    for board, rest in zip(result.boards, parts[1:], strict=True):
        out.append('"lines":[' + ",".join([lines.text(line) for line in board.lines]) + "]")
        out.append(rest)
    return "".join(out)


def _board(
    board: ScoredBoard,
    session: Session,
    explanations: bool,
    analysis: SessionAnalysis | None,
    copy: bool = True,
    lines: list[Any] | None = None,
    shared: _SharedExplanations | None = None,
) -> dict[str, Any]:
    """A board's data; with ``lines``, those instead of its lines' dicts, and with ``shared`` the
    explanations those lines refer to (``board_text``)."""
    source = next((b for b in session.boards if b.number == board.number and b.deal), None)
    deal = source.deal if source else None
    found = analysis.for_board(source) if analysis else None
    if shared is None:
        shared = _SharedExplanations() if explanations else None
    sides: dict[int, dict[str, Any]] = {}
    keys_of: dict[int, dict[str, Any]] = {}  # a Play's or a PairRef's keys, by identity (readers share them)
    out: dict[str, Any] = {
        "number": board.number,
        "section": board.section,
        "vulnerability": board.vulnerability,
        "dealer": board.dealer.value,
        "expected": board.expected,
        "actual": board.actual,
        "top": _num(board.top),
        "datum": _num(board.datum),
        "deal": {s.value: h for s, h in deal.hands.items()} if deal else None,
        "lines": [_line(line, shared, sides, keys_of, copy) for line in board.lines] if lines is None else lines,
        **_analysis(found),
    }
    if deal is None:
        note = next((b.deal_note for b in session.boards if b.number == board.number and b.deal_note), "")
        if note:
            out["deal_note"] = note  # the upload's hand record was wrong: left out, and why
    kept = next((b for b in session.boards if b.number == board.number and (b.recorded or b.record_notes)), None)
    if kept is not None:  # (only where the upload records auctions or play: other boards keep their keys)
        out["recorded"] = [_recorded(r) for r in kept.recorded]
        out["record_notes"] = list(kept.record_notes)
    if shared is not None:
        out["explanations"] = shared.written
        out["explanation"] = board.explanation.to_dict()
    return out


def _analysis(found: BoardAnalysis | None) -> dict[str, Any]:
    """``double_dummy`` and ``par`` (null without a deal or an analysis) and, when the deal
    could not be analysed, the reason as ``analysis_warning``."""
    if found is None or found.analysis is None:
        out: dict[str, Any] = {"double_dummy": None, "par": None}
        if found is not None:
            out["analysis_warning"] = found.warning
        return out
    return found.analysis.to_dict()


def _standing(s: Standing, explanations: bool) -> dict[str, Any]:
    out: dict[str, Any] = {
        **(_ref(s.ref) or {}),
        "field": s.field,
        "names": s.pair.names,
        "players": [{"name": p.name, "id": p.id} for p in s.pair.players],
        "boards_played": s.boards_played,
        "total": json_number(s.total),
        "available": _num(s.available),
        "percentage": _num(s.percentage),
        "scaled_total": _num(s.scaled_total),
        "score": json_number(s.score),
        "rank": s.rank,
        "rank_label": s.rank_label,
        "board_total": json_number(s.board_total),
        "penalty": json_number(s.penalty),
        "strata": [{"stratum": name, "rank_label": label} for name, label in s.strata],
        "stratum": s.pair.stratum,
        "sitout": (
            {
                "policy": s.sitout.policy,
                "boards": s.sitout.boards,
                "award": json_number(s.sitout.award),
                "tops": json_number(s.sitout.tops),
            }
            if s.sitout
            else None
        ),
        "masterpoints": (
            {"awarded": s.pair.masterpoints.awarded, "type": s.pair.masterpoints.kind} if s.pair.masterpoints else None
        ),
    }
    if explanations:
        out["explanation"] = s.explanation.to_dict()
    if s.handicap is not None:
        h = s.handicap
        out["handicap"] = {
            "handicap": json_number(h.handicap),
            "applied": json_number(h.applied),
            "percentage": _num(h.percentage),
            "rank": h.rank,
            "rank_label": h.rank_label,
            **({"explanation": h.explanation.to_dict()} if explanations else {}),
        }
    return out


class BoardsToWrite:
    """A session's ``boards`` as JSON data, each board's built only when iteration reaches it:
    ``score --json`` of a big field encodes a board and drops it before building the next
    (commands.compact_parts), instead of holding every traveller line's dicts at once."""

    def __init__(self, result: SessionResult, explanations: bool, analysis: SessionAnalysis | None):
        self.result, self.explanations, self.analysis = result, explanations, analysis
        self.common: dict[Any, str] = {}
        """What the boards' texts share (``board_text``)."""

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return (self.board(b) for b in self.result.boards)

    def __len__(self) -> int:
        return len(self.result.boards)

    def board(self, board: ScoredBoard) -> dict[str, Any]:
        """One board's data (built afresh each time: nothing is kept)."""
        return board_to_json(board, self.result.session, self.explanations, self.analysis)

    def text(self, board: ScoredBoard) -> str:
        """The board's compact JSON text: ``json.dumps`` of ``board``'s data (``board_text``)."""
        if self.explanations:
            return board_text(board, self.result.session, self.analysis, self.common)
        return compact_json(self.board(board))


def board_to_json(
    board: ScoredBoard, session: Session, explanations: bool = True, analysis: SessionAnalysis | None = None
) -> dict[str, Any]:
    """One scored board of ``session`` as ``session_to_json`` writes it in ``boards``, built for
    encoding at once (its lines share their pairs' and sides' dicts); it needs the board and
    the session only, not the ranking (``score --json`` writes boards before pairs are ranked)."""
    return _board(board, session, explanations, analysis, copy=False)


def session_to_json(
    result: SessionResult,
    explanations: bool = True,
    analysis: SessionAnalysis | None = None,
    *,
    boards_when_written: bool = False,
) -> dict[str, Any]:
    """The scored session as plain data (see docs/json-schema.md); with ``analysis``, each
    board's double-dummy table and par.  With ``boards_when_written``, ``boards`` is a
    ``BoardsToWrite`` (for ``commands.compact_parts`` only: ``json.dumps`` cannot encode it)."""
    session = result.session
    out: dict[str, Any] = {
        "schema": SCHEMA_VERSION,
        "event": {
            "title": session.title,
            "club": session.club,
            "event": session.event,
            "date": session.date.isoformat() if session.date else None,
            "method": session.method.value,
            "unit": _unit(result),
            "source": session.source,
            "individual": session.individual,
        },
        "options": result.options.to_dict(),
        "sections": [
            {"name": s.name, "winners": s.winners, "pairs": [p.ref.slug for p in s.pairs]} for s in session.sections
        ],
        "pairs": [_standing(s, explanations) for s in result.standings],
        "boards": (
            BoardsToWrite(result, explanations, analysis)
            if boards_when_written
            else [_board(b, session, explanations, analysis) for b in result.boards]
        ),
        "penalties": [
            {**(_ref(p.pair) or {}), "amount": json_number(p.amount), "unit": p.unit.value, "reason": p.reason}
            for p in session.penalties
        ],
    }
    if result.matches or session.teams:
        out["teams"] = [
            {"number": t.number, "name": t.name, "players": [p.name for p in t.players]} for t in session.teams
        ]
        out["matches"] = [_match(m, explanations) for m in result.matches]
        out["team_standings"] = [
            {
                "team": t.team.number,
                "name": t.team.name,
                "total": json_number(t.total),
                "imps_for": json_number(t.imps_for),
                "imps_against": json_number(t.imps_against),
                "matches": t.matches,
                "rank": t.rank,
                "rank_label": t.rank_label,
                "board_unit": t.board_unit,
                "total_unit": t.total_unit,
            }
            for t in result.team_standings
        ]
    if result.swiss is not None:
        from .swiss_export import swiss_to_json

        out["swiss"] = swiss_to_json(result.swiss, explanations)
    return out


def _unit(result: SessionResult) -> str:
    if result.session.method.value == "teams":
        from .scoring.teams import team_units  # here: a pairs session never loads the teams engine

        return team_units(result.options)[0]
    return unit_of(result.session.method)


def _match(m: MatchResult, explanations: bool) -> dict[str, Any]:
    out: dict[str, Any] = {
        "round": m.match.round,
        "home": m.match.home.number,
        "away": m.match.away.number,
        "board_unit": m.board_unit,
        "total_unit": m.total_unit,
        "home_imps": json_number(m.home_imps),
        "away_imps": json_number(m.away_imps),
        "home_vp": _num(m.home_vp),
        "away_vp": _num(m.away_vp),
        "home_score": json_number(m.home_score),
        "away_score": json_number(m.away_score),
        "boards": [
            {
                "number": b.number,
                "home_ns": b.home_ns,
                "home_ew": b.home_ew,
                "home": json_number(b.home),
                "away": _num(b.away),
                **({"explanation": b.explanation.to_dict()} if explanations else {}),
            }
            for b in m.boards
        ],
    }
    if explanations:
        out["explanation"] = m.explanation.to_dict()
    return out


CSV_COLUMNS = (
    "field",
    "rank",
    "pair",
    "section",
    "number",
    "direction",
    "names",
    "boards_played",
    "total",
    "percentage",
    "score",
    "penalty",
)


HANDICAP_COLUMNS = ("handicap", "handicap_applied", "handicap_percentage", "handicap_rank")
"""Added after the others in a handicap event only."""


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def text_cell(value: object) -> str:
    """A text cell (a name, a title, a section) a spreadsheet will not run as a formula:
    one that starts with = + - @, a tab or a CR gets a leading single quote (OWASP's rule
    against CSV injection).  Figures are written as they are: -50 is a score.

    >>> text_cell("=1+2"), text_cell("Ann Archer"), text_cell("-")
    ("'=1+2", 'Ann Archer', "'-")
    """
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


def _decimal_writer(decimal: str) -> Callable[[Any], str]:
    """``json_number``, with ``decimal`` for its decimal point."""
    if decimal == ".":
        return json_number
    return lambda value: json_number(value).replace(".", decimal)


def session_to_csv(result: SessionResult, delimiter: str = ",", decimal: str = ".") -> str:
    """The ranking, one row per pair (or team), exact figures as decimal strings; every
    text cell through ``text_cell``.  Lines end in CRLF (RFC 4180), which also makes the
    writer quote a cell holding a CR or LF: a name with a CR cannot start a fake row.
    ``delimiter=";"`` and ``decimal=","`` write it as Excel opens a CSV file in a country
    that writes a decimal comma (site.yaml's ``csv_format``)."""
    import csv  # here: `score --json` writes no CSV
    import io

    json_number = _decimal_writer(decimal)

    def _num(value: Fraction | int | None) -> str | None:
        return None if value is None else json_number(value)

    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=delimiter, lineterminator="\r\n")
    if result.team_standings:
        writer.writerow(
            ("rank", "team", "name", "matches", "imps_for", "imps_against", "total", "board_unit", "total_unit")
        )
        for t in result.team_standings:
            writer.writerow(
                (
                    text_cell(t.rank_label),
                    t.team.number,
                    text_cell(t.team.name),
                    t.matches,
                    json_number(t.imps_for),
                    json_number(t.imps_against),
                    json_number(t.total),
                    text_cell(t.board_unit),
                    text_cell(t.total_unit),
                )
            )
        return buffer.getvalue()
    handicaps = any(s.handicap is not None for s in result.standings)
    writer.writerow(CSV_COLUMNS + (HANDICAP_COLUMNS if handicaps else ()))
    for s in result.standings:
        row: tuple[object, ...] = (
            text_cell(s.field),
            text_cell(s.rank_label),
            text_cell(s.ref),
            text_cell(s.ref.section),
            s.ref.number,
            text_cell(s.ref.direction.value if s.ref.direction else ""),
            text_cell(s.pair.names),
            s.boards_played,
            json_number(s.total),
            _num(s.percentage) or "",
            json_number(s.score),
            json_number(s.penalty),
        )
        if s.handicap is not None:
            row += (
                json_number(s.handicap.handicap),
                json_number(s.handicap.applied),
                _num(s.handicap.percentage) or "",
                text_cell(s.handicap.rank_label),
            )
        writer.writerow(row)
    return buffer.getvalue()

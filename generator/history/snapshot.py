"""A scored session reduced to what members read: each line's result and figures, each
pair's total, percentage, place and penalty — plain JSON-able text, so that a version is
scored once and its snapshot cached by its content hash."""

from __future__ import annotations

from .. import figures as fmt
from ..model import Artificial, Outcome, PairRef, Play
from ..scoring.results import SessionResult
from ..scoring.units import unit_of
from .diff import ENGLISH, Wording
from .types import LineSnapshot, PairSnapshot, Snapshot

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "NT": "NT"}
MINUS = "\u2212"


def pair_text(ref: PairRef | None, multi_section: bool, wording: Wording = ENGLISH) -> str:
    """'NS 3', 'EW 5', 'A NS 3', or '3' in a Howell."""
    if ref is None:
        return wording.say("no pair")
    section = f"{ref.section} " if multi_section and ref.section else ""
    return f"{section}{wording.seat(ref.direction.value) + ' ' if ref.direction else ''}{ref.number}"


def _signed(score: int) -> str:
    return f"+{score}" if score > 0 else (f"{MINUS}{-score}" if score < 0 else "0")


def play_text(play: Play, wording: Wording = ENGLISH) -> str:
    """'4♠= +420', '3NTX−2 −500', 'Pass 0', or the bare score when no contract is known (its
    words in ``wording``'s language: '4♠= par N +420')."""
    c = play.contract
    if c is None:
        return _signed(play.ns_score)
    if c.passed_out:
        return wording.say("Pass") + " 0"
    assert c.strain is not None  # a contract above level 0 names its strain (Contract.parse)
    made = ""
    if play.tricks is not None:
        over = play.tricks - (c.level + 6)
        made = "=" if over == 0 else (f"+{over}" if over > 0 else f"{MINUS}{-over}")
    strain = wording.no_trump if c.strain.value == "NT" else SUIT_SYMBOLS[c.strain.value]
    contract = f"{c.level}{strain}{'X' * c.doubled}{made}"
    if play.declarer:
        contract = wording.say(
            "%(contract)s by %(declarer)s", contract=contract, declarer=wording.seat(play.declarer.value)
        )
    return f"{contract} {_signed(play.ns_score)}"


def outcome_text(outcome: Outcome, wording: Wording = ENGLISH) -> tuple[str, str | None]:
    """The outcome as text and its kind of adjustment ('artificial', 'weighted' or None)."""
    say = wording.say
    if isinstance(outcome, Artificial):
        kind = outcome.kind.value if outcome.kind.value != "fixed" else wording.figure(fmt.exact(outcome.percent)) + "%"
        return say("artificial score %(kind)s", kind=kind), "artificial"
    if outcome.is_weighted:
        parts = [
            say(
                "%(weight)s of %(result)s",
                weight=wording.figure(fmt.weight(c.weight)),
                result=play_text(c.play, wording),
            )
            for c in outcome.components
        ]
        return say("weighted score %(parts)s", parts=", ".join(parts)), "weighted"
    return play_text(outcome.components[0].play, wording), None


def line_key(board_slug: str, ns: PairRef | None, ew: PairRef | None) -> str:
    return f"{board_slug}|{ns.slug if ns else '-'}|{ew.slug if ew else '-'}"


def snapshot(result: SessionResult, wording: Wording = ENGLISH) -> Snapshot:
    """The figures of one scored session, keyed so that two versions can be matched up; its
    results' words in ``wording``'s language (the build's caches are kept per language)."""
    unit = unit_of(result.session.method)
    multi = len({b.section for b in result.boards}) > 1 or len(result.session.sections) > 1
    lines: dict[str, LineSnapshot] = {}
    for board in result.boards:
        for line in board.lines:
            tl = line.line
            ns_text, ns_kind = outcome_text(tl.ns, wording)
            if tl.is_split:
                ew_text, ew_kind = outcome_text(tl.ew, wording)
                text, kind = f"{wording.seat('NS')} {ns_text}, {wording.seat('EW')} {ew_text}", ns_kind or ew_kind
            else:
                text, kind = ns_text, ns_kind
            lines[line_key(board.slug, tl.ns_pair, tl.ew_pair)] = {
                "board": board.slug,
                "ns_pair": pair_text(tl.ns_pair, multi, wording),
                "ew_pair": pair_text(tl.ew_pair, multi, wording),
                "result": text,
                "adjusted": kind,
                "ns": fmt.figure(line.ns.value, unit),
                "ew": fmt.figure(line.ew.value, unit),
            }
    pairs: dict[str, PairSnapshot] = {}
    for f in result.fields:
        for s in f.standings:
            pairs[s.ref.slug] = {
                "pair": pair_text(s.ref, multi, wording),
                # the players, so that a correction names them ('' when the upload has no names)
                "names": " & ".join(p.name for p in s.pair.players),
                "field": f.name,
                "rank": s.rank,
                "rank_label": s.rank_label,
                "total": fmt.figure(s.total, unit),
                "percentage": fmt.percentage(s.percentage) if s.percentage is not None else None,
                "penalty": fmt.figure(s.penalty, unit) if s.penalty else None,
            }
    return {"unit": unit, "lines": lines, "pairs": pairs}

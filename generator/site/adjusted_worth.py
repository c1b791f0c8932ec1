"""What one trick was worth on weighted and split lines, and why an artificial score has
none, as the board page and the pair's card show them (``generator.scoring.trick_value``
works the figures out; this module only words them)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from markupsafe import Markup

from ..model import Artificial, ArtificialKind, Component, Direction, Scored, ScoringMethod
from ..scoring.explain import pfig
from ..scoring.message import Msg
from ..scoring.options import ScoringOptions
from ..scoring.pairs_methods import award_words, award_worth
from ..scoring.results import ScoredBoard
from ..scoring.teams import team_units
from ..scoring.trick_value import NO_TRICK_VALUE_ARTIFICIAL, SideWorth, side_worth
from ..scoring.trick_value import split as is_split
from ..scoring.units import unit_of
from . import format as fmt_site
from . import i18n
from .i18n import text as _


def award_label(award: Artificial, method: ScoringMethod, options: ScoringOptions) -> str:
    """'average-plus (60%)' on a matchpoint board, 'average-plus (+3 IMPs)' on an IMP board:
    an award labelled in what the board counts in, as its explanation scores it (in the
    site's language: 'moyenne plus (60 %)')."""
    if method is ScoringMethod.TEAMS:
        unit_id = team_units(options)[0]
        # a teams award is scored in IMPs under aggregate scoring too (scoring.teams.weighted_board_imps)
        unit_id = "imps" if unit_id == "points" else unit_id
    else:
        unit_id = unit_of(method)
    worth = award_worth(award, unit_id, options, method is ScoringMethod.CROSS_IMPS)
    return i18n.message_text(award_words(award, worth))


def award_code(award: Artificial) -> str:
    """An award's abbreviation as the site's language writes it: 'A+', 'A=', 'A-' (French
    'M+', Dutch 'G+'), a stated percentage 'A70%'."""
    if award.kind is ArtificialKind.PLUS:
        return _("A+")
    if award.kind is ArtificialKind.AVERAGE:
        return _("A=")
    if award.kind is ArtificialKind.MINUS:
        return _("A-")
    return _("A%(percent)s%%", percent=str(award.percent))


def adjusted(board: ScoredBoard, index: int) -> bool:
    """True for the lines ``trick_worth`` leaves out that the page still speaks of: a weighted
    or split score, or an artificial one."""
    line = board.lines[index].line
    return is_split(line) or isinstance(line.ns, Artificial) or (isinstance(line.ns, Scored) and line.ns.is_weighted)


def _parts(outcome: Scored) -> Markup:
    """'60% of 4♠ by N, 40% of 4♠x by N' (one part: '4♠ by N'), the suits as the pages write them."""

    def one(c: Component) -> Markup:
        declarer = c.play.declarer
        assert declarer is not None  # a trick value (SideWorth) is worked only for a declared contract
        return Markup(_("%(contract)s by %(seat)s")) % {
            "contract": i18n.contract(c.play.contract),
            "seat": i18n.seat(declarer.value),
        }

    if not outcome.is_weighted:
        return one(outcome.components[0])
    return Markup(", ").join(
        Markup(_("%(percent)s of %(part)s")) % {"percent": i18n.message_text(pfig(c.weight * 100)), "part": one(c)}
        for c in outcome.components
    )


def _tricks(outcome: Scored) -> str:
    """'10' / '10 and 9' (a weighted score's parts, in order): the tricks of a '%(tricks)s tricks' message."""
    counts = [str(c.play.tricks) for c in outcome.components]
    text = counts[0]
    for more in counts[1:]:
        text = _("%(tricks)s and %(more)s", tricks=text, more=more)
    return text


def entries(
    board: ScoredBoard, index: int, options: ScoringOptions, directions: tuple[Direction, ...] | None = None
) -> list[dict[str, Any]]:
    """The page's entries for line ``index`` (one per side whose own score it is: a split
    line has two; a table given artificial scores one), each with ``what`` (the result and
    whose figures, in words), the figures and, for a line with no trick value, its ``reason``."""
    line = board.lines[index].line
    if directions is None:
        if line.is_split:
            directions = (Direction.NS, Direction.EW)
        elif isinstance(line.ns, Scored):
            first = line.ns.components[0].play
            directions = (Direction.EW if first.declarer is not None and not first.declarer.is_ns else Direction.NS,)
        else:
            directions = (Direction.NS,)
    if isinstance(line.ns, Artificial) and isinstance(line.ew, Artificial):  # one ruling for the table
        ns_award, ew_award = (award_label(a, board.method, options) for a in (line.ns, line.ew))
        ns, ew = i18n.seat("NS"), i18n.seat("EW")
        awards = (
            _("%(ns_award)s to %(ns)s, %(ew_award)s to %(ew)s", ns_award=ns_award, ns=ns, ew_award=ew_award, ew=ew)
            if line.is_split
            else _("%(award)s to %(ns)s and %(ew)s", award=ns_award, ns=ns, ew=ew)
        )
        return [
            {
                "what": awards,
                "side": "",
                "direction": "",
                "reason": NO_TRICK_VALUE_ARTIFICIAL,
                "swing": Fraction(0),
                "figures": [],
            }
        ]
    out = []
    for direction in directions:
        outcome = line.ns if direction is Direction.NS else line.ew
        worth = side_worth(board, index, direction, options)
        side = i18n.seat(direction.value)
        what: str | Markup
        if isinstance(outcome, Artificial):
            what = _("%(award)s to %(side)s", award=award_label(outcome, board.method, options), side=side)
        elif line.is_split:
            what = Markup(_("%(side)s's own score, %(parts)s")) % {
                "side": side,
                "parts": _parts(outcome) if isinstance(worth, SideWorth) else _("as assigned"),
            }
        else:
            what = (
                Markup(_("weighted score: %(parts)s (%(side)s)")) % {"parts": _parts(outcome), "side": side}
                if isinstance(worth, SideWorth)
                else _("weighted score")
            )
        entry: dict[str, Any] = {"what": what, "side": side, "direction": direction.value}
        if isinstance(worth, Msg):
            entry.update(reason=worth, swing=Fraction(0), figures=[])
        else:
            entry.update(
                reason="",
                worth=worth,
                declaring=worth.declaring is direction,
                figures=[worth.played] + [r[1] for r in (worth.fewer, worth.more) if r],
                swing=max((abs(r[1] - worth.played) for r in (worth.fewer, worth.more) if r), default=Fraction(0)),
            )
        out.append(entry)
    return out


def text(entry: dict[str, Any], unit: str, short: str, places: int | None) -> str:
    """'10 tricks: +420, 5.25 MP; 11 tricks would have been +450: 7.75 MP' for a side's own
    single result; 'as weighted, 10 and 9 tricks: 2.0 MP; 11 and 10 tricks would have been
    3.5 MP' for a weighted one; else the reason there is no trick value (in the site's language)."""
    reason: Msg | str = entry["reason"]
    if reason:
        return i18n.message_text(reason)
    worth: SideWorth = entry["worth"]
    sign = 1 if worth.direction is Direction.NS else -1
    short = i18n.term(short)

    def fig(value: Fraction) -> str:
        return f"{i18n.localised(fmt_site.figure(value, unit, places))} {short}"

    def played(outcome: Scored, value: Fraction) -> str:
        play = outcome.single
        if play is None:
            return _("as weighted, %(tricks)s tricks: %(figure)s", tricks=_tricks(outcome), figure=fig(value))
        return _(
            "%(tricks)s tricks: %(score)s, %(figure)s",
            tricks=_tricks(outcome),
            score=fmt_site.signed_score(sign * play.ns_score),
            figure=fig(value),
        )

    def instead(outcome: Scored, value: Fraction) -> str:
        play = outcome.single
        if play is None:
            return _("%(tricks)s tricks would have been %(figure)s", tricks=_tricks(outcome), figure=fig(value))
        return _(
            "%(tricks)s tricks would have been %(score)s: %(figure)s",
            tricks=_tricks(outcome),
            score=fmt_site.signed_score(sign * play.ns_score),
            figure=fig(value),
        )

    parts = [played(worth.outcome, worth.played)] + [instead(*r) for r in (worth.fewer, worth.more) if r]
    return "; ".join(parts)

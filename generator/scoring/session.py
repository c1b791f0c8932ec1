"""Scoring a whole session: boards by comparison group, then totals, percentages and ranks."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import partial
from itertools import pairwise
from typing import Any

from ..model import (
    PENALTY_UNITS,
    Artificial,
    ArtificialKind,
    Direction,
    Outcome,
    Pair,
    PairRef,
    Penalty,
    PenaltyUnit,
    ScoringMethod,
    Session,
    TravellerLine,
)
from .board import score_pairs_board
from .exact_sums import exact_sum, running_totals
from .explain import Explanation, Step, equals, fig, pfig, unit_word
from .handicap import apply_handicaps, check_handicaps
from .individual import check_individual, sides_step
from .message import Param, formula, join, msg, plural
from .options import ScoringOptions
from .ranking import rank_labels, tie_key
from .results import Field, Scorecard, ScorecardEntry, ScoredBoard, ScoredLine, SessionResult, SideScore, Standing
from .rounding import percent
from .sitout import sitout_award
from .sitout_records import absent_step, missed_boards, sitout_slots, sitouts_by_pair, slot_step
from .strata import apply_strata, check_strata
from .units import method_label

NS, EW = Direction.NS, Direction.EW


def score_session(
    session: Session,
    options: ScoringOptions,
    boards_scored: Callable[[tuple[ScoredBoard, ...]], object] | None = None,
) -> SessionResult:
    """Score every board and rank every pair (or, for teams, every match and team).

    ``boards_scored``, if given, is called with the boards as the result will hold them, once
    they are final and before the pairs are ranked (pairs sessions only): ``score --json``
    starts writing a big field's boards on the other core meanwhile."""
    if session.penalties:
        _check_penalties(session)
    check_handicaps(session)
    check_strata(session)
    check_individual(session)
    if session.method is ScoringMethod.TEAMS:
        from .teams import score_teams_session

        return score_teams_session(session, options)
    boards = score_boards(session, options)
    if session.method is ScoringMethod.MATCHPOINTS and options.artificial == "variable":
        boards = _resolve_variable_averages(boards)
    if boards_scored is not None:
        boards_scored(tuple(boards))
    fields = apply_strata(session, apply_handicaps(session, _rank_fields(session, boards, options), options), options)
    swiss = None
    if session.swiss:
        from .swiss import score_swiss

        swiss = score_swiss(session, tuple(boards), options)
    return SessionResult(session, options, tuple(boards), tuple(fields), swiss=swiss)


def _group_key(session: Session, options: ScoringOptions, section: str) -> str:
    """The comparison group of a section's lines and pairs: the section, or '' when sections are pooled."""
    return "" if options.sections == "pooled" or len(session.sections) <= 1 else section


def _groups(session: Session, options: ScoringOptions) -> dict[str, dict[int, list[TravellerLine]]]:
    """Comparison groups: section name -> board number -> lines ('' when sections are pooled)."""
    groups: dict[str, dict[int, list[TravellerLine]]] = defaultdict(lambda: defaultdict(list))
    for board in session.boards:
        for line in board.lines:
            groups[_group_key(session, options, line.section)][board.number].append(line)
    return groups


def _expected_results(
    groups: dict[str, dict[int, list[TravellerLine]]],
    options: ScoringOptions,
    slots: dict[str, dict[int, list[PairRef]]] | None = None,
) -> dict[str, int]:
    """E of each comparison group, as the ``expected_results`` option says; with ``sitout_slot``
    'counted' a board's recorded sit-outs (``slots``) count as results expected on it."""
    counted = options.sitout_slot == "counted" and slots is not None

    def size(key: str, board: int, lines: list[TravellerLine]) -> int:
        return len(lines) + (len(slots.get(key, {}).get(board, ())) if counted and slots is not None else 0)

    event_max = max((size(k, n, lines) for k, g in groups.items() for n, lines in g.items()), default=0)
    expected = {}
    for key, group in groups.items():
        if isinstance(options.expected_results, int):
            expected[key] = options.expected_results
        elif options.expected_results == "event":
            expected[key] = event_max
        else:
            expected[key] = max(size(key, n, lines) for n, lines in group.items())
    return expected


def score_boards(session: Session, options: ScoringOptions) -> list[ScoredBoard]:
    groups = _groups(session, options)
    board_info = {b.number: b for b in session.boards}
    slots = sitout_slots(session, lambda section: _group_key(session, options, section))
    expected_by_group = _expected_results(groups, options, slots)
    scored = []
    for section in sorted(groups):
        group = groups[section]
        expected = expected_by_group[section]
        for number in sorted(group):
            info = board_info[number]
            board = score_pairs_board(
                number,
                group[number],
                method=session.method,
                expected=expected,
                options=options,
                section=section,
                vulnerability=info.vulnerability,
                dealer=info.dealer,
            )
            sat_out = slots.get(section, {}).get(number)
            if sat_out:
                step = slot_step(
                    sat_out,
                    options.sitout_slot == "counted",
                    board.expected,
                    fixed=isinstance(options.expected_results, int),
                )
                board = replace(
                    board,
                    sitouts=tuple(sat_out),
                    explanation=board.explanation.with_steps((step, *board.explanation.steps)),
                )
            scored.append(board)
    return scored


def _entries(boards: list[ScoredBoard]) -> dict[PairRef, list[tuple[ScoredBoard, ScoredLine, Direction]]]:
    played: dict[PairRef, list[tuple[ScoredBoard, ScoredLine, Direction]]] = defaultdict(list)
    for board in boards:
        for line in board.lines:
            tl = line.line
            if tl.seats is None:  # two pairs (``sides()`` without building its tuple: a big field has 240,000 lines)
                if tl.ns_pair is not None:
                    played[tl.ns_pair].append((board, line, NS))
                if tl.ew_pair is not None:
                    played[tl.ew_pair].append((board, line, EW))
                continue
            for ref, direction in tl.sides():
                played[ref].append((board, line, direction))
    return played


def _outcome(line: ScoredLine, direction: Direction) -> Outcome:
    return line.line.ns if direction is NS else line.line.ew


def _is_variable_average(outcome: Outcome) -> bool:
    return isinstance(outcome, Artificial) and outcome.kind in (ArtificialKind.PLUS, ArtificialKind.MINUS)


def _resolve_variable_averages(boards: list[ScoredBoard]) -> list[ScoredBoard]:
    """Law 12C2(c): A+ is 60 % or the pair's percentage on its other boards if higher; A- 40 % or it if lower.

    "Other boards" are the boards with a real result or A= (which counts at 50 %),
    leaving out the A+/A- boards themselves (the mainstream reading; see docs/scoring.md).
    """
    replacements: dict[tuple[int, str, int, Direction], SideScore] = {}
    for _pair, entries in _entries(boards).items():
        variable = [(b, l, d) for b, l, d in entries if _is_variable_average(_outcome(l, d))]
        if not variable:
            continue
        varied = {(id(l), d) for _, l, d in variable}
        others = [(b, l, d) for b, l, d in entries if (id(l), d) not in varied]
        got = sum((l.side(d).value for b, l, d in others), Fraction(0))
        available = sum((b.top or 0 for b, l, d in others), Fraction(0))
        if not available:
            continue
        own = percent(got, available)
        for board, line, direction in variable:
            award = _outcome(line, direction)
            assert isinstance(award, Artificial) and board.top is not None  # a variable average on a matchpoint board
            nominal = award.percent
            chosen = max(nominal, own) if award.kind is ArtificialKind.PLUS else min(nominal, own)
            value = chosen * board.top / 100
            pattern = (
                msg(
                    "%(code)s is %(nominal)s or that percentage if higher: %(chosen)s",
                    code=award.code,
                    nominal=pfig(nominal),
                    chosen=pfig(chosen),
                )
                if award.kind is ArtificialKind.PLUS
                else msg(
                    "%(code)s is %(nominal)s or that percentage if lower: %(chosen)s",
                    code=award.code,
                    nominal=pfig(nominal),
                    chosen=pfig(chosen),
                )
            )
            steps = (
                Step(
                    "artificial.variable",
                    msg(
                        "%(code)s under Law 12C2(c): on its %(boards)s other boards the pair scored %(got)s of "
                        "%(available)s matchpoints: %(worked)s; %(rule)s",
                        code=award.code,
                        boards=len(others),
                        got=fig(got, 4),
                        available=fig(available),
                        worked=formula(
                            "%(got)s / %(available)s %(eq)s %(own)s",
                            got=fig(got, 4),
                            available=fig(available),
                            eq=equals(got, places=4),
                            own=pfig(own),
                        ),
                        rule=pattern,
                    ),
                    {
                        "code": award.code,
                        "other_boards": len(others),
                        "matchpoints": got,
                        "available": available,
                        "session_percent": own,
                        "nominal": nominal,
                        "percent": chosen,
                    },
                ),
                Step(
                    "artificial.award",
                    msg(
                        "%(worked)s matchpoints",
                        worked=formula(
                            "%(pct)s × %(top)s %(eq)s %(mp)s",
                            pct=pfig(chosen),
                            top=fig(board.top),
                            eq=equals(chosen),
                            mp=fig(value, 4),
                        ),
                    ),
                    {"percent": chosen, "top": board.top, "matchpoints": value},
                ),
            )
            expl = Explanation("artificial", value, steps, {"code": award.code, "direction": direction.value})
            replacements[(board.number, board.section, id(line), direction)] = SideScore(value, expl, chosen)
    if not replacements:
        return boards
    out = []
    for board in boards:
        new_lines = []
        for line in board.lines:
            ns = replacements.get((board.number, board.section, id(line), NS), line.ns)
            ew = replacements.get((board.number, board.section, id(line), EW), line.ew)
            new_lines.append(ScoredLine(line.line, ns, ew) if (ns is not line.ns or ew is not line.ew) else line)
        out.append(replace(board, lines=tuple(new_lines)))
    return out


def _field_key(session: Session, options: ScoringOptions, pair: Pair) -> str:
    """The pair's field: its section (unless pooled) and, where the section has two winners, its direction.
    A Mitchell section with one winner (arrow-switched, or ranked as one) is one field."""
    section = pair.ref.section if options.sections == "separate" and len(session.sections) > 1 else ""
    one_winner = any(s.name == pair.ref.section and s.winners == 1 for s in session.sections)
    direction = pair.ref.direction.value if pair.ref.direction and not one_winner else ""
    return " ".join(x for x in (section, direction) if x)


def _rank_fields(session: Session, boards: list[ScoredBoard], options: ScoringOptions) -> list[Field]:
    entries = _entries(boards)
    is_mp = session.method is ScoringMethod.MATCHPOINTS
    is_imps = session.method in (ScoringMethod.BUTLER, ScoringMethod.CROSS_IMPS)
    unit = method_label(session.method)
    by_field: dict[str, list[Pair]] = defaultdict(list)
    for pair in session.pairs:
        by_field[_field_key(session, options, pair)].append(pair)
    penalties: dict[PairRef, list[Penalty]] = defaultdict(list)
    for penalty in session.penalties:
        penalties[penalty.pair].append(penalty)
    sitouts = options.sitout_policy != "none"
    tops = _usual_tops(session, options) if is_mp and (penalties or sitouts) else {}
    group_boards: dict[str, set[int]] = defaultdict(set)
    for b in boards:
        group_boards[b.section].add(b.number)
    recorded = sitouts_by_pair(session)
    top_halves = {id(b): _halves(b.top) for b in boards}
    keys = [(b.number, b.section) for b in boards]
    in_order = all(a <= b for a, b in pairwise(keys))

    fields = []

    def field_order(name: str) -> tuple[str, int]:
        """Section by section; North-South before East-West, as result sheets print them."""
        section, _, direction = name.rpartition(" ") if name.endswith(("NS", "EW")) else (name, "", "")
        return (section, {"NS": 0, "EW": 1}.get(direction, 0))

    for name in sorted(by_field, key=field_order):
        pairs = by_field[name]
        most_boards = max((len(entries.get(p.ref, [])) for p in pairs), default=0)
        provisional = []
        for pair in pairs:
            played = entries.get(pair.ref, [])
            if not in_order:  # (in order already when the boards are: gathered board by board)
                played = sorted(played, key=lambda e: (e[0].number, e[0].section))
            sides = [line.ns if direction is NS else line.ew for _, line, direction in played]  # (line.side, inline)
            running = exact_sum(side.value for side in sides)  # exact, without a Fraction sum per board
            card: Sequence[ScorecardEntry] = Scorecard(partial(_scorecard, pair.ref, played, sides))
            if session.individual:
                card = card[:]  # its steps read it now
            # the sum of the tops, from each board's top in halves worked out once (not once per pair)
            available = Fraction(sum(top_halves[id(b)] for b, _, _ in played), 2) if is_mp else None
            pct = None
            total_rule = "session.total" if is_mp else "session.imps_total" if is_imps else "session.points_total"
            steps = [
                Step(
                    total_rule,
                    msg(
                        "%(boards)s: total %(total)s %(unit)s",
                        boards=plural("%(num)s boards played", "%(num)s boards played", fig(len(played))),
                        total=fig(running, 4),
                        unit=unit_word(unit),
                    ),
                    {"boards": len(played), "total": running},
                )
            ]
            if session.individual:
                steps.insert(0, sides_step(card, running, unit))
            own = penalties.get(pair.ref, [])
            top = tops.get(_group_key(session, options, pair.ref.section), Fraction(0))
            score = running
            missing = missed_boards(
                session,
                recorded,
                pair.ref,
                group_boards[_group_key(session, options, pair.ref.section)],
                {b.number for b, _, _ in played},
            )
            if missing.absent:
                steps.append(absent_step(missing.absent))
            missed = len(missing.sat_out) if sitouts else 0
            sitout = sitout_award(
                options.sitout_policy,
                is_mp=is_mp,
                total=running,
                available=available,
                played=len(played),
                missed=missed,
                top=top,
                unit=unit,
            )
            if sitout is not None:
                steps.append(sitout[1])
                running += sitout[0].award
                score = running
                if is_mp:
                    available = (available or Fraction(0)) + sitout[0].tops
            if is_mp:
                # The penalty comes off the matchpoint total; the percentage is then taken from what is left.
                deducted, penalty_steps = _apply_penalties(own, running, top, unit)
                steps += penalty_steps
                total = running - deducted
                pct, pct_steps = _percentage(
                    total, available, played, options, deducted, top, sitout[0].boards if sitout else 0
                )
                if played and len(played) < most_boards and sitout is None:
                    pct_steps.insert(
                        0,
                        Step(
                            "session.missed",
                            msg(
                                "played %(played)s of the %(boards)s boards: the percentage compares the "
                                "matchpoints with the tops of the boards played only, so a board not played "
                                "counts for nothing either way",
                                played=len(played),
                                boards=most_boards,
                            ),
                            {"boards": len(played), "most_boards": most_boards},
                        ),
                    )
                steps += pct_steps
                score = pct if pct is not None else Fraction(0)
                if options.scaled_total and sitout is None and played and len(played) < most_boards:
                    scaled = total * most_boards / len(played)
                    steps.append(
                        Step(
                            "session.scaled_total",
                            msg(
                                "the total scaled to all %(boards)s boards, as many programs print it: "
                                "%(worked)s matchpoints",
                                boards=most_boards,
                                worked=formula(
                                    "%(total)s × %(boards)s / %(played)s %(eq)s %(scaled)s",
                                    total=fig(total, 4),
                                    boards=most_boards,
                                    played=len(played),
                                    eq=equals(total, places=4),
                                    scaled=fig(scaled),
                                ),
                            ),
                            {"total": total, "boards": len(played), "most_boards": most_boards, "scaled": scaled},
                        )
                    )
            else:
                if is_imps and sitout is None and options.imp_pairs_factoring and played and len(played) < most_boards:
                    score = running * most_boards / len(played)
                    steps.append(
                        Step(
                            "session.factoring",
                            msg(
                                "played %(played)s of %(boards)s boards: %(worked)s IMPs",
                                played=len(played),
                                boards=most_boards,
                                worked=formula(
                                    "%(total)s × %(boards)s / %(played)s %(eq)s %(score)s",
                                    total=fig(running, 4),
                                    boards=most_boards,
                                    played=len(played),
                                    eq=equals(running, places=4),
                                    score=fig(score, 4),
                                ),
                            ),
                            {"total": running, "boards": len(played), "most_boards": most_boards, "score": score},
                        )
                    )
                # After factoring, so that a penalty of 6 IMPs costs 6 IMPs whatever the boards played.
                deducted, penalty_steps = _apply_penalties(own, score, top, unit)
                steps += penalty_steps
                score -= deducted
                total = running - deducted
            scaled_total = (
                total * most_boards / len(played)
                if is_mp and options.scaled_total and sitout is None and played and len(played) < most_boards
                else None
            )
            provisional.append(
                (
                    pair,
                    total,
                    len(played),
                    available,
                    pct,
                    score,
                    card,
                    steps,
                    deducted,
                    scaled_total,
                    sitout[0] if sitout else None,
                )
            )
        labels = rank_labels([(i, tie_key(p[5], options.ties)) for i, p in enumerate(provisional)])  # (ints hash in C)
        broken = _broken_ties(provisional, labels, options)
        standings = []
        for i, (
            pair,
            total,
            n,
            available,
            pct,
            score,
            card_entries,
            steps,
            deducted,
            scaled_total,
            sat_out,
        ) in enumerate(provisional):
            rank, label = labels[i]
            if i in broken:
                rank, label, step = broken[i]
                steps.append(step)
            expl = Explanation("session", score, tuple(steps), {"pair": str(pair.ref)})
            standings.append(
                Standing(
                    pair,
                    name,
                    total,
                    n,
                    available,
                    pct,
                    score,
                    rank,
                    label,
                    card_entries,
                    expl,
                    deducted,
                    scaled_total,
                    sitout=sat_out,
                )
            )
        standings.sort(key=lambda s: (s.rank, s.pair.ref.number))
        fields.append(Field(name, tuple(standings)))
    return fields


def _scorecard(
    ref: PairRef, played: list[tuple[ScoredBoard, ScoredLine, Direction]], sides: list[SideScore]
) -> tuple[ScorecardEntry, ...]:
    """A pair's scorecard: its boards in order, each with the running total so far."""
    totals = running_totals([side.value for side in sides])  # exact, without a Fraction sum per board
    card = []
    for (board, line, direction), side, so_far in zip(played, sides, totals):
        opponents = line.line.ew_pair if direction is NS else line.line.ns_pair
        seats = line.line.seats
        card.append(
            ScorecardEntry(
                board,
                line,
                direction,
                opponents,
                side,
                board.top,
                so_far,
                seats.partner(ref) if seats else None,
                seats.opponents(ref) if seats else (),
            )
        )
    return tuple(card)


def _percentage(
    total: Fraction,
    available: Fraction | None,
    played: list[tuple[ScoredBoard, ScoredLine, Direction]],
    options: ScoringOptions,
    deducted: Fraction = Fraction(0),
    top: Fraction = Fraction(0),
    sat_out: int = 0,
) -> tuple[Fraction | None, list[Step]]:
    """A matchpoint pair's session percentage by the ``session_percentage`` option, with its steps.

    'total': the matchpoints (``total``, penalties already deducted) over the tops of the
    boards played.  'board-mean': the mean of the board percentages, so that every board
    counts the same whatever its top; penalties (``deducted`` matchpoints) then count as
    that fraction of the usual ``top``, spread over the same boards.  A board with no top
    (one result, Neuberg off) counts in neither.
    """
    if options.session_percentage == "board-mean":
        percents = [side.percent for b, line, d in played if (side := line.side(d)).percent is not None]
        if not percents:
            return None, []
        added = sum(percents, Fraction(0))
        mean = added / len(percents)
        steps = [
            Step(
                "session.board_mean",
                msg(
                    "the mean of the %(boards)s board percentages: %(worked)s",
                    boards=len(percents),
                    worked=formula(
                        "%(sum)s / %(boards)s %(eq)s %(mean)s",
                        sum=pfig(added, 4),
                        boards=len(percents),
                        eq=equals(added, places=4),
                        mean=pfig(mean),
                    ),
                ),
                {"percentages": percents, "boards": len(percents), "sum": added, "percentage": mean},
            )
        ]
        if not deducted:
            return mean, steps
        # A board with a percentage has a top, so the usual top (never smaller) is not 0.
        of_top = percent(deducted, top)
        points = of_top / len(percents)
        pct = mean - points
        steps.append(
            Step(
                "session.penalty_percentage",
                msg(
                    "the penalties, %(deducted)s matchpoints, are %(share)s of a top, spread over the %(boards)s "
                    "boards: %(worked)s",
                    deducted=fig(deducted, 4),
                    share=formula(
                        "%(deducted)s / %(top)s %(eq)s %(of_top)s",
                        deducted=fig(deducted, 4),
                        top=fig(top),
                        eq=equals(deducted, places=4),
                        of_top=pfig(of_top, 4),
                    ),
                    boards=len(percents),
                    worked=formula(
                        "%(mean)s − %(of_top)s / %(boards)s %(eq)s %(pct)s",
                        mean=pfig(mean, 4),
                        of_top=pfig(of_top, 4),
                        boards=len(percents),
                        eq=equals(mean, of_top, places=4),
                        pct=pfig(pct),
                    ),
                ),
                {
                    "deducted": deducted,
                    "top": top,
                    "percent_of_top": of_top,
                    "boards": len(percents),
                    "points": points,
                    "before": mean,
                    "percentage": pct,
                },
            )
        )
        return pct, steps
    if not available:
        return None, []
    pct = percent(total, available)
    boards = (
        msg(
            "the tops of the %(played)s boards played and the %(sat_out)s sat out add up to %(available)s matchpoints",
            played=len(played),
            sat_out=sat_out,
            available=fig(available),
        )
        if sat_out
        else msg(
            "the tops of the %(played)s boards played add up to %(available)s matchpoints",
            played=len(played),
            available=fig(available),
        )
    )
    return pct, [
        Step(
            "session.available",
            boards,
            {"available": available},
        ),
        Step(
            "session.percentage",
            formula(
                "%(total)s / %(available)s %(eq)s %(pct)s",
                total=fig(total, 4),
                available=fig(available, 4),
                eq=equals(total, available, places=4),
                pct=pfig(pct),
            ),
            {"total": total, "available": available, "percentage": pct},
        ),
    ]


def _usual_tops(session: Session, options: ScoringOptions) -> dict[str, Fraction]:
    """ "A top" for a penalty, by comparison group: the top of a board with all its expected
    results, 2(E − 1) (E − 1 in ACBL units) — what every board is factored to under Neuberg,
    and what a fully played board has without it."""
    groups = _groups(session, options)
    expected = _expected_results(
        groups, options, sitout_slots(session, lambda section: _group_key(session, options, section))
    )
    halves = 2 if options.matchpoint_units == "acbl" else 1
    tops = {}
    for key, group in groups.items():
        e = max(expected[key], max(len(lines) for lines in group.values()))
        tops[key] = Fraction(2 * max(e - 1, 0), halves)
    return tops


def _apply_penalties(
    penalties: list[Penalty], before: Fraction, top: Fraction, unit: str
) -> tuple[Fraction, list[Step]]:
    """Deduct each penalty in turn from ``before`` (in ``unit``); the amount deducted and one step each."""
    deducted = Fraction(0)
    steps = []
    running = before
    for penalty in penalties:
        if penalty.unit is PenaltyUnit.PERCENT_OF_TOP:
            amount = penalty.amount * top / 100
            how: Param = msg(
                "%(pct)s of a top: %(worked)s %(unit)s",
                pct=pfig(penalty.amount, 4),
                worked=formula(
                    "%(pct)s × %(top)s = %(amount)s", pct=pfig(penalty.amount, 4), top=fig(top), amount=fig(amount, 4)
                ),
                unit=unit_word(unit),
            )
        else:
            amount = penalty.amount
            how = msg("%(amount)s %(unit)s", amount=fig(amount, 4), unit=unit_word(unit))
        after = running - amount
        worked = formula(
            "%(before)s − %(amount)s %(eq)s %(after)s",
            before=fig(running, 4),
            amount=fig(amount, 4),
            eq=equals(running, amount, places=4),
            after=fig(after, 4),
        )
        text = (
            msg(
                "director's penalty (%(reason)s): %(how)s deducted: %(worked)s %(unit)s",
                reason=penalty.reason,
                how=how,
                worked=worked,
                unit=unit_word(unit),
            )
            if penalty.reason
            else msg(
                "director's penalty: %(how)s deducted: %(worked)s %(unit)s",
                how=how,
                worked=worked,
                unit=unit_word(unit),
            )
        )
        steps.append(
            Step(
                "session.penalty",
                text,
                {
                    "amount": penalty.amount,
                    "unit": penalty.unit.value,
                    "top": top if penalty.unit is PenaltyUnit.PERCENT_OF_TOP else None,
                    "deducted": amount,
                    "before": running,
                    "after": after,
                    "reason": penalty.reason,
                },
            )
        )
        running = after
        deducted += amount
    return deducted, steps


def _check_penalties(session: Session) -> None:
    """Penalties name pairs of the session, in a unit its method has, and deduct something."""
    allowed = PENALTY_UNITS.get(session.method, ())
    known = {p.ref for p in session.pairs}
    for penalty in session.penalties:
        if not allowed:
            raise ValueError(
                f"penalty on {penalty.pair}: a {session.method} session has no pair penalties "
                "(a match takes the director's adjustment in Match.imp_adjustment)"
            )
        if penalty.unit not in allowed:
            raise ValueError(
                f"penalty on {penalty.pair}: {penalty.unit} does not apply to a {session.method} session; "
                f"expected {' or '.join(u.value for u in allowed)}"
            )
        if penalty.pair not in known:
            raise ValueError(f"penalty on {penalty.pair}: no such pair in this session")
        if penalty.amount <= 0:
            raise ValueError(f"penalty on {penalty.pair}: expected a positive amount to deduct, got {penalty.amount}")


def _halves(top: Fraction | int | None) -> int:
    """A board's top in halves (0 for none).  Tops are whole (EBU) or halves (ACBL), so the sum
    of a pair's tops is kept in halves as an int."""
    return top.numerator * (2 // top.denominator) if top else 0


def _broken_ties(
    provisional: list[Any], labels: dict[int, tuple[int, str]], options: ScoringOptions
) -> dict[int, tuple[int, str, Step]]:
    """Places of tied pairs ordered by the tie-break figure the program recorded (option ``tie_break``):
    by index, the new place, its label and the step that says so.  Empty when the option is 'none'."""
    if options.tie_break == "none":
        return {}
    groups: dict[int, list[int]] = {}
    for i, (rank, label) in labels.items():
        if label.endswith("="):
            groups.setdefault(rank, []).append(i)
    sign = 1 if options.tie_break == "higher" else -1
    out: dict[int, tuple[int, str, Step]] = {}
    for rank, members in groups.items():
        figures = {i: provisional[i][0].tiebreak for i in members}
        if all(f is None for f in figures.values()):
            continue
        keyed = [(i, (0, Fraction(0)) if figures[i] is None else (1, sign * figures[i])) for i in members]
        within = rank_labels(keyed)
        shown = join(
            ", ",
            (
                formula(
                    "%(pair)s: %(figure)s",
                    pair=str(provisional[i][0].ref),
                    figure="—" if figures[i] is None else fig(figures[i]),
                )
                for i in members
            ),
        )
        for i, (place, label) in within.items():
            new_rank = rank + place - 1
            new_label = f"{new_rank}=" if label.endswith("=") else str(new_rank)
            out[i] = (
                new_rank,
                new_label,
                Step(
                    "session.tiebreak",
                    msg(
                        "tied on the score with %(others)s; the tie-break figures the club's program recorded "
                        "(%(shown)s) decide, the higher first: place %(place)s",
                        others=plural("%(num)s other pair", "%(num)s other pairs", fig(len(members) - 1)),
                        shown=shown,
                        place=new_label,
                    )
                    if options.tie_break == "higher"
                    else msg(
                        "tied on the score with %(others)s; the tie-break figures the club's program recorded "
                        "(%(shown)s) decide, the lower first: place %(place)s",
                        others=plural("%(num)s other pair", "%(num)s other pairs", fig(len(members) - 1)),
                        shown=shown,
                        place=new_label,
                    ),
                    {"tied": [str(provisional[j][0].ref) for j in members], "tiebreak": figures[i], "place": new_rank},
                ),
            )
    return out

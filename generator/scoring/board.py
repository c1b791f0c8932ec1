"""Scoring one board of a pairs session: traveller lines in, figures with explanations out."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..model import Artificial, Direction, Outcome, Scored, ScoringMethod, TravellerLine
from .contract import Seat, board_dealer, board_vulnerability
from .explain import Explanation, Step, fmt, signed
from .frequency import Components, FrequencyTable
from .options import ScoringOptions
from .pairs_methods import Aggregate, Butler, CrossImps, Matchpoints, PairsMethod, SmallGroup
from .results import FrequencyRow, ScoredBoard, ScoredLine, SideScore
from .rounding import percent

NS, EW = Direction.NS, Direction.EW


def components(outcome: Scored) -> Components:
    return [(c.weight, c.play.ns_score) for c in outcome.components]


def small_group_rule(actual: int, expected: int, rule: str) -> bool:
    """True when the option's small-group rule replaces Neuberg for this board."""
    if rule == "ebu":
        return 1 <= actual <= 3 and 3 * actual <= expected
    if rule == "acbl":
        return 1 <= actual <= 2 and actual < expected
    return False


def board_scorer(number: int, lines: Sequence[TravellerLine], *, method: ScoringMethod, expected: int,
                 options: ScoringOptions) -> tuple[PairsMethod, dict[Direction, FrequencyTable], Fraction, bool]:
    """The board's frequency tables and the method's scorer: (scorer, tables, top, split).
    ``split`` is True when a split score gives the EW field a table of its own."""
    ns_results = [components(line.ns) for line in lines if isinstance(line.ns, Scored)]
    ew_results = [components(line.ew) for line in lines if isinstance(line.ew, Scored)]
    # Two tables only when a split score really gives the fields different results
    # (an A60/40 line is "split" but adds nothing to either table).
    split = any(line.is_split and (isinstance(line.ns, Scored) or isinstance(line.ew, Scored)) for line in lines)
    return scorer_for_results(number, ns_results, ew_results, split, len(lines), method=method, expected=expected,
                              options=options)


def scorer_for_results(number: int, ns_results: list[Components], ew_results: list[Components], split: bool,
                       line_count: int, *, method: ScoringMethod, expected: int, options: ScoringOptions
                       ) -> tuple[PairsMethod, dict[Direction, FrequencyTable], Fraction, bool]:
    """``board_scorer`` from the board's results already gathered (each side's bridge
    results as components; ``line_count`` lines in all)."""
    expected = max(expected, line_count)
    e_ns = expected if options.neuberg else max(len(ns_results), 1)
    ns_table = FrequencyTable.build(ns_results, e_ns)
    ew_table = FrequencyTable.build(ew_results, expected if options.neuberg else max(len(ew_results), 1)) if split else ns_table
    tables = {NS: ns_table, EW: ew_table}
    top = Fraction(ns_table.top) / (2 if options.matchpoint_units == "acbl" else 1)

    scorer: PairsMethod
    if method is ScoringMethod.MATCHPOINTS:
        if small_group_rule(ns_table.actual, ns_table.expected, options.small_groups):
            scorer = SmallGroup(tables, options, top, options.small_groups)
        else:
            scorer = Matchpoints(tables, options, top)
    elif method is ScoringMethod.BUTLER:
        scorer = Butler(tables, options)
    elif method is ScoringMethod.CROSS_IMPS:
        scorer = CrossImps(tables, options)
    elif method is ScoringMethod.AGGREGATE:
        scorer = Aggregate(tables, options)
    else:
        raise ValueError(f"board {number}: method {method} is not a pairs method")

    return scorer, tables, top, split


def score_pairs_board(
    number: int,
    lines: Sequence[TravellerLine],
    *,
    method: ScoringMethod,
    expected: int,
    options: ScoringOptions,
    section: str = "",
    vulnerability: str | None = None,
    dealer: Seat | None = None,
) -> ScoredBoard:
    """Score every line of one board (one comparison group) by the session's method.

    ``expected`` is E, the number of results the board is scored as if it had.
    """
    scorer, tables, top, split = board_scorer(number, lines, method=method, expected=expected, options=options)
    ns_table, ew_table = tables[NS], tables[EW]
    is_mp = isinstance(scorer, Matchpoints)
    sides: dict[tuple[Direction, int], SideScore] = {}  # one SideScore per distinct score: big fields stay cheap

    def side(direction: Direction, outcome: Outcome) -> SideScore:
        if isinstance(outcome, Scored) and not outcome.is_weighted:
            key = (direction, outcome.components[0].play.ns_score)
            if key not in sides:
                sides[key] = _side(scorer, direction, outcome, top if is_mp else None)
            return sides[key]
        return _side(scorer, direction, outcome, top if is_mp else None)

    scored_lines = [ScoredLine(line, side(NS, line.ns), side(EW, line.ew)) for line in lines]

    def rows(table: FrequencyTable, own: Direction) -> tuple[FrequencyRow, ...]:
        in_own = own is NS
        return tuple(
            FrequencyRow(s, table.frequency[s], table.factored(s),
                         scorer.value(NS, s, in_own)[0], scorer.value(EW, s, not in_own)[0], s in table.occurs)
            for s in table.scores
        )

    vul = vulnerability or board_vulnerability(number)
    board_dealer_seat = dealer or board_dealer(number)
    return ScoredBoard(
        number=number,
        section=section,
        method=method,
        vulnerability=vul,
        dealer=board_dealer_seat,
        lines=tuple(sorted(scored_lines, key=_traveller_order)),
        frequencies=rows(ns_table, NS),
        ew_frequencies=rows(ew_table, EW) if split else None,
        expected=ns_table.expected,
        actual=ns_table.actual,
        top=top if is_mp else None,
        datum=scorer.datums[NS][0] if isinstance(scorer, Butler) else None,
        explanation=_board_explanation(number, lines, ns_table, scorer, top, options),
    )


def score_one_line(number: int, lines: Sequence[TravellerLine], line: TravellerLine, *, method: ScoringMethod,
                   expected: int, options: ScoringOptions) -> tuple[Fraction, Fraction]:
    """One line's NS and EW figures on the board made of ``lines`` (which include it), exactly
    as ``score_pairs_board`` gives them, without scoring the other lines or explaining."""
    scorer, _, top, _ = board_scorer(number, lines, method=method, expected=expected, options=options)
    mp_top = top if isinstance(scorer, Matchpoints) else None

    def figure(direction: Direction, outcome: Outcome) -> Fraction:
        if isinstance(outcome, Scored) and not outcome.is_weighted:
            return scorer.value_only(direction, outcome.components[0].play.ns_score)
        return _side(scorer, direction, outcome, mp_top).value

    return figure(NS, line.ns), figure(EW, line.ew)


def _traveller_order(line: ScoredLine) -> tuple[int, int]:
    """Best NS score first, artificial and weighted lines after the real ones."""
    outcome = line.line.ns
    if isinstance(outcome, Scored) and not outcome.is_weighted:
        return (0, -outcome.components[0].play.ns_score)
    return (1, -int(line.ns.value * 1000))


def _side(scorer: PairsMethod, direction: Direction, outcome: Outcome, top: Fraction | None) -> SideScore:
    if isinstance(outcome, Artificial):
        value, explanation = scorer.artificial(direction, outcome)
    elif not outcome.is_weighted:
        value, explanation = scorer.value(direction, outcome.components[0].play.ns_score)
    else:
        value, explanation = _weighted(scorer, direction, outcome)
    pct = percent(value, top) if top else None
    return SideScore(value, explanation, pct)


def _weighted(scorer: PairsMethod, direction: Direction, outcome: Scored) -> tuple[Fraction, Explanation]:
    """Law 12C1(c): score each component on the board's table, then weight the figures."""
    parts = []
    total = Fraction(0)
    rows = []
    for c in outcome.components:
        value, _ = scorer.value(direction, c.play.ns_score)
        product = c.weight * value
        total += product
        rows.append({"weight": c.weight, "score": c.play.ns_score, "value": value, "product": product,
                     "contract": str(c.play.contract) if c.play.contract else None})
        parts.append(f"{fmt(c.weight * 100)}% × {fmt(value, 4)} (for {signed(c.play.ns_score)})")
    note = ""
    if isinstance(scorer, Matchpoints) and any(r["value"] < 0 for r in rows):
        note = (" (a component's own figure can fall below zero, because the board's table already counts this table's"
                " weighted result; the weighted total is the same as averaging over the possible results)")
    steps = [Step("weighted.component",
                  "each component of the weighted score is scored on the board as if it were a result, then weighted: "
                  + " + ".join(parts) + f" = {fmt(total, 4)}" + note,
                  {"components": rows, "total": total})]
    final, rounding = scorer.finish_weighted(total)
    if rounding:
        steps.append(rounding)
    return final, Explanation("weighted", final, tuple(steps), {"direction": direction.value})


def _board_explanation(number: int, lines: Sequence[TravellerLine], table: FrequencyTable, scorer: PairsMethod,
                       top: Fraction, options: ScoringOptions) -> Explanation:
    artificial = sum(1 for line in lines if not line.is_result)
    weighted = sum(1 for line in lines if isinstance(line.ns, Scored) and line.ns.is_weighted)
    steps = [Step(
        "board.results",
        f"board {number}: {table.actual} result{'s' if table.actual != 1 else ''} (A)"
        + (f", {artificial} artificial score{'s' if artificial != 1 else ''} (not results)" if artificial else "")
        + (f", {weighted} weighted" if weighted else "")
        + f"; scored as if it had E = {table.expected}",
        {"A": table.actual, "E": table.expected, "artificial": artificial, "weighted": weighted},
    )]
    if isinstance(scorer, SmallGroup):
        steps.append(Step("small_group.rule", f"too few results for Neuberg ({scorer.rule} rule): fixed percentages by rank",
                          {"A": table.actual, "E": table.expected}))
    elif table.factor != 1 and table.actual:
        steps.append(Step(
            "neuberg.factor",
            f"each result counts E / A = {table.expected} / {table.actual} = {fmt(table.factor, 4)} times, "
            f"so the board has the full weight of {table.expected} results",
            {"E": table.expected, "A": table.actual, "factor": table.factor},
        ))
    if isinstance(scorer, Matchpoints):
        unit = "(ACBL units: 1 per result beaten, ½ per tie)" if options.matchpoint_units == "acbl" else "(2 per result beaten, 1 per tie)"
        steps.append(Step("matchpoints.top", f"top = {fmt(top)} matchpoints {unit}", {"top": top}))
    if isinstance(scorer, Butler):
        steps.extend(scorer.datums[NS][1].steps)
    if isinstance(scorer, CrossImps):
        div = scorer.divisor(table)
        steps.append(Step("cross_imps.divisor", f"each pair's cross-IMPs are divided by {fmt(div, 4)} ({options.cross_imp_divisor})",
                          {"divisor": div, "rule": options.cross_imp_divisor}))
    return Explanation("board", Fraction(table.actual), tuple(steps), {"number": number})

"""Scoring one board of a pairs session: traveller lines in, figures with explanations out."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..model import Artificial, Direction, Outcome, Play, Scored, ScoringMethod, TravellerLine
from ..notation import Seat, Vulnerability
from .contract import board_dealer, board_vulnerability
from .explain import Explanation, Step, Value, amount, contract_text, equals, fig, pfig, signed, unit_word
from .frequency import Components, FrequencyTable
from .imps import imps
from .message import Param, english, formula, join, msg, plural, seat
from .options import ScoringOptions
from .pairs_methods import Aggregate, Butler, CrossImps, Matchpoints, PairsMethod, SmallGroup, datum_factor_matters
from .results import FrequencyRow, ScoredBoard, ScoredLine, SideScore
from .rounding import percent
from .units import unit_label

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


def board_scorer(
    number: int, lines: Sequence[TravellerLine], *, method: ScoringMethod, expected: int, options: ScoringOptions
) -> tuple[PairsMethod, dict[Direction, FrequencyTable], Fraction, bool]:
    """The board's frequency tables and the method's scorer: (scorer, tables, top, split).
    ``split`` is True when a split score gives the EW field a table of its own."""
    known: dict[int, Components] = {}  # by the outcome's id: lines sharing an outcome share its components

    def of(outcome: Scored) -> Components:
        found = known.get(id(outcome))
        if found is None:
            found = known[id(outcome)] = components(outcome)
        return found

    ns_results = [of(line.ns) for line in lines if isinstance(line.ns, Scored)]
    # Two tables only when a split score really gives the fields different results
    # (an A60/40 line is "split" but adds nothing to either table).
    split = any(
        line.ns is not line.ew and line.is_split and (isinstance(line.ns, Scored) or isinstance(line.ew, Scored))
        for line in lines
    )  # (the same object for both sides is never split: no comparison needed)
    ew_results = [of(line.ew) for line in lines if isinstance(line.ew, Scored)] if split else []
    return scorer_for_results(
        number, ns_results, ew_results, split, len(lines), method=method, expected=expected, options=options
    )


def scorer_for_results(
    number: int,
    ns_results: list[Components],
    ew_results: list[Components],
    split: bool,
    line_count: int,
    *,
    method: ScoringMethod,
    expected: int,
    options: ScoringOptions,
) -> tuple[PairsMethod, dict[Direction, FrequencyTable], Fraction, bool]:
    """``board_scorer`` from the board's results already gathered (each side's bridge
    results as components; ``line_count`` lines in all)."""
    expected = max(expected, line_count)
    e_ns = expected if options.neuberg else max(len(ns_results), 1)
    ns_table = FrequencyTable.build(ns_results, e_ns)
    ew_table = (
        FrequencyTable.build(ew_results, expected if options.neuberg else max(len(ew_results), 1))
        if split
        else ns_table
    )
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
    vulnerability: Vulnerability | None = None,
    dealer: Seat | None = None,
) -> ScoredBoard:
    """Score every line of one board (one comparison group) by the session's method.

    ``expected`` is E, the number of results the board is scored as if it had.
    """
    scorer, tables, top, split = board_scorer(number, lines, method=method, expected=expected, options=options)
    ns_table, ew_table = tables[NS], tables[EW]
    is_mp = isinstance(scorer, Matchpoints)
    # One SideScore per direction and distinct score: big fields stay cheap (keyed by the int
    # score in a dict per direction: no Direction hashed per line).
    ns_sides: dict[int, SideScore] = {}
    ew_sides: dict[int, SideScore] = {}

    def side(direction: Direction, outcome: Outcome) -> SideScore:
        if type(outcome) is Scored and len(outcome.components) == 1:  # an ordinary result
            by_score = ns_sides if direction is NS else ew_sides
            score = outcome.components[0].play.ns_score
            found = by_score.get(score)
            if found is None:
                found = by_score[score] = _side(scorer, direction, outcome, top if is_mp else None)
            return found
        return _side(scorer, direction, outcome, top if is_mp else None)

    # An ordinary result's SideScore by the outcome's id, one dict per side: readers share one
    # outcome object between the lines with the same result (alive as long as the lines), so
    # most lines of a big field find theirs with one look-up.
    ns_known: dict[int, SideScore] = {}
    ew_known: dict[int, SideScore] = {}
    scored_lines = []
    for line in lines:
        ns, ew = line.ns, line.ew
        ns_side = ns_known.get(id(ns))
        if ns_side is None:
            ns_side = side(NS, ns)
            if type(ns) is Scored and len(ns.components) == 1:
                ns_known[id(ns)] = ns_side
        ew_side = ew_known.get(id(ew))
        if ew_side is None:
            ew_side = side(EW, ew)
            if type(ew) is Scored and len(ew.components) == 1:
                ew_known[id(ew)] = ew_side
        scored_lines.append(ScoredLine(line, ns_side, ew_side))

    def rows(table: FrequencyTable, own: Direction) -> tuple[FrequencyRow, ...]:
        in_own = own is NS
        return tuple(
            FrequencyRow(
                s,
                table.frequency[s],
                table.factored(s),
                scorer.value(NS, s, in_own)[0],
                scorer.value(EW, s, not in_own)[0],
                s in table.occurs,
            )
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


def score_one_line(
    number: int,
    lines: Sequence[TravellerLine],
    line: TravellerLine,
    *,
    method: ScoringMethod,
    expected: int,
    options: ScoringOptions,
) -> tuple[Fraction, Fraction]:
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
    """Law 12C1(c): score each component on the board's table, then weight the figures.

    Explained as scenarios where that gives the same figure (matchpoints and cross-IMPs,
    which are linear in the table: "if 4H made: 8; if it failed: 3; 60% x 8 + 40% x 3"),
    each scenario scored against the other tables' results; else (Butler, aggregate, and a
    rounding option that rounds each component) as each component scored on the board.
    """
    total = Fraction(0)
    rows = []
    plays = []
    for c in outcome.components:
        value, _ = scorer.value(direction, c.play.ns_score)
        total += c.weight * value
        words = _play_words(c.play)
        plays.append(words.pop("message"))
        rows.append(
            {"weight": c.weight, "score": c.play.ns_score, "value": value, "product": c.weight * value, **words}
        )
    scenarios = _scenarios(scorer, direction, outcome)
    unit = unit_label(scorer.unit)
    if (
        scenarios is not None
        and sum((c.weight * v for c, v in zip(outcome.components, scenarios)), Fraction(0)) == total
    ):
        for row, value in zip(rows, scenarios):
            row["value"], row["product"] = value, row["weight"] * value
        ifs = join(
            "; ",
            (msg("if %(result)s: %(value)s", result=m, value=amount(r["value"], unit)) for r, m in zip(rows, plays)),
        )
        how = msg("each scored against the other tables' results")
    else:
        ifs = join(
            "; ", (msg("%(result)s: %(value)s", result=m, value=amount(r["value"], unit)) for r, m in zip(rows, plays))
        )
        how = (
            msg("each scored against the datum")
            if isinstance(scorer, Butler)
            else msg("each scored as a result on the board")
        )
    terms = join(" + ", (formula("%(w)s × %(v)s", w=pfig(r["weight"] * 100), v=_operand(r["value"])) for r in rows))
    sign = equals(*(r["value"] for r in rows), *(r["weight"] * 100 for r in rows))
    steps = [
        Step(
            "weighted.component",
            msg(
                "the director weighted the possible results (%(how)s): %(ifs)s. %(terms)s %(eq)s %(total)s %(unit)s",
                how=how,
                ifs=ifs,
                terms=terms,
                eq=sign,
                total=fig(total, 4),
                unit=unit_word(unit),
            ),
            {"components": rows, "total": total},
        )
    ]
    final, rounding = scorer.finish_weighted(total)
    if rounding:
        steps.append(rounding)
    return final, Explanation("weighted", final, tuple(steps), {"direction": direction.value})


def _operand(value: Fraction) -> Param:
    """A factor in a product: a negative one in brackets."""
    return formula("(%(v)s)", v=fig(value)) if value < 0 else fig(value)


def _scenarios(scorer: PairsMethod, direction: Direction, outcome: Scored) -> list[Fraction] | None:
    """What the side would have scored had its table's result been each component, against the
    other tables' results (this table's own weights taken out of the board's table), or None
    where the method is not scored that way (Butler's datum, aggregate, small groups)."""
    if isinstance(scorer, SmallGroup) or not isinstance(scorer, (Matchpoints, CrossImps)):
        return None
    table = scorer.tables[direction]
    k = table.factor
    own: dict[int, Fraction] = {}
    for c in outcome.components:
        own[c.play.ns_score] = own.get(c.play.ns_score, Fraction(0)) + c.weight
    others = {t: Fraction(table.factored(t)) - k * own.get(t, 0) for t in table.scores}
    values = []
    for c in outcome.components:
        s = c.play.ns_score
        if isinstance(scorer, Matchpoints):
            beaten = sum((f for t, f in others.items() if (t < s if direction is NS else t > s)), Fraction(0))
            value = (2 * beaten + others[s] + k - 1) * scorer.half
            if k != 1 and (scorer.options.neuberg_rounding != "exact" or scorer.options.missing_results == "ties"):
                return None  # each component rounded: the components' own figures explain it
        else:
            div = scorer.divisor(table)
            ns = sum((f * imps(s - t) for t, f in others.items()), Fraction(0))
            value = (ns if direction is NS else -ns) / div if div else Fraction(0)
        values.append(value)
    return values


def _play_words(play: Play) -> dict[str, Value]:
    """A component as a member reads it: '4♥ by N made (NS +620)' (``result``), and as a message
    (``message``, for the step's sentence; the caller takes it out of the row's values)."""
    contract = play.contract
    ns = seat("NS")
    score: Param = (
        formula("%(ns)s %(score)s", ns=ns, score=signed(play.ns_score)) if play.ns_score else formula("%(ns)s 0", ns=ns)
    )
    words: Param = score
    if contract is not None and not contract.passed_out and play.declarer is not None:
        name = contract_text(contract)
        declarer = seat(play.declarer.value)
        if play.tricks is not None:
            made = play.tricks - contract.level - 6
            if made == 0:
                words = msg("%(contract)s by %(seat)s made (%(score)s)", contract=name, seat=declarer, score=score)
            elif made > 0:
                words = msg(
                    "%(contract)s by %(seat)s %(made)s (%(score)s)",
                    contract=name,
                    seat=declarer,
                    made=plural("made %(num)s overtrick", "made %(num)s overtricks", fig(made)),
                    score=score,
                )
            else:
                words = msg(
                    "%(contract)s by %(seat)s went %(down)s down (%(score)s)",
                    contract=name,
                    seat=declarer,
                    down=-made,
                    score=score,
                )
        else:
            words = msg("%(contract)s by %(seat)s (%(score)s)", contract=name, seat=declarer, score=score)
    elif contract is not None and contract.passed_out:
        words = msg("passed out (0)")
    return {
        "contract": str(contract) if contract else None,
        "declarer": play.declarer.value if play.declarer else None,
        "tricks": play.tricks,
        "result": english(words),
        "message": words,
    }


def _board_explanation(
    number: int,
    lines: Sequence[TravellerLine],
    table: FrequencyTable,
    scorer: PairsMethod,
    top: Fraction,
    options: ScoringOptions,
) -> Explanation:
    artificial = sum(1 for line in lines if not line.is_result)
    weighted = sum(1 for line in lines if isinstance(line.ns, Scored) and line.ns.is_weighted)
    summary: Param = msg(
        "board %(number)s: %(results)s played",
        number=number,
        results=plural("%(num)s result", "%(num)s results", fig(table.actual)),
    )
    if weighted:
        summary = msg("%(board)s (%(weighted)s of them weighted by the director)", board=summary, weighted=weighted)
    if artificial:
        summary = msg(
            "%(board)s, %(artificial)s",
            board=summary,
            artificial=plural(
                "%(num)s artificial score (not a result)", "%(num)s artificial scores (not a result)", fig(artificial)
            ),
        )
    # Butler's datum is an average: counting every result E / A times changes it only when a fixed
    # number of results is left out at each end, so the factor is mentioned only then.
    factor_matters = not isinstance(scorer, Butler) or datum_factor_matters(table, options)
    if table.expected != table.actual and factor_matters:
        summary = msg(
            "%(board)s; scored as if it had %(expected)s results, like a complete board",
            board=summary,
            expected=table.expected,
        )
    steps = [
        Step(
            "board.results",
            summary,
            {"A": table.actual, "E": table.expected, "artificial": artificial, "weighted": weighted},
        )
    ]
    if isinstance(scorer, SmallGroup):
        steps.append(
            Step(
                "small_group.rule",
                msg("too few results for Neuberg (%(rule)s rule): fixed percentages by rank", rule=scorer.rule),
                {"A": table.actual, "E": table.expected},
            )
        )
    elif table.factor != 1 and table.actual and factor_matters:
        steps.append(
            Step(
                "neuberg.factor",
                msg(
                    "each result counts %(factor)s times (Neuberg), so the board has the full weight of "
                    "%(expected)s results",
                    factor=formula(
                        "%(expected)s / %(actual)s = %(factor)s",
                        expected=table.expected,
                        actual=table.actual,
                        factor=fig(table.factor, 4),
                    ),
                    expected=table.expected,
                ),
                {"E": table.expected, "A": table.actual, "factor": table.factor},
            )
        )
    if isinstance(scorer, Matchpoints):
        others = table.expected - 1
        if options.matchpoint_units == "acbl":
            text = msg(
                "the top is %(top)s matchpoints: 1 for each of the %(others)s other results beaten, ½ for a tie",
                top=fig(top),
                others=others,
            )
        else:
            text = msg(
                "the top is %(top)s matchpoints: 2 for each of the %(others)s other results beaten, 1 for a tie",
                top=formula("2 × %(others)s = %(top)s", others=others, top=fig(top)),
                others=others,
            )
        steps.append(Step("matchpoints.top", text, {"top": top}))
    if isinstance(scorer, Butler):
        steps.extend(scorer.datums[NS][1].steps)
    if isinstance(scorer, CrossImps):
        div = scorer.divisor(table)
        label = {
            "total": msg("each pair's cross-IMPs are not divided (the total over every comparison)"),
            "comparisons": msg(
                "each pair's cross-IMPs are divided by %(divisor)s, the number of comparisons (results − 1)",
                divisor=fig(div, 4),
            ),
            "scores": msg(
                "each pair's cross-IMPs are divided by %(divisor)s, the number of scores (results)", divisor=fig(div, 4)
            ),
        }[options.cross_imp_divisor]
        steps.append(
            Step(
                "cross_imps.divisor",
                label,
                {"divisor": div, "rule": options.cross_imp_divisor},
            )
        )
    return Explanation("board", Fraction(table.actual), tuple(steps), {"number": number})

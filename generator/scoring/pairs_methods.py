"""What one NS score is worth to a pair under each pairs method, with its explanation.

A method object wraps one board's frequency tables and answers, for a direction and an
NS score, the pair's figure and how it was calculated.  Answers are cached per distinct
score, so a board of a thousand results builds a few dozen explanations, not a thousand.
"""

from __future__ import annotations

from fractions import Fraction

from ..model import Artificial, ArtificialKind, Direction
from .explain import Explanation, Step, fmt, signed
from .frequency import FrequencyTable
from .imps import imp_band, imps
from .options import ScoringOptions
from .rounding import percent, round_neuberg, round_to_ten, round_weighted_aggregate, round_weighted_imps

NS, EW = Direction.NS, Direction.EW


def _side_word(direction: Direction) -> str:
    return "North-South" if direction is NS else "East-West"


def _score_word(score: int) -> str:
    return signed(score)


class PairsMethod:
    """Base: caching and the artificial-score rule shared by every method."""

    name = ""

    def __init__(self, tables: dict[Direction, FrequencyTable], options: ScoringOptions):
        self.tables = tables
        self.options = options
        self._cache: dict[tuple[Direction, int, bool], tuple[Fraction, Explanation]] = {}

    def table_for(self, direction: Direction) -> FrequencyTable:
        return self.tables[direction]

    def value(self, direction: Direction, score: int, in_own_table: bool = True) -> tuple[Fraction, Explanation]:
        """The figure of a pair sitting ``direction`` with NS ``score``.

        ``in_own_table`` False asks for the figure against the other direction's table,
        which only differs from the own one when a split score made the two tables differ.
        """
        key = (direction, score, in_own_table)
        if key not in self._cache:
            table = self.tables[direction if in_own_table else direction.other]
            self._cache[key] = self._compute(direction, score, table)
        return self._cache[key]

    def _compute(self, direction: Direction, score: int, table: FrequencyTable) -> tuple[Fraction, Explanation]:
        raise NotImplementedError

    def value_only(self, direction: Direction, score: int) -> Fraction:
        """The figure alone, for callers that show no explanation (what-if figures scored
        many times over).  Methods without a quicker path build the explanation and drop it."""
        return self.value(direction, score)[0]

    def artificial(self, direction: Direction, award: Artificial) -> tuple[Fraction, Explanation]:
        raise NotImplementedError

    def finish_weighted(self, value: Fraction) -> tuple[Fraction, Step | None]:
        """Rounding a weighted total where the method's rule says so."""
        return value, None


class Matchpoints(PairsMethod):
    """2 per result beaten, 1 per tie (EBU units), on the factored frequencies (Neuberg)."""

    name = "matchpoints"

    def __init__(self, tables: dict[Direction, FrequencyTable], options: ScoringOptions, top: Fraction):
        super().__init__(tables, options)
        self.top = top
        self.half = Fraction(1, 2) if options.matchpoint_units == "acbl" else Fraction(1)

    def value_only(self, direction: Direction, score: int) -> Fraction:
        """The same figure as ``_compute`` (own table), without the explanation's text.  Only
        for plain matchpoints: a subclass (the small-group rule) scores differently."""
        if type(self) is not Matchpoints:
            return super().value_only(direction, score)
        table = self.tables[direction]
        own = table.factored(score)
        beaten = table.below[score] if direction is NS else table.above(score)
        value = (2 * beaten + own - 1) * self.half
        if table.expected != table.actual:  # factored (Neuberg)
            value = round_neuberg(value, self.options.neuberg_rounding, self.top / 2)
        return value

    def _compute(self, direction: Direction, score: int, table: FrequencyTable) -> tuple[Fraction, Explanation]:
        own = table.factored(score)
        beaten = table.below[score] if direction is NS else table.above(score)
        tied = own - 1
        ebu = 2 * beaten + tied
        value = ebu * self.half
        who = _side_word(direction)
        factor = table.factor
        factored = factor != 1
        steps = []
        freq_word = "factored frequency" if factored else "frequency"
        beaten_scores = [s for s in table.scores if (s < score if direction is NS else s > score)]
        steps.append(Step(
            "matchpoints.compare",
            f"{who} {_score_word(score)} beat {fmt(beaten, 4)} result{'s' if beaten != 1 else ''} and tied with "
            f"{fmt(tied, 4)} other{'s' if tied != 1 else ''} ({freq_word} of {_score_word(score)}: {fmt(own, 4)}, less the pair's own result)",
            {"score": score, "direction": direction.value, "beaten": beaten, "tied": tied, "own_frequency": own,
             "beaten_scores": beaten_scores, "factor": factor},
        ))
        if self.half == 1:
            steps.append(Step("matchpoints.formula", f"2 × {fmt(beaten, 4)} + {fmt(tied, 4)} = {fmt(value, 4)} matchpoints",
                              {"beaten": beaten, "tied": tied, "matchpoints": value}))
        else:
            steps.append(Step("matchpoints.formula", f"{fmt(beaten, 4)} + ½ × {fmt(tied, 4)} = {fmt(value, 4)} matchpoints (ACBL units)",
                              {"beaten": beaten, "tied": tied, "matchpoints": value}))
        method = "matchpoints"
        if factored:
            method = "neuberg"
            raw = table.raw_matchpoints(score)
            if direction is EW:
                raw = 2 * (table.actual - 1) - raw
            e, a = table.expected, table.actual
            if self.half == 1:
                check = (raw + 1) * Fraction(e, a) - 1
                formula = f"({fmt(raw, 4)} + 1) × {e} / {a} − 1 = {fmt(check, 4)}"
            else:
                raw = raw / 2
                check = (raw + Fraction(1, 2)) * Fraction(e, a) - Fraction(1, 2)
                formula = f"({fmt(raw, 4)} + ½) × {e} / {a} − ½ = {fmt(check, 4)}"
            steps.append(Step(
                "neuberg.formula",
                f"Neuberg: M = {fmt(raw, 4)} on the {a} actual results, E = {e} expected, A = {a}: {formula}",
                {"M": raw, "E": e, "A": a, "result": check},
            ))
            rounded = round_neuberg(value, self.options.neuberg_rounding, self.top / 2)
            if rounded != value:
                steps.append(Step("rounding.neuberg", f"rounded ({self.options.neuberg_rounding} rule) to {fmt(rounded, 4)}",
                                  {"exact": value, "rounded": rounded, "rule": self.options.neuberg_rounding}))
                value = rounded
        steps.append(_percentage_step(value, self.top))
        return value, Explanation(method, value, tuple(steps), {"score": score, "direction": direction.value,
                                                                 "E": table.expected, "A": table.actual, "top": self.top})

    def artificial(self, direction: Direction, award: Artificial) -> tuple[Fraction, Explanation]:
        value = award.percent * self.top / 100
        label = {ArtificialKind.PLUS: "average-plus", ArtificialKind.AVERAGE: "average",
                 ArtificialKind.MINUS: "average-minus", ArtificialKind.FIXED: "an assigned percentage"}[award.kind]
        step = Step("artificial.award",
                    f"{award.code} ({label}): {fmt(award.percent)}% of the top of {fmt(self.top)} = {fmt(value, 4)} matchpoints",
                    {"code": award.code, "percent": award.percent, "top": self.top, "matchpoints": value})
        return value, Explanation("artificial", value, (step,), {"code": award.code, "direction": direction.value})


class SmallGroup(Matchpoints):
    """Too few results for Neuberg: fixed percentages by rank within the group (EBU or WBF/ACBL rule)."""

    name = "small_group"

    def __init__(self, tables: dict[Direction, FrequencyTable], options: ScoringOptions, top: Fraction, rule: str):
        super().__init__(tables, options, top)
        self.rule = rule

    def _compute(self, direction: Direction, score: int, table: FrequencyTable) -> tuple[Fraction, Explanation]:
        a, e = table.actual, table.expected
        raw = table.raw_matchpoints(score)
        if direction is EW:
            raw = 2 * (a - 1) - raw
        pct = 60 + (raw - (a - 1)) * 5
        value = pct * self.top / 100
        rule_text = ("EBU small sub-field rule: A ≤ 3 and A ≤ E/3" if self.rule == "ebu"
                     else "WBF/ACBL rule: fewer than 3 results")
        steps = (
            Step("small_group.rule",
                 f"only {a} result{'s' if a != 1 else ''} where {e} were expected ({rule_text}), so Neuberg is not used: "
                 "the best of 2 gets 65 % and the worst 55 %; of 3, 70 %, 60 % and 50 %; a single result 60 %",
                 {"A": a, "E": e, "rule": self.rule}),
            Step("small_group.award",
                 f"{_side_word(direction)} {_score_word(score)} scored M = {fmt(raw)} on the {a} results: "
                 f"60 % + ({fmt(raw)} − {a - 1}) × 5 % = {fmt(pct)} % of the top of {fmt(self.top)} = {fmt(value, 4)}",
                 {"M": raw, "percent": pct, "top": self.top, "matchpoints": value}),
        )
        return value, Explanation("small_group", value, steps, {"score": score, "direction": direction.value})


def _percentage_step(value: Fraction, top: Fraction) -> Step:
    pct = percent(value, top) if top else Fraction(50)
    return Step("matchpoints.percentage", f"{fmt(value, 4)} of a top of {fmt(top)} = {fmt(pct)}%",
                {"matchpoints": value, "top": top, "percent": pct})


def _artificial_imps(award: Artificial, per_comparison: Fraction) -> Fraction:
    """A+ = +3, A= = 0, A- = -3 IMPs; another percentage p scales linearly: (p - 50) / 10 x 3."""
    return (award.percent - 50) / 10 * per_comparison


class Butler(PairsMethod):
    """IMPs against a datum: the mean of the (factored, optionally trimmed) scores, rounded to 10."""

    name = "butler"

    def __init__(self, tables: dict[Direction, FrequencyTable], options: ScoringOptions):
        super().__init__(tables, options)
        self.datums = {d: datum(t, options) for d, t in tables.items()}

    def _compute(self, direction: Direction, score: int, table: FrequencyTable) -> tuple[Fraction, Explanation]:
        dat = self.datums[NS if table is self.tables[NS] else EW][0]
        diff = score - dat
        ns_imps = imps(diff)
        value = Fraction(ns_imps if direction is NS else -ns_imps)
        step = Step("butler.imps",
                    f"{_score_word(score)} − datum {fmt(dat)} = {signed(diff)} points, {imp_band(diff)} on the IMP scale = "
                    f"{signed(ns_imps)} IMPs to North-South" + ("" if direction is NS else f", so {signed(value)} to East-West"),
                    {"score": score, "datum": dat, "difference": diff, "imps": value})
        return value, Explanation("butler", value, (step,), {"score": score, "direction": direction.value, "datum": dat})

    def artificial(self, direction: Direction, award: Artificial) -> tuple[Fraction, Explanation]:
        value = _artificial_imps(award, self.options.artificial_imps)
        step = Step("artificial.award", f"{award.code}: {signed(value)} IMPs (average-plus is +{fmt(self.options.artificial_imps)} IMPs)",
                    {"code": award.code, "imps": value})
        return value, Explanation("artificial", value, (step,), {"code": award.code, "direction": direction.value})

    def finish_weighted(self, value: Fraction) -> tuple[Fraction, Step | None]:
        return _round_weighted_imps(value, self.options)


def _round_weighted_imps(value: Fraction, options: ScoringOptions) -> tuple[Fraction, Step | None]:
    rounded = round_weighted_imps(value, options.weighted_imp_rounding)
    if rounded == value:
        return value, None
    return rounded, Step("rounding.weighted_imps", f"{fmt(value, 4)} rounded to {fmt(rounded)} IMPs",
                         {"exact": value, "rounded": rounded})


def datum(table: FrequencyTable, options: ScoringOptions) -> tuple[Fraction, Explanation]:
    """The Butler datum and its arithmetic: trim each end by mass, average, round to 10."""
    count, pct = options.trim
    total_mass = Fraction(table.expected) if table.actual else Fraction(0)
    trim_each = Fraction(count) if count else total_mass * pct / 100
    if 2 * trim_each >= total_mass:
        trim_each = Fraction(0)
    kept: dict[int, Fraction] = {s: table.factored(s) for s in table.scores}
    for order in (table.scores, tuple(reversed(table.scores))):
        left = trim_each
        for s in order:
            take = min(left, kept[s])
            kept[s] -= take
            left -= take
            if not left:
                break
    mass = sum(kept.values(), Fraction(0))
    rows = [{"score": s, "factored": table.factored(s), "kept": kept[s], "product": s * kept[s]} for s in table.scores]
    total = sum((s * kept[s] for s in table.scores), Fraction(0))
    mean = total / mass if mass else Fraction(0)
    rounded = round_to_ten(mean, options.datum_rounding)
    terms = " + ".join(f"{signed(s)} × {fmt(k, 4)}" for s, k in kept.items() if k)
    steps = [Step("butler.frequencies",
                  f"datum from {fmt(mass, 4)} results" + (f" after leaving out {fmt(trim_each, 4)} at each end" if trim_each else ""),
                  {"rows": rows, "trimmed_each_end": trim_each})]
    steps.append(Step("butler.datum", f"({terms}) / {fmt(mass, 4)} = {fmt(total)} / {fmt(mass, 4)} = {fmt(mean, 4)}",
                      {"total": total, "mass": mass, "mean": mean}))
    if rounded != mean:
        steps.append(Step("butler.round", f"{fmt(mean, 4)} rounded to the nearest 10 ({options.datum_rounding}) = {fmt(rounded)}",
                          {"mean": mean, "datum": rounded, "rule": options.datum_rounding}))
    return rounded, Explanation("butler", rounded, tuple(steps), {})


class CrossImps(PairsMethod):
    """Each result IMPed against every other (factored) result, then divided as the option says."""

    name = "cross_imps"

    def divisor(self, table: FrequencyTable) -> Fraction:
        mass = Fraction(table.expected)
        return {"total": Fraction(1), "comparisons": mass - 1, "scores": mass}[self.options.cross_imp_divisor]

    def __init__(self, tables: dict[Direction, FrequencyTable], options: ScoringOptions):
        super().__init__(tables, options)
        self._totals: dict[tuple[int, int], tuple[list, list[dict], Fraction]] = {}
        self._products: dict[tuple[int, int, int], Fraction | int] = {}

    def _comparisons(self, table: FrequencyTable, score: int) -> tuple[list, list[dict], Fraction]:
        """Shared by both directions: East-West's figure is the negation of North-South's.

        A product (factored frequency x IMPs) depends only on the other score and the IMPs,
        so it is computed once per board, not once per comparison.
        """
        key = (id(table), score)
        if key not in self._totals:
            comparisons = table.comparisons(score)
            rows = []
            for t, f, i in comparisons:
                pkey = (id(table), t, i)
                product = self._products.get(pkey)
                if product is None:
                    product = self._products[pkey] = f * i
                rows.append({"against": t, "factored": f, "difference": score - t, "imps": i, "product": product})
            self._totals[key] = (comparisons, rows, table.cross_imps_total(score))
        return self._totals[key]

    def _compute(self, direction: Direction, score: int, table: FrequencyTable) -> tuple[Fraction, Explanation]:
        comparisons, rows, total = self._comparisons(table, score)
        div = self.divisor(table)
        value = total / div if div else Fraction(0)
        sign = 1 if direction is NS else -1
        value *= sign
        nonzero = [(f, i) for _, f, i in comparisons if i]
        if len(nonzero) <= 8:
            terms = " + ".join(f"({fmt(f, 4)} × {signed(i)})" for f, i in nonzero) or "0"
        else:  # the rows carry every comparison; the sentence stays readable
            terms = f"the sum of factored frequency × IMPs over {len(comparisons)} other scores"
        steps = [
            Step("cross_imps.comparison",
                 f"North-South {_score_word(score)} against each other result: {terms} = {signed(total, 4)} IMPs",
                 {"score": score, "rows": rows, "total": total}),
        ]
        if direction is EW:
            steps.append(Step("cross_imps.direction", f"East-West get the opposite: {signed(-total, 4)} IMPs", {"total": -total}))
        if div != 1:
            label = {"comparisons": "comparisons (results − 1)", "scores": "scores (results)"}[self.options.cross_imp_divisor]
            steps.append(Step("cross_imps.divisor", f"divided by the number of {label}, {fmt(div, 4)}: {signed(value, 4)}",
                              {"divisor": div, "rule": self.options.cross_imp_divisor, "result": value}))
        return value, Explanation("cross_imps", value, tuple(steps), {"score": score, "direction": direction.value})

    def artificial(self, direction: Direction, award: Artificial) -> tuple[Fraction, Explanation]:
        table = self.tables[direction]
        comparisons = Fraction(table.expected - 1)
        per = _artificial_imps(award, self.options.artificial_imps)
        div = self.divisor(table)
        value = per * comparisons / div if div else Fraction(0)
        step = Step("artificial.award",
                    f"{award.code}: {signed(per)} IMPs a comparison × {fmt(comparisons)} comparisons"
                    + (f" / {fmt(div, 4)}" if div != 1 else "") + f" = {signed(value, 4)}",
                    {"code": award.code, "per_comparison": per, "comparisons": comparisons, "divisor": div, "imps": value})
        return value, Explanation("artificial", value, (step,), {"code": award.code, "direction": direction.value})


class Aggregate(PairsMethod):
    """Total points: the score itself."""

    name = "aggregate"

    def _compute(self, direction: Direction, score: int, table: FrequencyTable) -> tuple[Fraction, Explanation]:
        value = Fraction(score if direction is NS else -score)
        step = Step("aggregate.points", f"{_side_word(direction)} score {signed(value)} points", {"points": value})
        return value, Explanation("aggregate", value, (step,), {"score": score, "direction": direction.value})

    def artificial(self, direction: Direction, award: Artificial) -> tuple[Fraction, Explanation]:
        step = Step("artificial.award", f"{award.code}: 0 points (aggregate scoring has no average; assign a score instead)",
                    {"code": award.code, "points": 0})
        return Fraction(0), Explanation("artificial", Fraction(0), (step,), {"code": award.code})

    def finish_weighted(self, value: Fraction) -> tuple[Fraction, Step | None]:
        rounded = round_weighted_aggregate(value, self.options.weighted_aggregate_rounding)
        if rounded == value:
            return value, None
        return rounded, Step("rounding.weighted_aggregate", f"{fmt(value, 4)} rounded to the nearest 10 = {fmt(rounded)}",
                             {"exact": value, "rounded": rounded})

"""What one NS score is worth to a pair under each pairs method, with its explanation.

A method object wraps one board's frequency tables and answers, for a direction and an
NS score, the pair's figure and how it was calculated.  Answers are cached per distinct
score, so a board of a thousand results builds a few dozen explanations, not a thousand.
"""

from __future__ import annotations

from fractions import Fraction
from functools import partial
from typing import Any

from ..memo import remember
from ..model import Artificial, ArtificialKind, Direction
from .explain import Explanation, Step, count, equals, fmt, signed, unit
from .frequency import FrequencyTable
from .imps import imp_band, imps
from .options import ScoringOptions
from .rounding import (
    NEUBERG_ROUNDING_WORDS,
    percent,
    round_neuberg,
    round_to_ten,
    round_weighted_aggregate,
    round_weighted_imps,
)

NS, EW = Direction.NS, Direction.EW

CrossImpRows = tuple[list[Any], list[dict[str, Any]], Fraction, Fraction | int]
"""A score's comparisons, its rows as the explanation shows them, its factored total and its played total."""


def _side_word(direction: Direction) -> str:
    return "North-South" if direction is NS else "East-West"


def _score_word(score: int) -> str:
    return signed(score)


class PairsMethod:
    """Base: caching and the artificial-score rule shared by every method."""

    name = ""
    unit = "matchpoints"
    """The unit id of the method's figures (``units.UNIT_LABELS`` has its word)."""

    def __init__(self, tables: dict[Direction, FrequencyTable], options: ScoringOptions):
        self.tables = tables
        self.options = options
        self._cache: dict[tuple[Direction, int, bool], tuple[Fraction, Explanation]] = {}

    def value(self, direction: Direction, score: int, in_own_table: bool = True) -> tuple[Fraction, Explanation]:
        """The figure of a pair sitting ``direction`` with NS ``score``.

        ``in_own_table`` False asks for the figure against the other direction's table,
        which only differs from the own one when a split score made the two tables differ.
        """
        if not in_own_table and self.tables[direction] is self.tables[direction.other]:
            in_own_table = True  # one table for both fields: the same figure, explained once
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
        return self._figure(direction, score, self.tables[direction])

    def _figure(self, direction: Direction, score: int, table: FrequencyTable) -> Fraction:
        """The figure, counted in EBU units (half an ACBL matchpoint) as an int on a board of
        whole, unfactored results, and made a Fraction once at the end."""
        if table.expected != table.actual and self.options.missing_results == "ties":
            return missing_as_ties(direction, score, table) * self.half
        own = table.factored(score)
        beaten = table.below[score] if direction is NS else table.above(score)
        units = 2 * beaten + own - 1
        if table.expected != table.actual:  # factored (Neuberg)
            return round_neuberg(units * self.half, self.options.neuberg_rounding, self.top / 2)
        return Fraction(units) if self.half == 1 else Fraction(units, 2)

    def _compute(self, direction: Direction, score: int, table: FrequencyTable) -> tuple[Fraction, Explanation]:
        """The figure now, exactly; its steps only when something reads them (``_steps``)."""
        value = self._figure(direction, score, table)
        if table.expected != table.actual and self.options.missing_results == "ties":
            return value, Explanation.lazy(
                "missing_ties",
                value,
                partial(_missing_ties_steps, direction, score, table, self.half, self.top),
                {"score": score, "direction": direction.value, "E": table.expected, "A": table.actual, "top": self.top},
            )
        return value, Explanation.lazy(
            "neuberg" if table.expected != table.actual else "matchpoints",
            value,
            # The recipe holds the table and the settings, never the scorer: the scorer's cache holds
            # the explanation, and a cycle would outlive the board where the collector is off (build workers).
            partial(_matchpoint_steps, direction, score, table, self.half, self.top, self.options.neuberg_rounding),
            {"score": score, "direction": direction.value, "E": table.expected, "A": table.actual, "top": self.top},
        )

    def artificial(self, direction: Direction, award: Artificial) -> tuple[Fraction, Explanation]:
        value = award.percent * self.top / 100
        step = Step(
            "artificial.award",
            f"{award_words(award).capitalize()} to {_side_word(direction)}, the director's ruling "
            f"(the board was not played normally): {fmt(award.percent)}% × {fmt(self.top)} = {fmt(value, 4)} matchpoints",
            {"code": award.code, "percent": award.percent, "top": self.top, "matchpoints": value},
        )
        return value, Explanation("artificial", value, (step,), {"code": award.code, "direction": direction.value})


def missing_as_ties(direction: Direction, score: int, table: FrequencyTable) -> Fraction:
    """Matchpoints in EBU units (2 a result beaten, 1 a tie) with each of the E − A missing results
    counted as a result equal to the pair's own (``missing_results='ties'``): M + (E − A), where
    M is counted on the A results played.  NS's M and EW's add up to 2 (A − 1)."""
    ns = table.raw_matchpoints(score)
    raw = ns if direction is NS else 2 * (table.actual - 1) - ns
    return raw + (table.expected - table.actual)


def _missing_ties_steps(
    direction: Direction, score: int, table: FrequencyTable, half: Fraction, top: Fraction
) -> list[Step]:
    """How ``missing_as_ties`` was reached: the results played compared, then one tie a missing result."""
    e, a = table.expected, table.actual
    ns = table.raw_matchpoints(score)
    raw = (ns if direction is NS else 2 * (a - 1) - ns) * half
    missing = e - a
    value = missing_as_ties(direction, score, table) * half
    one = "1" if half == 1 else "½"
    steps = [
        Step(
            "matchpoints.compare",
            f"on the {count(a, 'result')} played, {_side_word(direction)} {_score_word(score)} scored "
            f"{fmt(raw, 4)} of a top of {fmt(2 * (a - 1) * half)}",
            {"score": score, "direction": direction.value, "M": raw, "A": a},
        ),
        Step(
            "missing.ties",
            f"{count(missing, 'result')} missing ({a} played where {e} were expected), each counted as a tie "
            f"with this result: {fmt(raw, 4)} + {missing} × {one} = {fmt(value, 4)} of a top of {fmt(top)}",
            {"M": raw, "E": e, "A": a, "missing": missing, "result": value},
        ),
        _percentage_step(value, top),
    ]
    return steps


def _matchpoint_steps(
    direction: Direction, score: int, table: FrequencyTable, half: Fraction, top: Fraction, rounding: str
) -> list[Step]:
    """How ``Matchpoints._compute``'s figure was reached, with its numbers (the same arithmetic, shown)."""
    own = table.factored(score)
    beaten = table.below[score] if direction is NS else table.above(score)
    tied = own - 1
    e, a = table.expected, table.actual
    factor = table.factor  # (a Fraction made on each reading: read once)
    factored = e != a and a != 0  # factor != 1 (E / A, or 1 without results), in ints
    whole = half == 1 and not factored  # EBU units on an unfactored board: the counts are the matchpoints
    value = _in_units(2 * beaten + tied, half, whole)
    who = _side_word(direction)
    beaten_scores = [s for s in table.scores if (s < score if direction is NS else s > score)]
    # What happened on the results that were played (weights count in part) ...
    beaten_played = beaten if not factored else beaten / factor  # the factored count, unscaled
    tied_played = table._counts[score] - 1
    played_top = _in_units(2 * (a - 1), half, whole)
    raw = _in_units(2 * beaten_played + tied_played, half, whole)
    opening = f"on the {count(a, 'result')} played, " if factored else ""
    steps = [
        Step(
            "matchpoints.compare",
            f"{opening}{who} {_score_word(score)} beat {_how_many(beaten_played)} and tied with "
            f"{_how_many(tied_played, 'other')}"
            + (
                " (a weighted score counts in part)"
                if beaten_played.denominator != 1 or tied_played.denominator != 1  # (ints have one too)
                else ""
            ),
            {
                "score": score,
                "direction": direction.value,
                "beaten": beaten,
                "tied": tied,
                "own_frequency": own,
                "beaten_scores": beaten_scores,
                "factor": factor,
                "beaten_played": beaten_played,
                "tied_played": tied_played,
            },
        )
    ]
    if factored or type(beaten) is not int or type(tied) is not int:
        steps.append(_formula_step(beaten, tied, beaten_played, tied_played, raw, played_top, value, half))
    else:  # unfactored, whole counts: the step follows from the counts, the results and the unit
        key = (beaten, tied, a, half.numerator, half.denominator)
        kept = _FORMULA_STEPS.get(key)
        if kept is None:
            step = _formula_step(beaten, tied, beaten, tied, raw, played_top, value, half)
            kept = remember(_FORMULA_STEPS, key, step, _STEPS_KEPT)
        steps.append(kept)
    if factored:
        # ... then scaled to the results expected: (M + 1) x E / A - 1, in EBU units; ACBL units halve both ones.
        one = "1" if half == 1 else "½"
        formula = (
            f"({fmt(raw, 4)} + {one}) × {e} / {a} − {one} {equals(raw, places=4)} {fmt(value, 4)} "
            f"of a top of {fmt(top)}"
        )
        steps.append(
            Step(
                "neuberg.formula",
                f"scaled to the {count(e, 'result')} expected (Neuberg): {formula}",
                {"M": raw, "E": e, "A": a, "result": value},
            )
        )
        rounded = round_neuberg(Fraction(value), rounding, top / 2)  # (a Fraction here: factored)
        if rounded != value:
            how = NEUBERG_ROUNDING_WORDS[rounding]
            steps.append(
                Step(
                    "rounding.neuberg",
                    f"{fmt(value, 4)} rounded {how}: {fmt(rounded, 4)}",
                    {"exact": value, "rounded": rounded, "rule": rounding},
                )
            )
            value = rounded
    steps.append(_percentage_step(value, top))
    return steps


def _formula_step(
    beaten: Fraction | int,
    tied: Fraction | int,
    beaten_played: Fraction | int,
    tied_played: Fraction | int,
    raw: Fraction | int,
    played_top: Fraction | int,
    value: Fraction | int,
    half: Fraction,
) -> Step:
    """'2 × 8 + 4 = 20 of a top of 26': the results beaten and tied, counted."""
    if half == 1:
        sum_text = f"2 × {fmt(beaten_played, 4)} + {fmt(tied_played, 4)}"
    else:
        sum_text = f"{fmt(beaten_played, 4)} + ½ × {fmt(tied_played, 4)}"
    return Step(
        "matchpoints.formula",
        f"{sum_text} {equals(beaten_played, tied_played, places=4)} {fmt(raw, 4)} of a top of {fmt(played_top)}",
        {"beaten": beaten, "tied": tied, "matchpoints": value, "played": raw, "played_top": played_top},
    )


_FORMULA_STEPS: dict[tuple[int, int, int, int, int], Step] = {}
"""Unfactored boards' formula steps by (beaten, tied, A, the unit's half): a session's boards
have the same few dozen counts, so the same steps recur hundreds of times.  A ``Step`` is
immutable and nothing changes its values: explanations share it, as equal steps."""
_PERCENTAGE_STEPS: dict[tuple[bool, int, int, bool, int, int], Step] = {}
"""Percentage steps by the figure and the top (the type of each kept: an int and a whole
Fraction are written the same, but the step keeps what it was given)."""
_STEPS_KEPT = 1 << 12


def _in_units(count: Fraction | int, half: Fraction, whole: bool) -> Fraction | int:
    """``count * half``; with ``whole`` (EBU units on an unfactored board) the count itself, with
    no Fraction made to multiply it by 1 (a whole figure is written the same either way)."""
    return count if whole else count * half


def award_name(award: Artificial) -> str:
    """'average-plus', 'average', 'average-minus', 'an assigned 70%' (the ruling, not its worth)."""
    if award.kind is ArtificialKind.FIXED:
        return f"an assigned {fmt(award.percent)}%"
    return {
        ArtificialKind.PLUS: "average-plus",
        ArtificialKind.AVERAGE: "average",
        ArtificialKind.MINUS: "average-minus",
    }[award.kind]


def award_words(award: Artificial, worth: str | None = None) -> str:
    """'average-plus (60%)', 'average (50%)', 'an assigned 70%' where a percentage is what the
    board counts in (matchpoints, board-a-match); with ``worth`` (``award_worth``) the award in
    the board's own unit: 'average-plus (+3 IMPs)', 'an assigned 70% (+6 IMPs)'."""
    name = award_name(award)
    if worth:
        return f"{name} ({worth})"
    return name if award.kind is ArtificialKind.FIXED else f"{name} ({fmt(award.percent)}%)"


def award_worth(award: Artificial, unit_id: str, options: ScoringOptions, each_comparison: bool = False) -> str | None:
    """What an artificial score is worth in a board's unit, for its label: '+3 IMPs' (Butler,
    teams), '+3 IMPs a comparison' (cross-IMPs), '0 points' (aggregate has no average); None
    where the percentage is the worth (matchpoints, board-a-match): a label never calls an
    award worth +3 IMPs '60%'."""
    if unit_id == "imps":
        value = _artificial_imps(award, options.artificial_imps)
        return f"{signed(value)} {unit(value, 'IMPs')}" + (" a comparison" if each_comparison else "")
    if unit_id == "points":
        return "0 points"
    return None


def _how_many(n: Fraction | int, word: str = "result") -> str:
    """'none', '1 result', '3 results', '2.6 results' (a weighted score counts in part)."""
    return "none" if n == 0 else count(n, word)


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
        rule_text = (
            "EBU small sub-field rule: A ≤ 3 and A ≤ E/3"
            if self.rule == "ebu"
            else "WBF/ACBL rule: fewer than 3 results"
        )
        steps = (
            Step(
                "small_group.rule",
                f"only {a} result{'s' if a != 1 else ''} where {e} were expected ({rule_text}), so Neuberg is not used: "
                "the best of 2 gets 65 % and the worst 55 %; of 3, 70 %, 60 % and 50 %; a single result 60 %",
                {"A": a, "E": e, "rule": self.rule},
            ),
            Step(
                "small_group.award",
                f"{_side_word(direction)} {_score_word(score)} scored {fmt(raw)} on the {count(a, 'result')}: "
                f"60% + ({fmt(raw)} − {a - 1}) × 5% = {fmt(pct)}%, and {fmt(pct)}% × {fmt(self.top)} = {fmt(value, 4)} matchpoints",
                {"M": raw, "percent": pct, "top": self.top, "matchpoints": value},
            ),
        )
        return value, Explanation("small_group", value, steps, {"score": score, "direction": direction.value})


def _percentage_step(value: Fraction | int, top: Fraction) -> Step:
    """'20 / 26 = 76.92%', kept by figure and top (``_PERCENTAGE_STEPS``)."""
    key = (
        type(value) is int,
        value.numerator,
        value.denominator,
        type(top) is Fraction,
        top.numerator,
        top.denominator,
    )
    step = _PERCENTAGE_STEPS.get(key)
    if step is None:
        step = remember(_PERCENTAGE_STEPS, key, _new_percentage_step(value, top), _STEPS_KEPT)
    return step


def _new_percentage_step(value: Fraction | int, top: Fraction) -> Step:
    pct = percent(value, top) if top else Fraction(50)
    return Step(
        "matchpoints.percentage",
        f"{fmt(value, 4)} / {fmt(top)} {equals(value, places=4)} {fmt(pct)}%",
        {"matchpoints": value, "top": top, "percent": pct},
    )


def _paren(value: Fraction | int) -> str:
    """A negative operand in brackets: '− (−50)' reads as it computes."""
    text = fmt(value)
    return f"({text})" if value < 0 else text


def _paren_signed(value: Fraction | int, places: int = 2) -> str:
    """'(+5)', '(−1)', '0': a signed operand in brackets so that '2 × (−1)' reads as it computes."""
    return "0" if value == 0 else f"({signed(value, places)})"


def _imp_award(award: Artificial, value: Fraction, plus: Fraction) -> str:
    """What an artificial score is worth in IMPs: '+3 IMPs'; a percentage other than 60/50/40
    scales between them: '+6 IMPs ((70 − 50) / 10 × 3 = +6)'."""
    if award.kind is ArtificialKind.FIXED:
        return (
            f"{signed(value)} {unit(value, 'IMPs')} (({fmt(award.percent)} − 50) / 10 × {fmt(plus)} = {signed(value)})"
        )
    return f"{signed(value)} {unit(value, 'IMPs')}"


def _artificial_imps(award: Artificial, per_comparison: Fraction) -> Fraction:
    """A+ = +3, A= = 0, A- = -3 IMPs; another percentage p scales linearly: (p - 50) / 10 x 3."""
    return (award.percent - 50) / 10 * per_comparison


class Butler(PairsMethod):
    """IMPs against a datum: the mean of the (factored, optionally trimmed) scores, rounded to 10."""

    name = "butler"
    unit = "imps"

    def __init__(self, tables: dict[Direction, FrequencyTable], options: ScoringOptions):
        super().__init__(tables, options)
        self.datums = {d: datum(t, options) for d, t in tables.items()}

    def _compute(self, direction: Direction, score: int, table: FrequencyTable) -> tuple[Fraction, Explanation]:
        dat = self.datums[NS if table is self.tables[NS] else EW][0]
        diff = score - dat
        ns_imps = imps(diff)
        value = Fraction(ns_imps if direction is NS else -ns_imps)
        step = Step(
            "butler.imps",
            f"{_score_word(score)} against the datum of {fmt(dat)}: {_score_word(score)} − {_paren(dat)} = {signed(diff)} points, "
            f"which is {signed(ns_imps)} {unit(ns_imps, 'IMPs')} to North-South ({imp_band(diff)} points on the IMP scale)"
            + ("" if direction is NS else f", so {signed(value)} to East-West"),
            {"score": score, "datum": dat, "difference": diff, "imps": value},
        )
        return value, Explanation(
            "butler", value, (step,), {"score": score, "direction": direction.value, "datum": dat}
        )

    def artificial(self, direction: Direction, award: Artificial) -> tuple[Fraction, Explanation]:
        value = _artificial_imps(award, self.options.artificial_imps)
        step = Step(
            "artificial.award",
            f"{award_name(award).capitalize()} to {_side_word(direction)}, the director's ruling: "
            f"{_imp_award(award, value, self.options.artificial_imps)}",
            {"code": award.code, "imps": value},
        )
        return value, Explanation("artificial", value, (step,), {"code": award.code, "direction": direction.value})

    def finish_weighted(self, value: Fraction) -> tuple[Fraction, Step | None]:
        return _round_weighted_imps(value, self.options)


def _round_weighted_imps(value: Fraction, options: ScoringOptions) -> tuple[Fraction, Step | None]:
    rounded = round_weighted_imps(value, options.weighted_imp_rounding)
    if rounded == value:
        return value, None
    return rounded, Step(
        "rounding.weighted_imps",
        f"{fmt(value, 4)} rounded to {fmt(rounded)} IMPs",
        {"exact": value, "rounded": rounded},
    )


def datum_factor_matters(table: FrequencyTable, options: ScoringOptions) -> bool:
    """Whether counting each result E / A times (Neuberg) changes a Butler datum: only when a fixed
    number of results is left out at each end.  An average, or one with a percentage left out at
    each end, is the same whatever every count is multiplied by — so the explanation then says
    nothing of the factor and shows the results as played (issue 28)."""
    trim_count, _ = options.trim
    return table.factor != 1 and bool(trim_count) and 2 * trim_count < table.expected


def _trimmed(counts: dict[int, Fraction], scores: tuple[int, ...], trim_each: Fraction) -> dict[int, Fraction]:
    """``counts`` with ``trim_each`` of the mass taken off each end of the score order."""
    kept = dict(counts)
    for order in (scores, tuple(reversed(scores))):
        left = trim_each
        for s in order:
            take = min(left, kept[s])
            kept[s] -= take
            left -= take
            if not left:
                break
    return kept


def datum(table: FrequencyTable, options: ScoringOptions) -> tuple[Fraction, Explanation]:
    """The Butler datum and its arithmetic: trim each end by mass, average, round to 10."""
    trim_count, pct = options.trim
    total_mass = Fraction(table.expected) if table.actual else Fraction(0)
    trim_each = Fraction(trim_count) if trim_count else total_mass * pct / 100
    if 2 * trim_each >= total_mass:
        trim_each = Fraction(0)
    kept = _trimmed({s: Fraction(table.factored(s)) for s in table.scores}, table.scores, trim_each)
    mass = sum(kept.values(), Fraction(0))
    total = sum((s * kept[s] for s in table.scores), Fraction(0))
    mean = total / mass if mass else Fraction(0)
    rounded = round_to_ten(mean, options.datum_rounding)
    played = table.actual
    counts_as = {s: Fraction(table.factored(s)) for s in table.scores}
    if trim_each and not trim_count and table.factor != 1:
        # A percentage at each end: the factor changes nothing, so the arithmetic shown is on the
        # results as played (the same mean: every count and the mass scale alike).
        counts_as = {s: Fraction(table.frequency[s]) for s in table.scores}
        played_mass = sum(counts_as.values(), Fraction(0))
        shown_kept = _trimmed(counts_as, table.scores, played_mass * pct / 100)
        shown_mass = sum(shown_kept.values(), Fraction(0))
        shown_total = sum((s * shown_kept[s] for s in table.scores), Fraction(0))
        if shown_mass and shown_total / shown_mass == mean:
            kept, mass, total, trim_each = shown_kept, shown_mass, shown_total, played_mass * pct / 100
        else:  # never expected: show the factored working rather than a sum that differs
            counts_as = {s: Fraction(table.factored(s)) for s in table.scores}
    if not trim_each:
        # No results left out: the average of the results played, whatever the factoring (a weighted
        # result counts in part), so the sum is written with the frequencies members see.
        weights = {s: table.frequency[s] for s in table.scores}
        size = sum(weights.values(), Fraction(0))
        described = f"datum: the average NS score of the {count(played, 'result')} played"
    else:
        weights = {s: k for s, k in kept.items() if k}
        size = mass
        how = (
            f"{fmt(trim_each, 4)} at each end"
            if trim_count
            else f"{fmt(pct)}% at each end ({fmt(trim_each, 4)} results)"
        )
        described = f"datum: the average NS score of the {count(played, 'result')} played, leaving out {how}" + (
            f"; each result counts {table.expected} / {played} times, as the board is scored for {table.expected}"
            if datum_factor_matters(table, options)
            else ""
        )
    # The table beside the sum shows the same counts and products as the sum: the frequencies
    # when nothing is left out (factoring every count by E / A changes no average), else the
    # factored counts and what is kept of them.
    rows = [
        {
            "score": s,
            "factored": table.factored(s),
            "counts_as": counts_as[s],
            "kept": kept[s],
            "count": weights.get(s, Fraction(0)),
            "product": s * weights.get(s, Fraction(0)),
        }
        for s in table.scores
    ]
    added = sum((s * w for s, w in weights.items()), Fraction(0))
    terms = " + ".join(f"{_paren(s)} × {fmt(w, 4)}" for s, w in weights.items() if w)
    exact_terms = equals(*weights.values(), places=4)
    steps = [Step("butler.frequencies", described, {"rows": rows, "trimmed_each_end": trim_each})]
    steps.append(
        Step(
            "butler.datum",
            f"({terms}) / {fmt(size, 4)} {exact_terms} {fmt(added, 4)} / {fmt(size, 4)} {exact_terms} {fmt(mean, 4)}",
            {"total": total, "mass": mass, "mean": mean},
        )
    )
    if rounded != mean:
        how = {"half-away": "a 5 goes away from zero", "half-even": "a 5 goes to the even ten"}[options.datum_rounding]
        steps.append(
            Step(
                "butler.round",
                f"{fmt(mean, 4)} rounded to the nearest 10 ({how}): {fmt(rounded)}",
                {"mean": mean, "datum": rounded, "rule": options.datum_rounding},
            )
        )
    return rounded, Explanation("butler", rounded, tuple(steps), {})


class CrossImps(PairsMethod):
    """Each result IMPed against every other (factored) result, then divided as the option says."""

    name = "cross_imps"
    unit = "imps"

    def divisor(self, table: FrequencyTable) -> Fraction:
        mass = Fraction(table.expected)
        return {"total": Fraction(1), "comparisons": mass - 1, "scores": mass}[self.options.cross_imp_divisor]

    def __init__(self, tables: dict[Direction, FrequencyTable], options: ScoringOptions):
        super().__init__(tables, options)
        self._totals: dict[tuple[int, int], tuple[list[Any], list[dict[str, Any]], Fraction, Fraction | int]] = {}
        self._products: dict[tuple[int, int, int], Fraction | int] = {}

    def _compute(self, direction: Direction, score: int, table: FrequencyTable) -> tuple[Fraction, Explanation]:
        """The figure now, exactly; the comparison rows and steps only when something reads them."""
        total = table.cross_imps_total(score)
        div = self.divisor(table)
        value = total / div if div else Fraction(0)
        value *= 1 if direction is NS else -1
        # The recipe holds the board's comparison memos, never the scorer (see Matchpoints._compute).
        recipe = partial(
            _cross_imp_steps,
            direction,
            score,
            table,
            value,
            self._totals,
            self._products,
            div,
            self.options.cross_imp_divisor,
        )
        return value, Explanation.lazy("cross_imps", value, recipe, {"score": score, "direction": direction.value})

    def artificial(self, direction: Direction, award: Artificial) -> tuple[Fraction, Explanation]:
        table = self.tables[direction]
        comparisons = Fraction(table.expected - 1)
        per = _artificial_imps(award, self.options.artificial_imps)
        div = self.divisor(table)
        value = per * comparisons / div if div else Fraction(0)
        label = {
            "total": "",
            "comparisons": ", divided by the number of comparisons",
            "scores": ", divided by the number of scores",
        }[self.options.cross_imp_divisor]
        step = Step(
            "artificial.award",
            f"{award_name(award).capitalize()} to {_side_word(direction)}, the director's ruling: "
            f"{_imp_award(award, per, self.options.artificial_imps)} against each of the {fmt(comparisons)} other results"
            f"{label}: {_paren_signed(per)} × {fmt(comparisons)}"
            + (f" / {fmt(div, 4)}" if div != 1 else "")
            + f" = {signed(value, 4)} IMPs",
            {"code": award.code, "per_comparison": per, "comparisons": comparisons, "divisor": div, "imps": value},
        )
        return value, Explanation("artificial", value, (step,), {"code": award.code, "direction": direction.value})


def _cross_imp_rows(
    totals: dict[tuple[int, int], CrossImpRows],
    products: dict[tuple[int, int, int], Fraction | int],
    table: FrequencyTable,
    score: int,
) -> CrossImpRows:
    """Shared by both directions: East-West's figure is the negation of North-South's.

    One row per other score, and one for the other tables with the same score (0 IMPs, but
    comparisons all the same: they count in the divisor).  A product (factored frequency x
    IMPs) depends only on the other score and the IMPs, so it is computed once per board.
    """
    key = (id(table), score)
    if key not in totals:
        comparisons = table.comparisons(score)
        counts = table._counts  # ints where whole: big fields stay fast
        rows = []
        played_total: Fraction | int = 0
        for t, f, i in comparisons:
            pkey = (id(table), t, i)
            product = products.get(pkey)
            if product is None:
                product = products[pkey] = f * i
            played = counts[t]
            played_total += played * i
            rows.append(
                {
                    "against": t,
                    "factored": f,
                    "difference": score - t,
                    "imps": i,
                    "product": product,
                    "frequency": played,
                    "played_product": played * i,
                }
            )
        same = counts[score] - 1
        if same > 0:
            rows.append(
                {
                    "against": score,
                    "factored": table.factored(score) - 1,
                    "difference": 0,
                    "imps": 0,
                    "product": 0,
                    "frequency": same,
                    "played_product": 0,
                }
            )
            rows.sort(key=lambda r: -r["against"])
        totals[key] = (comparisons, rows, table.cross_imps_total(score), played_total)
    return totals[key]


def _cross_imp_steps(
    direction: Direction,
    score: int,
    table: FrequencyTable,
    value: Fraction,
    totals: dict[tuple[int, int], CrossImpRows],
    products: dict[tuple[int, int, int], Fraction | int],
    div: Fraction,
    divisor_rule: str,
) -> list[Step]:
    """How ``CrossImps._compute``'s figure was reached: every comparison, then the division."""
    _comparisons, rows, total, played_total = _cross_imp_rows(totals, products, table, score)
    sign = 1 if direction is NS else -1
    frequencies = [r["frequency"] for r in rows]
    if len(rows) <= 12:
        terms = " + ".join(f"{fmt(r['frequency'], 4)} × {_paren_signed(r['imps'])}" for r in rows) or "0"
        sums = f"{terms} {equals(*frequencies, places=4)} {signed(played_total, 4)} IMPs"
    else:  # the table below carries every comparison; the sentence stays readable
        sums = f"adding the last column of the table: {signed(played_total, 4)} IMPs"
    steps = [
        Step(
            "cross_imps.comparison",
            f"North-South {_score_word(score)} against each of the other {count(sum(frequencies), 'result')}"
            f" played (how many times × IMPs): {sums}",
            {"score": score, "rows": rows, "total": total, "played_total": played_total},
        ),
    ]
    if table.factor != 1:
        steps.append(
            Step(
                "neuberg.factor",
                f"each result counts {table.expected} / {table.actual} times (the board is scored as if it had "
                f"{table.expected} results): {_paren_signed(played_total, 4)} × {table.expected} / {table.actual}"
                f" {equals(played_total, places=4)} {signed(total, 4)} IMPs",
                {"E": table.expected, "A": table.actual, "factor": table.factor, "total": total},
            )
        )
    if direction is EW:
        steps.append(
            Step("cross_imps.direction", f"East-West get the opposite: {signed(-total, 4)} IMPs", {"total": -total})
        )
    if div != 1:
        label = {"comparisons": "comparisons (results − 1)", "scores": "scores (results)"}[divisor_rule]
        steps.append(
            Step(
                "cross_imps.divisor",
                f"divided by the number of {label}: {_paren_signed(sign * total, 4)} / {fmt(div, 4)} "
                f"{equals(total, div, places=4)} {signed(value, 4)} IMPs",
                {"divisor": div, "rule": divisor_rule, "result": value},
            )
        )
    return steps


class Aggregate(PairsMethod):
    """Total points: the score itself."""

    name = "aggregate"
    unit = "points"

    def _compute(self, direction: Direction, score: int, table: FrequencyTable) -> tuple[Fraction, Explanation]:
        value = Fraction(score if direction is NS else -score)
        step = Step("aggregate.points", f"{_side_word(direction)} score {signed(value)} points", {"points": value})
        return value, Explanation("aggregate", value, (step,), {"score": score, "direction": direction.value})

    def artificial(self, direction: Direction, award: Artificial) -> tuple[Fraction, Explanation]:
        step = Step(
            "artificial.award",
            f"{award_name(award).capitalize()} to {_side_word(direction)}: 0 points (aggregate scoring has no average; "
            "the director should assign a score instead)",
            {"code": award.code, "points": 0},
        )
        return Fraction(0), Explanation("artificial", Fraction(0), (step,), {"code": award.code})

    def finish_weighted(self, value: Fraction) -> tuple[Fraction, Step | None]:
        rounded = round_weighted_aggregate(value, self.options.weighted_aggregate_rounding)
        if rounded == value:
            return value, None
        return rounded, Step(
            "rounding.weighted_aggregate",
            f"{fmt(value, 4)} rounded to the nearest 10 (a 5 goes away from zero): {fmt(rounded)}",
            {"exact": value, "rounded": rounded},
        )

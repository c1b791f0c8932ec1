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
from .explain import Explanation, Step, amount, equals, fig, fmt, pfig, sfig, signed
from .frequency import FrequencyTable
from .imps import imp_band, imps
from .message import Cap, Figure, Msg, Param, Plural, formula, join, msg, plural
from .options import ScoringOptions
from .rounding import (
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


_SIDES = {NS: msg("North-South"), EW: msg("East-West")}


def _side(direction: Direction) -> Msg:
    """The side as a message ('North-South'), for a step's sentence."""
    return _SIDES[direction]


def _imps_word(value: Fraction | int, places: int = 2) -> Plural:
    """'+3 IMPs', '-1 IMP' as a message (``signed`` and ``unit``)."""
    return plural("%(num)s IMP", "%(num)s IMPs", sfig(value, places))


def _neuberg_rounding(rule: str) -> Msg:
    """``rounding.NEUBERG_ROUNDING_WORDS`` as messages."""
    if rule == "ebu":
        return msg("to one decimal, a half toward the average")
    if rule == "acbl":
        return msg("to two decimals, a half up")
    return msg("down to one decimal (the rest cut off)")


def _results(n: Fraction | int) -> Plural:
    """'1 result', '3 results', '2.5 results' as a message (``count(n, 'result')``); a whole
    count's message is made once (immutable, shared by every step that says it)."""
    if type(n) is int:
        made = _RESULTS.get(n)
        if made is None:
            made = remember(_RESULTS, n, plural("%(num)s result", "%(num)s results", fig(n)), _STEPS_KEPT)
        return made
    return plural("%(num)s result", "%(num)s results", fig(n))


_RESULTS: dict[int, Plural] = {}


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
            msg(
                "%(award)s to %(side)s, the director's ruling (the board was not played normally): "
                "%(pct)s × %(top)s = %(mp)s matchpoints",
                award=Cap(award_message(award)),
                side=_side(direction),
                pct=pfig(award.percent),
                top=fig(self.top),
                mp=fig(value, 4),
            ),
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
            msg(
                "on the %(results)s played, %(side)s %(score)s scored %(mp)s of a top of %(top)s",
                results=_results(a),
                side=_side(direction),
                score=_score_word(score),
                mp=fig(raw, 4),
                top=fig(2 * (a - 1) * half),
            ),
            {"score": score, "direction": direction.value, "M": raw, "A": a},
        ),
        Step(
            "missing.ties",
            msg(
                "%(missing)s missing (%(played)s played where %(expected)s were expected), each counted as a tie "
                "with this result: %(sum)s of a top of %(top)s",
                missing=_results(missing),
                played=a,
                expected=e,
                sum=formula(
                    "%(mp)s + %(n)s × %(one)s = %(value)s", mp=fig(raw, 4), n=missing, one=one, value=fig(value, 4)
                ),
                top=fig(top),
            ),
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
    beaten_scores = [s for s in table.scores if (s < score if direction is NS else s > score)]
    # What happened on the results that were played (weights count in part) ...
    beaten_played = beaten if not factored else beaten / factor  # the factored count, unscaled
    tied_played = table._counts[score] - 1
    played_top = _in_units(2 * (a - 1), half, whole)
    raw = _in_units(2 * beaten_played + tied_played, half, whole)
    compared: Param = msg(
        "%(side)s %(score)s beat %(beaten)s and tied with %(tied)s",
        side=_side(direction),
        score=_score_word(score),
        beaten=_how_many(beaten_played),
        tied=_how_many(tied_played, "other"),
    )
    if beaten_played.denominator != 1 or tied_played.denominator != 1:  # (ints have one too)
        compared = msg("%(compared)s (a weighted score counts in part)", compared=compared)
    if factored:
        compared = msg("on the %(results)s played, %(compared)s", results=_results(a), compared=compared)
    steps = [
        Step(
            "matchpoints.compare",
            compared,
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
        scaled = formula(
            "(%(mp)s + %(one)s) × %(e)s / %(a)s − %(one)s %(eq)s %(value)s",
            mp=fig(raw, 4),
            one=one,
            e=e,
            a=a,
            eq=equals(raw, places=4),
            value=fig(value, 4),
        )
        steps.append(
            Step(
                "neuberg.formula",
                msg(
                    "scaled to the %(results)s expected (Neuberg): %(formula)s of a top of %(top)s",
                    results=_results(e),
                    formula=scaled,
                    top=fig(top),
                ),
                {"M": raw, "E": e, "A": a, "result": value},
            )
        )
        rounded = round_neuberg(Fraction(value), rounding, top / 2)  # (a Fraction here: factored)
        if rounded != value:
            how = _neuberg_rounding(rounding)
            steps.append(
                Step(
                    "rounding.neuberg",
                    msg(
                        "%(exact)s rounded %(how)s: %(rounded)s", exact=fig(value, 4), how=how, rounded=fig(rounded, 4)
                    ),
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
    pattern = "2 × %(beaten)s + %(tied)s %(eq)s %(mp)s" if half == 1 else "%(beaten)s + ½ × %(tied)s %(eq)s %(mp)s"
    sum_text = formula(
        pattern,
        beaten=fig(beaten_played, 4),
        tied=fig(tied_played, 4),
        eq=equals(beaten_played, tied_played, places=4),
        mp=fig(raw, 4),
    )
    return Step(
        "matchpoints.formula",
        msg("%(sum)s of a top of %(top)s", sum=sum_text, top=fig(played_top)),
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


def award_name_message(award: Artificial) -> Msg:
    """``award_name`` as a message."""
    if award.kind is ArtificialKind.FIXED:
        return msg("an assigned %(pct)s", pct=pfig(award.percent))
    if award.kind is ArtificialKind.PLUS:
        return msg("average-plus")
    if award.kind is ArtificialKind.AVERAGE:
        return msg("average")
    return msg("average-minus")


def award_message(award: Artificial) -> Msg:
    """``award_words`` (without a worth) as a message: 'average-plus (60%)'."""
    name = award_name_message(award)
    if award.kind is ArtificialKind.FIXED:
        return name
    return msg("%(award)s (%(pct)s)", award=name, pct=pfig(award.percent))


def award_words(award: Artificial, worth: Param | None = None) -> Param:
    """'average-plus (60%)', 'average (50%)', 'an assigned 70%' where a percentage is what the
    board counts in (matchpoints, board-a-match); with ``worth`` (``award_worth``) the award in
    the board's own unit: 'average-plus (+3 IMPs)', 'an assigned 70% (+6 IMPs)'.  A message:
    the site writes it in its language (English: ``message.english``)."""
    if worth is not None:
        return msg("%(award)s (%(pct)s)", award=award_name_message(award), pct=worth)
    return award_message(award)


def award_worth(
    award: Artificial, unit_id: str, options: ScoringOptions, each_comparison: bool = False
) -> Param | None:
    """What an artificial score is worth in a board's unit, for its label: '+3 IMPs' (Butler,
    teams), '+3 IMPs a comparison' (cross-IMPs), '0 points' (aggregate has no average); None
    where the percentage is the worth (matchpoints, board-a-match): a label never calls an
    award worth +3 IMPs '60%'."""
    if unit_id == "imps":
        worth = amount(_artificial_imps(award, options.artificial_imps), "IMPs", sign=True)
        return msg("%(amount)s a comparison", amount=worth) if each_comparison else worth
    if unit_id == "points":
        return amount(0, "points")
    return None


def _how_many(n: Fraction | int, word: str = "result") -> Param:
    """'none', '1 result', '3 results', '2.6 results' (a weighted score counts in part)."""
    if n == 0:
        return msg("none")
    if word == "other":
        return plural("%(num)s other", "%(num)s others", fig(n))
    return _results(n)


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
            msg("EBU small sub-field rule: A ≤ 3 and A ≤ E/3")
            if self.rule == "ebu"
            else msg("WBF/ACBL rule: fewer than 3 results")
        )
        steps = (
            Step(
                "small_group.rule",
                msg(
                    "only %(results)s where %(expected)s were expected (%(rule)s), so Neuberg is not used: "
                    "the best of 2 gets 65 %% and the worst 55 %%; of 3, 70 %%, 60 %% and 50 %%; a single result 60 %%",
                    results=plural("%(num)s result", "%(num)s results", Figure(a, 0, str(a))),
                    expected=e,
                    rule=rule_text,
                ),
                {"A": a, "E": e, "rule": self.rule},
            ),
            Step(
                "small_group.award",
                msg(
                    "%(side)s %(score)s scored %(mp)s on the %(results)s: %(formula)s, and %(award)s matchpoints",
                    side=_side(direction),
                    score=_score_word(score),
                    mp=fig(raw),
                    results=_results(a),
                    formula=formula(
                        "%(sixty)s + (%(mp)s − %(others)s) × %(five)s = %(pct)s",
                        sixty=pfig(60),
                        mp=fig(raw),
                        others=a - 1,
                        five=pfig(5),
                        pct=pfig(pct),
                    ),
                    award=formula("%(pct)s × %(top)s = %(mp)s", pct=pfig(pct), top=fig(self.top), mp=fig(value, 4)),
                ),
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
        formula(
            "%(mp)s / %(top)s %(eq)s %(pct)s", mp=fig(value, 4), top=fig(top), eq=equals(value, places=4), pct=pfig(pct)
        ),
        {"matchpoints": value, "top": top, "percent": pct},
    )


def _paren(value: Fraction | int) -> Param:
    """A negative operand in brackets: '− (−50)' reads as it computes."""
    return formula("(%(v)s)", v=fig(value)) if value < 0 else fig(value)


def _paren_signed(value: Fraction | int, places: int = 2) -> Param:
    """'(+5)', '(−1)', '0': a signed operand in brackets so that '2 × (−1)' reads as it computes."""
    return "0" if value == 0 else formula("(%(v)s)", v=sfig(value, places))


def _imp_award(award: Artificial, value: Fraction, plus: Fraction) -> Param:
    """What an artificial score is worth in IMPs: '+3 IMPs'; a percentage other than 60/50/40
    scales between them: '+6 IMPs ((70 − 50) / 10 × 3 = +6)'."""
    if award.kind is ArtificialKind.FIXED:
        return formula(
            "%(imps)s ((%(pct)s − 50) / 10 × %(plus)s = %(value)s)",
            imps=_imps_word(value),
            pct=fig(award.percent),
            plus=fig(plus),
            value=sfig(value),
        )
    return _imps_word(value)


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
        said: dict[str, Param] = {
            "score": _score_word(score),
            "datum": fig(dat),
            "difference": formula(
                "%(score)s − %(datum)s = %(diff)s", score=_score_word(score), datum=_paren(dat), diff=sfig(diff)
            ),
            "imps": _imps_word(ns_imps),
            "band": imp_band(diff),
        }
        step = Step(
            "butler.imps",
            msg(
                "%(score)s against the datum of %(datum)s: %(difference)s points, which is %(imps)s to "
                "North-South (%(band)s points on the IMP scale)",
                **said,
            )
            if direction is NS
            else msg(
                "%(score)s against the datum of %(datum)s: %(difference)s points, which is %(imps)s to "
                "North-South (%(band)s points on the IMP scale), so %(value)s to East-West",
                **said,
                value=sfig(value),
            ),
            {"score": score, "datum": dat, "difference": diff, "imps": value},
        )
        return value, Explanation(
            "butler", value, (step,), {"score": score, "direction": direction.value, "datum": dat}
        )

    def artificial(self, direction: Direction, award: Artificial) -> tuple[Fraction, Explanation]:
        value = _artificial_imps(award, self.options.artificial_imps)
        step = Step(
            "artificial.award",
            msg(
                "%(award)s to %(side)s, the director's ruling: %(worth)s",
                award=Cap(award_name_message(award)),
                side=_side(direction),
                worth=_imp_award(award, value, self.options.artificial_imps),
            ),
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
        msg("%(exact)s rounded to %(rounded)s IMPs", exact=fig(value, 4), rounded=fig(rounded)),
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
        described: Param = msg("datum: the average NS score of the %(results)s played", results=_results(played))
    else:
        weights = {s: k for s, k in kept.items() if k}
        size = mass
        how = (
            msg("%(count)s at each end", count=fig(trim_each, 4))
            if trim_count
            else msg("%(pct)s at each end (%(count)s results)", pct=pfig(pct), count=fig(trim_each, 4))
        )
        described = msg(
            "datum: the average NS score of the %(results)s played, leaving out %(how)s",
            results=_results(played),
            how=how,
        )
        if datum_factor_matters(table, options):
            described = msg(
                "%(datum)s; each result counts %(expected)s / %(played)s times, as the board is scored for %(expected)s",
                datum=described,
                expected=table.expected,
                played=played,
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
    terms = join(" + ", (formula("%(s)s × %(w)s", s=_paren(s), w=fig(w, 4)) for s, w in weights.items() if w))
    exact_terms = equals(*weights.values(), places=4)
    steps = [Step("butler.frequencies", described, {"rows": rows, "trimmed_each_end": trim_each})]
    steps.append(
        Step(
            "butler.datum",
            formula(
                "(%(terms)s) / %(size)s %(eq)s %(added)s / %(size)s %(eq)s %(mean)s",
                terms=terms,
                size=fig(size, 4),
                eq=exact_terms,
                added=fig(added, 4),
                mean=fig(mean, 4),
            ),
            {"total": total, "mass": mass, "mean": mean},
        )
    )
    if rounded != mean:
        rule = (
            msg("a 5 goes away from zero") if options.datum_rounding == "half-away" else msg("a 5 goes to the even ten")
        )
        steps.append(
            Step(
                "butler.round",
                msg(
                    "%(mean)s rounded to the nearest 10 (%(rule)s): %(datum)s",
                    mean=fig(mean, 4),
                    rule=rule,
                    datum=fig(rounded),
                ),
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
        against = {
            "total": msg("against each of the %(comparisons)s other results", comparisons=fig(comparisons)),
            "comparisons": msg(
                "against each of the %(comparisons)s other results, divided by the number of comparisons",
                comparisons=fig(comparisons),
            ),
            "scores": msg(
                "against each of the %(comparisons)s other results, divided by the number of scores",
                comparisons=fig(comparisons),
            ),
        }[self.options.cross_imp_divisor]
        worked = (
            formula("%(per)s × %(n)s / %(div)s", per=_paren_signed(per), n=fig(comparisons), div=fig(div, 4))
            if div != 1
            else formula("%(per)s × %(n)s", per=_paren_signed(per), n=fig(comparisons))
        )
        step = Step(
            "artificial.award",
            msg(
                "%(award)s to %(side)s, the director's ruling: %(worth)s %(against)s: %(worked)s = %(imps)s IMPs",
                award=Cap(award_name_message(award)),
                side=_side(direction),
                worth=_imp_award(award, per, self.options.artificial_imps),
                against=against,
                worked=worked,
                imps=sfig(value, 4),
            ),
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
        terms: Param = (
            join(
                " + ",
                (formula("%(n)s × %(imps)s", n=fig(r["frequency"], 4), imps=_paren_signed(r["imps"])) for r in rows),
            )
            if rows
            else "0"
        )
        sums: Param = msg(
            "%(terms)s %(eq)s %(total)s IMPs",
            terms=terms,
            eq=equals(*frequencies, places=4),
            total=sfig(played_total, 4),
        )
    else:  # the table below carries every comparison; the sentence stays readable
        sums = msg("adding the last column of the table: %(total)s IMPs", total=sfig(played_total, 4))
    steps = [
        Step(
            "cross_imps.comparison",
            msg(
                "North-South %(score)s against each of the other %(results)s played (how many times × IMPs): %(sums)s",
                score=_score_word(score),
                results=_results(sum(frequencies)),
                sums=sums,
            ),
            {"score": score, "rows": rows, "total": total, "played_total": played_total},
        ),
    ]
    if table.factor != 1:
        steps.append(
            Step(
                "neuberg.factor",
                msg(
                    "each result counts %(expected)s / %(actual)s times (the board is scored as if it had "
                    "%(expected)s results): %(formula)s IMPs",
                    expected=table.expected,
                    actual=table.actual,
                    formula=formula(
                        "%(played)s × %(expected)s / %(actual)s %(eq)s %(total)s",
                        played=_paren_signed(played_total, 4),
                        expected=table.expected,
                        actual=table.actual,
                        eq=equals(played_total, places=4),
                        total=sfig(total, 4),
                    ),
                ),
                {"E": table.expected, "A": table.actual, "factor": table.factor, "total": total},
            )
        )
    if direction is EW:
        steps.append(
            Step(
                "cross_imps.direction",
                msg("East-West get the opposite: %(total)s IMPs", total=sfig(-total, 4)),
                {"total": -total},
            )
        )
    if div != 1:
        divided = formula(
            "%(total)s / %(div)s %(eq)s %(value)s",
            total=_paren_signed(sign * total, 4),
            div=fig(div, 4),
            eq=equals(total, div, places=4),
            value=sfig(value, 4),
        )
        label = (
            msg("divided by the number of comparisons (results − 1): %(divided)s IMPs", divided=divided)
            if divisor_rule == "comparisons"
            else msg("divided by the number of scores (results): %(divided)s IMPs", divided=divided)
        )
        steps.append(
            Step(
                "cross_imps.divisor",
                label,
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
        step = Step(
            "aggregate.points",
            msg("%(side)s score %(points)s points", side=_side(direction), points=sfig(value)),
            {"points": value},
        )
        return value, Explanation("aggregate", value, (step,), {"score": score, "direction": direction.value})

    def artificial(self, direction: Direction, award: Artificial) -> tuple[Fraction, Explanation]:
        step = Step(
            "artificial.award",
            msg(
                "%(award)s to %(side)s: 0 points (aggregate scoring has no average; "
                "the director should assign a score instead)",
                award=Cap(award_name_message(award)),
                side=_side(direction),
            ),
            {"code": award.code, "points": 0},
        )
        return Fraction(0), Explanation("artificial", Fraction(0), (step,), {"code": award.code})

    def finish_weighted(self, value: Fraction) -> tuple[Fraction, Step | None]:
        rounded = round_weighted_aggregate(value, self.options.weighted_aggregate_rounding)
        if rounded == value:
            return value, None
        return rounded, Step(
            "rounding.weighted_aggregate",
            msg(
                "%(exact)s rounded to the nearest 10 (a 5 goes away from zero): %(rounded)s",
                exact=fig(value, 4),
                rounded=fig(rounded),
            ),
            {"exact": value, "rounded": rounded},
        )

""" "How was this calculated?" as plain data: the engine explains every figure it produces.

An ``Explanation`` is a list of ``Step``s, each with a stable ``rule`` id (which the site
uses to choose its wording and which article to link), a one-line plain-text summary
with the real numbers, and the raw ``values`` for anyone who wants to recompute it.
The engine knows no HTML; templates and the command line render these objects.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..memo import remember
from .message import Figure, Msg, Param, Plural, english, formula, msg, no_trump, plural
from .rounding import display_decimal, exact_decimal
from .units import unit as unit

if TYPE_CHECKING:
    from .contract import Contract

Value = Any  # int | Fraction | str | list | dict of those


@dataclass(frozen=True, slots=True)
class Step:
    rule: str
    """Stable id such as 'matchpoints.compare', 'neuberg.formula', 'imps.scale'."""
    message: Param
    """The sentence as a message and its parameters (``message.msg``), which a site in another
    language translates; a plain string is English shown as it is (tests, old pickles)."""
    values: dict[str, Value] = field(default_factory=dict)
    summary: str = field(init=False, compare=False, repr=False)
    """Plain English with the numbers filled in: 'beat 5.4 results and tied 1.3: 2 x 5.4 + 1.3 = 12.1',
    made from ``message`` (never written separately, so the two cannot drift)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "summary", english(self.message))


StepsRecipe = Callable[[], Iterable[Step]]
"""What builds an explanation's steps when something first reads them."""


class Explanation:
    """A figure's method, exact result and inputs, with the steps that show how it was reached.

    The figures are exact and eager; the steps (text and values) may come from a recipe built
    only when something reads them — a page, ``--json``, ``check`` — and then kept: the engine
    scores every distinct score, but what-if figures and frequency rows never show their text.
    Immutable once the steps are built; equal when method, result, steps and inputs are.
    """

    __slots__ = ("_recipe", "_steps", "inputs", "method", "result")

    method: str
    """'matchpoints', 'neuberg', 'small_group', 'artificial', 'weighted', 'butler',
    'cross_imps', 'aggregate', 'teams', 'session', 'vp', 'board_a_match', 'win_loss'."""
    result: Fraction
    inputs: dict[str, Value]
    _steps: tuple[Step, ...]
    _recipe: StepsRecipe | None

    def __init__(
        self, method: str, result: Fraction, steps: tuple[Step, ...] = (), inputs: dict[str, Value] | None = None
    ):
        set_ = object.__setattr__
        set_(self, "method", method)
        set_(self, "result", result)
        set_(self, "inputs", {} if inputs is None else inputs)
        set_(self, "_steps", steps)
        set_(self, "_recipe", None)

    @classmethod
    def lazy(
        cls, method: str, result: Fraction, recipe: StepsRecipe, inputs: dict[str, Value] | None = None
    ) -> Explanation:
        """An explanation whose steps ``recipe`` builds on first reading (once)."""
        made = cls(method, result, (), inputs)
        object.__setattr__(made, "_recipe", recipe)
        return made

    def with_steps(self, steps: tuple[Step, ...]) -> Explanation:
        """The same figure with other steps (``dataclasses.replace`` for this class)."""
        return Explanation(self.method, self.result, steps, self.inputs)

    @property
    def steps(self) -> tuple[Step, ...]:
        recipe = self._recipe
        if recipe is not None:
            object.__setattr__(self, "_steps", tuple(recipe()))
            object.__setattr__(self, "_recipe", None)
        return self._steps

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Explanation is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Explanation is immutable: cannot delete {name!r}")

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Explanation):
            return NotImplemented
        return (self.method, self.result, self.steps, self.inputs) == (
            other.method,
            other.result,
            other.steps,
            other.inputs,
        )

    __hash__ = None  # type: ignore[assignment]  # inputs is a dict: never hashable (as the dataclass was not)

    def __repr__(self) -> str:
        return (
            f"Explanation(method={self.method!r}, result={self.result!r}, steps={self.steps!r}, inputs={self.inputs!r})"
        )

    def __reduce__(self) -> tuple[type[Explanation], tuple[str, Fraction, tuple[Step, ...], dict[str, Value]]]:
        """Pickled with its steps built: a recipe is a closure, and a copy needs no engine."""
        return (Explanation, (self.method, self.result, self.steps, self.inputs))

    def to_dict(self) -> dict[str, Any]:
        return {
            "method": self.method,
            "result": json_number(self.result),
            "inputs": _plain(self.inputs),
            "steps": [{"rule": s.rule, "summary": s.summary, "values": _plain(s.values)} for s in self.steps],
        }


def json_number(value: Fraction | int) -> str:
    """Exact figures travel as decimal strings (never floats): '20.7', '-1', '0.333333333333'."""
    if type(value) is int:
        return str(value)
    exact = _exact(value)
    if type(exact) is int:
        return str(exact)
    key = (exact.numerator, exact.denominator)
    text = _DECIMALS.get(key)
    if text is None:
        text = remember(_DECIMALS, key, exact_decimal(exact), _DECIMALS_KEPT)
    return text


_DECIMALS: dict[tuple[int, int], str] = {}
"""Fractions already written, by numerator and denominator: a big field writes the same few
thousand figures (a board's matchpoints, percentages) hundreds of thousands of times."""
_DECIMALS_KEPT = 1 << 16


def _exact(value: Fraction | int) -> Fraction | int:
    """The value as an exact number: ints and Fractions as they are (no new Fraction built
    for each figure written), anything else through Fraction."""
    return value if type(value) is int or type(value) is Fraction else Fraction(value)


def _plain(value: Value) -> Any:
    """A step's value as JSON-ready data: numbers as exact decimal strings.  The common types
    are matched exactly first (a big field writes hundreds of thousands of them); anything
    else (a subclass, an enum) takes the general path below."""
    kind = type(value)
    if kind is int:
        return str(value)  # json_number of a whole number
    if kind is Fraction:
        return json_number(value)
    if kind is str or value is None or kind is bool:
        return value
    if kind is dict:
        return {str(k): _plain(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return [str(v) if type(v) is int else _plain(v) for v in value]
    return _plain_general(value)


def _plain_general(value: Value) -> Any:
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, (int, Fraction)):
        return json_number(value)
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return str(value)


def fmt(value: Fraction | int, places: int = 2) -> str:
    """Short human form for summaries: exact when it terminates within ``places``, else rounded
    as the pages round (a half away from zero: rounding.display_decimal).

    >>> fmt(Fraction(207, 10)), fmt(Fraction(1, 3)), fmt(12), fmt(Fraction(-5, 2)), fmt(Fraction(14625, 1000))
    ('20.7', '0.33', '12', '-2.5', '14.63')
    """
    if type(value) is int:
        return str(value)  # (display_decimal writes a whole number as it is)
    if type(value) is not Fraction:
        return display_decimal(_exact(value), places)
    key = (value.numerator, value.denominator, places)
    text = _SHOWN.get(key)
    if text is None:
        text = remember(_SHOWN, key, display_decimal(value, places), _SHOWN_KEPT)
    return text


_SHOWN: dict[tuple[int, int, int], str] = {}
"""Figures already shown, by numerator, denominator and places: a session's explanations show
the same tops, counts and percentages thousands of times (``fmt``)."""
_SHOWN_KEPT = 1 << 16


def fig(value: Fraction | int, places: int = 2) -> Figure:
    """A figure for a message: its English text is ``fmt``'s."""
    return _figure(value, places, 0)


def pfig(value: Fraction | int, places: int = 2) -> Figure:
    """A percentage for a message: '56.25%' in English (``fmt`` and a percent sign)."""
    return _figure(value, places, 1)


def sfig(value: Fraction | int, places: int = 2) -> Figure:
    """A figure for a message, with an explicit sign (``signed``)."""
    return _figure(value, places, 2)


def _figure(value: Fraction | int, places: int, kind: int) -> Figure:
    """Figures are immutable: the same few thousand of a session are made once and shared
    (``_FIGURES``), as ``fmt`` keeps their text — a big field's steps hold millions of them."""
    exact = type(value) is int or type(value) is Fraction
    key = (type(value) is int, value.numerator, value.denominator, places, kind) if exact else None
    made = _FIGURES.get(key) if key is not None else None
    if made is None:
        if kind == 1:
            made = Figure(value, places, fmt(value, places) + "%", True)
        else:
            made = Figure(value, places, signed(value, places) if kind == 2 else fmt(value, places))
        if key is not None:
            remember(_FIGURES, key, made, _SHOWN_KEPT)
    return made


_FIGURES: dict[tuple[bool, int, int, int, int], Figure] = {}


def signed(value: Fraction | int, places: int = 2) -> str:
    """With an explicit sign: '+13', '-0.4', '0'."""
    text = fmt(value, places)
    return text if text.startswith("-") or text == "0" else "+" + text


def shown_exactly(value: Fraction | int, places: int = 2) -> bool:
    """True when ``fmt(value, places)`` writes the value exactly (no rounding)."""
    # n/d in lowest terms times 10^places is whole exactly when d divides 10^places
    scale: int = 10**places
    return scale % _exact(value).denominator == 0


def equals(*operands: Fraction | int, places: int = 2) -> str:
    """'=' when every operand of a sum is written exactly at ``places`` decimals, else '≈'.

    A page never shows a false '=': with a rounded operand the statement says '≈', and the
    arithmetic test then allows for the operands' rounding (tests/site/test_arithmetic_truth.py).
    """
    return "=" if all(shown_exactly(v, places) for v in operands) else "≈"


def amount(value: Fraction | int, word: str, places: int = 2, sign: bool = False) -> Plural:
    """'3 matchpoints', '+1 IMP', '2.5 VPs' as a message: a figure and its unit's word
    (``units.UNIT_LABELS``), singular for ±1 as ``unit`` chooses."""
    f = sfig(value, places) if sign else fig(value, places)
    if word == "IMPs":
        return plural("%(num)s IMP", "%(num)s IMPs", f)
    if word == "matchpoints":
        return plural("%(num)s matchpoint", "%(num)s matchpoints", f)
    if word == "points":
        return plural("%(num)s point", "%(num)s points", f)
    if word == "VPs":
        return plural("%(num)s VP", "%(num)s VPs", f)
    if word == "cross-IMPs":
        return plural("%(num)s cross-IMPs", "%(num)s cross-IMPs", f)
    if word == "board points":
        return plural("%(num)s board points", "%(num)s board points", f)
    if word == "wins":
        return plural("%(num)s wins", "%(num)s wins", f)
    raise ValueError(f"no message for the unit {word!r}")


def unit_word(word: str) -> Msg:
    """A unit's word on its own ('matchpoints', 'IMPs') as a message."""
    return _UNIT_WORDS[word]


_UNIT_WORDS = {
    "matchpoints": msg("matchpoints"),
    "IMPs": msg("IMPs"),
    "points": msg("points"),
    "VPs": msg("VPs"),
    "cross-IMPs": msg("cross-IMPs"),
    "board points": msg("board points"),
    "wins": msg("wins"),
}


def count(n: Fraction | int, word: str, plural: str | None = None) -> str:
    """'1 result', '3 results', '2.5 results'."""
    return f"{fmt(n)} {word if n == 1 else plural or word + 's'}"


SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "NT": "NT"}


def contract_text(contract: Contract) -> Param:
    """A contract in plain text for a step: '4♥', '3NTX', 'Pass' (no trump as a message: each
    language abbreviates it, '3SAX')."""
    if contract.passed_out or contract.strain is None:
        return "Pass"
    doubled = "X" * contract.doubled
    if contract.strain.value == "NT":
        return formula(f"{contract.level}%(nt)s{doubled}", nt=no_trump())
    return f"{contract.level}{SUIT_SYMBOLS[contract.strain.value]}{doubled}"

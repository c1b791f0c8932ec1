""""How was this calculated?" as plain data: the engine explains every figure it produces.

An ``Explanation`` is a list of ``Step``s, each with a stable ``rule`` id (which the site
uses to choose its wording and which article to link), a one-line plain-text summary
with the real numbers, and the raw ``values`` for anyone who wants to recompute it.
The engine knows no HTML; templates and the command line render these objects.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .rounding import display_decimal, exact_decimal
from .units import unit as unit

if TYPE_CHECKING:
    from .contract import Contract

Value = Any  # int | Fraction | str | list | dict of those


@dataclass(frozen=True, slots=True)
class Step:
    rule: str
    """Stable id such as 'matchpoints.compare', 'neuberg.formula', 'imps.scale'."""
    summary: str
    """Plain text with the numbers filled in: 'beat 5.4 results and tied 1.3: 2 x 5.4 + 1.3 = 12.1'."""
    values: dict[str, Value] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Explanation:
    method: str
    """'matchpoints', 'neuberg', 'small_group', 'artificial', 'weighted', 'butler',
    'cross_imps', 'aggregate', 'teams', 'session', 'vp', 'board_a_match', 'win_loss'."""
    result: Fraction
    steps: tuple[Step, ...]
    inputs: dict[str, Value] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "method": self.method,
            "result": json_number(self.result),
            "inputs": _plain(self.inputs),
            "steps": [{"rule": s.rule, "summary": s.summary, "values": _plain(s.values)} for s in self.steps],
        }


def json_number(value: Fraction | int) -> str:
    """Exact figures travel as decimal strings (never floats): '20.7', '-1', '0.333333333333'."""
    return exact_decimal(_exact(value))


def _exact(value: Fraction | int) -> Fraction | int:
    """The value as an exact number: ints and Fractions as they are (no new Fraction built
    for each figure written), anything else through Fraction."""
    return value if type(value) is int or type(value) is Fraction else Fraction(value)


def _plain(value: Value) -> Any:
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
    return display_decimal(_exact(value), places)


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


def count(n: Fraction | int, word: str, plural: str | None = None) -> str:
    """'1 result', '3 results', '2.5 results'."""
    return f"{fmt(n)} {word if n == 1 else plural or word + 's'}"


SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "NT": "NT"}


def contract_text(contract: Contract) -> str:
    """A contract in plain text for a step: '4♥', '3NTX', 'Pass'."""
    if contract.passed_out or contract.strain is None:
        return "Pass"
    return f"{contract.level}{SUIT_SYMBOLS[contract.strain.value]}{'X' * contract.doubled}"

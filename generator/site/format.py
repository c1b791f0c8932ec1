"""Display filters: every figure on a page goes through ``generator.scoring.rounding``.

Templates never compute or round; they call these filters.

>>> matchpoints(Fraction(126, 10)), matchpoints(Fraction(12)), matchpoints(Fraction(38, 3))
('12.6', '12.0', '12.67')
>>> percentage(Fraction(5625, 100)), imps(Fraction(-7)), imps(Fraction(22, 10)), signed_imps(Fraction(3))
('56.25', '-7', '2.20', '+3')
>>> str(contract(Contract.parse("4HX")))
'4<span class="suit h" role="img" aria-label="hearts">♥</span>X'
>>> str(card("SK")), str(card("<b>"))
('<span class="suit s" role="img" aria-label="spades">♠</span>K', '&lt;b&gt;')
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache

import markupsafe
from markupsafe import Markup, escape

from ..memo import remember
from ..scoring.contract import Contract
from ..scoring.rounding import decimal_places, display_percentage, display_vp, exact_decimal, matchpoint_places

SUITS = {
    "S": ("s", "spades", "♠"),
    "H": ("h", "hearts", "♥"),
    "D": ("d", "diamonds", "♦"),
    "C": ("c", "clubs", "♣"),
}


def matchpoints(value: Fraction | int | None, places: int | None = None) -> str:
    """One decimal place, or two where one would hide a third (12.67); ``places`` fixes it
    for a whole column (see ``mp_places``).  Each text is kept by the figure's numerator,
    denominator and places: a session writes a few hundred distinct figures some 4,000 times
    (a pair of ints hashes in a fraction of the time a ``Fraction`` does)."""
    if value is None:
        return ""
    kind = type(value)
    if kind is not Fraction and kind is not int:  # another Rational: the general path
        return decimal_places(value, mp_places([value]) if places is None else places)
    n: int = value.numerator  # an int's numerator is itself, its denominator 1
    d: int = value.denominator
    if places is None:  # one figure on its own: mp_places([value]), without the list
        places = 1 if 10 % d == 0 else 2
    key = (n, d, places)
    text = _MATCHPOINT_TEXTS.get(key)
    if text is None:
        text = remember(_MATCHPOINT_TEXTS, key, decimal_places(value, places), 8192)
    return text


_MATCHPOINT_TEXTS: dict[tuple[int, int, int], str] = {}


def mp_places(values) -> int:
    """1 when every value is exact to one decimal, else 2: one width for a whole column (rounding.py decides)."""
    return matchpoint_places(values)


def percentage(value: Fraction | int | None) -> str:
    """Two decimals (``display_percentage``), each text kept by value like ``matchpoints``'
    (a line's percentage recurs on every line with its score)."""
    if value is None:
        return ""
    kind = type(value)
    if kind is not Fraction and kind is not int:
        return display_percentage(value)
    key = (value.numerator, value.denominator)
    text = _PERCENT_TEXTS.get(key)
    if text is None:
        text = remember(_PERCENT_TEXTS, key, display_percentage(value), 8192)
    return text


_PERCENT_TEXTS: dict[tuple[int, int], str] = {}


def signed_percentage(value: Fraction | int | None) -> str:
    """Percentage points with their sign, as a handicap is written: '+2.50', '−6.42', '0.00'."""
    text = percentage(value)
    if not text or not value:
        return text
    return "+" + text if value > 0 else "−" + text.lstrip("-")


def imps(value: Fraction | int | None, places: int | None = None) -> str:
    """Whole IMPs as they are; anything else to two decimals.  ``places`` (see ``imp_places``)
    fixes it for a whole table, so that '5' never stands beside '18.40'."""
    if value is None:
        return ""
    if places is not None:
        return decimal_places(value, places)
    return (
        str(value)
        if isinstance(value, int)
        else str(value.numerator)
        if value.denominator == 1
        else decimal_places(value, 2)
    )


def imp_places(values) -> int | None:
    """2 when any figure of a table is fractional (all are then written to two decimals), else None."""
    return 2 if any(Fraction(v).denominator != 1 for v in values if v is not None) else None


def signed_imps(value: Fraction | int | None) -> str:
    text = imps(value)
    return text if not text or text.startswith("-") or not value else "+" + text


def points(value: Fraction | int | None) -> str:
    if value is None:
        return ""
    return exact_decimal(value, 2)


def vp(value: Fraction | int | None) -> str:
    return "" if value is None else display_vp(value)


_OTHER_UNITS: dict[str, Callable[[Fraction | int | None], str]] = {"imps": imps, "points": points, "vp": vp}
"""Each unit but matchpoints: its figures written (their places fixed by the unit)."""


def figure(value: Fraction | int | None, unit: str, places: int | None = None) -> str:
    """By the session's unit: 'matchpoints', 'imps', 'points' or 'vp'."""
    if unit == "matchpoints":
        return matchpoints(value, places)
    return _OTHER_UNITS[unit](value)


FigureWriter = Callable[[Fraction | int | None, int | None], str]


def figure_writer(unit: str) -> FigureWriter:
    """``figure`` with the unit chosen once: ``writer(value, places)`` is
    ``figure(value, unit, places)`` (matchpoints themselves for a matchpointed session), one
    call per figure rather than two for the tables' thousands of figures."""
    if unit == "matchpoints":
        return matchpoints
    write = _OTHER_UNITS[unit]

    def writer(value: Fraction | int | None, places: int | None = None) -> str:
        return write(value)

    return writer


def exact(value: Fraction | int | None) -> str:
    """The exact value (up to 12 decimals) for explanations."""
    return "" if value is None else exact_decimal(value)


def weight(value: Fraction) -> str:
    return exact_decimal(Fraction(value) * 100, 2) + "%"


def score(value: int | None) -> str:
    return "" if value is None else str(value)


def signed_score(value: int | None) -> str:
    """'+420', '-50', '0': a score as the pair sees it."""
    return "" if value is None else (f"+{value}" if value > 0 else str(value))


_SYMBOL_LETTERS = {symbol: letter for letter, (_, _, symbol) in SUITS.items()}

_escape_inner = getattr(markupsafe, "_escape_inner", None)


def _public_escape(text: str) -> str:
    return str(escape(text))


escape_text = _escape_inner if _escape_inner is not None else _public_escape
"""``markupsafe.escape`` of a ``str``, as a plain ``str``: MarkupSafe's own C helper (private,
pinned in pyproject.toml, as in render.py) without a ``Markup`` made per call; for markup
written in Python once and used whole (explanation blocks, table rows)."""


def escape_value(value: object) -> str:
    """What ``{{ value }}`` writes into a page (``markupsafe.escape``, as a ``str``): a ``str``
    escaped, markup as it is, anything else (None, a number) as its text escaped."""
    if type(value) is str:
        return escape_text(value)
    if hasattr(value, "__html__"):
        return str(value.__html__())
    return escape_text(str(value))


def steptext(text: str) -> Markup:
    """An explanation step's plain text for a page: escaped, each suit symbol given its
    text alternative (the engine writes '4♥'; a screen reader says 'hearts')."""
    escaped = escape_text(text[:1].upper() + text[1:])  # a step reads as a sentence
    if "♠" not in escaped and "♥" not in escaped and "♦" not in escaped and "♣" not in escaped:
        return Markup(escaped)
    return Markup("".join(str(suit(_SYMBOL_LETTERS[ch])) if ch in _SYMBOL_LETTERS else ch for ch in escaped))


def suit(letter: str) -> Markup:
    css, word, symbol = SUITS[letter.upper()]
    return Markup(f'<span class="suit {css}" role="img" aria-label="{word}">{symbol}</span>')


@lru_cache(maxsize=4096)
def contract(value: Contract | str | None) -> Markup:
    """Memoised: a few dozen contracts make up every traveller (the markup is immutable)."""
    if value is None or value == "":
        return Markup("")
    if isinstance(value, str):
        try:
            value = Contract.parse(value)
        except ValueError:
            return escape(value)
    if value.passed_out:
        return Markup("Pass")
    assert value.strain is not None
    strain = value.strain.value
    middle = Markup("NT") if strain == "NT" else suit(strain)
    return Markup(f"{value.level}") + middle + Markup("X" * value.doubled)


def contract_by_identity(value: Contract | str | None) -> Markup:
    """``contract``, found first by the object's identity: a session's lines share a few
    dozen contract objects, and ``contract``'s own memory hashes a ``Contract`` in Python (a
    dataclass and an enum) for each of the tables' thousand rows.  The entry keeps the
    object, so its id stays its own while the entry lasts."""
    hit = _CONTRACTS_SEEN.get(id(value))
    if hit is not None and hit[0] is value:
        return hit[1]
    markup = contract(value)
    remember(_CONTRACTS_SEEN, id(value), (value, markup), 4096)
    return markup


_CONTRACTS_SEEN: dict[int, tuple[Contract | str | None, Markup]] = {}


@lru_cache(maxsize=4096)
def card(text: str | None) -> Markup:
    """An opening lead such as 'HK' or 'S10'; anything unexpected is shown as text (memoised)."""
    if not text:
        return Markup("")
    t = text.strip()
    if len(t) >= 2 and t[0].upper() in SUITS and t[1:].upper() in _RANKS:
        return suit(t[0]) + escape(_card_rank(t[1:].upper()))
    if len(t) >= 2 and t[-1].upper() in SUITS and t[:-1].upper() in _RANKS:
        return suit(t[-1]) + escape(_card_rank(t[:-1].upper()))
    return escape(t)


_RANKS = {"A", "K", "Q", "J", "T", "10", "9", "8", "7", "6", "5", "4", "3", "2"}


def _card_rank(r: str) -> str:
    """A card's rank as a hand diagram prints it ('T' -> '10'): a card, not a place in a ranking."""
    return "10" if r == "T" else r


def holding(cards: str) -> str:
    """'AKT2' -> 'A K 10 2'; a void is '—'."""
    return " ".join(_card_rank(c) for c in cards.upper()) if cards else "—"


FILTERS = {
    "matchpoints": matchpoints,
    "percentage": percentage,
    "imps": imps,
    "signed_imps": signed_imps,
    "signed_percentage": signed_percentage,
    "points": points,
    "vp": vp,
    "figure": figure,
    "exact": exact,
    "weight": weight,
    "score": score,
    "signed_score": signed_score,
    "suit": suit,
    "steptext": steptext,
    "contract": contract,
    "card": card,
    "holding": holding,
}

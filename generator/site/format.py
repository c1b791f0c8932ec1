"""Display filters: every figure on a page goes through ``generator.scoring.rounding``.

Templates never compute or round; they call these filters.  The figures' texts are
``generator/figures.py``'s (the history writes its figures with them too); the markup of
suits, contracts and cards is here.

>>> str(contract(Contract.parse("4HX")))
'4<span class="suit h" role="img" aria-label="hearts">♥</span>X'
>>> str(card("SK")), str(card("<b>"))
('<span class="suit s" role="img" aria-label="spades">♠</span>K', '&lt;b&gt;')
"""

from __future__ import annotations

from functools import lru_cache

import markupsafe
from markupsafe import Markup, escape

from ..figures import FigureWriter as FigureWriter
from ..figures import column_places as column_places
from ..figures import exact as exact
from ..figures import figure as figure
from ..figures import figure_writer as figure_writer
from ..figures import imp_places as imp_places
from ..figures import imps as imps
from ..figures import matchpoints as matchpoints
from ..figures import mp_places as mp_places
from ..figures import percentage as percentage
from ..figures import points as points
from ..figures import score as score
from ..figures import signed_imps as signed_imps
from ..figures import signed_percentage as signed_percentage
from ..figures import signed_score as signed_score
from ..figures import vp as vp
from ..figures import weight as weight
from ..memo import remember
from ..scoring.contract import Contract

SUITS = {
    "S": ("s", "spades", "♠"),
    "H": ("h", "hearts", "♥"),
    "D": ("d", "diamonds", "♦"),
    "C": ("c", "clubs", "♣"),
}


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


@lru_cache(maxsize=4096)
def steptext(text: str) -> Markup:
    """An explanation step's plain text for a page: escaped, each suit symbol given its
    text alternative (the engine writes '4♥'; a screen reader says 'hearts').  Memoised: a
    session's steps repeat a few hundred sentences on its board and pair pages."""
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


def percent_sign(figure: str) -> str:
    """A percentage's figure ('56.25') with its sign: '56.25%' (a site in another language
    writes the sign as its locale does, '56,25 %': ``i18n.install``)."""
    return figure + "%"


FILTERS = {
    "percent_sign": percent_sign,
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

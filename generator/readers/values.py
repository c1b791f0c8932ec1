"""Small parsers shared by the readers: numbers, artificial score codes, dates, weights,
pair numbers and deals.

Every value an upload holds is parsed here, so that all readers accept the same things:
numbers are ASCII decimal digits of bounded length only (``str.isdigit`` accepts ``²``
and ``٣``, and ``int`` of thousands of digits fails or takes long), board numbers are
1-999 everywhere, and a deal has 13 cards in each hand and every card once.
Each raises ``ValueError`` with a lowercase message that says what was expected and
quotes what was found; the reader adds the file, the place, the board and the pair.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date
from fractions import Fraction

from ..model import Artificial, Deal, Direction, Masterpoints
from ..notation import Seat
from ..scoring.explain import fig
from ..scoring.message import Figure, Msg, Param, english, join, msg, plural
from ..scoring.said import Said, param_of, said

SCORE_EXPECTED = "expected a score such as 420 or an artificial score such as A60/40"
"""The English of ``score_expected``'s sentence before its 'got …' (callers that add their own ending)."""

MAX_BOARD = 999
"""Board numbers are 1 to MAX_BOARD in every reader (the largest real sessions have a few hundred)."""
MAX_NUMBER = 9999
"""Pair, team, table and round numbers are 1 to MAX_NUMBER."""
MAX_DIGITS = 6
"""Whole numbers (scores, numbers) have at most this many digits; decimals as many on each side."""

_PHRASES: dict[str, tuple[Msg, Msg]] = {
    english(what): (what, noun)
    for what, noun in (
        (msg("a whole number such as 3"), msg("a whole number")),
        (msg("a board number such as 1 or 27"), msg("a board number")),
        (msg("a pair number such as 1 or 12"), msg("a pair number")),
        (msg("a player number such as 1 or 12"), msg("a player number")),
        (msg("a team number such as 1 or 12"), msg("a team number")),
        (msg("a table number such as 1 or 12"), msg("a table number")),
        (msg("a round number such as 1 or 12"), msg("a round number")),
        (msg("a session number such as 2"), msg("a session number")),
        (msg("a number such as 3 or 1.5"), msg("a number")),
        (msg("a weight such as 60%%, 0.6 or 3/5"), msg("a weight")),
        (msg("a percentage such as 50%%"), msg("a percentage")),
        (msg("a fraction such as 50%% or 0.5"), msg("a fraction")),
        (msg("an IMP adjustment such as 3 or -1.5"), msg("an IMP adjustment")),
    )
}
"""The ``what`` phrases the readers pass (English, as their signatures take them), each with its
noun, as messages: an error built from one is said in the site's language; a phrase not listed
stays English inside the translated sentence."""


def phrase(what: str) -> Param:
    """``what`` (an English phrase such as 'a board number such as 1 or 27', or a ``Said``) as a message."""
    known = _PHRASES.get(what)
    return known[0] if known else param_of(what)


def _noun(what: str) -> Param:
    """The noun of ``what`` ('a board number'), for the bounds of a number ('… from 1 to 999')."""
    known = _PHRASES.get(what)
    return known[1] if known else what.split(", such as")[0].split(" such as")[0]


def expected_got(what: Param, found: Param) -> Said:
    """'expected <what>, got <found>': the sentence of every value refused here."""
    return said(msg("expected %(what)s, got %(found)s", what=what, found=found))


def score_expected(found: str) -> Said:
    """``SCORE_EXPECTED``, got ``found`` (already quoted)."""
    return said(msg("expected a score such as 420 or an artificial score such as A60/40, got %(found)s", found=found))


_WHOLE = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}")
_DIGITS = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(rf"([+-]?[0-9]{{1,{MAX_DIGITS}}}(?:\.[0-9]{{1,{MAX_DIGITS}}})?)(?:/([0-9]{{1,{MAX_DIGITS}}}))?")


def quoted(value: object) -> str:
    """A found value for a message, quoted as Python writes it and cut short: an upload may hold
    thousands of characters.  (``errors.shown`` escapes a whole message for the terminal.)"""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def whole_number(
    value: object,
    what: str = "a whole number such as 3",
    low: int | None = None,
    high: int | None = None,
    strings: bool = True,
) -> int:
    """A whole number from an upload: an int (YAML) or ASCII decimal digits with an optional sign
    (not when ``strings`` is false: in YAML, a number is written as a number).

    >>> whole_number(" 12 ")
    12
    >>> whole_number("²")
    Traceback (most recent call last):
    ValueError: expected a whole number such as 3, got '²'
    """
    if isinstance(value, int) and not isinstance(value, bool):
        if abs(value) >= 10**MAX_DIGITS:
            raise ValueError(expected_got(_bounds(what, low, high), _long_number(str(value))))
        number = value
    elif strings and isinstance(value, str) and _WHOLE.fullmatch(value.strip()):
        number = int(value.strip())
    elif strings and isinstance(value, str) and _DIGITS.fullmatch(value.strip()):
        raise ValueError(expected_got(_bounds(what, low, high), _long_number(value.strip())))
    else:
        raise ValueError(expected_got(phrase(what), quoted(value)))
    if (low is not None and number < low) or (high is not None and number > high):
        raise ValueError(expected_got(_bounds(what, low, high), str(number)))
    return number


def _bounds(what: str, low: int | None, high: int | None) -> Msg:
    """What a whole number had to be ('a board number from 1 to 999'): made only for an error
    (every number of an upload passes through ``whole_number``)."""
    noun = _noun(what)
    if low is not None and high is not None:
        return msg("%(noun)s from %(low)s to %(high)s", noun=noun, low=str(low), high=str(high))
    return msg("%(noun)s of at most %(digits)s digits", noun=noun, digits=str(MAX_DIGITS))


def _long_number(digits: str) -> Param:
    if len(digits) <= 20:
        return digits
    n = len(digits.lstrip("+-"))
    return plural("a number of %(num)s digit", "a number of %(num)s digits", Figure(n, 0, f"{n:,}"))


_WHOLE_DECIMAL = re.compile(rf"([+-]?[0-9]{{1,{MAX_DIGITS}}})\.0{{1,{MAX_DIGITS}}}")


def whole_score(text: str) -> int:
    """A bridge score as exports write it: '430', '-150', or a decimal that is a whole number
    ('430.0', '-150.00', as USEBIO 1.0 programs write scores); '430.5' is no score.

    >>> whole_score("-150.0")
    -150
    """
    m = _WHOLE_DECIMAL.fullmatch(text.strip())
    return int(m.group(1)) if m else whole_number(text)


def optional_whole(value: object) -> int | None:
    """A whole number, or None when the value is blank or not one (for figures only shown, never scored)."""
    try:
        return whole_number(value)
    except ValueError:
        return None


def board_number(value: object, strings: bool = True) -> int:
    """A board number, 1 to 999, from any reader."""
    return whole_number(value, "a board number such as 1 or 27", 1, MAX_BOARD, strings)


def number_of(value: object, what: str, strings: bool = True) -> int:
    """A pair, team, table or round number: 1 to 9999."""
    return whole_number(value, f"a {what} number such as 1 or 12", 1, MAX_NUMBER, strings)


def decimal(value: object, what: str = "a number such as 3 or 1.5") -> Fraction:
    """An exact number from an upload: '3', '-1.5', '3/2' or a YAML int or float, bounded in length.

    ``Fraction('1e999999999')`` would take hours; such forms are refused here.
    """
    if isinstance(value, bool):
        raise ValueError(expected_got(phrase(what), repr(value)))
    if isinstance(value, int):
        text = str(whole_number(value, what))
    elif isinstance(value, float):
        text = repr(value)
        if "e" in text or "n" in text:
            raise ValueError(expected_got(phrase(what), repr(value)))
    elif isinstance(value, str):
        text = value.strip()
    else:
        raise ValueError(expected_got(phrase(what), quoted(value)))
    m = _DECIMAL.fullmatch(text)
    if not m or (m.group(2) is not None and int(m.group(2)) == 0):
        raise ValueError(expected_got(phrase(what), quoted(value)))
    number = Fraction(m.group(1))
    return number / int(m.group(2)) if m.group(2) else number


_CODE = {"+": Fraction(60), "=": Fraction(50), "-": Fraction(40)}
_PERCENT_PAIR = re.compile(r"^A\s*([0-9]{1,3})\s*%?\s*[/\-]\s*([0-9]{1,3})\s*%?$")
_COMPACT = re.compile(r"^A([0-9]{2})([0-9]{2})$")
_CODES = re.compile(r"^A\s*([+=\-])(?:\s*/\s*A?\s*([+=\-]))?$")


def is_artificial_text(text: str) -> bool:
    return text.strip().upper().startswith("A")


def parse_artificial(text: str) -> tuple[Artificial, Artificial]:
    """NS and EW artificial scores from 'A60/40', 'A6040', 'A+/A-', 'A=', 'A+' (both A+).

    >>> [a.code for a in parse_artificial("A6040")]
    ['A+', 'A-']
    >>> [a.code for a in parse_artificial("A70/30")]
    ['A70%', 'A30%']
    """
    t = text.strip().upper()
    for pattern in (_PERCENT_PAIR, _COMPACT):
        m = pattern.match(t)
        if m:
            ns, ew = Fraction(int(m.group(1))), Fraction(int(m.group(2)))
            if ns > 100 or ew > 100:
                break
            return Artificial.from_percent(ns), Artificial.from_percent(ew)
    m = _CODES.match(t)
    if m:
        ns = _CODE[m.group(1)]
        ew = _CODE[m.group(2)] if m.group(2) else ns
        return Artificial.from_percent(ns), Artificial.from_percent(ew)
    raise ValueError(expected_got(msg("an artificial score such as A60/40, A6040, A+/A- or A="), repr(text)))


def side_artificial(text: str) -> Artificial:
    """One side's artificial score: 'A+', 'A=', 'A-', '60%' or 'A60'."""
    t = text.strip().upper()
    if t in ("A+", "A=", "A-"):
        return Artificial.from_percent(_CODE[t[1]])
    m = re.fullmatch(r"A?\s*([0-9]{1,3})\s*%?", t)
    if m and int(m.group(1)) <= 100:
        return Artificial.from_percent(int(m.group(1)))
    raise ValueError(expected_got(msg("an artificial score A+, A=, A- or a percentage such as 60%%"), repr(text)))


def parse_date(text: str) -> date:
    """ISO '2026-10-05', PBN '2026.10.05', or day-first '5/10/2026', '05-10-2026', '05.10.2026'
    (the USEBIO files' forms: 1.2 writes slashes, older programs hyphens or dots)."""
    t = text.strip()
    m = re.fullmatch(r"([0-9]{4})[-.]([0-9]{1,2})[-.]([0-9]{1,2})", t)
    if m:
        y, mo, d = (int(g) for g in m.groups())
    else:
        m = re.fullmatch(r"([0-9]{1,2})([/.-])([0-9]{1,2})\2([0-9]{4})", t)
        if not m:
            raise ValueError(expected_got(msg("a date such as 2026-10-05 or 05/10/2026"), repr(text)))
        d, mo, y = int(m.group(1)), int(m.group(3)), int(m.group(4))
    try:
        return date(y, mo, d)
    except ValueError:
        raise ValueError(expected_got(msg("a real calendar date"), repr(text))) from None


def parse_weight(value: object) -> Fraction:
    """A weight as '60%', 0.6, '3/5' or 60 (read as a percentage when above 1)."""
    expected = "a weight such as 60%, 0.6 or 3/5"
    if isinstance(value, str) and value.strip().endswith("%"):
        w = decimal(value.strip()[:-1], expected) / 100
    else:
        w = decimal(value, expected)
        if w > 1:
            w /= 100
    if not 0 < w <= 1:
        raise ValueError(expected_got(msg("a weight above 0 %% and at most 100 %%"), repr(value)))
    return w


_HANDICAP = re.compile(r"^\s*[+-]?(\d{1,3}(\.\d{1,6})?|\.\d{1,6})\s*%?\s*$")


def parse_handicap(value: object) -> Fraction:
    """A pair's handicap in percentage points: '-6.42', '+3', '1.5%' or a number; |h| < 100."""
    text = str(value).strip() if not isinstance(value, bool) else ""
    if not _HANDICAP.match(text):
        raise ValueError(expected_got(msg("a handicap in percentage points such as -6.42 or 3"), repr(str(value)[:40])))
    h = Fraction(text.rstrip("%").strip())
    if not -100 < h < 100:
        raise ValueError(expected_got(msg("a handicap between -100 and 100 percentage points"), repr(text)))
    return h


_AWARD = re.compile(r"^\s*\d{1,7}(\.\d{1,4})?\s*$")
_AWARD_KIND = re.compile(r"^[\w -]{0,20}$")


def parse_masterpoints(awarded: object, kind: object = "") -> Masterpoints | None:
    """An award as the program wrote it ('4000', '1.25') with its type ('c', 'GREEN'); 0 is no award."""
    text = "" if awarded is None or isinstance(awarded, bool) else str(awarded).strip()
    if not _AWARD.match(text):
        raise ValueError(
            expected_got(msg("masterpoints awarded as a number such as 4000 or 1.25"), repr(str(awarded)[:40]))
        )
    kind_text = "" if kind is None else str(kind).strip()
    if not _AWARD_KIND.match(kind_text):
        raise ValueError(expected_got(msg("a masterpoint type such as GREEN or c"), repr(kind_text[:40])))
    if Fraction(text) == 0:
        return None
    return Masterpoints(text, kind_text)


_PAIR_NUMBER = re.compile(r"^\s*(?:\(\s*([A-Za-z0-9]{1,8})\s*\)\s*)?([0-9]{1,4})\s*-?\s*(NS|EW|N-S|E-W|N|E)?\s*$", re.I)


def parse_pair_number(text: str) -> tuple[str | None, int, Direction | None]:
    """(section, number, direction) from '7', '7NS', '7 NS', '7 EW', '(A) 7 NS'.

    >>> parse_pair_number("(B) 12 EW")
    ('B', 12, <Direction.EW: 'EW'>)
    """
    m = _PAIR_NUMBER.match(text or "")
    if not m or int(m.group(2)) < 1:
        raise ValueError(expected_got(msg("a pair number such as 7, 7NS or 7 EW"), quoted(text)))
    section, number, direction = m.groups()
    d = None
    if direction:
        d = Direction.NS if direction.upper().replace("-", "") in ("NS", "N") else Direction.EW
    return section, int(number), d


def parse_direction(text: str) -> Direction | None:
    """'NS', 'N-S', 'North-South' → NS; 'EW', 'E-W', 'Ö-V' (Swedish/Finnish) → EW; '' → None."""
    t = text.strip().upper().replace(" ", "")
    if t in ("", "-"):
        return None
    if t in ("NS", "N-S", "N/S", "NORTH-SOUTH", "N"):
        return Direction.NS
    if t in ("EW", "E-W", "E/W", "EAST-WEST", "E", "Ö-V", "ÖV", "O-V", "Ø-V"):
        return Direction.EW
    raise ValueError(expected_got(msg("a direction NS or EW"), repr(text)))


_DEAL = re.compile(r"^([NESW]):\s*(\S+)\s+(\S+)\s+(\S+)\s+(\S+)$", re.I)
_HAND = re.compile(r"^[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*$")
_RANKS = "AKQJT98765432"
_SUITS = "SHDC"


def parse_deal(text: str) -> Deal | None:
    """Hands by seat from PBN deal text 'N:AK72.QJ5.T84.A93 QT8.K962.AQ7.J54 ...' (clockwise from the first seat).

    Returns None when a hand is unknown ('-'); raises ValueError when the text is not a deal
    or the deal is impossible (see ``check_hands``).  A void suit may be written '-' or '—'
    (``Q64.-.KQ8643.KQT4``), as some programs do, or left empty as the standard writes it.
    """
    from .hand_records import suit_ranks

    m = _DEAL.match(text.strip().upper().replace("10", "T"))
    if not m:
        raise ValueError(expected_got(msg('a deal such as "N:AK72.QJ5.T84.A93 QT8.K962.AQ7.J54 ..."'), quoted(text)))
    order = "NESW"
    start = order.index(m.group(1))
    hands: dict[Seat, str] = {}
    for i, hand in enumerate(m.groups()[1:]):
        if hand == "-":
            return None
        hand = ".".join(suit_ranks(suit) for suit in hand.split("."))
        if not _HAND.match(hand):
            raise ValueError(
                expected_got(msg("a hand such as AK72.QJ5.T84.A93 (spades.hearts.diamonds.clubs)"), quoted(hand))
            )
        hands[Seat(order[(start + i) % 4])] = hand
    return check_hands(hands)


def check_hands(hands: Mapping[Seat, str]) -> Deal:
    """The one deal check of every reader: four hands of 13 cards, each of the 52 cards once.

    ``hands`` maps each seat to 'spades.hearts.diamonds.clubs' ('AK72.QJ5.T84.A93').
    """
    if len(hands) != 4:
        raise ValueError(expected_got(msg("four hands (North, East, South and West)"), str(len(hands))))
    problems: list[Param] = []
    held: dict[str, list[str]] = {}
    for seat in sorted(hands, key=lambda s: "NESW".index(str(s))):
        hand = hands[seat]
        suits = hand.split(".")
        if len(suits) != 4 or any(c not in _RANKS for suit in suits for c in suit):
            raise ValueError(
                expected_got(
                    msg(
                        "%(seat)s's hand as ranks AKQJT98765432 in four suits such as AK72.QJ5.T84.A93", seat=str(seat)
                    ),
                    quoted(hand),
                )
            )
        count = sum(len(suit) for suit in suits)
        if count != 13:
            problems.append(msg("%(seat)s holds %(count)s cards", seat=str(seat), count=count))
        for suit, ranks in zip(_SUITS, suits):
            for rank in ranks:
                held.setdefault(suit + rank, []).append(str(seat))
    twice = [f"{card} ({' and '.join(seats)})" for card, seats in held.items() if len(seats) > 1]
    missing = [suit + rank for suit in _SUITS for rank in _RANKS if suit + rank not in held]
    if twice:
        n = len(twice)
        problems.append(plural("%(cards)s is dealt twice", "%(cards)s are dealt twice", fig(n, 0), cards=_cards(twice)))
    if missing:
        n = len(missing)
        problems.append(plural("%(cards)s is missing", "%(cards)s are missing", fig(n, 0), cards=_cards(missing)))
    if problems:
        raise ValueError(
            said(
                msg(
                    "impossible deal: %(problems)s: expected 13 cards in each hand and each of the 52 cards once",
                    problems=join("; ", problems),
                )
            )
        )
    return Deal(dict(hands))


def _cards(cards: list[str]) -> Param:
    shown = ", ".join(cards[:6])
    return msg("%(cards)s and %(more)s more", cards=shown, more=len(cards) - 6) if len(cards) > 6 else shown


__all__ = [
    "MAX_BOARD",
    "MAX_NUMBER",
    "SCORE_EXPECTED",
    "board_number",
    "check_hands",
    "decimal",
    "expected_got",
    "is_artificial_text",
    "number_of",
    "optional_whole",
    "parse_artificial",
    "parse_date",
    "parse_deal",
    "parse_direction",
    "parse_pair_number",
    "parse_weight",
    "phrase",
    "quoted",
    "score_expected",
    "side_artificial",
    "whole_number",
    "whole_score",
]

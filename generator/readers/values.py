"""Small parsers shared by the readers: artificial score codes, dates, weights, pair numbers.

Each raises ``ValueError`` with a lowercase message that says what was expected and
quotes what was found; the reader adds the file, the place, the board and the pair.
"""

from __future__ import annotations

import re
from datetime import date
from fractions import Fraction

from ..model import Artificial, Direction, Masterpoints

SCORE_EXPECTED = "expected a score such as 420 or an artificial score such as A60/40"

_CODE = {"+": Fraction(60), "=": Fraction(50), "-": Fraction(40)}
_PERCENT_PAIR = re.compile(r"^A\s*(\d{1,3})\s*%?\s*[/\-]\s*(\d{1,3})\s*%?$")
_COMPACT = re.compile(r"^A(\d{2})(\d{2})$")
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
    raise ValueError(f"expected an artificial score such as A60/40, A6040, A+/A- or A=, got {text!r}")


def artificial_code(ns: Artificial, ew: Artificial) -> str:
    """The canonical two-sided code: 'A60/40'."""
    return f"A{ns.percent}/{ew.percent}"


def side_artificial(text: str) -> Artificial:
    """One side's artificial score: 'A+', 'A=', 'A-', '60%' or 'A60'."""
    t = text.strip().upper()
    if t in ("A+", "A=", "A-"):
        return Artificial.from_percent(_CODE[t[1]])
    m = re.fullmatch(r"A?\s*(\d{1,3})\s*%?", t)
    if m and int(m.group(1)) <= 100:
        return Artificial.from_percent(int(m.group(1)))
    raise ValueError(f"expected an artificial score A+, A=, A- or a percentage such as 60%, got {text!r}")


def parse_date(text: str) -> date:
    """ISO '2026-10-05', PBN '2026.10.05', or day-first '5/10/2026' (the USEBIO files' form)."""
    t = text.strip()
    m = re.fullmatch(r"(\d{4})[-.](\d{1,2})[-.](\d{1,2})", t)
    if m:
        y, mo, d = (int(g) for g in m.groups())
    else:
        m = re.fullmatch(r"(\d{1,2})/(\d{1,2})/(\d{4})", t)
        if not m:
            raise ValueError(f"expected a date such as 2026-10-05 or 05/10/2026, got {text!r}")
        d, mo, y = (int(g) for g in m.groups())
    try:
        return date(y, mo, d)
    except ValueError:
        raise ValueError(f"expected a real calendar date, got {text!r}") from None


def parse_weight(value: object) -> Fraction:
    """A weight as '60%', 0.6, '3/5' or 60 (read as a percentage when above 1)."""
    if isinstance(value, bool):
        raise ValueError(f"expected a weight such as 60%, 0.6 or 3/5, got {value!r}")
    text = str(value).strip()
    try:
        if text.endswith("%"):
            w = Fraction(text[:-1].strip()) / 100
        else:
            w = Fraction(text)
            if w > 1:
                w /= 100
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"expected a weight such as 60%, 0.6 or 3/5, got {value!r}") from None
    if not 0 < w <= 1:
        raise ValueError(f"expected a weight above 0 % and at most 100 %, got {value!r}")
    return w


_HANDICAP = re.compile(r"^\s*[+-]?(\d{1,3}(\.\d{1,6})?|\.\d{1,6})\s*%?\s*$")


def parse_handicap(value: object) -> Fraction:
    """A pair's handicap in percentage points: '-6.42', '+3', '1.5%' or a number; |h| < 100."""
    text = str(value).strip() if not isinstance(value, bool) else ""
    if not _HANDICAP.match(text):
        raise ValueError(f"expected a handicap in percentage points such as -6.42 or 3, got {str(value)[:40]!r}")
    h = Fraction(text.rstrip("%").strip())
    if not -100 < h < 100:
        raise ValueError(f"expected a handicap between -100 and 100 percentage points, got {text!r}")
    return h


_AWARD = re.compile(r"^\s*\d{1,7}(\.\d{1,4})?\s*$")
_AWARD_KIND = re.compile(r"^[\w -]{0,20}$")


def parse_masterpoints(awarded: object, kind: object = "") -> Masterpoints | None:
    """An award as the program wrote it ('4000', '1.25') with its type ('c', 'GREEN'); 0 is no award."""
    text = "" if awarded is None or isinstance(awarded, bool) else str(awarded).strip()
    if not _AWARD.match(text):
        raise ValueError(f"expected masterpoints awarded as a number such as 4000 or 1.25, got {str(awarded)[:40]!r}")
    kind_text = "" if kind is None else str(kind).strip()
    if not _AWARD_KIND.match(kind_text):
        raise ValueError(f"expected a masterpoint type such as GREEN or c, got {kind_text[:40]!r}")
    if Fraction(text) == 0:
        return None
    return Masterpoints(text, kind_text)


_PAIR_NUMBER = re.compile(r"^\s*(?:\(\s*([A-Za-z0-9]+)\s*\)\s*)?(\d+)\s*-?\s*(NS|EW|N-S|E-W|N|E)?\s*$", re.I)


def parse_pair_number(text: str) -> tuple[str | None, int, Direction | None]:
    """(section, number, direction) from '7', '7NS', '7 NS', '7 EW', '(A) 7 NS'.

    >>> parse_pair_number("(B) 12 EW")
    ('B', 12, <Direction.EW: 'EW'>)
    """
    m = _PAIR_NUMBER.match(text or "")
    if not m:
        raise ValueError(f"expected a pair number such as 7, 7NS or 7 EW, got {text!r}")
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
    raise ValueError(f"expected a direction NS or EW, got {text!r}")


__all__ = [
    "SCORE_EXPECTED", "artificial_code", "is_artificial_text",
    "parse_artificial", "parse_date", "parse_direction", "parse_pair_number", "parse_weight",
    "side_artificial",
]


_DEAL = re.compile(r"^([NESW]):\s*(\S+)\s+(\S+)\s+(\S+)\s+(\S+)$", re.I)
_HAND = re.compile(r"^[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*$")


def parse_deal(text: str):
    """Hands by seat from PBN deal text 'N:AK72.QJ5.T84.A93 QT8.K962.AQ7.J54 ...' (clockwise from the first seat).

    Returns None when a hand is unknown ('-'); raises ValueError when the text is not a deal.
    """
    from ..model import Deal
    from ..scoring.contract import Seat

    m = _DEAL.match(text.strip().upper().replace("10", "T"))
    if not m:
        raise ValueError(f'expected a deal such as "N:AK72.QJ5.T84.A93 QT8.K962.AQ7.J54 ...", got {text[:40]!r}')
    order = "NESW"
    start = order.index(m.group(1))
    hands = {}
    for i, hand in enumerate(m.groups()[1:]):
        if hand == "-":
            return None
        if not _HAND.match(hand):
            raise ValueError(f"expected a hand such as AK72.QJ5.T84.A93 (spades.hearts.diamonds.clubs), got {hand!r}")
        hands[Seat(order[(start + i) % 4])] = hand
    cards = "".join(h.replace(".", "") for h in hands.values())
    if len(cards) != 52:
        raise ValueError(f"expected 52 cards, 13 in each hand, got {len(cards)} in {text[:40]!r}")
    return Deal(hands)

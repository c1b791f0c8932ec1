"""The notation of bridge as a scorer writes it: seats, strains, contracts, vulnerability.

Plain values with their parsers and printed forms, and no scoring: Law 77 (what a contract
scores) and Law 2 (which boards are vulnerable) are the engine's, in ``scoring/contract.py``.
The model (``model.py``) re-exports these names.

>>> Contract.parse("4♥x"), str(Vulnerability.BOTH), Vulnerability("NS").of(Seat.S)
(Contract(level=4, strain=<Strain.HEARTS: 'H'>, doubled=1), 'Both', True)
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass


class Seat(enum.Enum):
    N = "N"
    E = "E"
    S = "S"
    W = "W"

    def __str__(self) -> str:
        return self.value

    @property
    def is_ns(self) -> bool:
        return self in (Seat.N, Seat.S)

    @staticmethod
    def parse(text: str) -> Seat:
        key = text.strip().upper()[:1]
        try:
            return Seat(key)
        except ValueError:
            raise ContractError(f"expected a seat N, E, S or W, got {text!r}") from None


class Strain(enum.Enum):
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NOTRUMP = "NT"

    def __str__(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}[self.value]

    @property
    def word(self) -> str:
        return {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "NT": "no trumps"}[self.value]


class ContractError(ValueError):
    """A contract, result or score that cannot be right."""


_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
_CONTRACT_RE = re.compile(r"^([1-7])\s*(NT|N|SA|C|D|H|S)\s*(XX|X|\*\*|\*|R|D)?$")
_DOUBLING_WORD = {"": 0, "X": 1, "*": 1, "D": 1, "XX": 2, "**": 2, "R": 2}


@dataclass(frozen=True, slots=True)
class Contract:
    """A final contract. ``level`` 0 means the board was passed out."""

    level: int
    strain: Strain | None
    doubled: int = 0
    """0 undoubled, 1 doubled, 2 redoubled."""

    PASS_TEXTS = ("PASS", "P", "PASSED", "PASSED OUT", "AP", "ALL PASS", "0")

    @property
    def passed_out(self) -> bool:
        return self.level == 0

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Parse '4H', '4♥', '4HX', '3NTxx', '3N', '4S*', 'PASS' (each text once: a big field
        writes the same few contracts thousands of times).

        >>> Contract.parse("3NTxx")
        Contract(level=3, strain=<Strain.NOTRUMP: 'NT'>, doubled=2)
        """
        found = _PARSED.get(text)
        if found is None:
            found = cls._parse(text)
            if len(_PARSED) < 4096:
                _PARSED[text] = found
        return found

    @classmethod
    def _parse(cls, text: str) -> Contract:
        raw = text.strip()
        upper = raw.upper()
        for symbol, letter in _SYMBOLS.items():
            upper = upper.replace(symbol, letter)
        upper = upper.replace(" ", "")
        if upper in cls.PASS_TEXTS or upper.replace(" ", "") in ("ALLPASS", "PASSEDOUT"):
            return PASS
        match = _CONTRACT_RE.match(upper)
        if not match:
            raise ContractError(f"expected a contract such as 4H, 3NTX or PASS, got {text!r}")
        level, strain_text, dbl = match.groups()
        strain = Strain.NOTRUMP if strain_text in ("NT", "N", "SA") else Strain(strain_text)
        return cls(int(level), strain, _DOUBLING_WORD[dbl or ""])

    def __str__(self) -> str:
        if self.passed_out:
            return "PASS"
        assert self.strain is not None
        return f"{self.level}{self.strain.value}{'X' * self.doubled}"


PASS = Contract(0, None, 0)

_PARSED: dict[str, Contract] = {}
"""Contract.parse's results by text (bounded: a hostile file cannot grow it without limit)."""


class Vulnerability(enum.StrEnum):
    """Which sides are vulnerable on a board.  A ``str`` whose value is the printed form
    ('None', 'NS', 'EW', 'Both'), so pages, JSON and messages print it as before."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "Both"

    @property
    def label(self) -> str:
        """The printed form: 'None', 'NS', 'EW' or 'Both'."""
        return self.value

    def of(self, declarer: Seat) -> bool:
        """Whether the declarer's side is vulnerable."""
        if self is Vulnerability.NONE or self is Vulnerability.BOTH:
            return self is Vulnerability.BOTH
        return (self is Vulnerability.NS) == declarer.is_ns

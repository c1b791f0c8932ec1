"""Contracts and their raw scores (Law 77), dealer and vulnerability (Law 2).

>>> contract_score(Contract.parse("4S"), tricks=10, vulnerable=False)
420
>>> contract_score(Contract.parse("3NTxx"), tricks=9, vulnerable=True)
1000
>>> board_vulnerability(7), board_dealer(7)
('Both', <Seat.S: 'S'>)
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from functools import lru_cache


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

    @property
    def display(self) -> str:
        """With a suit symbol: '4♥X'."""
        if self.passed_out:
            return "Pass"
        assert self.strain is not None
        return f"{self.level}{self.strain.symbol}{'x' * self.doubled}"


PASS = Contract(0, None, 0)


def parse_tricks(text: str, contract: Contract) -> int:
    """Tricks taken, from '10', '=', '+1', '-2', 'M' (made exactly).

    >>> parse_tricks("-2", Contract.parse("4S"))
    8
    """
    t = text.strip().upper()
    if contract.passed_out:
        if t in ("", "0", "-", "="):
            return 0
        raise ContractError(f"a passed-out board has no tricks, got {text!r}")
    needed = contract.level + 6
    if t in ("=", "M", "MADE"):
        return needed
    if re.fullmatch(r"[+-][0-9]{1,2}", t):  # ASCII digits only: int() would also read '١٠'
        tricks = needed + int(t)
    elif re.fullmatch(r"[0-9]{1,2}", t):
        tricks = int(t)
    else:
        raise ContractError(f"expected tricks taken (0-13) or a result such as '=', '+1', '-2', got {text!r}")
    if not 0 <= tricks <= 13:
        raise ContractError(f"tricks must be 0 to 13, got {tricks} from {text!r} in {contract}")
    return tricks


def contract_score(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """Score to the declaring side (positive when made), Law 77."""
    if contract.passed_out:
        return 0
    if not 0 <= tricks <= 13:
        raise ContractError(f"tricks must be 0 to 13, got {tricks}")
    assert contract.strain is not None
    level, dbl = contract.level, contract.doubled
    needed = level + 6
    if tricks < needed:
        return -_undertricks(needed - tricks, dbl, vulnerable)
    per_trick = 20 if contract.strain in (Strain.CLUBS, Strain.DIAMONDS) else 30
    first = 40 if contract.strain is Strain.NOTRUMP else per_trick
    multiplier = (1, 2, 4)[dbl]
    trick_score = multiplier * (first + per_trick * (level - 1))
    score = trick_score
    score += (500 if vulnerable else 300) if trick_score >= 100 else 50
    if level == 6:
        score += 750 if vulnerable else 500
    elif level == 7:
        score += 1500 if vulnerable else 1000
    score += (0, 50, 100)[dbl]
    over = tricks - needed
    if dbl == 0:
        score += over * per_trick
    else:
        score += over * (200 if vulnerable else 100) * (1 if dbl == 1 else 2)
    return score


def _undertricks(down: int, dbl: int, vulnerable: bool) -> int:
    if dbl == 0:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        doubled = 200 + 300 * (down - 1)
    else:
        doubled = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return doubled * dbl  # redoubled is twice doubled


_VULNERABILITY = ("None", "NS", "EW", "Both")


def board_vulnerability(board: int) -> str:
    """'None', 'NS', 'EW' or 'Both' by the 16-board cycle of Law 2."""
    i = (board - 1) % 16
    return _VULNERABILITY[(i + i // 4) % 4]


def board_dealer(board: int) -> Seat:
    return (Seat.N, Seat.E, Seat.S, Seat.W)[(board - 1) % 4]


_PARSED: dict[str, Contract] = {}
"""Contract.parse's results by text (bounded: a hostile file cannot grow it without limit)."""


def is_vulnerable(vulnerability: str, declarer: Seat) -> bool:
    if vulnerability in ("None", "Both"):
        return vulnerability == "Both"
    return (vulnerability == "NS") == declarer.is_ns


@lru_cache(maxsize=8192)
def ns_score(contract: Contract, declarer: Seat | None, tricks: int, vulnerability: str) -> int:
    """The North-South score of a played board (a pure function, remembered: a big field
    scores the same few hundred plays thousands of times).

    >>> ns_score(Contract.parse("4H"), Seat.E, 8, board_vulnerability(15))
    100
    """
    if contract.passed_out:
        return 0
    if declarer is None:
        raise ContractError(f"contract {contract} needs a declarer")
    score = contract_score(contract, tricks, is_vulnerable(vulnerability, declarer))
    return score if declarer.is_ns else -score


def _all_possible_scores() -> frozenset[int]:
    scores = {0}
    for level in range(1, 8):
        for strain in Strain:
            for dbl in range(3):
                c = Contract(level, strain, dbl)
                for tricks in range(14):
                    for vul in (False, True):
                        s = contract_score(c, tricks, vul)
                        scores.add(s)
                        scores.add(-s)
    return frozenset(scores)


POSSIBLE_SCORES = _all_possible_scores()
"""Every NS score a contract can produce; a score outside it (say 435) is a typing error."""

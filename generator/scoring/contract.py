"""Contracts' raw scores (Law 77), dealer and vulnerability (Law 2).

>>> contract_score(Contract.parse("4S"), tricks=10, vulnerable=False)
420
>>> contract_score(Contract.parse("3NTxx"), tricks=9, vulnerable=True)
1000
>>> board_vulnerability(7), board_dealer(7)
(<Vulnerability.BOTH: 'Both'>, <Seat.S: 'S'>)
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..notation import PASS, Contract, ContractError, Seat, Strain, Vulnerability
from .message import msg
from .said import said

__all__ = [
    "PASS",
    "POSSIBLE_SCORES",
    "Contract",
    "ContractError",
    "Seat",
    "Strain",
    "Vulnerability",
    "board_dealer",
    "board_vulnerability",
    "contract_score",
    "is_vulnerable",
    "ns_score",
    "parse_tricks",
]
"""The notation (``notation.py``) is re-exported: older imports name it from here."""


def parse_tricks(text: str, contract: Contract) -> int:
    """Tricks taken, from '10', '=', '+1', '-2', 'M' (made exactly).

    >>> parse_tricks("-2", Contract.parse("4S"))
    8
    """
    t = text.strip().upper()
    if contract.passed_out:
        if t in ("", "0", "-", "="):
            return 0
        raise ContractError(said(msg("a passed-out board has no tricks, got %(found)s", found=repr(text))))
    needed = contract.level + 6
    if t in ("=", "M", "MADE"):
        return needed
    if re.fullmatch(r"[+-][0-9]{1,2}", t):  # ASCII digits only: int() would also read '١٠'
        tricks = needed + int(t)
    elif re.fullmatch(r"[0-9]{1,2}", t):
        tricks = int(t)
    else:
        raise ContractError(
            said(
                msg("expected tricks taken (0-13) or a result such as '=', '+1', '-2', got %(found)s", found=repr(text))
            )
        )
    if not 0 <= tricks <= 13:
        raise ContractError(
            said(
                msg(
                    "tricks must be 0 to 13, got %(tricks)s from %(found)s in %(contract)s",
                    tricks=str(tricks),
                    found=repr(text),
                    contract=str(contract),
                )
            )
        )
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
    doubled = 200 + 300 * (down - 1) if vulnerable else 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return doubled * dbl  # redoubled is twice doubled


_VULNERABILITY = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH)


def board_vulnerability(board: int) -> Vulnerability:
    """None, NS, EW or Both by the 16-board cycle of Law 2."""
    i = (board - 1) % 16
    return _VULNERABILITY[(i + i // 4) % 4]


def board_dealer(board: int) -> Seat:
    return (Seat.N, Seat.E, Seat.S, Seat.W)[(board - 1) % 4]


def is_vulnerable(vulnerability: Vulnerability, declarer: Seat) -> bool:
    return Vulnerability(vulnerability).of(declarer)


@lru_cache(maxsize=8192)
def ns_score(contract: Contract, declarer: Seat | None, tricks: int, vulnerability: Vulnerability) -> int:
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

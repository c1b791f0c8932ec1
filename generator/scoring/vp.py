"""The WBF continuous 20-VP scale (2013), two decimals, with the published concavity rule.

VP_winner(M) = min(20, 10 + 10 (1 - tau^(3M/B)) / (1 - tau^3)), tau = (sqrt 5 - 1)/2,
B = 15 sqrt(N) for N boards.  Rounded half-up to 0.01, then each entry is raised by 0.01
while the next increment would exceed the previous one, so that no IMP is worth more
than the one before it.  The result matches the official tables (e.g. 16 boards, 14 IMPs
-> 13.75, where plain rounding gives 13.74).  Computed in 40-digit decimals.

>>> [str(x) for x in vp_table(20)[:3]]
['10.00', '10.28', '10.55']
"""

from __future__ import annotations

from decimal import Decimal, localcontext
from fractions import Fraction
from functools import lru_cache

from .rounding import round_half_away, round_vp


@lru_cache(maxsize=128)
def vp_table(boards: int) -> tuple[Decimal, ...]:
    """Winner's VPs for whole-IMP margins 0, 1, 2 ... up to the first 20.00."""
    if boards < 1:
        raise ValueError(f"a match needs at least one board, got {boards}")
    with localcontext() as ctx:
        ctx.prec = 40
        tau = (Decimal(5).sqrt() - 1) / 2
        blitz = 15 * Decimal(boards).sqrt()
        tau3 = tau ** 3
        values: list[Decimal] = []
        margin = 0
        while True:
            if Decimal(margin) >= blitz:
                values.append(Decimal("20.00"))
                break
            power = (Decimal(3 * margin) / blitz * tau.ln()).exp()
            raw = 10 + 10 * (1 - power) / (1 - tau3)
            values.append(round_vp(min(Decimal(20), raw)))
            if values[-1] >= 20:
                break
            margin += 1
    changed = True
    while changed:
        changed = False
        for m in range(1, len(values) - 1):
            if values[m + 1] - values[m] > values[m] - values[m - 1]:
                values[m] += Decimal("0.01")
                changed = True
    return tuple(values)


def winner_vp(margin: Fraction, boards: int, fractional: str = "interpolate") -> Fraction:
    """VPs of the side that won by ``margin`` (>= 0) IMPs."""
    table = vp_table(boards)
    m = abs(Fraction(margin))
    if fractional == "round":
        m = round_half_away(m)
    whole = int(m)
    if whole >= len(table) - 1:
        return Fraction(20)
    low, high = Fraction(table[whole]), Fraction(table[whole + 1])
    exact = low + (high - low) * (m - whole)
    return exact if m == whole else Fraction(round_half_away(exact, Fraction(1, 100)))


def match_vps(home_imps: Fraction, away_imps: Fraction, boards: int, fractional: str = "interpolate") -> tuple[Fraction, Fraction]:
    margin = home_imps - away_imps
    w = winner_vp(abs(margin), boards, fractional)
    return (w, 20 - w) if margin >= 0 else (20 - w, w)

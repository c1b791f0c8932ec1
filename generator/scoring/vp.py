"""Victory-point scales: the WBF continuous 20-VP scale (2013) and the WBF/EBU discrete scale.

Continuous: VP_winner(M) = min(20, 10 + 10 (1 - tau^(3M/B)) / (1 - tau^3)),
tau = (sqrt 5 - 1)/2, B = 15 sqrt(N) for N boards.  Option ``vp_rounding``: 'fix' rounds
half-up to 0.01, then raises an entry by 0.01 while the next increment would exceed the
previous one, so that no IMP is worth more than the one before it (this matches the
official tables, e.g. 16 boards, 14 IMPs -> 13.75, where plain rounding gives 13.74);
'half-up' stops before the correction; 'truncate' cuts to two decimals.  Computed in
40-digit decimals.

Discrete (the EBU's generator): with R = tau^3, the inverse of the continuous scale is
imap(v) = B ln(1 - (1 - R)(v/10 - 1)) / ln R; the largest margin still worth 10 + i VPs
to the winner is floor(imap(10.5 + i)), i = 0..9, then a concavity pass narrows a band
that is wider than the one after it.  A margin past the last bound wins 20-0.  The
10-VP pool of a triangular (half) match uses the same construction around 5 VPs for
N/2 boards.

>>> [str(x) for x in vp_table(20)[:3]]
['10.00', '10.28', '10.55']
>>> discrete_bounds(8)
(0, 3, 6, 9, 12, 16, 20, 25, 30, 38)
"""

from __future__ import annotations

from decimal import Decimal, localcontext
from fractions import Fraction
from functools import lru_cache

from .rounding import floor_bound, round_vp, round_vp_fraction, round_vp_margin


def _check_boards(boards: int) -> None:
    if boards < 1:
        raise ValueError(f"a match needs at least one board, got {boards}")


@lru_cache(maxsize=256)
def vp_table(boards: int, rounding: str = "fix") -> tuple[Decimal, ...]:
    """Winner's VPs for whole-IMP margins 0, 1, 2 ... up to the first 20.00."""
    _check_boards(boards)
    with localcontext() as ctx:
        ctx.prec = 40
        tau = (Decimal(5).sqrt() - 1) / 2
        blitz = 15 * Decimal(boards).sqrt()
        tau3 = tau**3
        values: list[Decimal] = []
        margin = 0
        while True:
            if Decimal(margin) >= blitz:
                values.append(Decimal("20.00"))
                break
            power = (Decimal(3 * margin) / blitz * tau.ln()).exp()
            raw = 10 + 10 * (1 - power) / (1 - tau3)
            values.append(round_vp(min(Decimal(20), raw), rounding))
            if values[-1] >= 20:
                break
            margin += 1
    changed = rounding == "fix"
    while changed:
        changed = False
        for m in range(1, len(values) - 1):
            if values[m + 1] - values[m] > values[m] - values[m - 1]:
                values[m] += Decimal("0.01")
                changed = True
    return tuple(values)


def winner_vp(margin: Fraction, boards: int, fractional: str = "interpolate", rounding: str = "fix") -> Fraction:
    """VPs on the continuous scale of the side that won by ``margin`` (>= 0) IMPs."""
    table = vp_table(boards, rounding)
    m = abs(Fraction(margin))
    if fractional == "round":
        m = round_vp_margin(m)
    whole = int(m)
    if whole >= len(table) - 1:
        return Fraction(20)
    low, high = Fraction(table[whole]), Fraction(table[whole + 1])
    exact = low + (high - low) * (m - whole)
    return exact if m == whole else round_vp_fraction(exact, rounding)


@lru_cache(maxsize=256)
def discrete_bounds(boards: int, pool: int = 20) -> tuple[int, ...]:
    """Upper margin of each band of the discrete scale: entry i is the largest whole-IMP
    margin worth ``pool/2 + i`` VPs to the winner.  The 10-VP pool uses N/2 boards."""
    _check_boards(boards)
    mid = pool // 2
    with localcontext() as ctx:
        ctx.prec = 40
        tau = (Decimal(5).sqrt() - 1) / 2
        r = tau**3
        size = Decimal(boards) if pool == 20 else Decimal(boards) / 2
        blitz = 15 * size.sqrt()
        bounds = [
            floor_bound(blitz * (1 - (1 - r) * ((mid + Decimal("0.5") + i) / mid - 1)).ln() / r.ln())
            for i in range(mid)
        ]
    # Concavity pass, restarting after every change: the draw band (-b0 .. b0, 2 b0 + 1 margins)
    # may be no narrower than the next, and each band no wider than the one before it.
    i = 0
    while i < mid - 1:
        if i == 0 and bounds[1] - bounds[0] < 2 * bounds[0] + 1:
            bounds[0] -= 1
            i = 0
            continue
        if i > 0 and bounds[i + 1] - bounds[i] < bounds[i] - bounds[i - 1]:
            bounds[i] -= 1
            i = 0
            continue
        i += 1
    return tuple(bounds)


def discrete_winner_vp(margin: Fraction, boards: int, pool: int = 20) -> int:
    """Whole VPs to the side that won by ``margin`` (>= 0) IMPs, the margin first rounded
    to a whole IMP (a half up)."""
    m = round_vp_margin(abs(Fraction(margin)))
    bounds = discrete_bounds(boards, pool)
    for i, bound in enumerate(bounds):
        if m <= bound:
            return pool // 2 + i
    return pool


def discrete_band(vp: int, boards: int, pool: int = 20) -> tuple[int, int | None]:
    """The whole-IMP margins (low, high) worth ``vp`` to the winner; high is None at the top."""
    bounds = discrete_bounds(boards, pool)
    i = vp - pool // 2
    low = 0 if i == 0 else bounds[i - 1] + 1
    return (low, bounds[i] if i < len(bounds) else None)


def match_vps(
    home_imps: Fraction,
    away_imps: Fraction,
    boards: int,
    fractional: str = "interpolate",
    scale: str = "wbf",
    rounding: str = "fix",
    pool: int = 20,
) -> tuple[Fraction, Fraction]:
    """(home VPs, away VPs) for a match on the chosen scale; the two add up to ``pool``."""
    margin = home_imps - away_imps
    if scale == "discrete":
        w = Fraction(discrete_winner_vp(abs(margin), boards, pool))
    else:
        w = winner_vp(abs(margin), boards, fractional, rounding)
    return (w, pool - w) if margin >= 0 else (pool - w, w)

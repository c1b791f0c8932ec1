"""Club-supplied VP scales: a club's own table of IMP margins and VPs for short matches.

Old and local scales (a 3-board match: 1 IMP 11–9, 2 → 12–8, 3–4 → 13–7 …) are given as
data, in ``site.yaml`` under ``scoring:`` or in a session's ``options:``::

    vp_scale: club
    club_vp_scales:
      - boards: 3              # or a list: [3, 4]
        pool: 20               # optional, 20 by default
        vps: {0: 10-10, 1: 11-9, 2: 12-8, 3-4: 13-7, 5-6: 14-6, …, 20+: 20-0}

Each table is checked before any match is scored: its bands start at a margin of 0 (a draw,
shared equally), follow one another without a gap or an overlap up to an open last band
(``20+``), every band's VPs add up to the pool, and a bigger margin is never worth fewer VPs.
A fractional margin (weighted scores) counts as the nearest whole IMP, a half up, as on the
discrete WBF/EBU scale.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .explain import fmt
from .rounding import round_vp_margin


class ClubScaleError(ValueError):
    """A club VP table that cannot be used: the message says where and what was expected."""


@dataclass(frozen=True, slots=True)
class VpBand:
    low: int
    high: int | None
    """None: this margin and every bigger one."""
    winner: Fraction
    loser: Fraction

    @property
    def label(self) -> str:
        if self.high is None:
            return f"{self.low}+"
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


@dataclass(frozen=True, slots=True)
class ClubVpScale:
    boards: tuple[int, ...]
    pool: Fraction
    bands: tuple[VpBand, ...]

    def band(self, margin: Fraction) -> tuple[int, VpBand]:
        """The whole margin used (a half up) and the band it falls in."""
        used = int(round_vp_margin(abs(Fraction(margin))))
        for band in self.bands:
            if band.high is None or used <= band.high:
                return used, band
        raise AssertionError("a checked scale ends with an open band")

    def to_plain(self) -> dict[str, Any]:
        return {
            "boards": list(self.boards),
            "pool": int(self.pool),
            "vps": {b.label: f"{fmt(b.winner)}-{fmt(b.loser)}" for b in self.bands},
        }


_MARGIN = re.compile(r"^\s*(\d{1,4})\s*(?:(\+)|[-–]\s*(\d{1,4}))?\s*$")
_VPS = re.compile(r"^\s*(\d{1,3}(?:\.\d{1,2})?)\s*[-–:]\s*(\d{1,3}(?:\.\d{1,2})?)\s*$")


def parse_club_scales(raw: Any) -> tuple[ClubVpScale, ...]:
    """The option ``club_vp_scales`` from YAML data; ClubScaleError names the table and the row."""
    if isinstance(raw, tuple) and all(isinstance(s, ClubVpScale) for s in raw):
        return raw
    if raw == []:  # no tables, as ``ScoringOptions.to_dict`` writes the default
        return ()
    if isinstance(raw, dict):
        raw = [raw]
    if not isinstance(raw, list) or not raw:
        raise ClubScaleError("expected a list of tables such as [{boards: 3, vps: {0: 10-10, 1: 11-9, …, 20+: 20-0}}]")
    scales = []
    seen: dict[int, int] = {}
    for index, item in enumerate(raw, start=1):
        scale = _parse_scale(item, f"table {index}")
        for n in scale.boards:
            if n in seen:
                raise ClubScaleError(
                    f"table {index}: a table for {n}-board matches is already given (table {seen[n]}): "
                    "expected one table for each number of boards"
                )
            seen[n] = index
        scales.append(scale)
    return tuple(scales)


def _parse_scale(item: Any, where: str) -> ClubVpScale:
    if not isinstance(item, dict):
        raise ClubScaleError(f"{where}: expected a mapping with boards and vps, got {str(item)[:40]!r}")
    boards = item.get("boards")
    boards = boards if isinstance(boards, list) else [boards]
    if not boards or not all(isinstance(b, int) and not isinstance(b, bool) and 1 <= b <= 99 for b in boards):
        raise ClubScaleError(
            f"{where}: expected boards as the number of boards in a match (1 to 99) or a list of them, "
            f"got {item.get('boards')!r}"
        )
    pool_raw = item.get("pool", 20)
    if not isinstance(pool_raw, int) or isinstance(pool_raw, bool) or not 1 <= pool_raw <= 100:
        raise ClubScaleError(f"{where}: expected pool as a whole number of VPs such as 20, got {pool_raw!r}")
    pool = Fraction(pool_raw)
    rows = item.get("vps")
    if not isinstance(rows, dict) or not rows:
        raise ClubScaleError(
            f"{where}: expected vps as a mapping of IMP margins to VPs, such as {{0: 10-10, 1: 11-9, 20+: 20-0}}"
        )
    bands = sorted((_parse_row(key, value, where) for key, value in rows.items()), key=lambda b: b.low)
    _check_bands(bands, pool, where)
    return ClubVpScale(tuple(boards), pool, tuple(bands))


def _parse_row(key: Any, value: Any, where: str) -> VpBand:
    m = _MARGIN.match(str(key))
    if not m or isinstance(key, bool):
        raise ClubScaleError(f"{where}, margin {str(key)[:20]!r}: expected an IMP margin such as 1, 3-4 or 20+")
    low = int(m.group(1))
    high = None if m.group(2) else int(m.group(3)) if m.group(3) else low
    if high is not None and high < low:
        raise ClubScaleError(f"{where}, margin {key}: expected the smaller margin first, such as {high}-{low}")
    v = _VPS.match(str(value)) if not isinstance(value, list) else None
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in value)
    ):
        winner, loser = (Fraction(str(x)) for x in value)
    elif v:
        winner, loser = Fraction(v.group(1)), Fraction(v.group(2))
    else:
        raise ClubScaleError(
            f"{where}, margin {key}: expected the winner's and the loser's VPs such as 13-7, got {str(value)[:20]!r}"
        )
    return VpBand(low, high, winner, loser)


def _check_bands(bands: list[VpBand], pool: Fraction, where: str) -> None:
    """From 0 up without gaps, an open last band, each row summing to the pool, monotone, a draw at 0."""
    if bands[0].low != 0:
        raise ClubScaleError(
            f"{where}: the first margin is {bands[0].label}: expected the table to start at 0 (a draw)"
        )
    previous = None
    for band in bands:
        if band.winner + band.loser != pool:
            raise ClubScaleError(
                f"{where}, margin {band.label}: {fmt(band.winner)} + {fmt(band.loser)} = "
                f"{fmt(band.winner + band.loser)} VPs: expected each row to add up to the pool of {fmt(pool)}"
            )
        if band.winner < band.loser:
            raise ClubScaleError(
                f"{where}, margin {band.label}: the winner gets {fmt(band.winner)} and the loser "
                f"{fmt(band.loser)}: expected the winner's VPs first"
            )
        if previous is not None:
            if previous.high is None:
                raise ClubScaleError(
                    f"{where}, margin {band.label}: comes after the open band {previous.label}: "
                    "expected only the last band to be open"
                )
            if band.low != previous.high + 1:
                what = "a gap" if band.low > previous.high + 1 else "an overlap"
                raise ClubScaleError(
                    f"{where}, margin {band.label}: {what} after {previous.label}: expected the next band "
                    f"to start at {previous.high + 1}"
                )
            if band.winner < previous.winner:
                raise ClubScaleError(
                    f"{where}, margin {band.label}: {fmt(band.winner)} VPs is fewer than the "
                    f"{fmt(previous.winner)} for {previous.label}: expected the VPs never to fall "
                    "as the margin grows (monotone)"
                )
        previous = band
    if bands[0].winner != bands[0].loser:
        raise ClubScaleError(
            f"{where}, margin {bands[0].label}: {fmt(bands[0].winner)}-{fmt(bands[0].loser)}: "
            "expected a margin of 0 to share the pool equally"
        )
    if bands[-1].high is not None:
        raise ClubScaleError(
            f"{where}: the last margin is {bands[-1].label}: expected an open last band such as "
            f"{bands[-1].high + 1}+ so that every margin is covered"
        )


def scale_for(scales: tuple[ClubVpScale, ...], boards: int) -> ClubVpScale:
    for scale in scales:
        if boards in scale.boards:
            return scale
    if not scales:
        raise ClubScaleError(
            "vp_scale is 'club' but no club_vp_scales are given: expected the club's tables in "
            "site.yaml (scoring:) or the session's options, such as "
            "[{boards: 3, vps: {0: 10-10, 1: 11-9, ..., 20+: 20-0}}]"
        )
    known = ", ".join(str(n) for s in scales for n in s.boards)
    raise ClubScaleError(
        f"no club VP scale for a match of {boards} boards: expected a table in club_vp_scales "
        f"for {boards} boards (tables are given for {known})"
    )


def club_match_vps(
    home_imps: Fraction, away_imps: Fraction, boards: int, scales: tuple[ClubVpScale, ...]
) -> tuple[Fraction, Fraction, int, VpBand, ClubVpScale]:
    """(home VPs, away VPs, whole margin used, its band, the scale) on the club's table."""
    scale = scale_for(scales, boards)
    margin = home_imps - away_imps
    used, band = scale.band(margin)
    if margin >= 0:
        return band.winner, band.loser, used, band, scale
    return band.loser, band.winner, used, band, scale

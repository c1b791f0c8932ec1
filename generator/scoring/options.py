"""Every scoring option in one place, with EBU conventions as defaults.

Where authorities disagree (see docs/scoring.md) the engine offers each practice
as an option; a session file or ``content/site.yaml`` chooses.  Options are plain
strings and numbers so that YAML and USEBIO readers can set them by name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Literal, get_args

from .message import msg
from .said import param_of, said, said_of

MISSING = ("not_ranked", "played", "average")
"""What an event does with a pair that missed a session (``scoring/event.py``; site.yaml's
``events: {missing: ...}``), here so that site.yaml is checked without the engine."""

if TYPE_CHECKING:
    from .club_vp import ClubVpScale


# The values of each option with a fixed list of choices (docs/scoring.md, "Options"), in the order
# the error messages list them.
MatchpointUnits = Literal["ebu", "acbl"]
NeubergRounding = Literal["exact", "ebu", "acbl", "truncate"]
SmallGroups = Literal["none", "ebu", "acbl"]
MissingResults = Literal["factored", "ties"]
ArtificialPolicy = Literal["fixed", "variable"]
DatumRounding = Literal["half-away", "half-even", "exact"]
CrossImpDivisor = Literal["total", "comparisons", "scores"]
WeightedImpRounding = Literal["exact", "integer"]
WeightedAggregateRounding = Literal["exact", "ten"]
VpScale = Literal["wbf", "discrete", "club", "none"]
VpRounding = Literal["fix", "half-up", "truncate"]
VpFractionalMargin = Literal["interpolate", "round"]
VpPool = Literal[20, 10]
TeamsScoring = Literal["imps", "aggregate", "board-a-match", "win-loss"]
BoardAMatchUnits = Literal["1", "2"]
Sections = Literal["separate", "pooled"]
Ties = Literal["exact", "displayed"]
TieBreak = Literal["none", "higher", "lower"]
SessionPercentage = Literal["total", "board-mean"]
HandicapShare = Literal["whole", "half"]
SitoutPolicy = Literal["none", "average", "session-average"]
SitoutSlot = Literal["uncounted", "counted"]
SwissMargin = Literal["halved", "ximpq"]


class OptionError(ValueError):
    """An unknown option name or a value outside the option's choices."""


@dataclass(frozen=True, slots=True)
class ScoringOptions:
    # --- matchpoints -------------------------------------------------------------
    matchpoint_units: MatchpointUnits = "ebu"
    """'ebu': 2 per result beaten, 1 per tie, top 2(n-1).  'acbl': 1 and ½, top n-1."""

    neuberg: bool = True
    """Factor boards with fewer results than expected (and artificial scores) to E results."""

    expected_results: str | int = "section"
    """E for Neuberg: 'section' (most results on any board of the comparison group),
    'event' (most on any board of the session), or an explicit number."""

    neuberg_rounding: NeubergRounding = "exact"
    """Per-board matchpoints after factoring: 'exact' (no rounding), 'ebu' (0.1, a half
    rounded toward the average), 'acbl' (0.01, a half rounded up), 'truncate' (cut down
    to 0.1, as Bridge NZ Scorer does)."""

    missing_results: MissingResults = "factored"
    """Matchpoints on a board with fewer results than expected (A < E): 'factored' (Neuberg,
    above) or 'ties' (ScoreBridge): each of the E − A missing results counts as a result equal
    to the pair's own, so a pair's matchpoints on the results played gain one tie (1 on the
    2/1 scale, ½ on ACBL's) per missing result, on the top of E results.  No rounding."""

    small_groups: SmallGroups = "none"
    """Boards with very few results: 'ebu' (A<=3 and A<=E/3: groups of 2 get 65/55 %,
    of 3 get 70/60/50 %, of 1 get 60 %), 'acbl' (WBF 1991: A>=3 Neuberg, 2 -> 65/55 %,
    1 -> 60 %), or 'none' (Neuberg whatever A)."""

    artificial: ArtificialPolicy = "fixed"
    """'fixed': A+ 60 %, A= 50 %, A- 40 %.  'variable': Law 12C2(c), A+ is 60 % or the
    pair's percentage on its other boards if higher; A- is 40 % or it if lower."""

    # --- IMPs --------------------------------------------------------------------
    butler_trim: str = "none"
    """Results left out of the Butler datum at each end: 'none', a count such as '1'
    (that many results off the top and the bottom), or a percentage such as '10%'."""

    datum_rounding: DatumRounding = "half-away"
    """Butler datum to the nearest 10: 'half-away' (425 -> 430, -425 -> -430),
    'half-even' (ACBLscore: 425 -> 420, 435 -> 440), or 'exact' (no rounding)."""

    cross_imp_divisor: CrossImpDivisor = "comparisons"
    """Cross-IMPs reported as the 'total' over comparisons, divided by the number of
    'comparisons' (results - 1), or divided by the number of 'scores' (results)."""

    artificial_imps: Fraction = Fraction(3)
    """IMPs for average-plus (and minus that for average-minus), per comparison."""

    weighted_imp_rounding: WeightedImpRounding = "exact"
    """Weighted IMP results (teams, Butler): 'exact' or 'integer' (nearest whole IMP,
    a half away from zero), as the EBU's weighted-score guide shows."""

    imp_pairs_factoring: bool = True
    """Scale IMP pair totals of pairs who played fewer boards to the full number of boards."""

    # --- aggregate and teams -------------------------------------------------------
    weighted_aggregate_rounding: WeightedAggregateRounding = "exact"
    """Weighted aggregate scores: 'exact' or 'ten' (nearest 10, a half away from zero)."""

    vp_scale: VpScale = "wbf"
    """Teams: 'wbf' (WBF 2013 continuous 20-VP scale, two decimals), 'discrete' (the
    WBF/EBU whole-VP scale built from it), 'club' (the club's own tables in
    ``club_vp_scales``) or 'none' (IMPs only)."""

    vp_rounding: VpRounding = "fix"
    """The continuous scale's two decimals: 'fix' (half up, then the concavity correction
    that reproduces the official tables), 'half-up' (without the correction) or
    'truncate' (cut to two decimals)."""

    vp_fractional_margin: VpFractionalMargin = "interpolate"
    """A fractional IMP margin (weighted scores) on the continuous scale: 'interpolate'
    between the scale's whole-IMP values, or 'round' the margin to a whole IMP first
    (a half up).  The discrete scale always rounds it (EBU: below n.5 counts as n)."""

    club_vp_scales: tuple[ClubVpScale, ...] = ()
    """The club's own VP tables (``vp_scale: club``), one per match length: ``ClubVpScale``s
    parsed and checked from YAML data (see ``club_vp.py``)."""

    vp_pool: VpPool = 20
    """VPs shared by a match: 20, or 10 for a triangular (half) match, which the discrete
    scale builds for half the boards (EBU).  The continuous scale has no 10-VP form."""

    teams_scoring: TeamsScoring = "imps"
    """'imps' (board IMPs, then VPs), 'aggregate' (total points), 'board-a-match' (each
    board won, tied or lost on the net score) or 'win-loss' (each match won, tied or lost
    on the IMP margin: 1, ½, 0)."""

    board_a_match_units: BoardAMatchUnits = "1"
    """Board-a-match points for a board won, tied, lost: '1' (1, ½, 0) or '2' (UK
    point-a-board: 2, 1, 0)."""

    # --- sessions ------------------------------------------------------------------
    sections: Sections = "separate"
    """'separate' (each section scored and ranked on its own) or 'pooled' (results
    compared and pairs ranked across all sections)."""

    ties: Ties = "exact"
    """Pairs tie when their exact scores are equal ('exact'), or when their
    percentages (IMPs) agree to two decimal places ('displayed')."""

    tie_break: TieBreak = "none"
    """Pairs on equal scores: 'none' (they share the place, '3='), or ordered by the tie-break
    figure the program recorded for each pair (PBN ``Tiebreak``), the 'higher' or the 'lower'
    first.  Pairs with equal (or no) recorded figures still share the place."""

    session_percentage: SessionPercentage = "total"
    """A matchpoint pair's session percentage: 'total' (matchpoints scored over the tops
    of the boards played, ΣMP / Σtop) or 'board-mean' (the mean of the pair's board
    percentages, every board counting the same).  They differ only when tops differ
    (Neuberg off, or boards factored to different E)."""

    handicap_share: HandicapShare = "whole"
    """Handicap pairs: the handicapped percentage is the scratch percentage plus the pair's
    'whole' handicap or 'half' of it (both are found in real NZ Scorer exports)."""

    scaled_total: bool = True
    """Matchpoints: for a pair who missed boards, also show the total scaled to the full
    number of boards (total × boards in full / boards played, e.g. 555 × 27 / 26 = 576.35,
    as Compscore prints), beside the raw total; the percentage and the ranking are unchanged."""

    sitout_policy: SitoutPolicy = "none"
    """Boards a pair sat out (a sit-out or a phantom pair in the movement): 'none' (they do
    not count for the pair), 'average' (50 % of the top each, 0 IMPs) or 'session-average'
    (the pair's own session average on each).  See ``sitout.py``."""

    sitout_slot: SitoutSlot = "uncounted"
    """An explicit sit-out line (the upload records which pair sat out a board): 'counted'
    makes its slot one of the board's expected results E, as NZ Scorer does; 'uncounted'
    (EBUScore, ACBLscore) compares the board over the results played.  See ``sitout_records.py``."""

    swiss_bye_vps: Fraction = Fraction(10)
    """Swiss pairs: the VPs a pair with a bye scores in that round (0 to the pool); 10, half
    of a 20-VP pool, counts the bye as a drawn match.  Clubs that favour the pair (12 is a
    common choice) set their own."""

    swiss_margin: SwissMargin = "halved"
    """Swiss pairs: a match's IMP margin.  'halved': half the difference of the two pairs'
    totals of board figures (their net IMPs, each swing counted once).  'ximpq': the EBU's
    modified cross-IMPs (White Book §3.1.3, the "Probst formula"): each pair's cross-IMP sums
    (cross_imp_divisor 'total') divided by √(r(r − 1)/2) for r results on each board, the
    match's margin rounded to a whole IMP, a half away from zero."""

    CHOICES: ClassVar[dict[str, tuple[str | int, ...]]] = {
        "matchpoint_units": get_args(MatchpointUnits),
        "neuberg_rounding": get_args(NeubergRounding),
        "small_groups": get_args(SmallGroups),
        "missing_results": get_args(MissingResults),
        "artificial": get_args(ArtificialPolicy),
        "datum_rounding": get_args(DatumRounding),
        "cross_imp_divisor": get_args(CrossImpDivisor),
        "weighted_imp_rounding": get_args(WeightedImpRounding),
        "weighted_aggregate_rounding": get_args(WeightedAggregateRounding),
        "vp_scale": get_args(VpScale),
        "vp_rounding": get_args(VpRounding),
        "vp_fractional_margin": get_args(VpFractionalMargin),
        "vp_pool": get_args(VpPool),
        "teams_scoring": get_args(TeamsScoring),
        "board_a_match_units": get_args(BoardAMatchUnits),
        "sections": get_args(Sections),
        "ties": get_args(Ties),
        "tie_break": get_args(TieBreak),
        "session_percentage": get_args(SessionPercentage),
        "handicap_share": get_args(HandicapShare),
        "sitout_policy": get_args(SitoutPolicy),
        "sitout_slot": get_args(SitoutSlot),
        "swiss_margin": get_args(SwissMargin),
    }
    """Each option's values, read from its ``Literal`` type (one list, for the checks and the messages)."""

    def __post_init__(self) -> None:
        for name, choices in self.CHOICES.items():
            value = getattr(self, name)
            if value not in choices:
                raise OptionError(
                    said(
                        msg(
                            "option %(name)s: expected one of %(choices)s, got %(value)s",
                            name=repr(name),
                            choices=", ".join(map(str, choices)),
                            value=repr(value),
                        )
                    )
                )
        e = self.expected_results
        if not (e in ("section", "event") or (isinstance(e, int) and not isinstance(e, bool) and e >= 1)):
            raise OptionError(
                said(
                    msg(
                        "option %(name)s: expected %(section)s, %(event)s or a whole number >= 1, got %(value)s",
                        name="'expected_results'",
                        section="'section'",
                        event="'event'",
                        value=repr(e),
                    )
                )
            )
        trim_count, trim_percent = self.trim
        if trim_count < 0 or not 0 <= trim_percent < 50:
            raise OptionError(
                said(
                    msg(
                        "option %(name)s: expected %(none)s, a count or a percentage below 50%%, got %(value)s",
                        name="'butler_trim'",
                        none="'none'",
                        value=repr(self.butler_trim),
                    )
                )
            )
        if self.sitout_policy != "none" and self.session_percentage == "board-mean":
            raise OptionError(
                said(
                    msg(
                        "option %(name)s: a sit-out award needs %(total)s "
                        "(the mean of board percentages has no board for the boards sat out)",
                        name="'sitout_policy'",
                        total="session_percentage 'total'",
                    )
                )
            )
        if not 0 <= self.swiss_bye_vps <= self.vp_pool:
            raise OptionError(
                said(
                    msg(
                        "option %(name)s: expected a number of VPs from 0 to the pool of %(pool)s, got %(value)s",
                        name="'swiss_bye_vps'",
                        pool=str(self.vp_pool),
                        value=str(self.swiss_bye_vps),
                    )
                )
            )
        if self.vp_pool == 10 and self.vp_scale == "wbf":
            raise OptionError(
                said(
                    msg(
                        "option %(name)s: a 10-VP pool needs %(discrete)s (the continuous WBF scale has no 10-VP form)",
                        name="'vp_pool'",
                        discrete="vp_scale 'discrete'",
                    )
                )
            )

    @property
    def trim(self) -> tuple[int, Fraction]:
        """(results dropped at each end, percentage dropped at each end)."""
        text = str(self.butler_trim).strip()
        try:
            if text in ("none", "0", ""):
                return 0, Fraction(0)
            if text.endswith("%"):
                return 0, _fraction(text[:-1].strip())
            if not _WHOLE.fullmatch(text):
                raise ValueError(text)
            return int(text), Fraction(0)
        except ValueError:
            raise OptionError(
                said(
                    msg(
                        "option %(name)s: expected %(none)s, a count such as 1 or a percentage such as 10%%, "
                        "got %(value)s",
                        name="'butler_trim'",
                        none="'none'",
                        value=repr(text),
                    )
                )
            ) from None

    def with_overrides(self, overrides: dict[str, Any]) -> ScoringOptions:
        """A copy with named options replaced; unknown names are an error."""
        known = {f.name: f for f in fields(self)}
        changes: dict[str, Any] = {}
        for name, value in overrides.items():
            key = str(name).replace("-", "_")
            if key not in known:
                raise OptionError(
                    said(
                        msg(
                            "unknown scoring option %(name)s; known options: %(known)s",
                            name=repr(name),
                            known=", ".join(sorted(known)),
                        )
                    )
                )
            default = getattr(self, key)
            if key == "club_vp_scales":
                from .club_vp import ClubScaleError, parse_club_scales

                try:
                    value = parse_club_scales(value)
                except ClubScaleError as exc:
                    raise OptionError(
                        said(
                            msg("option %(name)s: %(problem)s", name="'club_vp_scales'", problem=param_of(said_of(exc)))
                        )
                    ) from None
            elif isinstance(default, bool):
                if not isinstance(value, bool):
                    raise OptionError(
                        said(
                            msg(
                                "option %(name)s: expected true or false, got %(value)s",
                                name=repr(name),
                                value=repr(value),
                            )
                        )
                    )
            elif isinstance(default, Fraction):
                try:
                    value = _fraction(str(value))
                except (ValueError, ZeroDivisionError):
                    raise OptionError(
                        said(
                            msg("option %(name)s: expected a number, got %(value)s", name=repr(name), value=repr(value))
                        )
                    ) from None
            elif key in ("expected_results",) and isinstance(value, str) and _WHOLE.fullmatch(value.strip()):
                value = int(value)
            elif key == "butler_trim" or (
                key == "board_a_match_units" and isinstance(value, int) and not isinstance(value, bool)
            ):
                value = str(value)
            elif key == "vp_pool" and isinstance(value, str) and _WHOLE.fullmatch(value.strip()):
                value = int(value)
            changes[key] = value
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name == "club_vp_scales":
                out[f.name] = [scale.to_plain() for scale in v]
                continue
            out[f.name] = str(v) if isinstance(v, Fraction) else v
        return out


DEFAULT_OPTIONS = ScoringOptions()


def resolve_options(
    site: ScoringOptions | Mapping[str, Any] | None = None,
    upload: Mapping[str, Any] | None = None,
    command_line: Mapping[str, Any] | None = None,
) -> ScoringOptions:
    """The one order of precedence, for the build, ``score`` and ``check`` alike: the defaults,
    then ``site.yaml``'s ``scoring:``, then the upload's own ``options:``, then ``--option``
    on the command line (each later one wins).  ``site`` may be options already resolved
    from ``site.yaml`` (``site_settings.site_scoring_for``).

    >>> resolve_options({"ties": "displayed", "neuberg": False}, {"neuberg": True}).neuberg
    True
    >>> resolve_options({"ties": "displayed"}, {}, {"ties": "exact"}).ties
    'exact'
    """
    options = site if isinstance(site, ScoringOptions) else DEFAULT_OPTIONS  # the site's already resolved
    for layer in (None if isinstance(site, ScoringOptions) else site, upload, command_line):
        if layer:
            options = options.with_overrides(dict(layer))
    return options


_WHOLE = re.compile(r"[0-9]{1,6}")
_NUMBER = re.compile(r"[+-]?[0-9]{1,9}(?:\.[0-9]{1,9})?(?:/[0-9]{1,9})?")


def _fraction(text: str) -> Fraction:
    """An option's number: '3', '1.5', '3/2' — ASCII digits of bounded length only, because
    options come from uploads too ('1e999999999' would take hours as a Fraction)."""
    if not _NUMBER.fullmatch(text.strip()):
        raise ValueError(text)
    return Fraction(text.strip())

"""Teams: board figures between the two tables of a match, match totals, VPs, team ranking.

On each board the home team sat NS at one table and EW at the other; its net score is
the NS score at the first table less the NS score at the second.  Option ``teams_scoring``:

* 'imps': the net score IMPed (Law 78B); the match's IMP margin becomes VPs (option
  ``vp_scale``), or stays an IMP margin with no scale.
* 'aggregate': the net score in points; the match adds its points margin.
* 'board-a-match': whichever team has the better net score wins the board, by any margin
  (1 board point; a tie ½ each; option ``board_a_match_units`` '2' for UK 2/1/0); the
  match adds each team's board points.
* 'win-loss': boards in IMPs, the match won (1), tied (½) or lost (0) on the IMP margin.

A weighted score at either table is scored component by component against each component
at the other table and the figures weighted (seed 000 §3).  An artificial score gives
+3 / 0 / -3 IMPs; at board-a-match it gives the side its percentage of the board's
points (A+ 60 %, A= 50 %, A- 40 %).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction

from ..model import Artificial, Match, Outcome, Scored, Session
from .club_vp import ClubScaleError, club_match_vps
from .explain import Explanation, Step, Value, amount, equals, fig, fmt, pfig, sfig, signed
from .explain import unit_word as unit_message
from .imps import imp_band, imps
from .message import Cap, Figure, Msg, Param, Plural, formula, join, msg, plural
from .options import OptionError, ScoringOptions
from .ranking import rank_labels
from .results import MatchResult, SessionResult, TeamsBoardResult, TeamStanding
from .rounding import display_vp as vp_places
from .rounding import round_vp_margin, round_weighted_aggregate, round_weighted_imps
from .units import unit_label
from .vp import discrete_band, discrete_bounds, match_vps, vp_table


def team_units(options: ScoringOptions) -> tuple[str, str]:
    """(board unit, total unit) of a teams session scored with ``options``."""
    scoring = options.teams_scoring
    if scoring == "board-a-match":
        return "board_points", "board_points"
    if scoring == "aggregate":
        return "points", "points"
    if scoring == "win-loss":
        return "imps", "wins"
    return "imps", ("imps" if options.vp_scale == "none" else "vps")


def _component_rows(
    home_ns: Scored, home_ew: Scored, worth_of: Callable[[int], Fraction], key: str
) -> tuple[list[dict[str, Value]], Fraction]:
    """Each component at one table against each at the other (one pair when neither is weighted):
    weight, scores, difference and its worth under ``key``; and the weighted sum of the worths.

    ``home_ew`` is the NS score at the table where the home team sat EW (what the traveller
    says); ``home_ew_own`` is the home team's own score there, its negation."""
    rows: list[dict[str, Value]] = []
    total = Fraction(0)
    for a in home_ns.components:
        for b in home_ew.components:
            weight = a.weight * b.weight
            diff = a.play.ns_score - b.play.ns_score
            worth = worth_of(diff)
            total += weight * worth
            rows.append(
                {
                    "weight": weight,
                    "home_ns": a.play.ns_score,
                    "home_ew": b.play.ns_score,
                    "home_ew_own": -b.play.ns_score,
                    "difference": diff,
                    key: worth,
                    "product": weight * worth,
                }
            )
    return rows, total


def _net(row: dict[str, Value]) -> Param:
    """'+140 − 170 = −30': the home team's two scores, each from the side it sat, added."""
    own_ns, own_ew = int(row["home_ns"]), int(row["home_ew_own"])
    return formula(
        "%(ns)s %(op)s %(ew)s = %(net)s",
        ns=signed(own_ns),
        op="+" if own_ew >= 0 else "−",
        ew=str(abs(own_ew)),
        net=signed(own_ns + own_ew),
    )


def _two_tables(row: dict[str, Value], home: str) -> Msg:
    """Both tables from the home team's side, in words, with the arithmetic."""
    own_ns, own_ew = int(row["home_ns"]), int(row["home_ew_own"])
    return msg(
        "%(home)s scored %(ns)s sitting North-South at one table and %(ew)s sitting East-West at the other: "
        "%(net)s net",
        home=home,
        ns=signed(own_ns),
        ew=signed(own_ew),
        net=_net(row),
    )


def _award_at(award: Artificial, sign: int, home: str) -> Msg:
    what = msg("average-plus") if award.percent > 50 else msg("average-minus") if award.percent < 50 else msg("average")
    if sign == 1:
        return msg(
            "%(code)s (%(award)s to North-South) at the table where %(home)s sat North-South",
            code=award.code,
            award=what,
            home=home,
        )
    return msg(
        "%(code)s (%(award)s to North-South) at the table where %(home)s sat East-West",
        code=award.code,
        award=what,
        home=home,
    )


def boards_message(boards: int | Fraction) -> Plural:
    """``boards_words`` as a message: '1 board', '8 boards', '1.5 boards'."""
    return plural("%(num)s board", "%(num)s boards", fig(boards))


def weighted_board_imps(
    home_ns: Outcome,
    home_ew: Outcome,
    options: ScoringOptions,
    home: str = "the home team",
    away: str = "the away team",
) -> tuple[Fraction, Explanation]:
    """IMPs (or points, for aggregate) to the home team on one board."""
    aggregate = options.teams_scoring == "aggregate"
    unit = unit_label("points" if aggregate else "imps")
    artificial = [(o, sign) for o, sign in ((home_ns, 1), (home_ew, -1)) if isinstance(o, Artificial)]
    if artificial:
        value = Fraction(0)
        parts = []
        for award, sign in artificial:
            # The award is written from NS's view at that table; at the second table the home team is EW.
            worth = (award.percent - 50) / 10 * options.artificial_imps * sign
            value += worth
            gainer = home if worth >= 0 else away
            parts.append(
                msg(
                    "%(award)s, the director's ruling: %(imps)s to %(team)s",
                    award=_award_at(award, sign, home),
                    imps=amount(abs(worth), "IMPs"),
                    team=gainer,
                )
            )
        step = Step("artificial.award", join("; ", parts), {"imps": value})
        return value, Explanation("artificial", value, (step,), {})
    assert isinstance(home_ns, Scored) and isinstance(home_ew, Scored)
    key = "points" if aggregate else "imps"
    rows, total = _component_rows(home_ns, home_ew, Fraction if aggregate else (lambda diff: Fraction(imps(diff))), key)
    if len(rows) == 1:
        r = rows[0]
        diff = int(r["difference"])
        outcome: Param
        if total == 0:
            outcome = msg("no points either way") if aggregate else msg("no IMPs either way")
        else:
            outcome = msg(
                "%(amount)s to %(team)s",
                amount=amount(abs(total), unit),
                team=home if total > 0 else away,
            )
        summary: Param = msg("%(tables)s: %(outcome)s", tables=_two_tables(r, home), outcome=outcome)
        if not aggregate:
            summary = msg("%(board)s (%(band)s points on the IMP scale)", board=summary, band=imp_band(diff))
        steps = [Step("teams.board", summary, {"components": rows, "total": total, "home_name": home})]
    else:
        ifs = join(
            "; ",
            (
                formula(
                    "%(weight)s: %(net)s, %(worth)s",
                    weight=pfig(Fraction(r["weight"]) * 100),
                    net=_net(r),
                    worth=amount(Fraction(r[key]), unit, sign=True),
                )
                for r in rows
            ),
        )
        terms = join(
            " + ",
            (formula("%(w)s × %(v)s", w=pfig(Fraction(r["weight"]) * 100), v=_bracket(r[key])) for r in rows),
        )
        worked = formula(
            "%(terms)s %(eq)s %(total)s",
            terms=terms,
            eq=equals(*(Fraction(r["weight"]) * 100 for r in rows)),
            total=sfig(total, 4),
        )
        text = (
            msg(
                "the director weighted the possible results; each is scored for %(home)s against the other table "
                "(their own score at each table, net), then weighted: %(ifs)s. %(worked)s %(unit)s",
                home=home,
                ifs=ifs,
                worked=worked,
                unit=unit_message(unit),
            )
            if total == 0
            else msg(
                "the director weighted the possible results; each is scored for %(home)s against the other table "
                "(their own score at each table, net), then weighted: %(ifs)s. %(worked)s %(unit)s, "
                "so %(amount)s %(unit)s to %(team)s",
                home=home,
                ifs=ifs,
                worked=worked,
                unit=unit_message(unit),
                amount=fig(abs(total), 4),
                team=home if total > 0 else away,
            )
        )
        steps = [
            Step(
                "weighted.component",
                text,
                {"components": rows, "total": total, "home_name": home, "unit": unit},
            )
        ]
    value = (
        round_weighted_aggregate(total, options.weighted_aggregate_rounding)
        if aggregate
        else round_weighted_imps(total, options.weighted_imp_rounding)
    )
    if value != total:
        how = msg("to the nearest 10") if aggregate else msg("to the nearest whole IMP")
        steps.append(
            Step(
                "rounding.weighted_imps",
                msg(
                    "%(exact)s rounded %(how)s (a half away from zero): %(rounded)s",
                    exact=fig(total, 4),
                    how=how,
                    rounded=fig(value),
                ),
                {"exact": total, "rounded": value},
            )
        )
    return value, Explanation("teams", value, tuple(steps), {})


def _bracket(value: Fraction | int) -> Param:
    """A signed factor: '(+10)', '(−4)', '0'."""
    return "0" if value == 0 else formula("(%(v)s)", v=sfig(value))


def board_points(difference: int, units: Fraction) -> Fraction:
    """Board-a-match points to the team whose net score is ``difference``: all of the board
    for any positive margin, half for a tie, none for a loss."""
    if difference > 0:
        return units
    return units / 2 if difference == 0 else Fraction(0)


def board_a_match_points(
    home_ns: Outcome,
    home_ew: Outcome,
    options: ScoringOptions,
    home: str = "the home team",
    away: str = "the away team",
) -> tuple[Fraction, Explanation]:
    """Board points to the home team on one board; the away team gets the rest of the board."""
    units = Fraction(int(options.board_a_match_units))
    word = unit_label("board_points")
    artificial = [(o, sign) for o, sign in ((home_ns, 1), (home_ew, -1)) if isinstance(o, Artificial)]
    if artificial:
        # Each artificial award moves the home team's share of the board from 50 % by its own
        # distance from 50 % (written from NS's view at that table; the home team is EW at the
        # second); the share stays within the board.
        share = Fraction(50)
        parts = []
        for award, sign in artificial:
            home_percent = award.percent if sign == 1 else 100 - award.percent
            share += home_percent - 50
            parts.append(
                msg(
                    "%(award)s: %(pct)s of the board to %(team)s",
                    award=_award_at(award, sign, home),
                    pct=pfig(home_percent),
                    team=home,
                )
            )
        share = min(max(share, Fraction(0)), Fraction(100))
        value = units * share / 100
        awards: Param = join("; ", parts)
        if len(parts) > 1:
            awards = msg("%(awards)s; together %(pct)s", awards=awards, pct=pfig(share))
        summary = msg(
            "%(awards)s: %(home)s – %(away)s %(unit)s",
            awards=awards,
            home=fig(value),
            away=fig(units - value),
            unit=unit_message(word),
        )
        step = Step(
            "artificial.award", summary, {"percent": share, "home": value, "away": units - value, "units": units}
        )
        return value, Explanation("artificial", value, (step,), {})
    assert isinstance(home_ns, Scored) and isinstance(home_ew, Scored)
    rows, total = _component_rows(home_ns, home_ew, lambda diff: board_points(diff, units), "points")
    if len(rows) == 1:
        r = rows[0]
        outcome = (
            msg("%(team)s win the board", team=home)
            if r["difference"] > 0
            else msg("the board is tied")
            if r["difference"] == 0
            else msg("%(team)s win the board", team=away)
        )
        summary = msg(
            "%(tables)s: %(outcome)s (any margin counts): %(home)s – %(away)s %(unit)s",
            tables=_two_tables(r, home),
            outcome=outcome,
            home=fig(total),
            away=fig(units - total),
            unit=unit_message(word),
        )
        steps = (
            Step(
                "teams.board_a_match",
                summary,
                {"components": rows, "home": total, "away": units - total, "units": units},
            ),
        )
    else:
        terms = join(
            " + ", (formula("%(w)s × %(p)s", w=pfig(Fraction(r["weight"]) * 100), p=fig(r["points"])) for r in rows)
        )
        summary = msg(
            "each component is compared with the other table (a win %(win)s, a tie %(tie)s, a loss 0), "
            "then weighted: %(worked)s %(unit)s",
            win=fig(units),
            tie=fig(units / 2),
            worked=formula(
                "%(terms)s %(eq)s %(home)s – %(away)s",
                terms=terms,
                eq=equals(*(Fraction(r["weight"]) * 100 for r in rows)),
                home=fig(total, 4),
                away=fig(units - total, 4),
            ),
            unit=unit_message(word),
        )
        # Its own rule id: the weighted IMP table ('weighted.component') has an IMPs column.
        steps = (
            Step(
                "weighted.board_a_match",
                summary,
                {"components": rows, "total": total, "home": total, "away": units - total, "units": units},
            ),
        )
    return total, Explanation("teams", total, steps, {})


def score_match(match: Match, options: ScoringOptions) -> MatchResult:
    board_unit, total_unit = team_units(options)
    label = unit_label(board_unit)
    bam = options.teams_scoring == "board-a-match"
    units = Fraction(int(options.board_a_match_units))
    boards = []
    home = Fraction(0)
    away = Fraction(0)
    for board in sorted(match.boards, key=lambda b: b.number):
        if board.home_ns is None or board.home_ew is None:
            continue  # a board not played at both tables is not scored
        if bam:
            value, explanation = board_a_match_points(
                board.home_ns, board.home_ew, options, match.home.name, match.away.name
            )
            other = units - value
            home += value
            away += other
        else:
            value, explanation = weighted_board_imps(
                board.home_ns, board.home_ew, options, match.home.name, match.away.name
            )
            other = -value
            if value > 0:
                home += value
            else:
                away -= value
        boards.append(
            TeamsBoardResult(
                board.number,
                _plain(board.home_ns),
                _plain(board.home_ew),
                value,
                explanation,
                board.home_ns_line,
                board.home_ew_line,
                other,
            )
        )
    steps = []
    if match.imp_adjustment:
        # The director's adjustment is in the match's board unit (IMPs, points or board points).
        gainer = match.home if match.imp_adjustment > 0 else match.away
        steps.append(
            Step(
                "teams.adjustment",
                msg(
                    "director's adjustment: %(amount)s %(unit)s to %(team)s",
                    amount=fig(abs(match.imp_adjustment), 4),
                    unit=unit_message(label),
                    team=gainer.name,
                ),
                {"home": match.imp_adjustment},
            )
        )
    home += max(match.imp_adjustment, Fraction(0))
    away += max(-match.imp_adjustment, Fraction(0))
    steps.append(
        Step(
            "teams.total",
            msg(
                "%(home)s %(home_total)s %(unit)s, %(away)s %(away_total)s %(unit)s over %(boards)s",
                home=match.home.name,
                home_total=fig(home, 4),
                unit=unit_message(label),
                away=match.away.name,
                away_total=fig(away, 4),
                boards=boards_message(len(boards)),
            ),
            {"home": home, "away": away, "boards": len(boards)},
        )
    )
    home_vp = away_vp = None
    method = "vp"
    if total_unit == "vps" and boards and options.vp_scale == "club":
        home_vp, away_vp, step = club_vps(match, home, away, len(boards), options)
        steps.insert(0, vp_lead(match.home.name, match.away.name, home - away, len(boards), home_vp, away_vp, label))
        steps.append(step)
        home_score, away_score = home_vp, away_vp
    elif total_unit == "vps" and boards:
        home_vp, away_vp = match_vps(
            home,
            away,
            len(boards),
            options.vp_fractional_margin,
            options.vp_scale,
            options.vp_rounding,
            options.vp_pool,
        )
        steps.insert(0, vp_lead(match.home.name, match.away.name, home - away, len(boards), home_vp, away_vp, label))
        steps += vp_steps(home - away, len(boards), home_vp, away_vp, options)
        home_score, away_score = home_vp, away_vp
    elif total_unit == "wins":
        method = "win_loss"
        margin = home - away
        home_score = Fraction(1) if margin > 0 else Fraction(1, 2) if margin == 0 else Fraction(0)
        away_score = 1 - home_score
        outcome = (
            msg("%(team)s win the match", team=match.home.name)
            if margin > 0
            else msg("%(team)s win the match", team=match.away.name)
            if margin < 0
            else msg("the match is tied")
        )
        steps.append(
            Step(
                "teams.win_loss",
                msg(
                    "margin %(margin)s IMPs to %(team)s: %(outcome)s: %(home)s – %(away)s %(unit)s",
                    margin=sfig(margin, 4),
                    team=match.home.name,
                    outcome=outcome,
                    home=fig(home_score),
                    away=fig(away_score),
                    unit=unit_message(unit_label("wins")),
                ),
                {"margin": margin, "home": home_score, "away": away_score},
            )
        )
    elif bam:
        method = "board_a_match"
        home_score, away_score = home, away
    else:
        home_score, away_score = home - away, away - home
    return MatchResult(
        match,
        tuple(boards),
        home,
        away,
        home_vp,
        away_vp,
        Explanation(method, home_score, tuple(steps), {}),
        board_unit,
        total_unit,
        home_score,
        away_score,
    )


def club_vps(
    match: Match, home: Fraction, away: Fraction, boards: int, options: ScoringOptions
) -> tuple[Fraction, Fraction, Step]:
    """The match on the club's own VP table for its number of boards, and the step that shows it."""
    try:
        home_vp, away_vp, used, band, scale = club_match_vps(home, away, boards, options.club_vp_scales)
    except ClubScaleError as exc:
        raise OptionError(str(exc)) from None
    margin = home - away
    margins: Param = (
        msg("%(band)s IMPs", band=band.label.replace("-", "–"))
        if band.label != "1"
        else plural("%(num)s IMP", "%(num)s IMPs", fig(1))
    )
    club_scale = msg(
        "on the club's %(pool)s-VP scale for %(boards)s: %(margins)s is worth %(winner)s–%(loser)s: "
        "%(home)s %(home_vp)s, %(away)s %(away_vp)s",
        pool=fig(scale.pool),
        boards=boards_message(boards),
        margins=margins,
        winner=fig(band.winner),
        loser=fig(band.loser),
        home=match.home.name,
        home_vp=fig(home_vp),
        away=match.away.name,
        away_vp=fig(away_vp),
    )
    text = (
        msg("margin %(margin)s IMPs %(scale)s", margin=fig(abs(margin), 4), scale=club_scale)
        if margin.denominator == 1
        else msg(
            "margin %(margin)s IMPs (a fractional margin counts as the nearest whole IMP, a half up: %(used)s) "
            "%(scale)s",
            margin=fig(abs(margin), 4),
            used=str(used),
            scale=club_scale,
        )
    )
    return (
        home_vp,
        away_vp,
        Step(
            "vp.club",
            text,
            {
                "margin": margin,
                "rounded_margin": used,
                "boards": boards,
                "band": [band.low, band.high],
                "winner": band.winner,
                "loser": band.loser,
                "home_vp": home_vp,
                "away_vp": away_vp,
                "pool": scale.pool,
            },
        ),
    )


def vp_lead(
    home_name: str,
    away_name: str,
    margin: Fraction,
    boards: int,
    home_vp: Fraction,
    away_vp: Fraction,
    label: str = "IMPs",
) -> Step:
    """The fact a member looks for, before the working: "Badgers by 13.4 IMPs over 4 boards →
    16.22 VPs to Badgers, 3.78 to Otters".  The scale and its arithmetic follow (``vp_steps``)."""
    over = boards_message(boards)
    if margin == 0:
        text = msg("a tie over %(boards)s → %(vps)s VPs each", boards=over, vps=fig(home_vp))
    else:
        winner, loser, winner_vp, loser_vp = (
            (home_name, away_name, home_vp, away_vp) if margin > 0 else (away_name, home_name, away_vp, home_vp)
        )
        text = msg(
            "%(winner)s by %(margin)s over %(boards)s → %(winner_vps)s VPs to %(winner)s, %(loser_vps)s to %(loser)s",
            winner=winner,
            margin=amount(abs(margin), label, 4),
            boards=over,
            winner_vps=fig(winner_vp),
            loser_vps=fig(loser_vp),
            loser=loser,
        )
    return Step("vp.result", text, {"margin": margin, "boards": boards, "home_vp": home_vp, "away_vp": away_vp})


def vp_steps(
    margin: Fraction, boards: int, home_vp: Fraction, away_vp: Fraction, options: ScoringOptions
) -> list[Step]:
    """The VP conversion: any rounding of a fractional margin, then the scale's award."""
    steps = []
    discrete = options.vp_scale == "discrete"
    used = abs(margin)
    if margin.denominator != 1 and (discrete or options.vp_fractional_margin == "round"):
        used = round_vp_margin(used)
        steps.append(
            Step(
                "vp.margin",
                msg(
                    "the margin of %(margin)s IMPs counts as %(used)s "
                    "(a fractional margin below n.5 counts as n, from n.5 as n + 1)",
                    margin=fig(abs(margin), 4),
                    used=fig(used),
                ),
                {"margin": abs(margin), "rounded": used},
            )
        )
    pool = options.vp_pool
    values = {"margin": margin, "boards": boards, "home_vp": home_vp, "away_vp": away_vp, "pool": pool}
    if discrete:
        winner = max(home_vp, away_vp)
        low, high = discrete_band(int(winner), boards, pool)
        band = (
            msg("%(low)s IMPs and more", low=low)
            if high is None
            else msg("%(low)s–%(high)s IMPs", low=low, high=high)
            if high != low
            else msg("%(low)s IMPs", low=low)
        )
        size = boards if pool == 20 else Fraction(boards, 2)
        scale_name: Param = (
            msg("the WBF/EBU discrete %(pool)s-VP scale", pool=pool)
            if pool == 20
            else msg(
                "the WBF/EBU discrete %(pool)s-VP scale (built for %(boards)s)", pool=pool, boards=boards_message(size)
            )
        )
        steps.append(
            Step(
                "vp.discrete",
                msg(
                    "margin %(margin)s IMPs over %(boards)s on %(scale)s: %(band)s is worth %(vps)s VPs to the winner: "
                    "%(home)s – %(away)s",
                    margin=fig(used),
                    boards=boards_message(boards),
                    scale=scale_name,
                    band=band,
                    vps=fig(winner),
                    home=fig(home_vp),
                    away=fig(away_vp),
                ),
                {**values, "rounded_margin": used, "band": [low, high], "bounds": list(discrete_bounds(boards, pool))},
            )
        )
        return steps
    how = {
        "fix": msg("two decimals, adjusted so that no IMP is worth more than the one before it (the WBF's tables)"),
        "half-up": msg("two decimals, a half up, no concavity correction"),
        "truncate": msg("cut to two decimals"),
    }[options.vp_rounding]
    table = vp_table(boards, options.vp_rounding)
    square = Fraction(15 * math.isqrt(boards)) if math.isqrt(boards) ** 2 == boards else None
    if square is not None:
        blitz = fig(square)
    else:
        root = f"{Decimal(15) * Decimal(boards).sqrt():.2f}"
        blitz = Figure(Fraction(root), 2, root)
    scale_text = msg(
        "margin %(margin)s IMPs over %(boards)s on the WBF 20-VP scale: the winner gets "
        "%(formula)s VPs, where M is the margin, τ is %(tau)s (the golden ratio less 1) and B is %(b)s "
        "(15 times the square root of the number of boards), up to 20 at a margin of B or more; %(how)s",
        margin=fig(used, 4),
        boards=boards_message(boards),
        formula="10 + 10 × (1 − τ^(3M / B)) / (1 − τ³)",
        tau=Figure(Fraction(618, 1000), 3, "0.618"),
        b=blitz,
        how=how,
    )
    winner = max(home_vp, away_vp)
    whole = int(used)
    if used.denominator != 1 and whole + 1 < len(table):
        below, above = Fraction(table[whole]), Fraction(table[whole + 1])
        part = used - whole
        exact = below + (above - below) * part
        low_vp, high_vp = _table_vp(table[whole]), _table_vp(table[whole + 1])
        reading: Msg = msg(
            "a margin of %(margin)s IMPs lies between %(low_vp)s VPs at %(low)s and %(high_vp)s at %(high)s IMPs: "
            "%(worked)s, to two decimals %(vps)s",
            margin=fig(used, 4),
            low_vp=low_vp,
            low=whole,
            high_vp=high_vp,
            high=whole + 1,
            worked=formula(
                "%(low_vp)s + (%(high_vp)s − %(low_vp)s) × %(part)s %(eq)s %(exact)s",
                low_vp=low_vp,
                high_vp=high_vp,
                part=fig(part, 4),
                eq=equals(part, places=4),
                exact=fig(exact, 4),
            ),
            vps=_vp(winner),
        )
    elif whole < len(table):
        reading = msg(
            "the scale's row for %(margin)s IMPs gives the winner %(vps)s VPs",
            margin=whole,
            vps=_table_vp(table[whole]),
        )
    else:
        reading = msg("a margin of %(margin)s IMPs is B or more: 20 VPs", margin=fig(used))
    steps.append(
        Step(
            "vp.scale",
            msg(
                "%(scale)s. %(reading)s: %(home)s – %(away)s (the loser gets %(loser)s)",
                scale=scale_text,
                reading=Cap(reading),
                home=_vp(home_vp),
                away=_vp(away_vp),
                loser=formula("20 − %(winner)s = %(loser)s", winner=_vp(winner), loser=_vp(20 - winner)),
            ),
            {**values, "rounding": options.vp_rounding},
        )
    )
    return steps


def _vp(value: Fraction) -> Figure:
    """A VP figure as ``rounding.display_vp`` writes it (always two decimals)."""
    return Figure(value, 2, vp_places(value))


def _table_vp(entry: object) -> Figure:
    """A row of the WBF scale (as the table holds it) as a figure."""
    text = str(entry)
    return Figure(Fraction(text), 2, text)


def boards_words(boards: int | Fraction) -> str:
    """'1 board', '8 boards', '1.5 boards'."""
    return f"{fmt(boards)} board{'' if boards == 1 else 's'}"


def _plain(outcome: Outcome) -> int | None:
    if isinstance(outcome, Scored) and not outcome.is_weighted:
        return outcome.components[0].play.ns_score
    return None


def score_teams_session(session: Session, options: ScoringOptions) -> SessionResult:
    """Score every match and rank the teams on their totals in the session's total unit."""
    board_unit, total_unit = team_units(options)
    matches = tuple(score_match(m, options) for m in session.matches)
    totals: dict[int, Fraction] = defaultdict(Fraction)
    imps_for: dict[int, Fraction] = defaultdict(Fraction)
    imps_against: dict[int, Fraction] = defaultdict(Fraction)
    played: dict[int, int] = defaultdict(int)
    teams = {t.number: t for t in session.teams}
    for m in matches:
        for team, own, other, score in (
            (m.match.home, m.home_imps, m.away_imps, m.home_score),
            (m.match.away, m.away_imps, m.home_imps, m.away_score),
        ):
            teams.setdefault(team.number, team)
            totals[team.number] += score
            imps_for[team.number] += own
            imps_against[team.number] += other
            played[team.number] += 1
    labels = rank_labels([(n, totals[n]) for n in teams])
    standings = sorted(
        (
            TeamStanding(
                teams[n], totals[n], imps_for[n], imps_against[n], played[n], *labels[n], board_unit, total_unit
            )
            for n in teams
        ),
        key=lambda s: (s.rank, s.team.number),
    )
    return SessionResult(session, options, (), (), matches, tuple(standings))

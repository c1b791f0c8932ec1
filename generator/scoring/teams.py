"""Teams: board IMPs between the two tables of a match, match totals, VPs, team ranking.

On each board the home team sat NS at one table and EW at the other; its result is
the NS score at the first table less the NS score at the second, IMPed (Law 78B).
A weighted score at either table is IMPed component by component and then weighted
(seed 000 §3); an artificial score gives +3 / 0 / -3 IMPs.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from ..model import Artificial, Match, Outcome, Scored, Session
from .explain import Explanation, Step, fmt, signed
from .imps import imp_band, imps
from .options import ScoringOptions
from .ranking import rank_labels
from .results import MatchResult, SessionResult, TeamsBoardResult, TeamStanding
from .rounding import round_weighted_aggregate, round_weighted_imps
from .vp import match_vps


def weighted_board_imps(home_ns: Outcome, home_ew: Outcome, options: ScoringOptions) -> tuple[Fraction, Explanation]:
    """IMPs (or points, for aggregate) to the home team on one board."""
    aggregate = options.teams_scoring == "aggregate"
    artificial = [(o, sign) for o, sign in ((home_ns, 1), (home_ew, -1)) if isinstance(o, Artificial)]
    if artificial:
        value = Fraction(0)
        parts = []
        for award, sign in artificial:
            # The award is written from NS's view at that table; at the second table the home team is EW.
            worth = (award.percent - 50) / 10 * options.artificial_imps * sign
            value += worth
            parts.append(f"{award.code} at the table where the home team sat {'NS' if sign == 1 else 'EW'}: {signed(worth)} IMPs")
        step = Step("artificial.award", "; ".join(parts), {"imps": value})
        return value, Explanation("artificial", value, (step,), {})
    assert isinstance(home_ns, Scored) and isinstance(home_ew, Scored)
    rows = []
    total = Fraction(0)
    for a in home_ns.components:
        for b in home_ew.components:
            weight = a.weight * b.weight
            diff = a.play.ns_score - b.play.ns_score
            worth = Fraction(diff) if aggregate else Fraction(imps(diff))
            total += weight * worth
            rows.append({"weight": weight, "home_ns": a.play.ns_score, "home_ew": b.play.ns_score,
                         "difference": diff, "imps": worth, "product": weight * worth})
    unit = "points" if aggregate else "IMPs"
    if len(rows) == 1:
        r = rows[0]
        band = "" if aggregate else f" ({imp_band(r['difference'])} on the IMP scale)"
        summary = (f"{signed(r['home_ns'])} (home team NS) − {signed(r['home_ew'])} (home team EW) = "
                   f"{signed(r['difference'])}{band} = {signed(total)} {unit} to the home team")
        steps = [Step("teams.board", summary, {"components": rows, "total": total})]
    else:
        terms = " + ".join(f"{fmt(r['weight'] * 100)}% × {signed(r['imps'])}" for r in rows)
        steps = [Step("weighted.component",
                      f"each component is {unit}ed against the other table, then weighted: {terms} = {fmt(total, 4)} {unit}",
                      {"components": rows, "total": total})]
    value = round_weighted_aggregate(total, options.weighted_aggregate_rounding) if aggregate else \
        round_weighted_imps(total, options.weighted_imp_rounding)
    if value != total:
        steps.append(Step("rounding.weighted_imps", f"{fmt(total, 4)} rounded to {fmt(value)}", {"exact": total, "rounded": value}))
    return value, Explanation("teams", value, tuple(steps), {})


def score_match(match: Match, options: ScoringOptions) -> MatchResult:
    boards = []
    home = Fraction(0)
    away = Fraction(0)
    for board in sorted(match.boards, key=lambda b: b.number):
        if board.home_ns is None or board.home_ew is None:
            continue  # a board not played at both tables is not scored
        value, explanation = weighted_board_imps(board.home_ns, board.home_ew, options)
        boards.append(TeamsBoardResult(board.number, _plain(board.home_ns), _plain(board.home_ew), value, explanation,
                                       board.home_ns_line, board.home_ew_line))
        if value > 0:
            home += value
        else:
            away -= value
    home += max(match.imp_adjustment, Fraction(0))
    away += max(-match.imp_adjustment, Fraction(0))
    steps = [Step("teams.total", f"{match.home.name} {fmt(home, 4)} IMPs, {match.away.name} {fmt(away, 4)} IMPs over {len(boards)} boards",
                  {"home": home, "away": away, "boards": len(boards)})]
    home_vp = away_vp = None
    if options.vp_scale == "wbf" and options.teams_scoring == "imps" and boards:
        home_vp, away_vp = match_vps(home, away, len(boards), options.vp_fractional_margin)
        steps.append(Step("vp.scale",
                          f"margin {fmt(abs(home - away), 4)} IMPs over {len(boards)} boards on the WBF 20-VP scale: "
                          f"{fmt(home_vp)} – {fmt(away_vp)}",
                          {"margin": home - away, "boards": len(boards), "home_vp": home_vp, "away_vp": away_vp}))
    result = home_vp if home_vp is not None else home - away
    return MatchResult(match, tuple(boards), home, away, home_vp, away_vp, Explanation("vp", result, tuple(steps), {}))


def _plain(outcome: Outcome) -> int | None:
    if isinstance(outcome, Scored) and not outcome.is_weighted:
        return outcome.components[0].play.ns_score
    return None


def score_teams_session(session: Session, options: ScoringOptions) -> SessionResult:
    matches = tuple(score_match(m, options) for m in session.matches)
    totals: dict[int, Fraction] = defaultdict(Fraction)
    imps_for: dict[int, Fraction] = defaultdict(Fraction)
    imps_against: dict[int, Fraction] = defaultdict(Fraction)
    played: dict[int, int] = defaultdict(int)
    teams = {t.number: t for t in session.teams}
    for m in matches:
        for team, own, other, vp in ((m.match.home, m.home_imps, m.away_imps, m.home_vp),
                                     (m.match.away, m.away_imps, m.home_imps, m.away_vp)):
            teams.setdefault(team.number, team)
            totals[team.number] += vp if vp is not None else own - other
            imps_for[team.number] += own
            imps_against[team.number] += other
            played[team.number] += 1
    labels = rank_labels([(n, totals[n]) for n in teams])
    standings = sorted(
        (TeamStanding(teams[n], totals[n], imps_for[n], imps_against[n], played[n], *labels[n]) for n in teams),
        key=lambda s: (s.rank, s.team.number),
    )
    return SessionResult(session, options, (), (), matches, tuple(standings))

"""Swiss pairs: each round's matches converted to VPs, and the standings after every round.

The boards are scored first, against the whole field, by the session's method (cross-IMPs,
or Butler IMPs): that is ``score_session``'s ordinary work, explained board by board.  A
match adds each pair's figures on the round's boards.  Cross-IMPs (and Butler IMPs) at one
table are one pair's gain and the other's loss, so the match's IMP margin is half the
difference of the two totals: with totals of +7 and −7 the margin is (7 − (−7)) / 2 = 7 IMPs,
each swing counted once, as a teams match counts it.  (The halving matters only when a
director's split score makes the two totals differ in size.)  The margin becomes VPs on the
session's scale (``vp_scale``: the WBF continuous scale, the WBF/EBU discrete scale or the
club's own table) for the round's number of boards; the two pairs' VPs add up to the pool.

A pair with a bye scores ``swiss_bye_vps``.  The standings after round n add each pair's
VPs over rounds 1 to n; pairs level on VPs are separated by their total IMPs (their net
cross-IMPs over all matches), and share the place if that is level too.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from ..model import Direction, Match, Pair, PairRef, ScoringMethod, Session, SwissMatch, SwissRound, Team
from .explain import Explanation, Step, amount, equals, fig, sfig
from .message import Figure, Param, formula, join, msg
from .options import OptionError, ScoringOptions
from .ranking import rank_labels
from .results import ScoredBoard, ScoredLine
from .rounding import display_over_root, round_over_root
from .swiss_result import SwissBoardFigure as SwissBoardFigure
from .swiss_result import SwissBye as SwissBye
from .swiss_result import SwissMatchResult as SwissMatchResult
from .swiss_result import SwissResult as SwissResult
from .swiss_result import SwissRoundResult as SwissRoundResult
from .swiss_result import SwissStanding as SwissStanding
from .teams import boards_message, club_vps, vp_lead, vp_steps
from .vp import match_vps

SWISS_METHODS = (ScoringMethod.CROSS_IMPS, ScoringMethod.BUTLER)
"""Board methods a Swiss pairs event can use: both give one pair's gain as the other's loss."""


class SwissError(ValueError):
    """A Swiss event that cannot be scored as given (readers refuse these earlier, with lines)."""


def check_swiss_options(options: ScoringOptions, method: ScoringMethod | None = None) -> None:
    """A Swiss match always becomes VPs: an IMP-only scale is refused; XIMPQ divides cross-IMP sums."""
    if options.vp_scale == "none":
        raise OptionError(
            "option 'vp_scale': a Swiss pairs event converts each match to VPs: expected wbf, "
            "discrete or club, got 'none'"
        )
    if options.swiss_margin == "ximpq" and (
        method not in (None, ScoringMethod.CROSS_IMPS) or options.cross_imp_divisor != "total"
    ):
        raise OptionError(
            "option 'swiss_margin': ximpq divides each board's cross-IMP sum: expected method "
            f"cross_imps with cross_imp_divisor total, got {method} with "
            f"cross_imp_divisor {options.cross_imp_divisor}"
        )


def score_swiss(session: Session, boards: tuple[ScoredBoard, ...], options: ScoringOptions) -> SwissResult:
    """Every round's matches and byes, and the cumulative standings after each round."""
    check_swiss_options(options, session.method)
    if session.method not in SWISS_METHODS:
        raise SwissError(f"a Swiss pairs event scores its boards by cross_imps or butler, got {session.method}")
    pairs = {p.ref: p for p in session.pairs}
    by_number = {b.number: b for b in boards}
    vps: dict[PairRef, list[Fraction]] = {ref: [] for ref in pairs}
    imps: dict[PairRef, Fraction] = defaultdict(Fraction)
    rounds: list[SwissRoundResult] = []
    for rnd in session.swiss:
        matches = tuple(score_swiss_match(rnd, m, by_number, pairs, options) for m in rnd.matches)
        byes = tuple(_bye(rnd.number, ref, pairs, options) for ref in rnd.byes)
        for m in matches:
            for ref in (m.match.first, m.match.second):
                vps[ref].append(m.vps_of(ref))
                imps[ref] += m.imps_of(ref)
        for b in byes:
            vps[b.pair].append(b.vps)
        for own in vps.values():
            if len(own) < len(rounds) + 1:
                own.append(Fraction(0))  # absent from the round (not in a match, no bye): nothing
        rounds.append(SwissRoundResult(rnd.number, rnd.boards, matches, byes, _standings(pairs, vps, imps, rnd.number)))
    return SwissResult(tuple(rounds), options.vp_pool, options.swiss_bye_vps, options.vp_scale)


def _name(pair: Pair) -> str:
    return f"{pair.ref} {pair.names}" if pair.players else pair.names


def _find_line(board: ScoredBoard, match: SwissMatch) -> tuple[ScoredLine, Direction]:
    for line in board.lines:
        seats = (line.line.ns_pair, line.line.ew_pair)
        if seats == (match.first, match.second):
            return line, Direction.NS
        if seats == (match.second, match.first):
            return line, Direction.EW
    raise SwissError(f"board {board.number}: no result between pairs {match.first} and {match.second}")


def score_swiss_match(
    rnd: SwissRound,
    match: SwissMatch,
    boards: dict[int, ScoredBoard],
    pairs: dict[PairRef, Pair],
    options: ScoringOptions,
) -> SwissMatchResult:
    """A match's boards, its IMP margin and its VPs, with the explanation of each step."""
    first_name, second_name = _name(pairs[match.first]), _name(pairs[match.second])
    figures = []
    for number in rnd.boards:
        if number not in boards:
            raise SwissError(f"round {rnd.number}: board {number} has no results")
        line, direction = _find_line(boards[number], match)
        first = line.side(direction).value
        second = line.side(direction.other).value
        figures.append(SwissBoardFigure(number, line, direction, first, second))
    first_total = sum((f.first for f in figures), Fraction(0))
    second_total = sum((f.second for f in figures), Fraction(0))
    margin = (first_total - second_total) / 2
    n = len(figures)
    ximpq_step = None
    if options.swiss_margin == "ximpq":
        margin, ximpq_step = _ximpq(rnd, match, margin, [boards[f.number] for f in figures], first_name, second_name)
    terms = join(" + ", (_operand(f.first) for f in figures))
    raw = (first_total - second_total) / 2
    winner = first_name if raw > 0 else second_name
    outcome = _outcome(raw, 4, winner)
    steps = [
        Step(
            "swiss.total",
            msg(
                "%(first)s: %(worked)s IMPs over %(boards)s; %(second)s: %(second_total)s IMPs (each board's figure "
                "against the field, from its traveller)",
                first=first_name,
                worked=formula(
                    "%(terms)s %(eq)s %(total)s",
                    terms=terms,
                    eq=equals(*(f.first for f in figures), places=4),
                    total=fig(first_total, 4),
                ),
                boards=boards_message(n),
                second=second_name,
                second_total=fig(second_total, 4),
            ),
            {"first": first_total, "second": second_total, "boards": [f.number for f in figures]},
        ),
        Step(
            "swiss.margin",
            msg(
                "the match margin is half the difference of the two totals, each swing counted once: "
                "%(worked)s: %(outcome)s",
                worked=formula(
                    "(%(first)s − %(second)s) / 2 %(eq)s %(margin)s",
                    first=fig(first_total, 4),
                    second=_operand(second_total),
                    eq=equals(first_total, second_total, places=4),
                    margin=fig(raw, 4),
                ),
                outcome=outcome,
            ),
            {"margin": (first_total - second_total) / 2},
        ),
    ]
    if ximpq_step is not None:
        steps.append(ximpq_step)
    if options.vp_scale == "club":
        team = Match(Team(0, first_name), Team(0, second_name), ())
        first_vp, second_vp, step = club_vps(team, margin, Fraction(0), n, options)
        steps.append(step)
    else:
        first_vp, second_vp = match_vps(
            margin, Fraction(0), n, options.vp_fractional_margin, options.vp_scale, options.vp_rounding, options.vp_pool
        )
        steps += vp_steps(margin, n, first_vp, second_vp, options)
    steps.insert(0, vp_lead(first_name, second_name, margin, n, first_vp, second_vp))
    steps.append(
        Step(
            "swiss.vps",
            msg(
                "%(first)s %(first_vp)s VPs, %(second)s %(second_vp)s VPs: %(worked)s, the pool",
                first=first_name,
                first_vp=fig(first_vp),
                second=second_name,
                second_vp=fig(second_vp),
                worked=formula(
                    "%(first)s + %(second)s = %(pool)s",
                    first=fig(first_vp),
                    second=fig(second_vp),
                    pool=fig(first_vp + second_vp),
                ),
            ),
            {"first": first_vp, "second": second_vp, "pool": options.vp_pool},
        )
    )
    return SwissMatchResult(
        rnd.number,
        match,
        tuple(figures),
        first_total,
        second_total,
        margin,
        first_vp,
        second_vp,
        Explanation("swiss", first_vp, tuple(steps), {}),
    )


def _ximpq(
    rnd: SwissRound, match: SwissMatch, margin: Fraction, boards: list[ScoredBoard], first: str, second: str
) -> tuple[Fraction, Step]:
    """The EBU's XIMPQ margin: the margin of cross-IMP sums over √(r(r − 1)/2), to a whole IMP."""
    results = {len(b.lines) for b in boards}
    if len(results) != 1:
        raise SwissError(
            f"round {rnd.number}: the boards of the match of pairs {match.first} and {match.second} "
            f"have different numbers of results ({sorted(results)}): XIMPQ divides by one √(r(r − 1)/2)"
        )
    r = results.pop()
    if r < 2:
        raise SwissError(f"round {rnd.number}: XIMPQ needs at least two results on a board, got {r}")
    k = r * (r - 1) // 2
    whole = Fraction(round_over_root(margin, k))
    winner = first if whole > 0 else second
    outcome = _outcome(whole, 2, winner)
    over = display_over_root(abs(margin), k)
    return whole, Step(
        "swiss.ximpq",
        msg(
            "XIMPQ (the EBU's modified cross-IMPs): with %(results)s results on each board the margin is divided "
            "by the square root of %(product)s, that is of %(k)s: %(margin)s divided by the square root of %(k)s "
            "is %(over)s (to two decimals), to the nearest whole IMP, a half away from zero: %(outcome)s",
            results=r,
            product=formula("%(r)s × %(others)s / 2", r=r, others=r - 1),
            k=k,
            margin=fig(abs(margin), 4),
            over=Figure(Fraction(over), 2, over),
            outcome=outcome,
        ),
        {"margin": margin, "results": r, "divisor_squared": k, "rounded": whole},
    )


def _operand(value: Fraction) -> Param:
    """A negative number in brackets where it follows a minus sign."""
    return formula("(%(v)s)", v=fig(value, 4)) if value < 0 else fig(value, 4)


def _outcome(margin: Fraction, places: int, winner: str) -> Param:
    """'a drawn match', or '3 IMPs to <winner>'."""
    if margin == 0:
        return msg("a drawn match")
    return msg("%(imps)s to %(team)s", imps=amount(abs(margin), "IMPs", places), team=winner)


def _bye(number: int, ref: PairRef, pairs: dict[PairRef, Pair], options: ScoringOptions) -> SwissBye:
    award = options.swiss_bye_vps
    step = Step(
        "swiss.bye",
        msg(
            "%(pair)s has a bye in round %(round)s: %(vps)s VPs (the option swiss_bye_vps, out of a pool of %(pool)s)",
            pair=_name(pairs[ref]),
            round=number,
            vps=fig(award),
            pool=options.vp_pool,
        ),
        {"vps": award},
    )
    return SwissBye(number, ref, award, Explanation("swiss_bye", award, (step,), {}))


def _standings(
    pairs: dict[PairRef, Pair], vps: dict[PairRef, list[Fraction]], imps: dict[PairRef, Fraction], number: int
) -> tuple[SwissStanding, ...]:
    totals = {ref: sum(v, Fraction(0)) for ref, v in vps.items()}
    labels = rank_labels([(ref, (totals[ref], imps[ref])) for ref in pairs])
    out = []
    for ref, pair in pairs.items():
        step = Step(
            "swiss.cumulative",
            msg(
                "after round %(round)s: %(worked)s VPs (IMPs %(imps)s, which separate pairs level on VPs)",
                round=number,
                worked=formula(
                    "%(terms)s %(eq)s %(total)s",
                    terms=join(" + ", (fig(v) for v in vps[ref])),
                    eq=equals(*vps[ref]),
                    total=fig(totals[ref]),
                ),
                imps=sfig(imps[ref], 4),
            ),
            {"rounds": list(vps[ref]), "vps": totals[ref], "imps": imps[ref]},
        )
        rank, label = labels[ref]
        out.append(
            SwissStanding(
                pair,
                totals[ref],
                imps[ref],
                tuple(vps[ref]),
                rank,
                label,
                Explanation("swiss_standing", totals[ref], (step,), {}),
            )
        )
    return tuple(sorted(out, key=lambda s: (s.rank, s.pair.ref.number)))

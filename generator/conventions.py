"""Working out which conventions another program used, by re-scoring through the engine.

`check` cannot know whether a program rounds factored matchpoints, compares sections
together, trims the Butler datum or scales totals of pairs who missed boards.  It finds
out the only honest way: it scores the session again with each candidate option set and
keeps the set under which most printed figures agree.  The search is bounded: one family
of options is varied at a time, starting from the best set so far (two passes at most).

The same re-scorings then name the reasons for what still differs: a figure that agrees
under one alternative (``neuberg=false``, say) is explained by that option — never by
arithmetic written here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence, Set
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from .errors import GeneratorError
from .model import ScoringMethod, Session
from .printed_averages import unmarked_averages, with_averages
from .scoring.message import Param, formula, join, msg
from .scoring.options import ScoringOptions
from .scoring.results import SessionResult
from .scoring.said import N_, Said, said
from .scoring.session import score_session
from .upload import SessionOutcome, SiteScoring, session_options


class Differing(Protocol):
    """A figure that differs, as an audit (``check._Audit``) reports it."""

    @property
    def where(self) -> str: ...
    @property
    def what(self) -> str: ...


class Audit(Protocol):
    """What the search reads of an audit (``check._Audit``): it stays below ``check``."""

    @property
    def agreeing(self) -> int: ...
    @property
    def differences(self) -> Sequence[Differing]: ...
    @property
    def agreed(self) -> Set[tuple[str, str]]: ...


A = TypeVar("A", bound=Audit)


_PAIRS = (ScoringMethod.MATCHPOINTS, ScoringMethod.BUTLER, ScoringMethod.CROSS_IMPS, ScoringMethod.AGGREGATE)
_IMPS = (ScoringMethod.BUTLER, ScoringMethod.CROSS_IMPS)


@dataclass(frozen=True)
class Family:
    """Options that describe one convention, and the candidate values a program may use."""

    name: str
    candidates: tuple[dict[str, Any], ...]
    applies: Callable[[Session], bool]
    concerns: str = "any"
    """Which printed figures the family can change: 'lines' (traveller figures: their totals follow),
    'totals' (pair totals, percentages and places only) or 'any'.  A family is not tried while
    no figure it concerns differs: the search stays fast on big files."""

    def matters(self, differences: Sequence[Differing]) -> bool:
        if self.concerns == "any":
            return bool(differences)
        on_lines = any(d.where.startswith("board ") for d in differences)
        return on_lines if self.concerns == "lines" else any(not d.where.startswith("board ") for d in differences)

    @property
    def options(self) -> set[str]:
        return {k for c in self.candidates for k in c}


FAMILIES: tuple[Family, ...] = (
    Family("sections", ({"sections": "separate"}, {"sections": "pooled"}), lambda s: len(s.sections) > 1),
    Family(
        "Neuberg",
        (
            {"neuberg": True, "neuberg_rounding": "exact"},
            {"neuberg": True, "neuberg_rounding": "acbl"},
            {"neuberg": True, "neuberg_rounding": "ebu"},
            {"neuberg": True, "neuberg_rounding": "truncate"},
            {"neuberg": False},
        ),
        lambda s: s.method in _PAIRS,
    ),
    Family(
        "matchpoint units",
        ({"matchpoint_units": "ebu"}, {"matchpoint_units": "acbl"}),
        lambda s: s.method is ScoringMethod.MATCHPOINTS,
    ),
    Family(
        "session percentage",
        ({"session_percentage": "total"}, {"session_percentage": "board-mean"}),
        lambda s: s.method is ScoringMethod.MATCHPOINTS,
    ),
    Family(
        "expected results",
        ({"expected_results": "section"}, {"expected_results": "event"}),
        lambda s: s.method in _PAIRS and len(s.sections) > 1,
    ),
    Family(
        "Butler trim",
        tuple({"butler_trim": t} for t in ("none", "1", "2", "10%")),
        lambda s: s.method is ScoringMethod.BUTLER,
    ),
    Family(
        "datum rounding",
        tuple({"datum_rounding": r} for r in ("half-away", "half-even", "exact")),
        lambda s: s.method is ScoringMethod.BUTLER,
    ),
    Family(
        "cross-IMP divisor",
        tuple({"cross_imp_divisor": d} for d in ("comparisons", "total", "scores")),
        lambda s: s.method is ScoringMethod.CROSS_IMPS,
    ),
    Family(
        "IMP totals scaled",
        ({"imp_pairs_factoring": True}, {"imp_pairs_factoring": False}),
        lambda s: s.method in _IMPS,
    ),
    Family(
        "board-a-match units",
        ({"board_a_match_units": "1"}, {"board_a_match_units": "2"}),
        lambda s: s.method is ScoringMethod.TEAMS and s.options.get("teams_scoring") == "board-a-match",
    ),
    Family(
        "handicap share",
        ({"handicap_share": "whole"}, {"handicap_share": "half"}),
        lambda s: any(p.handicap is not None for p in s.pairs),
    ),
    Family(
        "VP scale",
        tuple({"vp_scale": v} for v in ("wbf", "discrete", "club", "none")),  # 'club': the site's own tables, if any
        lambda s: s.method is ScoringMethod.TEAMS and bool(s.matches),
    ),
)

WORDS: dict[tuple[str, Any], str] = {
    ("sections", "pooled"): N_("results compared across all sections"),
    ("sections", "separate"): N_("each section scored on its own"),
    ("neuberg", False): N_("unfactored (the board's results on their own top)"),
    ("neuberg_rounding", "ebu"): N_("factored figures rounded to 0.1 (EBU)"),
    ("neuberg_rounding", "acbl"): N_("factored figures rounded to 0.01"),
    ("neuberg_rounding", "exact"): N_("factored figures not rounded"),
    ("neuberg_rounding", "truncate"): N_("factored figures cut down to 0.1"),
    ("neuberg", True): N_("factored (Neuberg)"),
    ("matchpoint_units", "acbl"): N_("matchpoints 1 a result beaten (ACBL)"),
    ("matchpoint_units", "ebu"): N_("matchpoints 2 a result beaten (EBU)"),
    ("butler_trim", "none"): N_("datum of all scores"),
    ("session_percentage", "board-mean"): N_("percentage the mean of the board percentages"),
    ("session_percentage", "total"): N_("percentage of the tops of the boards played"),
    ("expected_results", "event"): N_("factored to the most results on any board of the event"),
    ("expected_results", "section"): N_("factored to the most results in the section"),
    ("datum_rounding", "exact"): N_("datum not rounded"),
    ("cross_imp_divisor", "total"): N_("cross-IMPs as the total over comparisons"),
    ("cross_imp_divisor", "comparisons"): N_("cross-IMPs divided by the comparisons"),
    ("cross_imp_divisor", "scores"): N_("cross-IMPs divided by the number of scores"),
    ("imp_pairs_factoring", False): N_("totals not scaled for pairs who missed boards"),
    ("imp_pairs_factoring", True): N_("totals scaled for pairs who missed boards"),
    ("vp_scale", "none"): N_("matches ranked by IMPs"),
    ("vp_scale", "club"): N_("the club's own VP tables (club_vp_scales)"),
    ("handicap_share", "whole"): N_("the whole handicap added to the percentage"),
    ("handicap_share", "half"): N_("half the handicap added to the percentage"),
    ("board_a_match_units", "2"): N_("point-a-board, 2 / 1 / 0 a board"),
    ("board_a_match_units", "1"): N_("board-a-match, 1 / ½ / 0 a board"),
}


def describe(candidate: dict[str, Any]) -> Said:
    """'unfactored (…; --option neuberg=false)': what an option set means, and how to pass it."""
    return said(formula("%(meaning)s (%(options)s)", meaning=meaning(candidate).param, options=option_text(candidate)))


def meaning(candidate: dict[str, Any]) -> Said:
    """What an option set means in words, for a reader who does not pass options (a message:
    ``check``'s report and a page in another language translate it)."""
    words: list[Param] = []
    for name, value in candidate.items():
        known = WORDS.get((name, value))
        text: Param | None = msg(known) if known else None
        if text is None and name == "butler_trim":
            text = msg("datum drops %(trim)s off each end", trim=str(value))
        if text is None and name == "datum_rounding":
            text = msg("datum rounded to 10 (%(rule)s)", rule=str(value))
        if text is None and name == "vp_scale":
            text = msg("the %(scale)s VP scale", scale=str(value))
        if text and not (name == "neuberg" and len(candidate) > 1):
            words.append(text)
    return said(join("; ", words) if words else msg("other options"))


def option_text(options: dict[str, Any]) -> str:
    return ", ".join(f"--option {k}={_value(v)}" for k, v in options.items())


def _value(v: Any) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


@dataclass
class Search(Generic[A]):
    """The outcome: the options found (beyond the file's and the command line's), the best
    audit, and for each figure that still differs the alternative under which it agrees."""

    found: dict[str, Any]
    audit: A
    explained: dict[tuple[str, str], dict[str, Any]]
    scorings: int


SHOWN: dict[str, tuple[str, ...]] = {
    "line_figures": ("factored", "unfactored"),
    "total_figures": ("factored", "unfactored"),
    "unmarked_averages": ("scored", "average"),
}
"""Conventions of how a program *shows* its figures rather than how it scores, tried like options:
``line_figures=unfactored`` (Compscore prints each traveller line on the board's own top, as if
Neuberg were off, while its totals are factored: the lines are compared with a re-scoring with
``neuberg=false``, the totals with the session's options), ``total_figures=unfactored`` (the
other way round, as Bridge NZ Scorer does: factored lines, percentages on each board's own top), and ``unmarked_averages=average`` (a
line printed 50 % for both sides though it records a score was an average: the session is scored
again with it as A=, see printed_averages.py).  ``check`` accepts them with ``--option``."""

SHOWN_DEFAULTS = {name: values[0] for name, values in SHOWN.items()}


def split_shown(options: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(scoring options, conventions of how figures are shown) from one ``--option`` dict."""
    scoring = {k: v for k, v in options.items() if k.replace("-", "_") not in SHOWN}
    shown = {k.replace("-", "_"): v for k, v in options.items() if k.replace("-", "_") in SHOWN}
    for name, value in shown.items():
        if value not in SHOWN[name]:
            raise GeneratorError(f"option {name!r}: expected one of {', '.join(SHOWN[name])}, got {value!r}")
    return scoring, shown


def _missed_boards(session: Session) -> bool:
    """True when some pair has no line on a board its section played: a sit-out (or a late start)."""
    played: dict[Any, int] = {}
    boards: dict[str, set[int]] = {}
    for board in session.boards:
        for line in board.lines:
            boards.setdefault(line.section, set()).add(board.number)
            for ref in (line.ns_pair, line.ew_pair):
                if ref is not None:
                    played[ref] = played.get(ref, 0) + 1
    return any(played.get(p.ref, 0) < len(boards.get(p.ref.section, ())) for p in session.pairs if p.ref in played)


def _short_boards(session: Session) -> bool:
    """True when some board may be factored: fewer lines than the most any board has, fewer than
    the file's expected results, or an artificial score (where showing factored or not can differ)."""
    counts = [len(b.lines) for b in session.boards]
    if not counts:
        return False
    expected = session.options.get("expected_results")
    return (
        min(counts) < max(counts)
        or (isinstance(expected, int) and min(counts) < expected)
        or any(not line.is_result for b in session.boards for line in b.lines)
    )


FAMILIES = FAMILIES + (
    Family(
        "missing results",
        ({"missing_results": "factored"}, {"neuberg": True, "missing_results": "ties"}),
        lambda s: s.method is ScoringMethod.MATCHPOINTS and _short_boards(s),
        "lines",
    ),
    Family(
        "tie-break",
        tuple({"tie_break": t} for t in ("none", "higher", "lower")),
        lambda s: any(p.tiebreak is not None for p in s.pairs),
        "totals",
    ),
    Family(
        "sit-out slot",
        ({"sitout_slot": "uncounted"}, {"sitout_slot": "counted"}),
        lambda s: s.method in _PAIRS and bool(s.sitouts) and not isinstance(s.options.get("expected_results"), int),
    ),
    Family(
        "sit-outs",
        tuple({"sitout_policy": p} for p in ("none", "average", "session-average")),
        lambda s: s.method in _PAIRS and _missed_boards(s),
        "totals",
    ),
    # A figure shown unfactored beside factored ones needs factored scoring: each candidate says so,
    # so that it is tried even after ``neuberg=false`` won a first step of the search.
    Family(
        "line figures shown",
        ({"line_figures": "factored"}, {"neuberg": True, "line_figures": "unfactored"}),
        lambda s: s.method in (ScoringMethod.MATCHPOINTS, ScoringMethod.CROSS_IMPS) and _short_boards(s),
    ),
    Family(
        "total figures shown",
        ({"total_figures": "factored"}, {"neuberg": True, "total_figures": "unfactored"}),
        lambda s: s.method is ScoringMethod.MATCHPOINTS and _short_boards(s),
    ),
    Family(
        "unmarked averages",
        ({"unmarked_averages": "scored"}, {"unmarked_averages": "average"}),
        lambda s: s.method is ScoringMethod.MATCHPOINTS,
        "lines",
    ),
)
"""The searched families: scoring options, then the sit-out policy and how line figures are shown
(searched last: both matter only once the scoring conventions are right)."""

WORDS.update(
    {
        ("tie_break", "none"): N_("pairs on equal scores share the place"),
        ("tie_break", "higher"): N_("ties broken by the recorded tie-break figure, the higher first"),
        ("tie_break", "lower"): N_("ties broken by the recorded tie-break figure, the lower first"),
        ("missing_results", "ties"): N_("each missing result on a short board counted as a tie (ScoreBridge)"),
        ("missing_results", "factored"): N_("short boards factored (Neuberg)"),
        ("sitout_slot", "uncounted"): N_("a sit-out line is not one of the board's results"),
        ("sitout_slot", "counted"): N_("a sit-out line counts as one of the board's expected results (NZ Scorer)"),
        ("sitout_policy", "none"): N_("boards sat out do not count"),
        ("sitout_policy", "average"): N_("an average for each board sat out"),
        ("sitout_policy", "session-average"): N_("the pair's session average for each board sat out"),
        ("line_figures", "unfactored"): N_("traveller figures shown on each board's own top, totals factored"),
        ("line_figures", "factored"): N_("traveller figures shown factored (Neuberg)"),
        ("total_figures", "unfactored"): N_(
            "percentages and totals on each board's own top, traveller figures factored"
        ),
        ("total_figures", "factored"): N_("percentages and totals factored (Neuberg)"),
        (
            "unmarked_averages",
            "average",
        ): N_("lines printed 50 %% to both sides scored as averages (A=), as the program did"),
        ("unmarked_averages", "scored"): N_("lines scored as recorded"),
    }
)


def _by_its_own_lines(trial: Audit, key: tuple[str, str]) -> bool:
    """Whether an alternative can be the reason for a pair's figure it makes agree.  Not when the
    pair's printed total is the sum of its own printed traveller figures and those still differ
    under the alternative: the total follows from its lines, and agrees with the alternative by
    chance (a plausible-sounding wrong reason, issue 24).  A total that is not the sum of its own
    lines may well have been scored otherwise than the lines show: then the alternative may be the reason."""
    owner = getattr(trial, "owners", {}).get(key)
    return owner is None or not (
        owner in getattr(trial, "line_differing", ()) and owner in getattr(trial, "their_lines_add_up", ())
    )


def find_conventions(
    session: Session,
    overrides: dict[str, Any],
    run_audit: Callable[[SessionResult, SessionResult | None], A],
    site: SiteScoring = None,
    scored_already: SessionOutcome | None = None,
) -> Search[A]:
    """Greedy, bounded: each family varied in turn from the best set so far; a change is kept
    only when strictly more figures agree.  ``run_audit(result, lines_result)`` turns a scored
    result (and, where line figures are shown otherwise, the re-scoring they are compared with,
    else None) into an audit with ``agreeing``, ``differences`` and ``agreed`` (the keys of the
    figures that agree).  ``overrides`` may name conventions of ``SHOWN`` as well as options;
    ``site`` is the ``scoring:`` of the governing ``site.yaml``, beneath the upload's own options;
    ``scored_already``, the session as ``read_and_score`` scored it (not scored again)."""
    count = 0
    scoring_overrides, shown_overrides = split_shown(overrides)

    scored: dict[tuple[int, ScoringOptions], SessionResult] = {}
    averaged: dict[ScoringOptions, Session] = {}  # the session with its unmarked averages, by options
    if scored_already is not None and scored_already.session is session:
        scored[(id(session), scored_already.options)] = scored_already.result

    def score(variant: Session, options: ScoringOptions) -> SessionResult:
        """Each (session, options) scored once: the shown conventions and the reasons re-use them."""
        nonlocal count
        key = (id(variant), options)
        if key not in scored:
            count += 1
            scored[key] = score_session(variant, options)
        return scored[key]

    def evaluate(options: ScoringOptions, shown: dict[str, Any]) -> A:
        result = score(session, options)
        if shown["unmarked_averages"] == "average":
            if options not in averaged:
                unmarked = unmarked_averages(result)
                averaged[options] = with_averages(session, unmarked) if unmarked else session
            result = score(averaged[options], options)
        lines = None
        if shown["line_figures"] != shown["total_figures"]:
            unfactored = score(result.session, options.with_overrides({"neuberg": False}))
            result, lines = (result, unfactored) if shown["line_figures"] == "unfactored" else (unfactored, result)
        elif shown["line_figures"] == "unfactored":
            result = score(result.session, options.with_overrides({"neuberg": False}))
        return run_audit(result, lines)

    def attempt(
        extra: dict[str, Any], wins: dict[str, Any] | None = None
    ) -> tuple[A, tuple[ScoringOptions, dict[str, Any]]] | None:
        merged = {**extra, **overrides, **(wins or {})}
        scoring, shown = split_shown(merged)
        shown = {**SHOWN_DEFAULTS, **shown}
        try:
            options = session_options(session, scoring, site)
            return evaluate(options, shown), (options, shown)
        except (GeneratorError, ValueError):  # a combination the engine refuses is no candidate
            return None

    options = session_options(session, scoring_overrides, site)  # a bad --option is the user's error: raised
    shown = {**SHOWN_DEFAULTS, **shown_overrides}
    best = evaluate(options, shown)
    count = 0  # the first scoring is the audit itself, not a re-scoring

    def current(opts: ScoringOptions, shw: dict[str, Any], name: str) -> Any:
        return shw[name] if name in SHOWN else getattr(opts, name)

    found: dict[str, Any] = {}
    applicable = [f for f in FAMILIES if f.applies(session)]
    searched = [f for f in applicable if not (f.options & {k.replace("-", "_") for k in overrides})]
    if not best.differences:
        return Search(found, best, {}, count)
    for _ in range(2):
        improved = False
        for family in searched:
            if not family.matters(best.differences):
                continue
            for candidate in family.candidates:
                if all(current(options, shown, k) == v for k, v in candidate.items()):
                    continue
                attempted = attempt({**found, **candidate})
                if attempted is not None and attempted[0].agreeing > best.agreeing:
                    best, (options, shown), found, improved = *attempted, {**found, **candidate}, True
            if not best.differences:
                break
        if not improved or not best.differences:
            break
    explained: dict[tuple[str, str], dict[str, Any]] = {}
    remaining = {(d.where, d.what) for d in best.differences}
    for family in applicable:  # reasons may name an option the command line set otherwise
        if not family.matters([d for d in best.differences if (d.where, d.what) in remaining]):
            continue
        for candidate in family.candidates:
            if not remaining:
                break
            if all(current(options, shown, k) == v for k, v in candidate.items()):
                continue
            attempted = attempt(found, wins=candidate)
            if attempted is None:
                continue
            trial = attempted[0]
            for key in {k for k in remaining & trial.agreed if _by_its_own_lines(trial, k)}:
                explained[key] = {k: v for k, v in candidate.items() if current(options, shown, k) != v}
            remaining -= trial.agreed
    given = session_options(session, scoring_overrides, site)
    given_shown = {**SHOWN_DEFAULTS, **shown_overrides}
    found = {k: v for k, v in found.items() if current(given, given_shown, k) != v}
    return Search(found, best, explained, count)


__all__ = [
    "FAMILIES",
    "SHOWN",
    "Family",
    "Search",
    "describe",
    "find_conventions",
    "meaning",
    "option_text",
    "split_shown",
]

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

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .commands import session_options
from .errors import GeneratorError
from .model import ScoringMethod, Session
from .scoring.session import score_session

_PAIRS = (ScoringMethod.MATCHPOINTS, ScoringMethod.BUTLER, ScoringMethod.CROSS_IMPS, ScoringMethod.AGGREGATE)
_IMPS = (ScoringMethod.BUTLER, ScoringMethod.CROSS_IMPS)


@dataclass(frozen=True)
class Family:
    """Options that describe one convention, and the candidate values a program may use."""

    name: str
    candidates: tuple[dict[str, Any], ...]
    applies: Callable[[Session], bool]

    @property
    def options(self) -> set[str]:
        return {k for c in self.candidates for k in c}


FAMILIES: tuple[Family, ...] = (
    Family("sections", ({"sections": "separate"}, {"sections": "pooled"}), lambda s: len(s.sections) > 1),
    Family("Neuberg", ({"neuberg": True, "neuberg_rounding": "exact"}, {"neuberg": True, "neuberg_rounding": "acbl"},
                       {"neuberg": True, "neuberg_rounding": "ebu"}, {"neuberg": True, "neuberg_rounding": "truncate"},
                       {"neuberg": False}),
           lambda s: s.method in _PAIRS),
    Family("matchpoint units", ({"matchpoint_units": "ebu"}, {"matchpoint_units": "acbl"}),
           lambda s: s.method is ScoringMethod.MATCHPOINTS),
    Family("session percentage", ({"session_percentage": "total"}, {"session_percentage": "board-mean"}),
           lambda s: s.method is ScoringMethod.MATCHPOINTS),
    Family("expected results", ({"expected_results": "section"}, {"expected_results": "event"}),
           lambda s: s.method in _PAIRS and len(s.sections) > 1),
    Family("Butler trim", tuple({"butler_trim": t} for t in ("none", "1", "2", "10%")), lambda s: s.method is ScoringMethod.BUTLER),
    Family("datum rounding", tuple({"datum_rounding": r} for r in ("half-away", "half-even", "exact")),
           lambda s: s.method is ScoringMethod.BUTLER),
    Family("cross-IMP divisor", tuple({"cross_imp_divisor": d} for d in ("comparisons", "total", "scores")),
           lambda s: s.method is ScoringMethod.CROSS_IMPS),
    Family("IMP totals scaled", ({"imp_pairs_factoring": True}, {"imp_pairs_factoring": False}), lambda s: s.method in _IMPS),
    Family("board-a-match units", ({"board_a_match_units": "1"}, {"board_a_match_units": "2"}),
           lambda s: s.method is ScoringMethod.TEAMS and s.options.get("teams_scoring") == "board-a-match"),
    Family("handicap share", ({"handicap_share": "whole"}, {"handicap_share": "half"}),
           lambda s: any(p.handicap is not None for p in s.pairs)),
    Family("VP scale", tuple({"vp_scale": v} for v in ("wbf", "discrete", "none")),
           lambda s: s.method is ScoringMethod.TEAMS and bool(s.matches)),
)

WORDS: dict[tuple[str, Any], str] = {
    ("sections", "pooled"): "results compared across all sections",
    ("sections", "separate"): "each section scored on its own",
    ("neuberg", False): "unfactored (the board's results on their own top)",
    ("neuberg_rounding", "ebu"): "factored figures rounded to 0.1 (EBU)",
    ("neuberg_rounding", "acbl"): "factored figures rounded to 0.01",
    ("neuberg_rounding", "exact"): "factored figures not rounded",
    ("neuberg_rounding", "truncate"): "factored figures cut down to 0.1",
    ("neuberg", True): "factored (Neuberg)",
    ("matchpoint_units", "acbl"): "matchpoints 1 a result beaten (ACBL)",
    ("matchpoint_units", "ebu"): "matchpoints 2 a result beaten (EBU)",
    ("butler_trim", "none"): "datum of all scores",
    ("session_percentage", "board-mean"): "percentage the mean of the board percentages",
    ("session_percentage", "total"): "percentage of the tops of the boards played",
    ("expected_results", "event"): "factored to the most results on any board of the event",
    ("expected_results", "section"): "factored to the most results in the section",
    ("datum_rounding", "exact"): "datum not rounded",
    ("cross_imp_divisor", "total"): "cross-IMPs as the total over comparisons",
    ("cross_imp_divisor", "comparisons"): "cross-IMPs divided by the comparisons",
    ("cross_imp_divisor", "scores"): "cross-IMPs divided by the number of scores",
    ("imp_pairs_factoring", False): "totals not scaled for pairs who missed boards",
    ("imp_pairs_factoring", True): "totals scaled for pairs who missed boards",
    ("vp_scale", "none"): "matches ranked by IMPs",
    ("handicap_share", "whole"): "the whole handicap added to the percentage",
    ("handicap_share", "half"): "half the handicap added to the percentage",
    ("board_a_match_units", "2"): "point-a-board, 2 / 1 / 0 a board",
    ("board_a_match_units", "1"): "board-a-match, 1 / ½ / 0 a board",
}


def describe(candidate: dict[str, Any]) -> str:
    """'unfactored (…; --option neuberg=false)': what an option set means, and how to pass it."""
    words = []
    for name, value in candidate.items():
        text = WORDS.get((name, value))
        if text is None and name == "butler_trim":
            text = f"datum drops {value} off each end"
        if text is None and name == "datum_rounding":
            text = f"datum rounded to 10 ({value})"
        if text is None and name == "vp_scale":
            text = f"the {value} VP scale"
        if text and not (name == "neuberg" and len(candidate) > 1):
            words.append(text)
    return f"{'; '.join(words) or 'other options'} ({option_text(candidate)})"


def option_text(options: dict[str, Any]) -> str:
    return ", ".join(f"--option {k}={_value(v)}" for k, v in options.items())


def _value(v: Any) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


@dataclass
class Search:
    """The outcome: the options found (beyond the file's and the command line's), the best
    audit, and for each figure that still differs the alternative under which it agrees."""

    found: dict[str, Any]
    audit: Any
    explained: dict[tuple[str, str], dict[str, Any]]
    scorings: int


def find_conventions(session: Session, overrides: dict[str, Any], run_audit: Callable[[Any], Any]) -> Search:
    """Greedy, bounded: each family varied in turn from the best set so far; a change is kept
    only when strictly more figures agree.  ``run_audit`` turns a scored result into an audit
    with ``agreeing``, ``differences`` and ``agreed`` (the keys of the figures that agree)."""
    count = 0

    def attempt(extra: dict[str, Any], wins: dict[str, Any] | None = None):
        nonlocal count
        count += 1
        try:
            options = session_options(session, {**extra, **overrides, **(wins or {})})
            return run_audit(score_session(session, options)), options
        except (GeneratorError, ValueError):  # a combination the engine refuses is no candidate
            return None, None

    options = session_options(session, overrides)  # a bad --option is the user's error: raised
    best = run_audit(score_session(session, options))
    found: dict[str, Any] = {}
    applicable = [f for f in FAMILIES if f.applies(session)]
    searched = [f for f in applicable if not (f.options & set(overrides))]  # the command line's choice stands
    if not best.differences:
        return Search(found, best, {}, count)
    for _ in range(2):
        improved = False
        for family in searched:
            for candidate in family.candidates:
                if all(getattr(options, k) == v for k, v in candidate.items()):
                    continue
                trial, trial_options = attempt({**found, **candidate})
                if trial is not None and trial.agreeing > best.agreeing:
                    best, options, found, improved = trial, trial_options, {**found, **candidate}, True
            if not best.differences:
                break
        if not improved or not best.differences:
            break
    explained: dict[tuple[str, str], dict[str, Any]] = {}
    remaining = {(d.where, d.what) for d in best.differences}
    for family in applicable:  # reasons may name an option the command line set otherwise
        for candidate in family.candidates:
            if not remaining:
                break
            if all(getattr(options, k) == v for k, v in candidate.items()):
                continue
            trial, _ = attempt(found, wins=candidate)
            if trial is None:
                continue
            for key in remaining & trial.agreed:
                explained[key] = {k: v for k, v in candidate.items() if getattr(options, k) != v}
            remaining -= trial.agreed
    found = {k: v for k, v in found.items() if getattr(session_options(session, overrides), k) != v}
    return Search(found, best, explained, count)


__all__ = ["FAMILIES", "Family", "Search", "describe", "find_conventions", "option_text"]

"""Events of several sessions: one ranking across sessions that were each scored on their own.

Each session is scored exactly as a session of its own (``score_session``); this module
only combines the pairs' session figures into an event figure, by the organiser's method:

* ``total_matchpoints``: the sum of the pair's session matchpoints.  Fair only when every
  session has the same top; when the tops differ each session's matchpoints are scaled to the
  largest top (option ``unequal_tops: scale``, as scoring programs do) or the event is refused
  (``unequal_tops: refuse``).
* ``average_percentage``: the mean of the session percentages, each session weighted by the
  boards the pair played in it (``weighting: boards``) or all alike (``weighting: equal``).
* ``carry_forward``: a qualifying session and a final; a pair of the final scores its final
  percentage plus ``carry_forward`` (a fraction) of its qualifying percentage.  Final pairs only.

Pairs are the same pair across sessions when their players are the same (membership numbers
when every player has one, else the names, in any order): pair numbers change between
sessions.  A pair that missed a session is, by option ``missing``: not ranked, ranked on the
sessions it played, or given an average (50 %) for the session it missed.

Everything is exact; each event figure carries its explanation (``Explanation``) with the
true arithmetic.  Rounding is for display only (``explain.fmt`` via ``rounding``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ..model import Pair, ScoringMethod
from .explain import Explanation, Step, equals, fig, pfig
from .message import Msg, Param, english, formula, join, msg, plural
from .options import MISSING as MISSING
from .ranking import rank_labels
from .results import SessionResult, Standing
from .said import said

METHODS = ("total_matchpoints", "average_percentage", "carry_forward")
WEIGHTINGS = ("boards", "equal")
UNEQUAL_TOPS = ("scale", "refuse")
AVERAGE = Fraction(50)
"""The percentage a pair is given for a session it missed under ``missing: average``."""
PLACES = 4
"""Decimals of a figure written in an explanation (exact when it terminates within them)."""


class EventError(ValueError):
    """An event that cannot be scored as asked; the message says what was expected."""


@dataclass(frozen=True, slots=True)
class EventOptions:
    method: str = "average_percentage"
    weighting: str = "boards"
    missing: str = "not_ranked"
    unequal_tops: str = "scale"
    carry_forward: Fraction = Fraction(1, 2)

    def __post_init__(self) -> None:
        for name, allowed in (
            ("method", METHODS),
            ("weighting", WEIGHTINGS),
            ("missing", MISSING),
            ("unequal_tops", UNEQUAL_TOPS),
        ):
            if getattr(self, name) not in allowed:
                raise EventError(
                    said(
                        msg(
                            "unknown %(key)s %(value)s: expected one of %(allowed)s",
                            key=name,
                            value=repr(getattr(self, name)),
                            allowed=", ".join(allowed),
                        )
                    )
                )
        if not 0 <= self.carry_forward <= 1:
            raise EventError(
                said(
                    msg(
                        "carry_forward %(value)s is not a fraction of a score: expected 0%% to 100%%",
                        value=pfig(self.carry_forward * 100),
                    )
                )
            )


@dataclass(frozen=True, slots=True)
class SessionFigure:
    """A pair's figure in one session of the event, as that session ranked it."""

    session: int
    """Index into ``EventResult.sessions``."""
    standing: Standing | None
    """None when the pair missed the session."""
    figure: Fraction | None
    """What the event adds: matchpoints (scaled when tops differ) or a percentage; None when
    the session does not count for the pair."""
    boards: int = 0
    note: str = ""


@dataclass(frozen=True, slots=True)
class EventStanding:
    key: tuple[str, ...]
    names: str
    figures: tuple[SessionFigure, ...]
    figure: Fraction | None
    """The event figure (None: not ranked)."""
    rank: int | None
    rank_label: str
    explanation: Explanation
    sessions_played: int


@dataclass(frozen=True, slots=True)
class EventResult:
    title: str
    options: EventOptions
    sessions: tuple[SessionResult, ...]
    session_labels: tuple[Label, ...]
    """What each session is called on the event's pages: the event file's label, or a message
    ('Session 1', 'Qualifying', 'Final': ``default_label``) a site writes in its language."""
    standings: tuple[EventStanding, ...]
    unit: str
    """'matchpoints', '%' (average of percentages) or 'points' (carry-forward: percentage points)."""
    messages: tuple[Msg, ...] = field(default=())
    """What the reader should know about the whole ranking (tops scaled, the missing rule),
    as messages a site writes in its language (``scoring.message``)."""

    @property
    def labels(self) -> tuple[str, ...]:
        """The sessions' labels in English (the command line's report, the JSON export)."""
        return tuple(english(label) for label in self.session_labels)

    @property
    def notes(self) -> tuple[str, ...]:
        """The notes in English (the command line's report, the JSON export)."""
        return tuple(english(m) for m in self.messages)


PairKey = tuple[str, ...]
ByPair = dict[PairKey, list[Standing | None]]


@dataclass(slots=True)
class _Row:
    """One pair's event row before ranking."""

    key: PairKey
    names: str
    figures: list[SessionFigure]
    figure: Fraction | None
    explanation: Explanation


def pair_key(pair: Pair) -> tuple[str, ...]:
    """Who a pair is across sessions: its players' membership numbers when every player has
    one, else their names (case, accents' composition and spacing ignored), in sorted order."""
    if pair.players and all(p.id for p in pair.players):
        return tuple(sorted("#" + (p.id or "").strip() for p in pair.players))
    return tuple(sorted(" ".join(unicodedata.normalize("NFC", p.name).casefold().split()) for p in pair.players))


Label = str | Msg
"""A session's label: the event file's own text, or a message (``default_label``)."""


def default_label(method: str, n: int) -> Msg:
    """What session ``n`` (from 1) of an event is called when the event file names it not."""
    if method == "carry_forward" and n == 1:
        return msg("Qualifying")
    if method == "carry_forward" and n == 2:
        return msg("Final")
    return msg("Session %(n)s", n=n)


def score_event(
    title: str, sessions: list[SessionResult], options: EventOptions, labels: Sequence[Label] | None = None
) -> EventResult:
    """Combine scored sessions into the event ranking; raises EventError when it cannot."""
    if len(sessions) < 2:
        raise EventError(said(msg("an event has %(count)s session: expected two or more", count=len(sessions))))
    labels = list(labels or (default_label(options.method, i + 1) for i in range(len(sessions))))
    _check_sessions(sessions, options, labels)
    by_pair = _pairs(sessions, labels)
    if options.method == "total_matchpoints":
        return _total(title, sessions, labels, by_pair, options)
    if options.method == "average_percentage":
        return _average(title, sessions, labels, by_pair, options)
    return _carry_forward(title, sessions, labels, by_pair, options)


def _check_sessions(sessions: list[SessionResult], options: EventOptions, labels: list[Label]) -> None:
    kinds = {"teams" if r.session.method is ScoringMethod.TEAMS else "pairs" for r in sessions}
    if len(kinds) > 1:
        raise EventError(
            said(msg("the sessions are of different kinds (pairs and teams): expected sessions of one kind"))
        )
    if "teams" in kinds:
        raise EventError(said(msg("a teams event of several sessions is not supported: expected pairs sessions")))
    methods = {r.session.method for r in sessions}
    if methods != {ScoringMethod.MATCHPOINTS}:
        names = join(
            ", ",
            (
                msg("%(session)s is %(method)s", session=label, method=str(r.session.method))
                for label, r in zip(labels, sessions)
            ),
        )
        raise EventError(
            said(
                msg(
                    "the event ranks on matchpoints or percentages, but %(sessions)s: expected matchpoint sessions",
                    sessions=names,
                )
            )
        )
    if options.method == "carry_forward" and len(sessions) != 2:
        raise EventError(
            said(
                msg(
                    "carry-forward needs a qualifying session and a final, got %(count)s sessions: expected exactly two",
                    count=len(sessions),
                )
            )
        )


def _pairs(sessions: list[SessionResult], labels: list[Label]) -> dict[tuple[str, ...], list[Standing | None]]:
    """Each pair (by its players) with its standing in each session (None where it did not play)."""
    found: dict[tuple[str, ...], list[Standing | None]] = {}
    for i, result in enumerate(sessions):
        seen: dict[tuple[str, ...], Standing] = {}
        for s in result.standings:
            if not s.pair.players:
                raise EventError(
                    said(
                        msg(
                            "%(session)s, pair %(pair)s: no player names: expected the players' names "
                            "(pairs are matched across sessions by their players)",
                            session=labels[i],
                            pair=str(s.ref),
                        )
                    )
                )
            key = pair_key(s.pair)
            if key in seen:
                raise EventError(
                    said(
                        msg(
                            "%(session)s, pair %(pair)s: the same players as pair %(other)s: "
                            "expected each pair once in a session",
                            session=labels[i],
                            pair=str(s.ref),
                            other=str(seen[key].ref),
                        )
                    )
                )
            seen[key] = s
            found.setdefault(key, [None] * len(sessions))[i] = s
    return found


def _names(standings: list[Standing | None]) -> str:
    return next(s.pair.names for s in reversed(standings) if s is not None)


def _rank(rows: list[_Row]) -> list[EventStanding]:
    ranked = [(r.key, r.figure) for r in rows if r.figure is not None]
    labels = rank_labels(ranked)
    out = []
    for r in rows:
        place = labels.get(r.key)
        out.append(
            EventStanding(
                r.key,
                r.names,
                tuple(r.figures),
                r.figure,
                place[0] if place else None,
                place[1] if place else "–",
                r.explanation,
                sum(1 for f in r.figures if f.standing is not None),
            )
        )
    out.sort(key=lambda s: (s.rank is None, s.rank or 0, s.names.casefold()))
    return out


def _not_ranked(missed: list[Label]) -> Explanation:
    return Explanation(
        "event",
        Fraction(0),
        (
            Step(
                "event.not_ranked",
                msg("missed %(sessions)s: not ranked (a pair must play every session)", sessions=join(", ", missed)),
                {"missed": [english(label) for label in missed]},
            ),
        ),
    )


# --- total of matchpoints ---------------------------------------------------------------------


def session_top(result: SessionResult) -> Fraction | None:
    """The top of a board in the session (the largest, should the boards' tops differ)."""
    tops = [b.top for b in result.boards if b.top is not None]
    return max(tops) if tops else None


def _total(
    title: str, sessions: list[SessionResult], labels: list[Label], by_pair: ByPair, options: EventOptions
) -> EventResult:
    found = [session_top(r) for r in sessions]
    tops = [t for t in found if t is not None]
    if len(tops) != len(found):
        raise EventError(said(msg("a session has no board with a top: expected matchpoint sessions with results")))
    top = max(tops)
    notes: list[Msg] = []
    if len(set(tops)) > 1:
        described = join(
            ", ", (formula("%(session)s %(top)s", session=label, top=fig(t)) for label, t in zip(labels, tops))
        )
        if options.unequal_tops == "refuse":
            raise EventError(
                said(
                    msg(
                        "the sessions' tops differ (%(tops)s): a total of matchpoints is fair only with "
                        "equal tops; expected equal tops, or %(scale)s, or %(average)s",
                        tops=described,
                        scale="unequal_tops: scale",
                        average="method: average_percentage",
                    )
                )
            )
        notes.append(
            msg(
                "The sessions' tops differ (%(tops)s): each session's matchpoints are scaled "
                "to a top of %(top)s before they are added.",
                tops=described,
                top=fig(top),
            )
        )
    # The most matchpoints a pair could score in each session, for ``missing: average``.
    most = [Fraction(max((s.available or 0) for s in r.standings)) for r in sessions]
    rows: list[_Row] = []
    for key, standings in by_pair.items():
        figures: list[SessionFigure] = []
        steps: list[Step] = []
        missed: list[Label] = []
        terms: list[Fraction] = []
        for i, s in enumerate(standings):
            scale = top / tops[i]
            if s is None:
                if options.missing == "average":
                    mp = most[i] / 2
                    scaled = mp * scale
                    steps.append(
                        Step(
                            "event.average",
                            msg(
                                "%(session)s missed: an average, half the most available: %(worked)s matchpoints",
                                session=labels[i],
                                worked=formula(
                                    "%(most)s / 2 %(eq)s %(mp)s",
                                    most=fig(most[i], PLACES),
                                    eq=equals(most[i], places=PLACES),
                                    mp=fig(mp, PLACES),
                                ),
                            ),
                            {"session": i + 1, "available": most[i], "matchpoints": mp},
                        )
                    )
                    if scale != 1:
                        steps.append(_scale_step(labels[i], mp, top, tops[i], scaled))
                    figures.append(SessionFigure(i, None, scaled, 0, "average"))
                    terms.append(scaled)
                else:
                    missed.append(labels[i])
                    figures.append(SessionFigure(i, None, None, 0, "missed"))
                continue
            scaled = s.total * scale
            if scale != 1:
                steps.append(_scale_step(labels[i], s.total, top, tops[i], scaled))
            figures.append(SessionFigure(i, s, scaled, s.boards_played))
            terms.append(scaled)
        if missed and options.missing == "not_ranked":
            rows.append(_Row(key, _names(standings), figures, None, _not_ranked(missed)))
            continue
        total = sum(terms, Fraction(0))
        sign = equals(*terms, places=PLACES)
        what: Param = plural("Total of %(num)s session", "Total of %(num)s sessions", fig(len(terms)))
        if missed:
            what = msg("%(total)s played (missed %(sessions)s)", total=what, sessions=join(", ", missed))
        steps.append(
            Step(
                "event.total",
                msg(
                    "%(what)s: %(worked)s matchpoints",
                    what=what,
                    worked=formula(
                        "%(terms)s %(eq)s %(total)s",
                        terms=join(" + ", (fig(t, PLACES) for t in terms)),
                        eq=sign,
                        total=fig(total, PLACES),
                    ),
                ),
                {"terms": terms, "total": total},
            )
        )
        rows.append(
            _Row(
                key,
                _names(standings),
                figures,
                total,
                Explanation("event", total, tuple(steps), {"method": options.method}),
            )
        )
    return EventResult(
        title,
        options,
        tuple(sessions),
        tuple(labels),
        tuple(_rank(rows)),
        "matchpoints",
        tuple(notes) + _missing_note(options),
    )


def _scale_step(label: Label, mp: Fraction, top: Fraction, session_top: Fraction, scaled: Fraction) -> Step:
    sign = equals(mp, places=PLACES)
    return Step(
        "event.scale",
        msg(
            "%(session)s scaled to a top of %(top)s: %(worked)s matchpoints",
            session=label,
            top=fig(top),
            worked=formula(
                "%(mp)s × %(top)s / %(session_top)s %(eq)s %(scaled)s",
                mp=fig(mp, PLACES),
                top=fig(top),
                session_top=fig(session_top),
                eq=sign,
                scaled=fig(scaled, PLACES),
            ),
        ),
        {"matchpoints": mp, "top": top, "session_top": session_top, "scaled": scaled},
    )


# --- average of percentages ---------------------------------------------------------------------


def _average(
    title: str, sessions: list[SessionResult], labels: list[Label], by_pair: ByPair, options: EventOptions
) -> EventResult:
    most_boards = [max(s.boards_played for s in r.standings) for r in sessions]
    rows: list[_Row] = []
    for key, standings in by_pair.items():
        figures: list[SessionFigure] = []
        steps: list[Step] = []
        missed: list[Label] = []
        terms: list[tuple[Fraction, int]] = []
        for i, s in enumerate(standings):
            if s is None or s.percentage is None:
                if s is None and options.missing == "average":
                    steps.append(
                        Step(
                            "event.average",
                            msg(
                                "%(session)s missed: an average of %(pct)s on %(boards)s boards",
                                session=labels[i],
                                pct=pfig(AVERAGE),
                                boards=most_boards[i],
                            ),
                            {"session": i + 1},
                        )
                    )
                    figures.append(SessionFigure(i, None, AVERAGE, most_boards[i], "average"))
                    terms.append((AVERAGE, most_boards[i]))
                else:
                    missed.append(labels[i])
                    figures.append(SessionFigure(i, s, None, 0, "missed"))
                continue
            figures.append(SessionFigure(i, s, s.percentage, s.boards_played))
            terms.append((s.percentage, s.boards_played))
        if (missed and options.missing == "not_ranked") or not terms:
            rows.append(_Row(key, _names(standings), figures, None, _not_ranked(missed)))
            continue
        pcts = [p for p, _ in terms]
        if options.weighting == "equal":
            figure = sum(pcts, Fraction(0)) / len(pcts)
            sign = equals(*pcts, places=PLACES)
            text = formula(
                "(%(terms)s) / %(n)s %(eq)s %(pct)s",
                terms=join(" + ", (pfig(p, PLACES) for p in pcts)),
                n=len(pcts),
                eq=sign,
                pct=pfig(figure, PLACES),
            )
            what: Param = msg("Average of %(n)s session percentages, each session alike", n=len(pcts))
        else:
            boards = sum(b for _, b in terms)
            figure = sum((p * b for p, b in terms), Fraction(0)) / boards
            sign = equals(*pcts, places=PLACES)
            text = formula(
                "(%(terms)s) / %(boards)s %(eq)s %(pct)s",
                terms=join(" + ", (formula("%(p)s × %(b)s", p=pfig(p, PLACES), b=b) for p, b in terms)),
                boards=boards,
                eq=sign,
                pct=pfig(figure, PLACES),
            )
            what = msg("Average of %(n)s session percentages weighted by the boards played", n=len(pcts))
        if missed:
            what = msg(
                "%(average)s (missed %(sessions)s: the sessions played)", average=what, sessions=join(", ", missed)
            )
        steps.append(
            Step(
                "event.average_percentage",
                msg("%(what)s: %(worked)s", what=what, worked=text),
                {"percentages": pcts, "boards": [b for _, b in terms], "percentage": figure},
            )
        )
        rows.append(
            _Row(
                key,
                _names(standings),
                figures,
                figure,
                Explanation("event", figure, tuple(steps), {"method": options.method, "weighting": options.weighting}),
            )
        )
    return EventResult(title, options, tuple(sessions), tuple(labels), tuple(_rank(rows)), "%", _missing_note(options))


# --- carry-forward ------------------------------------------------------------------------------


def _carry_forward(
    title: str, sessions: list[SessionResult], labels: list[Label], by_pair: ByPair, options: EventOptions
) -> EventResult:
    fraction = options.carry_forward
    rows: list[_Row] = []
    for key, (qualifying, final) in by_pair.items():
        if final is None or final.percentage is None:
            continue  # final pairs only
        figures: list[SessionFigure] = []
        if qualifying is None or qualifying.percentage is None:
            if options.missing == "not_ranked":
                figures = [
                    SessionFigure(0, qualifying, None, 0, "missed"),
                    SessionFigure(1, final, final.percentage, final.boards_played),
                ]
                rows.append(_Row(key, final.pair.names, figures, None, _not_ranked([labels[0]])))
                continue
            base = AVERAGE if options.missing == "average" else Fraction(0)
            note = "average" if options.missing == "average" else "missed"
            figures.append(SessionFigure(0, qualifying, base, 0, note))
            why: Param | None = (
                msg("%(session)s missed: an average of %(pct)s carried", session=labels[0], pct=pfig(AVERAGE))
                if options.missing == "average"
                else msg("%(session)s missed: nothing carried", session=labels[0])
            )
        else:
            base = qualifying.percentage
            figures.append(SessionFigure(0, qualifying, base, qualifying.boards_played))
            why = None
        figures.append(SessionFigure(1, final, final.percentage, final.boards_played))
        carried = base * fraction
        figure = final.percentage + carried
        steps: list[Step] = []
        if why is not None:
            steps.append(Step("event.average" if base else "event.missed", why, {"session": 1}))
        steps.append(
            Step(
                "event.carry",
                msg(
                    "%(session)s %(pct)s carried forward at %(share)s: %(worked)s",
                    session=labels[0],
                    pct=pfig(base, PLACES),
                    share=pfig(fraction * 100, PLACES),
                    worked=formula(
                        "%(fraction)s × %(base)s %(eq)s %(carried)s",
                        fraction=fig(fraction, PLACES),
                        base=fig(base, PLACES),
                        eq=equals(base, fraction, places=PLACES),
                        carried=fig(carried, PLACES),
                    ),
                ),
                {"fraction": fraction, "qualifying": base, "carried": carried},
            )
        )
        steps.append(
            Step(
                "event.carry_total",
                msg(
                    "%(session)s percentage plus what is carried: %(worked)s",
                    session=labels[1],
                    worked=formula(
                        "%(final)s + %(carried)s %(eq)s %(score)s",
                        final=fig(final.percentage, PLACES),
                        carried=fig(carried, PLACES),
                        eq=equals(final.percentage, carried, places=PLACES),
                        score=fig(figure, PLACES),
                    ),
                ),
                {"final": final.percentage, "carried": carried, "score": figure},
            )
        )
        rows.append(
            _Row(
                key,
                final.pair.names,
                figures,
                figure,
                Explanation("event", figure, tuple(steps), {"method": options.method, "carry_forward": fraction}),
            )
        )
    final_only = (
        msg(
            "Final pairs only: each scores its final percentage plus %(share)s of its "
            "qualifying percentage (in percentage points).",
            share=pfig(fraction * 100, PLACES),
        ),
    )
    return EventResult(
        title,
        options,
        tuple(sessions),
        tuple(labels),
        tuple(_rank(rows)),
        "points",
        final_only + _missing_note(options),
    )


def _missing_note(options: EventOptions) -> tuple[Msg, ...]:
    return (missing_rule(options.missing),)


def missing_rule(missing: str) -> Msg:
    """The event's rule for a pair that missed a session, as its ranking's note says it (a
    message: ``english`` writes it in English, a site in its language)."""
    if missing == "not_ranked":
        return msg("A pair that missed a session is listed but not ranked.")
    if missing == "played":
        return msg("A pair that missed a session is ranked on the sessions it played.")
    if missing == "average":
        return msg("A pair that missed a session is given an average (%(average)s) for it.", average=pfig(AVERAGE))
    raise KeyError(missing)

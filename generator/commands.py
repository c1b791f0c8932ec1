"""`score`: read an upload, score every session in it, and print JSON or a readable ranking."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .cycles import paused_gc
from .export import BoardsToWrite, board_text, compact_json, session_to_json
from .json_halves import Started, encoded_in_halves, started, worth_forking
from .model import Session
from .scoring.explain import fmt, signed
from .scoring.results import ScoredBoard, SessionResult
from .site_settings import site_event_missing_for, site_scoring_for
from .upload import BoardsScored, SessionOutcome, UploadOutcome, read_and_score


def score_file(path: Path, overrides: dict[str, Any], boards_scored: BoardsScored | None = None) -> list[SessionResult]:
    """Every session of the file, scored (``upload.read_and_score``, with the governing site.yaml)."""
    return read_and_score(
        path, site=site_scoring_for(Path(path)), overrides=overrides, boards_scored=boards_scored
    ).results


def score_notes(results: list[SessionResult]) -> list[str]:
    """What `check` prints beside its figures, for `score` to print too (on stderr, so that its
    JSON stays JSON): ``UploadOutcome.notes``."""
    return UploadOutcome(Path(), tuple(SessionOutcome(r.session, r.options, r) for r in results)).notes()


ANALYSIS_CACHE = Path(".cache") / "double-dummy"
"""Where `score --json` keeps solved deals: the same folder a build in this directory uses."""


def score_command(
    path: Path, as_json: bool = False, overrides: dict[str, Any] | None = None, keep: list[Any] | None = None
) -> str:
    return "".join(score_command_parts(path, as_json, overrides, keep))


def score_command_parts(
    path: Path, as_json: bool = False, overrides: dict[str, Any] | None = None, keep: list[Any] | None = None
) -> Iterator[str]:
    """``score_command``'s text in parts, to be written one after another: a big field's JSON
    is written board by board instead of as one string of a hundred megabytes.

    ``keep`` (a list) gets the scored sessions and their data, so that they outlive the parts:
    a process that leaves once they are written (``cli``) never frees a big field's million
    objects one by one."""
    with paused_gc():  # a big field: a quarter of the time (generator/cycles.py)
        early: list[tuple[Started, Any]] = []  # a big field's boards started on the other core, and their analysis

        def start_boards(session: Session, boards: tuple[ScoredBoard, ...]) -> None:
            lines = sum(len(b.lines) for b in boards)
            if lines > PRETTY_JSON_LINES and worth_forking(lines):
                analysis = _analysis(session)
                early.append((_boards_started(session, boards, analysis), analysis))

        try:
            outcome = read_and_score(
                path,
                site=site_scoring_for(Path(path)),
                overrides=overrides,
                boards_scored=start_boards if as_json else None,
                event_missing=site_event_missing_for(Path(path)),
            )
            if outcome.event is not None:  # an event of several sessions (generator/events.py)
                from .events import event_text, event_to_json

                event = outcome.event
                yield json.dumps(event_to_json(event), indent=2, ensure_ascii=False) if as_json else event_text(event)
                return
            results = outcome.results
            if keep is not None:
                keep.append(results)
            if as_json:
                lines = sum(len(b.lines) for r in results for b in r.boards)
                big = lines > PRETTY_JSON_LINES  # written in parts: each board's data built as it is written
                analyses = [early[0][1]] if early else [_analysis(r.session) for r in results]
                data = [
                    session_to_json(r, analysis=a, boards_when_written=big)
                    for r, a in zip(results, analyses, strict=True)
                ]
                if keep is not None:
                    keep.append(data)
                texts = early[0][0] if early else None
                yield from json_parts(
                    data[0] if len(data) == 1 else {"sessions": data}, lines, worth_forking(lines), texts
                )
                return
        except BaseException:
            for texts_started, _ in early:  # this process failed or stopped: the child's work is not wanted
                texts_started.close(stop=True)
            raise
        finally:
            for texts_started, _ in early:
                texts_started.close()
        yield "\n\n".join(ranking_text(r) for r in results)


CHILD_SHARE = 0.85
"""The share of a big field's boards the child encodes (``_boards_started``): it starts while
this process ranks the pairs and builds and writes the standings, about as much work as five
sixths of the boards' text (docs/performance.md, "Branch scorepath")."""


def _boards_started(session: Session, boards: tuple[ScoredBoard, ...], analysis: Any) -> Started:
    """A forked child starts encoding the later boards now, while this process ranks the pairs,
    builds and writes the standings and then the first boards (``json_halves.started``)."""
    first = len(boards) - round(len(boards) * CHILD_SHARE)
    common: dict[Any, str] = {}  # what the boards' texts share (their pairs')
    return started(boards, lambda board: board_text(board, session, analysis, common), first)


def _analysis(session: Session) -> Any:
    """The double-dummy analysis of the session's deals; None (the same JSON: no analysis
    without a deal) when it has none, so the analysis is not even loaded."""
    if not any(b.deal is not None for b in session.boards):
        return None
    from .analysis.double_dummy import analyse_session

    return analyse_session(session, ANALYSIS_CACHE)


PRETTY_JSON_LINES = 5_000
"""Up to this many traveller lines ``score --json`` indents its output for people to read;
above it (a big simultaneous field) the JSON is compact: half the size, and written by
the json module's C encoder (an indented dump runs in pure Python, four times slower)."""


def json_text(data: Any, traveller_lines: int) -> str:
    return "".join(json_parts(data, traveller_lines))


def json_parts(data: Any, traveller_lines: int, split: bool = False, boards: Started | None = None) -> Iterator[str]:
    """The JSON text of ``data`` in parts: indented in one for a club session; compact for a big
    field (above ``PRETTY_JSON_LINES``), each board (each element of a list near the top) encoded
    apart by the C encoder — the parts joined are exactly ``json.dumps``'s compact text.  With
    ``split``, a session's boards are encoded by two processes (``json_halves``); ``boards``,
    the texts of a session's boards already started so (``_boards_started``)."""
    if traveller_lines <= PRETTY_JSON_LINES:
        yield json.dumps(data, indent=2, ensure_ascii=False)
        return
    yield from compact_parts(data, split, boards)


OPENED = ("sessions", "boards")
"""The lists ``compact_parts`` writes element by element: a document's sessions and a session's
boards (a list, or a ``BoardsToWrite`` that builds each board's data as it is reached); a
board (its traveller lines, its explanations) is encoded whole."""


def compact_parts(value: Any, split: bool = False, boards: Started | None = None) -> Iterator[str]:
    """``json.dumps(value, separators=(",", ":"), ensure_ascii=False)`` in parts; with ``split``,
    the boards a ``BoardsToWrite`` builds are encoded half here, half in a forked child; with
    ``boards``, the value's own ``boards`` are those texts (a session whose child started early)."""
    if type(value) is not dict or not all(type(k) is str for k in value):
        yield compact_json(value)
        return
    yield "{"
    for i, (key, item) in enumerate(value.items()):
        yield ("," if i else "") + compact_json(key) + ":"
        if key in OPENED and (type(item) is list or type(item) is BoardsToWrite):
            yield "["
            if key == "sessions":
                for n, element in enumerate(item):
                    yield from ([","] if n else [])
                    yield from compact_parts(element, split)
            else:
                texts = boards if boards is not None and type(item) is BoardsToWrite else _encoded(item, split)
                for n, text in enumerate(texts):
                    yield from ([","] if n else [])
                    yield text
            yield "]"
        else:
            yield compact_json(item)
    yield "}"


def _encoded(items: Any, split: bool) -> Iterator[str]:
    """Each element's compact text; a ``BoardsToWrite`` with ``split``, on two processes."""
    if type(items) is BoardsToWrite:
        return encoded_in_halves(items.result.boards, items.text) if split else map(items.text, items.result.boards)
    return (compact_json(element) for element in items)


def ranking_text(result: SessionResult) -> str:
    s = result.session
    head = [
        f"{s.title}" + (f" — {s.club}" if s.club else "") + (f", {s.date.isoformat()}" if s.date else ""),
        f"{s.method} ({s.board_count} boards)",
    ]
    lines = []
    for field in result.fields:
        lines.append("")
        lines.append(f"{field.name or 'Ranking'}:")
        for st in field.standings:
            pct = f"{fmt(st.percentage, 2):>6}%" if st.percentage is not None else ""
            strata = ("  " + " ".join(f"{name} {place}" for name, place in st.strata)) if st.strata else ""
            sat = f"  (sat out {st.sitout.boards}: +{fmt(st.sitout.award, 2)}, {st.sitout.policy})" if st.sitout else ""
            lines.append(
                f"  {st.rank_label:>4}  {st.ref!s:>6}  {st.pair.names:<40} {fmt(st.total, 2):>8} {pct}{strata}{sat}"
            )
        if field.handicap_standings:
            share = "half the handicap" if result.options.handicap_share == "half" else "the handicap"
            lines.append("")
            lines.append(f"{field.name or 'Ranking'}, handicap (scratch % + {share}):")
            for st in field.handicap_standings:
                h = st.handicap
                assert h is not None
                pct = f"{fmt(h.percentage, 2):>6}%" if h.percentage is not None else ""
                lines.append(f"  {h.rank_label:>4}  {st.ref!s:>6}  {st.pair.names:<40} {signed(h.applied, 2):>8} {pct}")
    for t in result.team_standings:
        lines.append(f"  {t.rank_label:>4}  {t.team.name:<30} {fmt(t.total, 2):>8} {t.total_unit_label}")
    if result.swiss is not None:
        from .swiss_export import swiss_text

        lines += swiss_text(result.swiss)
    return "\n".join(head + lines)

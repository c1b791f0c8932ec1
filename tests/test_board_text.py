"""``export.board_text`` (a big field's board written from texts encoded once per pair, play and
side) and ``export.results_json_text`` (the site's results.json, its lines written the same way)
against their definitions: ``json.dumps`` of ``board_to_json``'s data, compact, and of
``session_to_json``'s without explanations, keys sorted — on every fixture session and on random
boards with awkward lines (splits, weighted and artificial scores, score-only plays, sit-outs'
partners, hostile section names and leads)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.errors import GeneratorError
from generator.export import board_text, board_to_json, results_json_text, session_to_json
from generator.model import (
    Artificial,
    Board,
    Component,
    Direction,
    Pair,
    PairRef,
    Play,
    Scored,
    ScoringMethod,
    Section,
    Session,
    TravellerLine,
)
from generator.notation import Contract, Seat
from generator.readers import read_sessions
from generator.scoring.options import ScoringOptions
from generator.scoring.session import score_session
from generator.upload import session_options

TESTS = Path(__file__).resolve().parent
FIXTURE_FILES = sorted(
    p
    for folder in (TESTS / "readers" / "fixtures", TESTS / "fixtures" / "club" / "sessions")
    for p in folder.rglob("*")
    if p.suffix.lower() in (".yaml", ".xml", ".pbn") and "event" not in p.name
)


def definition(board, session) -> str:
    return json.dumps(board_to_json(board, session), separators=(",", ":"), ensure_ascii=False)


def results_definition(result) -> str:
    """The site's results.json as it was written: the whole session's data, keys sorted."""
    data = session_to_json(result, explanations=False)
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def test_there_are_fixtures_to_compare():
    assert len(FIXTURE_FILES) > 20


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=lambda p: p.name)
def test_every_fixture_board_is_the_definitions_text(path):
    try:
        sessions = read_sessions(path)
    except GeneratorError:
        pytest.skip("a fixture of bad input")
    for session in sessions:
        try:
            result = score_session(session, session_options(session, {}))
        except GeneratorError:
            continue
        assert results_json_text(result) == results_definition(result)
        common: dict = {}  # shared by the session's boards, as ``score --json`` shares it
        for board in result.boards:
            assert board_text(board, session, None, common) == definition(board, session)
            assert board_text(board, session) == definition(board, session)


SECTIONS = ["", "A", 'B "x"', '"lines":[]', "é\\n", "\x00\u2028"]
CONTRACTS = ["4S", "3NTX", "1H", "7CXX", "PASS"]


@st.composite
def outcomes(draw):
    kind = draw(st.sampled_from(["play", "play", "play", "score", "artificial", "weighted"]))
    if kind == "artificial":
        return Artificial.from_percent(draw(st.sampled_from([60, 50, 40, 30])))
    if kind == "weighted":
        return Scored(
            (
                Component(Fraction(1, 3), Play(draw(st.sampled_from([420, -50, 170])))),
                Component(Fraction(2, 3), Play(draw(st.sampled_from([-100, 140])))),
            )
        )
    if kind == "score":
        return Scored.of(Play(draw(st.sampled_from([420, 450, -50, 0, 1430]))))
    contract = Contract.parse(draw(st.sampled_from(CONTRACTS)))
    if contract.passed_out:
        return Scored.of(Play(0, contract, None, 0, None))
    return Scored.of(
        Play(
            draw(st.sampled_from([420, -100, 990, 110])),
            contract,
            draw(st.sampled_from(list(Seat))),
            draw(st.integers(min_value=0, max_value=13)),
            draw(st.sampled_from([None, "SA", 'H"2', "é"])),
        )
    )


@st.composite
def sessions(draw):
    section = draw(st.sampled_from(SECTIONS))
    tables = draw(st.integers(min_value=1, max_value=6))
    refs = [PairRef(section, n, d) for n in range(1, tables + 1) for d in (Direction.NS, Direction.EW)]
    boards = []
    for number in range(1, draw(st.integers(min_value=1, max_value=3)) + 1):
        lines = []
        shared = draw(outcomes())  # lines of one board sharing an outcome object, as readers share them
        for t in range(1, tables + 1):
            ns = shared if draw(st.booleans()) else draw(outcomes())
            ew = ns if draw(st.integers(0, 4)) else draw(outcomes())  # now and then a split score
            table = draw(st.sampled_from([None, t]))
            lines.append(
                TravellerLine(
                    PairRef(section, t, Direction.NS), PairRef(section, t, Direction.EW), ns, ew, section, table
                )
            )
        boards.append(Board(number, tuple(lines)))
    return Session(
        "Random", ScoringMethod.MATCHPOINTS, (Section(section, tuple(Pair(r) for r in refs), 2),), tuple(boards)
    )


@settings(max_examples=150, deadline=None)
@given(sessions(), st.sampled_from([True, False]))
def test_random_boards_are_the_definitions_text(session, neuberg):
    result = score_session(session, ScoringOptions(neuberg=neuberg))
    common: dict = {}
    for board in result.boards:
        assert board_text(board, session, None, common) == definition(board, session)
    assert results_json_text(result) == results_definition(result)


def _fresh(outcome):
    """The same outcome as a new object (no line shares it)."""
    if isinstance(outcome, Artificial):
        return Artificial(outcome.kind, outcome.percent)
    return Scored(tuple(Component(c.weight, c.play) for c in outcome.components))


def _unshared(session: Session) -> Session:
    """``session`` with every line's outcomes new objects, each side its own."""
    boards = tuple(
        Board(
            b.number,
            tuple(
                TravellerLine(
                    tl.ns_pair, tl.ew_pair, _fresh(tl.ns), _fresh(tl.ew), tl.section, tl.table, tl.source_line, tl.note
                )
                for tl in b.lines
            ),
        )
        for b in session.boards
    )
    return Session(session.title, session.method, session.sections, boards)


@settings(max_examples=150, deadline=None)
@given(sessions(), st.sampled_from([True, False]))
def test_lines_sharing_outcomes_score_as_lines_that_do_not(session, neuberg):
    """The engine finds a shared outcome's figures by its identity (``score_pairs_board``,
    ``FrequencyTable.build``): the same session with no outcome shared is the definition."""
    from generator.export import session_to_json

    options = ScoringOptions(neuberg=neuberg)
    shared = session_to_json(score_session(session, options))
    alone = session_to_json(score_session(_unshared(session), options))
    assert json.dumps(shared, ensure_ascii=False) == json.dumps(alone, ensure_ascii=False)


def test_equal_figures_on_boards_of_different_tops_keep_their_own_percentages():
    """results.json writes a side's figures once per session by value and percentage: a board
    of 3 results (top 4) and one of 2 (top 2, without Neuberg) both give a pair 2 matchpoints,
    50 % on the first and 100 % on the second."""
    refs = [PairRef("", n, d) for n in (1, 2, 3) for d in (Direction.NS, Direction.EW)]

    def line(table: int, score: int) -> TravellerLine:
        outcome = Scored.of(Play(score))
        return TravellerLine(
            PairRef("", table, Direction.NS), PairRef("", table, Direction.EW), outcome, outcome, "", table
        )

    boards = (Board(1, (line(1, 420), line(2, 400), line(3, 450))), Board(2, (line(1, 420), line(2, 400))))
    session = Session("Tops", ScoringMethod.MATCHPOINTS, (Section("", tuple(Pair(r) for r in refs), 2),), boards)
    result = score_session(session, ScoringOptions(neuberg=False))
    text = results_json_text(result)
    assert text == results_definition(result)
    assert '{"percent":"50","value":"2"}' in text and '{"percent":"100","value":"2"}' in text

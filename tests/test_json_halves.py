"""``score --json`` of a big field encodes its boards on two processes (``json_halves``): the
text is the one-process text, and a child that fails changes nothing."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest

from generator import json_halves, parallel
from generator.commands import compact_parts, score_file
from generator.export import session_to_json

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or sys.platform != "linux", reason="forks only on Linux")

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def compact(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


@pytest.mark.parametrize("count", [0, 1, 2, 3, 10])
def test_the_halves_come_back_in_order(count):
    items = [{"n": n, "text": 'é\n"x"\x00' * n} for n in range(count)]  # a NUL is written \\u0000
    assert list(json_halves.encoded_in_halves(items, compact)) == [compact(i) for i in items]


def test_a_child_that_fails_leaves_the_rest_to_this_process():
    parent = os.getpid()

    def encode(item: int) -> str:
        if os.getpid() != parent:
            raise RuntimeError("the child fails")  # the child leaves with status 1
        return str(item)

    assert list(json_halves.encoded_in_halves(list(range(7)), encode)) == [str(n) for n in range(7)]


def test_a_session_split_between_two_processes_is_the_same_text():
    results = score_file(FIXTURES / "club" / "sessions" / "2026-09-07-monday-pairs.yaml", {})
    for result in results:
        whole = compact(session_to_json(result))
        split = "".join(compact_parts(session_to_json(result, boards_when_written=True), split=True))
        assert split == whole
        assert len(result.boards) > 1  # there were two halves to join


def test_only_a_big_field_is_split():
    assert not json_halves.worth_forking(json_halves.MIN_LINES - 1)


def test_no_child_to_be_had_means_one_process(monkeypatch):
    def no_fork() -> int:
        raise OSError("fork refused")

    monkeypatch.setattr(parallel.os, "fork", no_fork)
    assert list(json_halves.encoded_in_halves([1, 2, 3], str)) == ["1", "2", "3"]


@pytest.mark.parametrize("count", [1, 2, 7])
def test_a_child_started_at_once_gives_the_texts_in_order_wherever_it_takes_over(count):
    items = [{"n": n, "text": "é" * n} for n in range(count)]
    for first in range(-1, count + 2):
        texts = json_halves.started(items, compact, first)
        assert list(texts) == [compact(i) for i in items]
        assert texts.child is None  # waited for


def _slow(item: int) -> str:
    """An encoder the child is still busy with when it is stopped (a quick one may have
    finished and left with its texts written: then ``close`` rightly says it wrote them)."""
    time.sleep(60)
    return str(item)


def test_a_child_no_longer_wanted_is_stopped_and_waited_for():
    texts = json_halves.started(list(range(5)), _slow, 1)
    assert texts.child is not None
    pid = texts.child.pid
    assert texts.close(stop=True) is False
    with pytest.raises(ChildProcessError):  # no such child any more: it was waited for
        os.waitpid(pid, os.WNOHANG)


def _score_json(monkeypatch, path, fork, children=None):
    """``score --json``'s text of ``path``, written compact (as a big field's), with or without the
    child (whatever threads other tests left running); the started children's pids go to ``children``."""
    from generator import commands

    monkeypatch.setattr(commands, "PRETTY_JSON_LINES", 0)
    monkeypatch.setattr(commands, "worth_forking", lambda lines: fork)
    calls = []

    def started(*args):
        calls.append(args[2])
        texts = json_halves.started(*args)
        if children is not None and texts.child is not None:
            children.append(texts.child.pid)
        return texts

    monkeypatch.setattr(commands, "started", started)
    return "".join(commands.score_command_parts(path, as_json=True)), calls


def test_boards_started_before_the_ranking_are_the_same_text(monkeypatch):
    path = FIXTURES / "club" / "sessions" / "2026-09-07-monday-pairs.yaml"
    alone, no_child = _score_json(monkeypatch, path, fork=False)
    early, first = _score_json(monkeypatch, path, fork=True)
    assert no_child == [] and len(first) == 1  # the child was started once, from the scored boards
    boards = json.loads(alone)["boards"]
    assert 0 < first[0] < len(boards)  # it took the later boards, this process the first ones
    assert early == alone


def test_a_failure_while_ranking_stops_the_child(monkeypatch):
    from generator.errors import GeneratorError
    from generator.scoring import session as scoring_session

    def fails(*args):
        raise GeneratorError("the ranking fails")

    monkeypatch.setattr(scoring_session, "_rank_fields", fails)
    children: list[int] = []
    with pytest.raises(GeneratorError, match="the ranking fails"):
        _score_json(monkeypatch, FIXTURES / "club" / "sessions" / "2026-09-07-monday-pairs.yaml", True, children)
    assert len(children) == 1
    with pytest.raises(ChildProcessError):  # the child is not left running or unwaited
        os.waitpid(children[0], os.WNOHANG)


def test_the_engine_hands_over_the_boards_it_ranks():
    from generator.readers import read_sessions
    from generator.scoring.session import score_session
    from generator.upload import session_options

    session = read_sessions(FIXTURES / "club" / "sessions" / "2026-09-07-monday-pairs.yaml")[0]
    handed = []
    result = score_session(session, session_options(session, {}), boards_scored=handed.append)
    assert len(handed) == 1
    assert handed[0] == result.boards and all(a is b for a, b in zip(handed[0], result.boards, strict=True))

"""``score --json`` of a big field encodes its boards on two processes (``json_halves``): the
text is the one-process text, and a child that fails changes nothing."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from generator import json_halves
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

    monkeypatch.setattr(json_halves.os, "fork", no_fork)
    assert list(json_halves.encoded_in_halves([1, 2, 3], str)) == ["1", "2", "3"]

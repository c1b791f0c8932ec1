"""Small builders for bad-input cases: a minimal valid upload, changed in one place per test."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.errors import InputErrors
from generator.readers import read_sessions

FIXTURES = Path(__file__).resolve().parent.parent / "readers" / "fixtures"

PAIRS = "".join(
    f"<PAIR><PAIR_NUMBER>{n}</PAIR_NUMBER><PLAYER><PLAYER_NAME>Player {n}a</PLAYER_NAME></PLAYER>"
    f"<PLAYER><PLAYER_NAME>Player {n}b</PLAYER_NAME></PLAYER></PAIR>"
    for n in range(1, 5)
)


def line(ns: str, ew: str, contract: str = "4S", by: str = "N", tricks: str = "10", score: str = "420") -> str:
    return (
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
        f"<CONTRACT>{contract}</CONTRACT><PLAYED_BY>{by}</PLAYED_BY><TRICKS>{tricks}</TRICKS><SCORE>{score}</SCORE></TRAVELLER_LINE>"
    )


def board(number: int, *lines: str) -> str:
    return f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>{''.join(lines)}</BOARD>"


def usebio(*boards: str, event_type: str = "MP_PAIRS", pairs: str = PAIRS) -> str:
    """A Howell of four pairs (1-4) with the given boards."""
    return (
        f'<?xml version="1.0"?><USEBIO Version="1.2"><CLUB><CLUB_NAME>Test Club</CLUB_NAME></CLUB>'
        f'<EVENT EVENT_TYPE="{event_type}"><EVENT_DESCRIPTION>Test</EVENT_DESCRIPTION>'
        f"<PARTICIPANTS>{pairs}</PARTICIPANTS>{''.join(boards)}</EVENT></USEBIO>"
    )


GOOD_BOARD = board(1, line("1", "2"), line("3", "4", tricks="11", score="450"))


def write(tmp_path: Path, name: str, text: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def messages(path: Path) -> list[str]:
    """Every error reported for a bad file, as the user reads it."""
    with pytest.raises(InputErrors) as info:
        read_sessions(path)
    return [str(e) for e in info.value.errors]


def only_board(path: Path):
    """The one board of a one-session file, with the reader's warnings (a hand record left out)."""
    from generator.readers.printed import printed_figures

    [session] = read_sessions(path)
    [board] = session.boards
    return board, printed_figures(session).warnings

"""A big field for the page tests: a barometer of TABLES tables on BOARDS boards, written as
USEBIO (invented names), with a few contracts repeated so that many lines share a score and
one line per board an artificial 60/40."""

from __future__ import annotations

from pathlib import Path

from generator.scoring.contract import Contract, Seat, board_vulnerability, ns_score

TABLES = 130
BOARDS = 3
PLAYS = [
    ("4S", "N", 10),
    ("4S", "N", 11),
    ("4S", "S", 9),
    ("3NT", "S", 9),
    ("3NT", "N", 10),
    ("5S", "N", 10),
    ("4H", "E", 8),
    ("2S", "N", 10),
    ("4S", "N", 10),
    ("3NT", "S", 10),
    ("4SX", "N", 9),
]


def play_of(board: int, table: int) -> tuple[str, str, int] | None:
    """The result at ``table`` on ``board``; None for the artificial line (table 7)."""
    if table == 7:
        return None
    return PLAYS[(table * 7 + board * 3) % len(PLAYS)]


def write_big_field(path: Path) -> None:
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>\n<USEBIO Version="1.2"><CLUB><CLUB_NAME>Test Simultaneous</CLUB_NAME></CLUB>'
        '<EVENT EVENT_TYPE="MP_PAIRS"><PROGRAM_NAME>test</PROGRAM_NAME><EVENT_DESCRIPTION>Big Simultaneous</EVENT_DESCRIPTION>'
        "<DATE>23/11/2026</DATE><WINNER_TYPE>2</WINNER_TYPE><PARTICIPANTS>\n"
    ]
    for direction in ("NS", "EW"):
        for t in range(1, TABLES + 1):
            out.append(
                f"<PAIR><PAIR_NUMBER>{t}</PAIR_NUMBER><DIRECTION>{direction}</DIRECTION>"
                f"<PLAYER><PLAYER_NAME>Player {direction} {t}a</PLAYER_NAME></PLAYER>"
                f"<PLAYER><PLAYER_NAME>Player {direction} {t}b</PLAYER_NAME></PLAYER></PAIR>\n"
            )
    out.append("</PARTICIPANTS>\n")
    for board in range(1, BOARDS + 1):
        out.append(f"<BOARD><BOARD_NUMBER>{board}</BOARD_NUMBER>\n")
        for t in range(1, TABLES + 1):
            ew = (t + board - 1) % TABLES + 1
            head = f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{t}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
            play = play_of(board, t)
            if play is None:
                out.append(f"{head}<SCORE>A6040</SCORE></TRAVELLER_LINE>\n")
                continue
            contract, by, tricks = play
            score = ns_score(Contract.parse(contract), Seat.parse(by), tricks, board_vulnerability(board))
            out.append(
                f"{head}<CONTRACT>{contract}</CONTRACT><PLAYED_BY>{by}</PLAYED_BY><TRICKS>{tricks}</TRICKS>"
                f"<SCORE>{score}</SCORE></TRAVELLER_LINE>\n"
            )
        out.append("</BOARD>\n")
    out.append("</EVENT></USEBIO>\n")
    path.write_text("".join(out), encoding="utf-8")


def big_field_content(root: Path) -> Path:
    """A content folder holding the big field only."""
    (root / "sessions").mkdir(parents=True)
    (root / "site.yaml").write_text("club: Test Simultaneous\n", encoding="utf-8")
    write_big_field(root / "sessions" / "2026-11-23-big-simultaneous.xml")
    return root

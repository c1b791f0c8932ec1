"""A big barometer field written as files a user would score: USEBIO XML (ours) and
salliere's CSV boards and names files (for the side-by-side run).

Every one of R tables plays each of 24 boards (one board 5 % short, one line in 200 an
artificial 60/40), contracts spread around each board's par as in ``synthetic``; invented
names.  The same results go into both formats.
"""

from __future__ import annotations

import random
from pathlib import Path
from xml.sax.saxutils import escape

from benchmarks.synthetic import board_plan, table_result
from generator.scoring.contract import Contract, Seat, board_vulnerability, ns_score

BOARDS = 24


def field_results(tables: int, boards: int = BOARDS, seed: int = 1) -> list[list[dict]]:
    """Per board, the tables' results: {"ns", "ew", "contract", "by", "tricks", "score"} or an artificial."""
    rnd = random.Random(seed)
    out = []
    for number in range(1, boards + 1):
        level, strain, ns_declares = board_plan(rnd)
        played = tables if number != 2 else int(tables * 0.95)
        rows = []
        for t in range(played):
            ew = (t + number) % tables + 1
            if rnd.random() < 0.005:
                rows.append({"ns": t + 1, "ew": ew, "artificial": "A6040"})
                continue
            r = table_result(rnd, level, strain, ns_declares)
            contract = Contract.parse(r["contract"])
            seat = Seat.parse(r["by"]) if "by" in r else None
            r["score"] = ns_score(contract, seat, r.get("tricks", 0), board_vulnerability(number))
            rows.append({"ns": t + 1, "ew": ew, **r})
        out.append(rows)
    return out


def write_usebio(path: Path, tables: int, results: list[list[dict]]) -> None:
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>\n<USEBIO Version="1.2"><CLUB><CLUB_NAME>Benchmark Simultaneous</CLUB_NAME></CLUB>\n'
        '<EVENT EVENT_TYPE="MP_PAIRS"><PROGRAM_NAME>benchmark</PROGRAM_NAME>'
        f"<EVENT_DESCRIPTION>Barometer of {tables} tables</EVENT_DESCRIPTION><DATE>23/11/2026</DATE>"
        "<WINNER_TYPE>2</WINNER_TYPE><PARTICIPANTS>\n"
    ]
    for direction, offset in (("NS", 0), ("EW", 1)):
        for t in range(1, tables + 1):
            a, b = _names(2 * (t - 1) + offset)
            parts.append(
                f"<PAIR><PAIR_NUMBER>{t}</PAIR_NUMBER><DIRECTION>{direction}</DIRECTION>"
                f"<PLAYER><PLAYER_NAME>{escape(a)}</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>{escape(b)}</PLAYER_NAME></PLAYER></PAIR>\n"
            )
    parts.append("</PARTICIPANTS>\n")
    for number, rows in enumerate(results, 1):
        parts.append(f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>\n")
        for r in rows:
            head = (
                f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{r['ns']}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{r['ew']}</EW_PAIR_NUMBER>"
            )
            if "artificial" in r:
                parts.append(f"{head}<SCORE>{r['artificial']}</SCORE></TRAVELLER_LINE>\n")
            elif "by" not in r:
                parts.append(f"{head}<CONTRACT>PASS</CONTRACT><SCORE>0</SCORE></TRAVELLER_LINE>\n")
            else:
                parts.append(
                    f"{head}<CONTRACT>{r['contract']}</CONTRACT><PLAYED_BY>{r['by']}</PLAYED_BY>"
                    f"<TRICKS>{r['tricks']}</TRICKS><SCORE>{r['score']}</SCORE></TRAVELLER_LINE>\n"
                )
        parts.append("</BOARD>\n")
    parts.append("</EVENT></USEBIO>\n")
    path.write_text("".join(parts), encoding="utf-8")


_FIRST = ["Ada", "Basil", "Clara", "Desmond", "Edith", "Felix", "Greta", "Horace", "Ivy", "Jasper", "Kitty", "Lionel"]
_LAST = ["Ashdown", "Brackley", "Culver", "Dunmore", "Elstow", "Farrant", "Gadsby", "Hurst", "Ibbott", "Jessop"]


def _names(i: int) -> tuple[str, str]:
    """Two invented players' names for pair index i (repeats are fine in a benchmark)."""

    def one(k: int) -> str:
        return f"{_FIRST[k % len(_FIRST)]} {_LAST[(k // len(_FIRST)) % len(_LAST)]} {k}"

    return one(2 * i), one(2 * i + 1)


def write_salliere(boards_csv: Path, names_csv: Path, tables: int, results: list[list[dict]]) -> None:
    """salliere's input: ``board,ns,ew,contract,declarer,tricks`` (an artificial score as
    ``av+``/``av-`` in the score columns) and ``pair,name,name``.  salliere numbers every pair
    once, so EW pair t is written as R + t."""
    rows = []
    for number, table_rows in enumerate(results, 1):
        for r in table_rows:
            ns, ew = r["ns"], tables + r["ew"]
            if "artificial" in r:
                rows.append(f"{number},{ns},{ew},,,,av+,av-")
            elif "by" not in r:
                rows.append(f"{number},{ns},{ew},P,,")
            else:
                rows.append(f"{number},{ns},{ew},{r['contract']},{r['by']},{r['tricks']}")
    boards_csv.write_text("\n".join(rows) + "\n", encoding="utf-8")
    names = []
    for direction_offset, base in ((0, 0), (1, tables)):
        for t in range(1, tables + 1):
            a, b = _names(2 * (t - 1) + direction_offset)
            names.append(f"{base + t},{a},{b}")
    names_csv.write_text("\n".join(names) + "\n", encoding="utf-8")


_PBN_SCORE_TABLE = "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R"
_PBN_VULNERABLE = {"NONE": "None", "NS": "NS", "EW": "EW", "BOTH": "All"}


def write_pbn(path: Path, results: list[list[dict]], tables: int | None = None, deals: bool = False) -> None:
    """The same barometer as ``write_usebio``, as a PBN file with score tables: one game per
    board (``[Board]``, ``[Vulnerable]``, a ``[Deal]`` when ``deals``, ``[ScoreTable]``), the
    first game also carrying the ``[TotalScoreTable]`` of the pairs' numbers, directions and
    names.  A 60/40 artificial is written ``A+`` ``A-``; a score belongs to the side that
    made it (``Score_NS`` or ``Score_EW``, the other cell ``-``)."""
    tables = tables if tables is not None else max(r["ns"] for rows in results for r in rows)
    rnd = random.Random(7)
    parts = ["% PBN 2.1\n% EXPORT\n"]
    for number, rows in enumerate(results, 1):
        parts.append(
            f'[Event "Barometer of {tables} tables"]\n[Date "2026.11.23"]\n[Board "{number}"]\n'
            f'[Dealer "{"NESW"[(number - 1) % 4]}"]\n'
            f'[Vulnerable "{_PBN_VULNERABLE[board_vulnerability(number).name]}"]\n'
        )
        if deals:
            parts.append(f'[Deal "{_random_deal(rnd)}"]\n')
        parts.append('[Scoring "MatchPoints"]\n')
        if number == 1:
            parts.append('[TotalScoreTable "PairId\\4R;Direction\\2R;Names\\40L"]\n')
            for direction, offset in (("NS", 0), ("EW", 1)):
                for t in range(1, tables + 1):
                    a, b = _names(2 * (t - 1) + offset)
                    parts.append(f'{t:4} {direction} "{a} - {b}"\n')
        parts.append(f'[ScoreTable "{_PBN_SCORE_TABLE}"]\n')
        for r in rows:
            head = f"{r['ns']:2} {r['ew']:2}"
            if "artificial" in r:
                parts.append(f"{head} -    - -   A+     A-\n")
            elif "by" not in r:
                parts.append(f"{head} Pass - -       0      -\n")
            else:
                score = r["score"]
                ns, ew = (str(score), "-") if score >= 0 else ("-", str(-score))
                parts.append(f"{head} {r['contract']:4} {r['by']} {r['tricks']:2} {ns:>6} {ew:>6}\n")
        parts.append("\n")
    path.write_text("".join(parts), encoding="utf-8")


def _random_deal(rnd: random.Random) -> str:
    """A random deal in PBN notation (``N:AK72.QJ5.T84.A93 ...``)."""
    cards = [(suit, rank) for suit in range(4) for rank in range(13)]
    rnd.shuffle(cards)
    hands = []
    for h in range(4):
        hand = cards[13 * h : 13 * h + 13]
        hands.append(".".join("".join("AKQJT98765432"[r] for s, r in sorted(hand) if s == suit) for suit in range(4)))
    return "N:" + " ".join(hands)

"""A correction marks only the figures it changed (issue 28): a pair's total, percentage and
place each carry the ``*`` only when they differ from the previous version's.

Worked by hand: four NS pairs of a Mitchell, two boards, top 3 (so 6 is a pair's maximum and
a percentage is total / 6).

    board 1 (both versions)   NS1 3, NS4 2, NS2 1, NS3 0
    board 2, first version    NS2 3, NS1 2, NS3 1, NS4 0
    board 2, corrected        NS3 3, NS2 2, NS1 1, NS4 0   (NS 3 v EW 3: +110 → +620)

              first version              corrected
    NS 1   5  83.33 %  1st          4  66.67 %  1st     total and % change, place does not
    NS 2   4  66.67 %  2nd          3  50.00 %  2nd=    all three change
    NS 3   1  16.67 %  4th          3  50.00 %  2nd=    all three change
    NS 4   2  33.33 %  3rd          2  33.33 %  4th     only the place changes: NS 4 was
                                                         bottom on board 2 both times
"""

from __future__ import annotations

from generator.history.record import changed_figures, corrections


def _pair(number: int, total: str, percentage: str, rank: int, label: str) -> dict:
    return {
        "pair": f"NS {number}",
        "names": "",
        "field": "NS",
        "rank": rank,
        "rank_label": label,
        "total": total,
        "percentage": percentage,
        "penalty": None,
    }


def _snapshot(board2: dict, pairs: list[dict]) -> dict:
    line = {"board": "2", "ns_pair": "NS 3", "ew_pair": "EW 3", "adjusted": None, **board2}
    return {"unit": "matchpoints", "lines": {"2|ns-3|ew-3": line}, "pairs": {f"ns-{p['pair'][3:]}": p for p in pairs}}


FIRST = _snapshot(
    {"result": "2♠+2 by N +170", "ns": "1", "ew": "2"},
    [
        _pair(1, "5", "83.33", 1, "1"),
        _pair(2, "4", "66.67", 2, "2"),
        _pair(3, "1", "16.67", 4, "4"),
        _pair(4, "2", "33.33", 3, "3"),
    ],
)
CORRECTED = _snapshot(
    {"result": "4♠= by N +620", "ns": "3", "ew": "0"},
    [
        _pair(1, "4", "66.67", 1, "1"),
        _pair(2, "3", "50.00", 2, "2="),
        _pair(3, "3", "50.00", 2, "2="),
        _pair(4, "2", "33.33", 4, "4"),
    ],
)
VERSIONS = [
    {
        "date": "2026-11-17T22:30:00+00:00",
        "commit": "a" * 40,
        "message": "Tuesday pairs",
        "blob": "1",
        "path": "t.yaml",
    },
    {
        "date": "2026-11-18T09:00:00+00:00",
        "commit": "b" * 40,
        "message": "Board 2: 4♠ made",
        "blob": "2",
        "path": "t.yaml",
    },
]


def test_only_the_figures_that_changed_are_marked():
    record = corrections(VERSIONS, [{"ok": [FIRST]}], CORRECTED, 0, "matchpoints", None)
    c = "correction-1"
    assert record["standing_marks"] == {
        "ns-1": {"total": c, "percentage": c},  # still 1st: no mark on the place
        "ns-2": {"total": c, "percentage": c, "place": c},  # 2nd → 2nd=: the place reads differently
        "ns-3": {"total": c, "percentage": c, "place": c},
        "ns-4": {"place": c},  # total 2 and 33.33 % as before: only 3rd → 4th is marked
    }
    # the line's figures: NS 3's 1 → 3 and EW 3's 2 → 0 both changed
    assert record["line_marks"] == {"2|ns-3|ew-3": {"ns": c, "ew": c}}


def test_a_pair_new_in_a_version_has_every_figure_new():
    assert changed_figures(None, _pair(5, "3", "50.00", 2, "2")) == ["total", "percentage", "place"]
    assert changed_figures(_pair(5, "3", "50.00", 2, "2"), _pair(5, "3", "50.00", 2, "2")) == []


def test_a_correction_names_the_pairs_that_moved():
    """The same correction, NS 3 with names and NS 4 without (an upload may have none): the
    board's line by its pairs' numbers, as the traveller heads it; the pairs that moved by name.
    NS 2's place went from 2nd to 2nd=: a tie, not a move."""
    from generator.history.diff import compare, describe

    first = {**FIRST, "pairs": {**FIRST["pairs"], "ns-3": {**FIRST["pairs"]["ns-3"], "names": "Ann Smith & Bob Jones"}}}
    fixed = {
        **CORRECTED,
        "pairs": {**CORRECTED["pairs"], "ns-3": {**CORRECTED["pairs"]["ns-3"], "names": "Ann Smith & Bob Jones"}},
    }
    assert describe(compare(first, fixed), "matchpoints") == (
        "board 2, NS 3 v EW 3: 2♠+2 by N +170 → 4♠= by N +620. "
        "Ann Smith & Bob Jones (NS 3) moved from 4th to 2nd=; NS 4 from 3rd to 4th."
    )

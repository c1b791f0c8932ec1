"""One date format where members read dates, and one number of decimals a column (issue 28,
item 7; docs/site.md, "Dates and decimals"), on the fixture club (invented names)."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

from generator.figures import column_places, figure

TEXT = re.compile(r">([^<]*)<")
ISO = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")


def test_no_page_shows_an_iso_date_to_read(built_site: Path) -> None:
    shown = [
        (p.relative_to(built_site).as_posix(), t)
        for p in built_site.rglob("*.html")
        for t in TEXT.findall(p.read_text(encoding="utf-8"))
        if ISO.search(t) and not t.strip().startswith(("{", "[", "var ", "window"))  # scripts' data
    ]
    assert shown == []
    home = (built_site / "index.html").read_text(encoding="utf-8")
    assert "2 sessions, 18 November 2026 to 25 November 2026" in home  # the winter championship


def test_a_column_of_imps_has_one_number_of_decimals(built_site: Path) -> None:
    page = (built_site / "sessions/2026-10-08-cross-imp-pairs/index.html").read_text(encoding="utf-8")
    totals = re.findall(r'#total">([^<]*)</a>', page)
    # the cross-IMP totals: 40.50 and the others are quarters and halves, so -25 is written -25.00
    assert totals[-5:] == ["40.50", "0.50", "-0.50", "-15.50", "-25.00"]
    assert {len(t.split(".")[1]) for t in totals} == {2}


def test_places_by_unit() -> None:
    quarters = [Fraction(5), Fraction(11, 4)]
    assert [figure(v, "imps", column_places("imps", quarters)) for v in quarters] == ["5.00", "2.75"]
    assert [figure(v, "imps", column_places("imps", [5, -3])) for v in (5, -3)] == ["5", "-3"]
    halves = [Fraction(429, 10), Fraction(461, 10), Fraction(271)]  # 42.9, 46.1 and 271 matchpoints
    assert [figure(v, "matchpoints", column_places("matchpoints", halves)) for v in halves] == ["42.9", "46.1", "271.0"]
    thirds = [*halves, Fraction(38, 3)]
    assert [figure(v, "matchpoints", column_places("matchpoints", thirds)) for v in thirds] == [
        "42.90",
        "46.10",
        "271.00",
        "12.67",
    ]
    assert figure(Fraction(157, 10), "vp") == "15.70"

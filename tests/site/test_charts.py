"""Charts members can read (issue 28): the player's season with its dates and partners written
as text, its axes labelled and titled, a text alternative; the board's frequency chart with
its axes.  On the fixture club (tests/fixtures/club, invented names)."""

from __future__ import annotations

import re

from generator.site.charts import Bar, Point, bar_chart, trend_chart


def _svg(html: str, kind: str) -> str:
    found = re.search(rf'<svg class="chart {kind}".*?</svg>', html, re.S)
    assert found, f"no {kind} chart"
    return found.group(0)


def _texts(svg: str) -> list[str]:
    """What the chart writes on the page: its <text> elements (not the hover-only <title>)."""
    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


def test_the_players_season_writes_each_sessions_date_partner_and_figure(built_site):
    html = (built_site / "players" / "wanda-west.html").read_text(encoding="utf-8")
    svg = _svg(html, "trend")
    texts = _texts(svg)
    # Winter Championship: 18 November 75 %, 25 November 68.75 %, both with Xavier Yates;
    # average (75 + 68.75) / 2 = 71.875, shown 71.88.
    assert texts[:1] == ["Session, oldest first"]
    assert [t for t in texts if "2026" in t or t.startswith("with") or t in ("75.00%", "68.75%")] == [
        "18 November 2026",
        "with Xavier Yates",
        "75.00%",
        "25 November 2026",
        "with Xavier Yates",
        "68.75%",
    ]
    assert [t for t in texts if re.fullmatch(r"\d+%", t)] == ["0%", "25%", "50%", "75%", "100%"]
    assert "Percentage in the session" in texts and "- - average 71.88%" in texts
    assert 'role="img"' in svg
    assert (
        'aria-label="Season 2026-27: percentage in each session, oldest first: 18 November 2026, with Xavier '
        'Yates: 75.00%; 25 November 2026, with Xavier Yates: 68.75%. average 71.88%."'
    ) in svg
    # The text alternative on the page: the points listed in the figure's caption.
    caption = re.search(r"<figcaption>.*?</figcaption>", html, re.S).group(0)
    assert "18 November 2026, Winter Championship, first session, with Xavier Yates: 75.00%" in caption
    assert "Season average: 71.88%." in caption


def test_trend_bars_are_as_long_as_their_percentage():
    svg = trend_chart(
        "t", [Point("1 May", "", 50.0, "50%"), Point("2 May", "with A", 100.0, "100%")], "T", (75.0, "avg")
    )
    widths = [float(w) for w in re.findall(r'<rect x="[\d.]+" y="[\d.]+" width="([\d.]+)"', svg)]
    assert widths == [75.0, 150.0]  # 150 units at 100 %
    assert "with A" in _texts(svg) and len([t for t in _texts(svg) if t.startswith("with")]) == 1


def test_the_frequency_chart_titles_its_axes(built_site):
    html = (built_site / "sessions" / "2026-09-07-monday-pairs" / "board-1.html").read_text(encoding="utf-8")
    svg = _svg(html, "dist")
    assert re.search(r'<text class="axis-title"[^>]*>NS score</text>', svg)
    assert re.search(r'<text class="axis-title" transform="rotate\(-90\)"[^>]*>Tables</text>', svg)
    assert svg.count('role="img"') == 1


def test_a_chart_without_axes_is_drawn_as_before():
    bars = [Bar("1", 50.0, "50%"), Bar("2", 25.0, "25%")]
    plain = bar_chart("c", bars, "T", "D", 100.0)
    titled = bar_chart("c", bars, "T", "D", 100.0, axes=("x", "y"))
    assert "axis-title" not in plain and 'viewBox="0 0 160' not in plain
    assert titled.count("<rect") == plain.count("<rect") == 2

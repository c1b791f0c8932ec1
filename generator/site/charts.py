"""Inline SVG bar charts made at build time: no JavaScript, a text alternative
(``<title>``/``<desc>``), each bar's figure in ``data-value`` exactly as the page prints it.

Geometry uses floats (it only places shapes); every figure shown is the page's own text.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from markupsafe import Markup

from . import i18n
from .format import escape_text
from .i18n import text as _

HEIGHT = 120
TOP = 14
BOTTOM = 22
LEFT = 6


class Bar(NamedTuple):
    """One bar (a tuple: made some 900 times a session, a third of a frozen dataclass's cost)."""

    label: str
    """Under the bar (a score, a board number)."""
    value: float
    """Bar height in the chart's units (geometry only)."""
    text: str
    """The figure as the page prints it: goes in ``data-value`` and the bar's tooltip."""
    id: str = ""
    """An anchor: a link to ``#id`` highlights the bar (CSS :target)."""
    mark: bool = False
    """Drawn highlighted (a pair's own board, say)."""


def bar_chart(
    chart_id: str,
    bars: Sequence[Bar],
    title: str,
    desc: str,
    y_max: float,
    *,
    step: int = 28,
    reference: tuple[float, str] | None = None,
    kind: str = "",
    values: bool = True,
    axes: tuple[str, str] | None = None,
) -> Markup:
    """A bar chart; ``reference`` is a horizontal line (value, its label as printed, shown
    in the top corner); ``values=False`` leaves the figures to the tooltips, the text
    alternative and the page's table (narrow bars); ``axes`` titles the axes (what the labels
    under the bars are, what the bars measure), written under the chart and up its left side."""
    plot_h = HEIGHT - TOP - BOTTOM
    width = max(LEFT * 2 + step * len(bars), 160 if reference else 0)
    if axes is not None:
        return _with_axes(
            bar_chart(chart_id, bars, title, desc, y_max, step=step, reference=reference, kind=kind, values=values),
            width,
            axes,
        )
    scale = plot_h / y_max if y_max else 0
    out = [
        f'<svg class="chart {escape_text(kind)}" viewBox="0 0 {width} {HEIGHT}" width="{width * 2}" role="img" '
        f'aria-labelledby="{chart_id}-t {chart_id}-d" data-chart="{escape_text(kind)}">'
        f'<title id="{chart_id}-t">{escape_text(title)}</title><desc id="{chart_id}-d">{escape_text(desc)}</desc>',
        f'<line class="axis" x1="{LEFT}" y1="{HEIGHT - BOTTOM}" x2="{width - LEFT}" y2="{HEIGHT - BOTTOM}"/>',
    ]
    bar_width = f"{step * 0.7:.1f}"
    label_y = HEIGHT - BOTTOM + 12
    columns = _columns(step, len(bars))
    bottom = HEIGHT - BOTTOM
    for bar, (x, middle) in zip(bars, columns):
        h = max(bar.value * scale, 0.0)
        y = bottom - h
        label, text = escape_text(bar.label), escape_text(bar.text)  # each escaped once, used twice
        attrs = f' id="{escape_text(bar.id)}"' if bar.id else ""
        cls = "bar mark" if bar.mark else "bar"
        out.append(
            f'<g class="{cls}"{attrs} data-label="{label}" data-value="{text}">'
            f"<title>{label}: {text}</title>"
            f'<rect x="{x}" y="{y:.1f}" width="{bar_width}" height="{h:.1f}"/>'
            + (f'<text class="v" x="{middle}" y="{y - 2:.1f}">{text}</text>' if values else "")
            + f'<text class="l" x="{middle}" y="{label_y}">{label}</text></g>'
        )
    if reference is not None:
        value, label = reference
        y = HEIGHT - BOTTOM - value * scale
        out.append(
            f'<g class="ref" data-value="{escape_text(label)}"><line x1="{LEFT}" y1="{y:.1f}" x2="{width - LEFT}" '
            f'y2="{y:.1f}"/><text x="{width - LEFT}" y="9">- - {escape_text(label)}</text></g>'
        )
    out.append("</svg>")
    return Markup("".join(out))


AXIS_ROOM = 14
"""Room for an axis title: under the chart and left of it."""


def _with_axes(chart: Markup, width: int, axes: tuple[str, str]) -> Markup:
    """The chart moved right and up by ``AXIS_ROOM`` to make room for its axes' titles: the
    x axis's under the bar labels, the y axis's turned up the left side (a nested ``<svg>``
    would need its own role; a translated group keeps one image)."""
    x_title, y_title = axes
    head, _, rest = str(chart).partition(">")
    inner, _, _ = rest.rpartition("</svg>")
    title_end = inner.index("</desc>") + len("</desc>")
    new_w, new_h = width + AXIS_ROOM, HEIGHT + AXIS_ROOM
    head = head.replace(
        f'viewBox="0 0 {width} {HEIGHT}" width="{width * 2}"', f'viewBox="0 0 {new_w} {new_h}" width="{new_w * 2}"'
    )
    middle_y = (TOP + HEIGHT - BOTTOM) / 2
    return Markup(
        f"{head}>{inner[:title_end]}"
        f'<g transform="translate({AXIS_ROOM} 0)">{inner[title_end:]}</g>'
        f'<text class="axis-title" x="{AXIS_ROOM + width / 2:.1f}" y="{new_h - 3}">{escape_text(x_title)}</text>'
        f'<text class="axis-title" transform="rotate(-90)" x="{-middle_y:.1f}" y="9">{escape_text(y_title)}</text>'
        "</svg>"
    )


@lru_cache(maxsize=64)
def _columns(step: int, count: int) -> tuple[tuple[str, str], ...]:
    """Each bar's left edge and middle as written (one decimal): the same for every chart
    with as many bars at that width (a session's cards, most boards' charts), so written once."""
    return tuple((f"{(x := LEFT + i * step + step * 0.15):.1f}", f"{x + step * 0.35:.1f}") for i in range(count))


class Point(NamedTuple):
    """One session on a player's trend: its date and partner as the chart writes them."""

    date: str
    """'7 Sep 2026': written beside the bar, readable without hovering."""
    partner: str
    """'with Ann Ash' (or '' for an individual): under the date."""
    value: float
    """The percentage (geometry only)."""
    text: str
    """The figure as the page prints it ('56.25%'): at the bar's end and in the text alternative."""


TREND_WIDTH = 360
"""The trend's width in its own units, drawn at as many pixels (1:1 on a 390 px phone)."""
TREND_LABELS = 150
"""Room for each session's date and partner, left of the bars."""
TREND_BARS = 150
"""The bars' length at 100%."""
TREND_ROW = 28
TREND_TOP = 26


def trend_chart(chart_id: str, points: Sequence[Point], title: str, reference: tuple[float, str]) -> Markup:
    """A player's season as horizontal bars, oldest session first, each labelled with its date
    and partner in text (no hover needed on a phone), the percentage at the bar's end, the
    percentage axis (0 to 100%) ticked and titled, the season's average a dashed line.  The
    SVG carries its listing as ``aria-label``; the template shows it again as text."""
    x0 = TREND_LABELS + 4
    bottom = TREND_TOP + TREND_ROW * len(points) + 2
    height = bottom + 32

    def x(value: float) -> str:
        return f"{x0 + max(min(value, 100.0), 0.0) * TREND_BARS / 100:.1f}"

    y_title, x_title = _("Session, oldest first"), _("Percentage in the session")  # (not inside an f-string: extracted)
    listing = "; ".join(
        _("%(session)s: %(figure)s", session=f"{p.date}, {p.partner}" if p.partner else p.date, figure=p.text)
        for p in points
    )
    spoken = _("%(title)s: %(points)s. %(average)s.", title=title, points=listing, average=reference[1])
    out = [
        f'<svg class="chart trend" viewBox="0 0 {TREND_WIDTH} {height}" width="{TREND_WIDTH}" role="img" '
        f'aria-label="{escape_text(spoken)}" data-chart="trend">'
        f"<title>{escape_text(title)}</title>",
        f'<text class="axis-title" x="0" y="11">{escape_text(y_title)}</text>',
    ]
    for i, p in enumerate(points):
        top = TREND_TOP + i * TREND_ROW
        out.append(
            f'<g class="point" data-value="{escape_text(p.text)}">'
            f'<text class="date" x="0" y="{top + 11}">{escape_text(p.date)}</text>'
            + (f'<text class="partner" x="0" y="{top + 23}">{escape_text(p.partner)}</text>' if p.partner else "")
            + f'<rect x="{x0}" y="{top + 6}" width="{float(x(p.value)) - x0:.1f}" height="14"/>'
            f'<text class="v" x="{float(x(p.value)) + 3:.1f}" y="{top + 17}">{escape_text(p.text)}</text></g>'
        )
    out.append(f'<line class="axis" x1="{x0}" y1="{bottom}" x2="{x(100)}" y2="{bottom}"/>')
    language = i18n.active()
    for tick in (0, 25, 50, 75, 100):
        out.append(
            f'<line class="tick" x1="{x(tick)}" y1="{bottom}" x2="{x(tick)}" y2="{bottom + 4}"/>'
            f'<text class="tick" x="{x(tick)}" y="{bottom + 14}">{escape_text(i18n.percent(tick, 0, language))}</text>'
        )
    out.append(f'<text class="axis-title x" x="{x(50)}" y="{bottom + 28}">{escape_text(x_title)}</text>')
    value, label = reference
    out.append(
        f'<g class="ref" data-value="{escape_text(label)}"><line x1="{x(value)}" y1="{TREND_TOP - 2}" '
        f'x2="{x(value)}" y2="{bottom}"/><text x="{TREND_WIDTH - 2}" y="{TREND_TOP - 6}">- - {escape_text(label)}</text></g>'
    )
    out.append("</svg>")
    return Markup("".join(out))

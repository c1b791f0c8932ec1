"""Inline SVG bar charts made at build time: no JavaScript, a text alternative
(``<title>``/``<desc>``), each bar's figure in ``data-value`` exactly as the page prints it.

Geometry uses floats (it only places shapes); every figure shown is the page's own text.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from markupsafe import Markup

from .format import escape_text

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
) -> Markup:
    """A bar chart; ``reference`` is a horizontal line (value, its label as printed, shown
    in the top corner); ``values=False`` leaves the figures to the tooltips, the text
    alternative and the page's table (narrow bars)."""
    plot_h = HEIGHT - TOP - BOTTOM
    width = max(LEFT * 2 + step * len(bars), 160 if reference else 0)
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


@lru_cache(maxsize=64)
def _columns(step: int, count: int) -> tuple[tuple[str, str], ...]:
    """Each bar's left edge and middle as written (one decimal): the same for every chart
    with as many bars at that width (a session's cards, most boards' charts), so written once."""
    return tuple((f"{(x := LEFT + i * step + step * 0.15):.1f}", f"{x + step * 0.35:.1f}") for i in range(count))

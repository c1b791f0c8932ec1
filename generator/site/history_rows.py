"""A player page's history table rows written in one piece: the markup ``player.html``'s
loop over a season's rows wrote, at a fraction of its cost (a 1,500-session archive's player
pages hold some 84,000 rows, rendered on a full build after every upload's pages).
tests/site/test_history_rows.py renders the old loop, kept there, against this on any rows,
hostile strings included."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from . import format as fmt
from .format import escape_value as esc


def _result(r: dict[str, Any]) -> str:
    """The result cell's text: the percentage, else the total in the session's unit."""
    if r["percentage"] is not None:
        return fmt.percentage(r["percentage"]) + "%"
    unit = r["unit"]
    if unit == "vp":
        return fmt.vp(r["total"]) + " VPs"
    if unit == "imps":
        return fmt.imps(r["total"]) + " IMPs"
    return fmt.points(r["total"])


def history_rows(rows: list[dict[str, Any]], with_masterpoints: bool) -> Markup:
    """The rows of one season's history table (``archive.Archive.rows``' dicts), newest
    first as given; a masterpoints cell on each when ``with_masterpoints``."""
    out = []
    for r in rows:
        partners = r["partners"]
        who = " &amp; ".join(esc(p) for p in partners) if partners else esc(r["pair"])
        masterpoints = f'<td class="num">{esc(r["masterpoints"] or "")}</td>' if with_masterpoints else ""
        out.append(
            f"<tr>\n<td>{esc(r['long_date'])}</td>\n"
            f'<th scope="row"><a href="{esc(r["session_url"])}">{esc(r["session"])}</a></th>\n'
            f"<td>{who}</td>\n"
            f"<td>{esc(r['rank'])}/{esc(r['entrants'])}</td>\n"
            f'<td class="num"><a href="{esc(r["url"])}">{esc(_result(r))}</a></td>\n'
            f"{masterpoints}</tr>\n"
        )
    return Markup("".join(out))

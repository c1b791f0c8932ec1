"""The difference between two snapshots of the same session: pure data in, pure data out.

Results that changed, were added or removed are the cause; the figures that moved on
every other line of those boards, and the totals and places, are the consequences."""

from __future__ import annotations

from typing import Any

from .types import PairSnapshot, Snapshot


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _board_order(slug: str) -> tuple[str, int]:
    digits = slug.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    return (slug[: len(slug) - len(digits)], int(digits) if digits.isdigit() else 0)


def _place(pair: PairSnapshot) -> str:
    """'2nd', or '1st=' for a shared place."""
    return ordinal(pair["rank"]) + ("=" if pair["rank_label"].endswith("=") else "")


def who(pair: dict[str, Any]) -> str:
    """A pair as a correction names it: 'Ann Smith & Bob Jones (NS 1)', or 'NS 1' without names
    (and in a snapshot cached before snapshots kept them)."""
    names = pair.get("names")
    return f"{names} ({pair['pair']})" if names else pair["pair"]


def _field_order(field: str) -> tuple[str, int]:
    """Sections in order, North-South before East-West (as the session page lists them)."""
    parts = field.split()
    return " ".join(p for p in parts if p not in ("NS", "EW")), 1 if "EW" in parts else 0


def compare(old: Snapshot, new: Snapshot) -> dict[str, Any]:
    """What changed from ``old`` to ``new``:

    * ``results``: lines added, removed or with another result, each with its text;
    * ``figures``: line key -> the sides ('ns', 'ew') whose figure changed;
    * ``pairs``: pair slug -> old and new total, percentage, place and penalty, when any changed;
    * ``moves``: the pairs whose place changed, best new place first.
    """
    results = []
    figures: dict[str, list[str]] = {}
    for key in sorted(set(old["lines"]) | set(new["lines"]), key=lambda k: (_board_order(k.split("|")[0]), k)):
        a, b = old["lines"].get(key), new["lines"].get(key)
        line = b or a
        assert line is not None  # the key is one of the two versions'
        head = {"key": key, "board": line["board"], "ns_pair": line["ns_pair"], "ew_pair": line["ew_pair"]}
        if a is None:
            results.append({**head, "change": "added", "new": line["result"], "adjusted": line["adjusted"]})
        elif b is None:
            results.append({**head, "change": "removed", "old": a["result"], "adjusted": a["adjusted"]})
        elif a["result"] != b["result"]:
            results.append(
                {
                    **head,
                    "change": "changed",
                    "old": a["result"],
                    "new": b["result"],
                    "adjusted": b["adjusted"] if b["adjusted"] != a["adjusted"] else None,
                }
            )
        if a is not None and b is not None:
            sides = [side for side in ("ns", "ew") if a[side] != b[side]]
            if sides:
                figures[key] = sides
        elif b is not None:
            figures[key] = ["ns", "ew"]
    pairs: dict[str, dict[str, Any]] = {}
    for slug in sorted(set(old["pairs"]) | set(new["pairs"])):
        was, now = old["pairs"].get(slug), new["pairs"].get(slug)
        if (
            was is None
            or now is None
            or (was["total"], was["percentage"], was["rank_label"], was["penalty"])
            != (now["total"], now["percentage"], now["rank_label"], now["penalty"])
        ):
            pairs[slug] = {"old": was, "new": now}
    moves = [
        {
            "pair": who(v["new"]),
            "label": v["new"]["pair"],
            "field": v["new"]["field"],
            "from": _place(v["old"]),
            "to": _place(v["new"]),
            "rank": v["new"]["rank"],
        }
        for v in pairs.values()
        if v["old"] and v["new"] and v["old"]["rank"] != v["new"]["rank"]
    ]
    moves.sort(key=lambda m: (*_field_order(m["field"]), m["rank"], m["label"]))
    penalties = [
        {"pair": who(v["new"]), "old": v["old"]["penalty"], "new": v["new"]["penalty"]}
        for v in pairs.values()
        if v["old"] and v["new"] and v["old"]["penalty"] != v["new"]["penalty"]
    ]
    return {"results": results, "figures": figures, "pairs": pairs, "moves": moves, "penalties": penalties}


def describe(change: dict[str, Any], unit_word: str) -> str:
    """One sentence list: 'board 7, NS 3 v EW 5: 4♠= +420 → 4♠−1 −50. Ann Smith & Bob Jones (NS 3)
    moved from 2nd to 4th; …' (a board's line by its pairs' numbers, as its traveller; a pair
    whose place or penalty changed by its players' names too)."""
    parts = []
    for r in change["results"]:
        where = f"board {r['board']}, {r['ns_pair']} v {r['ew_pair']}"
        if r["change"] == "added":
            parts.append(f"{where}: added, {r['new']}")
        elif r["change"] == "removed":
            parts.append(f"{where}: removed (was {r['old']})")
        else:
            parts.append(f"{where}: {r['old']} → {r['new']}")
    for p in change["penalties"]:
        if p["new"] and not p["old"]:
            parts.append(f"{p['pair']}: a penalty of {p['new']} {unit_word}")
        elif p["old"] and not p["new"]:
            parts.append(f"{p['pair']}: the penalty of {p['old']} {unit_word} withdrawn")
        else:
            parts.append(f"{p['pair']}: penalty {p['old']} → {p['new']} {unit_word}")
    text = "; ".join(parts) + "." if parts else "no result changed."
    if change["moves"]:
        moved = [
            f"{m['pair']} {'moved ' if i == 0 else ''}from {m['from']} to {m['to']}"
            for i, m in enumerate(change["moves"])
        ]
        text += " " + "; ".join(moved) + "."
    elif change["results"] or change["penalties"]:
        text += " No place changed."
    return text

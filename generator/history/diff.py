"""The difference between two snapshots of the same session: pure data in, pure data out.

Results that changed, were added or removed are the cause; the figures that moved on
every other line of those boards, and the totals and places, are the consequences."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..dates import MONTHS
from .types import PairSnapshot, Snapshot


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _english(message: str, **values: str) -> str:
    return message % values if values else message


def _english_place(rank: int, tied: bool) -> str:
    """'2nd', or '1st=' for a shared place."""
    return ordinal(rank) + ("=" if tied else "")


def long_date(iso: str) -> str:
    """A commit's date as a correction names it: '7 September 2026'."""
    d = datetime.fromisoformat(iso)
    return f"{d.day} {MONTHS[d.month - 1]} {d.year}"


def moment_text(moment: datetime) -> str:
    """'25 November 2026, 14:05' in the commit's own offset (the club's clock)."""
    return f"{moment.day} {MONTHS[moment.month - 1]} {moment.year}, {moment:%H:%M}"


def _same(text: str) -> str:
    return text


@dataclass(frozen=True, slots=True)
class Wording:
    """How a correction (and a provisional period's end) is written: English by default; a site in another language passes
    its own (generator/site/pipeline.py), so that this layer needs no site and no catalog.
    Its messages are extracted by ``make messages`` (babel.cfg: the keyword ``say``)."""

    say: Callable[..., str] = _english
    """A message (``%(name)s`` placeholders) in the language, its values filled in."""
    place: Callable[[int, bool], str] = _english_place
    """A place, shared or not: '2nd', '1st='; '2e', '1er ex aequo'."""
    date: Callable[[str], str] = long_date
    """A commit's ISO date-time written out."""
    moment: Callable[[datetime], str] = moment_text
    """A date and time (the end of a provisional period): '25 November 2026, 14:05'."""
    figure: Callable[[str], str] = _same
    """A figure written with a decimal point ('1.5'), with the language's decimal sign."""
    unit: Callable[[str], str] = _same
    """A unit's word ('matchpoints', 'IMPs', 'points') in the language."""
    seat: Callable[[str], str] = _same
    """A seat or a direction ('W', 'EW') as the language abbreviates it ('O', 'EO')."""
    no_trump: str = "NT"
    """No trump in a contract as the language abbreviates it ('SA': '2SA= par O')."""


ENGLISH = Wording()


def _board_order(slug: str) -> tuple[str, int]:
    digits = slug.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    return (slug[: len(slug) - len(digits)], int(digits) if digits.isdigit() else 0)


def _place(pair: PairSnapshot) -> tuple[int, bool]:
    """A pair's place and whether it is shared (as ``Wording.place`` writes it)."""
    return pair["rank"], pair["rank_label"].endswith("=")


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


def describe(change: dict[str, Any], unit_word: str, wording: Wording = ENGLISH) -> str:
    """One sentence list: 'board 7, NS 3 v EW 5: 4♠= +420 → 4♠−1 −50. Ann Smith & Bob Jones (NS 3)
    moved from 2nd to 4th; …' (a board's line by its pairs' numbers, as its traveller; a pair
    whose place or penalty changed by its players' names too), in ``wording``'s language."""
    say, figure, unit = wording.say, wording.figure, wording.unit(unit_word)
    parts = []
    for r in change["results"]:
        where = say("board %(board)s, %(ns)s v %(ew)s", board=r["board"], ns=r["ns_pair"], ew=r["ew_pair"])
        if r["change"] == "added":
            parts.append(say("%(where)s: added, %(result)s", where=where, result=r["new"]))
        elif r["change"] == "removed":
            parts.append(say("%(where)s: removed (was %(result)s)", where=where, result=r["old"]))
        else:
            parts.append(say("%(where)s: %(old)s → %(new)s", where=where, old=r["old"], new=r["new"]))
    for p in change["penalties"]:
        if p["new"] and not p["old"]:
            parts.append(
                say("%(pair)s: a penalty of %(penalty)s %(unit)s", pair=p["pair"], penalty=figure(p["new"]), unit=unit)
            )
        elif p["old"] and not p["new"]:
            parts.append(
                say(
                    "%(pair)s: the penalty of %(penalty)s %(unit)s withdrawn",
                    pair=p["pair"],
                    penalty=figure(p["old"]),
                    unit=unit,
                )
            )
        else:
            parts.append(
                say(
                    "%(pair)s: penalty %(old)s → %(new)s %(unit)s",
                    pair=p["pair"],
                    old=figure(p["old"]),
                    new=figure(p["new"]),
                    unit=unit,
                )
            )
    text = "; ".join(parts) + "." if parts else say("no result changed.")
    if change["moves"]:
        moved = []
        for i, m in enumerate(change["moves"]):
            old, new = wording.place(*m["from"]), wording.place(*m["to"])
            if i == 0:
                moved.append(say("%(pair)s moved from %(old)s to %(new)s", pair=m["pair"], old=old, new=new))
            else:
                moved.append(say("%(pair)s from %(old)s to %(new)s", pair=m["pair"], old=old, new=new))
        text += " " + "; ".join(moved) + "."
    elif change["results"] or change["penalties"]:
        text += " " + say("No place changed.")
    return text

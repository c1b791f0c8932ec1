"""Swiss pairs in `score`'s text and JSON: the rounds' matches, byes and standings."""

from __future__ import annotations

from typing import Any

from .scoring.explain import fmt, json_number, signed
from .scoring.swiss import SwissResult, SwissStanding


def swiss_to_json(swiss: SwissResult, explanations: bool = True) -> dict[str, Any]:
    """The ``swiss`` member of `score --json` (docs/json-schema.md)."""

    def standing(s: SwissStanding) -> dict[str, Any]:
        return {
            "pair": s.ref.slug,
            "number": s.ref.number,
            "names": s.pair.names,
            "rank": s.rank,
            "rank_label": s.rank_label,
            "vps": json_number(s.vps),
            "imps": json_number(s.imps),
            "rounds": [json_number(v) for v in s.rounds],
            **({"explanation": s.explanation.to_dict()} if explanations else {}),
        }

    rounds = []
    for r in swiss.rounds:
        matches = [
            {
                "table": m.match.table,
                "first": m.match.first.slug,
                "second": m.match.second.slug,
                "first_imps": json_number(m.first_imps),
                "second_imps": json_number(m.second_imps),
                "margin": json_number(m.margin),
                "first_vps": json_number(m.first_vps),
                "second_vps": json_number(m.second_vps),
                "boards": [
                    {
                        "number": f.number,
                        "first": json_number(f.first),
                        "second": json_number(f.second),
                        "first_direction": f.first_direction.value,
                    }
                    for f in m.boards
                ],
                **({"explanation": m.explanation.to_dict()} if explanations else {}),
            }
            for m in r.matches
        ]
        byes = [
            {
                "pair": b.pair.slug,
                "vps": json_number(b.vps),
                **({"explanation": b.explanation.to_dict()} if explanations else {}),
            }
            for b in r.byes
        ]
        rounds.append(
            {
                "round": r.number,
                "boards": list(r.boards),
                "matches": matches,
                "byes": byes,
                "standings": [standing(s) for s in r.standings],
            }
        )
    return {
        "pool": swiss.pool,
        "scale": swiss.scale,
        "bye_vps": json_number(swiss.bye_vps),
        "rounds": rounds,
        "standings": [standing(s) for s in swiss.standings],
    }


def swiss_text(swiss: SwissResult) -> list[str]:
    """Each round's matches and byes, then the standings after the last round (VPs, IMPs)."""
    lines: list[str] = []
    for r in swiss.rounds:
        lines += ["", f"Round {r.number} (boards {', '.join(str(b) for b in r.boards)}):"]
        for m in r.matches:
            lines.append(
                f"  {m.match.first!s:>4} v {m.match.second!s:<4} {signed(m.margin, 2):>8} IMPs  "
                f"{fmt(m.first_vps):>5} – {fmt(m.second_vps)} VPs"
            )
        for b in r.byes:
            lines.append(f"  {b.pair!s:>4} bye            {fmt(b.vps):>5} VPs")
    lines += ["", f"Swiss standings after round {swiss.rounds[-1].number}:" if swiss.rounds else "Swiss standings:"]
    for s in swiss.standings:
        lines.append(
            f"  {s.rank_label:>4}  {s.ref!s:>6}  {s.pair.names:<40} {fmt(s.vps, 2):>8} VPs {signed(s.imps, 2):>8} IMPs"
        )
    return lines

"""The session's deals as a PBN file (PBN 2.1) with each deal's double-dummy table as
``OptimumResultTable`` and its par as ``OptimumScore``, for members to replay them in the
programs they use.  Pure text; no I/O."""

from __future__ import annotations

from ..model import Session
from .double_dummy import SessionAnalysis, board_context, pbn_deal

PBN_VULNERABLE = {"None": "None", "NS": "NS", "EW": "EW", "Both": "All"}
TABLE_SEATS = ("N", "E", "S", "W")
TABLE_STRAINS = ("S", "H", "D", "C", "NT")


def _tag(name: str, value: str) -> str:
    """A PBN tag pair; a quote or backslash in the value is escaped with a backslash, and a
    character that is not printable (a line break, a tab: PBN 2.1 §3.7 allows none in a
    string) becomes a space, so that a title can never end the line or start a tag."""
    if not value.isprintable():
        value = "".join(c if c.isprintable() else " " for c in value)
    return f'[{name} "' + value.replace("\\", "\\\\").replace('"', '\\"') + '"]'


def session_pbn(session: Session, analysis: SessionAnalysis | None) -> str:
    """One game per board that has a deal, in board order; '' when no board has one."""
    from ..scoring.contract import Seat, Strain

    games = []
    date = session.date.strftime("%Y.%m.%d") if session.date else "?"
    seen: set[int] = set()
    for board in sorted(session.boards, key=lambda b: b.number):
        if board.deal is None or board.number in seen:
            continue
        seen.add(board.number)
        dealer, vulnerability = board_context(board)
        lines = [
            _tag("Event", session.title),
            _tag("Site", session.club),
            _tag("Date", date),
            _tag("Board", str(board.number)),
            _tag("Dealer", dealer.value),
            _tag("Vulnerable", PBN_VULNERABLE[vulnerability]),
            _tag("Deal", pbn_deal(board.deal)),
        ]
        found = analysis.for_board(board) if analysis else None
        if found is not None and found.analysis is not None:
            a = found.analysis
            lines.append(_tag("OptimumScore", f"NS {a.par_score}"))
            # Column widths in PBN's own notation (\2R: two characters, right-aligned), not an escape.
            lines.append('[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]')
            lines += [
                f"{seat} {strain:>2} {a.tricks[Seat(seat)][Strain(strain)]:>2}"
                for seat in TABLE_SEATS
                for strain in TABLE_STRAINS
            ]
        games.append("\n".join(lines))
    if not games:
        return ""
    return "% PBN 2.1\n% EXPORT\n\n" + "\n\n".join(games) + "\n"

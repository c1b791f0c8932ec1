"""What the USEBIO pairs and teams readers share: the error list, the printed figures and the
reading of one table's result (score, or contract, declarer and tricks, or an artificial code).

A teams event's tables are read exactly as a pairs traveller line is, so every check on
results applies to both.
"""

from __future__ import annotations

from xml.etree.ElementTree import Element

from ..errors import InputError
from ..model import Outcome, Play, Scored, Session
from ..notation import Contract, ContractError, Seat
from ..scoring.contract import board_vulnerability, ns_score, parse_tricks
from ..scoring.message import msg
from ..scoring.said import said, said_of
from . import values
from .conventions import contract_error, noted_line, trusted_score, unreadable_contract
from .printed import PrintedFigures
from .usebio_elements import child_texts

SEAT_WORDS = {  # DIRECTION and PLAYED_BY as exports write them
    "NORTH": Seat.N,
    "EAST": Seat.E,
    "SOUTH": Seat.S,
    "WEST": Seat.W,
    "N": Seat.N,
    "E": Seat.E,
    "S": Seat.S,
    "W": Seat.W,
}


class ResultReader:
    """One USEBIO file's errors and printed figures, and the reading of a table's result."""

    def __init__(self, file: str):
        self.file = file
        self.errors: list[InputError] = []
        self.figures = PrintedFigures()
        self.extra_sessions: list[Session] = []
        """Sessions an event holds besides its own: a teams event's pairwise ranking."""
        self.line_note = ""
        """A note on the traveller line being read: a program's export is trusted for a recorded
        score its contract contradicts, or beside a contract we cannot read (Bridge NZ Scorer's
        converter writes a placeholder contract when the scorer entered only a score)."""

    def error(self, where: str, message: str, board: int | None = None, pair: str | None = None) -> None:
        self.errors.append(InputError(self.file, where, message, board, pair))

    def outcome(
        self,
        elem: Element,
        path: str,
        board: int,
        score_text: str,
        pairs: str | None,
        texts: dict[str, str] | None = None,
    ) -> tuple[Outcome, Outcome] | None:
        """The two sides' outcomes of a table, or None (reported); ``texts`` are the line's
        child texts when the caller has read them already (``child_texts``)."""
        if texts is None:
            texts = child_texts(elem)
        if values.is_artificial_text(score_text):
            try:
                ns, ew = values.parse_artificial(score_text)
            except ValueError as exc:
                self.error(f"{path}/SCORE", said_of(exc), board, pairs)
                return None
            return ns, ew
        contract_text = texts.get("CONTRACT", "")
        if contract_text.upper() == "NP":
            contract_text = "PASS"
        score: int | None = None
        if score_text:
            try:
                score = values.whole_score(score_text)  # '430.0' too (USEBIO 1.0 programs)
            except ValueError:
                self.error(f"{path}/SCORE", values.score_expected(values.quoted(score_text)), board, pairs)
                return None
        if not contract_text:
            if score is None:
                self.error(
                    path,
                    said(
                        msg(
                            "expected a %(score)s, or a %(contract)s with %(by)s and %(tricks)s, found neither",
                            score="SCORE",
                            contract="CONTRACT",
                            by="PLAYED_BY",
                            tricks="TRICKS",
                        )
                    ),
                    board,
                    pairs,
                )
                return None
            scored = Scored.of(Play(score))
        else:
            play = self.play(texts, path, board, contract_text, score, pairs)
            if play is None:
                return None
            scored = Scored.of(play)
        return scored, scored

    def play(
        self, texts: dict[str, str], path: str, board: int, contract_text: str, score: int | None, pairs: str | None
    ) -> Play | None:
        lead = texts.get("LEAD", "") or None
        try:
            contract = Contract.parse(contract_text)
        except ContractError as exc:
            kept = unreadable_contract(contract_text, score, lead)
            if kept is None:
                self.error(f"{path}/CONTRACT", contract_error(exc, contract_text), board, pairs)
                return None
            return self.noted(board, pairs, path, *kept)
        if contract.passed_out:
            return Play(0 if score is None else score, contract, None, 0, lead)
        declarer_text = texts.get("PLAYED_BY", "")
        declarer = SEAT_WORDS.get(declarer_text.upper())
        if declarer is None:
            self.error(
                f"{path}/PLAYED_BY",
                said(msg("expected the declarer N, E, S or W, got %(found)s", found=repr(declarer_text))),
                board,
                pairs,
            )
            return None
        tricks_text = texts.get("TRICKS", "")
        try:
            tricks = parse_tricks(tricks_text, contract)
        except ContractError as exc:
            self.error(f"{path}/TRICKS", said_of(exc), board, pairs)
            return None
        expected = ns_score(contract, declarer, tricks, board_vulnerability(board))
        if score is None:
            score = expected
        elif score != expected:
            trusted = trusted_score(score, contract, declarer, tricks, expected, lead)
            if trusted is not None:
                return self.noted(board, pairs, path, *trusted)
        return Play(score, contract, declarer, tricks, lead)

    def noted(self, board: int, pairs: str | None, path: str, play: Play, note: str) -> Play:
        """A play taken on trust: the note goes on the line (the board page) and to `check` and the build."""
        self.line_note = note
        self.figures.notes.append(noted_line(board, pairs, path, note))
        return play

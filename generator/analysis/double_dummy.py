"""Double-dummy trick counts and par for each deal, solved by DDS through ``endplay``.

The solver is a library (DDS, the one every results site uses), never code of ours.  A
deal's analysis depends only on the cards, the dealer and the vulnerability, so that is
its identity and its cache key: a rebuild never solves a deal twice.  A deal that cannot
be analysed (incomplete, the solver missing or failing) gets a warning on its board; it
never fails a build.  The solver is the optional extra ``[analysis]`` (endplay brings about
170 MB of numpy and matplotlib): this module imports it only when a deal is solved.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import sealed
from ..files import write_atomic
from ..model import Board, Deal, Session
from ..notation import Contract, Seat, Strain, Vulnerability
from ..scoring.contract import board_dealer, board_vulnerability
from . import solver

FORMAT = "double-dummy-1"
CACHE_FORMAT = "double-dummy-cache-2"
"""The cache files' format (``FORMAT`` is part of each deal's identity, and stays)."""
SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
STRAINS = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)
BATCH = 32
"""Deals per call of DDS's batch solver (it accepts at most 200; 32 keeps memory small)."""
RANKS = "AKQJT98765432"


@dataclass(frozen=True, slots=True)
class ParContract:
    """One par contract: ``declarers`` are the seats that can play it (one or both of a side)."""

    level: int
    strain: Strain
    doubled: bool
    declarers: tuple[Seat, ...]
    tricks: int

    @property
    def result(self) -> int:
        """Tricks over (+) or under (−) the contract."""
        return self.tricks - 6 - self.level

    @property
    def text(self) -> str:
        """'4♥ by N or S, 10 tricks' / '5♦x by W, 9 tricks'."""
        seats = " or ".join(s.value for s in self.declarers)
        return f"{self.level}{self.strain.symbol}{'x' if self.doubled else ''} by {seats}, {self.tricks} tricks"

    def to_dict(self) -> dict[str, Any]:
        return {
            "contract": str(Contract(self.level, self.strain, int(self.doubled))),
            "declarers": [s.value for s in self.declarers],
            "tricks": self.tricks,
        }

    @staticmethod
    def from_dict(data: dict[str, Any]) -> ParContract:
        """From ``to_dict``'s data (the cache): the contract read as every contract is, and
        ValueError for one par cannot be (passed out, redoubled): a damaged entry."""
        contract = Contract.parse(data["contract"])
        if contract.strain is None or contract.doubled == 2:
            raise ValueError(f"no par contract: {data['contract']!r}")
        return ParContract(
            contract.level,
            contract.strain,
            contract.doubled == 1,
            tuple(Seat(s) for s in data["declarers"]),
            int(data["tricks"]),
        )


@dataclass(frozen=True, slots=True)
class DealAnalysis:
    """The 20 trick counts (declarer → strain → tricks) and par for one dealer and vulnerability."""

    tricks: dict[Seat, dict[Strain, int]]
    par_score: int
    """From North-South's side: negative when East-West own the par."""
    par_contracts: tuple[ParContract, ...]
    """Empty when par is to pass the board out."""

    @property
    def passed_out(self) -> bool:
        return not self.par_contracts

    def to_dict(self) -> dict[str, Any]:
        return {
            "double_dummy": {seat.value: {st.value: self.tricks[seat][st] for st in STRAINS} for seat in SEATS},
            "par": {"score": self.par_score, "contracts": [c.to_dict() for c in self.par_contracts]},
        }

    @staticmethod
    def from_dict(data: dict[str, Any]) -> DealAnalysis:
        tricks = {
            Seat(seat): {Strain(st): int(n) for st, n in row.items()} for seat, row in data["double_dummy"].items()
        }
        par = data["par"]
        return DealAnalysis(tricks, int(par["score"]), tuple(ParContract.from_dict(c) for c in par["contracts"]))


@dataclass(frozen=True, slots=True)
class BoardAnalysis:
    """What a board page shows: the analysis, or why there is none."""

    analysis: DealAnalysis | None
    warning: str = ""


# --- identity --------------------------------------------------------------------------


def pbn_deal(deal: Deal) -> str:
    """The deal as a PBN Deal string from North: 'N:AK72.QJ5.T84.A93 ...'."""
    return "N:" + " ".join(deal.hands.get(seat, "-") for seat in SEATS)


def board_context(board: Board) -> tuple[Seat, Vulnerability]:
    """The board's dealer and vulnerability: the upload's when given, else Law 2's from the number."""
    return board.dealer or board_dealer(board.number), board.vulnerability or board_vulnerability(board.number)


def deal_key(deal: Deal, dealer: Seat, vulnerability: Vulnerability) -> str:
    """The deal's identity: the cards, the dealer and the vulnerability (what par depends on)."""
    return hashlib.sha256(f"{FORMAT}|{pbn_deal(deal)}|{dealer.value}|{vulnerability}".encode()).hexdigest()


def deal_problem(deal: Deal) -> str:
    """Why a deal cannot be solved ('' when it can): DDS needs all 52 cards, 13 in each hand."""
    seen: set[str] = set()
    for seat in SEATS:
        hand = deal.hands.get(seat)
        if not hand:
            return f"the deal has no {seat.value} hand"
        suits = hand.split(".")
        if len(suits) != 4:
            return f"{seat.value}'s hand {hand!r} does not have four suits"
        cards = [s + r for s, ranks in zip("SHDC", suits) for r in ranks.upper()]
        if any(c[1] not in RANKS for c in cards):
            return f"{seat.value}'s hand {hand!r} has a card that is not one of AKQJT98765432"
        if len(cards) != 13:
            return f"{seat.value} holds {len(cards)} cards, expected 13"
        if seen & set(cards):
            return f"{seat.value}'s hand repeats a card held by another seat"
        seen.update(cards)
    return ""


# --- the cache -------------------------------------------------------------------------


@functools.cache
def _made_by() -> str:
    """What a cached analysis was made by: this module's code and the solver's version (a
    result of another version of either is solved again, never shown)."""
    return hashlib.sha256(Path(__file__).read_bytes() + solver.solver_version().encode()).hexdigest()


class AnalysisCache:
    """One small JSON file per deal under ``.cache/double-dummy/ab/<key>.json``, sealed
    (``generator/sealed.py``) with its deal's key and what made it: a damaged file, or another
    deal's put in its place, is solved again with a warning."""

    def __init__(self, root: Path | None):
        self.root = root

    def _path(self, key: str) -> Path:
        assert self.root is not None
        return self.root / key[:2] / f"{key}.json"

    def get(self, key: str) -> DealAnalysis | None:
        if self.root is None:
            return None
        path = self._path(key)
        data = sealed.read_json(path, CACHE_FORMAT, f"{key}\0{_made_by()}")
        if data is None:
            return None  # missing, of another version or damaged: solved again
        try:
            return DealAnalysis.from_dict(data)
        except (ValueError, KeyError, TypeError, IndexError, AttributeError):
            sealed.damaged(path, "it is not an analysis")
            return None

    def put(self, key: str, analysis: DealAnalysis) -> None:
        if self.root is None:
            return
        with contextlib.suppress(OSError):  # a read-only cache only costs time
            write_atomic(self._path(key), sealed.json_bytes(CACHE_FORMAT, f"{key}\0{_made_by()}", analysis.to_dict()))


# --- solving ---------------------------------------------------------------------------


class SolverUnavailable(Exception):
    pass


def _solve(requests: list[tuple[Deal, Seat, Vulnerability]]) -> list[DealAnalysis | str]:
    """Solve complete deals in batches (DDS runs a batch on every core); a failing batch
    is retried deal by deal so one bad deal only costs its own analysis."""
    try:
        from endplay.dds import calc_all_tables, calc_dd_table
        from endplay.types import Deal as EDeal
    except ImportError as exc:  # the library or its DDS build is missing
        detail = "" if exc.name == "endplay" else f" ({exc})"  # a part missing: say which
        raise SolverUnavailable(
            f"the double-dummy solver (endplay) is not installed{detail}; "
            "the generator's extra bridge-results-generator[analysis] adds it"
        ) from None
    out: list[DealAnalysis | str] = []
    for start in range(0, len(requests), BATCH):
        chunk = requests[start : start + BATCH]
        try:
            tables = list(calc_all_tables([EDeal(pbn_deal(d)) for d, _, _ in chunk]))
        except Exception:
            tables = []
            for d, _, _ in chunk:
                try:
                    tables.append(calc_dd_table(EDeal(pbn_deal(d))))
                except Exception as exc:
                    tables.append(f"the solver failed on this deal: {exc}")
        for (_, dealer, vul), table in zip(chunk, tables):
            if isinstance(table, str):
                out.append(table)
                continue
            try:
                out.append(_analysis(table, dealer, vul))
            except Exception as exc:
                out.append(f"the par calculation failed on this deal: {exc}")
    return out


_VUL = {Vulnerability.NONE: 0, Vulnerability.BOTH: 1, Vulnerability.NS: 2, Vulnerability.EW: 3}
"""DDS's vulnerability codes."""
_DDS_SEATS = {0: (Seat.N,), 1: (Seat.E,), 2: (Seat.S,), 3: (Seat.W,), 4: (Seat.N, Seat.S), 5: (Seat.E, Seat.W)}
_DDS_STRAINS = {0: Strain.NOTRUMP, 1: Strain.SPADES, 2: Strain.HEARTS, 3: Strain.DIAMONDS, 4: Strain.CLUBS}
"""DDS's par denominations (not the order of its trick table)."""


def _analysis(table: Any, dealer: Seat, vulnerability: Vulnerability) -> DealAnalysis:
    import endplay._dds as dds
    from endplay.types import Denom, Player

    tricks = {
        seat: {
            strain: int(
                table[Denom.find(strain.value[0] if strain is not Strain.NOTRUMP else "N"), Player.find(seat.value)]
            )
            for strain in STRAINS
        }
        for seat in SEATS
    }
    # DDS's DealerParBin, read from its own result structure: endplay's ParList iterator
    # reports a contract both partners can play as two copies of one seat (0.5.12).
    result = dds.parResultsMaster()
    dds.DealerParBin(table._data, result, SEATS.index(dealer), _VUL[vulnerability])
    contracts = []
    for i in range(result.number):
        c = result.contracts[i]
        if c.level == 0:
            continue
        contracts.append(
            ParContract(
                c.level,
                _DDS_STRAINS[c.denom],
                c.underTricks > 0,
                _DDS_SEATS[c.seats],
                c.level + 6 + c.overTricks - c.underTricks,
            )
        )
    return DealAnalysis(tricks, int(result.score), tuple(contracts))


def analyse(requests: list[tuple[Deal, Seat, Vulnerability]], cache: AnalysisCache) -> list[BoardAnalysis]:
    """Each deal's analysis, from the cache or solved (all missing deals in one batch)."""
    out: list[BoardAnalysis | None] = [None] * len(requests)
    todo: list[int] = []
    keys = [deal_key(*r) for r in requests]
    for i, (deal, _, _) in enumerate(requests):
        problem = deal_problem(deal)
        if problem:
            out[i] = BoardAnalysis(None, f"No double-dummy analysis: {problem}.")
        elif (hit := cache.get(keys[i])) is not None:
            out[i] = BoardAnalysis(hit)
        else:
            todo.append(i)
    if todo:
        unique = list(dict.fromkeys(keys[i] for i in todo))
        first = {keys[i]: i for i in reversed(todo)}
        try:
            solved = dict(zip(unique, _solve([requests[first[k]] for k in unique])))
        except SolverUnavailable as exc:
            solved = {k: str(exc) for k in unique}
        for k, value in solved.items():
            if isinstance(value, DealAnalysis):
                cache.put(k, value)
        for i in todo:
            value = solved[keys[i]]
            out[i] = (
                BoardAnalysis(value)
                if isinstance(value, DealAnalysis)
                else BoardAnalysis(None, f"No double-dummy analysis: {value}.")
            )
    return [o for o in out if o is not None]


@dataclass(frozen=True)
class SessionAnalysis:
    """Every board's analysis in a session, looked up by the board's deal identity."""

    by_key: dict[str, BoardAnalysis]

    def for_board(self, board: Board | None) -> BoardAnalysis | None:
        if board is None or board.deal is None:
            return None
        return self.by_key.get(deal_key(board.deal, *board_context(board)))


def analyse_session(session: Session, cache_root: Path | None) -> SessionAnalysis:
    """The analysis of every board of the session that has a deal (the session's deals solved together)."""
    requests = [(deal, *board_context(b)) for b in session.boards if (deal := b.deal) is not None]
    results = analyse(requests, AnalysisCache(cache_root)) if requests else []
    return SessionAnalysis({deal_key(*r): a for r, a in zip(requests, results)})

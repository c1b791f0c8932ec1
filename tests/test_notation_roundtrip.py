"""Every notation the project both writes and reads, read back from what it writes.

For each value ``x`` the writer can be given, ``parse(write(x)) == x`` (as python-chess tests
its moves); where the written form is the canonical one, ``write(parse(s)) == s`` for every
canonical string too.  Random values come from hypothesis; the strategies build only valid
values (a contract of level 1-7, a deal of 52 different cards, a legal auction).

Every notation both written and read, and where it is tested here: contracts, seats, strains,
vulnerability (also as PBN writes it), directions, methods and penalty units, pair references,
board numbers; scores (plain and signed), tricks, artificial scores (a side's code, a table's
pair of codes or percentages), masterpoints; figures as the pages write them (percentages,
matchpoints at their places, IMPs, signed IMPs, VPs, aggregate points, weights); dates; deals
(PBN's Deal string, voids either way), a suit's holding; PBN tag values, auctions (calls) and
play (cards); the PBN export board by board; the double-dummy cache and par contracts; scoring
options as results.json writes them; the session summaries' exact fractions; sealed cache
files and the caches' file stamps; places ('3', '3=').

Notations with a writer only for people (a handicap's '−6.42' with a typographic minus, a
contract's suit symbols in markup) or a parser only for uploads (pair numbers as the programs
write them) have no round trip and are not here.
"""

from __future__ import annotations

import json
from datetime import date
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.analysis.double_dummy import DealAnalysis, ParContract, pbn_deal
from generator.analysis.pbn_export import PBN_VULNERABLE, _tag
from generator.errors import InputError
from generator.model import (
    PASS,
    Artificial,
    ArtificialKind,
    Auction,
    Call,
    CardPlay,
    Contract,
    Deal,
    Direction,
    Masterpoints,
    PairRef,
    PenaltyUnit,
    PlayedCard,
    ScoringMethod,
    Seat,
    Strain,
    Trick,
    Vulnerability,
)
from generator.readers import pbn_tokens
from generator.readers.hand_records import suit_ranks
from generator.readers.pbn import _VULNERABLE
from generator.readers.pbn_auction import parse_auction, parse_play
from generator.readers.printed import Figure
from generator.readers.values import (
    board_number,
    parse_artificial,
    parse_date,
    parse_deal,
    parse_direction,
    parse_masterpoints,
    parse_pair_number,
    parse_weight,
    side_artificial,
    whole_score,
)
from generator.scoring.contract import POSSIBLE_SCORES, parse_tricks
from generator.scoring.options import resolve_options
from generator.site import format as fmt
from generator.site.stamps import FileStamp, SourceStamp, stamps_from_bytes, stamps_from_json, stamps_to_bytes

SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
RANKS = "AKQJT98765432"
DECK = [suit + rank for suit in "SHDC" for rank in RANKS]

contracts = st.one_of(
    st.just(PASS),
    st.builds(Contract, st.integers(1, 7), st.sampled_from(Strain), st.integers(0, 2)),
)


# --- contracts, seats, strains, vulnerability, directions, board numbers ---------------------


@given(contracts)
def test_a_contract_reads_back_as_written(contract):
    assert Contract.parse(str(contract)) == contract


@given(st.from_regex(r"\A(PASS|[1-7](C|D|H|S|NT)(X|XX)?)\Z"))
def test_a_canonical_contract_is_written_as_read(text):
    # '4SX', '3NT', 'PASS' (a passed-out board): the forms str() writes
    assert str(Contract.parse(text)) == text


@given(st.sampled_from(Seat))
def test_a_seat_reads_back(seat):
    assert Seat.parse(str(seat)) is seat
    assert str(Seat.parse(seat.value)) == seat.value


@given(st.sampled_from(Strain))
def test_a_strain_reads_back(strain):
    assert Strain(str(strain)) is strain


@given(st.sampled_from(Vulnerability))
def test_vulnerability_reads_back_as_written_and_as_pbn_writes_it(vulnerability):
    assert Vulnerability(str(vulnerability)) is vulnerability
    # the PBN export writes 'All' for Both; the PBN reader reads it back
    assert _VULNERABLE[PBN_VULNERABLE[str(vulnerability)].upper()] is vulnerability


@given(st.sampled_from(Direction))
def test_a_direction_reads_back(direction):
    assert parse_direction(str(direction)) is direction


@given(st.sampled_from([*ScoringMethod, *PenaltyUnit]))
def test_a_method_and_a_penalty_unit_read_back(member):
    assert type(member)(str(member)) is member


@given(st.integers(1, 9999), st.none() | st.sampled_from(Direction))
def test_a_pair_reference_reads_back(number, direction):
    # '7', '7 NS': as a pair is named in messages; a section's letter is written before the
    # number ('A7 NS') for people only: the programs write '(A) 7 NS', which is what is read
    ref = PairRef("", number, direction)
    assert parse_pair_number(str(ref)) == (None, number, direction)


@given(st.integers(1, 999))
def test_a_board_number_reads_back(number):
    assert board_number(str(number)) == number


# --- scores, tricks, artificial scores -------------------------------------------------------


@given(st.sampled_from(sorted(POSSIBLE_SCORES)))
def test_a_score_reads_back_plain_and_signed(score):
    assert whole_score(fmt.score(score)) == score
    assert whole_score(fmt.signed_score(score)) == score  # '+420' as the pair sees it


@given(contracts.filter(lambda c: not c.passed_out), st.integers(0, 13))
def test_tricks_read_back(contract, tricks):
    assert parse_tricks(str(tricks), contract) == tricks


@given(st.integers(0, 100))
def test_an_artificial_score_reads_back_from_its_code(percent):
    award = Artificial.from_percent(percent)
    assert side_artificial(award.code) == award
    if award.kind is not ArtificialKind.FIXED:
        assert award.code in ("A+", "A=", "A-")


@given(st.from_regex(r"\A[1-9][0-9]{0,6}(\.[0-9]{1,4})?\Z"), st.sampled_from(["", "c", "GREEN", "Blue points"]))
def test_masterpoints_read_back_as_written(awarded, kind):
    # shown as the program wrote them, never computed: the text is kept
    award = parse_masterpoints(awarded, kind)
    assert award == Masterpoints(awarded, kind)
    assert parse_masterpoints(award.awarded, award.kind) == award


def test_the_artificial_codes_are_canonical():
    assert [side_artificial(code).code for code in ("A+", "A=", "A-", "A70%", "A0%")] == [
        "A+",
        "A=",
        "A-",
        "A70%",
        "A0%",
    ]


# --- figures as the pages write them, read as the printed figures of an export are ------------


@given(st.integers(-100_000, 100_000))
def test_a_percentage_reads_back(hundredths):
    value = Fraction(hundredths, 100)
    printed = Figure.parse(fmt.percentage(value))
    assert printed is not None and printed.value == value and printed.places == 2


@given(st.integers(-100_000, 100_000), st.sampled_from([1, 2]))
def test_matchpoints_read_back_at_their_places(units, places):
    value = Fraction(units, 10**places)
    printed = Figure.parse(fmt.matchpoints(value, places))
    assert printed is not None and printed.value == value and printed.places == places


@given(st.integers(-100_000, 100_000))
def test_imps_read_back(hundredths):
    value = Fraction(hundredths, 100)
    printed = Figure.parse(fmt.imps(value))
    assert printed is not None and printed.value == value


@given(st.integers(1, 10_000))
def test_a_weight_reads_back(ten_thousandths):
    # the pages write a weight as a percentage to two decimals: exact for these
    weight = Fraction(ten_thousandths, 10_000)
    assert parse_weight(fmt.weight(weight)) == weight


# --- dates ------------------------------------------------------------------------------------


@given(st.dates(date(1000, 1, 1), date(9999, 12, 31)))
def test_a_date_reads_back_as_iso_and_as_pbn_writes_it(day):
    assert parse_date(day.isoformat()) == day
    assert parse_date(day.strftime("%Y.%m.%d")) == day  # the PBN export's [Date]


# --- cards, hands and deals ------------------------------------------------------------------


def _deal(cards: list[str]) -> Deal:
    """The deal giving North the first 13 cards, East the next, and so on (ranks in order)."""
    hands = {}
    for i, seat in enumerate(SEATS):
        held = cards[13 * i : 13 * i + 13]
        hands[seat] = ".".join(
            "".join(r for r in RANKS if suit + r in held) for suit in "SHDC"
        )  # 'AK72.QJ5.T84.A93'; a void is empty
    return Deal(hands)


deals = st.one_of(
    st.permutations(DECK),
    st.integers(0, 51).map(lambda k: DECK[k:] + DECK[:k]),  # long suits and voids
).map(_deal)


@given(deals)
def test_a_deal_reads_back_as_pbn_writes_it(deal):
    text = pbn_deal(deal)
    assert parse_deal(text) == deal
    assert pbn_deal(parse_deal(text)) == text  # canonical: from North, voids empty


@given(deals)
def test_a_deal_with_voids_written_as_dashes_reads_the_same(deal):
    dashed = "N:" + " ".join(".".join(s or "-" for s in deal.hands[seat].split(".")) for seat in SEATS)
    assert parse_deal(dashed) == deal


@given(st.sets(st.sampled_from(RANKS)).map(lambda held: "".join(r for r in RANKS if r in held)))
def test_a_holding_reads_back_as_a_hand_diagram_writes_it(ranks):
    # 'AKT2' is written 'A K 10 2', a void '—'; a hand record's suit text reads either
    assert suit_ranks(fmt.holding(ranks)) == ranks


# --- PBN tag values ---------------------------------------------------------------------------


@given(st.text(st.characters(codec="utf-8"), max_size=40).filter(lambda v: v != "#"))
def test_a_pbn_tag_value_reads_back(value):
    # The export escapes a quote and a backslash (PBN 2.1 §3.7) and writes a character that is
    # not printable (a line break) as a space; the reader undoes the escapes.  ('#' alone is
    # PBN's "as in the previous game": no string can say a plain '#'.)
    errors: list[InputError] = []
    text = f'{_tag("Event", value)}\n[Board "1"]\n'
    (game,) = pbn_tokens.games("t.pbn", text.encode(), errors)
    assert errors == []
    assert game.tag("Event") == "".join(c if c.isprintable() else " " for c in value)


def test_a_tag_value_with_quotes_backslashes_and_line_breaks():
    value = 'The "Cup" \\ final\n[Board "9"]\u2028end'
    written = _tag("Event", value)
    assert written == '[Event "The \\"Cup\\" \\\\ final [Board \\"9\\"] end"]'
    (game,) = pbn_tokens.games("t.pbn", (written + "\n").encode(), [])
    assert game.tag("Event") == 'The "Cup" \\ final [Board "9"] end'


# --- PBN auctions -----------------------------------------------------------------------------


@st.composite
def auctions(draw):
    """A legal auction from a random dealer: each call a pass, a higher bid, or a double or
    redouble where one is allowed; some alerted or with a note; some stopped short ('*')."""
    dealer = draw(st.sampled_from(SEATS))
    calls: list[Call] = []
    last: int | None = None  # index of the last bid among the 35
    bidder_ns = doubled = doubler_ns = None
    passes = 0
    seat = SEATS.index(dealer)
    bids = [f"{level}{strain}" for level in range(1, 8) for strain in ("C", "D", "H", "S", "NT")]
    while passes < (3 if last is not None else 4) and len(calls) < 300:
        ns = seat % 2 == 0
        choices = ["Pass"]
        if last is None or last < 34:
            choices.append("bid")
        if last is not None and bidder_ns != ns and not doubled:
            choices.append("X")
        if doubled == 1 and doubler_ns != ns:
            choices.append("XX")
        kind = draw(st.sampled_from(choices))
        if kind == "bid":
            last = draw(st.integers(0 if last is None else last + 1, 34))
            text, bidder_ns, doubled, passes = bids[last], ns, 0, 0
        elif kind == "X":
            text, doubled, doubler_ns, passes = "X", 1, ns, 0
        elif kind == "XX":
            text, doubled, passes = "XX", 2, 0
        else:
            text, passes = "Pass", passes + 1
        calls.append(Call(text, alert=draw(st.booleans()), note=draw(st.none() | st.integers(1, 9))))
        seat = (seat + 1) % 4
    stopped = draw(st.booleans())
    if stopped:
        calls = calls[: draw(st.integers(1, len(calls)))]
    return dealer, calls, stopped


def auction_section(calls: list[Call], stopped: bool) -> list[str]:
    """The ``[Auction]`` section's lines as PBN writes them: four calls a line, '*' where the
    record stops."""
    tokens = [c.text + ("!" if c.alert else "") + (f" ={c.note}=" if c.note else "") for c in calls]
    lines = [" ".join(tokens[i : i + 4]) for i in range(0, len(tokens), 4)]
    return [*lines, "*"] if stopped else lines


@given(auctions())
def test_an_auction_reads_back(drawn):
    dealer, calls, stopped = drawn
    auction = parse_auction(auction_section(calls, stopped), dealer.value, dealer)
    # complete when the calls end it (a record stopped just there has ended all the same)
    assert auction == Auction(dealer, tuple(calls), complete=_ended(calls))


def _ended(calls: list[Call]) -> bool:
    texts = [c.text for c in calls]
    bid = any(t not in ("Pass", "X", "XX") for t in texts)
    tail = 3 if bid else 4
    return len(texts) >= tail and all(t == "Pass" for t in texts[-tail:])


# --- PBN play ---------------------------------------------------------------------------------


def _winner(cards: list[PlayedCard], trumps: Strain) -> Seat:
    """Law 44, independently: the highest trump, else the highest card of the suit led."""
    trump = None if trumps is Strain.NOTRUMP else trumps.value
    led = cards[0].card[0]  # type: ignore[index]
    ranked = [c for c in cards if c.card[0] == trump] or [c for c in cards if c.card[0] == led]  # type: ignore[index]
    return min(ranked, key=lambda c: RANKS.index(c.card[1])).seat  # type: ignore[index]


@st.composite
def plays(draw):
    """A deal, a contract, and a play of some of its tricks (each seat plays its own cards)."""
    deal = draw(deals)
    contract = Contract(draw(st.integers(1, 7)), draw(st.sampled_from(Strain)), 0)
    declarer = draw(st.sampled_from(SEATS))
    hands = {seat: [s + r for s, ranks in zip("SHDC", deal.hands[seat].split(".")) for r in ranks] for seat in SEATS}
    leader = SEATS[(SEATS.index(declarer) + 1) % 4]
    tricks = []
    for _ in range(draw(st.integers(1, 13))):
        order = [SEATS[(SEATS.index(leader) + k) % 4] for k in range(4)]
        cards = []
        for seat in order:
            card = draw(st.sampled_from(sorted(hands[seat])))
            hands[seat].remove(card)
            cards.append(PlayedCard(seat, card))
        winner = _winner(cards, contract.strain)  # type: ignore[arg-type]
        tricks.append(Trick(leader, tuple(cards), winner))
        leader = winner
    return deal, contract, declarer, tricks


def play_section(opening_leader: Seat, tricks: list[Trick]) -> list[str]:
    """The ``[Play]`` section as PBN writes it: a line a trick, the cards in seat order from
    the opening leader (not from the trick's leader)."""
    columns = [SEATS[(SEATS.index(opening_leader) + k) % 4] for k in range(4)]
    lines = []
    for trick in tricks:
        by_seat = {c.seat: c.card for c in trick.cards}
        lines.append(" ".join(by_seat[seat] for seat in columns))  # type: ignore[misc]
    return lines if len(tricks) == 13 else [*lines, "*"]


@given(plays())
def test_a_play_reads_back(drawn):
    deal, contract, declarer, tricks = drawn
    leader = tricks[0].leader
    assert leader is not None
    got = parse_play(play_section(leader, tricks), leader.value, contract, declarer, deal)
    assert got == CardPlay(leader, tuple(tricks), complete=len(tricks) == 13)


# --- the double-dummy cache -------------------------------------------------------------------

par_contracts = st.builds(
    ParContract,
    st.integers(1, 7),
    st.sampled_from(Strain),
    st.booleans(),
    st.sampled_from([(Seat.N,), (Seat.S,), (Seat.N, Seat.S), (Seat.E,), (Seat.W,), (Seat.E, Seat.W)]),
    st.integers(0, 13),
)
analyses = st.builds(
    DealAnalysis,
    st.fixed_dictionaries({seat: st.fixed_dictionaries({s: st.integers(0, 13) for s in Strain}) for seat in SEATS}),
    st.integers(-7600, 7600),
    st.lists(par_contracts, max_size=4).map(tuple),
)


@given(analyses)
def test_a_deal_analysis_reads_back_from_the_cache(analysis):
    assert DealAnalysis.from_dict(json.loads(json.dumps(analysis.to_dict()))) == analysis


@given(par_contracts)
def test_a_par_contract_is_written_as_any_contract(par):
    written = par.to_dict()["contract"]
    assert written == str(Contract(par.level, par.strain, 1 if par.doubled else 0))
    assert ParContract.from_dict(par.to_dict()) == par


@pytest.mark.parametrize("damaged", ["PASS", "4HXX", "8S", "4Q", ""])
def test_a_damaged_par_contract_is_an_error(damaged):
    with pytest.raises(ValueError):
        ParContract.from_dict({"contract": damaged, "declarers": ["N"], "tricks": 10})


# --- scoring options, as results.json writes them and site.yaml gives them --------------------


@pytest.mark.parametrize(
    "given",
    [
        {},
        {"ties": "exact", "neuberg": False, "butler_trim": "10%"},
        {"butler_trim": 1, "weighted_imp_rounding": "integer", "vp_scale": "discrete", "vp_pool": 10},
        {
            "vp_scale": "club",
            "club_vp_scales": [{"boards": [3, 4], "vps": {"0": "10-10", "1-2": "12-8", "3+": "20-0"}}],
        },
    ],
    ids=["defaults", "pairs", "teams", "club scale"],
)
def test_scoring_options_read_back_as_results_json_writes_them(given):
    options = resolve_options(given)
    written = json.loads(json.dumps(options.to_dict()))
    assert resolve_options(written) == options


# --- exact values in the site's session summaries ('5/8'), read back by the archive ------------


@given(st.fractions(max_denominator=10**6))
def test_a_summary_figure_reads_back_exactly(value):
    from generator.site.archive import _frac
    from generator.site.summary import fraction_text
    from generator.site.swiss_pages import _fraction

    assert _frac(fraction_text(value)) == value
    assert _frac(_fraction(value)) == value  # the Swiss pages' summaries, written alike
    assert fraction_text(_frac(fraction_text(value))) == fraction_text(value)


# --- sealed cache files -----------------------------------------------------------------------


@given(st.from_regex(r"\A[a-z][a-z0-9-]{0,20}\Z"), st.text(max_size=40), st.binary(max_size=200))
def test_a_sealed_body_reads_back(kind, made_from, body):
    from pathlib import Path

    from generator.sealed import seal, take_warnings, unseal

    take_warnings()
    assert unseal(Path("c.json"), seal(kind, made_from, body), kind, made_from) == body
    assert take_warnings() == []


# --- places ('3', '3=' for a shared place), as check reads an export's printed places ----------


@given(st.lists(st.integers(0, 5), min_size=1, max_size=12))
def test_a_place_reads_back_as_check_reads_a_printed_place(scores):
    from generator.check import _place
    from generator.scoring.ranking import rank_labels

    for place, label in rank_labels(list(enumerate(scores))).values():
        assert _place(label) == place
        assert label in (str(place), f"{place}=")


# --- more figures: VPs, points, signed IMPs, as the pages write them ---------------------------


@given(st.integers(0, 10_000))
def test_vps_read_back(hundredths):
    # '14.60': always two decimals (rounding.display_vp), as a printed VP column is read
    value = Fraction(hundredths, 100)
    printed = Figure.parse(fmt.vp(value))
    assert printed is not None and printed.value == value and printed.places == 2


@given(st.integers(-1_000_000, 1_000_000))
def test_aggregate_points_read_back(hundredths):
    # an aggregate figure exact to two decimals is written exactly ('-4', '20.7', '12.25')
    value = Fraction(hundredths, 100)
    printed = Figure.parse(fmt.points(value))
    assert printed is not None and printed.value == value


@given(st.integers(-100_000, 100_000))
def test_signed_imps_read_back(hundredths):
    # '+5', '-18.40', '0': a pair's share of a swing, its sign written
    value = Fraction(hundredths, 100)
    written = fmt.signed_imps(value)
    printed = Figure.parse(written)
    assert printed is not None and printed.value == value
    assert written.startswith("+") == (value > 0)


# --- a table's artificial scores, as the two sides' codes ---------------------------------------


@given(st.sampled_from([40, 50, 60]), st.sampled_from([40, 50, 60]))
def test_a_tables_artificial_codes_read_back_as_a_pair(ns, ew):
    # 'A+/A-', 'A=/A=': the sides' codes (Artificial.code), as a traveller's score column holds them
    ns_award, ew_award = Artificial.from_percent(ns), Artificial.from_percent(ew)
    assert parse_artificial(f"{ns_award.code}/{ew_award.code}") == (ns_award, ew_award)


@given(st.integers(0, 100), st.integers(0, 100))
def test_a_tables_artificial_percentages_read_back(ns, ew):
    # 'A60/40' and 'A6040' (a program's compact form, two digits each), read as the same awards
    expected = (Artificial.from_percent(ns), Artificial.from_percent(ew))
    assert parse_artificial(f"A{ns}/{ew}") == expected
    if ns < 100 and ew < 100:
        assert parse_artificial(f"A{ns:02d}{ew:02d}") == expected


# --- file stamps, as the build's caches keep them ----------------------------------------------


@given(
    st.dictionaries(
        st.text(max_size=30),
        st.builds(FileStamp, st.integers(0, 2**40), st.integers(-(2**62), 2**62), st.from_regex(r"\A[0-9a-f]{64}\Z")),
        max_size=5,
    )
)
def test_file_stamps_read_back_from_a_cache_file(stamps):
    assert stamps_from_json(json.loads(json.dumps(stamps))) == stamps
    # the manifest's: names are file paths, which hold no NUL
    named = {path.replace("\0", ""): stamp for path, stamp in stamps.items()}
    assert stamps_from_bytes(stamps_to_bytes(named)) == named


@given(
    st.builds(
        SourceStamp,
        st.integers(0, 2**40),
        st.integers(0, 2**62),
        st.integers(0, 2**62),
        st.integers(0, 2**62),
        st.from_regex(r"\A[0-9a-f]{64}\Z"),
    )
)
def test_a_source_stamp_reads_back_from_a_cache_file(stamp):
    assert SourceStamp.from_json(json.loads(json.dumps(stamp))) == stamp
    assert stamps_from_json({"s.pbn": json.loads(json.dumps(stamp))}, SourceStamp) == {"s.pbn": stamp}


# --- the PBN export as a whole, read back by the PBN reader's own tags and values ---------------


@given(
    st.lists(
        st.tuples(
            st.integers(1, 999), deals, st.none() | st.sampled_from(SEATS), st.none() | st.sampled_from(Vulnerability)
        ),
        min_size=1,
        max_size=4,
        unique_by=lambda b: b[0],
    ),
    st.dates(date(1900, 1, 1), date(2999, 12, 31)),
)
def test_the_pbn_export_reads_back_board_by_board(boards, day):
    # each board's number, dealer, vulnerability (Law 2's when the upload gave none) and deal
    from generator.analysis.double_dummy import board_context
    from generator.analysis.pbn_export import session_pbn
    from generator.model import Board, Session

    session = Session(
        "Tuesday pairs",
        ScoringMethod.MATCHPOINTS,
        boards=tuple(Board(n, (), deal, dealer, vul) for n, deal, dealer, vul in boards),
        date=day,
    )
    errors: list[InputError] = []
    games = pbn_tokens.games("export.pbn", session_pbn(session, None).encode(), errors)
    assert errors == []
    assert len(games) == len(boards)
    for game, board in zip(games, sorted(session.boards, key=lambda b: b.number)):
        dealer, vulnerability = board_context(board)
        assert board_number(game.tag("Board")) == board.number
        assert Seat.parse(game.tag("Dealer")) is dealer
        assert _VULNERABLE[game.tag("Vulnerable").upper()] is vulnerability
        assert parse_deal(game.tag("Deal")) == board.deal
        assert parse_date(game.tag("Date")) == day

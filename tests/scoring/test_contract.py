"""Law 77 raw scores and Law 2 board conditions, against worked values from the rules."""

import pytest

from generator.scoring.contract import (
    POSSIBLE_SCORES,
    Contract,
    ContractError,
    Seat,
    board_dealer,
    board_vulnerability,
    contract_score,
    ns_score,
    parse_tricks,
)

# (contract, tricks, vulnerable, score to declarer) — Law 77 worked values
LAW77 = [
    ("1NT", 7, False, 90),
    ("2NT", 9, False, 150),
    ("2H", 9, False, 140),
    ("3C", 9, False, 110),
    ("3NT", 9, False, 400),
    ("3NT", 10, False, 430),
    ("3NT", 9, True, 600),
    ("3NT", 10, True, 630),
    ("4S", 10, False, 420),
    ("4S", 10, True, 620),
    ("4H", 13, False, 510),
    ("5CX", 11, False, 550),
    ("5CX", 11, True, 750),
    ("2SX", 8, False, 470),
    ("2SX", 8, True, 670),
    ("2CX", 10, False, 380),
    ("1CXX", 7, False, 230),
    ("1CXX", 8, False, 430),
    ("1CXX", 8, True, 630),
    ("1NTXX", 7, False, 560),
    ("1NTXX", 7, True, 760),
    ("1SX", 13, True, 1360),
    ("4HX", 11, True, 990),
    ("6H", 12, False, 980),
    ("6H", 12, True, 1430),
    ("6NTXX", 12, True, 2110),
    ("7NT", 13, True, 2220),
    ("7NTXX", 13, True, 2980),
    ("3NT", 8, False, -50),
    ("4S", 8, True, -200),
]


@pytest.mark.parametrize("contract,tricks,vulnerable,expected", LAW77)
def test_law77_worked_values(contract, tricks, vulnerable, expected):
    assert contract_score(Contract.parse(contract), tricks, vulnerable) == expected


def test_doubled_and_redoubled_undertricks():
    nv = [-contract_score(Contract.parse("7NTX"), 13 - d, False) for d in range(1, 14)]
    v = [-contract_score(Contract.parse("7NTX"), 13 - d, True) for d in range(1, 14)]
    assert nv == [100, 300, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500]
    assert v == [200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800]
    assert [-contract_score(Contract.parse("7NTXX"), 13 - d, False) for d in range(1, 5)] == [200, 600, 1000, 1600]
    assert [-contract_score(Contract.parse("7NTXX"), 13 - d, True) for d in range(1, 5)] == [400, 1000, 1600, 2200]
    assert min(POSSIBLE_SCORES) == -7600 and max(POSSIBLE_SCORES) == 7600


@pytest.mark.parametrize(
    "text,expected",
    [
        ("4H", "4H"),
        ("4♥", "4H"),
        ("4HX", "4HX"),
        ("3NTxx", "3NTXX"),
        ("3N", "3NT"),
        ("4s*", "4SX"),
        ("PASS", "PASS"),
        ("Pass", "PASS"),
        ("7 NT XX", "7NTXX"),
    ],
)
def test_contract_notations(text, expected):
    assert str(Contract.parse(text)) == expected


@pytest.mark.parametrize("bad", ["8S", "4Z", "", "X", "4SXXX"])
def test_bad_contract_message(bad):
    with pytest.raises(ContractError, match="expected a contract such as 4H, 3NTX or PASS"):
        Contract.parse(bad)


def test_results_as_tricks_or_relative():
    c = Contract.parse("4S")
    assert [parse_tricks(t, c) for t in ("10", "=", "+1", "-2", "13", "0")] == [10, 10, 11, 8, 13, 0]
    with pytest.raises(ContractError, match="tricks must be 0 to 13, got 14"):
        parse_tricks("+4", c)
    with pytest.raises(ContractError, match="expected tricks taken"):
        parse_tricks("ten", c)


def test_passed_out_scores_zero():
    assert ns_score(Contract.parse("PASS"), None, 0, "Both") == 0


def test_law2_cycle_of_sixteen():
    assert [board_vulnerability(b) for b in range(1, 17)] == [
        "None",
        "NS",
        "EW",
        "Both",
        "NS",
        "EW",
        "Both",
        "None",
        "EW",
        "Both",
        "None",
        "NS",
        "Both",
        "None",
        "NS",
        "EW",
    ]
    assert [board_dealer(b).value for b in (1, 2, 3, 4, 5, 16, 17)] == ["N", "E", "S", "W", "N", "W", "N"]
    assert board_vulnerability(33) == board_vulnerability(17) == board_vulnerability(1)


def test_ns_score_sign_follows_declarer_and_vulnerability():
    # board 2: NS vulnerable
    assert ns_score(Contract.parse("4S"), Seat.N, 10, board_vulnerability(2)) == 620
    assert ns_score(Contract.parse("4S"), Seat.E, 10, board_vulnerability(2)) == -420
    assert ns_score(Contract.parse("4S"), Seat.W, 9, board_vulnerability(2)) == 50

"""The shared value parsers: every number from an upload is ASCII digits of bounded length,
board numbers are 1-999, and a deal has 13 cards in each hand and each card once."""

from __future__ import annotations

from fractions import Fraction

import pytest

from generator.readers import values
from generator.readers.printed import Figure
from generator.scoring.contract import Seat

DEAL = "N:AK72.QJ5.T84.A93 QT8.K962.AQ7.J54 J965.A83.K95.K86 43.T74.J632.QT72"


@pytest.mark.parametrize("text, number", [("7", 7), (" 12 ", 12), ("-50", -50), ("+3", 3), (420, 420)])
def test_whole_numbers(text, number):
    assert values.whole_number(text) == number


@pytest.mark.parametrize(
    "text, message",
    [
        ("²", "expected a whole number such as 3, got '²'"),  # isdigit() says yes, int() fails
        ("٣", "expected a whole number such as 3, got '٣'"),  # int() would read it as 3
        ("1_000", "expected a whole number such as 3, got '1_000'"),  # int() would read it as 1000
        ("9" * 5000, "expected a whole number of at most 6 digits, got a number of 5,000 digits"),
        (True, "expected a whole number such as 3, got True"),
        (None, "expected a whole number such as 3, got None"),
    ],
)
def test_what_is_not_a_whole_number(text, message):
    with pytest.raises(ValueError) as info:
        values.whole_number(text)
    assert str(info.value) == message


@pytest.mark.parametrize(
    "value, message",
    [
        (0, "expected a board number from 1 to 999, got 0"),
        ("-3", "expected a board number from 1 to 999, got -3"),
        ("1000", "expected a board number from 1 to 999, got 1000"),
        (1_000_000_000, "expected a board number from 1 to 999, got 1000000000"),
        ("1a", "expected a board number such as 1 or 27, got '1a'"),
    ],
)
def test_board_numbers_are_1_to_999(value, message):
    assert values.board_number("999") == 999 and values.board_number(1) == 1
    with pytest.raises(ValueError) as info:
        values.board_number(value)
    assert str(info.value) == message


def test_yaml_numbers_must_be_numbers():
    with pytest.raises(ValueError, match="got '3'"):
        values.board_number("3", strings=False)


@pytest.mark.parametrize(
    "value, exact",
    [
        ("3", Fraction(3)),
        ("-1.5", Fraction(-3, 2)),
        ("3/2", Fraction(3, 2)),
        (0.25, Fraction(1, 4)),
        (-2, Fraction(-2)),
    ],
)
def test_decimals(value, exact):
    assert values.decimal(value) == exact


@pytest.mark.parametrize("value", ["1e999999999", "three", "1/0", float("inf"), float("nan"), 1e300, "٣", [1]])
def test_what_is_not_a_decimal(value):
    with pytest.raises(ValueError):
        values.decimal(value)


def test_a_real_deal():
    deal = values.parse_deal(DEAL)
    assert deal.hands[Seat.E] == "QT8.K962.AQ7.J54"


@pytest.mark.parametrize(
    "deal, problem",
    [
        (
            DEAL.replace("A93 QT8", "A93Q T8"),
            "N holds 14 cards; E holds 12 cards; CQ (N and W) is dealt twice; SQ is missing",
        ),
        (DEAL.replace("K962", "K96A"), "HA (E and S) is dealt twice; H2 is missing"),
        (DEAL.replace("K962", "K96"), "E holds 12 cards; H2 is missing"),
    ],
)
def test_impossible_deals(deal, problem):
    with pytest.raises(ValueError) as info:
        values.parse_deal(deal)
    assert (
        str(info.value) == f"impossible deal: {problem}: expected 13 cards in each hand and each of the 52 cards once"
    )


def test_printed_figures_are_plain_decimals():
    assert Figure.parse("42,5") == Figure("42.5", Fraction(85, 2), 1)
    assert Figure.parse("1e999999999") is None  # as a Fraction it would take hours
    assert Figure.parse("٣") is None

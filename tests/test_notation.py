"""The notation in the model layer: Vulnerability prints as the strings it replaced."""

import json

import pytest

from generator import model
from generator.notation import Seat, Vulnerability
from generator.scoring import contract
from generator.scoring.contract import board_vulnerability, is_vulnerable


def test_law_2_cycle_gives_the_enum():
    # Law 2: boards 1-4 None NS EW Both, 5-8 NS EW Both None, ... 16-board cycle.
    assert [board_vulnerability(n) for n in range(1, 9)] == [
        Vulnerability.NONE,
        Vulnerability.NS,
        Vulnerability.EW,
        Vulnerability.BOTH,
        Vulnerability.NS,
        Vulnerability.EW,
        Vulnerability.BOTH,
        Vulnerability.NONE,
    ]
    assert board_vulnerability(17) is Vulnerability.NONE


@pytest.mark.parametrize(
    "member, printed",
    [(Vulnerability.NONE, "None"), (Vulnerability.NS, "NS"), (Vulnerability.EW, "EW"), (Vulnerability.BOTH, "Both")],
)
def test_printed_forms_are_unchanged(member, printed):
    assert str(member) == printed == member.label == f"{member}"
    assert json.dumps({"vulnerability": member}) == json.dumps({"vulnerability": printed})


@pytest.mark.parametrize(
    "vul, ns_vulnerable, ew_vulnerable",
    [
        (Vulnerability.NONE, False, False),
        (Vulnerability.NS, True, False),
        (Vulnerability.EW, False, True),
        (Vulnerability.BOTH, True, True),
    ],
)
def test_which_side_is_vulnerable(vul, ns_vulnerable, ew_vulnerable):
    assert [vul.of(seat) for seat in (Seat.N, Seat.S)] == [ns_vulnerable] * 2
    assert [is_vulnerable(vul, seat) for seat in (Seat.E, Seat.W)] == [ew_vulnerable] * 2


def test_model_and_contract_name_the_same_notation():
    for name in ("PASS", "Contract", "ContractError", "Seat", "Strain", "Vulnerability"):
        assert getattr(model, name) is getattr(contract, name)

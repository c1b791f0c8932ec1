"""Option values are ``Literal`` types, and the checks and messages read their choices from them."""

from __future__ import annotations

import typing
from dataclasses import fields

import pytest

from generator.scoring import options as options_module
from generator.scoring.club_vp import ClubVpScale
from generator.scoring.options import DEFAULT_OPTIONS, OptionError, ScoringOptions


def _hints() -> dict[str, typing.Any]:
    return typing.get_type_hints(ScoringOptions, globalns=vars(options_module), localns={"ClubVpScale": ClubVpScale})


def test_every_literal_option_is_checked_against_its_own_choices():
    literal = {
        name: typing.get_args(hint) for name, hint in _hints().items() if typing.get_origin(hint) is typing.Literal
    }
    assert literal == ScoringOptions.CHOICES
    assert {f.name for f in fields(ScoringOptions)} >= set(literal)
    for name, choices in literal.items():
        assert getattr(DEFAULT_OPTIONS, name) in choices


def test_a_value_outside_the_literal_is_refused_with_its_choices():
    with pytest.raises(
        OptionError, match=r"option 'sitout_policy': expected one of none, average, session-average, got 'sometimes'"
    ):
        DEFAULT_OPTIONS.with_overrides({"sitout_policy": "sometimes"})
    with pytest.raises(OptionError, match=r"option 'vp_pool': expected one of 20, 10, got 15"):
        DEFAULT_OPTIONS.with_overrides({"vp_pool": "15"})

"""``generator.reconcile``: our figures beside the program's printed ones, worked out before
any page is planned (the session page only shows it).  The figures are those the session page
of the same fixture states (tests/site/test_build.py)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from generator.readers import read_sessions
from generator.reconcile import ProgramConventions, Reconciliation, reconcile
from generator.scoring.options import resolve_options
from generator.scoring.session import score_session

ROOT = Path(__file__).resolve().parent.parent
PHANTOM = ROOT / "tests" / "fixtures" / "sitout" / "howell_phantom_scorer.xml"


def _scored(path: Path, site: dict[str, object] | None = None):
    (session,) = read_sessions(path)
    return score_session(session, resolve_options(site or {}, session.options))


def test_the_programs_conventions_are_named_when_they_explain_more() -> None:
    # printed with an average for each board sat out; scored without: 26 of 30 agree, 30 that way
    found = reconcile(_scored(PHANTOM))
    assert found is not None
    assert (found.program, found.agree, found.compared) == ("Scorer", 26, 30)
    assert found.conventions == ProgramConventions(("an average for each board sat out",), 30)
    assert found.summary == ("pair totals: the program's conventions (an average for each board sat out): 4 figures",)
    assert len(found.details) == 4


def test_scored_as_the_program_did_every_figure_agrees() -> None:
    site = {"sitout_policy": "average"}
    found = reconcile(_scored(PHANTOM, site), site)
    assert found == Reconciliation("Scorer", 30, 30, (), (), None)


def test_an_upload_without_printed_figures_has_none(tmp_path: Path) -> None:
    upload = tmp_path / "2026-11-02-pairs.yaml"
    upload.write_text(
        "event: Pairs\ndate: 2026-11-02\nmethod: matchpoints\nmovement: mitchell\npairs:\n"
        "  - {number: 1, direction: NS, players: [Avery Ash, Blair Birch]}\n"
        "  - {number: 1, direction: EW, players: [Emery Elm, Finley Fir]}\n"
        "boards:\n  - number: 1\n    results:\n      - {ns: 1, ew: 1, contract: 3NT, by: N, tricks: 9}\n",
        encoding="utf-8",
    )
    assert reconcile(_scored(upload)) is None


def test_the_reconciliation_is_frozen() -> None:
    found = reconcile(_scored(PHANTOM))
    assert found is not None
    with pytest.raises(dataclasses.FrozenInstanceError):
        found.agree = 30  # type: ignore[misc]

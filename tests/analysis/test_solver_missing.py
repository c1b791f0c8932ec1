"""Without the analysis extra (endplay not installed): a complete deal gets a note that says
so and names the extra; nothing fails, and nothing is cached as if it were an analysis."""

from __future__ import annotations

import builtins

from generator.analysis import double_dummy as dd
from generator.model import Deal
from generator.notation import Seat, Vulnerability

DEAL = Deal(
    {
        Seat.N: "AK72.QJ5.T84.A93",
        Seat.E: "QT8.K962.AQ7.J54",
        Seat.S: "J965.A83.K95.K86",
        Seat.W: "43.T74.J632.QT72",
    }
)


def test_a_deal_without_the_solver_gets_a_note_naming_the_extra(monkeypatch, tmp_path):
    # As when it is not installed: `from endplay.dds import …` raises ModuleNotFoundError(name="endplay").
    real_import = builtins.__import__

    def without_endplay(name, *args, **kwargs):
        if name.split(".")[0] == "endplay":
            raise ModuleNotFoundError("No module named 'endplay'", name="endplay")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", without_endplay)
    [result] = dd.analyse([(DEAL, Seat.N, Vulnerability.NONE)], dd.AnalysisCache(tmp_path))
    assert result.analysis is None
    assert result.warning == (
        "No double-dummy analysis: the double-dummy solver (endplay) is not installed; "
        "the generator's extra bridge-results-generator[analysis] adds it."
    )
    assert list(tmp_path.rglob("*.json")) == []

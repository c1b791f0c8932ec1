"""One upload read and scored in one place (generator/upload.py), and the library API over it.

Golden figures: the tiny session below is worked out by hand; the Butler PBN's are the
figures the exporting program printed in the file (its TotalScoreTable).
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

import generator
import generator.upload
from generator.errors import GeneratorError
from generator.scoring.options import DEFAULT_OPTIONS
from generator.site import pipeline
from generator.upload import SessionOutcome, UploadOutcome, read_and_score

BUTLER = Path(__file__).parent / "readers" / "fixtures" / "pbn" / "butler_utf8.pbn"

# One board, two tables, neither side vulnerable: NS 1 make 4S (+420), NS 2 make 3S with an
# overtrick (+170).  Matchpoints (EBU units, 2 for each score beaten): NS 1 beats NS 2 once,
# 2 of a top of 2 = 100 %; NS 2 0 = 0 %; the EW pairs the other way round (EW 2 sat against NS 2).
TINY = """\
club: Testing Club
event: Tiny Pairs
date: 2026-10-05
method: matchpoints
pairs:
  - {number: 1, direction: NS, players: [Ann Archer, Bill Baker]}
  - {number: 2, direction: NS, players: [Cora Cole, Dan Drake]}
  - {number: 1, direction: EW, players: [Eve Evans, Finn Ford]}
  - {number: 2, direction: EW, players: [Gail Grant, Hugh Hart]}
boards:
  - number: 1
    results:
      - {ns: 1, ew: 1, contract: 4S, by: N, tricks: 10}
      - {ns: 2, ew: 2, contract: 3S, by: N, tricks: 10}
"""


def _tiny(folder: Path) -> Path:
    path = folder / "content" / "sessions" / "tiny.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(TINY, encoding="utf-8")
    return path


def _figures(result) -> dict[str, tuple[Fraction, Fraction | None]]:
    return {str(st.ref): (st.total, st.percentage) for st in result.standings}


def test_the_outcome_of_a_small_yaml_session(tmp_path):
    outcome = read_and_score(_tiny(tmp_path))
    assert isinstance(outcome, UploadOutcome) and outcome.event is None
    [one] = outcome.sessions
    assert isinstance(one, SessionOutcome)
    assert one.options == DEFAULT_OPTIONS and one.result.options == one.options
    assert one.reconciliation is None and one.analysis is None
    assert _figures(one.result) == {
        "1 NS": (2, 100),
        "2 NS": (0, 0),
        "2 EW": (2, 100),
        "1 EW": (0, 0),
    }


def test_site_defaults_then_the_file_then_the_overrides(tmp_path):
    path = _tiny(tmp_path)
    site = DEFAULT_OPTIONS.with_overrides({"matchpoint_units": "acbl"})
    [one] = read_and_score(path, site=site).sessions
    assert one.options.matchpoint_units == "acbl"
    assert _figures(one.result)["1 NS"][0] == 1  # ACBL: 1 for each score beaten
    [two] = read_and_score(path, site={"matchpoint_units": "acbl"}, overrides={"matchpoint_units": "ebu"}).sessions
    assert two.options.matchpoint_units == "ebu"
    assert _figures(two.result)["1 NS"][0] == 2


def test_the_outcome_of_a_butler_pbn_matches_its_printed_figures():
    [one] = read_and_score(BUTLER).sessions
    # Printed: pair 1 (NS) 1.0, pair 3 (NS) -6.0, pair 4 (EW) 6.0 IMPs.  By hand: the datum 420;
    # 450 - 420 = 30 -> 1 IMP; 170 - 420 = -250 -> -6 IMPs, and +6 to the EW pair against them.
    totals = {st.ref.number: st.total for st in one.result.standings}
    assert (totals[1], totals[3], totals[4]) == (1, -6, 6)


def test_an_unreadable_upload_is_an_error_naming_the_file(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("method: matchpoints\nboards: [1, 2\n", encoding="utf-8")
    with pytest.raises(GeneratorError, match=r"broken\.yaml"):
        read_and_score(path)
    with pytest.raises(GeneratorError, match=r"broken\.yaml"):
        generator.score(path)


def test_a_file_that_cannot_be_scored_with_its_options_names_the_file(tmp_path, monkeypatch):
    from generator.scoring import session as engine
    from generator.scoring.options import OptionError

    def refuse(*args, **kwargs):
        raise OptionError("no club VP scale for a match of 2 boards")

    monkeypatch.setattr(engine, "score_session", refuse)
    path = _tiny(tmp_path)
    with pytest.raises(GeneratorError) as caught:
        read_and_score(path)
    assert str(caught.value) == f"{path}: no club VP scale for a match of 2 boards"
    assert [p.file for p in caught.value.problems] == [str(path)]


def test_the_api_read_score_check(tmp_path):
    path = _tiny(tmp_path)
    [session] = generator.read(path)
    assert session.title == "Tiny Pairs" and session.board_count == 1
    outcome = generator.score(path, matchpoint_units="acbl")
    assert _figures(outcome.sessions[0].result)["1 NS"][0] == 1
    report = generator.check(BUTLER)
    assert report.ok and report.differ == 0 and report.compared > 0
    assert report.text.splitlines()[-1] == f"{report.compared} of {report.compared} figures agree (0 differ)"
    assert report.sessions[0].reconciliation is not None  # the convention search and its audit


def test_the_api_check_survives_the_check_module_being_imported():
    import generator.check as module  # noqa: F401  (the import must not replace the function)

    assert callable(generator.check) and generator.check.__module__ == "generator"
    from generator.check import check_upload

    assert check_upload(BUTLER).ok


def test_score_check_and_the_build_give_the_same_figures_from_one_scorer(tmp_path, monkeypatch):
    path = _tiny(tmp_path)
    calls: list[str] = []
    real = generator.upload.score_sessions

    def counted(file, *args, **kwargs):
        calls.append(Path(file).name)
        return real(file, *args, **kwargs)

    monkeypatch.setattr(generator.upload, "score_sessions", counted)
    real_read = pipeline.read_and_score
    build_calls: list[str] = []

    def counted_read(*args, **kwargs):
        build_calls.append(Path(args[0]).name)
        return real_read(*args, **kwargs)

    monkeypatch.setattr(pipeline, "read_and_score", counted_read)

    scored = _figures(generator.score(path).sessions[0].result)
    checked = generator.check(path)
    report = generator.build(tmp_path / "content", tmp_path / "site", jobs=1)
    assert report is not None
    assert calls == ["tiny.yaml", "tiny.yaml", "tiny.yaml"]  # score, check, the build: one scorer
    assert build_calls == ["tiny.yaml"]
    assert _figures(checked.sessions[0].result) == scored
    built = json.loads((tmp_path / "site" / "sessions" / "tiny" / "results.json").read_text(encoding="utf-8"))
    from_build = {
        f"{p['number']} {p['direction']}": (Fraction(p["total"]), Fraction(p["percentage"])) for p in built["pairs"]
    }
    assert from_build == scored


def test_an_event_file_gives_its_sessions_and_its_ranking():
    from generator.events import load_event

    path = Path(__file__).parent / "fixtures" / "club" / "sessions" / "2026-winter-championship.event.yaml"
    outcome = read_and_score(path)
    assert outcome.event is not None
    assert [s.session.title for s in outcome.sessions] == [
        "Winter Championship, first session",
        "Winter Championship, second session",
    ]
    assert all(s.options == s.result.options for s in outcome.sessions)
    again = load_event(path)
    assert [(s.names, s.figure) for s in outcome.event.result.standings] == [
        (s.names, s.figure) for s in again.result.standings
    ]

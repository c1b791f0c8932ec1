"""`score` and `check` read the `site.yaml` of the folder the file is in, or of its parents up to
a content folder (docs/scoring.md): the site's `scoring:`, then the upload's `options:`, then
`--option`, exactly as a build resolves them.  Fixtures are our own (tests/fixtures)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.check import check_command
from generator.cli import main
from generator.commands import score_command
from generator.errors import GeneratorError
from generator.scoring.options import DEFAULT_OPTIONS
from generator.site_settings import settings_folders, site_scoring_for

HERE = Path(__file__).parent
MONDAY = HERE / "fixtures" / "club" / "sessions" / "2026-09-07-monday-pairs.yaml"
PHANTOM = HERE / "fixtures" / "sitout" / "howell_phantom_scorer.xml"


def _club(tmp_path: Path, source: Path, site_yaml: str | None, where: str = "content/sessions") -> Path:
    folder = tmp_path / where
    folder.mkdir(parents=True)
    if site_yaml is not None:
        (tmp_path / "content").mkdir(exist_ok=True)
        (tmp_path / "content" / "site.yaml").write_text(site_yaml, encoding="utf-8")
    return Path(shutil.copy(source, folder / source.name))


def test_score_uses_the_sites_scoring_options(tmp_path):
    plain = score_command(_club(tmp_path / "a", MONDAY, None))
    acbl_site = score_command(_club(tmp_path / "b", MONDAY, "scoring:\n  matchpoint_units: acbl\n"))
    acbl_option = score_command(_club(tmp_path / "c", MONDAY, None), overrides={"matchpoint_units": "acbl"})
    assert acbl_site == acbl_option
    assert acbl_site != plain  # ACBL matchpoints are half the EBU's: the totals differ
    assert '"matchpoint_units": "acbl"' in score_command(
        _club(tmp_path / "d", MONDAY, "scoring:\n  matchpoint_units: acbl\n"), as_json=True
    )


def test_the_upload_wins_over_the_site_and_the_command_line_over_both(tmp_path):
    # The fixture's own options say neuberg_rounding: exact; the site's 'ebu' loses to it.
    path = _club(tmp_path, MONDAY, "scoring:\n  neuberg_rounding: ebu\n  matchpoint_units: acbl\n")
    data = score_command(path, as_json=True)
    assert '"neuberg_rounding": "exact"' in data and '"matchpoint_units": "acbl"' in data
    data = score_command(path, as_json=True, overrides={"matchpoint_units": "ebu", "neuberg_rounding": "acbl"})
    assert '"neuberg_rounding": "acbl"' in data and '"matchpoint_units": "ebu"' in data


def test_check_starts_from_the_sites_options(tmp_path):
    """The fixture's program gave an average for each board sat out: with no site.yaml `check`
    finds that convention; a site whose scoring says so already agrees on every figure."""
    text, ok = check_command(_club(tmp_path / "a", PHANTOM, None))
    assert "conventions found: sitout_policy=average" in text
    text, ok = check_command(_club(tmp_path / "b", PHANTOM, "scoring:\n  sitout_policy: average\n"))
    assert ok, text
    assert "conventions found" not in text
    assert text.splitlines()[-1] == "30 of 30 figures agree (0 differ)"


def test_a_wrong_site_yaml_is_the_same_error_as_in_a_build(tmp_path):
    path = _club(tmp_path, MONDAY, "scoring:\n  ties: sometimes\n")
    with pytest.raises(
        GeneratorError, match=r"site\.yaml: scoring: option 'ties': expected one of exact, displayed, got 'sometimes'"
    ):
        score_command(path)
    with pytest.raises(GeneratorError, match=r"site\.yaml: scoring: option 'ties'"):
        check_command(path)


def test_cli_reports_a_wrong_site_yaml_without_a_traceback(tmp_path, capsys):
    path = _club(tmp_path, MONDAY, "scoring:\n  no_such_option: 1\n")
    assert main(["score", str(path)]) != 0
    err = capsys.readouterr().err
    assert err.startswith("Error: ") and "site.yaml" in err and "unknown scoring option 'no_such_option'" in err
    assert "Traceback" not in err


def test_nearest_site_yaml_wins_and_none_above_the_content_folder_is_read(tmp_path):
    path = _club(tmp_path, MONDAY, "scoring:\n  ties: displayed\n", where="content/sessions/2026")
    assert site_scoring_for(path) == DEFAULT_OPTIONS.with_overrides({"ties": "displayed"})
    (path.parent / "site.yaml").write_text("scoring:\n  sections: pooled\n", encoding="utf-8")
    assert site_scoring_for(path) == DEFAULT_OPTIONS.with_overrides({"sections": "pooled"})
    # A settings file above the content folder belongs to nobody's site: never read.
    other = _club(tmp_path / "x", MONDAY, None)
    (tmp_path / "x" / "site.yaml").write_text("scoring: [not, read]\n", encoding="utf-8")
    assert site_scoring_for(other) == DEFAULT_OPTIONS
    assert settings_folders(other.absolute())[-1] == (tmp_path / "x" / "content").absolute()


def test_a_file_outside_any_content_folder_reads_only_its_own_folder(tmp_path):
    (tmp_path / "site.yaml").write_text("scoring:\n  ties: displayed\n", encoding="utf-8")
    (tmp_path / "loose").mkdir()
    loose = Path(shutil.copy(MONDAY, tmp_path / "loose" / MONDAY.name))
    assert site_scoring_for(loose) == DEFAULT_OPTIONS
    beside = Path(shutil.copy(MONDAY, tmp_path / MONDAY.name))
    assert site_scoring_for(beside) == DEFAULT_OPTIONS.with_overrides({"ties": "displayed"})

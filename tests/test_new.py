"""`new DIR`: a club's repository from nothing, then an upload and a build, like a club does it."""

from __future__ import annotations

import hashlib
import shutil
import zipfile
from pathlib import Path

import pytest
import yaml

from generator.cli import main
from generator.resources import packaged_articles, packaged_locks, packaged_workflow
from generator.site.build import build_site

FIXTURES = Path(__file__).parent / "readers" / "fixtures"
ROOT = Path(__file__).resolve().parents[1]


def fake_wheel(
    folder: Path,
    version: str,
    lock: str = "jinja2==3.1.6 \\\n    --hash=sha256:" + "a" * 64 + "\n",
    workflow: str | None = None,
) -> Path:
    """A stand-in for the generator's wheel (the real one is built in tests/test_club_install.py)."""
    path = folder / f"bridge_results_generator-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("generator/workflows/site.yml", packaged_workflow().read_text() if workflow is None else workflow)
        z.writestr("generator/locks/runtime.txt", lock)
        z.writestr("generator/locks/analysis.txt", lock + "endplay==0.5.12 \\\n    --hash=sha256:" + "b" * 64 + "\n")
    return path


@pytest.fixture(autouse=True)
def no_wheel_build(monkeypatch, tmp_path_factory):
    """`new` vendors a small stand-in wheel here instead of building the real one (seconds each)."""
    folder = tmp_path_factory.mktemp("wheels")
    monkeypatch.setattr("generator.new.running_wheel", lambda out: fake_wheel(folder, "0.1.0"))


def test_new_then_an_upload_then_build_gives_a_site_whose_links_all_resolve(tmp_path, capsys, broken_links):
    repo = tmp_path / "hill-results"
    assert main(["new", str(repo), "--club", "Hillcrest Bridge Club"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Created {repo} for Hillcrest Bridge Club:")
    written = {p.relative_to(repo).as_posix() for p in repo.rglob("*") if p.is_file()}
    assert written == {
        "README.md",
        ".gitignore",
        "requirements.txt",
        ".github/dependabot.yml",
        "vendor/bridge_results_generator-0.1.0-py3-none-any.whl",
        "content/site.yaml",
        "content/sessions/example-pairs.yaml",
        ".github/workflows/site.yml",
    }
    assert yaml.safe_load((repo / "content/site.yaml").read_text())["club"] == "Hillcrest Bridge Club"
    assert "# Hillcrest Bridge Club results" in (repo / "README.md").read_text()
    assert (repo / ".github/workflows/site.yml").read_bytes() == packaged_workflow().read_bytes()
    assert (repo / "content/sessions/example-pairs.yaml").read_text().startswith("# An example session")

    # The scorer uploads an export from the club's scoring program.
    shutil.copy(FIXTURES / "usebio" / "mitchell_compscore.xml", repo / "content/sessions/2026-10-05-pairs.xml")
    report = build_site(repo / "content", repo / "site", jobs=1)
    site = repo / "site"
    assert report.uploads == 2
    assert (site / "sessions" / "2026-10-05-pairs" / "index.html").is_file()
    assert (site / "sessions" / "example-pairs" / "board-1.html").is_file()
    home = (site / "index.html").read_text()
    assert "Hillcrest Bridge Club" in home and "Example Pairs" in home
    # Our articles on scoring are on every site, without a copy in the club's repository.
    assert sorted(p.name for p in (site / "articles").glob("*.html")) == sorted(
        ["index.html"] + [p.stem + ".html" for p in packaged_articles().glob("*.md")]
    )
    assert broken_links(site) == []


def test_the_example_session_scores_as_worked_out_by_hand(tmp_path, capsys):
    main(["new", str(tmp_path / "r")])
    capsys.readouterr()
    assert main(["score", str(tmp_path / "r/content/sessions/example-pairs.yaml")]) == 0
    text = capsys.readouterr().out
    # EBU matchpoints, default options (Neuberg on), top 4 on a board of three results.
    # Board 1: NS 420, 300 (3NTX by E two down, not vulnerable), 140 -> 4, 2, 0.
    # Board 2: two real results, 0 (passed out) and -420: 2 and 0 before factoring;
    #   Neuberg to three results: (2 + 1) x 3/2 - 1 = 3.5 and (0 + 1) x 3/2 - 1 = 0.5;
    #   NS 3 v EW 3 is an artificial 60/40: 60 % of 4 = 2.4.
    # NS 1: 4 + 0.5 = 4.5 (56.25 %); NS 3: 2 + 2.4 = 4.4 (55 %); NS 2: 0 + 3.5 = 3.5 (43.75 %).
    assert text.splitlines()[0] == "Example Pairs — Our Bridge Club, 2026-01-05"
    ns = [line.split() for line in text.split("NS:")[1].split("EW:")[0].strip().splitlines()]
    assert [(row[1], row[-2], row[-1]) for row in ns] == [
        ("1", "4.5", "56.25%"),
        ("3", "4.4", "55%"),
        ("2", "3.5", "43.75%"),
    ]


def test_new_refuses_a_folder_that_is_not_empty(tmp_path, capsys):
    (tmp_path / "mine.txt").write_text("keep me")
    assert main(["new", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(
        f"Error: {tmp_path} is not empty: `new` writes a club's repository into a new or empty folder"
    )
    assert [p.name for p in tmp_path.iterdir()] == ["mine.txt"]


def test_a_club_name_with_quotes_and_markup_is_written_safely(tmp_path, capsys):
    name = 'The "Ace" & <King> Club: #1'
    assert main(["new", str(tmp_path / "r"), "--club", name]) == 0
    assert yaml.safe_load((tmp_path / "r/content/site.yaml").read_text())["club"] == name
    assert yaml.safe_load((tmp_path / "r/content/sessions/example-pairs.yaml").read_text())["club"] == name


def test_the_scaffold_readme_names_only_commands_that_exist(tmp_path, capsys):
    main(["new", str(tmp_path / "r")])
    readme = (tmp_path / "r/README.md").read_text()
    for command in ("serve", "build", "check"):
        assert f"bridge-results {command}" in readme
    assert "Source** choose\n   **GitHub Actions**" in readme


def test_requirements_pin_the_vendored_wheel_and_every_library_by_hash(tmp_path, capsys):
    assert main(["new", str(tmp_path / "r")]) == 0
    repo = tmp_path / "r"
    wheel = repo / "vendor/bridge_results_generator-0.1.0-py3-none-any.whl"
    text = (repo / "requirements.txt").read_text()
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert f"./vendor/{wheel.name} \\\n    --hash=sha256:{digest}\n" in text
    # The runtime lock the package ships, whole: every library pinned with its hashes, no endplay.
    lock = (packaged_locks() / "runtime.txt").read_text()
    assert text.endswith(lock)
    assert "jinja2==" in lock and "--hash=sha256:" in lock and "endplay" not in lock
    dependabot = yaml.safe_load((repo / ".github/dependabot.yml").read_text())
    assert [u["package-ecosystem"] for u in dependabot["updates"]] == ["github-actions"]


def test_new_with_the_analysis_locks_endplay_too(tmp_path, capsys):
    assert main(["new", str(tmp_path / "r"), "--analysis"]) == 0
    text = (tmp_path / "r/requirements.txt").read_text()
    assert text.endswith((packaged_locks() / "analysis.txt").read_text())
    assert "\nendplay==" in text


def test_new_with_a_git_address_pins_versions_without_hashes_and_vendors_nothing(tmp_path, capsys):
    url = "git+https://github.com/example/generator@v0.2.0"
    assert main(["new", str(tmp_path / "r"), "--generator", url]) == 0
    text = (tmp_path / "r/requirements.txt").read_text()
    assert f"\nbridge-results-generator @ {url}\n" in text
    assert "--hash" not in text  # pip cannot hash a Git checkout, and one hash would demand all
    assert "\njinja2==" in text
    assert not (tmp_path / "r/vendor").exists()
    assert main(["new", str(tmp_path / "s"), "--generator", "ftp://x"]) == 1
    assert "expected a Git address" in capsys.readouterr().err


def test_upgrade_moves_the_vendored_wheel_and_says_what_changed(tmp_path, capsys):
    assert main(["new", str(tmp_path / "r")]) == 0
    repo = tmp_path / "r"
    newer = fake_wheel(tmp_path, "0.2.0", lock="jinja2==3.1.7 \\\n    --hash=sha256:" + "c" * 64 + "\n")
    old_hash = hashlib.sha256(
        (repo / "vendor/bridge_results_generator-0.1.0-py3-none-any.whl").read_bytes()
    ).hexdigest()
    capsys.readouterr()
    assert main(["upgrade", str(newer), "--repo", str(repo)]) == 0
    out = capsys.readouterr().out.splitlines()
    new_hash = hashlib.sha256(newer.read_bytes()).hexdigest()
    assert out[0] == "bridge-results-generator 0.1.0 → 0.2.0"
    assert out[1].startswith(
        f"requirements.txt: the generator's hash sha256:{old_hash[:12]}… → sha256:{new_hash[:12]}…"
    )
    assert sorted(p.name for p in (repo / "vendor").iterdir()) == [newer.name]
    text = (repo / "requirements.txt").read_text()
    assert f"./vendor/{newer.name} \\\n    --hash=sha256:{new_hash}" in text
    assert "jinja2==3.1.7" in text and "jinja2==3.1.6" not in text  # the new wheel's own lock
    assert len(out) == 3  # the workflow is the same in both wheels: nothing to say about it


def test_upgrade_brings_the_new_workflow_unless_the_club_changed_its_own(tmp_path, capsys):
    assert main(["new", str(tmp_path / "r")]) == 0
    repo = tmp_path / "r"
    newer = fake_wheel(tmp_path, "0.2.0", workflow="name: site\n# the newer workflow\n")
    capsys.readouterr()
    assert main(["upgrade", str(newer), "--repo", str(repo)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == ".github/workflows/site.yml: the new generator's workflow"
    assert (repo / ".github/workflows/site.yml").read_text() == "name: site\n# the newer workflow\n"

    # The club edits its workflow; the next upgrade keeps the club's and says where the new one is.
    (repo / ".github/workflows/site.yml").write_text("name: site\n# ours\n")
    newest = fake_wheel(tmp_path, "0.3.0", workflow="name: site\n# the newest workflow\n")
    assert main(["upgrade", str(newest), "--repo", str(repo)]) == 0
    assert (
        capsys.readouterr()
        .out.splitlines()[-1]
        .startswith(".github/workflows/site.yml: yours differs from the generator's and was kept")
    )
    assert (repo / ".github/workflows/site.yml").read_text() == "name: site\n# ours\n"


def test_upgrade_outside_a_club_repository_is_a_clear_error(tmp_path, capsys):
    assert main(["upgrade", "x.whl", "--repo", str(tmp_path)]) == 1
    assert "requirements.txt: cannot read it" in capsys.readouterr().err

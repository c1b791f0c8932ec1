"""`new DIR`: a club's repository from nothing, then an upload and a build, like a club does it."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml

from generator.cli import main
from generator.new import checkout_requirement, requirement_line
from generator.resources import packaged_articles, packaged_workflow
from generator.site.build import build_site

FIXTURES = Path(__file__).parent / "readers" / "fixtures"
ROOT = Path(__file__).resolve().parents[1]


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


def test_requirements_name_the_generator_the_club_can_install_on_github():
    assert requirement_line("0.2.0", None) == "bridge-results-generator==0.2.0"
    from_git = '{"url": "https://github.com/a/b", "vcs_info": {"vcs": "git", "commit_id": "abc1"}}'
    assert requirement_line("0.2.0", from_git) == "bridge-results-generator @ git+https://github.com/a/b@abc1"
    local = '{"url": "file:///home/me/generator", "dir_info": {"editable": true}}'
    assert requirement_line("0.2.0", local) == "bridge-results-generator==0.2.0"
    assert requirement_line("0.2.0", "not json") == "bridge-results-generator==0.2.0"


def test_a_clone_names_its_published_commit_and_nothing_github_could_not_install():
    commit = "0123456789abcdef0123456789abcdef01234567"
    assert (
        checkout_requirement("https://github.com/a/b.git", commit, True)
        == f"bridge-results-generator @ git+https://github.com/a/b.git@{commit}"
    )
    assert (
        checkout_requirement("git@github.com:a/b.git", commit, True)
        == f"bridge-results-generator @ git+https://github.com/a/b.git@{commit}"
    )
    assert checkout_requirement("https://github.com/a/b.git", commit, False) is None  # a local commit
    assert checkout_requirement("/home/me/generator", commit, True) is None  # a local clone

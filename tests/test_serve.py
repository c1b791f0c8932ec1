"""`serve`: a real HTTP server on 127.0.0.1 and a real file change, with bounded waits."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from generator.serve import SiteServer

ROOT = Path(__file__).resolve().parents[1]

SESSION = """\
event: {event}
date: 2026-11-02
method: matchpoints
movement: howell
pairs:
  - {{number: 1, players: [Ada Ash, Ben Birch]}}
  - {{number: 2, players: [Cal Cedar, Dot Dogwood]}}
  - {{number: 3, players: [Eli Elder, Fern Fir]}}
  - {{number: 4, players: [Gail Gum, Huw Hazel]}}
boards:
  - number: 1
    results:
      - {{ns: 1, ew: 2, contract: 4S, by: N, tricks: 10}}
      - {{ns: 3, ew: 4, contract: 4S, by: N, tricks: {tricks}}}
"""


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8")


def wait_for(condition, what: str, seconds: float = 30.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    pytest.fail(f"gave up after {seconds:.0f} s waiting for {what}")


@pytest.fixture
def club(tmp_path):
    content = tmp_path / "content"
    (content / "sessions").mkdir(parents=True)
    (content / "site.yaml").write_text("club: Orchard Bridge Club\n")
    (content / "sessions" / "pairs.yaml").write_text(SESSION.format(event="Tuesday Pairs", tricks=9))
    return content


def test_serve_answers_rebuilds_on_a_change_and_shows_a_failed_build_on_the_page(club, tmp_path):
    out, err = [], []
    server = SiteServer(club, tmp_path / "site", port=0, jobs=1, debounce_ms=100, out=out.append, err=err.append)
    assert server.build()
    server.start()
    try:
        status, home = get(server.url)
        assert status == 200 and "Orchard Bridge Club" in home and "Tuesday Pairs" in home

        session = club / "sessions" / "pairs.yaml"
        session.write_text(SESSION.format(event="Wednesday Pairs", tricks=9))
        wait_for(lambda: "Wednesday Pairs" in get(server.url)[1], "the rebuilt home page")
        assert "Tuesday Pairs" not in get(server.url)[1]

        # A broken upload: the terminal and every page say so; the previous site is still served.
        session.write_text(SESSION.format(event="Thursday Pairs", tricks=14))
        wait_for(lambda: any("tricks must be 0 to 13, got 14" in e for e in err), "the error in the terminal")
        assert err[-1].startswith("Error: the site was not built") and "pairs.yaml" in err[-1]
        status, home = get(server.url)
        assert status == 200 and 'id="build-error"' in home and "Wednesday Pairs" in home
        assert "The last build failed; this is the previous site." in home
        assert re.search(r"pairs\.yaml: board 1.*tricks must be 0 to 13, got 14", home)
        status, missing = get(server.url + "sessions/not-yet/index.html")
        assert status == 500 and 'id="build-error"' in missing

        session.write_text(SESSION.format(event="Friday Pairs", tricks=9))
        # (The new pages are in place a moment before the build has finished and the banner goes.)
        wait_for(
            lambda: "Friday Pairs" in (page := get(server.url)[1]) and 'id="build-error"' not in page,
            "the repaired site without the banner",
        )
        assert server.state.error is None and server.state.builds >= 4
    finally:
        server.stop()


def test_a_clubs_own_template_is_served_and_an_edit_to_it_rebuilds_the_pages(club, tmp_path):
    from generator.resources import packaged_templates

    shutil.copytree(packaged_templates(), tmp_path / "templates")  # beside content/: the club's own
    server = SiteServer(
        club, tmp_path / "site", port=0, jobs=1, debounce_ms=100, out=lambda _: None, err=lambda _: None
    )
    assert server.templates == tmp_path / "templates"
    assert server.build()
    server.start()
    try:
        base = tmp_path / "templates" / "base.html"
        assert "Orchard Bridge Club" in get(server.url)[1]
        base.write_text(base.read_text().replace("<body", "<!-- our own template --><body", 1))
        wait_for(
            lambda: "<!-- our own template -->" in get(server.url + "sessions/pairs/board-1.html")[1],
            "the board page from the edited template",
        )
    finally:
        server.stop()


def test_the_serve_command_prints_its_address_and_answers(club, tmp_path):
    # A real port chosen by the system: bind, release, and hand it to the command.
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "generator",
            "serve",
            "--content",
            str(club),
            "--output",
            str(tmp_path / "site"),
            "--port",
            str(port),
            "--jobs",
            "1",
        ],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        lines = []
        deadline = time.monotonic() + 60
        while not any(line.startswith("Serving ") for line in lines) and time.monotonic() < deadline:
            line = process.stdout.readline()
            if not line:
                break
            lines.append(line)
        assert lines[0].startswith("Built ") and lines[-1].startswith(f"Serving http://127.0.0.1:{port}/")
        status, home = get(f"http://127.0.0.1:{port}/")
        assert status == 200 and "Orchard Bridge Club" in home
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_a_port_in_use_is_a_clear_error(club, tmp_path, capsys):
    from generator.cli import main

    busy = SiteServer(club, tmp_path / "site", port=0)
    try:
        port = busy.httpd.server_address[1]
        assert main(["serve", "--content", str(club), "--output", str(tmp_path / "site"), "--port", str(port)]) == 1
        assert capsys.readouterr().err.startswith(f"Error: cannot serve on 127.0.0.1:{port}: ")
    finally:
        busy.httpd.server_close()


def test_every_served_page_asks_for_the_build_number_and_reloads_when_it_changes(club, tmp_path):
    server = SiteServer(club, tmp_path / "site", port=0, jobs=1, debounce_ms=100, host="127.0.0.1")
    assert server.build()
    server.start()
    try:
        status, home = get(server.url)
        assert status == 200 and 'fetch("/__build__"' in home and "location.reload()" in home
        assert home.index("location.reload()") < home.rindex("</body>")
        # The script is served, never written into the site.
        assert "__build__" not in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
        assert get(server.url + "__build__") == (200, "1")
        (club / "sessions" / "pairs.yaml").write_text(SESSION.format(event="Late Pairs", tricks=9))
        wait_for(lambda: get(server.url + "__build__")[1] == "2", "the build number after a rebuild")
        assert "Late Pairs" in get(server.url)[1]
    finally:
        server.stop()


def test_score_and_check_never_import_the_solver(tmp_path):
    """Light by default: endplay (with numpy) is imported only when a deal is solved."""
    session = ROOT / "tests" / "readers" / "fixtures" / "usebio" / "mitchell_compscore.xml"
    code = (
        "import sys\nfrom generator.cli import main\n"
        f"main(['score', {str(session)!r}]); main(['check', {str(session)!r}])\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('endplay', 'numpy', 'matplotlib')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"

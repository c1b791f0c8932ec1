"""The `score` and `check` commands through the command line: output, exit status, errors."""

from __future__ import annotations

import json
from pathlib import Path

from generator.cli import main

FIXTURES = Path(__file__).parent / "readers" / "fixtures"


def test_score_json_prints_the_session(capsys):
    assert main(["score", str(FIXTURES / "usebio/mitchell_compscore.xml"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["event"]["method"] == "matchpoints"
    line = data["boards"][0]["lines"][0]
    assert set(line) >= {"ns_pair", "ew_pair", "contract", "declarer", "tricks", "ns_score", "artificial", "ns", "ew"}
    assert isinstance(line["ns"]["value"], str)


def test_score_json_with_several_sessions_lists_them(capsys):
    assert main(["score", str(FIXTURES / "usebio/two_events.xml"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [s["event"]["method"] for s in data["sessions"]] == ["butler", "cross_imps"]


def test_score_text_ranking(capsys):
    assert main(["score", str(FIXTURES / "yaml/complete.yaml")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Monday Pairs — Riverside Bridge Club, 2026-10-05"
    assert out[1] == "matchpoints (3 boards)"
    assert "EW:" in out and "NS:" in out


def test_option_override_reaches_the_engine(capsys):
    path = str(FIXTURES / "usebio/mitchell_compscore.xml")
    main(["score", path, "--json"])
    factored = json.loads(capsys.readouterr().out)["boards"][2]["lines"][0]["ns"]["value"]
    main(["score", path, "--json", "--option", "neuberg=false"])
    plain = json.loads(capsys.readouterr().out)["boards"][2]["lines"][0]["ns"]["value"]
    assert (factored, plain) == ("3.5", "2")


def test_unknown_option_is_an_error(capsys):
    assert main(["score", str(FIXTURES / "yaml/complete.yaml"), "--option", "colour=blue"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("Error: unknown scoring option 'colour'; known options: ")


def test_bad_file_prints_every_problem_and_nothing_on_stdout(tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    path.write_text(
        "method: matchpoints\npairs:\n  - {number: 1}\n  - {number: 2}\nboards:\n  - number: 1\n    results:\n"
        "      - {ns: 1, ew: 7, score: 435}\n",
        encoding="utf-8",
    )
    assert main(["score", str(path), "--json"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"Error: 2 problems found:\n"
        f"  {path}: board 1, EW pair 7 (line 8): unknown EW pair 7: expected one of the pairs listed (1-2)\n"
        f"  {path}: board 1, NS pair 1 v EW pair 7 (line 8): impossible score 435: no contract scores that; "
        "expected a score such as 420 or -50\n"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.yaml"]  # nothing written


def test_check_exit_status(tmp_path, capsys):
    good = FIXTURES / "usebio/mitchell_compscore.xml"
    assert main(["check", str(good)]) == 0
    assert capsys.readouterr().out.endswith("34 of 34 figures agree (0 differ)\n")
    bad = tmp_path / "differs.xml"
    bad.write_text(
        good.read_text(encoding="utf-8").replace("<PERCENTAGE>82.50</PERCENTAGE>", "<PERCENTAGE>80.00</PERCENTAGE>"),
        encoding="utf-8",
    )
    assert main(["check", str(bad), "--verbose"]) == 1
    out = capsys.readouterr().out
    assert out.endswith("33 of 34 figures agree (1 differ)\n")
    assert "percentage: theirs 80.00, ours 82.5 — no known reason" in out
    # 2: the file cannot be read (missing, or not an export), as diff and cmp say trouble.
    assert main(["check", str(tmp_path / "missing.xml")]) == 2
    assert capsys.readouterr().err.startswith("Error: ")
    (tmp_path / "broken.xml").write_text("<USEBIO><EVENT>", encoding="utf-8")
    assert main(["check", str(tmp_path / "broken.xml")]) == 2
    assert "broken.xml" in capsys.readouterr().err


def test_help_and_version_name_the_program_bridge_results(capsys):
    import pytest

    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: bridge-results ") and "python -m generator" not in out
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    from importlib.metadata import version

    assert (done.value.code, capsys.readouterr().out) == (0, f"bridge-results {version('bridge-results-generator')}\n")
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    wrapped = " ".join(capsys.readouterr().out.split())
    assert "0 when every figure agrees, 1 when some differ, 2 when the file cannot be read" in wrapped


def test_output_cut_short_by_the_reader_is_not_a_crash(monkeypatch):
    """`score FILE | head -1`: the pipe closes early; we stop quietly (status 141, as a shell reports SIGPIPE)."""
    import io

    class ClosedPipe(io.StringIO):
        def write(self, text):
            raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr("sys.stdout", ClosedPipe())
    assert main(["score", str(FIXTURES / "usebio/mitchell_compscore.xml"), "--json"]) == 141


def test_a_file_the_system_refuses_is_an_error_not_a_traceback(monkeypatch, tmp_path, capsys):
    """A full disk or a read-only folder while building: one line naming the file and why."""
    from generator.site import build

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device", "site/sessions/a/index.html")

    monkeypatch.setattr(build, "build_site", full)
    assert main(["build", "--content", str(tmp_path), "--output", str(tmp_path / "site")]) == 1
    err = capsys.readouterr().err
    assert err == "Error: site/sessions/a/index.html: No space left on device\n"


def test_club_vp_table_on_the_command_line(capsys):
    # teams.yaml: one match of 2 boards.  A table for 2-board matches converts it; a table for
    # 3-board matches only is refused with the file and the lengths given.
    path = str(FIXTURES / "yaml/teams.yaml")
    table = "[{boards: 2, vps: {0: 10-10, 1-9: 15-5, 10+: 20-0}}]"
    assert main(["score", path, "--json", "--option", "vp_scale=club", "--option", f"club_vp_scales={table}"]) == 0
    match = json.loads(capsys.readouterr().out)["matches"][0]
    assert match["explanation"]["steps"][-1]["rule"] == "vp.club"
    # Board 1: +420 v +170 = +250 → 6 IMPs to the Lions; board 2: 620 against an A+/A− (3 IMPs, artificial_imps) to
    # the Tigers: 6–3, a margin of 3, in the band 1–9: 15–5.
    assert (match["home_imps"], match["away_imps"], match["home_vp"], match["away_vp"]) == ("6", "3", "15", "5")
    assert (
        main(
            [
                "score",
                path,
                "--option",
                "vp_scale=club",
                "--option",
                "club_vp_scales=[{boards: 3, vps: {0: 10-10, 1+: 20-0}}]",
            ]
        )
        == 1
    )
    assert capsys.readouterr().err.strip() == (
        f"Error: {path}: no club VP scale for a match of 2 boards: expected a table "
        "in club_vp_scales for 2 boards (tables are given for 3)"
    )


def test_the_readme_synopsis_lists_every_command_with_real_options(capsys):
    import re

    import pytest

    from generator.cli import _parser

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    found = re.search(r"## Command line\n.*?```\n(.*?)```", readme, re.S)
    if found is None:  # a club's copy whose README is its own
        pytest.skip("README.md has no command-line synopsis")
    synopsis = found.group(1).splitlines()
    commands = {line.split()[1]: line for line in synopsis if line.startswith("bridge-results ")}
    parser_commands = _parser()._subparsers._group_actions[0].choices
    assert set(commands) == set(parser_commands)
    for command, line in commands.items():
        with pytest.raises(SystemExit):
            main([command, "--help"])
        help_text = capsys.readouterr().out
        for option in re.findall(r"--[a-z-]+", line):
            assert option in help_text, f"README: {command} {option} is not an option"


def test_check_with_a_bad_option_value_is_an_error_not_a_search(capsys):
    # 2, not 1: nothing was compared (1 says "some figures differ").
    assert main(["check", str(FIXTURES / "usebio/mitchell_compscore.xml"), "--option", "neuberg_rounding=bogus"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(
        "Error: option 'neuberg_rounding': expected one of exact, ebu, acbl, truncate, got 'bogus'"
    )


def test_the_program_leaves_at_once_with_all_its_output(capsys):
    """``python -m generator score`` ends its process without tearing its objects down
    (``cli._leave``): everything is written and flushed first, as ``main([...])`` writes it."""
    import subprocess
    import sys

    for args in (["--json"], []):
        path = str(FIXTURES / "usebio/mitchell_compscore.xml")
        assert main(["score", path, *args]) == 0
        in_process = capsys.readouterr().out
        run = subprocess.run(
            [sys.executable, "-m", "generator", "score", path, *args], capture_output=True, text=True, check=False
        )
        assert (run.returncode, run.stderr) == (0, "")
        assert run.stdout == in_process
        assert run.stdout.endswith("\n") and "Kate King" in run.stdout  # to the last pair, flushed


def test_score_prints_the_notes_check_prints_for_slips_scored_as_recorded(capsys):
    """Issue 24: a recorded score kept beside a contract that cannot be read ('42') is noted by
    `score` as by `check` — on stderr, so that the JSON on stdout stays JSON."""
    path = str(FIXTURES / "usebio/slips_accepted.xml")
    assert main(["score", path, "--json"]) == 0
    out, err = capsys.readouterr()
    json.loads(out)
    notes = [line for line in err.splitlines() if line.startswith("note: ")]
    assert any("the contract '42' cannot be read; the recorded score 480 is used" in n for n in notes)
    main(["check", path])
    check_notes = [line.strip() for line in capsys.readouterr().out.splitlines() if line.strip().startswith("note: ")]
    assert [n.split(": ", 2)[2] for n in notes] == [n.split(": ", 1)[1] for n in check_notes]
    assert main(["score", path]) == 0
    assert capsys.readouterr().err == err


def test_score_prints_no_note_for_a_file_with_nothing_taken_on_trust(capsys):
    assert main(["score", str(FIXTURES / "usebio/mitchell_compscore.xml")]) == 0
    assert "note:" not in capsys.readouterr().err


def test_score_warns_of_a_hand_record_left_out_as_check_does(capsys):
    """Issue 24: a wrong hand record never blocks the results, and every command that reads
    the file says so — `score` on stderr (its output stays the results), `check` in its report."""
    path = str(FIXTURES / "usebio/ebuscore_session_handset.xml")
    assert main(["score", path, "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["boards"]
    warned = [line for line in err.splitlines() if line.startswith("warning: ")]
    assert len(warned) == 1 and "board 2: hand record left out" in warned[0] and "N holds 12 cards" in warned[0]
    assert main(["check", path]) == 0
    checked = [line.strip() for line in capsys.readouterr().out.splitlines() if line.strip().startswith("warning: ")]
    assert [w.split(": ", 2)[2] for w in warned] == [w.split(": ", 1)[1] for w in checked]

"""Bad options, files and pipes end with one line and a documented exit status (0 ok, 1 rejected input or failed
check, 2 usage or configuration error), never a traceback unless -v. Each test is a finding of trying the
command as a new user would: what it did before is in its docstring."""
from __future__ import annotations

import pytest

from controller import cli
from tests.cli.cli_helpers import ROOT, one_line_error, piped_into_head, soccerboard


@pytest.mark.parametrize("value", ["0", "-3", "nan", "x"])
def test_sim_refuses_a_half_length_that_is_not_above_zero(value):
    """It printed the broker addresses, then a 39-line pydantic traceback."""
    done = soccerboard("sim", "--no-web", "--half-minutes", value)
    err = one_line_error(done, 2)
    assert err.startswith("soccerboard sim: argument --half-minutes: must be") and "--help" in err
    assert done.stdout == ""          # nothing started


def test_sim_refuses_a_scenario_file_that_does_not_exist():
    """It logged a FileNotFoundError traceback and exited 0."""
    err = one_line_error(soccerboard("sim", "--no-web", "--scenario", "nofile.jsonl"), 2)
    assert "nofile.jsonl: cannot read it: No such file or directory" in err


def test_sim_refuses_a_scenario_that_is_not_one():
    """`--scenario README.md` exited 0 silently."""
    err = one_line_error(soccerboard("sim", "--no-web", "--scenario", "README.md"), 2)
    assert "README.md: line" in err and "not a scenario line" in err


@pytest.mark.parametrize("option, value", [("--matches", "0"), ("--speed", "-1"), ("--http-port", "70000"),
                                           ("--extra-time-minutes", "-1")])
def test_sim_refuses_counts_and_speeds_out_of_range(option, value):
    """`--matches 0` exited 0 silently; `--speed -1` was accepted."""
    err = one_line_error(soccerboard("sim", "--no-web", option, value), 2)
    assert f"argument {option}: must be" in err


@pytest.mark.parametrize("args", [["schema"], ["config", "deploy/soccerboard.example.toml"], ["--help"]])
def test_a_closed_output_pipe_ends_quietly(args):
    """`soccerboard schema | head -1` and `config FILE | head` ended in BrokenPipeError."""
    done, out = piped_into_head(*args, lines=1)
    assert out.strip() and done.stderr == "" and done.returncode == 0


def test_report_into_a_closed_pipe_ends_quietly(played):
    """`report J | head` said "cannot read <journal>: Broken pipe"."""
    folder, _ = played
    done, out = piped_into_head("report", str(next(folder.glob("*.jsonl"))), lines=1)
    assert out.startswith("Match report: ") and done.stderr == "" and done.returncode == 0
    done, out = piped_into_head("replay", "--format", "text", str(next(folder.glob("*.jsonl"))), lines=1)
    assert out.strip() and done.stderr == "" and done.returncode == 0


def test_report_refuses_a_file_that_is_not_a_journal():
    """`report README.md` printed ~90 "skipping a corrupt line" warnings and a 0-0 report with exit 0."""
    done = soccerboard("report", "README.md")
    err = one_line_error(done, 2)
    assert "README.md is not a match journal" in err and done.stdout == ""


def test_report_accepts_the_journal_folder_sim_prints(played):
    """sim printed `journal /tmp/soccerboard-sim-xxxx` (a folder), which report refused."""
    folder, console = played
    assert f"journal  {folder}" in console
    done = soccerboard("report", str(folder))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"Match report: {next(folder.glob('*.jsonl'))} (finished")
    empty = folder.parent / "empty-folder"
    empty.mkdir(exist_ok=True)
    assert "holds no match journal" in one_line_error(soccerboard("report", str(empty)), 2)
    assert "No such file" in one_line_error(soccerboard("report", str(folder / "nothing.jsonl")), 2)


def test_render_refuses_an_output_name_it_cannot_write(tmp_path):
    """`render -o x.jpg` wrote SVG into a .jpg."""
    out = tmp_path / "x.jpg"
    err = one_line_error(soccerboard("render", "tests/golden/04_seeded_full_match.jsonl", "-o", str(out)), 2)
    assert "name the file .svg or .png" in err and not out.exists()


def test_an_unexpected_failure_is_one_line_and_its_traceback_needs_v(monkeypatch, capsys):
    from controller.games.stw import snapshot

    def broken(*_a, **_k):
        raise RuntimeError("the schema broke")
    monkeypatch.setattr(snapshot.Snapshot, "model_json_schema", broken)
    assert cli.main(["schema"]) == 1
    err = capsys.readouterr().err
    assert err == ("soccerboard schema: failed: RuntimeError: the schema broke "
                   "(run it again with -v for the traceback, and report it)\n")
    with pytest.raises(RuntimeError):
        cli.main(["schema", "-v"])


def test_a_usage_error_is_one_line_with_status_2():
    err = one_line_error(soccerboard("replay"), 2)
    assert err == ("soccerboard replay: the following arguments are required: file "
                   "(see soccerboard replay --help)")
    assert one_line_error(soccerboard("nosuchcommand"), 2).startswith("soccerboard: argument COMMAND: invalid choice")


def test_config_errors_are_status_2_and_failed_checks_status_1(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[game]\noptions = {half_minutes = -3}\n")
    assert "half_minutes" in one_line_error(soccerboard("config", str(bad)), 2)
    assert "no such file" in one_line_error(soccerboard("config", str(tmp_path / "none.toml")), 2)
    assert (ROOT / "deploy/soccerboard.example.toml").is_file()

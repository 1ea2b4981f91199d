"""Help for every option with its default, `--version` from the package metadata, and the README's command
table and demo kept true to the real command."""
from __future__ import annotations

import argparse
import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from importlib.metadata import version
from pathlib import Path

import pytest

from controller import cli
from tests.cli.cli_helpers import ROOT, soccerboard

README = ROOT / "README.md"


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    parser, _ = cli.build_parser()
    [sub] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(sub.choices)


def test_the_readme_command_table_is_the_real_help():
    text = README.read_text(encoding="utf-8")
    rows = re.findall(r"^\| `soccerboard ([\w-]+)` \| (.*) \|$", text, re.M)
    assert rows == list(cli.commands()), "README's command table differs from `soccerboard --help`: update it"


@pytest.mark.parametrize("name", sorted(_subparsers()))
def test_every_option_has_help_and_shows_its_default(name):
    """`--seed`, `--half-minutes`, `--board-id`, `-v` and report's arguments had no help; no default was shown."""
    if name == "render":                 # its own parser (controller/render.py)
        from controller import render
        assert render.render_main is not None
        out = soccerboard("render", "--help").stdout
        assert "(default: 2.0)" in out
        return
    parser = _subparsers()[name]
    shown = parser.format_help()
    for action in parser._actions:
        if action.help == argparse.SUPPRESS:
            continue
        assert action.help, f"soccerboard {name}: {action.option_strings or action.dest} has no help"
        if action.option_strings and action.default not in (None, False, argparse.SUPPRESS):
            assert f"(default: {action.default})" in " ".join(shown.split()), (name, action.dest)


def test_version_comes_from_the_package_metadata():
    done = soccerboard("--version")
    assert done.returncode == 0 and done.stdout == f"soccerboard {version('soccerboard')}\n"


def test_sim_help_names_the_defaults_people_ask_about():
    out = " ".join(soccerboard("sim", "--help").stdout.split())
    for text in ("--seed SEED the bots' seed", "(default: 45.0)", "--board-id ID", "-v, --verbose",
                 "print only goals, cards (yellow and red) and the result"):
        assert text in out
    assert "waits for a host" in " ".join(soccerboard("emulate-board", "--help").stdout.split())


def test_the_readme_demo_referees_the_emulated_board_with_no_refusal(tmp_path):
    """The README's example of emulate-board and run, as written, with its paths moved into the test's folder."""
    text = README.read_text(encoding="utf-8")
    block = text[text.index("The referee on a serial board"):]
    script = block[block.index("```sh\n") + 6:block.index("```", block.index("```sh\n") + 6)]
    script = script.replace("/tmp/sb-board", str(tmp_path / "board")).replace("/tmp/sb-journal", str(tmp_path / "j"))
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
           "SOCCERBOARD_MQTT__CONNECT_TIMEOUT": "0.5", "SOCCERBOARD_MQTT__URL": "mqtt://127.0.0.1:1"}
    proc = subprocess.Popen(["bash", "-c", script], cwd=ROOT, env=env, text=True, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)
    lines: list[str] = []
    try:
        assert proc.stdout is not None
        end = time.monotonic() + 40
        while time.monotonic() < end:
            line = proc.stdout.readline()
            lines.append(line.rstrip("\n"))
            if "Free kick to Red" in line or not line:
                break
    finally:
        os.killpg(proc.pid, signal.SIGINT)        # Ctrl-C (a background job of a script ignores it: --exit-after)
        time.sleep(1)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)   # the emulator, without waiting out its 5 s
        try:
            proc.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    told = [line for line in lines if line.strip() and not line.startswith(str(tmp_path))]   # less the port
    assert told == ["     1'  Kick-off: Red", "     1'  Yellow card for Blue s1", "     1'  Free kick to Red on c10"]

"""`soccerboard replay` answers every line, however hostile, with a verdict (docs/board.md section 6): the replay
goes on to the snapshot with exit status 0, and a refusal quotes at most a short piece of what it refused."""
from __future__ import annotations

import json
import re
import subprocess
import sys

from tests.cli.cli_helpers import ROOT, soccerboard

SETUP = '{"type": "setup", "formation": "standard", "kickoff": "red"}'
ROLL = '{"type": "roll", "die": "red", "value": 3}'
HUGE = "x" * 100_000


def replayed(text: str, *args: str) -> tuple[list[dict], subprocess.CompletedProcess[str]]:
    done = soccerboard("replay", *args, "-", stdin=text)
    return [json.loads(line) for line in done.stdout.splitlines()], done


def verdicts(outputs: list[dict]) -> dict[int, dict]:
    return {o["line"]: o for o in outputs if "line" in o}


def test_an_integer_too_long_to_convert_is_a_bad_input_line_and_the_replay_goes_on():
    outputs, done = replayed("\n".join([SETUP, '{"type": "roll", "die": "red", "value": ' + "9" * 5000 + "}",
                                        ROLL]) + "\n")
    assert done.returncode == 0 and done.stderr == "", done.stderr
    lines = verdicts(outputs)
    assert lines[2]["ok"] is False and lines[2]["reason"] == "bad_input"
    assert "4300 digits" in lines[2]["detail"] and len(lines[2]["detail"]) < 200
    assert lines[3]["ok"] is True                   # the roll after it is judged as if the bad line was not there
    assert "snapshot" in outputs[-1]


HOSTILE = {what: template.replace("@", HUGE) for what, template in {
    "type": '{"type": "@"}',
    "square": '{"type": "lift", "square": "@", "token": "red"}',
    "value": '{"type": "roll", "die": "red", "value": "@"}',
    "extra key": '{"type": "spin", "outcome": "goal", "@": 1}',
    "pawn id": '{"type": "setup", "pawns": {"red-@": "d1"}, "ball": "d1", "offense": "red"}',
    "phase": '{"type": "setup", "pawns": {"red-gk": "d1"}, "ball": "d1", "offense": "red", "phase": "@"}',
    "option name": '{"type": "setup", "formation": "standard", "options": {"@": 1}}',
    "nested option name": '{"type": "setup", "formation": "standard", "options": {"shooting_die_faces": {"@": 1}}}',
    "substitution pawn": '{"type": "press", "button": "substitution", "team": "red", "pawn": "@"}',
}.items()}
HOSTILE["square digits"] = '{"type": "lift", "square": "a' + "1" * 5000 + '", "token": "red"}'


def test_a_refusal_quotes_at_most_80_characters_of_its_input():
    outputs, done = replayed("\n".join([SETUP, *HOSTILE.values()]) + "\n")
    assert done.returncode == 0, done.stderr
    lines = verdicts(outputs)
    for number, what in enumerate(HOSTILE, start=2):
        verdict = lines[number]
        assert verdict["ok"] is False, what
        longest = max((len(run) for run in re.findall(r"x+|1+", verdict["detail"])), default=0)
        assert longest <= 80 and len(verdict["detail"]) <= 300, (what, verdict["detail"][:400])
    assert "…" in lines[2]["detail"]          # a cut piece says it was cut


def test_bytes_that_are_not_utf8_are_a_bad_input_line():
    data = b'\xff\xfe{"type": "lift"}\n' + SETUP.encode() + b'\n{"type": "lift", "square": "\xc3", "token": "red"}\n'
    done = subprocess.run([sys.executable, "-m", "controller.cli", "replay", "-"], input=data, capture_output=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode == 0 and done.stderr == b"", done.stderr
    lines = verdicts([json.loads(line) for line in done.stdout.splitlines()])
    assert lines[1]["reason"] == "bad_input" and lines[2]["ok"] is True and lines[3]["reason"] == "bad_input"


def test_the_text_format_tells_a_refused_lone_surrogate_without_failing():
    text = "\n".join([SETUP, '{"type": "lift", "square": "\\ud800", "token": "red"}',
                      '{"type": "press", "button": "substitution", "team": "red", "pawn": "\\udfff"}']) + "\n"
    done = soccerboard("replay", "--format", "text", "-", stdin=text)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert "line 2: refused, bad_input" in done.stdout and "\\ud800" in done.stdout

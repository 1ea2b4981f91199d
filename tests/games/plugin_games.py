"""The two test-only games (tests/games/site: `tally`, no board; `race`, the sensed board) and how the tests put
them where the registry looks: a folder on sys.path (in this process) or PYTHONPATH (a `soccerboard` child). The
folder is on neither by default, so every other test sees only the real games."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SITE = Path(__file__).resolve().parent / "site"
TITLES = {"tally": "Tally to Twelve", "race": "Race to the Far Rank"}


def site_env() -> dict[str, str]:
    """A child's environment that registers the test games (and writes no bytecode into the checkout)."""
    path = os.pathsep.join(p for p in (str(SITE), os.environ.get("PYTHONPATH", "")) if p)
    return {**os.environ, "PYTHONPATH": path, "PYTHONUNBUFFERED": "1", "PYTHONDONTWRITEBYTECODE": "1"}


def soccerboard(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """`soccerboard ARGS...` from the checkout with the test games registered, its output captured."""
    return subprocess.run([sys.executable, "-m", "controller.cli", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=timeout, env=site_env())


def write_lines(path: Path, lines: list[dict]) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def json_lines(text: str) -> list[dict]:
    return [json.loads(t) for t in text.splitlines() if t.startswith("{")]


def roll(team: str, value: int) -> dict:
    return {"type": "roll", "die": team, "value": value}


UNDO = {"type": "press", "button": "undo"}

# A tally match: red 6+3, blue 2+5, blue out of turn (refused), red 1 taken back, red 2 (11), blue 6 (13) wins,
# a roll after the end (refused).
TALLY = [{"type": "setup", "ruleset": "tally"}, roll("red", 6), roll("blue", 2), roll("red", 3), roll("blue", 5),
         roll("blue", 4), roll("red", 1), UNDO, roll("red", 2), roll("blue", 6), roll("red", 3)]
TALLY_REFUSED = {6: "not_your_turn", 11: "not_expected"}        # line number -> reason
TALLY_END = {"phase": "won", "winner": "blue", "totals": {"red": 11, "blue": 13}}


def tally_long(target: int = 60) -> list[dict]:
    """A longer tally match (target 60), for a daemon to be stopped in the middle of."""
    lines: list[dict] = [{"type": "setup", "ruleset": "tally", "options": {"target": target}}]
    totals = {"red": 0, "blue": 0}
    faces = [3, 5, 2, 6, 1, 4]
    i = 0
    while max(totals.values()) < target:
        team = ("red", "blue")[i % 2]
        value = faces[i % len(faces)]
        totals[team] += value
        lines.append(roll(team, value))
        i += 1
    return lines


def move(token: str, frm: str, to: str) -> dict:
    return {"type": "move", "from": frm, "to": to, "token": token}


# A race: red 6 (a1-a7, lifted and placed), blue 5 (b16-b11), red's roll of 6 taken back and rolled as 6 again,
# red a7-a13, blue 6 to b4 refused (wrong square) then b5, red 2 to a15, blue 4 to b1: blue wins.
RACE = [{"type": "setup", "ruleset": "race"},
        roll("red", 6), {"type": "lift", "square": "a1", "token": "red"},
        {"type": "place", "square": "a7", "token": "red"},
        roll("blue", 5), move("blue", "b16", "b11"),
        roll("red", 6), UNDO, roll("red", 6), move("red", "a7", "a13"),
        roll("blue", 6), move("blue", "b11", "b4"), move("blue", "b11", "b5"),
        roll("red", 2), move("red", "a13", "a15"),
        roll("blue", 4), move("blue", "b5", "b1")]
RACE_REFUSED = {12: "wrong_square"}
RACE_END = {"phase": "won", "winner": "blue", "tokens": {"red": "a15", "blue": "b1"}}


def start_soccerboard(args: list[str], log: Path) -> subprocess.Popen:
    """`soccerboard ARGS` with the test games registered, in a session of its own, its output appended to `log`."""
    env = site_env()
    env.pop("NOTIFY_SOCKET", None)
    with open(log, "ab") as f:
        return subprocess.Popen([sys.executable, "-m", "controller.cli", *args], cwd=ROOT, env=env, stdout=f,
                                stderr=subprocess.STDOUT, start_new_session=True)


def journal_inputs(path: Path) -> list[dict]:
    """The input lines of a journal (its `#` lines are the header, checkpoints and the end marker)."""
    return json_lines(path.read_text())

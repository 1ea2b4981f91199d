"""Hand-built Soccer Tactics WORLD journals for the analysis tests: red's striker holds the ball at the edge of
blue's penalty area late in the match, a team-mate alone in the area (not offside: two blue defenders behind it)
and a blue defender beside the holder. On a ball roll of 2, the pass to the team-mate (e14) is a shot; the pass
onto the defender (g12) gives blue the ball."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from controller.daemon.journal import HEADER, dumps

ROOT = Path(__file__).resolve().parents[2]
SETUP = {"type": "setup", "offense": "red", "phase": "offensive_set", "ball": "e12",
         "clock": {"period": 2, "elapsed": 2580.0},
         "pawns": {"red-gk": "d1", "red-d1": "c6", "red-d2": "f6", "red-s1": "e12", "red-s2": "e14",
                   "blue-gk": "d16", "blue-d1": "g12", "blue-d2": "b15", "blue-d3": "g15", "blue-m1": "h10"}}
SHOT, GIVEAWAY = "e14", "g12"


def roll(team: str, value: int) -> dict:
    return {"type": "roll", "die": team, "value": value}


def ball_to(square: str) -> dict:
    return {"type": "move", "from": "e12", "to": square, "token": "ball"}


def up_to_the_ball_play() -> list[dict]:
    """The set-up, red's pawn move (a defender a square back) and the roll of 2 for the ball."""
    return [SETUP, roll("red", 2), {"type": "move", "from": "c6", "to": "c5", "token": "red"}, roll("red", 2)]


def write_journal(path: Path, lines: list[dict], ruleset: str = "soccer_tactics_world") -> Path:
    header = {"version": 1, "board_id": "board7", "board_follows_game": True, "ruleset": ruleset,
              "options": {}, "seq_base": 0, "started": "2026-05-01T15:00:00.000Z"}
    path.write_text(HEADER + dumps(header) + "\n" + "".join(dumps(line) + "\n" for line in lines))
    return path


def soccerboard(*args: str, env: dict | None = None) -> subprocess.CompletedProcess[str]:
    """`soccerboard ARGS...` as a child process, its output captured."""
    return subprocess.run([sys.executable, "-m", "controller.cli", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=300, env=env)

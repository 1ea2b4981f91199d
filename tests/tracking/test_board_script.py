"""An autoplayed match as players at a sensed board play it (simulator/board_script.py): what a board emulator
plays in the serial soak. `soccerboard replay` of the script as a sensed board accepts every line but the
corrections made while the board is out of step, the game's own relocations are carried out by hand, and a
dribble lifts ball and holder together (the ball alone would settle as a pass)."""
from __future__ import annotations

import json

import pytest

from controller.core import Core
from controller.games import get_ruleset
from controller.replay import replay_lines
from controller.scenario import parse_obj
from hal.board import TOKEN_BIT, square_index
from simulator.board_script import board_script, physical, relocations

OPTIONS = {"half_minutes": 45.0, "extra_time_minutes": 0.0, "shooting_die": True}
SENSED = '# soccerboard-journal {"board_follows_game": false}'


def replayed(script: list[dict]) -> list[dict]:
    return replay_lines([SENSED, *(json.dumps(line) for line in script)])


# seeds whose first 150 actions hold a goal, so the script also sets the formation again
@pytest.mark.parametrize("seed", [2, 3, 9])
def test_board_script_replays_on_a_sensed_board_with_only_corrections_refused(seed):
    script = board_script(seed, OPTIONS, 150)
    out = replayed(script)
    refused = [o for o in out if "line" in o and not o["ok"]]
    assert all(o["reason"] == "board_mismatch" for o in refused), refused[:3]
    assert {line["type"] for line in script} <= {"setup", "lift", "place", "roll", "press", "clock"}
    events = [o["event"] for o in out if "event" in o]
    assert "goal" in events and events.count("kick_off") >= 2          # a goal, and the formation set again
    assert refused, "the kick-off formation after a goal was set by hand, through corrections"
    assert out[-1]["snapshot"]["phase"] != "full_time"


def test_board_script_dribble_lifts_ball_and_holder_before_putting_either_down():
    script = board_script(1, OPTIONS, 150)
    dribbles = [o for o in replayed(script) if o.get("event") == "dribble"]
    moves = [line for line in script if line["type"] in ("lift", "place")]
    together = [i for i in range(len(moves) - 3)
                if [m["type"] for m in moves[i:i + 4]] == ["lift", "lift", "place", "place"]
                and "ball" in {m["token"] for m in moves[i:i + 2]}]
    assert dribbles and len(together) == len(dribbles), (len(dribbles), together)


def test_board_script_relocations_set_the_board_as_the_game_expects():
    core = Core(get_ruleset(), board_follows_game=False)
    core.feed(parse_obj({"type": "setup", "formation": "standard", "options": OPTIONS}))
    assert relocations(core) == []
    core.board[square_index("a1")] |= TOKEN_BIT["ball"]              # a stray ball
    core.board[square_index("d1")] &= ~TOKEN_BIT["red"]              # the red keeper knocked off
    assert relocations(core) == [{"type": "place", "square": "d1", "token": "red"},
                                 {"type": "lift", "square": "a1", "token": "ball"}]


def test_board_script_physical_lines_split_a_move_into_a_lift_and_a_place():
    assert physical([{"type": "move", "from": "c6", "to": "c10", "token": "red"}, {"type": "clock", "advance": 1},
                     {"type": "roll", "die": "red", "value": 4}]) == [
        {"type": "lift", "square": "c6", "token": "red"}, {"type": "place", "square": "c10", "token": "red"},
        {"type": "roll", "die": "red", "value": 4}]

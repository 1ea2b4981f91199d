"""A refusal of a simulator input or a command quotes what it refused in at most 80 characters a piece
(controller.echo.quoted), whatever the sender put there."""
from __future__ import annotations

import json

import pytest

from controller.daemon.inputs.commands import CommandError, parse_command
from controller.daemon.inputs.siminput import MAX_PAYLOAD, SimInputError, deliver, parse_payload
from hal.sim import SimBoard

LONG = "y" * 3_900        # as long as a simulator input's 4,096 bytes allow


@pytest.mark.parametrize("line", [
    {"type": "lift", "square": LONG, "token": "red"},
    {"type": "lift", "square": "a1", "token": LONG},
    {"type": LONG, "square": "z9", "token": "red"},
    {"type": "move", "from": "a1", "to": LONG, "token": "red"},
    {"type": "roll", "die": LONG, "value": 1},
    {"type": "roll", "die": "red", "value": LONG},
    {"type": "press", "button": LONG},
    {"type": "press", "button": "done", "team": LONG},
    {"type": "card", "card": LONG},
    {"type": LONG},
], ids=["square", "token", "type-with-square", "move-to", "die", "value", "button", "team", "card", "type"])
def test_a_refused_simulator_input_echoes_at_most_80_characters_of_it(line):
    payload = json.dumps(line).encode()
    assert len(payload) <= MAX_PAYLOAD
    with pytest.raises(SimInputError) as e:
        deliver(SimBoard(), parse_payload(payload))
    assert len(str(e.value)) < 250 and "yyy…" in str(e.value), str(e.value)


@pytest.mark.parametrize("name, body", [
    ("new_game", {"kickoff": LONG}),
    ("new_game", {LONG: 1}),
    ("pause", {LONG: 1, "x" + LONG: 2}),
    ("z" * 3_000, {}),
], ids=["kickoff", "new-game-key", "button-keys", "command-name"])
def test_a_refused_command_echoes_at_most_80_characters_a_piece(name, body):
    with pytest.raises(CommandError) as e:
        parse_command(name, json.dumps(body).encode())
    assert len(str(e.value)) < 300, str(e.value)
    assert "…" in str(e.value)

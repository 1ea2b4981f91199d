"""A match on a serial board with GoDice for dice: the board emulator on a real pseudo-terminal senses the moves
(the serial backend, the bridge, the poller, the core, the journal, as in tests/e2e), and two emulated GoDice
(behind bleak's scanner and client: tests/hal/dice_emulated_godice.py; no Bluetooth controller exists here) roll.

The rolls are journaled as rolls, in order with the board's changes; a die that falls asleep mid-match is found
again when it wakes, and its next roll counts; a roll the game awaits none of is refused by the game as any
roll is (`not_expected`), and the journal replays to the daemon's final position.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from controller.daemon.operations.config import load_settings
from controller.replay import replay_lines
from hal.backends import open_hardware
from hal.dice_godice import GoDice
from hal.dice_roles import open_dice
from simulator.bench.serial_match import SENSED, RecordingDaemon, game
from simulator.bench.waits import wait_for
from simulator.board_emulator import BoardEmulator, board_actions
from tests.hal.dice_emulated_godice import Air

SETUP = '{"type": "setup", "formation": "standard", "kickoff": "red"}'
RED, BLUE = "C0:00:00:00:00:01", "C0:00:00:00:00:02"


@pytest.fixture
def match(tmp_path, monkeypatch):
    air = Air()
    air.add("GoDice_AA01_R_v04", RED)
    air.add("GoDice_BB02_B_v04", BLUE)
    monkeypatch.setattr("hal.dice_godice.BLE", air.stack())
    emulator = BoardEmulator(str(tmp_path / "usb-Soccerboard_Board_Dice-if00")).start()
    settings = load_settings(None, env=False, board_id="dice", journal__dir=str(tmp_path / "journal"),
                             hardware__backend="serial", hardware__port=emulator.port, game__auto_setup=False,
                             dice__role="godice", dice__red="GoDice_AA01", dice__blue=BLUE.lower())
    hw = open_dice(open_hardware(settings.hardware.hal_config()), settings.dice.hal_config())
    daemon = None
    try:
        assert isinstance(hw.dice, GoDice)
        assert hw.dice.order is hw.occupancy.order      # the board's numbering: rolls stay in order with moves
        wait_for(lambda: hw.leds.connected, 5, "the serial backend to connect to the emulator")
        wait_for(lambda: hw.dice.status("red") == hw.dice.status("blue") == "ok", 5, "both dice to connect")
        for action in board_actions([SETUP]):
            emulator.apply(action)
        assert emulator.wait_settled(2)
        daemon = RecordingDaemon(settings, hw, board_follows_game=False)
        daemon.on_command("new_game", b'{"kickoff": "red"}')
        daemon.start()
        yield air, emulator, daemon
    finally:
        if daemon is not None:
            daemon.stop()
        hw.close()
        emulator.stop()


def verdicts(daemon):
    """The journaled inputs but time, and what the game said to each."""
    return [(line, verdict) for _, line, verdict, _, journaled in list(daemon.record)
            if journaled and line.get("type") != "clock"]


def played(daemon, count):
    """Wait until `count` journaled inputs after the set-up; the last one's verdict."""
    wait_for(lambda: len(verdicts(daemon)) >= count + 1, 10, f"{count} inputs after the set-up", 0.01)
    return verdicts(daemon)[count][1]


def test_a_serial_board_with_godice_plays_a_match(match):
    air, emulator, daemon = match
    red, blue = air.dice[RED], air.dice[BLUE]
    assert played(daemon, 0)["ok"]                                  # the set-up
    red.roll(2)
    assert played(daemon, 1) == {"ok": True}
    red.roll(5)                                                     # the 2 is not used yet: no roll is awaited
    refused = played(daemon, 2)
    assert refused["ok"] is False and refused["reason"] == "not_expected", refused
    emulator.lift("d8", "ball")
    emulator.place("c10", "ball")
    wait_for(lambda: any(e.get("event") == "ball_played" for _, _, _, events, _ in daemon.record for e in events),
             5, "the ball played d8-c10")
    red.sleep()                                                     # asleep between two turns
    wait_for(lambda: daemon.hw.dice.status("red") == "disconnected", 5, "the red die to be missed")
    red.wake()
    wait_for(lambda: daemon.hw.dice.status("red") == "ok", 5, "the red die to be found again")
    red.roll(2)
    emulator.lift("e8", "red")
    emulator.place("c10", "red")
    wait_for(lambda: any(e.get("event") == "capture" for _, _, _, events, _ in daemon.record for e in events),
             5, "red-s2's capture on c10")
    blue.roll(1)
    assert played(daemon, 8) == {"ok": True}
    assert daemon.hw.dice.connections == {"red": 2, "blue": 1}
    assert red.leds[-1] == bytes([8, 255, 0, 0, 255, 0, 0]) and blue.leds[-1] == bytes([8, 0, 0, 255, 0, 0, 255])

    assert daemon.journal.flush(5) and daemon.journal_path is not None
    journal = Path(daemon.journal_path).read_text(encoding="utf-8").splitlines()
    inputs = [json.loads(text) for text in journal if not text.startswith("#")]
    physical = [{k: v for k, v in line.items() if k in ("type", "die", "value", "square", "token")}
                for line in inputs if line.get("type") in ("roll", "lift", "place")]
    assert physical == [
        {"type": "roll", "die": "red", "value": 2}, {"type": "roll", "die": "red", "value": 5},
        {"type": "lift", "square": "d8", "token": "ball"}, {"type": "place", "square": "c10", "token": "ball"},
        {"type": "roll", "die": "red", "value": 2},
        {"type": "lift", "square": "e8", "token": "red"}, {"type": "place", "square": "c10", "token": "red"},
        {"type": "roll", "die": "blue", "value": 1}]
    replayed = replay_lines([SENSED, *journal])
    assert game(replayed[-1]["snapshot"]) == game(daemon.referee.core.snapshot())

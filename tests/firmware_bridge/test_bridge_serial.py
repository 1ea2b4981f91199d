"""The serial backend end to end: pyserial on a real pseudo-terminal, the emulated board on the other end."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time

import pytest

from hal.board import square_name
from hal.events import DieRoll, DieStatus
from hal.frames import tokens_at, with_token
from hal.serial_board import SerialBoard
from simulator.board_emulator import BoardEmulator, board_actions


def wait_for(predicate, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.002)
    return predicate()


@pytest.fixture
def rig(tmp_path):
    """An emulator behind a stable link name and a connected SerialBoard; faults set per test."""
    made = []

    def make(**faults):
        emulator = BoardEmulator(str(tmp_path / "usb-Soccerboard_Board-if00"), seed=7, **faults).start()
        board = SerialBoard(emulator.port).start()
        made.append((emulator, board))
        return emulator, board

    yield make
    for emulator, board in made:
        board.close()
        emulator.stop()


def drain_frames(board):
    frames = []
    while (frame := board.occupancy.next_frame()) is not None:
        frames.append(frame)
    return frames


def rolls(board):
    out = []
    while (event := board.dice.next_event()) is not None:
        if isinstance(event, DieRoll):
            out.append(event)
    return out


def test_reconnects_within_two_seconds_of_the_port_returning_and_loses_nothing(rig):
    emulator, board = rig()
    assert wait_for(lambda: board.connected, 3)
    emulator.place("d4", "red")
    assert board.occupancy.next_frame(timeout=2) is not None
    board.show(bytes([9]) * 384)
    assert wait_for(lambda: emulator.led_frame == bytes([9]) * 384, 2)

    emulator.unplug(seconds=0.6)
    assert wait_for(lambda: not board.connected, 2)
    emulator.lift("d4", "red")  # played while the cable is out
    time.sleep(0.08)            # held longer than the board's settle window: two changes, not one slide
    emulator.place("d5", "red")
    emulator.roll("red", 3)
    board.show(bytes([7]) * 384)  # the core keeps going; the frame waits for the link
    assert wait_for(lambda: os.path.exists(emulator.port), 2)
    back = time.monotonic()
    assert wait_for(lambda: board.occupancy.latest() == emulator.occupancy, 2)
    assert time.monotonic() - back < 2.0
    assert board.connected and board.link.opens >= 2
    frames = drain_frames(board)
    assert frames[-2:] == emulator.history[-2:]  # the lift and the place, in order: no event lost
    assert wait_for(lambda: DieRoll("red", 3) in rolls(board), 2)
    assert wait_for(lambda: emulator.led_frame == bytes([7]) * 384, 2)  # LEDs restored after resync


def test_one_percent_corrupted_bytes_deliver_every_change_and_nothing_wrong(rig):
    emulator, board = rig(corrupt=0.01)
    assert wait_for(lambda: board.connected, 5)
    rng = random.Random(3)
    played_rolls = []
    for i in range(40):
        square = square_name(rng.randrange(128))
        token = rng.choice(["red", "blue", "ball"])
        present = token not in tokens_at(emulator.occupancy, square)
        (emulator.place if present else emulator.lift)(square, token)
        if i % 8 == 0:
            face = rng.randint(1, 6)
            emulator.roll("blue", face)
            played_rolls.append(DieRoll("blue", face))
        # each change settles and goes out before the next (a person's hands are slower than the 50 ms settle
        # window; a busy machine must not fold two changes into one): 40 changes, not a slide
        assert emulator.wait_settled(5)
    assert wait_for(lambda: board.occupancy.latest() == emulator.occupancy, 10)
    got = drain_frames(board)
    assert got == emulator.history[1:]  # every change, in order, and no frame the board never had
    got_rolls = []
    assert wait_for(lambda: got_rolls.extend(rolls(board)) or got_rolls == played_rolls, 5)
    stats = board.stats()
    assert emulator.bytes_corrupted > 0  # v2 sends few bytes: deltas, and no snapshot per resync
    assert stats["bad_crc"] + stats["bad_cobs"] + stats["too_short"] > 0  # damage was seen and dropped


def test_garbage_and_a_reboot_are_survived(rig):
    emulator, board = rig(drop=0.05)
    assert wait_for(lambda: board.connected, 3)
    emulator.send_raw(os.urandom(300) + b"\x00\x05\x01\x02")  # noise, then a truncated frame
    emulator.place("a1", "blue")
    emulator.reboot()
    emulator.place("b1", "ball")
    assert wait_for(lambda: board.occupancy.latest() == emulator.occupancy, 5)
    assert board.session.stats.hellos >= 2
    assert board.connected
    assert board.stats()["frames"] > 0


def test_a_board_speaking_another_protocol_version_is_ignored(rig):
    emulator, board = rig(protocol_version=99)
    emulator.place("c3", "red")
    emulator.roll("red", 5)
    assert wait_for(lambda: board.session.stats.version_mismatch >= 1, 3)
    time.sleep(0.3)
    assert not board.connected
    assert board.occupancy.next_frame() is None
    assert all(not isinstance(e, DieRoll) for e in iter(board.dice.next_event, None))


SCENARIO = """\
# a kick-off and a few moves
{"type": "setup", "formation": "standard", "kickoff": "red"}
{"type": "roll", "die": "red", "value": 4}
{"type": "move", "from": "d8", "to": "d12", "token": "ball"}
{"type": "clock", "advance": 5.0}
{"type": "roll", "die": "blue", "value": 2}
{"type": "move", "from": "c11", "to": "c9", "token": "blue"}
not json at all
{"type": "press", "button": "confirm"}
{"type": "lift", "square": "h11", "token": "blue"}
"""


@pytest.mark.parametrize("faults", [[], ["--corrupt", "0.01", "--unplug-after", "3", "--unplug-seconds", "0.4"]])
def test_emulate_board_command_plays_a_scenario_over_a_pty(tmp_path, faults):
    scenario = tmp_path / "game.jsonl"
    scenario.write_text(SCENARIO)
    link = tmp_path / "board"
    proc = subprocess.Popen(
        [sys.executable, "-m", "controller.cli", "emulate-board", str(scenario), "--link", str(link),
         "--interval", "0.05", "--exit-after", "3", "--seed", "1", *faults],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    board = None
    try:
        port = proc.stdout.readline().strip()
        assert port == str(link)
        board = SerialBoard(port).start()
        expected = next(board_actions(['{"type": "setup", "formation": "standard", "kickoff": "red"}'])).frame
        expected = with_token(with_token(expected, "d8", "ball", False), "d12", "ball", True)
        expected = with_token(with_token(expected, "c11", "blue", False), "c9", "blue", True)
        expected = with_token(expected, "h11", "blue", False)
        assert wait_for(lambda: board.occupancy.latest() == expected, 8)
        events = []
        assert wait_for(lambda: events.extend(iter(board.dice.next_event, None))
                        or [e for e in events if isinstance(e, DieRoll)] == [DieRoll("red", 4), DieRoll("blue", 2)], 3)
        assert all(isinstance(e, (DieRoll, DieStatus)) for e in events)
        assert board.buttons.next_press(timeout=2).name == "confirm"
        if faults:
            assert board.link.opens >= 2
    finally:
        if board is not None:
            board.close()
        proc.terminate()
        proc.wait(5)


def test_port_names_prefer_the_stable_by_id_link(tmp_path):
    from firmware_bridge.serial_link import resolve_port

    by_id = tmp_path / "by-id"
    by_id.mkdir()
    tty = tmp_path / "ttyACM0"
    tty.touch()
    (by_id / "usb-MicroPython_Board_in_FS_mode_e6614c31-if00").symlink_to(tty)
    (by_id / "usb-Soccerboard_Board_1234-if00").symlink_to(tty)
    assert resolve_port("auto", str(by_id)) == str(by_id / "usb-Soccerboard_Board_1234-if00")
    assert resolve_port(str(tty), str(by_id)) == str(by_id / "usb-MicroPython_Board_in_FS_mode_e6614c31-if00")
    assert resolve_port("/dev/ttyUSB9", str(by_id)) == "/dev/ttyUSB9"
    assert resolve_port("auto", str(tmp_path / "missing")).endswith("not-found")

"""The daemon's HAL poller sleeps while the board is idle: every feed (and a simulated clock) wakes it, and it
wakes by itself only when a sensor change is due to have settled. Its `turns` count how often it looked."""
from __future__ import annotations

import queue
import time

import pytest

from controller.daemon.inputs.hardware import HardwarePoller
from hal.board import SETTLE_SECONDS
from hal.interfaces import Hardware
from hal.queues import MonotonicClock
from hal.serial_board import SerialBoard
from hal.sim import SimBoard, SimClock
from simulator.board_emulator import BoardEmulator


def sim_hardware(board: SimBoard) -> Hardware:
    return Hardware(occupancy=board.occupancy, dice=board.dice, leds=board, buttons=board.buttons, buzzer=board,
                    clock=board.clock, backend="sim")


@pytest.fixture
def started():
    pollers: list[HardwarePoller] = []

    def start(hardware: Hardware) -> tuple[HardwarePoller, queue.Queue]:
        got: queue.Queue = queue.Queue()
        poller = HardwarePoller(hardware, lambda _source, line: got.put(line)).start()
        pollers.append(poller)
        return poller, got

    yield start
    for poller in pollers:
        poller.stop()
        assert not poller.alive


def test_an_idle_poller_blocks_and_a_roll_a_press_or_a_move_wakes_it():
    board = SimBoard(MonotonicClock())
    got: queue.Queue = queue.Queue()
    poller = HardwarePoller(sim_hardware(board), lambda _s, line: got.put(line)).start()
    try:
        time.sleep(1.0)
        assert poller.turns <= 2          # it looked once at the start, then slept: not every few milliseconds
        board.roll("red", 4)
        assert got.get(timeout=5) == {"type": "roll", "die": "red", "value": 4}
        board.press("confirm")
        assert got.get(timeout=5) == {"type": "press", "button": "confirm"}
        board.place("d4", "red")          # reported once it has settled: the poller wakes for that by itself
        assert got.get(timeout=5) == {"type": "place", "square": "d4", "token": "red"}
        settled = poller.turns
        time.sleep(0.5)
        assert poller.turns == settled    # nothing settling, nothing queued: asleep again
        assert got.empty()
    finally:
        poller.stop()
    assert not poller.alive               # stop() wakes it


def test_on_a_simulated_clock_the_poller_sleeps_until_the_clock_moves(started):
    clock = SimClock()
    board = SimBoard(clock)
    poller, got = started(sim_hardware(board))
    board.place("a1", "blue")
    time.sleep(0.3)                       # real time passes; the board's clock does not
    assert got.empty()
    before = poller.turns
    time.sleep(0.3)
    assert poller.turns == before         # no real-time polling while the change waits for simulated time
    clock.advance(SETTLE_SECONDS + 0.001)
    assert got.get(timeout=5) == {"type": "place", "square": "a1", "token": "blue"}


def test_a_serial_board_wakes_the_poller_only_with_an_input(started, tmp_path):
    emulator = BoardEmulator(str(tmp_path / "usb-Soccerboard_Board-if00"), seed=3).start()
    board = SerialBoard(emulator.port).start()
    try:
        hardware = Hardware(occupancy=board.occupancy, dice=board.dice, leds=board, buttons=board.buttons,
                            buzzer=board, clock=MonotonicClock(), backend="serial")
        poller, got = started(hardware)
        deadline = time.monotonic() + 5
        while not board.connected and time.monotonic() < deadline:
            time.sleep(0.01)
        assert board.connected
        time.sleep(0.3)
        before = poller.turns
        time.sleep(1.0)                   # heartbeats and snapshots flow on the link, no input reaches the feeds
        assert poller.turns - before <= 1
        emulator.place("c3", "ball")
        assert got.get(timeout=5) == {"type": "place", "square": "c3", "token": "ball"}
        emulator.roll("blue", 2)
        assert got.get(timeout=5) == {"type": "roll", "die": "blue", "value": 2}
    finally:
        board.close()
        emulator.stop()

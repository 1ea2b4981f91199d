"""Drivers for the contract tests: one per backend, so the contract tests can act on the board the same way for each.

A driver does to the hardware what players would (place a pawn, roll a die, press a button) and
reports what the hardware shows (LEDs, beeps) where the backend lets us see it.
"""

from __future__ import annotations

import os
import tempfile
import time
import tty

from gpiozero.pins.mock import MockFactory
from hal_reed_matrix_mock import ReedMatrixHarness, states

from hal.backends import open_hardware
from hal.board import square_index, token_bit
from simulator.board_emulator import BoardEmulator

BACKEND_NAMES = ["sim", "gpio", "serial"]


class SimDriver:
    def __init__(self):
        self.hw = open_hardware({"backend": "sim"})
        self.board = self.hw.leds

    def place(self, square, token):
        self.board.place(square, token)

    def lift(self, square, token):
        self.board.lift(square, token)

    def roll(self, die, face):
        self.board.roll(die, face)

    def crooked(self, die):
        self.board.crooked(die)

    def press(self, button):
        self.board.press(button)

    def led_frame(self):
        return self.board.led_frame

    def beeps(self):
        return len(self.board.beeps)

    def close(self):
        self.hw.close()


class GpioDriver:
    """A 4 x 6 mock matrix (rank 1: 8 squares x 3 channels), mock buttons and buzzer, dice on a pty."""

    ROWS = ("GPIO4", "GPIO5", "GPIO6", "GPIO7")
    COLUMNS = ("GPIO8", "GPIO9", "GPIO10", "GPIO11", "GPIO12", "GPIO13")

    def __init__(self):
        self.factory = MockFactory()
        self.matrix = ReedMatrixHarness(self.factory, self.ROWS, self.COLUMNS)
        self.dice_master, slave = os.openpty()
        tty.setraw(slave)
        self._slave = slave
        self.hw = open_hardware({
            "backend": "gpio", "pin_factory": self.factory, "rows": self.ROWS, "columns": self.COLUMNS,
            "buttons": {"confirm": "GPIO20", "decline": "GPIO21"}, "buzzer": "GPIO18",
            "debounce_scans": 2, "scan_interval": 0.002, "bounce_time": None,
            "dice_port": os.ttyname(slave), "dice": {"red": 0xA1, "blue": 0xB2},
        })
        self._uids = {"red": 0xA1, "blue": 0xB2}
        assert self.hw.dice.port_open.wait(5), "the dice reader did not open its port"

    def _switch(self, square, token, closed):
        self.matrix.set_switch(*self.matrix.switch_for(square_index(square), token_bit(token)), closed)

    def place(self, square, token):
        self._switch(square, token, True)

    def lift(self, square, token):
        self._switch(square, token, False)

    def _die(self, die, text):
        os.write(self.dice_master, f"{self._uids[die]:08X} {text}\n".encode())

    def roll(self, die, face):
        self._die(die, f"ROLL {face}")

    def crooked(self, die):
        self._die(die, "TILTED")

    def press(self, button):
        pin = self.factory.pin({"confirm": "GPIO20", "decline": "GPIO21"}[button])
        pin.drive_low()
        pin.drive_high()

    def led_frame(self):
        return None  # the gpio backend cannot drive WS2812s

    def beeps(self):
        return states(self.factory.pin("GPIO18")).count(True)

    def close(self):
        self.hw.close()
        os.close(self.dice_master)
        os.close(self._slave)
        self.factory.reset()


class SerialDriver:
    """The serial backend talking to the emulated board over a real pseudo-terminal."""

    def __init__(self):
        self._dir = tempfile.TemporaryDirectory()
        self.emulator = BoardEmulator(os.path.join(self._dir.name, "usb-Soccerboard-if00")).start()
        self.hw = open_hardware({"backend": "serial", "port": self.emulator.port})
        board = self.hw.leds
        deadline = time.monotonic() + 5
        while not board.connected and time.monotonic() < deadline:
            time.sleep(0.005)
        assert board.connected, "the serial backend did not connect to the emulator"

    def place(self, square, token):
        self.emulator.place(square, token)

    def lift(self, square, token):
        self.emulator.lift(square, token)

    def roll(self, die, face):
        self.emulator.roll(die, face)

    def crooked(self, die):
        self.emulator.crooked(die)

    def press(self, button):
        self.emulator.press(button)

    def led_frame(self):
        return self.emulator.led_frame

    def beeps(self):
        return len(self.emulator.buzzes)

    def close(self):
        self.hw.close()
        self.emulator.stop()
        self._dir.cleanup()


DRIVERS = {"sim": SimDriver, "gpio": GpioDriver, "serial": SerialDriver}

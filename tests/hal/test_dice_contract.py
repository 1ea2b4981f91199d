"""The contract every dice role keeps with the core, run against each: the board's own receiver (the sim board),
GoDice (emulated behind bleak's scanner and client, tests/hal/dice_emulated_godice.py), the page's rolls and a
dice receiver on a UART of its own (a real pseudo-terminal)."""

from __future__ import annotations

import os
import time
import tty

import pytest

from hal.backends import open_hardware
from hal.dice_roles import open_dice
from hal.events import DieRoll, DieStatus
from hal.interfaces import DiceSource
from tests.hal.dice_emulated_godice import Air

WAIT = 5.0


class BoardDice:
    def __init__(self):
        self.hw = open_dice(open_hardware({"backend": "sim"}), {"role": "board"})
        self.board = self.hw.leds

    def roll(self, die, face):
        self.board.roll(die, face)

    def crooked(self, die):
        self.board.crooked(die)

    def close(self):
        self.hw.close()


class GoDiceDice:
    def __init__(self, monkeypatch):
        self.air = Air()
        self.dice = {"red": self.air.add("GoDice_AA01_R_v04", "C0:00:00:00:00:01"),
                     "blue": self.air.add("GoDice_BB02_B_v04", "C0:00:00:00:00:02")}
        monkeypatch.setattr("hal.dice_godice.BLE", self.air.stack())
        self.hw = open_dice(open_hardware({"backend": "sim"}),
                            {"role": "godice", "red": "GoDice_AA01", "blue": "c0:00:00:00:00:02"})
        for die in self.dice.values():
            assert die.connected.wait(WAIT), f"{die.name} was not connected"
        assert wait_until(lambda: all(self.hw.dice.status(d) == "ok" for d in self.dice))

    def roll(self, die, face):
        self.dice[die].roll(face)

    def crooked(self, die):
        self.dice[die].rest(b"T", 3)

    def close(self):
        self.hw.close()


class PageDice:
    def __init__(self):
        self.hw = open_dice(open_hardware({"backend": "sim"}), {"role": "page"})

    def roll(self, die, face):
        self.hw.dice.roll(die, face)

    def close(self):
        self.hw.close()


class UartDice:
    def __init__(self):
        self.IDS = {"red": 0xA1, "blue": 0xB2}
        self.master, self._slave = os.openpty()
        tty.setraw(self._slave)
        self.hw = open_dice(open_hardware({"backend": "sim"}),
                            {"role": "uart", "port": os.ttyname(self._slave), "ids": self.IDS})
        assert self.hw.dice.port_open.wait(WAIT), "the dice receiver's port did not open"

    def _say(self, die, text):
        os.write(self.master, f"{self.IDS[die]:08X} {text}\n".encode())

    def roll(self, die, face):
        self._say(die, f"ROLL {face}")

    def crooked(self, die):
        self._say(die, "TILTED")

    def close(self):
        self.hw.close()
        os.close(self.master)
        os.close(self._slave)


ROLES = ["board", "godice", "page", "uart"]


CROOKING = [role for role in ROLES if role != "page"]     # a page sends settled rolls only


def _open(role, monkeypatch):
    driver = GoDiceDice(monkeypatch) if role == "godice" else {
        "board": BoardDice, "page": PageDice, "uart": UartDice}[role]()
    driver.name = role
    return driver


@pytest.fixture(params=ROLES)
def dice(request, monkeypatch):
    driver = _open(request.param, monkeypatch)
    yield driver
    driver.close()


@pytest.fixture(params=CROOKING)
def crooking_dice(request, monkeypatch):
    driver = _open(request.param, monkeypatch)
    yield driver
    driver.close()


def wait_until(predicate, timeout=WAIT):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.002)
    return predicate()


def rolls(source, count):
    """The next `count` rolls (statuses in between are skipped), and the statuses seen on the way."""
    got, statuses = [], []
    deadline = time.monotonic() + WAIT
    while len(got) < count and time.monotonic() < deadline:
        event = source.next_event(timeout=0.05)
        if isinstance(event, DieRoll):
            got.append(event)
        elif isinstance(event, DieStatus):
            statuses.append(event)
    return got, statuses


def test_every_dice_role_is_a_dice_source(dice):
    assert isinstance(dice.hw.dice, DiceSource)


def test_every_dice_role_hands_on_each_settled_roll_in_order(dice):
    for die, face in [("red", 4), ("blue", 1), ("red", 6), ("blue", 2), ("red", 3), ("blue", 5)]:
        dice.roll(die, face)
    got, _ = rolls(dice.hw.dice, 6)
    assert got == [DieRoll("red", 4), DieRoll("blue", 1), DieRoll("red", 6), DieRoll("blue", 2),
                   DieRoll("red", 3), DieRoll("blue", 5)]
    assert dice.hw.dice.status("red") == dice.hw.dice.status("blue") == "ok"


def test_a_crooked_die_is_no_roll_and_its_next_roll_counts(crooking_dice):
    dice = crooking_dice
    dice.roll("red", 2)
    assert rolls(dice.hw.dice, 1)[0] == [DieRoll("red", 2)]
    dice.crooked("red")
    assert wait_until(lambda: dice.hw.dice.status("red") == "crooked")
    dice.roll("red", 5)
    got, statuses = rolls(dice.hw.dice, 1)
    assert got == [DieRoll("red", 5)]
    assert DieStatus("red", "crooked") in statuses
    assert dice.hw.dice.status("red") == "ok"


def test_the_board_role_keeps_the_dice_the_board_opened():
    hw = open_hardware({"backend": "sim"})
    board_dice = hw.dice
    assert open_dice(hw, {"role": "board"}).dice is board_dice
    assert open_dice(hw, None).dice is board_dice
    hw.close()


def test_an_unknown_dice_role_is_refused_by_name():
    hw = open_hardware({"backend": "sim"})
    with pytest.raises(ValueError, match="unknown dice role 'dice'; choose one of board, godice, page, uart"):
        open_dice(hw, {"role": "dice"})
    hw.close()

"""Electronic dice read straight from a UART (the ``gpio`` backend's dice, and the ``uart`` dice role).

The dice receiver writes one ASCII line per message (``firmware/dice.py`` documents the format);
a reader thread turns lines into DieRoll / DieStatus through the same DiceTracker the firmware
uses, and maps each die's id to its team. Lines from unbound dice are counted and ignored.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Mapping

import serial

from firmware_bridge.firmware.dice import DiceTracker
from firmware_bridge.firmware.sbconst import DIE_STATUS_NAMES
from hal.queues import DiceFeed, InputOrder

log = logging.getLogger(__name__)

DEFAULT_BINDING = {"red": 1, "blue": 2}


class UartDice(DiceFeed):
    """A DiceSource fed by a thread reading the dice receiver's port."""

    def __init__(self, port: str, binding: Mapping[str, int] | None = None, baudrate: int = 9600,
                 order: InputOrder | None = None) -> None:
        super().__init__(order=order)
        self._teams = {int(uid): team for team, uid in (binding or DEFAULT_BINDING).items()}
        self._port_name = port
        self._baudrate = baudrate
        self.tracker = DiceTracker()
        self.unbound = 0
        self.port_open = threading.Event()  # set while the receiver's port is open
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> UartDice:
        self._thread = threading.Thread(target=self._run, name="soccerboard-dice", daemon=True)
        self._thread.start()
        return self

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(2)

    def handle_line(self, line: bytes, now_ms: int) -> None:
        self._publish(self.tracker.line(line, now_ms))

    def _publish(self, events) -> None:
        for kind, uid, value in events:
            team = self._teams.get(uid)
            if team is None:
                self.unbound += 1
                log.warning("die %08x is not bound to a team; ignoring it", uid)
            elif kind == "roll":
                self.publish_roll(team, value)
            else:
                self.publish_status(team, DIE_STATUS_NAMES[value])

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                with serial.Serial(self._port_name, self._baudrate, timeout=0.05) as port:
                    buffer = b""
                    self.port_open.set()
                    while not self._stop.is_set():
                        buffer += port.read(port.in_waiting or 1)
                        *lines, buffer = buffer.split(b"\n")
                        now = int(time.monotonic() * 1000)
                        for line in lines:
                            self.handle_line(line, now)
                        self._publish(self.tracker.tick(now))
                        if len(buffer) > 256:
                            buffer = b""  # noise without line ends
            except (serial.SerialException, OSError) as exc:
                self.port_open.clear()
                log.warning("dice receiver on %s: %s; retrying", self._port_name, exc)
                self._stop.wait(0.5)

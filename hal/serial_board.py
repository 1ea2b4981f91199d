"""The ``serial`` backend: the board's microcontroller over the firmware bridge.

A SerialLink thread owns the port; the HostSession it drives delivers checked updates, which
this module routes into the same thread-safe feeds the other backends use. LED frames and beeps
are handed to the session and sent by the link thread, woken for them at once, so the core never
waits on the port and a frame leaves as soon as it is planned.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from firmware_bridge import host as H
from firmware_bridge.serial_link import SerialLink
from hal.frames import check_led_frame
from hal.interfaces import Hardware
from hal.queues import ButtonFeed, DiceFeed, FrameFeed, InputOrder, MonotonicClock

log = logging.getLogger(__name__)

DEFAULT_DICE_BINDING = {"red": 1, "blue": 2}


class SerialBoard:
    """Occupancy, dice, buttons, LEDs and buzzer of a board behind a serial port."""

    def __init__(self, port: str = "auto", baudrate: int = 115200,
                 dice: Mapping[str, int] | None = None, backoff: tuple[float, float] = (0.05, 0.1)) -> None:
        binding = dict(dice or DEFAULT_DICE_BINDING)
        order = InputOrder()             # the bridge delivers inputs in the board's order: keep it
        # Each change was settled by the board, on its own clock; a retransmitted one reaches the Pi
        # late, so its arrival time says nothing about how long it lasted (read by the daemon's poller).
        self.occupancy = FrameFeed(order, settled=True)
        self.dice = DiceFeed(order=order)
        self.buttons = ButtonFeed(order)
        self.link_events: list[H.LinkUpdate] = []
        self.session = H.HostSession(self._deliver, {int(uid): team for team, uid in binding.items()})
        self.link = SerialLink(port, self.session, baudrate=baudrate, backoff=backoff)

    def start(self) -> SerialBoard:
        self.link.start()
        return self

    def close(self) -> None:
        self.link.stop()

    def _deliver(self, update: object) -> None:
        if isinstance(update, H.OccupancyUpdate):
            self.occupancy.publish(update.frame)
        elif isinstance(update, H.DieRollUpdate):
            self.dice.publish_roll(update.die, update.face)
        elif isinstance(update, H.DieStatusUpdate):
            self.dice.publish_status(update.die, update.status)
        elif isinstance(update, H.ButtonUpdate):
            self.buttons.publish(update.name)
        elif isinstance(update, H.LinkUpdate):
            self.link_events.append(update)

    @property
    def connected(self) -> bool:
        return self.link.ready

    def stats(self) -> dict[str, int]:
        with self.link.lock:
            return {**self.session.stats_dict(), "port_opens": self.link.opens}

    # LedSink
    def show(self, frame: bytes) -> None:
        frame = check_led_frame(frame)
        with self.link.lock:
            self.session.show_leds(frame)
        self.link.wake()  # sent now, not when the link next looks

    # Buzzer
    def beep(self, seconds: float = 0.1) -> None:
        with self.link.lock:
            self.session.buzz(seconds)
        self.link.wake()


def open_serial(config: Mapping[str, Any]) -> Hardware:
    """Config keys: ``port`` (default ``auto``: the by-id name), ``baudrate``, ``dice`` (team -> die id)."""
    board = SerialBoard(
        port=config.get("port", "auto"),
        baudrate=int(config.get("baudrate", 115200)),
        dice=config.get("dice"),
    ).start()
    return Hardware(occupancy=board.occupancy, dice=board.dice, leds=board, buttons=board.buttons,
                    buzzer=board, clock=MonotonicClock(), backend="serial", _closers=[board.close])

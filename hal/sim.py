"""The ``sim`` backend: a board made of software, with hooks for tests and the simulator.

Nothing happens on its own: tests place and lift tokens, roll dice, press buttons, inject faults
and advance the clock, and the core sees exactly what a real backend would hand it.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import Any

from hal.frames import blank_led_frame, check_frame, check_led_frame, empty_frame, tokens_at, with_token
from hal.interfaces import Hardware
from hal.queues import ButtonFeed, DiceFeed, FrameFeed, MonotonicClock, Wakeup


class SimClock:
    """A TimeSource that moves only when ``advance`` is called; a consumer waiting for a moment of this
    clock (a change's settle window) attaches a Wakeup with ``listen`` and is signalled on every advance."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = start
        self._lock = threading.Lock()
        self._wakeups: tuple[Wakeup, ...] = ()

    def listen(self, wakeup: Wakeup) -> None:
        if wakeup not in self._wakeups:
            self._wakeups = (*self._wakeups, wakeup)

    def monotonic(self) -> float:
        with self._lock:
            return self._now

    def advance(self, seconds: float) -> float:
        if seconds < 0:
            raise ValueError("time only moves forward")
        with self._lock:
            self._now += seconds
            now = self._now
        for wakeup in self._wakeups:
            wakeup.notify()
        return now


class SimBoard:
    """All six roles in one object, plus the test hooks."""

    def __init__(self, clock: SimClock | MonotonicClock | None = None) -> None:
        self.clock = clock or SimClock()
        self.occupancy = FrameFeed()
        self.dice = DiceFeed(initial_status="ok")
        self.buttons = ButtonFeed()
        self.led_frames: list[bytes] = []
        self.beeps: list[tuple[float, float]] = []  # (sim time, seconds)
        self._frame = empty_frame()
        self._lock = threading.Lock()

    # -- LedSink and Buzzer ---------------------------------------------------------------

    def show(self, frame: bytes) -> None:
        self.led_frames.append(check_led_frame(frame))

    @property
    def led_frame(self) -> bytes:
        return self.led_frames[-1] if self.led_frames else blank_led_frame()

    def beep(self, seconds: float = 0.1) -> None:
        self.beeps.append((self.clock.monotonic(), seconds))

    # -- test hooks: tokens -------------------------------------------------------------

    def set_frame(self, frame: bytes) -> None:
        with self._lock:
            self._frame = check_frame(frame)
            self.occupancy.publish(self._frame)

    def place(self, square: str, token: str) -> None:
        with self._lock:
            self._frame = with_token(self._frame, square, token, True)
            self.occupancy.publish(self._frame)

    def lift(self, square: str, token: str) -> None:
        with self._lock:
            self._frame = with_token(self._frame, square, token, False)
            self.occupancy.publish(self._frame)

    def move(self, from_square: str, to_square: str, token: str) -> None:
        self.lift(from_square, token)
        self.place(to_square, token)

    @property
    def frame(self) -> bytes:
        """Where the tokens stand now."""
        with self._lock:
            return self._frame

    def follow(self, frame: bytes) -> None:
        """Stand the tokens where `frame` says without reporting a change: the players carrying out what
        the game did by itself (a simulator whose board follows the game)."""
        with self._lock:
            if frame == self._frame:
                return
            self._frame = check_frame(frame)
            self.occupancy.resync(self._frame)

    # -- test hooks: dice, buttons, time ----------------------------------------------------

    def roll(self, die: str, face: int) -> None:
        """A die settled flat; a die that was crooked or disconnected becomes ok first."""
        self.dice.publish_status(die, "ok")
        self.dice.publish_roll(die, face)

    def crooked(self, die: str) -> None:
        self.dice.publish_status(die, "crooked")

    def disconnect(self, die: str) -> None:
        self.dice.publish_status(die, "disconnected")

    def reconnect(self, die: str) -> None:
        self.dice.publish_status(die, "ok")

    def press(self, name: str) -> None:
        self.buttons.publish(name)

    def advance(self, seconds: float) -> float:
        if not isinstance(self.clock, SimClock):
            raise RuntimeError("this sim board runs on the wall clock: time moves by itself")
        return self.clock.advance(seconds)

    # -- test hooks: faults ---------------------------------------------------------------

    def flicker(self, square: str, token: str, times: int = 1) -> None:
        """A reading that blinks and comes back, as a badly debounced sensor would report."""
        with self._lock:
            present = token in tokens_at(self._frame, square)
            for _ in range(times):
                self.occupancy.publish(with_token(self._frame, square, token, not present))
                self.occupancy.publish(self._frame)


def open_sim(config: Mapping[str, Any]) -> Hardware:
    """Config keys: ``start_time`` (seconds, default 0); ``clock``: ``sim`` (the default: time moves only
    when advanced) or ``wall`` (real time, as on a real board: a person playing in the browser).
    The SimBoard is ``hardware.leds``."""
    clock = config.get("clock", "sim")
    if clock not in ("sim", "wall"):
        raise ValueError(f"sim clock must be 'sim' or 'wall', not {clock!r}")
    board = SimBoard(MonotonicClock() if clock == "wall" else SimClock(float(config.get("start_time", 0.0))))
    return Hardware(occupancy=board.occupancy, dice=board.dice, leds=board, buttons=board.buttons,
                    buzzer=board, clock=board.clock, backend="sim")


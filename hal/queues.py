"""Small thread-safe building blocks shared by the backends.

Backends produce inputs on their own threads (a scan loop, a serial reader, gpiozero callbacks)
and the core consumes them on its thread; these classes are the hand-over points.
"""

from __future__ import annotations

import queue
import threading
import time
from typing import TypeVar

from hal.events import DIE_NAMES, ButtonPress, DieRoll, DieStatus
from hal.frames import check_frame, empty_frame

T = TypeVar("T")


def _get(q: "queue.Queue[T]", timeout: float) -> T | None:
    try:
        if timeout <= 0:
            return q.get_nowait()
        return q.get(timeout=timeout)
    except queue.Empty:
        return None


class FrameFeed:
    """An OccupancySource fed by a producer thread: keeps the latest frame, queues each change."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._latest = empty_frame()
        self._changes: "queue.Queue[bytes]" = queue.Queue()

    def publish(self, frame: bytes) -> bool:
        """Record a frame; queue it if it differs from the previous one. True when it changed."""
        frame = check_frame(frame)
        with self._lock:
            if frame == self._latest:
                return False
            self._latest = frame
            self._changes.put(frame)
            return True

    def latest(self) -> bytes:
        with self._lock:
            return self._latest

    def next_frame(self, timeout: float = 0.0) -> bytes | None:
        return _get(self._changes, timeout)


class DiceFeed:
    """A DiceSource fed by a producer: queues rolls, queues status only when it changes."""

    def __init__(self, initial_status: str = "disconnected") -> None:
        self._lock = threading.Lock()
        self._status = {die: initial_status for die in DIE_NAMES}
        self._events: "queue.Queue[DieRoll | DieStatus]" = queue.Queue()

    def publish_roll(self, die: str, face: int) -> None:
        self._events.put(DieRoll(die, face))

    def publish_status(self, die: str, status: str) -> bool:
        event = DieStatus(die, status)
        with self._lock:
            if self._status[die] == status:
                return False
            self._status[die] = status
            self._events.put(event)
            return True

    def status(self, die: str) -> str:
        with self._lock:
            return self._status[die]

    def next_event(self, timeout: float = 0.0) -> DieRoll | DieStatus | None:
        return _get(self._events, timeout)


class ButtonFeed:
    """A Buttons source fed by callbacks."""

    def __init__(self) -> None:
        self._presses: "queue.Queue[ButtonPress]" = queue.Queue()

    def publish(self, name: str) -> None:
        self._presses.put(ButtonPress(name))

    def next_press(self, timeout: float = 0.0) -> ButtonPress | None:
        return _get(self._presses, timeout)


class MonotonicClock:
    """The real monotonic clock, for hardware backends."""

    def monotonic(self) -> float:
        return time.monotonic()



"""Small thread-safe building blocks shared by the backends.

Backends produce inputs on their own threads (a scan loop, a serial reader, gpiozero callbacks)
and the core consumes them on its thread; these classes are the hand-over points. A consumer that
waits on several feeds at once attaches one Wakeup to all of them and sleeps on it: every input
signals it, so nothing needs to be polled (a Pi that wakes a few hundred times a second for nothing
spends its CPU and power on it).
"""

from __future__ import annotations

import queue
import threading
import time
from typing import TypeVar

from hal.events import DIE_NAMES, ButtonPress, DieRoll, DieStatus
from hal.frames import check_frame, empty_frame

T = TypeVar("T")


class Wakeup:
    """One condition several feeds signal: a consumer sleeps on it until any of them has an input.

    A counter makes the hand-over race-free: read ``generation`` before draining the feeds, then
    ``wait_past`` it; an input that arrived after the read has moved the counter and the wait returns
    at once, so no input is left waiting for the next one."""

    def __init__(self) -> None:
        self._cond = threading.Condition(threading.Lock())
        self.generation = 0

    def notify(self) -> None:
        with self._cond:
            self.generation += 1
            self._cond.notify_all()

    def wait_past(self, seen: int, timeout: float | None = None) -> bool:
        """Block until ``generation`` differs from ``seen`` or ``timeout`` seconds passed (None: no limit).
        True when something was signalled."""
        with self._cond:
            if timeout is None:
                while self.generation == seen:
                    self._cond.wait()
                return True
            end = time.monotonic() + timeout
            while self.generation == seen:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
            return True


class _Signalling:
    """A feed that tells the Wakeups attached to it about every input it queues."""

    _wakeups: tuple[Wakeup, ...] = ()

    def listen(self, wakeup: Wakeup) -> None:
        """Signal ``wakeup`` on every input queued from now on."""
        if wakeup not in self._wakeups:
            self._wakeups = (*self._wakeups, wakeup)

    def _signal(self) -> None:
        for wakeup in self._wakeups:
            wakeup.notify()


class InputOrder:
    """One numbering shared by a backend's feeds, so a consumer can take their inputs in the order they
    arrived (a bridge delivers occupancy changes, rolls and presses in the board's order; separate queues
    would lose it). Each queued input gets the next number and its arrival time, under one lock."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.last = 0

    def stamp(self) -> tuple[int, float]:
        """Call with ``lock`` held: the next number and the arrival time."""
        self.last += 1
        return self.last, time.monotonic()


def _ordered_put(order: InputOrder | None, q: queue.Queue, item) -> None:
    if order is None:
        q.put(item)
        return
    with order.lock:
        n, at = order.stamp()
        q.put((n, at, item))


def _unwrap(order: InputOrder | None, got):
    return got if order is None or got is None else got[2]


def _drain(order: InputOrder | None, q: queue.Queue, kind: str) -> list[tuple]:
    if order is None:       # without a shared order the queue holds bare inputs, not numbered ones
        raise RuntimeError("drain_ordered() needs a feed created with an InputOrder")
    out: list[tuple] = []
    while True:
        try:
            n, at, item = q.get_nowait()
        except queue.Empty:
            return out
        out.append((n, at, kind, item))


def _get(q: queue.Queue[T], timeout: float) -> T | None:
    try:
        if timeout <= 0:
            return q.get_nowait()
        return q.get(timeout=timeout)
    except queue.Empty:
        return None


class ResyncFrame(bytes):
    """A frame that restates where the tokens are rather than reporting a change: the simulator's board
    following the game's own relocations (kick-off formation after a goal). A consumer that tracks
    changes starts again from it; to any other consumer it is an ordinary frame."""


class FrameFeed(_Signalling):
    """An OccupancySource fed by a producer thread: keeps the latest frame, queues each change."""

    def __init__(self, order: InputOrder | None = None, settled: bool = False) -> None:
        self._lock = threading.Lock()
        self._latest = empty_frame()
        self._changes: queue.Queue[bytes] = queue.Queue()
        self.order = order
        self.settled = settled    # each change was settled where it was sensed (a board on its own clock)

    def publish(self, frame: bytes) -> bool:
        """Record a frame; queue it if it differs from the previous one. True when it changed."""
        frame = check_frame(frame)
        with self._lock:
            if frame == self._latest:
                return False
            self._latest = frame
            _ordered_put(self.order, self._changes, frame)
        self._signal()
        return True

    def resync(self, frame: bytes) -> None:
        """Queue `frame` as a ResyncFrame, in order with the changes before and after it."""
        frame = ResyncFrame(check_frame(frame))
        with self._lock:
            self._latest = frame
            _ordered_put(self.order, self._changes, frame)
        self._signal()

    def latest(self) -> bytes:
        with self._lock:
            return self._latest

    def next_frame(self, timeout: float = 0.0) -> bytes | None:
        return _unwrap(self.order, _get(self._changes, timeout))

    def wait(self, timeout: float) -> None:
        """Wait up to ``timeout`` for a change without taking it (the ordered consumer drains later)."""
        with self._changes.not_empty:
            if not self._changes._qsize():
                self._changes.not_empty.wait(timeout)

    def drain_ordered(self) -> list[tuple]:
        """Every queued change as (number, arrival time, "frame", frame); needs an InputOrder."""
        return _drain(self.order, self._changes, "frame")


class DiceFeed(_Signalling):
    """A DiceSource fed by a producer: queues rolls, queues status only when it changes."""

    def __init__(self, initial_status: str = "disconnected", order: InputOrder | None = None) -> None:
        self._lock = threading.Lock()
        self._status = dict.fromkeys(DIE_NAMES, initial_status)
        self._events: queue.Queue[DieRoll | DieStatus] = queue.Queue()
        self.order = order

    def publish_roll(self, die: str, face: int) -> None:
        _ordered_put(self.order, self._events, DieRoll(die, face))
        self._signal()

    def publish_status(self, die: str, status: str) -> bool:
        event = DieStatus(die, status)
        with self._lock:
            if self._status[die] == status:
                return False
            self._status[die] = status
            _ordered_put(self.order, self._events, event)
        self._signal()
        return True

    def status(self, die: str) -> str:
        with self._lock:
            return self._status[die]

    def next_event(self, timeout: float = 0.0) -> DieRoll | DieStatus | None:
        return _unwrap(self.order, _get(self._events, timeout))

    def drain_ordered(self) -> list[tuple]:
        return _drain(self.order, self._events, "die")


class ButtonFeed(_Signalling):
    """A Buttons source fed by callbacks."""

    def __init__(self, order: InputOrder | None = None) -> None:
        self._presses: queue.Queue[ButtonPress] = queue.Queue()
        self.order = order

    def publish(self, name: str) -> None:
        _ordered_put(self.order, self._presses, ButtonPress(name))
        self._signal()

    def next_press(self, timeout: float = 0.0) -> ButtonPress | None:
        return _unwrap(self.order, _get(self._presses, timeout))

    def drain_ordered(self) -> list[tuple]:
        return _drain(self.order, self._presses, "button")


class MonotonicClock:
    """The real monotonic clock, for hardware backends."""

    def monotonic(self) -> float:
        return time.monotonic()



"""The console is told on a thread of its own: a terminal that takes no output never holds up the journal
thread (and with it the referee's answers and MQTT), and stopping never waits on it."""
from __future__ import annotations

import threading
import time

from controller.daemon.outputs.observer_thread import ObserverThread


class StuckConsole:
    """An observer whose writes block until `release` is set, like a paused terminal."""

    def __init__(self):
        self.release = threading.Event()
        self.writing = threading.Event()
        self.told: list[list] = []
        self.closed = False

    def __call__(self, msgs: list) -> None:
        self.writing.set()
        self.release.wait()
        self.told.append(msgs)

    def close(self) -> None:
        self.closed = True


def test_handing_on_never_waits_for_a_stuck_console_and_drops_what_it_cannot_hold():
    console = StuckConsole()
    feed = ObserverThread(console, limit=10)
    feed([0])
    assert console.writing.wait(10.0)              # the console is stuck in its first write
    start = time.monotonic()
    for n in range(1, 1000):
        feed([n])
    assert time.monotonic() - start < 5.0          # a generous bound: blocking would be for ever
    assert feed.dropped == 999 - 10                # all but what the queue holds
    console.release.set()
    assert feed.drain(10.0)
    assert console.told[0] == [0] and len(console.told) <= 11 and feed.dropped == 0
    feed.close()
    assert console.closed


def test_closing_tells_what_is_queued_then_closes_the_console():
    console = StuckConsole()
    console.release.set()
    feed = ObserverThread(console)
    for n in range(50):
        feed([n])
    feed.close()
    assert console.told == [[n] for n in range(50)] and console.closed


def test_closing_gives_up_on_a_console_stuck_in_a_write():
    console = StuckConsole()
    feed = ObserverThread(console)
    feed([1])
    start = time.monotonic()
    feed.close(timeout=0.2)
    assert time.monotonic() - start < 5.0 and not console.closed
    console.release.set()


def test_a_failing_console_goes_on_with_the_next_batch():
    told: list[list] = []

    class Flaky(StuckConsole):
        def __call__(self, msgs: list) -> None:
            if msgs == ["bad"]:
                raise ValueError("a view that breaks")
            told.append(msgs)

    feed = ObserverThread(Flaky())
    feed(["bad"])
    feed(["good"])
    assert feed.drain(10.0) and told == [["good"]]
    feed.close()

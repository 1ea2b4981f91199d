"""From hardware readings to scenario lines: the only place the daemon interprets the HAL.

Everything the core hears is a scenario line (docs/board.md section 5), because that is what the journal
stores and `soccerboard replay` reads. Sensor frames go through the board tracker (controller/tracking.py),
which hands on only settled changes, as lifts then places (a serial board settles them itself, on its own
clock); a settled die becomes a roll, a button a press.
"""
from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import NamedTuple

from hal.events import DieRoll, DieStatus
from hal.interfaces import Hardware
from hal.queues import ButtonFeed, DiceFeed, FrameFeed, InputOrder, MonotonicClock, ResyncFrame, Wakeup

from ...tracking import FrameTracker, change_lines

log = logging.getLogger(__name__)


def die_line(event) -> dict | None:
    if isinstance(event, DieRoll):
        return {"type": "roll", "die": event.die, "value": event.face}
    if isinstance(event, DieStatus):      # shown to players by the LEDs/buzzer; not a game input
        log.info("die %s is %s", event.die, event.status)
    return None


def button_line(press) -> dict:
    return {"type": "press", "button": press.name}


class _OrderedFeeds(NamedTuple):
    order: InputOrder
    occupancy: FrameFeed
    dice: DiceFeed
    buttons: ButtonFeed


def _ordered(hardware: Hardware) -> _OrderedFeeds | None:
    """The feeds, when the backend numbers its inputs in arrival order across occupancy, dice and buttons
    and its board settles each change itself before reporting it (serial, bridge protocol v2): the Pi then
    neither times nor reorders anything, however late the bridge delivers (an unplug, a damaged frame sent
    again). None for any other backend."""
    occupancy, dice, buttons = hardware.occupancy, hardware.dice, hardware.buttons
    if not (isinstance(occupancy, FrameFeed) and isinstance(dice, DiceFeed) and isinstance(buttons, ButtonFeed)):
        return None
    order = occupancy.order
    if order is None or not occupancy.settled or dice.order is not order or buttons.order is not order:
        return None
    return _OrderedFeeds(order, occupancy, dice, buttons)


def _listen(wakeup: Wakeup, hardware: Hardware) -> bool:
    """Attach `wakeup` to every feed (and a simulated clock) that can signal it; True when all the feeds can,
    so waiting on it alone misses no input."""
    feeds = (hardware.occupancy, hardware.dice, hardware.buttons)
    if not all(callable(getattr(feed, "listen", None)) for feed in feeds):
        return False
    for source in (*feeds, hardware.clock):
        listen = getattr(source, "listen", None)
        if callable(listen):
            listen(wakeup)
    return True


class HardwarePoller:
    """A thread that waits on the HAL and puts lines on the daemon's input queue (`put(source, line)`).

    It sleeps on one Wakeup that every feed (and a simulated clock) signals, so an idle board costs no
    wakeup at all; it wakes by itself only when a sensor change is due to have settled. A source of this
    module's unknown kind, which cannot signal, is asked every `wait` seconds as before."""

    def __init__(self, hardware: Hardware, put: Callable[[str, dict], None], wait: float = 0.002):
        self.hw = hardware
        self._put = put
        self._wait = wait
        self._frame = hardware.occupancy.latest()
        self._fed_at = 0.0                        # when the tracker was last given a change (HAL clock)
        self._tracker = FrameTracker()            # only settled changes reach the core
        self._tracker.start(self._frame)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="soccerboard-hal", daemon=True)
        self._ordered = _ordered(hardware)
        self._carry: list[tuple] = []             # inputs numbered after the last cut, for the next poll
        self.wakeup = Wakeup()
        self.turns = 0                            # how often the thread looked at the feeds (tests, benchmarks)
        self._signalled = _listen(self.wakeup, hardware)

    def start_from(self, board: bytes) -> None:
        """Track changes from `board` (before start): the board the resumed game holds, not the frame the board
        happened to report first. Whatever changed while the daemon was down (a token lifted, a move made) is
        then a difference at the first frame, read and journaled as changes like any other; from the frame
        itself it would vanish, and the game would go on from a board that is not there."""
        self._frame = bytes(board)
        self._tracker.start(self._frame)

    def start(self) -> HardwarePoller:
        self._thread.start()
        return self

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()

    def stop(self) -> None:
        self._stop.set()
        self.wakeup.notify()
        self._thread.join(2.0)

    def _run(self) -> None:
        if not self._signalled:                   # feeds that cannot signal: ask them every `wait` seconds
            while not self._stop.is_set():
                self._turn(self._wait)
            return
        while not self._stop.is_set():
            seen = self.wakeup.generation         # read before draining: a later input moves it
            if not self._turn(0.0):
                continue
            if self._carry:                       # numbered inputs still on their way into their queues
                continue
            self.wakeup.wait_past(seen, self._settle_wait())

    def _turn(self, wait: float) -> bool:
        self.turns += 1
        try:
            self.poll_once(wait)
            return True
        except Exception:                         # a driver bug must not stop the referee
            log.exception("hardware poll failed")
            self._stop.wait(0.5)
            return False

    def _settle_wait(self) -> float | None:
        """Real seconds until the change being settled is due (None: nothing is settling, or the HAL's clock is
        a simulated one that signals when it moves)."""
        if self._ordered is not None or self._tracker.settled == self._frame:
            return None
        if hasattr(self.hw.clock, "listen"):
            return None
        left = self._fed_at + self._tracker.settle - self.hw.clock.monotonic()
        if not isinstance(self.hw.clock, MonotonicClock):
            left = min(left, 0.01)                # a time source of unknown pace: look again soon
        return max(left, 0.0) + 0.0005

    def poll_once(self, wait: float = 0.0) -> int:
        """Drain what the hardware has; returns how many lines were queued."""
        if self._ordered is not None:
            return self._poll_ordered(self._ordered, wait)
        n = 0
        frame = self.hw.occupancy.next_frame(timeout=wait)
        while frame is not None:
            if isinstance(frame, ResyncFrame):     # the board restated, not changed: nothing to report
                self._tracker.restate(self._frame, frame)
                self._frame = frame
                frame = self.hw.occupancy.next_frame()
                continue
            self._fed_at = self.hw.clock.monotonic()
            for line in self._tracker.feed(frame, self._fed_at):
                self._put("hardware", line)
                n += 1
            self._frame = frame
            frame = self.hw.occupancy.next_frame()
        for line in self._tracker.poll(self.hw.clock.monotonic()):
            self._put("hardware", line)
            n += 1
        event = self.hw.dice.next_event()
        while event is not None:
            rolled = die_line(event)
            if rolled is not None:
                self._put("hardware", rolled)
                n += 1
            event = self.hw.dice.next_event()
        press = self.hw.buttons.next_press()
        while press is not None:
            self._put("hardware", button_line(press))
            n += 1
            press = self.hw.buttons.next_press()
        return n

    # ---- a backend whose board keeps the order and settles its changes (the serial bridge) ----------
    def _poll_ordered(self, feeds: _OrderedFeeds, wait: float) -> int:
        """Inputs strictly in the order the board produced them, each change already settled by the board
        (on its own clock, where the timing is exact): it passes at once, before whatever followed it."""
        n = 0
        if wait > 0 and not self._carry:
            feeds.occupancy.wait(wait)
        with feeds.order.lock:
            cut = feeds.order.last              # every input numbered up to here is in its queue
        items = (self._carry + feeds.occupancy.drain_ordered() + feeds.dice.drain_ordered()
                 + feeds.buttons.drain_ordered())
        items.sort(key=lambda item: item[0])
        self._carry = [item for item in items if item[0] > cut]
        for number, _at, kind, item in items:
            if number > cut:
                break
            if kind == "frame":
                for line in change_lines(self._frame, item):
                    self._put("hardware", line)
                    n += 1
                self._frame = item
                continue
            said = die_line(item) if kind == "die" else button_line(item)
            if said is not None:
                self._put("hardware", said)
                n += 1
        return n

"""systemd integration without a dependency: READY, WATCHDOG, STATUS, STOPPING, EXTEND_TIMEOUT_USEC.

Type=notify lets systemd (and anything ordered after the unit) know when the referee really runs:
hardware open, and the broker connected or given up on for now. A resume that replays a long journal asks
for more start-up time as it goes (EXTEND_TIMEOUT_USEC), so a slow Pi is never killed for starting slowly.
The watchdog is pinged only while the core loop is seen alive (its heartbeat is recent), so a wedged core
thread gets the service restarted, and a restart resumes the match from the journal. The core loop sleeps
until something is due, but never longer than half the watchdog period, so an idle board is fed too.
"""
from __future__ import annotations

import logging
import os
import socket
import threading
import time
from collections.abc import Callable

log = logging.getLogger(__name__)


class Notifier:
    """sd_notify(3) in a few lines; a no-op when not started by systemd."""

    def __init__(self, address: str | None = None):
        self.address = address if address is not None else os.environ.get("NOTIFY_SOCKET")
        self._sock = None
        if self.address:
            self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            if self.address.startswith("@"):           # abstract namespace
                self.address = "\0" + self.address[1:]

    @property
    def enabled(self) -> bool:
        return self._sock is not None

    def notify(self, text: str) -> bool:
        if self._sock is None or not self.address:     # a socket is opened only for an address
            return False
        try:
            self._sock.sendto(text.encode(), self.address)
            return True
        except OSError as e:
            log.debug("sd_notify failed: %s", e)
            return False

    def ready(self, status: str = "") -> None:
        self.notify("READY=1" + (f"\nSTATUS={status}" if status else ""))

    def status(self, status: str) -> None:
        self.notify(f"STATUS={status}")

    def stopping(self) -> None:
        self.notify("STOPPING=1")

    def extend_timeout(self, seconds: float) -> None:
        """A long start (a resume on a slow Pi): the start-up timeout is extended by `seconds` from now;
        systemd needs the next one within that time, like a watchdog ping."""
        self.notify(f"EXTEND_TIMEOUT_USEC={int(seconds * 1e6)}")


def watchdog_interval() -> float | None:
    """Half the period systemd expects pings in, or None when the watchdog is off."""
    usec = os.environ.get("WATCHDOG_USEC")
    pid = os.environ.get("WATCHDOG_PID")
    if not usec or (pid and pid != str(os.getpid())):
        return None
    try:
        return int(usec) / 2e6
    except ValueError:
        return None


class Watchdog:
    """Pings WATCHDOG=1 while `alive()` says the core loop turned recently."""

    def __init__(self, notifier: Notifier, alive: Callable[[], bool], interval: float):
        self._notifier, self._alive, self._interval = notifier, alive, interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="soccerboard-watchdog", daemon=True)
        self.pings = 0

    def start(self) -> Watchdog:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(1.0)

    def _run(self) -> None:
        while not self._stop.wait(self._interval):
            if self._alive():
                self._notifier.notify("WATCHDOG=1")
                self.pings += 1
            else:
                log.error("the core loop has not turned for a while; withholding the watchdog ping")


def heartbeat_fresh(last: Callable[[], float], limit: float) -> Callable[[], bool]:
    return lambda: time.monotonic() - last() < limit

"""The I/O thread between a serial port and a HostSession.

It owns the port: opens it (preferring the stable ``/dev/serial/by-id`` name), feeds received
bytes to the session, writes what the session wants sent, and after an unplug, an I/O error or a
silent board closes the port and reopens it with a short exponential backoff. The caller never
waits on the port: requests go through the session under a lock held for microseconds, and
decoded messages leave through the session's delivery callback (a queue in the HAL).

The thread sleeps in ``select`` on the port and on a wake-up pipe until bytes arrive, a request is
made (``wake``: an LED frame leaves the moment it is planned, not at the end of a read timeout) or
the session's next deadline (a heartbeat, a retry) comes; an idle link costs a few wakeups a second,
those of the protocol's heartbeats.
"""

from __future__ import annotations

import contextlib
import glob
import logging
import os
import select
import threading
import time
from collections.abc import Callable

import serial

from firmware_bridge.host import HostSession

log = logging.getLogger(__name__)

BY_ID_DIR = "/dev/serial/by-id"
AUTO_PATTERNS = ("*Soccerboard*", "*soccerboard*", "*MicroPython*")


def resolve_port(spec: str, by_id_dir: str = BY_ID_DIR) -> str:
    """The path to open for a configured port.

    ``auto`` picks the first by-id name that looks like the board. A kernel name such as
    ``/dev/ttyACM0`` is swapped for the by-id link that points at it, because the kernel name can
    change when the board is plugged back in while the by-id name stays the same.
    """
    if spec == "auto":
        for pattern in AUTO_PATTERNS:
            found = sorted(glob.glob(os.path.join(by_id_dir, pattern)))
            if found:
                return found[0]
        return os.path.join(by_id_dir, "not-found")
    if os.path.isdir(by_id_dir) and not spec.startswith(by_id_dir):
        real = os.path.realpath(spec)
        for link in sorted(glob.glob(os.path.join(by_id_dir, "*"))):
            if os.path.realpath(link) == real:
                return link
    return spec


class LinkDead(Exception):
    """The board stopped talking although the port is open."""


class SerialLink:
    """Runs a HostSession over a serial port in a daemon thread."""

    def __init__(
        self,
        port: str,
        session: HostSession,
        baudrate: int = 115200,
        backoff: tuple[float, float] = (0.05, 0.1),
        read_timeout: float = 0.01,
        open_port: Callable[..., serial.Serial] = serial.Serial,
    ) -> None:
        self.port = port
        self.session = session
        self.lock = threading.Lock()
        self._baudrate = baudrate
        self._backoff = backoff
        self._read_timeout = read_timeout
        self._open_port = open_port
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.opens = 0
        self.failures = 0
        self.path: str | None = None
        self.turns = 0  # passes of the serving loop (tests, benchmarks: an idle link must not spin)
        self._wake_r, self._wake_w = os.pipe()
        os.set_blocking(self._wake_r, False)
        os.set_blocking(self._wake_w, False)

    def start(self) -> SerialLink:
        self._thread = threading.Thread(target=self._run, name="soccerboard-serial", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 2.0) -> None:
        self._stop.set()
        self.wake()
        if self._thread is not None:
            self._thread.join(timeout)
            if self._thread.is_alive():
                return  # the pipe stays open for the thread still using it
        for fd in (self._wake_r, self._wake_w):
            with contextlib.suppress(OSError):
                os.close(fd)
        self._wake_r = self._wake_w = -1

    def wake(self) -> None:
        """Have the link thread look at the session now (call after a request: an LED frame, a beep)."""
        with contextlib.suppress(OSError):  # a full pipe already holds a wake-up; a closed one, no thread
            os.write(self._wake_w, b"\x01")

    @property
    def ready(self) -> bool:
        return self.session.state == "ready"

    def _run(self) -> None:
        delay = self._backoff[0]
        while not self._stop.is_set():
            path = resolve_port(self.port)
            try:
                port = self._open_port(path, self._baudrate, timeout=self._read_timeout, write_timeout=0.5)
            except (serial.SerialException, OSError, ValueError) as exc:
                self.failures += 1
                log.debug("cannot open %s (%s); retrying in %.2f s", path, exc, delay)
                self._stop.wait(delay)
                delay = min(delay * 2, self._backoff[1])
                continue
            self.opens += 1
            self.path = path
            log.info("opened %s", path)
            reason = "stopped"
            try:
                self._serve(port)
            except (serial.SerialException, OSError, LinkDead) as exc:
                reason = f"{type(exc).__name__}: {exc}"
                log.warning("lost the board on %s (%s); reconnecting", path, reason)
            finally:
                with self.lock:
                    self.session.connection_lost(reason)
                with contextlib.suppress(serial.SerialException, OSError):
                    port.close()
            delay = self._backoff[0]
            self._stop.wait(delay)

    def _serve(self, port: serial.Serial) -> None:
        port.reset_input_buffer()  # bytes queued while nobody listened describe a past state
        with self.lock:
            out = self.session.connection_made(time.monotonic())
        port.write(out)
        fileno = getattr(port, "fileno", None)
        try:
            fd = fileno() if callable(fileno) else None
        except (OSError, ValueError, serial.SerialException):
            fd = None
        while not self._stop.is_set():
            self.turns += 1
            if fd is None:  # a port select cannot watch: read with its timeout, as a poll
                data = port.read(port.in_waiting or 1)
            else:
                data = self._wait_and_read(port, fd)
            now = time.monotonic()
            with self.lock:
                out = self.session.data_received(data, now) if data else b""
                out += self.session.poll(now)
                dead = self.session.link_dead(now)
            if out:
                port.write(out)
            if dead:
                raise LinkDead("no frame from the board for too long")

    def _wait_and_read(self, port: serial.Serial, fd: int) -> bytes:
        """Sleep until bytes arrive, a wake-up, or the session's next deadline; what the port holds then."""
        with self.lock:
            due = self.session.next_due()
        timeout = max(0.0, due - time.monotonic() + 0.0005) if due != float("inf") else None
        ready, _, _ = select.select([fd, self._wake_r], [], [], timeout)
        if self._wake_r in ready:
            with contextlib.suppress(OSError):
                os.read(self._wake_r, 4096)
        if fd not in ready:
            return b""
        # readable with nothing waiting is an unplugged port: the read raises, as pyserial says why
        return port.read(port.in_waiting or 1)

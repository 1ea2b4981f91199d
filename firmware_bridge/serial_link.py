"""The I/O thread between a serial port and a HostSession.

It owns the port: opens it (preferring the stable ``/dev/serial/by-id`` name), feeds received
bytes to the session, writes what the session wants sent, and after an unplug, an I/O error or a
silent board closes the port and reopens it with a short exponential backoff. The caller never
waits on the port: requests go through the session under a lock held for microseconds, and
decoded messages leave through the session's delivery callback (a queue in the HAL).
"""

from __future__ import annotations

import contextlib
import glob
import logging
import os
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

    def start(self) -> SerialLink:
        self._thread = threading.Thread(target=self._run, name="soccerboard-serial", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 2.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)

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
        while not self._stop.is_set():
            data = port.read(port.in_waiting or 1)
            now = time.monotonic()
            with self.lock:
                out = self.session.data_received(data, now) if data else b""
                out += self.session.poll(now)
                dead = self.session.link_dead(now)
            if out:
                port.write(out)
            if dead:
                raise LinkDead("no frame from the board for too long")

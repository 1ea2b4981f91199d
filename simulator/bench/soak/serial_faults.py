"""The faults of the soak's serial lane: what the sensors and the wire between the board and the Pi can do during
play. Each runs in the thread that plays the board (between two changes, so it never overwrites a hand's move)
and returns the moment it was cleared; docs/reliability.md has the table.
"""
from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from firmware_bridge.firmware import sbconst as C
from hal.board import N_SQUARES, TOKEN_BIT
from simulator.board_emulator import BoardEmulator

GLITCH_MS = (2, 15)           # a flicker: well inside the board's settle window (SETTLE_MS, 50 ms)


@dataclass
class Hands:
    """The players at the emulated board: they play the script's changes `interval` seconds apart; a fault
    that lasts a while (a burst of line noise) goes on while they play `changes` more."""

    emulator: BoardEmulator
    interval: float
    rng: random.Random
    play_on: Callable[[int], None]          # play the next n changes of the script
    restart: Callable[[], float]            # SIGKILL the daemon and start it again; returns when it was started
    done: Counter[str] = field(default_factory=Counter)    # what the faults did: flickers, cable pulls


def sensor_glitch(h: Hands) -> float:
    """Reed switches flicker: a few squares read a token that is not there, or lose one that is, for a few
    milliseconds each, as a magnet passing by or a bouncing contact does. Shorter than the settle window, so
    the board reports none of it."""
    em, before = h.emulator, h.emulator.occupancy
    for _ in range(h.rng.randint(3, 8)):
        square = h.rng.randrange(N_SQUARES)
        token = h.rng.choice(list(TOKEN_BIT))
        flickered = bytearray(before)
        flickered[square] ^= TOKEN_BIT[token]
        start = time.monotonic()
        em.set_frame(bytes(flickered))
        time.sleep(h.rng.uniform(*GLITCH_MS) / 1000)
        em.set_frame(before)
        h.done["sensor flickers"] += 1
        lasted = round((time.monotonic() - start) * 1000)
        h.done["longest flicker ms"] = max(h.done["longest flicker ms"], lasted)   # a busy machine stretches it
        time.sleep(h.rng.uniform(0.005, 0.02))
    time.sleep(C.SETTLE_MS / 1000 * 1.5)           # the restored frame outlasts the settle window
    return time.monotonic()


def serial_corrupt(h: Hands) -> float:
    """Line noise: 3-8 % of the board's bytes are damaged while the players make 5-12 changes."""
    return _burst(h, "corrupt", h.rng.uniform(0.03, 0.08))


def serial_drop(h: Hands) -> float:
    """Frames lost on the way (a USB hub dropping packets): 10-30 % of the board's frames while the players
    make 5-12 changes."""
    return _burst(h, "drop", h.rng.uniform(0.1, 0.3))


def _burst(h: Hands, fault: str, rate: float) -> float:
    """The emulator's `fault` rate (corrupt, drop) at `rate` while the players make 5-12 changes."""
    setattr(h.emulator, fault, rate)
    try:
        h.play_on(h.rng.randint(5, 12))
    finally:
        setattr(h.emulator, fault, 0.0)
    return time.monotonic()


def unplug(h: Hands) -> float:
    """The cable is pulled for 0.3-1.5 s while the players go on (the board keeps their changes until the Pi
    is back): the port disappears and comes back under a new name."""
    seconds = h.rng.uniform(0.3, 1.5)
    h.emulator.unplug(seconds)
    h.done["cable pulls"] += 1
    back = time.monotonic() + seconds
    h.play_on(max(1, int(seconds / h.interval)))
    while time.monotonic() < back:
        time.sleep(0.01)
    return back


def board_reboot(h: Hands) -> float:
    """The board's microcontroller restarts (a brown-out): a new boot id, HELLO, a fresh scan. At a quiet
    moment: a die roll still in flight would be lost with the board's memory, and players roll again, which
    a script cannot."""
    time.sleep(0.3)
    h.emulator.reboot()
    return time.monotonic()


def daemon_kill9(h: Hands) -> float:
    """The daemon dies (SIGKILL) with the board attached and systemd starts it again at once: it resumes its
    journal and opens the port again while the players go on (the board keeps their changes meanwhile)."""
    started = h.restart()
    h.play_on(h.rng.randint(3, 8))
    return started


SERIAL_FAULTS: dict[str, Callable[[Hands], float]] = {
    "sensor_glitch": sensor_glitch,
    "serial_corrupt": serial_corrupt,
    "serial_drop": serial_drop,
    "unplug": unplug,
    "board_reboot": board_reboot,
    "daemon_kill9": daemon_kill9,
}

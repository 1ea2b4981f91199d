"""What the core needs from the hardware, and nothing more.

Every backend (``sim``, ``gpio``, ``serial``) provides these six roles. All ``next_*`` methods are
non-blocking by default (``timeout=0``) so the core's loop never stalls on hardware; a positive
timeout waits at most that long in real time. ``Hardware`` bundles one object per role, the way
gpiozero splits devices from the pin factory that backs them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from hal.events import ButtonPress, DieRoll, DieStatus


@runtime_checkable
class OccupancySource(Protocol):
    """Debounced sensor frames (see ``hal.frames``)."""

    def latest(self) -> bytes:
        """The most recent frame (the empty frame before the first reading)."""

    def next_frame(self, timeout: float = 0.0) -> bytes | None:
        """The next frame that differs from the one before it, in order; None if none came in time."""


@runtime_checkable
class DiceSource(Protocol):
    """Settled rolls and die health, in the order they happened."""

    def next_event(self, timeout: float = 0.0) -> DieRoll | DieStatus | None:
        """The next roll or status change; None if none came in time."""

    def status(self, die: str) -> str:
        """The current status of a die: ``ok``, ``crooked`` or ``disconnected``."""


@runtime_checkable
class LedSink(Protocol):
    """The LEDs under the squares."""

    def show(self, frame: bytes) -> None:
        """Display a 384-byte LED frame; returns at once (delivery happens in the background)."""


@runtime_checkable
class Buttons(Protocol):
    """Players' buttons (``confirm``, ``decline``)."""

    def next_press(self, timeout: float = 0.0) -> ButtonPress | None:
        """The next button press; None if none came in time."""


@runtime_checkable
class Buzzer(Protocol):
    """A beeper for re-roll requests and warnings."""

    def beep(self, seconds: float = 0.1) -> None:
        """Sound once for about ``seconds``; returns at once."""


@runtime_checkable
class TimeSource(Protocol):
    """Monotonic seconds; the sim backend's clock only moves when a test advances it."""

    def monotonic(self) -> float:
        """Seconds from an arbitrary origin, never decreasing."""


@dataclass
class Hardware:
    """One object per role, plus the way to release them all."""

    occupancy: OccupancySource
    dice: DiceSource
    leds: LedSink
    buttons: Buttons
    buzzer: Buzzer
    clock: TimeSource
    backend: str
    _closers: list[Callable[[], None]] = field(default_factory=list, repr=False)

    def close(self) -> None:
        """Stop background threads and release pins and ports; safe to call twice."""
        closers, self._closers = self._closers, []
        for close in reversed(closers):
            close()

    def __enter__(self) -> Hardware:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

"""Elapsed time for the core: the HAL time source turned into `clock` lines (docs/board.md section 5).

The core loop feeds time only when an input comes or a deadline falls due, so a clock line is the whole
time since the last one (rounded to the millisecond; the remainder is carried, so no time is lost).
"""
from __future__ import annotations


class ClockFeed:
    """Turns the HAL time source into clock lines. A time source may run faster than real time (a benchmark
    compresses an idle hour): its `rate`, game seconds per real second, tells the core loop how long to sleep."""

    def __init__(self, time_source):
        self._time = time_source
        self._fed = time_source.monotonic()
        self.rate = float(getattr(time_source, "rate", 1.0) or 1.0)
        self.manual = callable(getattr(time_source, "advance", None))   # moves only when told (the sim's)

    def since(self) -> float:
        """Seconds of the time source since the last fed time."""
        return self._time.monotonic() - self._fed

    def line(self, at_least: float = 0.0) -> dict | None:
        """A clock line for the time since the last one (at least `at_least`: a deadline the core loop slept
        until, never undershot by a sleep that ended a hair early); None when no whole millisecond passed."""
        advance = max(round(self.since(), 3), round(at_least, 3))
        if advance <= 0:
            return None
        self._fed += advance
        return {"type": "clock", "advance": advance}

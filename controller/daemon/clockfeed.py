"""Elapsed time for the core: the HAL time source turned into `clock` lines (docs/board.md section 5)."""
from __future__ import annotations


class ClockFeed:
    """Turns the HAL time source into clock lines; rounding to the millisecond keeps journals short,
    and the remainder is carried so no time is lost over a 90-minute match."""

    def __init__(self, time_source):
        self._time = time_source
        self._fed = time_source.monotonic()

    def line(self) -> dict | None:
        advance = round(self._time.monotonic() - self._fed, 3)
        if advance <= 0:
            return None
        self._fed += advance
        return {"type": "clock", "advance": advance}

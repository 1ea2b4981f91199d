"""Sensor frames to board inputs: only settled changes reach the core.

A frame differing from the last settled one starts (or restarts) the settle window; the change goes
on as lift and place lines only once the sensors have shown the same occupancy for `settle` seconds.
A single-frame glitch, a knocked pawn stood back up, or a pawn slid across squares without stopping
never reaches the core; a pawn resting on a square of its path does, and the core reads it as a move
still on its way.
"""
from __future__ import annotations

from hal.board import SETTLE_SECONDS
from hal.frames import diff_frames


def change_lines(old: bytes, new: bytes) -> list[dict]:
    """Lift and place lines turning one occupancy into another: lifts first, in square order."""
    changes = diff_frames(old, new)
    return ([{"type": "lift", "square": c.square, "token": c.token} for c in changes if not c.present]
            + [{"type": "place", "square": c.square, "token": c.token} for c in changes if c.present])


class FrameTracker:
    """Feed it every frame with its time; it answers with the lines of changes that have settled."""

    def __init__(self, settle: float = SETTLE_SECONDS):
        self.settle = settle
        self.settled: bytes | None = None
        self._candidate: bytes | None = None
        self._since = 0.0

    def start(self, frame: bytes) -> None:
        """The board as it stands when the game begins (or after a resync)."""
        self.settled = self._candidate = bytes(frame)

    def restate(self, old: bytes, new: bytes) -> None:
        """The board was restated from `old` to `new` by no hand (a simulated board following the game's
        own relocations): shift what is settled and what is settling by the same difference, so a change
        still in its settle window stays a change and the restated tokens are none."""
        settled, candidate = self._started()
        delta = bytes(a ^ b for a, b in zip(old, new, strict=True))
        self.settled = bytes(a ^ b for a, b in zip(settled, delta, strict=True))
        self._candidate = bytes(a ^ b for a, b in zip(candidate, delta, strict=True))

    def feed(self, frame: bytes, now: float) -> list[dict]:
        if frame != self._candidate:
            self._candidate, self._since = bytes(frame), now
        return self.poll(now)

    def poll(self, now: float) -> list[dict]:
        """Check the settle window without a new frame (call it on clock ticks)."""
        if self._candidate == self.settled or now - self._since < self.settle:
            return []
        settled, candidate = self._started()
        self.settled = candidate
        return change_lines(settled, candidate)

    def _started(self) -> tuple[bytes, bytes]:
        if self.settled is None or self._candidate is None:
            raise RuntimeError("FrameTracker.start() must be given the board first")
        return self.settled, self._candidate

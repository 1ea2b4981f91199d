"""A simulated sensor grid: board lines become the frames a real scan would produce, at 100 Hz,
with optional noise (single-frame glitches on random squares), for tests and benchmarks."""
from __future__ import annotations

import random

from hal.board import TOKEN_BIT, square_index

FRAME_SECONDS = 0.01


class SensorGrid:
    """The physical occupancy and a clock; `lines_to_frames` plays lines as a hand would."""

    def __init__(self, occupancy: bytes, glitch_rate: float = 0.0, seed: int = 0):
        self.occupancy = bytearray(occupancy)
        self.glitch_rate = glitch_rate
        self.rng = random.Random(seed)
        self.now = 0.0
        self.glitches = 0

    def _frame(self) -> bytes:
        frame = bytearray(self.occupancy)
        if self.glitch_rate and self.rng.random() < self.glitch_rate:
            frame[self.rng.randrange(128)] ^= 1 << self.rng.randrange(3)
            self.glitches += 1
        return bytes(frame)

    def hold(self, count: int):
        """`count` frames of the current occupancy (each may carry a glitch)."""
        for _ in range(count):
            self.now += FRAME_SECONDS
            yield self._frame(), self.now

    def apply(self, line: dict) -> None:
        if line["type"] == "move":
            steps = [("lift", line["from"]), ("place", line["to"])]
        else:
            steps = [(line["type"], line["square"])]
        for kind, name in steps:
            sq, bit = square_index(name), TOKEN_BIT[line["token"]]
            if kind == "lift":
                self.occupancy[sq] &= ~bit
            else:
                self.occupancy[sq] |= bit

    def play(self, line: dict, in_hand: int = 3, settle: int = 8):
        """Frames of a hand making a move: the token up for a few frames, then down and left still."""
        if line["type"] == "move":
            self.apply({"type": "lift", "square": line["from"], "token": line["token"]})
            yield from self.hold(in_hand)
            self.apply({"type": "place", "square": line["to"], "token": line["token"]})
        else:
            self.apply(line)
        yield from self.hold(settle)

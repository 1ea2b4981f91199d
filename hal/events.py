"""Discrete inputs the hardware hands to the core: die rolls, die status changes, button presses.

These are plain frozen values so they can cross threads through queues and be compared in tests.
A crooked / tilted / moved-while-settled die is reported as a status (the core asks for a re-roll);
it is never delivered as a roll.
"""

from __future__ import annotations

from dataclasses import dataclass

DIE_NAMES = ("red", "blue")
DIE_STATUSES = ("ok", "crooked", "disconnected")
BUTTON_NAMES = ("confirm", "decline")


@dataclass(frozen=True)
class DieRoll:
    """A die settled flat on a face."""

    die: str  # "red" | "blue"
    face: int  # 1..6

    def __post_init__(self) -> None:
        if self.die not in DIE_NAMES:
            raise ValueError(f"unknown die {self.die!r}")
        if not isinstance(self.face, int) or not 1 <= self.face <= 6:
            raise ValueError(f"die face must be 1..6, not {self.face!r}")


@dataclass(frozen=True)
class DieStatus:
    """A die's health changed: ``crooked`` asks for a re-roll, ``disconnected`` is shown to players."""

    die: str
    status: str  # "ok" | "crooked" | "disconnected"

    def __post_init__(self) -> None:
        if self.die not in DIE_NAMES:
            raise ValueError(f"unknown die {self.die!r}")
        if self.status not in DIE_STATUSES:
            raise ValueError(f"unknown die status {self.status!r}")


@dataclass(frozen=True)
class ButtonPress:
    """A player pressed a button."""

    name: str  # "confirm" | "decline"

    def __post_init__(self) -> None:
        if self.name not in BUTTON_NAMES:
            raise ValueError(f"unknown button {self.name!r}")


DiceEvent = DieRoll | DieStatus

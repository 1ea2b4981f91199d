"""The actions that are not a game line: a die and time passing (a line's action is its model, lines.py)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Roll:
    """One die: the die's team and its face."""
    team: str
    value: int


@dataclass(frozen=True)
class Wait:
    """Time passing: nothing in this game depends on it."""
    seconds: float

"""The parts of a game's snapshot that the core fills in, whatever the game: whether the sensed board agrees
with the game, and the dice's last faces. Defined once, so every game's snapshot model (and its exported JSON
Schema) says the same of them."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class BoardStatus(BaseModel):
    """Whether the sensed board agrees with the game (filled in by the core)."""
    model_config = ConfigDict(extra="forbid")
    consistent: bool
    mismatch: dict[str, Any] | None = None
    question: dict[str, Any] | None = None      # pawn identities the players are asked to confirm


class Dice(BaseModel):
    """The face each die showed last (filled in by the core from the roll inputs; None before a roll)."""
    model_config = ConfigDict(extra="forbid")
    red: int | None = None
    blue: int | None = None

"""What the rules need of a game: its state, options and board profile, the occupancy view, the event log.

The Game owns all of that; the rules are plain functions of a Match, one module per part of the game:

    flow         kick-offs, new offensive sets, the end of a period, the final whistle
    setpieces    free kicks, goal kicks, corners, penalties (uses flow)
    timekeeping  the clocks and the shoot-out (uses flow, setpieces)
    legal        what may be played now (uses setpieces)
    views        what the LEDs and the dashboard show (uses legal, setpieces)
    play         normal play: rolls, moves, the ball, battles, fouls, shots (uses all of the above)

so a module's dependencies are this interface and the rule modules it imports, in one direction only.
"""
from __future__ import annotations

from typing import Any, Protocol

from .occupancy import Occupancy
from .profile import Profile
from .state import GameState, Options


class Match(Protocol):
    """One match as the rule functions see it (the Game is the implementation)."""

    state: GameState                   # replaced on undo and when a free kick is declined

    @property
    def options(self) -> Options: ...

    @property
    def profile(self) -> Profile: ...

    @property
    def occ(self) -> Occupancy:
        """Who stands where, for the current state (cached until a pawn moves)."""
        ...

    def _moved(self) -> None:
        """A pawn moved, was sent off or the state was replaced: the occupancy view is stale."""
        ...

    def _emit(self, name: str, **fields: Any) -> None:
        """Record a game event of the action being applied."""
        ...

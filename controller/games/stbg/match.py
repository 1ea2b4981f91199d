"""One match as the rule modules see it (clock, flow, legal, play, restarts, shootout, stars, views): its state,
its options and where its events go. The Game (game.py) is the implementation and imports the rule modules; they
name this protocol instead of the Game, so no module of the engine imports another round in a circle."""
from __future__ import annotations

from typing import Any, Protocol

from .state import Options, State


class Match(Protocol):
    state: State                       # replaced on undo

    options: Options

    def emit(self, name: str, **fields: Any) -> None:
        """An event, told once the action that caused it is over."""
        ...

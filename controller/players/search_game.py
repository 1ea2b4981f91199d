"""What a game offers a computer player that searches: its game seen as a tree of decisions and chance nodes.

OpenSpiel's State is the model: at each node either a team decides (`decider` says which, `choices` lists its
actions) or chance does (`chance` lists the outcomes with their odds: a die's faces, a pile's cards), and
`value` is the game's own evaluation of a position, in the terms a coach would use (possession, the ball's
distance to goal, the pawns between ball and goal, cards, time and score), as a chance of winning. The search
(controller/players/search.py) knows nothing else of a game: each game's package has one adapter of this kind,
offered through its `Players.search`.

Every method is pure: it reads the game, and `apply`/`undo` on the game itself are the only changes the search
makes (a game's undo restores its state exactly, so a searched position is the position it was).
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

Line = dict[str, Any]


class SearchGame(Protocol):
    """One game's adapter for the search. `team` is 0 (red) or 1 (blue) throughout."""

    def decider(self, game: Any) -> int | None:
        """The team that chooses the next action, None when chance acts next (a roll, a card) or nobody does (the
        match is over). At a node where both teams roll, chance acts."""
        ...

    def choices(self, game: Any) -> Sequence[Any]:
        """The decider's actions now, time excluded (never empty when `decider` is a team): the moves a player at
        the board may make, each one action the game applies."""
        ...

    def chance(self, game: Any) -> Sequence[tuple[Any, float]]:
        """The chance actions that may come now, with their probabilities (the game's `chance_outcomes`)."""
        ...

    def value(self, game: Any, team: int) -> float:
        """The chance that `team` wins from this position, 0..1, a draw counting half: 1 or 0 (or 0.5) once the
        match is over, else the game's evaluation."""
        ...

    def lines_for(self, game: Any, action: Any) -> list[Line]:
        """The board lines (docs/board.md section 5) a player's hands make for `action`, about to be applied to
        `game`: what the LEDs guide a person through when the computer's action is carried out at the board."""
        ...

    def think_time(self, game: Any, rng: random.Random) -> Any | None:
        """The clock action (a Tick) a player's thought takes after the action just applied, as the game's
        casual bot lets time pass; None when no time passes. Matches played with no wall clock (a ladder, a
        benchmark) apply it so that matches end."""
        ...

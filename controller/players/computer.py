"""The searching computer player for one team: an `Opponent` a person plays against, and hints.

It asks the game's searchable view (controller/players/search_game.py) who decides; when its team does, it
searches (controller/players/search.py) and answers with the board lines of its choice. Its own dice are not
the search's business: at a chance node it leaves the roll to the game's own casual bot for its team (which
rolls only its own die, when its team is to roll), and when the search chooses to roll rather than act it
draws the die from its seeded generator.
"""
from __future__ import annotations

import random
from typing import Any

from . import Line, Opponent, players_for
from .levels import Level, level, levels_of
from .search import LEAVE_TO_CHANCE, Search
from .search_game import SearchGame


class Computer:
    """The computer for `team` (0 red, 1 blue) at `lvl` (1..5, ValueError otherwise), seeded: the same seed
    and the same game give the same choice. `roller` rolls its team's dice at chance nodes (the game's
    casual opponent for the team); without one it never rolls on its own."""

    def __init__(self, search_game: SearchGame, team: int, lvl: int | Level, seed: int = 0,
                 roller: Opponent | None = None) -> None:
        if team not in (0, 1):
            raise ValueError(f"the computer plays team 0 or 1, not {team!r}")
        self.sg = search_game
        self.team = team
        self.level = level(lvl, levels_of(search_game))
        self.rng = random.Random(seed)
        self.roller = roller

    def action(self, game: Any) -> Any | None:
        """The engine action the computer takes now (a roll drawn from its die when it chooses to roll),
        None when its team does not decide now."""
        choice = Search(self.sg, self.team, self.level, self.rng).decide(game)
        if choice is LEAVE_TO_CHANCE:
            return self._roll(game)
        return choice

    def hint(self, game: Any) -> list[tuple[Any, float]]:
        """Every choice the team has now with the win chance it leaves, best first ([] when it does not
        decide now)."""
        return Search(self.sg, self.team, self.level, random.Random(0)).rank(game)

    def plan(self, game: Any) -> list[Line] | None:
        """The board lines of the computer's next action (before it is applied), None when its team has
        nothing to do now."""
        if self.sg.decider(game) is None:
            return self.roller.plan(game) if self.roller is not None else None
        action = self.action(game)
        return None if action is None else self.sg.lines_for(game, action)

    def _roll(self, game: Any) -> Any:
        outcomes = self.sg.chance(game)
        return self.rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]


def computer_for(game_name: str, team: int, lvl: int, seed: int = 0) -> Computer:
    """The computer for `team` at `lvl` in the game registered as `game_name`; ValueError when the game has
    no searching player or the level is not 1..5 (UnknownGame, NoPlayers as `players_for`)."""
    level(lvl)
    players = players_for(game_name)
    if players.search is None:
        raise ValueError(f"{game_name} has no searching computer player")
    return Computer(players.search(), team, lvl, seed, roller=players.opponent(team, seed))

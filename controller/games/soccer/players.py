"""This game's bots as the registry offers them (controller.players): the match of bots alone, one team against
a person, and both teams a line at a time."""
from __future__ import annotations

import random
from typing import Any

from controller.players import Players

from .bot import SoccerBot, simulate
from .game import SoccerGame
from .state import TEAMS


class MatchBot:
    """The seeded SoccerBot for both teams, one line at a time."""

    def __init__(self, seed: int) -> None:
        self.bot = SoccerBot(random.Random(seed))

    def next_lines(self, game: SoccerGame) -> list[dict[str, Any]] | None:
        line = self.bot.next_line(game)
        return None if line is None else [line]


class SoccerOpponent:
    """The seeded SoccerBot for one team (0 red, 1 blue) against a person: it enters only its own team's lines
    and rolls only its own die; it raises no dispute (the person may)."""

    def __init__(self, team: int, seed: int) -> None:
        self.team = TEAMS[team]
        self.bot = SoccerBot(random.Random(seed), teams=(self.team,), disputes=0.0)

    def plan(self, game: SoccerGame) -> list[dict[str, Any]] | None:
        if game.is_terminal():
            return None
        line = self.bot.next_line(game)
        return None if line is None else [line]


PLAYERS = Players(play_match=simulate, opponent=SoccerOpponent, match_bot=MatchBot)

"""This game's bots as the registry offers them (controller.players): the match of bots alone, one team
against a person, and both teams an action at a time."""
from __future__ import annotations

from typing import Any

from controller.players import Players

from . import Game, Tick
from .bot import StbgBot, lines_for, simulate
from .opponent import StbgOpponent
from .search_view import StbgSearch


class MatchBot:
    """The seeded StbgBot for both teams, answering in board lines, as `simulate` plays: with nothing else to
    do a turn not yet rolled for is rolled, else time passes."""

    def __init__(self, seed: int) -> None:
        self.bot = StbgBot(seed)

    def next_lines(self, game: Game) -> list[dict[str, Any]] | None:
        if game.is_terminal():
            return None
        action = self.bot.next_action(game)
        if action is None:
            st = game.state
            rolls = st.phase == "play" and not st.rolled and not st.star
            action = self.bot.roll_for_turn(game) if rolls else Tick(30.0)
        return lines_for(game, action)


PLAYERS = Players(play_match=simulate, opponent=StbgOpponent, match_bot=MatchBot, search=StbgSearch)

"""This game's bots as the registry offers them (controller.players): the match of bots alone, one team
against a person, and both teams an action at a time."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from controller.players import Players

from .autoplay import simulate
from .bot import Bot
from .lines import lines_for
from .opponent import TeamBot
from .search_view import StwSearch

if TYPE_CHECKING:
    from .game import Game


class MatchBot:
    """The seeded Bot for both teams, answering in board lines."""

    def __init__(self, seed: int) -> None:
        self.bot = Bot(seed)

    def next_lines(self, game: Game) -> list[dict[str, Any]] | None:
        action = self.bot.next_action(game)
        return None if action is None else lines_for(game, action)


PLAYERS = Players(play_match=simulate, opponent=TeamBot, match_bot=MatchBot, search=StwSearch)

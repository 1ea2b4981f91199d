"""Computer players: what a game's seeded bots offer, found through the registry (controller/games).

A game with bots names a factory in its `GameInfo.players` that gives a `Players`; nothing outside the game's
package imports its bots by name, so the simulator (and the daemon, when it seats a computer opponent) asks
`players_for(name)`. Every bot speaks in scenario lines (docs/board.md section 5), what a board reports, so
whatever seats one puts its lines where a board's go and the core judges them as a person's.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from controller.core import Core
from controller.games import info

from .search_game import SearchGame

Line = dict[str, Any]
OnLine = Callable[[Line, Any], None]              # a line fed to the core, and the core's answer to it
OnEvent = Callable[[dict[str, Any], Core], None]  # an event of the match, and the core it came from


class MatchPlayer(Protocol):
    """Seeded bots playing both teams of a whole match through a core of their own, as a board's lines (the
    daemon's path): a set-up with `options` first, then every action to the end, the clock included; the same
    seed plays the same match. Raises RuntimeError if the core refuses a bot's line; returns the core at the
    end."""

    def __call__(self, seed: int, options: dict[str, Any], on_line: OnLine | None = None,
                 on_event: OnEvent | None = None) -> Core: ...


class Opponent(Protocol):
    """A seeded bot playing one team against a person: asked after each change of the game, it answers only
    when its own team is to act, and leaves time to the wall clock."""

    def plan(self, game: Any) -> list[Line] | None:
        """The board lines of the bot's next action in `game` (before it is applied), or None when its team
        has nothing to do now."""


class MatchBot(Protocol):
    """A seeded bot playing both teams one action at a time, for whoever drives the core itself (a board
    emulator's script, which plays a board's hands between the actions)."""

    def next_lines(self, game: Any) -> list[Line] | None:
        """The board lines of the next action in `game` (before it is applied), None when there is none."""


@dataclass(frozen=True)
class Players:
    """A game's bots: `play_match` for a match of bots alone, `opponent(team, seed)` for one team (0 red,
    1 blue) against a person, `match_bot(seed)` for both teams an action at a time; `search` the game as a
    searching computer player sees it (controller/players/search_game.py), None when it has no such player."""
    play_match: MatchPlayer
    opponent: Callable[[int, int], Opponent]
    match_bot: Callable[[int], MatchBot]
    search: Callable[[], SearchGame] | None = None


class NoPlayers(LookupError):
    """The game registers no bots."""


def players_for(name: str) -> Players:
    """The bots of the game registered as `name`; UnknownGame if none is, NoPlayers if it has no bots."""
    game = info(name)
    if game.players is None:
        raise NoPlayers(f"{game.title} has no computer players")
    players = game.players()
    if not isinstance(players, Players):
        raise TypeError(f"the players of {name!r} are {players!r}, not a controller.players.Players")
    return players

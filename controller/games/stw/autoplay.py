"""Seeded bots play a whole match through the real core, as board lines (the daemon's path).

Every bot action becomes the scenario lines a board would report and goes through the deterministic
core, exactly as the daemon feeds it; tests and the daemon's autoplay use it.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from controller.core import Core
from hal.board import SETTLE_SECONDS

from .bot import Bot
from .game import Game
from .lines import lines_for
from .ruleset import SoccerTacticsWorld


def stw_game(core: Core) -> Game:
    """The core's game: the bots play this engine's games, and every line fed here was accepted, so there
    is one from the set-up on."""
    game = core.game
    if not isinstance(game, Game):
        raise RuntimeError(f"the bots need a Soccer Tactics WORLD game, the core has {game!r}")
    return game


def simulate(seed: int, options: dict[str, Any],
             on_line: Callable[[dict[str, Any], Any], None] | None = None,
             on_event: Callable[[dict[str, Any], Core], None] | None = None, pause: float = 0.0) -> Core:
    """Play one match through the core; returns the core at the final whistle."""
    core = Core(SoccerTacticsWorld())
    bot = Bot(seed)

    def feed(line: dict[str, Any]) -> None:
        out = core.feed_chosen(line)
        if on_line:
            on_line(line, out)
        for event in out.settled + out.events:
            if on_event:
                on_event(event, core)

    feed({"type": "setup", "formation": "standard", "options": options})   # the journal carries its options
    game = stw_game(core)
    while game.state.phase != "full_time":
        action = bot.next_action(game)
        if action is None:
            break
        for line in lines_for(game, action):
            feed(line)
        if core.pending is not None:        # let the settle window pass, as on a real board
            feed({"type": "clock", "advance": SETTLE_SECONDS * 2})
        game = stw_game(core)
        if action.__class__.__name__ in ("Roll", "Spin") and game.state.phase != "full_time":
            feed({"type": "clock", "advance": bot.pause().seconds})
        if pause:
            time.sleep(pause)
    for event in core.finish():
        if on_event:
            on_event(event, core)
    return core

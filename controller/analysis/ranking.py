"""How the analysis ranks a position's choices: the computer player's search (controller/players/search.py) at a
level, seeded so that an analysis is the same on every run.

The level is chosen so that a whole match is analysed in under a minute on the board's host (docs/analysis.md
gives the figures); the agreement benchmark checks its marks against a deeper level.
"""
from __future__ import annotations

from typing import Any

from controller.players.levels import Level, level
from controller.players.search import rank_choices
from controller.players.search_game import SearchGame

from .walk import Rank, Ranking

ANALYSIS_LEVEL = 3
"""The search level of `soccerboard report --analyse`."""


def one_ply(sg: SearchGame, game: Any, team: int) -> Ranking:
    """Each choice judged by the game's evaluation of the position it leaves."""
    out = []
    for action in sg.choices(game):
        game.apply(action)
        try:
            out.append((action, sg.value(game, team)))
        finally:
            game.undo()
    return out


def ranker(lvl: int | Level = ANALYSIS_LEVEL) -> Rank:
    """The ranking of the search at `lvl` (1..5, or a Level of one's own)."""
    searched = level(lvl)
    return lambda sg, game, team: rank_choices(sg, game, team, searched, seed=0)

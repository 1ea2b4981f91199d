"""How the analysis ranks a position's choices: the computer player's search (controller/players/search.py) at a
level, and a deeper look at the decisions that seem costly.

Level 3 judges every choice by the position it leaves, fast enough for a whole match in well under a minute
(docs/analysis.md gives the figures). A choice that seems to lose CHECK_FROM or more is looked at again: the best
CONTENDERS choices and the one played, each searched a decision deeper with the same budget, so that a mark is not
an artefact of the evaluation read one ply on. The level's own deeper search would not do: it deepens only its
best few, and a played choice outside them would keep its one-ply value. Neither has a time cap that matters, so
an analysis is the same on every run and every machine.
"""
from __future__ import annotations

import math
from typing import Any

from controller.players.levels import Level, level
from controller.players.search import rank_choices
from controller.players.search_game import SearchGame

from .walk import Rank, Ranking

ANALYSIS_LEVEL = 3
"""The search level of `soccerboard report --analyse`."""
CHECK_FROM = 0.05           # a drop in win chance that would earn a mark
CONTENDERS = 6              # the best choices searched again beside the one played
CHECK_DEPTH = 1             # decisions searched beyond the one judged
CHECK_NODES = 240           # nodes for each choice searched again


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


class RootChoices:
    """A game's SearchGame whose searched position offers only `contenders` (the first `choices` asked after
    `scratch`, as the search asks them); every other question goes to the game's own."""

    def __init__(self, sg: SearchGame, contenders: list[Any]) -> None:
        self.sg, self.contenders, self.fresh = sg, contenders, False

    def __getattr__(self, name: str) -> Any:
        return getattr(self.sg, name)

    def scratch(self, game: Any) -> Any:
        self.fresh = True
        copy = getattr(self.sg, "scratch", None)
        return copy(game) if copy is not None else game

    def choices(self, game: Any) -> Any:
        if self.fresh:
            self.fresh = False
            return [a for a in self.sg.choices(game) if a in self.contenders]
        return self.sg.choices(game)


def deeper(sg: SearchGame, game: Any, team: int, contenders: list[Any], depth: int = CHECK_DEPTH,
           per_choice: int = CHECK_NODES) -> Ranking:
    """The contenders ranked `depth` decisions deeper, `per_choice` nodes each, with no time cap."""
    searched = Level(0, sample=0, depth=depth, width=len(contenders), nodes=len(contenders) * (1 + per_choice),
                     temperature=0.0, seconds=math.inf)
    return rank_choices(RootChoices(sg, contenders), game, team, searched)


def check(sg: SearchGame, game: Any, team: int, ranked: Ranking, played: Any) -> Ranking:
    """The best CONTENDERS choices of `ranked` and the one played, searched deeper."""
    best = [a for a, _ in sorted(ranked, key=lambda r: -r[1])[:CONTENDERS]]
    return deeper(sg, game, team, best if played in best else [*best, played])

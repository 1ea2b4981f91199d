"""The searching computer player: expectimax over a game's decisions and chance nodes (controller/players/
search_game.py), within a level's budget (controller/players/levels.py).

Every choice of the decider is first judged by the position it leaves (one ply: apply, evaluate, undo); the
best `width` of them are then searched `depth` decisions deeper: a chance node is the expectation over its
outcomes, a decision the best of its choices for whoever makes it (the player's own: the highest win chance;
the opponent's: the lowest). Choices cost a node each; a node's share of the budget is split evenly among its
outcomes and candidates, so the search is the same for the same game and level whatever the machine (the
wall-clock cap only cuts a search short on a machine too slow for it). ~150 choices a decision make this
pruning necessary: a full two-ply expectimax would take thousands of nodes.

A level with `turns` counts its depth in turns rather than decisions: the rest of a turn (a decision of the team
that made the previous one, a roll it chose to make) is searched at no cost in depth as far as the budget goes,
and each turn of the other team costs one; the search stops at chance before a turn it has no depth for. Depth 0
is the rest of the player's own turn, every line judged with the other team to move; depth 1 adds the other
team's answering turn.

A game's adapter may add, beside the protocol:
- `scratch(game)`: a copy of the game to search on, so the live game's undo history is never touched (an
  engine that keeps a bounded history loses its oldest states when a search goes deeper than its spare slots);
- a choice `LEAVE_TO_CHANCE` in `choices` where a player may act or else roll (a keeper's step instead of
  the die): picking it means the chance node that follows (`chance(game)` gives its outcomes);
- `levels`: its own table of levels 1-5 (controller/players/levels.py, `levels_of`), read when a level is asked
  by number.
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

from .levels import Level, level, levels_of
from .search_game import SearchGame


class LeaveToChance:
    """The choice to roll rather than act: the decider lets chance move (see the module's doc)."""

    def __repr__(self) -> str:
        return "LEAVE_TO_CHANCE"


LEAVE_TO_CHANCE = LeaveToChance()


def search_copy(sg: SearchGame, game: Any) -> Any:
    """The game the search works on: the adapter's scratch copy, or the game itself."""
    scratch = getattr(sg, "scratch", None)
    return scratch(game) if scratch is not None else game


class Search:
    """One search for `team` at `lvl`; `nodes` counts the actions applied so far."""

    def __init__(self, sg: SearchGame, team: int, lvl: int | Level, rng: random.Random | None = None) -> None:
        self.sg = sg
        self.team = team
        self.level = level(lvl, levels_of(sg))
        self.rng = rng or random.Random(0)
        self.nodes = 0
        self._deadline = 0.0

    # ----- what a player asks -------------------------------------------------------------------------
    def rank(self, game: Any) -> list[tuple[Any, float]]:
        """Every choice of the decider with the win chance it leaves `team` after the search, best first;
        [] when `team` does not decide now."""
        if self.sg.decider(game) != self.team:
            return []
        work = search_copy(self.sg, game)
        return self._ranked(work, list(self.sg.choices(work)), self.level.nodes)

    def decide(self, game: Any) -> Any | None:
        """The level's choice for `team` now (a softmax over the ranked choices at the level's temperature),
        None when `team` does not decide now."""
        if self.sg.decider(game) != self.team:
            return None
        work = search_copy(self.sg, game)
        choices = list(self.sg.choices(work))
        if not choices:
            return None
        lvl = self.level
        if lvl.sample and len(choices) > lvl.sample:
            choices = self.rng.sample(choices, lvl.sample)
        ranked = self._ranked(work, choices, lvl.nodes)
        return self._draw(ranked)

    # ----- the search -----------------------------------------------------------------------------------
    def _ranked(self, game: Any, choices: Sequence[Any], budget: int) -> list[tuple[Any, float]]:
        self._deadline = time.perf_counter() + self.level.seconds
        first = [(a, self._after(game, a, 0, 0.0)) for a in choices]
        first.sort(key=lambda av: -av[1])
        lvl = self.level
        if (lvl.depth <= 0 and not lvl.turns) or lvl.width <= 0:
            return first
        top = first[:lvl.width]
        share = max(0.0, budget - len(choices)) / len(top)
        deeper = [(a, self._after(game, a, lvl.depth, share, self.team)) for a, _ in top]
        deeper.sort(key=lambda av: -av[1])
        return deeper + first[lvl.width:]

    def _draw(self, ranked: list[tuple[Any, float]]) -> Any:
        temp = self.level.temperature
        if temp <= 0 or len(ranked) == 1:
            return ranked[0][0]
        top = ranked[0][1]
        weights = [math.exp((v - top) / temp) for _, v in ranked]
        return self.rng.choices([a for a, _ in ranked], weights)[0]

    def _after(self, game: Any, action: Any, plies: int, share: float, last: int = -1) -> float:
        """`team`'s win chance after `action` (chosen by `last`), searched `plies` decisions deeper within
        `share` nodes."""
        if action is LEAVE_TO_CHANCE:
            return self._chance(game, plies, share, last, own=True)
        game.apply(action)
        self.nodes += 1
        try:
            return self._expect(game, plies, share, last)
        finally:
            game.undo()

    def _static(self, game: Any) -> float:
        return self.sg.value(game, self.team)

    def _chance(self, game: Any, plies: int, share: float, last: int, own: bool = False) -> float:
        """The expectation over chance's outcomes; `own`: a roll `last` chose to make (its turn goes on)."""
        outcomes = self.sg.chance(game)
        if not outcomes or (plies <= 0 and not (own and self.level.turns)) or share < len(outcomes):
            return self._static(game)
        sub = (share - len(outcomes)) / len(outcomes)
        return sum(p * self._after(game, a, plies, sub, last) for a, p in outcomes)

    def _expect(self, game: Any, plies: int, share: float, last: int) -> float:
        turns = self.level.turns
        if (plies <= 0 and not turns) or share < 1 or time.perf_counter() > self._deadline:
            return self._static(game)
        decider = self.sg.decider(game)
        if decider is None:
            return self._chance(game, plies, share, last)
        if turns and decider != last:        # another team's turn: it costs a ply, the rest of it none
            if plies <= 0:
                return self._static(game)
            plies -= 1
        choices = list(self.sg.choices(game))
        if not choices:
            return self._static(game)
        look = choices[:max(1, int(share))]
        first = [self._after(game, a, 0, 0.0) for a in look]
        mine = decider == self.team
        left = plies if turns else plies - 1
        width = min(self.level.width, len(look))
        rest = (share - len(look)) / max(1, width)
        if (left <= 0 and not turns) or width <= 0 or rest < 1:
            return max(first) if mine else min(first)
        order = sorted(range(len(look)), key=lambda i: -first[i] if mine else first[i])[:width]
        values = [self._after(game, look[i], left, rest, decider) for i in order]
        return max(values) if mine else min(values)


def _rng(seed: int | random.Random) -> random.Random:
    return seed if isinstance(seed, random.Random) else random.Random(seed)


def rank_choices(sg: SearchGame, game: Any, team: int, lvl: int | Level,
                 seed: int | random.Random = 0) -> list[tuple[Any, float]]:
    """Every choice `team` has now with the win chance it leaves (0..1, after the level's search), best
    first: for hints and match analysis. [] when `team` does not decide now."""
    return Search(sg, team, lvl, _rng(seed)).rank(game)


def best(sg: SearchGame, game: Any, team: int, lvl: int | Level, seed: int | random.Random = 0) -> Any | None:
    """The level's choice for `team` now (LEAVE_TO_CHANCE: roll), None when `team` does not decide now."""
    return Search(sg, team, lvl, _rng(seed)).decide(game)

"""The computer player's levels, 1 (casual) to 5 (the strongest that keeps to the time limits).

A level is a search budget and how its choice is drawn, nothing game-specific: how many of the decider's
choices it looks at, how many of the best of those it searches a decision deeper, the nodes (actions applied)
it may spend, and a softmax temperature on the win chances (0: always the best). The budget is counted in
nodes, so a seeded player decides the same on any machine; `seconds` only caps a search on a machine too slow
for it (the rest is then judged by the evaluation alone).

`LEVELS` is every game's table unless its searchable view declares its own: a `levels` attribute mapping 1..5 to
Levels (`levels_of(view)`), since a game's branching and its engine's speed decide how deep a level can see in
the time limit.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

LOWEST, HIGHEST = 1, 5


@dataclass(frozen=True)
class Level:
    """One level's search. `sample` 0 looks at every choice; `depth` is the decisions searched beyond the
    player's own (0: judge each choice by the position it leaves); `width` the best choices searched deeper;
    `turns`: depth counted in turns, a team's decisions in a row searched as one (controller/players/search.py)."""
    number: int
    sample: int
    depth: int
    width: int
    nodes: int
    temperature: float
    seconds: float
    turns: bool = False


LEVELS: dict[int, Level] = {
    1: Level(1, sample=8, depth=0, width=0, nodes=8, temperature=0.02, seconds=0.05),
    2: Level(2, sample=0, depth=0, width=0, nodes=0, temperature=0.01, seconds=0.1),
    3: Level(3, sample=0, depth=0, width=0, nodes=0, temperature=0.0, seconds=0.2),
    4: Level(4, sample=0, depth=1, width=2, nodes=300, temperature=0.0, seconds=0.3),
    5: Level(5, sample=0, depth=1, width=4, nodes=700, temperature=0.0, seconds=0.45),
}


def levels_of(view: object) -> Mapping[int, Level]:
    """The level table of a game's searchable view: its own `levels` when it declares them, else LEVELS."""
    own = getattr(view, "levels", None)
    return LEVELS if own is None else own


def level(number: int | Level, table: Mapping[int, Level] = LEVELS) -> Level:
    """The level numbered `number` in `table` (a Level passes through); ValueError outside 1..5."""
    if isinstance(number, Level):
        return number
    if isinstance(number, bool) or not isinstance(number, int) or number not in table:
        raise ValueError(f"the computer's level is {LOWEST} to {HIGHEST}, not {number!r}")
    return table[number]

"""The Soccer Tactics WORLD rules engine: pure, no I/O, no clock, no randomness.

Dice, spins and the passing of time arrive as actions (chance actions, as in OpenSpiel), so a game
replays exactly from the list of actions it was given. Everything a program needs is importable from
here; the submodules are the engine's own layout and may change.

>>> from controller.rules import RED, Game, Roll, Square, parse_action
>>> game = Game.kick_off(RED)
>>> _ = game.apply(Roll(RED, 3))
>>> game.apply(parse_action("ball d11"))[0]["event"]
'ball_played'
>>> game.state.ball == Square("d11")
True
"""
from __future__ import annotations

from .actions import (
    Action,
    Dribble,
    MinorFoul,
    MoveBall,
    MovePawn,
    Press,
    RemovePawn,
    Roll,
    Spin,
    Tick,
    parse_action,
)
from .engine import Fix, Game, Result
from .errors import Illegal
from .geometry import Square
from .pieces import BLUE, RED, TEAMS, Pawn
from .state import GameState, Options

__all__ = [
    "BLUE", "RED", "TEAMS",
    "Action", "Dribble", "Fix", "Game", "GameState", "Illegal", "MinorFoul", "MoveBall", "MovePawn", "Options",
    "Pawn", "Press", "RemovePawn", "Result", "Roll", "Spin", "Square", "Tick", "parse_action",
]

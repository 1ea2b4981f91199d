"""The Soccer The Board Game rules engine: pure, no I/O, no clock, no randomness.

Dice, referee cards and the passing of time arrive as actions (chance actions), so a game replays
exactly from its list of actions. Everything a program needs is importable from here.

>>> from controller.games.stbg import RED, Game, Roll, parse_action
>>> game = Game.kick_off(RED)
>>> _ = game.apply(Roll(RED, 3))
>>> [e["event"] for e in game.apply(parse_action("ball e8"))]
['kick_off', 'kick']
>>> game.apply(parse_action("red-p3 e10"))
[]
>>> game
<Game play, red 0-0 blue, red to move (0 points left)>
>>> game.apply(parse_action("red-p4 b7"))
Traceback (most recent call last):
...
controller.seam.Illegal: over_budget: red-p4 to b7 costs 1, 0 left
"""
from __future__ import annotations

from controller.seam import Result

from .actions import Action, Batch, Card, Done, Hand, Kick, Leave, Roll, Star, Step, Substitution, Tick, parse_action
from .board import BLUE, KINDS, PAWN_IDS, RED, REFEREE_CARDS, name, parse
from .errors import Illegal
from .game import Fix, Game, LedView
from .ruleset import SoccerTheBoardGame
from .snapshot import StbgSnapshot
from .state import Options, Phase, State, Turn

__all__ = [
    "BLUE", "KINDS", "PAWN_IDS", "RED", "REFEREE_CARDS",
    "Action", "Batch", "Card", "Done", "Fix", "Game", "Hand", "Illegal", "Kick", "Leave", "LedView", "Options", "Phase",
    "Result", "Roll", "SoccerTheBoardGame", "Star", "State", "StbgSnapshot", "Step", "Substitution", "Tick", "Turn",
    "name", "parse", "parse_action",
]

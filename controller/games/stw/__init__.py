"""The Soccer Tactics WORLD rules engine: pure, no I/O, no clock, no randomness.

Dice, spins and the passing of time arrive as actions (chance actions, as in OpenSpiel), so a game
replays exactly from the list of actions it was given. Everything a program needs is importable from
here; the submodules are the engine's own layout and may change.

>>> from controller.games.stw import RED, Game, Roll, Square, parse_action
>>> game = Game.kick_off(RED)
>>> _ = game.apply(Roll(RED, 3))
>>> game.apply(parse_action("ball d11"))[0]["event"]
'ball_played'
>>> game.state.ball == Square("d11")
True
"""
from __future__ import annotations

from controller.seam import Result

from .actions import (
    Action,
    Batch,
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
from .errors import Illegal
from .game import Game
from .geometry import ALL as ALL_SQUARES
from .geometry import Square, chebyshev
from .geometry import name as square_name
from .geometry import parse as parse_square
from .phase import BALL_PHASES, BOTH_ROLL_PHASES, MOVE_PHASES, OFFSIDE_PHASES, SETUP_PHASES, Phase
from .physical import Reading
from .pieces import BLUE, RED, TEAMS, Pawn, is_keeper
from .reach import export_tables as export_path_tables
from .reach import geometry_fingerprint as path_tables_fingerprint
from .reach import install_tables as install_path_tables
from .reach import table_sources as path_table_sources
from .state import GameState, Options
from .views import Fix, LedView

__all__ = [
    "ALL_SQUARES", "BALL_PHASES", "BLUE", "BOTH_ROLL_PHASES", "MOVE_PHASES", "OFFSIDE_PHASES", "RED",
    "SETUP_PHASES", "TEAMS",
    "Action", "Batch", "Dribble", "Fix", "Game", "GameState", "Illegal", "LedView", "MinorFoul", "MoveBall", "MovePawn",
    "Options", "Pawn", "Phase", "Press", "Reading", "RemovePawn", "Result", "Roll", "Spin", "Square", "Tick",
    "chebyshev", "export_path_tables", "install_path_tables", "is_keeper", "parse_action", "parse_square",
    "path_table_sources", "path_tables_fingerprint", "square_name",
]

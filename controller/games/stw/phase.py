"""The phases of a match, and the groups of them that the engine and the LED planner ask about.

A Phase is a str enum: it compares, hashes and serialises as its value, so snapshots and journals keep
the same strings ("kick_off", "offensive_set", ...).

>>> Phase.KICK_OFF == "kick_off", Phase("shot") is Phase.SHOT
(True, True)
>>> Phase.CAPTURE in MOVE_PHASES
True
"""
from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    ROLL_OFF = "roll_off"                    # both teams roll for the kick-off (rule 1B)
    KICK_OFF = "kick_off"
    OFFENSIVE_SET = "offensive_set"
    BALL_PLAY = "ball_play"
    CAPTURE = "capture"
    ANSWER = "answer"                        # the D-team's answer to a capture
    BATTLE = "battle"
    SHOT = "shot"
    FREE_KICK_SETUP = "free_kick_setup"
    GOAL_KICK_SETUP = "goal_kick_setup"
    CORNER_SETUP = "corner_setup"
    CORNER_PLACEMENT = "corner_placement"
    CORNER_KICK = "corner_kick"
    PENALTY_SETUP = "penalty_setup"
    SHOOTOUT_ORDER = "shootout_order"
    SHOOTOUT = "shootout"
    FULL_TIME = "full_time"


MOVE_PHASES = (Phase.OFFENSIVE_SET, Phase.CAPTURE, Phase.ANSWER)
"""A pawn moves after a roll."""
BALL_PHASES = (Phase.KICK_OFF, Phase.BALL_PLAY, Phase.CORNER_KICK)
"""The ball is played after a roll."""
SETUP_PHASES = (Phase.FREE_KICK_SETUP, Phase.GOAL_KICK_SETUP, Phase.CORNER_SETUP, Phase.PENALTY_SETUP)
"""A restart is being set up."""
BOTH_ROLL_PHASES = (Phase.ROLL_OFF, Phase.BATTLE, Phase.SHOOTOUT_ORDER)
"""Both teams roll."""
OFFSIDE_PHASES = (Phase.OFFENSIVE_SET, Phase.BALL_PLAY, Phase.CAPTURE, Phase.ANSWER)
"""Offside positions matter (rule 7)."""

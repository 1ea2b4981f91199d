"""What can happen to a game: player actions and chance actions (dice, spins, time).

Actions are small frozen values so that a game is exactly its list of actions: replaying the list
gives the same game, and undo is just forgetting the tail.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Roll:
    """A die settled on a face. `team` is the die's owner (each team has its own die)."""
    team: int
    value: int


@dataclass(frozen=True, slots=True)
class Spin:
    """The outcome of a shot: 'goal', 'corner' or 'goal_kick'."""
    outcome: str


@dataclass(frozen=True, slots=True)
class MovePawn:
    """A pawn goes to a square: a move after a roll, a keeper step, or a set-piece placement."""
    pawn: int
    to: int


@dataclass(frozen=True, slots=True)
class MoveBall:
    """The ball goes to a square: a ball play after a roll, or placing it for a restart."""
    to: int


@dataclass(frozen=True, slots=True)
class Dribble:
    """The holder moves one square together with the ball (rule 4C, a ball roll of 1)."""
    to: int


@dataclass(frozen=True, slots=True)
class RemovePawn:
    """A pawn is lifted off the pitch: a sent-off pawn, or the corner kicker stepping off."""
    pawn: int


@dataclass(frozen=True, slots=True)
class Press:
    """A player's button: 'confirm', 'decline', 'pause', 'resume'."""
    button: str


@dataclass(frozen=True, slots=True)
class Tick:
    """Simulated time passes (seconds)."""
    seconds: float


@dataclass(frozen=True, slots=True)
class MinorFoul:
    """A minor violation noticed outside the engine (strict_minor_fouls: an illegal placement left on the
    board). pawn and square, when known, name the misplaced token (pawn -1: the ball) and where it stood."""
    offender: int
    reason: str
    pawn: int = -1
    square: int = -1


Action = Roll | Spin | MovePawn | MoveBall | Dribble | RemovePawn | Press | Tick | MinorFoul

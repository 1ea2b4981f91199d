"""LEDs for a game with no LED layers that says whose turn it is (controller/seam.py LitTurn): the goal line of
each team to act glows, in the colour and place the grid games use (docs/leds.md), and nothing else is lit,
since the board's squares mean nothing to such a game."""
from __future__ import annotations

from controller.seam import GameState, LitTurn
from hal.board import N_RANKS, TEAMS

from .planner import LedPlan, row
from .view import BoardView

GOAL_RANKS = {"red": 1, "blue": N_RANKS}        # each team's goal line, as the palette's to-act rows are
TO_ACT = {"red": "red_to_act", "blue": "blue_to_act"}


def plan_turn(teams: tuple[str, ...]) -> LedPlan:
    """The goal lines of `teams` lit as the team to act; unknown names are ignored (a dark board, never a crash)."""
    meanings: dict[int, str] = {}
    for team in TEAMS:
        if team in teams:
            mask = row(GOAL_RANKS[team])
            meanings.update({s: TO_ACT[team] for s in range(mask.bit_length()) if mask >> s & 1})
    return LedPlan(meanings)


class TurnPlanner:
    """The planner of a LitTurn ruleset's games: what the ruleset says of the game, whatever the board shows."""

    def __init__(self, ruleset: LitTurn):
        self.ruleset = ruleset

    def __call__(self, game: GameState, view: BoardView) -> LedPlan:
        return plan_turn(self.ruleset.teams_to_act(game))

"""Soccer Tactics WORLD as the searching computer player sees it (controller/players/search_game.py).

A roll or a spin is chance's; the D-team's choice to step its keeper instead of rolling (rule 6A), and the
offended team's choice to decline a free kick instead of rolling (rule 9C), are the team's decision with
LEAVE_TO_CHANCE (roll) among its choices. A set-up (free kick, goal kick, corner, penalty) is decided by
one team at a time: the team the game names (a penalty's and a corner's placements go in turns), else the
set piece's own team while it has something to fix, then the other. Both teams rolling (a battle, the
roll-off) are chance nodes, one die after the other.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from controller.players.search import LEAVE_TO_CHANCE

from . import evaluate
from .actions import Action, MovePawn, Press, Roll, Spin, Tick
from .bot import Bot
from .game import Game
from .geometry import squares_of
from .lines import lines_for
from .opponent import action_team, choose
from .phase import BALL_PHASES, MOVE_PHASES, SETUP_PHASES
from .pieces import TEAMS

PLAY_PHASES = frozenset(MOVE_PHASES + BALL_PHASES)
THINK_SECONDS = (2.0, 15.0)     # a player's thought after a roll, as the casual bot's (bot.Bot)


class StwSearch:
    """The SearchGame of Soccer Tactics WORLD, with `scratch` (a copy to search on) and `casual` (the game's
    own casual bot for one team at the engine level)."""

    def decider(self, game: Game) -> int | None:
        st = game.state
        if not st.paused and st.roll and st.phase in PLAY_PHASES:     # a pawn move or a ball play: its team's
            return st.actor
        team, _ = self._turn(game)
        return team

    def choices(self, game: Game) -> Sequence[Any]:
        _, acts = self._turn(game)
        return acts

    def chance(self, game: Game) -> Sequence[tuple[Any, float]]:
        return game.chance_outcomes()

    def value(self, game: Game, team: int) -> float:
        return evaluate.win_chance(game, team)

    def lines_for(self, game: Game, action: Any) -> list[dict[str, Any]]:
        return lines_for(game, action)

    def think_time(self, game: Game, rng: random.Random) -> Tick | None:
        """A player's thought when one is about to decide (after the roll that asks it), as the casual bot
        pauses after each roll; no time otherwise."""
        if game.is_terminal() or self.decider(game) is None:
            return None
        return Tick(round(rng.uniform(*THINK_SECONDS), 1))

    def scratch(self, game: Game) -> Game:
        """A copy of the game's position with an undo history of its own."""
        return Game(game.state.clone(), game.options, game.profile)

    def casual(self, team: int, seed: int) -> Callable[[Game], Any]:
        """The casual bot (bot.Bot, never dawdling) for `team`, asked when that team decides: its roll is
        LEAVE_TO_CHANCE, and an action it would not make for its team is a random choice of the team's."""
        bot = Bot(seed, dawdle=0.0)

        def play(game: Game) -> Any:
            action = choose(game, team, bot)
            if isinstance(action, (Roll, Spin)):
                return LEAVE_TO_CHANCE
            acts = self.choices(game)
            if action is None or isinstance(action, Tick) or action not in acts:
                return bot.rng.choice(list(acts)) if acts else None
            return action
        return play

    # ----- whose turn -----------------------------------------------------------------------------------
    def _turn(self, game: Game) -> tuple[int | None, list[Any]]:
        st = game.state
        if st.paused or game.is_terminal():
            return None, []
        exp = game.expects()
        kind = exp["input"]
        if kind in ("roll", "spin"):
            if exp["team"] == "both" or not exp.get("or"):
                return None, []
            team = TEAMS.index(exp["team"])
            acts: list[Any] = []
            if exp["or"] == "keeper_step":
                keeper = 0 if team == 0 else 11
                acts = [MovePawn(keeper, s) for s in squares_of(game.free_moves())]
            elif exp["or"] == "decline":
                acts = [Press("decline")]
            return team, [LEAVE_TO_CHANCE, *acts]
        actions: list[Action] = game.legal_actions()
        if not actions:
            return None, []
        if st.phase in SETUP_PHASES or kind in ("setup", "place"):
            named = exp.get("team")
            if named in TEAMS:
                team = TEAMS.index(named)
            else:       # the set piece's team while it has a fix to make (its decline waits for none), then the other
                lead = st.restart.team if st.restart is not None else (st.offense if st.offense >= 0 else 0)
                fixes = {action_team(game, a) for a in actions if not isinstance(a, Press)}
                team = lead if lead in fixes or 1 - lead not in fixes else 1 - lead
            own = [a for a in actions if action_team(game, a) in (team, None)]
            return (team, own) if own else (None, [])
        return (st.actor if st.actor >= 0 else st.offense), _likely_first(game, actions)


def _likely_first(game: Game, actions: list[Action]) -> list[Action]:
    """The moves a player would look at first, first (a search short of nodes looks at a prefix): pawns
    nearest the ball (a loose ball's reaching moves lead), the ball's plays furthest up the pitch."""
    st = game.state
    ball = st.ball_sq if st.ball_sq >= 0 else st.ball
    if ball < 0:
        return actions
    bf, br = ball & 7, ball >> 3
    if st.phase in BALL_PHASES:
        up = st.actor >= 0 and game.profile.ends[st.actor].goal_rank == 1
        return sorted(actions, key=lambda a: -(getattr(a, "to", 0) >> 3) if up else getattr(a, "to", 0) >> 3)
    return sorted(actions, key=lambda a: max(abs((getattr(a, "to", ball) & 7) - bf),
                                             abs((getattr(a, "to", ball) >> 3) - br)))

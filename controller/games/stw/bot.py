"""Seeded bots that play both teams: they pick legal actions like a casual player would.

A bot prefers reaching the ball when it can (so capture attempts end), shoots its dice honestly
(uniform faces from its own seeded generator) and lets the clock run between actions.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import geometry as g
from .actions import Action, Dribble, MoveBall, MovePawn, Press, Roll, Spin, Tick
from .pieces import TEAMS

if TYPE_CHECKING:
    from .game import Game

SPINNER = ("goal", "goal", "goal", "goal", "corner", "corner", "goal_kick", "goal_kick")


class Bot:
    """Chooses the next action for whoever is to act (chance actions included)."""

    def __init__(self, seed: int, think_seconds: tuple[float, float] = (2.0, 15.0), dawdle: float = 0.003):
        self.rng = random.Random(seed)
        self.think = think_seconds
        self.dawdle = dawdle        # chance that a player lets the move clock run out

    def next_action(self, game: Game) -> Action | None:
        rng = self.rng
        st = game.state
        exp = game.expects()
        kind = exp["input"]
        if kind == "none":
            return None
        if st.roll and rng.random() < self.dawdle:
            return Tick(game.options.move_seconds + 1)
        if kind == "roll":
            if exp.get("or") == "keeper_step" and rng.random() < 0.25:
                steps = game.free_moves()
                if steps:
                    return self._keeper_step(game, steps)
            if exp["team"] == "both":
                team = TEAMS.index(rng.choice(exp["waiting"]))
            elif exp.get("dice"):
                team = rng.randrange(2)
            else:
                team = TEAMS.index(exp["team"])
            return Roll(team, rng.randint(1, 6))
        if kind == "spin":
            return Spin(rng.choice(SPINNER))
        if kind == "move":
            return self._pawn_move(game)
        actions = game.legal_actions()
        if not actions:
            return Press("confirm") if st.phase == "corner_placement" else Tick(1.0)
        if kind in ("move", "ball"):
            target = st.ball_sq if st.phase in ("capture", "answer") else -1
            reaching = [a for a in actions if isinstance(a, MovePawn) and a.to == target]
            if reaching and rng.random() < 0.9:
                return rng.choice(reaching)
            if kind == "ball":
                dribbles = [a for a in actions if isinstance(a, Dribble)]
                if dribbles and rng.random() < 0.3:
                    return rng.choice(dribbles)
                forward = self._forward_plays(game, [a for a in actions if isinstance(a, MoveBall)])
                if forward and rng.random() < 0.7:
                    return rng.choice(forward)
        if kind == "place" and rng.random() < 0.1:
            return Press("confirm")
        return rng.choice(actions)

    def _pawn_move(self, game: Game) -> MovePawn:
        """From the destination masks: reach the ball when possible, else any legal move."""
        rng, st = self.rng, game.state
        moves = game.legal_pawn_moves()
        target = st.ball_sq if st.phase in ("capture", "answer") else -1
        if target >= 0 and rng.random() < 0.9:
            reaching = [p for p, m in moves.items() if m >> target & 1]
            if reaching:
                return MovePawn(rng.choice(reaching), target)
        pawn = rng.choice(sorted(moves))
        return MovePawn(pawn, rng.choice(g.squares_of(moves[pawn])))

    def _keeper_step(self, game: Game, steps: int) -> MovePawn:
        from .pieces import keeper_of
        return MovePawn(keeper_of(game.state.actor), self.rng.choice(g.squares_of(steps)))

    @staticmethod
    def _forward_plays(game: Game, plays: list[MoveBall]) -> list[MoveBall]:
        st = game.state
        up = st.offense == 0
        here = g.rank_of(st.ball)
        return [a for a in plays if (g.rank_of(a.to) > here) == up and g.rank_of(a.to) != here]

    def pause(self) -> Tick:
        return Tick(round(self.rng.uniform(*self.think), 1))


def play_match(game: Game, bot: Bot, max_actions: int = 200_000,
               on_action: Callable[[Action, list[dict[str, Any]]], None] | None = None) -> list[Action]:
    """Play to the final whistle; returns the actions applied (a full record to replay)."""
    record: list[Action] = []
    while game.state.phase != "full_time" and len(record) < max_actions:
        action = bot.next_action(game)
        if action is None:
            break
        events = game.apply(action)
        record.append(action)
        if on_action:
            on_action(action, events)
        if isinstance(action, (Roll, Spin)) and game.state.phase != "full_time":
            tick = bot.pause()
            events = game.apply(tick)
            record.append(tick)
            if on_action:
                on_action(tick, events)
    return record

"""A bot for one team against a person: the same seeded Bot, asked only when its own team is to act.

Both teams roll at a battle or a roll-off, any team's pawns may have to move at a set-piece set-up,
and a keeper's kick takes two dice from either die: here the bot rolls its own die and moves its own
pawns, and leaves the rest to the person. Time is the wall clock's business, so the bot never lets
the move clock run out on purpose.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Action, Dribble, MoveBall, MovePawn, Press, RemovePawn, Roll, Spin, Tick
from .bot import Bot
from .lines import lines_for
from .pieces import TEAMS

if TYPE_CHECKING:
    from .game import Game


def action_team(game: Game, action: Action) -> int | None:
    """The team whose player carries out `action` (0 red, 1 blue), or None for time."""
    if isinstance(action, Roll):
        return action.team
    if isinstance(action, (MovePawn, RemovePawn)):
        return 0 if action.pawn < 11 else 1
    if isinstance(action, (MoveBall, Dribble, Spin, Press)):
        st = game.state
        if st.actor >= 0:
            return st.actor
        if st.restart is not None:
            return st.restart.team
        return st.offense if st.offense >= 0 else None
    return None


def choose(game: Game, team: int, bot: Bot) -> Action | None:
    """The bot's action for `team` now, or None when it is the other team's turn (or nobody's)."""
    exp = game.expects()
    kind, to_act = exp["input"], exp.get("team")
    if kind == "none":
        return None
    if to_act == "both":
        return Roll(team, bot.rng.randint(1, 6)) if TEAMS[team] in exp.get("waiting", ()) else None
    if kind == "setup":
        mine = [a for a in game.legal_actions() if action_team(game, a) == team]
        return bot.rng.choice(mine) if mine else None
    if to_act != TEAMS[team]:
        return None
    action = bot.next_action(game)
    if isinstance(action, Tick) or action is None:
        return None
    if isinstance(action, Roll) and action.team != team:      # a keeper's kick: the bot rolls its own die
        return Roll(team, action.value)
    return action if action_team(game, action) in (team, None) else None


class TeamBot:
    """The seeded Bot for `team` (0 red, 1 blue) against a person: it never dawdles, as time is the wall
    clock's business; `plan` gives the board lines to send."""

    def __init__(self, team: int, seed: int) -> None:
        self.team = team
        self.bot = Bot(seed, dawdle=0.0)

    def plan(self, game: Game) -> list[dict[str, Any]] | None:
        """The board lines of the bot's next action, or None when its team has nothing to do now."""
        action = choose(game, self.team, self.bot)
        return None if action is None else lines_for(game, action)

"""A bot for one team of Soccer The Board Game against a person (`soccerboard sim --ruleset stbg --human red`):
the seeded StbgBot, asked only for what its own team does.

At a roll-off, a battle or a scoring chance both teams roll: the bot rolls its own die and waits for the
person's. A referee card is drawn by the fouling team, so the bot draws it for its own players' faults.
It presses a substitution only for its own players, sets up only its own team, and in its turn rolls (or
plays a star card), moves, kicks and presses `done`; the person's turn is the person's. Time is the wall
clock's business: the bot never waits for its turn clock to run out on purpose.
"""
from __future__ import annotations

from hal.board import TEAMS

from . import Action, Done, Game, Roll, Substitution
from .bot import StbgBot, lines_for
from .legal import may_press_done


class StbgOpponent:
    """Decides for `team` (0 red, 1 blue) from the game as it stands; `plan` gives the board lines to send."""

    def __init__(self, team: int, seed: int) -> None:
        self.team = team
        self.bot = StbgBot(seed)
        self._weighed: set[tuple[int, int]] = set()     # (pawn, substitutions made): a substitution weighed once

    def choose(self, game: Game) -> Action | None:
        """The bot's action for its team now, or None when the other team (or nobody) is to act."""
        if game.is_terminal():
            return None
        st = game.state
        exp = game.expects()
        mine = TEAMS[self.team]
        if exp.get("team") == "both":
            return Roll(self.team, self.bot.rng.randint(1, 6)) if mine in exp.get("waiting", ()) else None
        if exp.get("team") != mine:
            # a yellow card of its own player may be traded for a substitution before its next turn
            p = st.sub_pawn[self.team]
            if p >= 0 and st.yellow[p] == 1 and st.subs[self.team] < 3 and (p, st.subs[self.team]) not in self._weighed:
                self._weighed.add((p, st.subs[self.team]))
                if self.bot.rng.random() < 0.5:
                    return Substitution(p)
            return None
        if exp["input"] == "card":
            return self.bot.chance(game)
        action = self.bot.next_action(game, teams=(self.team,))
        if action is None and exp["input"] == "roll":
            action = Roll(self.team, self.bot.rng.randint(1, 6))
        if action is None and may_press_done(game):
            action = Done(self.team)
        if isinstance(action, Roll) and action.team != self.team:
            return None
        return action

    def plan(self, game: Game) -> list[dict] | None:
        """The board lines of the bot's next action, or None when it has nothing to do now."""
        action = self.choose(game)
        return None if action is None else lines_for(game, action)

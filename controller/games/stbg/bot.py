"""Seeded bots for Soccer The Board Game: they roll the dice, draw referee cards and play legal actions
(split budgets, star cards, substitutions), and let time pass between actions, so a match runs to full
time. `soccerboard sim` plays them (controller.players), as do the STBG property and tracking tests and the
benchmark."""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from controller.core import Core
from hal.board import SETTLE_SECONDS, TEAMS

from . import (
    KINDS,
    PAWN_IDS,
    Action,
    Card,
    Done,
    Game,
    Hand,
    Kick,
    Roll,
    Star,
    Step,
    Substitution,
    Tick,
)
from .board import GOAL_AREA, name, other, rank_of, squares_of
from .legal import may_press_done
from .reach import KING_BALL
from .restarts import setup_needs
from .ruleset import SoccerTheBoardGame
from .setup_choices import needs_left, placements
from .stars import why_not

Event = dict[str, Any]


class StbgBot:
    """Plays both teams: chance actions by their odds, player actions at random with a taste for kicks
    forward, shots and `done` once the points are spent."""

    def __init__(self, seed: int, seconds: tuple[float, float] = (0.5, 4.0)) -> None:
        self.rng = random.Random(seed)
        self.seconds = seconds

    def chance(self, game: Game) -> Roll | Card | None:
        outcomes = game.chance_outcomes()
        if not outcomes:
            return None
        actions, weights = zip(*outcomes, strict=True)
        return self.rng.choices(actions, weights)[0]

    def next_action(self, game: Game, teams: tuple[int, ...] = (0, 1)) -> Action | None:
        """The next action: a chance action when the game waits for one, else a player's; None when none
        is possible (the match is over). `teams`: whose substitutions the bot may press (a bot playing one
        team against a person presses only its own)."""
        if game.is_terminal():
            return None
        rng = self.rng
        st = game.state
        if st.phase == "play" and not st.rolled and not st.star and st.kind == "open" and rng.random() < 0.15:
            stars = [Star(st.turn, k) for k in KINDS if why_not(game, st.turn, k) is None]
            if stars:
                return rng.choice(stars)
        for t in teams:
            p = st.sub_pawn[t]
            if p >= 0 and st.yellow[p] == 1 and st.subs[t] < 3 and rng.random() < 0.5:
                return Substitution(p)
        chance = self.chance(game)
        if chance is not None:
            return chance
        if st.phase != "play":
            return self._set_up(game)
        return self._play(game)

    def _set_up(self, game: Game) -> Action | None:
        """At a set-up: `done` once the position allows it, else the placement that leaves the fewest needs,
        among the ball's squares, the squares still to fill and a few squares for each pawn out of place."""
        team = game.state.turn
        rng = self.rng

        def some(pawn: int, m: int) -> list[int]:
            squares = squares_of(m)
            return rng.sample(squares, min(4, len(squares)))

        candidates = placements(game, team, some)
        if len(candidates) == 1 and isinstance(candidates[0], Done):
            return candidates[0]
        before = len(setup_needs(game, team))
        best: tuple[int, Action] | None = None
        for a in candidates:
            left = needs_left(game, team, a)
            if best is None or left < best[0]:
                best = (left, a)
        if best is not None and best[0] < before:
            return best[1]
        return rng.choice(candidates) if candidates else None

    def _play(self, game: Game) -> Action | None:
        rng = self.rng
        st = game.state
        moves = game.legal_pawn_moves()
        ball = game.ball_destinations()
        done = may_press_done(game)
        ahead = 1 if st.turn == 0 else -1
        shots = ball & GOAL_AREA[other(st.turn)]
        if shots:
            return Kick(rng.choice(squares_of(shots)))
        if done and (st.points == 0 or rng.random() < 0.1):
            return Done(st.turn)
        if ball and (rng.random() < 0.4 or not moves):
            ends = squares_of(ball)
            return Kick(max(ends, key=lambda s: rank_of(s) * ahead) if rng.random() < 0.6 else rng.choice(ends))
        if moves and rng.random() < 0.8:
            if st.holder in moves:
                return Step(st.holder, max(squares_of(moves[st.holder]), key=lambda s: (rank_of(s) * ahead,
                                                                                      rng.random())))
            if st.ball >= 0:
                best: tuple[int, int, int] | None = None
                for p, m in moves.items():
                    for r in range(17):
                        near = m & KING_BALL[r][st.ball]
                        if near:
                            if best is None or r < best[0]:
                                best = (r, p, rng.choice(squares_of(near)))
                            break
                if best is not None:
                    return Step(best[1], best[2])
        if moves:
            p = rng.choice(list(moves))
            return Step(p, rng.choice(squares_of(moves[p])))
        if done:
            return Done(st.turn)
        return None

    def roll_for_turn(self, game: Game) -> Roll:
        return Roll(game.state.turn, self.rng.randint(1, 6))


def play_match(game: Game, bot: StbgBot, on_action: Callable[[Action, list[Event]], None] | None = None,
               max_actions: int = 20000) -> int:
    """Play to the end; time passes between actions. Returns the number of actions applied."""
    n = 0
    while not game.is_terminal() and n < max_actions:
        action = bot.next_action(game)
        if action is None:
            st = game.state
            if st.phase == "play" and not st.rolled and not st.star:
                action = bot.roll_for_turn(game)
            else:
                action = Tick(30.0)
        events = game.apply(action)
        n += 1
        if on_action is not None:
            on_action(action, events)
        if not isinstance(action, (Roll, Card, Tick)) or game.state.phase == "play":
            tick = Tick(round(bot.rng.uniform(*bot.seconds), 2))
            events = game.apply(tick)
            n += 1
            if on_action is not None:
                on_action(tick, events)
    return n


def lines_for(game: Game, action: Action) -> list[dict[str, Any]]:
    """The scenario lines a board reports for an action about to be applied to `game`: a holder carrying the
    ball is four raw lines (both lifted, the ball put down, then the holder: S8); other moves are `move` lines."""
    st = game.state
    if isinstance(action, Roll):
        return [{"type": "roll", "die": TEAMS[action.team], "value": action.value}]
    if isinstance(action, Card):
        return [{"type": "card", "card": action.kind}]
    if isinstance(action, Tick):
        return [{"type": "clock", "advance": action.seconds}]
    if isinstance(action, Done):
        return [{"type": "press", "button": "done", "team": TEAMS[action.team]}]
    if isinstance(action, Star):
        return [{"type": "press", "button": f"star_{action.kind}", "team": TEAMS[action.team]}]
    if isinstance(action, Substitution):
        return [{"type": "press", "button": "substitution", "team": TEAMS[action.pawn // 6],
                 "pawn": PAWN_IDS[action.pawn]}]
    if isinstance(action, Hand):
        return [{"type": "hand", "team": TEAMS[action.team], "cards": list(action.cards)}]
    if isinstance(action, Kick):
        return [{"type": "move", "from": name(st.ball), "to": name(action.to), "token": "ball"}]
    if isinstance(action, Step):
        colour = TEAMS[action.pawn // 6]
        frm, to = name(st.sq[action.pawn]), name(action.to)
        if st.phase == "play" and action.pawn == st.holder and st.rolled:
            return [{"type": "lift", "square": frm, "token": colour}, {"type": "lift", "square": frm, "token": "ball"},
                    {"type": "place", "square": to, "token": "ball"}, {"type": "place", "square": to, "token": colour}]
        return [{"type": "move", "from": frm, "to": to, "token": colour}]
    raise ValueError(f"no board lines for {action!r}")


def simulate(seed: int, options: dict[str, Any], on_line: Callable[[dict[str, Any], Any], None] | None = None,
             on_event: Callable[[Event, Core], None] | None = None) -> Core:
    """Play one STBG match through the deterministic core as the board lines a board reports (the daemon's
    path); raises RuntimeError if the core refuses a bot's line. Returns the core at the end of the match."""
    core = Core(SoccerTheBoardGame())
    bot = StbgBot(seed)

    def feed(line: dict[str, Any]) -> None:
        out = core.feed_chosen(line)
        if on_line:
            on_line(line, out)
        for event in out.settled + out.events:
            if on_event:
                on_event(event, core)

    def game() -> Game:
        g = core.game
        if not isinstance(g, Game):
            raise RuntimeError(f"the STBG bots need an STBG game, the core has {g!r}")
        return g

    feed({"type": "setup", "ruleset": "stbg", "formation": "standard", "options": options})
    while not game().is_terminal():
        g = game()
        action = bot.next_action(g)
        if action is None:
            st = g.state
            action = bot.roll_for_turn(g) if st.phase == "play" and not st.rolled and not st.star else Tick(30.0)
        for line in lines_for(g, action):
            feed(line)
        if core.pending is not None:            # let the settle window pass, as on a real board
            feed({"type": "clock", "advance": SETTLE_SECONDS * 2})
        if game().state.phase == "play" and not game().is_terminal():
            feed({"type": "clock", "advance": round(bot.rng.uniform(*bot.seconds), 2)})
    for event in core.finish():
        if on_event:
            on_event(event, core)
    return core

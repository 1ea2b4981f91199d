"""Soccer The Board Game as the searching computer player sees it (controller/players/search_game.py).

A turn is a roll (or a star card instead) and then several decisions in a row by the same team: steps, kicks,
`done`. The roll is chance; so are the rolls both teams make (battles, scoring chances, the roll-off) and the
referee card after a fault. Before its roll a team with a star card it may play decides: the cards, or
LEAVE_TO_CHANCE (roll the die).

The raw count of a turn's actions explodes (six pawns, each to every square within a six, the holder's
dribbles, the kicks: up to ~550), so `choices` lists what a coach would weigh, ~20 to ~150:
- every kick (at most 8 lines of 6 squares) and every star card the rules allow now;
- the holder's dribbles along the 8 straight and diagonal lines, and into an empty goal area;
- for each other player, squares with a purpose: the ball's square (take a loose ball, or the battle), the
  nearest squares to the ball (to press), the nearest square in the corridor between the ball and its own goal
  (to block), the farthest forward along its three forward lines and the farthest back along its file (to
  support or retreat), its own empty goal area (to keep goal);
- `done` when it is allowed, the decider's own substitutions;
- at a set-up, `done` as soon as the set-up allows it, else the placements that leave the fewest needs (the
  ball's squares, the squares still to fill, the four nearest allowed squares of a pawn out of place), as the
  casual bot sets up.
Kicks into the goal area, star cards and steps onto the ball come first, so a search that looks at only the
first choices of a deep node looks at the sharp ones.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from controller.players.levels import LEVELS, Level
from controller.players.search import LEAVE_TO_CHANCE

from . import Card, Done, Game, Kick, Roll, Star, Step, Substitution, Tick, evaluate
from .board import GOAL_AREA, KINDS, at, file_of, king, other, pawns_of, rank_of, squares_of, team_of
from .bot import lines_for as bot_lines_for
from .legal import may_press_done
from .opponent import StbgOpponent
from .setup_choices import needs_left, placements
from .stars import why_not
from .state import BOTH_ROLL, OVER, SETUPS, Phase

Action = Any

THINK_SECONDS = (0.5, 4.0)       # as the casual bot (bot.StbgBot) lets time pass between its actions
NEAREST = 4                      # a set-up's squares tried for a pawn out of place

LEVELS_STBG = {**LEVELS, 4: Level(4, sample=0, depth=1, width=1, nodes=150, temperature=0.0, seconds=0.3)}
"""STBG's levels: level 4 searches only its best choice a decision deeper (a second-best that the deeper look
overtakes is taken on its one-ply value). With the common level 4 (the best two) it was as strong as level 5
(the best four, or two decisions deep at five times the cost): this evaluation stops gaining from width there,
so level 4 stands between level 3 and level 5 (docs/players.md)."""


def _ray_squares() -> list[list[list[int]]]:
    """RAYS[s][d]: the squares from s outward along direction d (the board's 8 directions)."""
    out = []
    for s in range(128):
        rays = []
        for df, dr in ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)):
            f, r, sq = file_of(s), rank_of(s), []
            while 0 <= f + df < 8 and 1 <= r + dr <= 16:
                f, r = f + df, r + dr
                sq.append(at(f, r))
            rays.append(sq)
        out.append(rays)
    return out


RAYS = _ray_squares()
FORWARD = ((0, 1, 7), (4, 3, 5))     # per team: the directions towards the goal it attacks
BACK = (4, 0)                        # per team: straight back along the file


class StbgSearch:
    """The SearchGame of Soccer The Board Game; a team is 0 (red) or 1 (blue)."""

    levels = LEVELS_STBG

    # ----- who acts ---------------------------------------------------------------------------------
    def decider(self, game: Game) -> int | None:
        st = game.state
        if st.phase in OVER or st.phase in BOTH_ROLL or st.phase == Phase.CARD:
            return None
        if st.phase == Phase.PLAY and not st.rolled and not st.star:
            return st.turn if self._stars(game) else None
        return st.turn if self._may_act(game) else None

    def chance(self, game: Game) -> list[tuple[Roll | Card | Tick, float]]:
        outcomes: list[tuple[Roll | Card | Tick, float]] = list(game.chance_outcomes())
        if outcomes or game.is_terminal():
            return outcomes
        # nothing a team may do (no move, no kick, no done allowed): the turn clock runs out
        st = game.state
        return [(Tick(max(0.01, game.options.turn_seconds - st.turn_clock)), 1.0)]

    def value(self, game: Game, team: int) -> float:
        return evaluate.value(game, team)

    def lines_for(self, game: Game, action: Action) -> list[dict[str, Any]]:
        return bot_lines_for(game, action)

    def think_time(self, game: Game, rng: random.Random) -> Tick | None:
        st = game.state
        if game.is_terminal() or not (st.phase == Phase.PLAY or st.phase in SETUPS):
            return None
        return Tick(round(rng.uniform(*THINK_SECONDS), 2))

    def scratch(self, game: Game) -> Game:
        """A copy to search on: the live game's bounded undo history stays whole."""
        return Game(game.state.clone(), game.options)

    def casual(self, team: int, seed: int) -> Callable[[Game], Action | None]:
        """The casual bot (opponent.StbgOpponent) for one team, on the engine: what a ladder plays against."""
        return StbgOpponent(team, seed).choose

    # ----- the choices ---------------------------------------------------------------------------------
    def choices(self, game: Game) -> list[Action]:
        st = game.state
        if st.phase == Phase.PLAY and not st.rolled and not st.star:
            stars: list[Action] = self._stars(game)
            return [*stars, LEAVE_TO_CHANCE] if stars else []
        return self._listed(game)

    def _may_act(self, game: Game) -> bool:
        """Whether the team to act has anything to do (cheaper than listing it)."""
        st = game.state
        t = st.turn
        p = st.sub_pawn[t]
        return (may_press_done(game) or bool(game.ball_destinations()) or bool(game.legal_pawn_moves(first_only=True))
                or (p >= 0 and st.yellow[p] == 1 and st.subs[t] < 3 and not st.sent_off[p]))

    def _stars(self, game: Game) -> list[Star]:
        st = game.state
        return [Star(st.turn, k) for k in KINDS if why_not(game, st.turn, k) is None]

    def _listed(self, game: Game) -> list[Action]:
        st = game.state
        out = self._set_up(game) if st.phase in SETUPS else self._turn(game)
        t = st.turn
        p = st.sub_pawn[t]
        if p >= 0 and st.yellow[p] == 1 and st.subs[t] < 3 and not st.sent_off[p]:
            out.append(Substitution(p))
        return out

    def _turn(self, game: Game) -> list[Action]:
        st = game.state
        team = st.turn
        ball = game.ball_destinations()
        moves = game.legal_pawn_moves()
        if st.star or st.stealer >= 0:        # a star card carried out, or the stealer's first touch
            out: list[Action] = [Kick(s) for s in squares_of(ball)]
            out += [Step(p, s) for p, m in moves.items() for s in squares_of(m)]
            return out
        far = evaluate.GOAL_DISTANCE[team]
        shots = ball & GOAL_AREA[other(team)]
        out = [Kick(s) for s in squares_of(shots)]
        takes = [Step(p, st.ball) for p, m in moves.items() if p != st.holder and st.ball >= 0 and m >> st.ball & 1]
        out += takes
        rest: list[Action] = sorted((Kick(s) for s in squares_of(ball & ~shots)), key=lambda k: far[k.to])
        if st.holder in moves:
            m = moves[st.holder]
            keep = m & GOAL_AREA[other(team)]
            for ray in RAYS[st.sq[st.holder]]:
                for s in ray:
                    if not m >> s & 1:
                        break
                    keep |= 1 << s
            rest += sorted((Step(st.holder, s) for s in squares_of(keep)), key=lambda a: far[a.to])
        done: list[Action] = [Done(team)] if may_press_done(game) else []
        others: list[Action] = []
        for p, m in moves.items():
            if p == st.holder:
                continue
            others += [Step(p, s) for s in squares_of(self._purposeful(game, p, m) & ~(1 << st.ball))]
        return out + rest + done + others

    def _purposeful(self, game: Game, pawn: int, m: int) -> int:
        """The squares with a purpose among those `pawn` may go to (`m`): see the module's doc."""
        st = game.state
        team = team_of(pawn)
        keep = 0
        if st.ball >= 0:
            near = _nearest(m, st.ball, 2)
            keep |= near
            block = m & evaluate.CORRIDOR[other(team)][st.ball]
            if block:
                keep |= _nearest(block, st.sq[pawn], 1)
        here = st.sq[pawn]
        for d in FORWARD[team]:
            keep |= _farthest(m, RAYS[here][d])
        keep |= _farthest(m, RAYS[here][BACK[team]])
        own = GOAL_AREA[team]
        if not any(st.sq[q] >= 0 and own >> st.sq[q] & 1 for q in pawns_of(team)) and m & own:
            keep |= 1 << squares_of(m & own)[0]
        return keep

    def _set_up(self, game: Game) -> list[Action]:
        st = game.state
        team = st.turn
        candidates = placements(game, team, lambda p, m: squares_of(_nearest(m, st.sq[p], NEAREST)))
        if len(candidates) == 1 and isinstance(candidates[0], Done):
            return candidates
        scored = [(needs_left(game, team, a), a) for a in candidates]
        if not scored:
            return [a for a in game.legal_actions() if not isinstance(a, Substitution)]
        least = min(left for left, _ in scored)
        return [a for left, a in scored if left == least]


def _nearest(m: int, square: int, n: int) -> int:
    """Up to `n` squares of `m` nearest `square` (king steps; the lower square first among equals)."""
    ranked = sorted(squares_of(m), key=lambda s: king(s, square))[:n]
    out = 0
    for s in ranked:
        out |= 1 << s
    return out


def _farthest(m: int, ray: list[int]) -> int:
    """The farthest square of `ray` the pawn reaches going straight (a mask of it, 0 if none)."""
    best = 0
    for s in ray:
        if m >> s & 1:
            best = 1 << s
    return best

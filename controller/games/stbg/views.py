"""What the game shows beyond its rules (read-only): the goalie's free shift inside its goal area, the
offside line and the players beyond it, what a set-up still needs, and the LED planner's view of the game
(controller/seam.py LedView: who acts, a kick pending, the points left, the turn clock)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from controller.seam import Fix, LedView
from hal.board import TEAMS

from . import legal
from .board import GOAL_AREA, GOAL_LINE_RANK, OWN_HALF, other, pawns_of, rank_of, team_of
from .reach import pawns_in
from .restarts import allowed_places, setup_needs
from .state import BOTH_ROLL, OVER, SETUPS, Phase, Turn

if TYPE_CHECKING:
    from .match import Match

MUST_KICK = (Turn.KICK_OFF, Turn.FREE_KICK, Turn.CORNER)       # the turn's first ball action is a kick


def goalie_shift(game: Match, pawn: int = -1) -> int:
    """The free square of the goal area of the acting team's goalie (moving there costs nothing); `pawn` >= 0:
    only if it is that goalie."""
    st = game.state
    if st.phase != Phase.PLAY or not st.rolled:
        return 0
    out = 0
    for p in pawns_in(st, st.turn, GOAL_AREA[st.turn]):
        if p != st.holder and pawn in (-1, p):
            out |= GOAL_AREA[st.turn] & ~(1 << st.sq[p])
    return out


def pawn_targets(game: Match, pawn: int) -> int:
    """Where a lifted pawn may be put now: the squares it reaches with the points left (the goalie's free shift
    too), or where a set-up lets it be placed; 0 for a pawn of the team not acting."""
    if team_of(pawn) != game.state.turn:
        return 0
    return legal.pawn_moves(game, pawn=pawn).get(pawn, 0) | goalie_shift(game, pawn)


def kick_pending(game: Match) -> bool:
    """The turn must play the ball before anything else: a kick-off pass, a goal kick, a free kick or corner
    not taken yet, a Pass or Shoot card, a stealer that must move the ball off its square (S23)."""
    st = game.state
    if st.phase != Phase.PLAY:
        return False
    if st.star in ("pass", "shoot"):
        return True
    if not st.rolled or st.star:
        return False
    return st.kind == Turn.GOAL_KICK or (st.kind in MUST_KICK and not st.kicked) or st.stealer >= 0


def led_view(game: Match) -> LedView:
    """The turn clock is the move clock; the points left show while a rolled turn spends them."""
    st = game.state
    ph = st.phase
    deadline = st.now - st.turn_clock + game.options.turn_seconds if ph == Phase.PLAY else -1.0
    if ph in OVER:
        to_act: tuple[int, ...] = ()
    elif ph in BOTH_ROLL:
        to_act = tuple(t for t in (0, 1) if not st.dice[t])
    else:
        to_act = (st.turn,)
    holding = st.holder >= 0 and team_of(st.holder) == st.turn
    points = st.points if ph == Phase.PLAY and st.rolled and not st.star else -1
    return LedView(ph, st.turn if ph not in BOTH_ROLL else -1, st.points, st.ball, ph in SETUPS, deadline, st.turn,
                   st.now, False, GOAL_LINE_RANK, to_act, kick_pending(game), ph == Phase.PLAY and holding, points)


def _attacking(game: Match) -> int:
    st = game.state
    if st.holder >= 0:
        return team_of(st.holder)
    return st.turn if st.phase == Phase.PLAY else -1


def offside_line(game: Match) -> tuple[int, int] | None:
    """(defending team, rank of its last player outside its goal area; the goal line when none, S30)."""
    team = _attacking(game)
    if team < 0:
        return None
    st = game.state
    defend = other(team)
    ranks = [rank_of(st.sq[p]) for p in pawns_of(defend)
             if st.sq[p] >= 0 and not GOAL_AREA[defend] >> st.sq[p] & 1]
    if not ranks:
        return defend, 16 if defend == 1 else 1
    return defend, max(ranks) if defend == 1 else min(ranks)


def offside_positions(game: Match) -> int:
    line = offside_line(game)
    if line is None:
        return 0
    st = game.state
    defend, rank = line
    out = 0
    for p in pawns_of(other(defend)):
        s = st.sq[p]
        if s < 0 or p == st.holder or OWN_HALF[other(defend)] >> s & 1:
            continue
        if (rank_of(s) > rank) if defend == 1 else (rank_of(s) < rank):
            out |= 1 << s
    return out


def restart_fixes(game: Match) -> list[Fix]:
    """What the team setting up still needs, one Fix per token: the ball to its squares, a pawn to move (to the
    squares the set-up allows it), a square to fill (kind `fill`, square -1: any pawn of the team may go)."""
    st = game.state
    if st.phase not in SETUPS:
        return []
    colour = TEAMS[st.turn]
    out: list[Fix] = []
    for need in setup_needs(game, st.turn):
        if need.ball:
            out.append(Fix("ball", "ball", st.ball, need.squares))
        elif need.pawn >= 0:
            out.append(Fix("leave", colour, st.sq[need.pawn], allowed_places(game, need.pawn)))
        else:
            out.append(Fix("fill", colour, -1, need.squares))
    return out

"""What the game shows beyond its rules (read-only): the goalie's free shift inside its goal area, the
offside line and the players beyond it, and what a set-up still needs."""
from __future__ import annotations

from typing import TYPE_CHECKING

from hal.board import TEAMS

from .board import GOAL_AREA, OWN_HALF, other, pawns_of, rank_of, team_of
from .reach import pawns_in
from .restarts import allowed_places, setup_needs
from .state import SETUPS, Phase

if TYPE_CHECKING:
    from .game import Fix, Game


def goalie_shift(game: Game) -> int:
    """The free square of the goal area of the acting team's goalie (moving there costs nothing)."""
    st = game.state
    if st.phase != Phase.PLAY or not st.rolled:
        return 0
    out = 0
    for p in pawns_in(st, st.turn, GOAL_AREA[st.turn]):
        if p != st.holder:
            out |= GOAL_AREA[st.turn] & ~(1 << st.sq[p])
    return out


def _attacking(game: Game) -> int:
    st = game.state
    if st.holder >= 0:
        return team_of(st.holder)
    return st.turn if st.phase == Phase.PLAY else -1


def offside_line(game: Game) -> tuple[int, int] | None:
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


def offside_positions(game: Game) -> int:
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


def restart_fixes(game: Game) -> list[Fix]:
    """What the team setting up still needs, one Fix per token: the ball to its squares, a pawn to move (to the
    squares the set-up allows it), a square to fill (kind `fill`, square -1: any pawn of the team may go)."""
    from .game import Fix
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

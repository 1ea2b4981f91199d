"""Where pieces may go for a number of points (no state changes here): a player's squares, the holder's
squares (it may not enter an opponent's square), the ball's kick lines, the goal kick, offside.

Squares are sets of bits; the listings the LEDs and the bots read are built from the same checks
the engine applies, so what is listed is what `apply` accepts.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .board import (
    ALL,
    ANY_GOAL_AREA,
    DIRECTIONS,
    GOAL_AREA,
    OWN_HALF,
    at,
    cost,
    file_of,
    goal_area_mates,
    on_board,
    other,
    pawns_of,
    rank_of,
    squares_of,
    team_of,
)

if TYPE_CHECKING:
    from .state import State


def _ball_of(radius: int) -> list[int]:
    out = []
    for s in range(128):
        f0, r0 = file_of(s), rank_of(s)
        m = 0
        for f in range(max(0, f0 - radius), min(7, f0 + radius) + 1):
            for r in range(max(1, r0 - radius), min(16, r0 + radius) + 1):
                m |= 1 << at(f, r)
        out.append(m)
    return out


KING_BALL = [_ball_of(r) for r in range(17)]
"""KING_BALL[r][s]: the squares at most r king steps from s."""
NEIGHBOURS = [KING_BALL[1][s] & ~(1 << s) for s in range(128)]


def team_mask(st: State, team: int) -> int:
    m = 0
    for p in pawns_of(team):
        if st.sq[p] >= 0:
            m |= 1 << st.sq[p]
    return m


def pawn_at(st: State, team: int, square: int) -> int:
    for p in pawns_of(team):
        if st.sq[p] == square:
            return p
    return -1


def pawns_in(st: State, team: int, area: int) -> list[int]:
    return [p for p in pawns_of(team) if st.sq[p] >= 0 and area >> st.sq[p] & 1]


def on_board_count(st: State, team: int) -> int:
    return sum(1 for p in pawns_of(team) if st.sq[p] >= 0)


def within(square: int, points: int) -> int:
    """Squares a player on `square` reaches in at most `points` steps, a goal area being one space."""
    m = 0
    for s in squares_of(goal_area_mates(square)):
        m |= KING_BALL[min(points, 16)][s]
    for area in GOAL_AREA:
        if m & area:
            m |= area
    return m


def space_clash(st: State, pawn: int, to: int) -> bool:
    """Whether a team-mate already stands in the space `to` (a goal area is one space, S1)."""
    return bool(clash_mask(st, pawn) >> to & 1)


def clash_mask(st: State, pawn: int) -> int:
    """The squares the pawn may not end on because a team-mate holds that space (a goal area is one)."""
    m = 0
    for q in pawns_of(team_of(pawn)):
        s = st.sq[q]
        if q != pawn and s >= 0:
            m |= goal_area_mates(s)
    return m


def holder_distances(st: State, holder: int, limit: int) -> dict[int, int]:
    """Fewest steps of the holder to each square it may end on within `limit` (S5): it never enters an
    opponent's square, crosses no goal area, never enters its own; the opponents' goal area is a last
    step, and only while no opponent stands in it (it is one space). A breadth-first search on bit masks, a
    step's squares at a time."""
    team = team_of(holder)
    opp = team_mask(st, other(team))
    blocked = opp | ANY_GOAL_AREA
    seen = goal_area_mates(st.sq[holder])
    frontier = seen
    out: dict[int, int] = {}
    opp_area = GOAL_AREA[other(team)]
    into = 0 if opp_area & opp else opp_area
    for d in range(1, limit + 1):
        new = grow(frontier) & ~seen
        if not new:
            break
        frontier = new & ~blocked
        reached = frontier | (new & into)
        seen |= reached
        for s in squares_of(reached):
            out[s] = d
    return out


_NOT_A = ALL & ~sum(1 << (r * 8) for r in range(16))
_NOT_H = ALL & ~sum(1 << (r * 8 + 7) for r in range(16))


def grow(m: int) -> int:
    """The squares of `m` and every square next to one of them (king steps)."""
    row = m | ((m << 1) & _NOT_A) | ((m >> 1) & _NOT_H)
    return (row | (row << 8) | (row >> 8)) & ALL


def offside(st: State, team: int, receiver_square: int) -> bool:
    """Whether a team-mate on that square is offside (S10, S30): nearer to the opponents' goal line than
    their last player outside their goal area, and in the opponents' half; level is onside."""
    defend = other(team)
    if OWN_HALF[team] >> receiver_square & 1:
        return False
    ranks = [rank_of(st.sq[p]) for p in pawns_of(defend)
             if st.sq[p] >= 0 and not GOAL_AREA[defend] >> st.sq[p] & 1]
    if not ranks:
        return False
    r = rank_of(receiver_square)
    return r > max(ranks) if defend == 1 else r < min(ranks)


def kick_ends(st: State, team: int, start: int, points: int, exact_line: bool = True) -> dict[int, str]:
    """The squares a kick from `start` may end on within `points`, and what it becomes there: 'loose',
    'pass', 'lost' (a lone opponent takes it) or 'chance' (the opponents' goal area). The ball follows a
    straight or diagonal line, passes over team-mates, never over an opponent, enters no goal area but as a
    chance (S9, S28, S31); a pass to an offside team-mate is left out (S10)."""
    own, opp = team_mask(st, team), team_mask(st, other(team))
    out: dict[int, str] = {}
    for df, dr in DIRECTIONS:
        f, r = file_of(start), rank_of(start)
        for _k in range(points):
            f, r = f + df, r + dr
            if not on_board(f, r):
                break
            s = at(f, r)
            if ANY_GOAL_AREA >> s & 1:
                if GOAL_AREA[other(team)] >> s & 1:
                    out[s] = "chance"
                break
            bit = 1 << s
            if opp & bit:
                if not own & bit:
                    out[s] = "lost"
                break
            if own & bit:
                if not offside(st, team, s):
                    out[s] = "pass"
            else:
                out[s] = "loose"
    return out


def goal_kick_ends(st: State, team: int, points: int) -> dict[int, str]:
    """Where a goal kick of `points` from either square of the goal area stops: at the first pawn of either
    team on its line (that pawn holds it), at the touch line, or when the points are spent."""
    own, opp = team_mask(st, team), team_mask(st, other(team))
    area = GOAL_AREA[team]
    out: dict[int, str] = {}
    for start in squares_of(area):
        for df, dr in DIRECTIONS:
            f, r = file_of(start), rank_of(start)
            end, what = -1, ""
            for _k in range(points):
                if not on_board(f + df, r + dr):
                    break
                f, r = f + df, r + dr
                s = at(f, r)
                if area >> s & 1:
                    continue
                end, what = s, "loose"
                bit = 1 << s
                if (own | opp) & bit:
                    what = "mixed" if own & opp & bit else ("pass" if own & bit else "lost")
                    break
            if end < 0 or what == "mixed" or (what == "pass" and offside(st, team, end)):
                continue
            out.setdefault(end, what)
    return out


def clear_line(st: State, between: list[int]) -> bool:
    """No pawn of either side on the squares between (a star card's line)."""
    occupied = team_mask(st, 0) | team_mask(st, 1)
    return not any(occupied >> s & 1 for s in between)


def nearest_to_ball(st: State, team: int) -> list[int]:
    """The team's players nearest the ball in king steps (S13: the team chooses among equals)."""
    pawns = [p for p in pawns_of(team) if st.sq[p] >= 0]
    if not pawns or st.ball < 0:
        return []
    best = min(cost(st.sq[p], st.ball) for p in pawns)
    return [p for p in pawns if cost(st.sq[p], st.ball) == best]


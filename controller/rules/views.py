"""What the game shows beyond its rules: the views the LED planner and the dashboard read (legal ball
and dribble squares, the offside line and the pawns beyond it, a set-up's zone and what it still needs).

Read-only: nothing here changes the state.
"""
from __future__ import annotations

from controller.ruleset import Fix as Fix
from controller.ruleset import LedView as LedView

from . import geometry as g
from . import legal, setpieces
from .base import Match
from .phase import BALL_PHASES
from .pieces import N_PAWNS, TEAMS, is_keeper, other, pawns_of, team_of


def led_view(game: Match) -> LedView:
    st = game.state
    ends = game.profile.ends
    return LedView(st.phase, st.actor, st.roll, (st.dice[0], st.dice[1]), st.restart is not None,
                   st.move_deadline, st.move_team, st.now, st.paused, (ends[0].goal_rank, ends[1].goal_rank))


def ball_destinations(game: Match) -> int:
    st = game.state
    return legal.ball_targets(game) if st.phase in BALL_PHASES and st.roll else 0


def dribble_destinations(game: Match) -> int:
    st = game.state
    return legal.dribble_targets(game) if st.phase in BALL_PHASES and st.roll else 0


def offside_line(game: Match) -> tuple[int, int] | None:
    """(defending team, rank of its last field player, C8) for the team on offence now."""
    st = game.state
    if st.offense < 0:
        return None
    defend = other(st.offense)
    end = game.profile.ends[defend]
    ranks = [g.rank_of(st.sq[p]) for p in pawns_of(defend)
             if not is_keeper(p) and st.sq[p] >= 0 and not st.sent_off[p]]
    if not ranks:
        return defend, end.goal_rank
    return defend, (min(ranks) if end.goal_rank == 1 else max(ranks))


def offside_positions(game: Match) -> int:
    """Squares of O-team pawns standing in an offside position now (rule 7, C8, C14 own half)."""
    line = offside_line(game)
    if line is None:
        return 0
    st = game.state
    defend, rank = line
    end = game.profile.ends[defend]
    out = 0
    for p in pawns_of(other(defend)):
        s = st.sq[p]
        if s < 0 or st.sent_off[p] or p == st.holder or not end.own_half >> s & 1:
            continue
        r = g.rank_of(s)
        if (r < rank) if end.goal_rank == 1 else (r > rank):
            out |= 1 << s
    return out


def restart_zone(game: Match) -> int:
    return setpieces.zone(game) if game.state.restart is not None else 0


def restart_fixes(game: Match) -> list[Fix]:
    st = game.state
    r = st.restart
    if r is None:
        return []
    out: list[Fix] = []
    if not setpieces.ball_ok(game):
        out.append(Fix("ball", "ball", st.ball, r.ball_squares))
    if setpieces.kicker_in_place(game) == -1:
        for p in r.kickers:
            if setpieces.active(game, p) and setpieces.may_place(game, p):
                out.append(Fix("kicker", TEAMS[team_of(p)], st.sq[p], setpieces.kicker_targets(game, p)))
    for p in range(N_PAWNS):
        if setpieces.active(game, p) and setpieces.must_leave(game, p) and setpieces.may_place(game, p):
            out.append(Fix("leave", TEAMS[team_of(p)], st.sq[p], setpieces.leave_targets(game, p)))
        elif st.sent_off[p] and st.sq[p] >= 0:
            out.append(Fix("lift_off", TEAMS[team_of(p)], st.sq[p], 0))
    return out

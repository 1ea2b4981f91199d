"""What the game shows beyond its rules: the views the LED planner and the dashboard read (legal ball
and dribble squares, the offside line and the pawns beyond it, a set-up's zone and what it still needs).

Read-only: nothing here changes the state.
"""
from __future__ import annotations

from controller.seam import Fix as Fix
from controller.seam import LedView as LedView

from . import geometry as g
from . import legal, restarts
from .actions import MovePawn
from .base import Match
from .phase import BALL_PHASES, BOTH_ROLL_PHASES, MOVE_PHASES, OFFSIDE_PHASES, SETUP_PHASES, Phase
from .pieces import N_PAWNS, TEAMS, is_keeper, other, pawns_of, team_of


def led_view(game: Match) -> LedView:
    st = game.state
    ends = game.profile.ends
    ph = st.phase
    return LedView(ph, st.actor, st.roll, st.ball, st.restart is not None, st.move_deadline, st.move_team,
                   st.now, st.paused, (ends[0].goal_rank, ends[1].goal_rank), _teams_to_act(game),
                   ph in BALL_PHASES and st.roll > 0, ph in OFFSIDE_PHASES)


def _teams_to_act(game: Match) -> tuple[int, ...]:
    """Both teams when both must roll (those still to), none at full time or at a set-up that waits on both."""
    st = game.state
    ph = st.phase
    if ph == Phase.FULL_TIME or (ph in SETUP_PHASES and st.actor < 0):     # a penalty set-up goes in turns
        return ()
    if ph in BOTH_ROLL_PHASES:
        return tuple(t for t in (0, 1) if not st.dice[t])
    return (st.actor,) if st.actor >= 0 else ()


def pawn_targets(game: Match, pawn: int) -> int:
    """Where a lifted pawn may be put now: its legal moves for the pending roll, the D-team keeper's step
    without one, its corner placements; 0 when it may not move (the other team's pawn, ball play: the holder's
    dribble squares are lit as ball play, a set-up: its guidance is the set-up's own)."""
    st = game.state
    ph = st.phase
    if ph in MOVE_PHASES:
        if team_of(pawn) != st.actor:
            return 0
        if st.roll:
            return legal.pawn_moves(game, pawn=pawn).get(pawn, 0)
        return legal.keeper_step_targets(game) if is_keeper(pawn) else 0
    if ph == Phase.CORNER_PLACEMENT:
        out = 0
        for a in legal.actions(game):
            if isinstance(a, MovePawn) and a.pawn == pawn:
                out |= 1 << a.to
        return out
    return 0


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


def exclusion_zone(game: Match) -> int:
    return restarts.zone(game) if game.state.restart is not None else 0


def restart_fixes(game: Match) -> list[Fix]:
    st = game.state
    r = st.restart
    if r is None:
        return []
    out: list[Fix] = []
    if not restarts.ball_ok(game):
        out.append(Fix("ball", "ball", st.ball, r.ball_squares))
    if restarts.kicker_in_place(game) == -1:
        for p in r.kickers:
            if restarts.active(game, p) and restarts.may_place(game, p):
                out.append(Fix("kicker", TEAMS[team_of(p)], st.sq[p], restarts.kicker_targets(game, p)))
    for p in range(N_PAWNS):
        if restarts.active(game, p) and restarts.must_leave(game, p) and restarts.may_place(game, p):
            out.append(Fix("leave", TEAMS[team_of(p)], st.sq[p], restarts.leave_targets(game, p)))
        elif st.sent_off[p] and st.sq[p] >= 0:
            out.append(Fix("lift_off", TEAMS[team_of(p)], st.sq[p], 0))
    return out

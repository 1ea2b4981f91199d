"""The player actions allowed now, built from the same checks `apply` makes: for a turn, every square
each pawn reaches with the points left, every kick, `done`; at a set-up, every allowed placement."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, Done, Kick, Star, Step, Substitution
from .board import GOAL_AREA, KINDS, pawns_of, squares_of, team_of
from .reach import clash_mask, goal_kick_ends, holder_distances, kick_ends, team_mask, within
from .restarts import allowed_places, ball_places, setup_todo
from .stars import pass_targets, shoot_targets, stealers, why_not
from .state import SETUPS, Phase, Turn

if TYPE_CHECKING:
    from .match import Match


def pawn_moves(game: Match, first_only: bool = False, pawn: int = -1) -> dict[int, int]:
    """Pawn -> mask of squares it may be moved to now."""
    st = game.state
    out: dict[int, int] = {}
    pawns = [p for p in pawns_of(st.turn) if st.sq[p] >= 0 and pawn in (-1, p)]
    if st.phase in SETUPS:
        for p in pawns:
            m = allowed_places(game, p)
            if m:
                out[p] = m
                if first_only:
                    break
        return out
    if st.phase != Phase.PLAY:
        return out
    if st.star == "steal":
        return {p: 1 << st.ball for p in stealers(st, st.turn) if p in pawns}
    if st.star or not st.rolled or st.kind == Turn.GOAL_KICK or (st.kind == Turn.KICK_OFF and not st.kicked):
        return out
    team = st.turn
    own = team_mask(st, team)
    for p in pawns:
        if st.stealer >= 0 and p != st.stealer:
            continue
        if p == st.holder:
            if st.kind in (Turn.FREE_KICK, Turn.CORNER) and not st.kicked:
                continue
            m = 0
            for s, d in holder_distances(st, p, st.points).items():
                if d <= st.points:
                    m |= 1 << s
            m &= ~own & ~GOAL_AREA[team]
        else:
            m = within(st.sq[p], st.points) & ~own
            if st.holder < 0 and p == st.barred and st.ball >= 0:
                m &= ~(1 << st.ball)
        m &= ~clash_mask(st, p) & ~(1 << st.sq[p])
        if m:
            out[p] = m
            if first_only:
                break
    return out


def ball_moves(game: Match) -> int:
    """Squares the ball may be kicked or put on now."""
    st = game.state
    team = st.turn
    if st.phase in SETUPS:
        return ball_places(game)
    if st.phase != Phase.PLAY:
        return 0
    if st.star == "pass":
        return pass_targets(st, team)
    if st.star == "shoot":
        return shoot_targets(st, team)
    if st.star or not st.rolled or st.holder < 0 or team_of(st.holder) != team:
        return 0
    if st.kind == Turn.GOAL_KICK:
        ends = goal_kick_ends(st, team, st.points)
    else:
        ends = kick_ends(st, team, st.ball, st.points)
        if st.kind == Turn.KICK_OFF and not st.kicked:
            ends = {s: w for s, w in kick_ends(st, team, st.ball, 1).items() if w == "pass"}
    m = 0
    for s in ends:
        m |= 1 << s
    return m


def may_press_done(game: Match) -> bool:
    st = game.state
    if st.phase in SETUPS:
        return not setup_todo(game, st.turn)
    if st.phase != Phase.PLAY or st.star or not st.rolled or st.stealer >= 0 or st.kind == Turn.GOAL_KICK:
        return False
    if st.kind == Turn.KICK_OFF and not st.kicked:
        return False
    return not (st.kind in (Turn.FREE_KICK, Turn.CORNER) and not st.kicked and ball_moves(game))


def actions(game: Match) -> list[Action]:
    st = game.state
    out: list[Action] = []
    if st.phase in (Phase.PLAY, *SETUPS):
        if st.phase == Phase.PLAY and not st.rolled and not st.star:
            out += [Star(st.turn, k) for k in KINDS if why_not(game, st.turn, k) is None]
        out += [Kick(s) for s in squares_of(ball_moves(game))]
        for p, m in pawn_moves(game).items():
            out += [Step(p, s) for s in squares_of(m)]
        if may_press_done(game):
            out.append(Done(st.turn))
    if st.phase not in (Phase.FULL_TIME, Phase.ABANDONED):
        for t in (0, 1):
            p = st.sub_pawn[t]
            if p >= 0 and st.yellow[p] == 1 and st.subs[t] < 3:
                out.append(Substitution(p))
    return out

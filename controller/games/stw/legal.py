"""What may be played now: the pawn moves for the pending roll, the keeper's steps, the ball's squares and
the holder's dribble, and the list of every player action.

Read-only. The rules ask the same questions (may any pawn make this roll? is there a ball play?) as the
LED planner, the tracker and the bots.
"""
from __future__ import annotations

from . import geometry as g
from . import restarts
from .actions import Action, Dribble, MoveBall, MovePawn, Press
from .base import Match
from .moves import ball_destinations, die_destinations, keeper_steps, region
from .phase import BALL_PHASES, MOVE_PHASES, SETUP_PHASES, Phase
from .pieces import TEAMS, is_keeper, keeper_of, other, pawns_of
from .reach import ball_transit

FIELD_PLAYERS = tuple(tuple(p for p in pawns_of(t) if not is_keeper(p)) for t in range(len(TEAMS)))
"""Each team's pawns that may move with a die (the keeper never does, rule 6A)."""


def pawn_moves(game: Match, first_only: bool = False, pawn: int = -1) -> dict[int, int]:
    """For the pending roll: pawn -> mask of its legal destinations (Game.legal_pawn_moves)."""
    st = game.state
    out: dict[int, int] = {}
    if not st.roll or st.phase not in MOVE_PHASES:
        return out
    occ, sq, sent_off, n = game.occ, st.sq, st.sent_off, st.roll
    skip = st.holder if st.phase == Phase.OFFENSIVE_SET else -1
    barred = st.barred if st.phase == Phase.CAPTURE else -1
    field = FIELD_PLAYERS[st.actor]
    for p in field if pawn < 0 else (pawn,) if pawn in field else ():
        if sq[p] < 0 or sent_off[p] or p == skip:
            continue
        dest = die_destinations(sq, occ, p, n)
        if p == barred:
            dest &= ~(1 << st.ball_sq)
        if dest:
            out[p] = dest
            if first_only:
                break
    return out


def keeper_available(game: Match, team: int) -> bool:
    k = keeper_of(team)
    return game.state.sq[k] >= 0 and not game.state.sent_off[k]


def keeper_step_targets(game: Match) -> int:
    """The D-team keeper's steps, its move instead of a roll during capture attempts and the answer."""
    st = game.state
    if st.phase not in (Phase.CAPTURE, Phase.ANSWER) or st.actor == st.offense or st.roll:
        return 0
    if not keeper_available(game, st.actor):
        return 0
    return keeper_steps(st.sq, game.occ, keeper_of(st.actor))


def ball_rules(game: Match) -> tuple[int, int]:
    """(forward, allowed) for the coming ball play: every step forward and across the centre line at
    a kick-off (C2), out of the penalty area from a goal kick (rule 6C)."""
    st = game.state
    if st.phase == Phase.KICK_OFF:
        return (1 if st.offense == 0 else -1), game.profile.ends[other(st.offense)].own_half
    if st.kick == "goal_kick":
        return 0, ~game.profile.ends[st.offense].penalty_area & g.ALL
    return 0, g.ALL


def ball_targets(game: Match) -> int:
    """Where the ball may be played for the pending roll (phase and roll not checked)."""
    st = game.state                  # ball_rules inlined: this runs at every ball roll and play
    if st.phase == Phase.KICK_OFF:
        end = game.profile.ends[other(st.offense)]
        return ball_destinations(st.ball, st.roll, 1 if st.offense == 0 else -1, end.own_half)
    if st.kick == "goal_kick":
        return ball_destinations(st.ball, st.roll, 0, ~game.profile.ends[st.offense].penalty_area & g.ALL)
    return ball_destinations(st.ball, st.roll)


def ball_transit_squares(game: Match) -> int:
    """Squares the ball crosses on its way to a legal destination (Game.ball_transit_squares)."""
    st = game.state
    if st.phase not in BALL_PHASES or not st.roll:
        return 0
    forward, allowed = ball_rules(game)
    return ball_transit(st.ball, st.roll, forward, ball_destinations(st.ball, st.roll, forward, allowed))


def dribble_targets(game: Match) -> int:
    """Rule 4C: where the holder may step with the ball on a roll of 1 (phase not checked)."""
    st = game.state
    holder = st.holder
    if st.roll != 1 or holder < 0 or is_keeper(holder) or st.phase == Phase.KICK_OFF or st.kick:
        return 0
    if holder == st.kicker:          # rule 10: a set piece's taker plays the ball away before touching it again
        return 0
    occ = game.occ
    return (g.neighbourhood(st.ball) & ~(1 << st.ball) & region(holder, game.profile)
            & ~occ.forbidden(holder, st.sq) & ~occ.physical[st.offense])


def actions(game: Match) -> list[Action]:
    """Every player action allowed now (Game.legal_actions)."""
    st = game.state
    ph = st.phase
    out: list[Action] = []
    if ph in MOVE_PHASES:
        for p, mask in pawn_moves(game).items():
            out.extend(MovePawn(p, s) for s in g.squares_of(mask))
        k = keeper_step_targets(game)
        out.extend(MovePawn(keeper_of(st.actor), s) for s in g.squares_of(k))
        if restarts.may_decline(game):
            out.append(Press("decline"))
    elif ph in BALL_PHASES and st.roll:
        out.extend(MoveBall(s) for s in g.squares_of(ball_targets(game)))
        out.extend(Dribble(s) for s in g.squares_of(dribble_targets(game)))
    elif ph in SETUP_PHASES:
        out.extend(restarts.setup_actions(game))
    elif ph == Phase.CORNER_PLACEMENT:
        out.extend(restarts.placement_actions(game))
        out.append(Press("confirm"))
    return out

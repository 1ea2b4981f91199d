"""Set pieces (rules 6C, 8, 9B, 9C, 10): free kicks, goal kicks, corners and penalty kicks.

A set piece is a Restart: what the position must become (ball square, kicker, zones to clear).
While it is being set up, a move is legal when it fixes something the restart requires; when nothing
is left to fix, play restarts by itself. The LEDs show the same requirements to the players.
"""
from __future__ import annotations

from controller.i18n import Say, named_pawn, say

from . import flow
from . import geometry as g
from .actions import Action, MoveBall, MovePawn, Press, RemovePawn
from .base import Match
from .errors import Illegal
from .moves import explain_destination, region
from .phase import Phase
from .pieces import N_PAWNS, TEAMS, is_keeper, keeper_of, other, pawn_id, pawns_of, team_of
from .state import GameState, Offside, Restart

PLACEMENTS_PER_TEAM = 3


# ----- awarding ----------------------------------------------------------------------------------
def award_free_kick(game: Match, team: int, square: int, kickers: tuple[int, ...], zone_team: int,
                    declinable: bool = False, resume: GameState | None = None) -> None:
    st = game.state
    game._emit("free_kick", team=TEAMS[team], square=g.name(square) if square >= 0 else None)
    st.offense = team
    if st.time_up and not declinable:
        return flow.end_period(game)
    balls = 1 << square if square >= 0 else game.profile.centre_circle
    r = Restart("free_kick", team, balls, kickers, zone_team=zone_team, declinable=declinable, square=square)
    _begin_restart(game, r, Phase.FREE_KICK_SETUP, resume)


def award_penalty(game: Match, fouled: int) -> None:
    st = game.state
    team = team_of(fouled)
    end = game.profile.ends[other(team)]
    near = (3, 4) if end.goal_rank == 1 else (13, 14)
    band = g.rect(0, near[0], 7, near[1]) & ~end.penalty_area
    r = Restart("penalty", team, end.penalty_spot, (fouled,), kicker_squares=end.penalty_arc,
                clear_team=2, clear_area=end.penalty_area, clear_to=band & ~end.penalty_arc,
                arc_clear=end.penalty_arc, keeper_home=other(team))
    st.offense = team
    _begin_restart(game, r, Phase.PENALTY_SETUP)
    if st.phase == Phase.PENALTY_SETUP:
        _next_setup_placer(game, team)        # rule 9B, C19: the fouling team places first


def award_goal_kick(game: Match) -> None:
    st = game.state
    d_team = other(st.offense)
    end = game.profile.ends[d_team]
    keeper = keeper_of(d_team)
    kickers = (keeper,) if active(game, keeper) else tuple(p for p in pawns_of(d_team) if active(game, p))
    r = Restart("goal_kick", d_team, end.goal_area, kickers, clear_team=st.offense,
                clear_area=end.penalty_area, clear_to=g.border(end.penalty_area))
    st.offense = d_team
    _begin_restart(game, r, Phase.GOAL_KICK_SETUP)


def award_corner(game: Match) -> None:
    """Rule 8, C9: the corner on the side of the shot (files a-d: the a corner, e-h: the h corner)."""
    st = game.state
    end = game.profile.ends[other(st.offense)]
    corner = end.corners[0] if g.file_of(st.shot_square) <= 3 else end.corners[-1]
    game._emit("corner_kick", team=TEAMS[st.offense], square=g.name(corner), pawn=pawn_id(st.shooter))
    st.chance_live = True
    r = Restart("corner", st.offense, 1 << corner, (), zone_team=other(st.offense),
                keeper_home=other(st.offense), shooter=st.shooter)
    _begin_restart(game, r, Phase.CORNER_SETUP)


def minor_foul(game: Match, offender: int, reason: str, pawn: int = -1, square: int = -1) -> None:
    """Rule 9C, C17: a free kick from a centre-circle square, taken by one of the offended team's field
    players; the O-team may decline one awarded to it (C18: play goes on from before the foul)."""
    st = game.state
    offended = other(offender)
    where = {"pawn": pawn_id(pawn), "square": g.name(square)} if pawn >= 0 else \
        {"square": g.name(square)} if square >= 0 else {}
    game._emit("foul", team=TEAMS[offender], kind="minor", reason=reason, **where)
    declinable = offended == st.offense and st.phase not in (Phase.FREE_KICK_SETUP, Phase.GOAL_KICK_SETUP,
                                                             Phase.CORNER_SETUP, Phase.PENALTY_SETUP)
    resume = st.clone() if declinable else None
    kickers = tuple(p for p in pawns_of(offended) if active(game, p) and not is_keeper(p)) or \
        tuple(p for p in pawns_of(offended) if active(game, p))
    award_free_kick(game, offended, -1, kickers, zone_team=offender, declinable=declinable, resume=resume)


def may_decline(game: Match) -> bool:
    """Rule 9C: the offended O-team may decline its free kick until the kick is taken, that is while it is
    set up and, once nothing is left to fix (at once when nothing was), until the first roll of its set."""
    st = game.state
    if st.resume is None:
        return False
    if st.phase == Phase.FREE_KICK_SETUP:
        return st.restart is not None and st.restart.declinable
    return st.phase == Phase.OFFENSIVE_SET and st.roll == 0


def decline(game: Match) -> None:
    """C18: back to the position before the foul; the caller then lapses the foul's move (C4)."""
    st = game.state
    assert st.resume is not None       # a declinable free kick keeps the position to return to
    resume = st.resume.clone()         # a copy: the kept position stays as it was for an undo
    game._emit("free_kick_declined", team=TEAMS[st.offense])
    resume.now, resume.elapsed, resume.time_up = st.now, st.elapsed, st.time_up
    resume.move_deadline = -1.0
    game.state = resume
    game._moved()


def _restart(game: Match) -> Restart:
    """The restart being set up (only asked while there is one)."""
    r = game.state.restart
    assert r is not None
    return r


def _begin_restart(game: Match, r: Restart, phase: Phase, resume: GameState | None = None) -> None:
    st = game.state
    taker = st.shooter
    if taker >= 0 and st.sq[taker] < 0 and not st.sent_off[taker] and st.ball >= 0 and \
            not game.occ.physical[team_of(taker)] >> st.ball & 1:
        st.sq[taker] = st.ball            # a corner taker still off the pitch steps on where the ball is
        game._moved()
    st.restart, st.phase, st.actor, st.roll, st.dice = r, phase, -1, 0, [0, 0]
    st.holder, st.passes, st.move_deadline = -1, 0, -1.0
    st.reset_deadline = st.now + game.options.reset_seconds
    st.resume, st.kick, st.kicker, st.barred, st.offside = resume, "", -1, -1, Offside()
    check_restart(game)


# ----- what the restart still needs -------------------------------------------------------------------
def active(game: Match, p: int) -> bool:
    return game.state.sq[p] >= 0 and not game.state.sent_off[p]


def ball_ok(game: Match) -> bool:
    st = game.state
    return st.ball >= 0 and bool(_restart(game).ball_squares >> st.ball & 1)


def zone(game: Match) -> int:
    """The squares around the ball the zone team keeps out of (0 while the ball is not in place)."""
    if _restart(game).zone_team < 0 or not ball_ok(game):
        return 0
    return g.neighbourhood(game.state.ball)


def _kicker_spot(game: Match) -> int:
    r = _restart(game)
    if r.kicker_squares:
        return r.kicker_squares
    return 1 << game.state.ball if ball_ok(game) else 0


def kicker_in_place(game: Match) -> int:
    """The kicker standing where it must (-2: this restart needs none, -1: not yet)."""
    r = _restart(game)
    if not r.kickers:
        return -2
    spot = _kicker_spot(game)
    for p in r.kickers:
        if active(game, p) and spot >> game.state.sq[p] & 1:
            return p
    return -1


def must_leave(game: Match, p: int, s: int | None = None) -> int:
    """Where pawn p must go if it stands (at s) where the restart forbids; 0 when it may stay."""
    st, r = game.state, _restart(game)
    s = st.sq[p] if s is None else s
    team = team_of(p)
    if p in r.kickers:
        return 0
    if team == r.zone_team and zone(game) >> s & 1:
        return g.ring(st.ball, 1)
    if r.kind == "corner" and p != r.shooter and ball_ok(game) and s == st.ball:
        return g.neighbourhood(st.ball, 2) & ~(1 << st.ball)    # the corner square is the taker's
    arc = r.arc_clear if team == r.team else 0      # rule 9B: no D-team pawn on the arc; the O-team may stand there
    if r.clear_team in (team, 2) and (r.clear_keepers or not is_keeper(p)) and r.clear_area >> s & 1:
        return r.clear_to | arc
    if r.arc_clear >> s & 1 and team != r.team:
        return r.clear_to
    if r.keeper_home == team and is_keeper(p) and not game.profile.ends[team].goal_area >> s & 1:
        return game.profile.ends[team].goal_area
    return 0


def leave_targets(game: Match, p: int) -> int:
    """Free squares where a pawn that must leave may go; anywhere allowed if the usual ones are full."""
    free = ~game.occ.physical[team_of(p)] & g.ALL & region(p, game.profile)
    wanted = must_leave(game, p) & free
    ok = 0
    for s in g.squares_of(wanted):
        if not must_leave(game, p, s):
            ok |= 1 << s
    if ok:
        return ok
    for s in g.squares_of(free):
        if not must_leave(game, p, s):
            ok |= 1 << s
    return ok


def kicker_targets(game: Match, p: int) -> int:
    spot = _kicker_spot(game) or _restart(game).ball_squares
    return spot & region(p, game.profile) & ~game.occ.physical[team_of(p)]


def pending(game: Match) -> list[Say]:
    """What is still to do, in words (for the snapshot, LEDs and rejection messages): each item a `say`, so the
    page says it in its reader's language while the snapshot's English stays as programs read it."""
    st, r = game.state, _restart(game)
    todo = []
    if not ball_ok(game):
        todo.append(say("ball to {squares}", squares=[g.name(s) for s in g.squares_of(r.ball_squares)]))
    if kicker_in_place(game) == -1:
        kickers = [named_pawn(pawn_id(p)) for p in r.kickers[:3]] + (["..."] if len(r.kickers) > 3 else [])
        todo.append(say("kicker ({pawns}) onto its spot", pawns=kickers))
    for p in range(N_PAWNS):
        if active(game, p) and must_leave(game, p):
            todo.append(say("{pawn} off {square}", pawn=named_pawn(pawn_id(p)), square=g.name(st.sq[p])))
        elif st.sent_off[p] and st.sq[p] >= 0:
            todo.append(say("lift sent-off {pawn} from {square}", pawn=named_pawn(pawn_id(p)), square=g.name(st.sq[p])))
    return todo


def check_restart(game: Match) -> None:
    """Play restarts by itself once nothing is left to fix."""
    if not pending(game):
        _complete_restart(game)


def _placing_left(game: Match, team: int) -> bool:
    """Whether `team` still has a pawn to place in this set-up (one to move away, or its kicker)."""
    r = _restart(game)
    if team == r.team and kicker_in_place(game) == -1 and any(
            active(game, p) and kicker_targets(game, p) for p in r.kickers):
        return True
    return any(active(game, p) and must_leave(game, p) for p in pawns_of(team))


def _next_setup_placer(game: Match, last: int) -> None:
    """Penalty set-up (rule 9B, C19): the teams place in turn, the other team after `last`; a team with
    nothing left to place lets the other go on; -1 when no pawn is left to place (only the ball)."""
    st = game.state
    for t in (other(last), last):
        if _placing_left(game, t):
            st.actor = t
            return
    st.actor = -1


def _complete_restart(game: Match) -> None:
    st, r = game.state, _restart(game)
    kicker = kicker_in_place(game)
    st.restart = None
    if not r.declinable:               # a declinable free kick may still be declined until its first roll
        st.resume = None
    if r.kind != "corner":              # a corner's reset goes on through the placements (rule 11A, C23)
        st.reset_deadline = -1.0
    game._emit("restart_ready", kind=r.kind, team=TEAMS[r.team])
    if r.kind == "corner":
        st.phase, st.actor, st.holder, st.shooter = Phase.CORNER_PLACEMENT, other(r.team), -1, r.shooter
        st.placements, st.placing_done = [0, 0], [False, False]
        return
    st.holder = kicker
    if r.kind == "penalty":
        st.penalty = True
        st.phase, st.actor, st.shooter, st.shot_square = Phase.SHOT, r.team, kicker, st.ball
        game._emit("shot", team=TEAMS[r.team], pawn=pawn_id(kicker), square=g.name(st.ball), penalty=True)
        return
    st.kicker = kicker
    st.kick = "goal_kick" if r.kind == "goal_kick" else ""
    flow.start_set(game, r.team)


# ----- set-up moves --------------------------------------------------------------------------------
def setup_move_pawn(game: Match, p: int, to: int) -> None:
    st, r = game.state, _restart(game)
    if not active(game, p):
        raise Illegal("no_token", say("{p} is not in play", p=pawn_id(p)))
    team = team_of(p)
    if r.kind == "penalty" and st.actor >= 0 and team != st.actor:
        raise Illegal("not_your_turn", say("{actor} places a pawn now (rule 9B: the fouling team first, "
                                           "alternating)",
                                           actor=Say(TEAMS[st.actor])))
    if game.occ.physical[team] >> to & 1:
        raise Illegal("square_taken", say("{to} already holds a pawn of the same team", to=g.name(to)))
    if not region(p, game.profile) >> to & 1:
        code = "keeper_own_half" if is_keeper(p) else "defender_own_half"
        raise Illegal(code, say("{p} may not leave its own half", p=pawn_id(p)))
    if must_leave(game, p):
        if not leave_targets(game, p) >> to & 1:
            in_zone = team == r.zone_team and zone(game) >> st.sq[p] & 1
            where = ", ".join(g.name(s) for s in g.squares_of(leave_targets(game, p))[:8])
            raise Illegal("free_kick_zone" if in_zone else "placement",
                          say("{p} must leave {sq} for one of {where}",
                              p=pawn_id(p), sq=g.name(st.sq[p]), where=where))
    elif p in r.kickers and kicker_in_place(game) == -1:
        if not kicker_targets(game, p) >> to & 1:
            spots = ", ".join(g.name(s) for s in g.squares_of(kicker_targets(game, p)))
            raise Illegal("placement", say("the kicker goes onto {spots}", spots=spots))
    else:
        kind = r.kind.replace("_", " ")
        raise Illegal("placement", say("{p} has nothing to fix in this {kind} set-up", p=pawn_id(p), kind=kind))
    st.sq[p] = to
    game._moved()
    check_restart(game)
    if st.phase == Phase.PENALTY_SETUP:
        _next_setup_placer(game, team)


def setup_move_ball(game: Match, to: int) -> None:
    st, r = game.state, _restart(game)
    if not r.ball_squares >> to & 1:
        raise Illegal("placement", say("the ball goes to {squares}",
                                       squares=", ".join(g.name(s) for s in g.squares_of(r.ball_squares))))
    if ball_ok(game) and (kicker_in_place(game) != -1 or r.kicker_squares):
        raise Illegal("placement", say("the ball is already in place on {ball}", ball=g.name(st.ball)))
    st.ball = to
    check_restart(game)


def setup_actions(game: Match) -> list[Action]:
    st, r = game.state, _restart(game)
    out: list[Action] = []
    if not ball_ok(game) or (kicker_in_place(game) == -1 and not r.kicker_squares):
        out.extend(MoveBall(s) for s in g.squares_of(r.ball_squares) if s != st.ball)
    for p in range(N_PAWNS):
        if not active(game, p) or not may_place(game, p):
            continue
        if must_leave(game, p):
            out.extend(MovePawn(p, s) for s in g.squares_of(leave_targets(game, p)))
        elif p in r.kickers and kicker_in_place(game) == -1:
            out.extend(MovePawn(p, s) for s in g.squares_of(kicker_targets(game, p)))
    for p in range(N_PAWNS):
        if st.sent_off[p] and st.sq[p] >= 0:
            out.append(RemovePawn(p))
    if r.declinable:
        out.append(Press("decline"))
    return out


def may_place(game: Match, p: int) -> bool:
    """Whether pawn p's team may place now (a penalty set-up goes in turns; other set-ups do not)."""
    st = game.state
    return st.phase != Phase.PENALTY_SETUP or st.actor < 0 or team_of(p) == st.actor


# ----- corner placements (rule 8) ----------------------------------------------------------------------
def _placement_targets(game: Match, p: int) -> int:
    st, occ = game.state, game.occ
    team = team_of(p)
    d_team = other(st.offense)
    allowed = region(p, game.profile) & ~occ.physical[team] & ~(1 << st.ball) & g.ALL
    if team == d_team:
        allowed &= ~g.neighbourhood(st.ball)
    end = game.profile.ends[d_team]
    sq = st.sq
    if st.shooter >= 0 and sq[st.shooter] >= 0:     # the taker belongs off the pitch (rule 8): it never counts
        sq = list(sq)
        sq[st.shooter] = -1
    if not is_keeper(p) and occ.count(team, end.penalty_area, sq, True, p) >= 4:
        allowed &= ~end.penalty_area
    for e in game.profile.ends:
        if occ.count(team, e.goal_area, st.sq, False, p) >= 1:
            allowed &= ~e.goal_area
    return allowed


def place_for_corner(game: Match, p: int, to: int) -> None:
    st = game.state
    if not active(game, p):
        raise Illegal("no_token", say("{p} is not in play", p=pawn_id(p)))
    team = team_of(p)
    if team != st.actor:
        raise Illegal("not_your_turn", say("{actor} places a pawn now (rule 8: D-team first, alternating)",
                                           actor=Say(TEAMS[st.actor])))
    if p == st.shooter:
        raise Illegal("placement", say("the corner taker waits off the pitch until the kick"))
    if not _placement_targets(game, p) >> to & 1:
        if game.occ.team[team] >> to & 1 or not region(p, game.profile) >> to & 1:
            raise explain_destination(st.sq, game.occ, p, to)
        if team != st.offense and g.neighbourhood(st.ball) >> to & 1:
            raise Illegal("free_kick_zone", say("no D-team pawn within one square of the ball at a corner"))
        for e in game.profile.ends:
            if e.goal_area >> to & 1:
                raise Illegal("goal_area_limit", say("one pawn of each team in a goal area"))
        if to == st.ball:
            raise Illegal("placement", say("the corner square is the ball's"))
        raise Illegal("penalty_area_limit", say("at most 4 field players of each team in that penalty area"))
    st.sq[p] = to
    game._moved()
    st.placements[team] += 1
    game._emit("placement", team=TEAMS[team], pawn=pawn_id(p), square=g.name(to), n=st.placements[team])
    _next_placer(game, team)


def placement_actions(game: Match) -> list[Action]:
    st = game.state
    out: list[Action] = []
    for p in pawns_of(st.actor):
        if active(game, p) and p != st.shooter:
            out.extend(MovePawn(p, s) for s in g.squares_of(_placement_targets(game, p)))
    return out


def end_placements(game: Match, team: int) -> None:
    game.state.placing_done[team] = True
    game._emit("placements_done", team=TEAMS[team])
    _next_placer(game, team)


def _next_placer(game: Match, last: int) -> None:
    st = game.state
    for t in (other(last), last):
        if st.placements[t] < PLACEMENTS_PER_TEAM and not st.placing_done[t]:
            st.actor = t
            return
    finish_placements(game)


def roll_after_placements(game: Match, team: int) -> None:
    """Rule 8: the O-team rolls for the corner kick when both teams are set up; its roll ends its own
    placements (it need not make all three), never the D-team's."""
    st = game.state
    d_team = other(st.offense)
    if team != st.offense or (st.placements[d_team] < PLACEMENTS_PER_TEAM and not st.placing_done[d_team]):
        raise Illegal("not_your_turn", say("{actor} places a pawn now; the corner kick is rolled for once both "
                                           "teams are set up (rule 8)",
                                           actor=Say(TEAMS[st.actor])))
    game._emit("placements_done")
    finish_placements(game)


def finish_placements(game: Match) -> None:
    st = game.state
    st.phase, st.actor, st.roll, st.reset_deadline = Phase.CORNER_KICK, st.offense, 0, -1.0
    st.kick, st.kicker, st.holder = "corner", st.shooter, st.shooter


def corner_taker_steps_on(game: Match, to: int) -> None:
    st = game.state
    if to != st.ball:
        raise Illegal("placement", say("the corner taker goes onto the corner square {ball}", ball=g.name(st.ball)))
    st.sq[st.shooter] = to
    game._moved()

"""Set pieces (rules 6C, 8, 9B, 9C, 10): free kicks, goal kicks, corners and penalty kicks.

A set piece is a Restart: what the position must become (ball square, kicker, zones to clear).
While it is being set up, a move is legal when it fixes something the restart requires; when nothing
is left to fix, play restarts by itself. The LEDs show the same requirements to the players.
"""
from __future__ import annotations

from . import geometry as g
from .actions import Action, MoveBall, MovePawn, Press, RemovePawn
from .base import GameBase
from .errors import Illegal
from .phase import Phase
from .pieces import TEAMS, is_keeper, other, pawn_id, pawns_of, stays_home
from .state import GameState, Offside, Restart

PLACEMENTS_PER_TEAM = 3


class SetPieceMixin(GameBase):
    # ----- awarding ----------------------------------------------------------------------------------
    def _award_free_kick(self, team: int, square: int, kickers: tuple[int, ...], zone_team: int,
                         declinable: bool = False, resume: GameState | None = None) -> None:
        st = self.state
        self._emit("free_kick", team=TEAMS[team], square=g.name(square) if square >= 0 else None)
        st.offense = team
        if st.time_up and not declinable:
            return self._end_period()
        balls = 1 << square if square >= 0 else self.profile.centre_circle
        r = Restart("free_kick", team, balls, kickers, zone_team=zone_team, declinable=declinable, square=square)
        self._begin_restart(r, Phase.FREE_KICK_SETUP, resume)

    def _award_penalty(self, fouled: int) -> None:
        st = self.state
        team = 0 if fouled < 11 else 1
        end = self.profile.ends[other(team)]
        near = (3, 4) if end.goal_rank == 1 else (13, 14)
        band = g.rect(0, near[0], 7, near[1]) & ~end.penalty_area
        r = Restart("penalty", team, end.penalty_spot, (fouled,), kicker_squares=end.penalty_arc,
                    clear_team=2, clear_area=end.penalty_area, clear_to=band & ~end.penalty_arc,
                    arc_clear=end.penalty_arc, keeper_home=other(team))
        st.offense = team
        self._begin_restart(r, Phase.PENALTY_SETUP)
        if st.phase == Phase.PENALTY_SETUP:
            self._next_setup_placer(team)        # rule 9B, C19: the fouling team places first

    def _award_goal_kick(self) -> None:
        st = self.state
        d_team = other(st.offense)
        end = self.profile.ends[d_team]
        keeper = self._keeper(d_team)
        kickers = (keeper,) if keeper >= 0 else tuple(p for p in pawns_of(d_team) if self._active(p))
        r = Restart("goal_kick", d_team, end.goal_area, kickers, clear_team=st.offense,
                    clear_area=end.penalty_area, clear_to=g.border(end.penalty_area))
        st.offense = d_team
        self._begin_restart(r, Phase.GOAL_KICK_SETUP)

    def _award_corner(self) -> None:
        """Rule 8, C9: the corner on the side of the shot (files a-d: the a corner, e-h: the h corner)."""
        st = self.state
        end = self.profile.ends[other(st.offense)]
        corner = end.corners[0] if g.file_of(st.shot_square) <= 3 else end.corners[-1]
        self._emit("corner_kick", team=TEAMS[st.offense], square=g.name(corner), pawn=pawn_id(st.shooter))
        st.chance_live = True
        r = Restart("corner", st.offense, 1 << corner, (), zone_team=other(st.offense),
                    keeper_home=other(st.offense), shooter=st.shooter)
        self._begin_restart(r, Phase.CORNER_SETUP)

    def _minor_foul(self, offender: int, reason: str, pawn: int = -1, square: int = -1) -> None:
        """Rule 9C, C17: a free kick from a centre-circle square, taken by one of the offended team's field
        players; the O-team may decline one awarded to it (C18: play goes on from before the foul)."""
        st = self.state
        offended = other(offender)
        where = {"pawn": pawn_id(pawn), "square": g.name(square)} if pawn >= 0 else \
            {"square": g.name(square)} if square >= 0 else {}
        self._emit("foul", team=TEAMS[offender], kind="minor", reason=reason, **where)
        declinable = offended == st.offense and st.phase not in (Phase.FREE_KICK_SETUP, Phase.GOAL_KICK_SETUP,
                                                                 Phase.CORNER_SETUP, Phase.PENALTY_SETUP)
        resume = st.clone() if declinable else None
        kickers = tuple(p for p in pawns_of(offended) if self._active(p) and not is_keeper(p)) or \
            tuple(p for p in pawns_of(offended) if self._active(p))
        self._award_free_kick(offended, -1, kickers, zone_team=offender, declinable=declinable, resume=resume)

    def _decline(self) -> None:
        """C18: the foul's move counts as not made (C4): play goes on from the position before the foul."""
        st = self.state
        resume = st.resume
        assert resume is not None          # a declinable free kick keeps the position to return to
        self._emit("free_kick_declined", team=TEAMS[self._restart.team])
        resume.now, resume.elapsed, resume.time_up = st.now, st.elapsed, st.time_up
        resume.move_deadline = -1.0
        self.state = resume
        self._moved()
        self._lapse()

    @property
    def _restart(self) -> Restart:
        """The restart being set up (only asked while there is one)."""
        r = self.state.restart
        assert r is not None
        return r

    def _begin_restart(self, r: Restart, phase: Phase, resume: GameState | None = None) -> None:
        st = self.state
        st.restart, st.phase, st.actor, st.roll, st.dice = r, phase, -1, 0, [0, 0]
        st.holder, st.passes, st.move_deadline = -1, 0, -1.0
        st.reset_deadline = st.now + self.options.reset_seconds
        st.resume, st.kick, st.kicker, st.barred, st.offside = resume, "", -1, -1, Offside()
        self._check_restart()

    # ----- what the restart still needs -------------------------------------------------------------------
    def _active(self, p: int) -> bool:
        return self.state.sq[p] >= 0 and not self.state.sent_off[p]

    def _ball_ok(self) -> bool:
        st = self.state
        return st.ball >= 0 and bool(self._restart.ball_squares >> st.ball & 1)

    def _zone(self) -> int:
        st = self.state
        if self._restart.zone_team < 0 or not self._ball_ok():
            return 0
        return g.neighbourhood(st.ball)

    def _kicker_spot(self) -> int:
        r = self._restart
        if r.kicker_squares:
            return r.kicker_squares
        return 1 << self.state.ball if self._ball_ok() else 0

    def _kicker_in_place(self) -> int:
        """The kicker standing where it must (-2: this restart needs none, -1: not yet)."""
        r = self._restart
        if not r.kickers:
            return -2
        spot = self._kicker_spot()
        for p in r.kickers:
            if self._active(p) and spot >> self.state.sq[p] & 1:
                return p
        return -1

    def _must_leave(self, p: int, s: int | None = None) -> int:
        """Where pawn p must go if it stands (at s) where the restart forbids; 0 when it may stay."""
        st, r = self.state, self._restart
        s = st.sq[p] if s is None else s
        team = 0 if p < 11 else 1
        if p in r.kickers:
            return 0
        if team == r.zone_team and self._zone() >> s & 1:
            return g.ring(st.ball, 1)
        if r.kind == "corner" and p != r.shooter and self._ball_ok() and s == st.ball:
            return g.neighbourhood(st.ball, 2) & ~(1 << st.ball)    # the corner square is the taker's
        if r.clear_team in (team, 2) and (r.clear_keepers or not is_keeper(p)) and r.clear_area >> s & 1:
            return r.clear_to
        if r.arc_clear >> s & 1:
            return r.clear_to
        if r.keeper_home == team and is_keeper(p) and not self.profile.ends[team].goal_area >> s & 1:
            return self.profile.ends[team].goal_area
        return 0

    def _leave_targets(self, p: int) -> int:
        """Free squares where a pawn that must leave may go; anywhere allowed if the usual ones are full."""
        team = 0 if p < 11 else 1
        free = ~self.occ.physical[team] & g.ALL & self._region(p)
        wanted = self._must_leave(p) & free
        ok = 0
        for s in g.squares_of(wanted):
            if not self._must_leave(p, s):
                ok |= 1 << s
        if ok:
            return ok
        for s in g.squares_of(free):
            if not self._must_leave(p, s):
                ok |= 1 << s
        return ok

    def _region(self, p: int) -> int:
        return self.profile.ends[0 if p < 11 else 1].own_half if stays_home(p) else g.ALL

    def _kicker_targets(self, p: int) -> int:
        spot = self._kicker_spot() or self._restart.ball_squares
        return spot & self._region(p) & ~self.occ.physical[0 if p < 11 else 1]

    def _restart_pending(self) -> list[str]:
        """What is still to do, in words (for the snapshot, LEDs and rejection messages)."""
        st, r = self.state, self._restart
        todo = []
        if not self._ball_ok():
            todo.append("ball to " + ", ".join(g.name(s) for s in g.squares_of(r.ball_squares)))
        if self._kicker_in_place() == -1:
            todo.append("kicker (" + ", ".join(pawn_id(p) for p in r.kickers[:3]) +
                        (", ..." if len(r.kickers) > 3 else "") + ") onto its spot")
        for p in range(22):
            if self._active(p) and self._must_leave(p):
                todo.append(f"{pawn_id(p)} off {g.name(st.sq[p])}")
            elif st.sent_off[p] and st.sq[p] >= 0:
                todo.append(f"lift sent-off {pawn_id(p)} from {g.name(st.sq[p])}")
        return todo

    def _check_restart(self) -> None:
        if not self._restart_pending():
            self._complete_restart()

    def _placing_left(self, team: int) -> bool:
        """Whether `team` still has a pawn to place in this set-up (one to move away, or its kicker)."""
        r = self._restart
        if team == r.team and self._kicker_in_place() == -1 and any(
                self._active(p) and self._kicker_targets(p) for p in r.kickers):
            return True
        return any(self._active(p) and self._must_leave(p) for p in pawns_of(team))

    def _next_setup_placer(self, last: int) -> None:
        """Penalty set-up (rule 9B, C19): the teams place in turn, the other team after `last`; a team with
        nothing left to place lets the other go on; -1 when no pawn is left to place (only the ball)."""
        st = self.state
        for t in (other(last), last):
            if self._placing_left(t):
                st.actor = t
                return
        st.actor = -1

    def _complete_restart(self) -> None:
        st, r = self.state, self._restart
        kicker = self._kicker_in_place()
        st.restart, st.resume, st.reset_deadline = None, None, -1.0
        self._emit("restart_ready", kind=r.kind, team=TEAMS[r.team])
        if r.kind == "corner":
            st.phase, st.actor, st.holder, st.shooter = Phase.CORNER_PLACEMENT, other(r.team), -1, r.shooter
            st.placements, st.placing_done = [0, 0], [False, False]
            return
        st.holder = kicker
        if r.kind == "penalty":
            st.penalty = True
            st.phase, st.actor, st.shooter, st.shot_square = Phase.SHOT, r.team, kicker, st.ball
            self._emit("shot", team=TEAMS[r.team], pawn=pawn_id(kicker), square=g.name(st.ball), penalty=True)
            return
        st.kicker = kicker
        st.kick = "goal_kick" if r.kind == "goal_kick" else ""
        self._start_set(r.team)

    # ----- set-up moves --------------------------------------------------------------------------------
    def _setup_move_pawn(self, p: int, to: int) -> None:
        st = self.state
        if not self._active(p):
            raise Illegal("no_token", f"{pawn_id(p)} is not in play")
        team = 0 if p < 11 else 1
        if self._restart.kind == "penalty" and st.actor >= 0 and team != st.actor:
            raise Illegal("not_your_turn", f"{TEAMS[st.actor]} places a pawn now "
                                           "(rule 9B: the fouling team first, alternating)")
        if self.occ.physical[team] >> to & 1:
            raise Illegal("square_taken", f"{g.name(to)} already holds a pawn of the same team")
        if not self._region(p) >> to & 1:
            code = "keeper_own_half" if is_keeper(p) else "defender_own_half"
            raise Illegal(code, f"{pawn_id(p)} may not leave its own half")
        if self._must_leave(p):
            if not self._leave_targets(p) >> to & 1:
                in_zone = team == self._restart.zone_team and self._zone() >> st.sq[p] & 1
                where = ", ".join(g.name(s) for s in g.squares_of(self._leave_targets(p))[:8])
                raise Illegal("free_kick_zone" if in_zone else "placement",
                              f"{pawn_id(p)} must leave {g.name(st.sq[p])} for one of {where}")
        elif p in self._restart.kickers and self._kicker_in_place() == -1:
            if not self._kicker_targets(p) >> to & 1:
                spots = ", ".join(g.name(s) for s in g.squares_of(self._kicker_targets(p)))
                raise Illegal("placement", f"the kicker goes onto {spots}")
        else:
            kind = self._restart.kind.replace("_", " ")
            raise Illegal("placement", f"{pawn_id(p)} has nothing to fix in this {kind} set-up")
        st.sq[p] = to
        self._moved()
        self._check_restart()
        if st.phase == Phase.PENALTY_SETUP:
            self._next_setup_placer(team)

    def _setup_move_ball(self, to: int) -> None:
        st, r = self.state, self._restart
        if not r.ball_squares >> to & 1:
            raise Illegal("placement", "the ball goes to " + ", ".join(g.name(s) for s in g.squares_of(r.ball_squares)))
        if self._ball_ok() and (self._kicker_in_place() != -1 or r.kicker_squares):
            raise Illegal("placement", f"the ball is already in place on {g.name(st.ball)}")
        st.ball = to
        self._check_restart()

    def _setup_actions(self) -> list[Action]:
        st, r = self.state, self._restart
        out: list[Action] = []
        if not self._ball_ok() or (self._kicker_in_place() == -1 and not r.kicker_squares):
            out.extend(MoveBall(s) for s in g.squares_of(r.ball_squares) if s != st.ball)
        for p in range(22):
            if not self._active(p) or not self._may_place(p):
                continue
            if self._must_leave(p):
                out.extend(MovePawn(p, s) for s in g.squares_of(self._leave_targets(p)))
            elif p in r.kickers and self._kicker_in_place() == -1:
                out.extend(MovePawn(p, s) for s in g.squares_of(self._kicker_targets(p)))
        for p in range(22):
            if st.sent_off[p] and st.sq[p] >= 0:
                out.append(RemovePawn(p))
        if r.declinable:
            out.append(Press("decline"))
        return out

    def _may_place(self, p: int) -> bool:
        """Whether pawn p's team may place now (a penalty set-up goes in turns; other set-ups do not)."""
        st = self.state
        return st.phase != Phase.PENALTY_SETUP or st.actor < 0 or (0 if p < 11 else 1) == st.actor

    # ----- corner placements (rule 8) ----------------------------------------------------------------------
    def _placement_targets(self, p: int) -> int:
        st = self.state
        team = 0 if p < 11 else 1
        d_team = other(st.offense)
        allowed = self._region(p) & ~self.occ.physical[team] & ~(1 << st.ball) & g.ALL
        if team == d_team:
            allowed &= ~g.neighbourhood(st.ball)
        end = self.profile.ends[d_team]
        if not is_keeper(p) and self.occ.count(team, end.penalty_area, st.sq, True, p) >= 4:
            allowed &= ~end.penalty_area
        for e in self.profile.ends:
            if self.occ.count(team, e.goal_area, st.sq, False, p) >= 1:
                allowed &= ~e.goal_area
        return allowed

    def _place_for_corner(self, p: int, to: int) -> None:
        st = self.state
        if not self._active(p):
            raise Illegal("no_token", f"{pawn_id(p)} is not in play")
        team = 0 if p < 11 else 1
        if team != st.actor:
            raise Illegal("not_your_turn", f"{TEAMS[st.actor]} places a pawn now (rule 8: D-team first, alternating)")
        if p == st.shooter:
            raise Illegal("placement", "the corner taker waits off the pitch until the kick")
        if not self._placement_targets(p) >> to & 1:
            from .moves import explain_destination
            if self.occ.team[team] >> to & 1 or not self._region(p) >> to & 1:
                raise explain_destination(st.sq, self.occ, p, to)
            if team != st.offense and g.neighbourhood(st.ball) >> to & 1:
                raise Illegal("free_kick_zone", "no D-team pawn within one square of the ball at a corner")
            for e in self.profile.ends:
                if e.goal_area >> to & 1:
                    raise Illegal("goal_area_limit", "one pawn of each team in a goal area")
            if to == st.ball:
                raise Illegal("placement", "the corner square is the ball's")
            raise Illegal("penalty_area_limit", "at most 4 field players of each team in that penalty area")
        st.sq[p] = to
        self._moved()
        st.placements[team] += 1
        self._emit("placement", team=TEAMS[team], pawn=pawn_id(p), square=g.name(to), n=st.placements[team])
        self._next_placer(team)

    def _placement_actions(self) -> list[Action]:
        st = self.state
        out: list[Action] = []
        for p in pawns_of(st.actor):
            if self._active(p) and p != st.shooter:
                out.extend(MovePawn(p, s) for s in g.squares_of(self._placement_targets(p)))
        return out

    def _end_placements(self, team: int) -> None:
        self.state.placing_done[team] = True
        self._emit("placements_done", team=TEAMS[team])
        self._next_placer(team)

    def _next_placer(self, last: int) -> None:
        st = self.state
        for t in (other(last), last):
            if st.placements[t] < PLACEMENTS_PER_TEAM and not st.placing_done[t]:
                st.actor = t
                return
        self._finish_placements()

    def _finish_placements(self) -> None:
        st = self.state
        st.phase, st.actor, st.roll = Phase.CORNER_KICK, st.offense, 0
        st.kick, st.kicker, st.holder = "corner", st.shooter, st.shooter

    def _corner_taker_steps_on(self, to: int) -> None:
        st = self.state
        if to != st.ball:
            raise Illegal("placement", f"the corner taker goes onto the corner square {g.name(st.ball)}")
        st.sq[st.shooter] = to
        self._moved()

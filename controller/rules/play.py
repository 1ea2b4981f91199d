"""Normal play (rules 1B, 4, 5, 6B, 7, 9A): the offensive set, the ball's landing, capture attempts,
the D-team's answer, battles, shots, fouls and cards.
"""
from __future__ import annotations

from . import geometry as g
from .base import GameBase
from .errors import Illegal
from .phase import Phase
from .pieces import (
    DEFENDER,
    KEEPER,
    ROLE,
    TEAMS,
    is_defender,
    is_keeper,
    keeper_of,
    other,
    pawn_id,
    pawns_of,
)
from .state import OUTCOMES, Offside

KICKER_ORDER = (9, 10, 5, 6, 7, 8, 1, 2, 3, 4)  # who takes a kick-off when strikers are sent off


class PlayMixin(GameBase):
    # ----- kick-off ------------------------------------------------------------------------------
    def _reset_formation(self, team: int) -> None:
        """Kick-off formation (docs/board.md 2 and 5) with `team` to kick off; sent-off pawns leave the board."""
        st = self.state
        for t in (0, 1):
            slots = self.profile.formation_squares(t, kickoff=(t == team))
            for p in pawns_of(t):
                if st.sent_off[p]:
                    st.sq[p] = -1
                else:
                    st.sq[p] = slots[("gk", "d1", "d2", "d3", "d4", "m1", "m2", "m3", "m4", "s1", "s2")[p % 11]]
        kick_sq = self.profile.formation_squares(team, kickoff=True)["s1"]
        kicker = next((team * 11 + k for k in KICKER_ORDER if not st.sent_off[team * 11 + k]), -1)
        if kicker >= 0 and st.sq[kicker] != kick_sq:
            sitting = next((p for p in pawns_of(team)
                            if p != kicker and st.sq[p] == kick_sq and not st.sent_off[p]), -1)
            if sitting >= 0:
                st.sq[sitting] = st.sq[kicker]
            st.sq[kicker] = kick_sq
        self._moved()
        st.ball, st.holder, st.offense = kick_sq, kicker, team
        st.phase, st.actor, st.roll, st.dice = Phase.KICK_OFF, team, 0, [0, 0]
        st.kick, st.kicker, st.barred, st.passes = "kick_off", kicker, -1, 0
        st.restart, st.resume, st.offside = None, None, Offside()
        st.chance_live, st.move_deadline, st.reset_deadline = False, -1.0, -1.0
        self._emit("kick_off", team=TEAMS[team], period=st.period)

    def _both_rolled(self, lower_wins: bool) -> int:
        """Both dice of a roll-off are in: the winning team, or -1 on a tie (rolled again, C1)."""
        st = self.state
        r, b = st.dice
        st.dice = [0, 0]
        if r == b:
            self._emit("roll_off_tie", value=r)
            return -1
        return 0 if (r < b) == lower_wins else 1

    def _resolve_roll_off(self) -> None:
        """Rule 1B: the lower roll kicks off the first half; C1: a tie is rolled again."""
        st = self.state
        r, b = st.dice
        team = self._both_rolled(lower_wins=True)
        if team < 0:
            return
        st.first_kickoff = team
        self._emit("roll_off", red=r, blue=b, kickoff=TEAMS[team])
        self._reset_formation(team)

    # ----- the offensive set -----------------------------------------------------------------------
    def _start_set(self, team: int) -> None:
        """A new offensive set for `team` (it holds the ball); the end of a chance ends an expired period."""
        st = self.state
        st.offense = team
        st.chance_live = False
        if st.time_up:
            return self._end_period()
        st.phase, st.actor, st.roll, st.passes, st.dice = Phase.OFFENSIVE_SET, team, 0, 0, [0, 0]
        st.ball_sq, st.scoring, st.move_deadline = -1, False, -1.0

    def _after_set_move(self, pawn: int, to: int) -> None:
        st = self.state
        st.phase, st.actor, st.roll, st.passes = Phase.BALL_PLAY, st.offense, 0, 0

    def _gain(self, pawn: int, how: str) -> None:
        """Sole possession to `pawn`; its team starts a new offensive set."""
        st = self.state
        team = 0 if pawn < 11 else 1
        self._touch(pawn)
        st.holder, st.ball = pawn, st.sq[pawn]
        if team != st.offense:
            self._emit("possession", team=TEAMS[team], pawn=pawn_id(pawn), how=how, square=g.name(st.ball))
        self._start_set(team)

    def _touch(self, pawn: int) -> None:
        """Another pawn touched the ball: the kicker of a set piece may play it again."""
        if self.state.barred != pawn:
            self.state.barred = -1

    # ----- playing the ball -------------------------------------------------------------------------
    def _play_ball(self, to: int) -> None:
        st = self.state
        kicker, origin = st.holder, st.ball
        if st.kick == "corner":
            st.offside = Offside(played_to=to)
        else:
            self._record_offside(kicker, to)
        if st.kicker >= 0 and st.kicker == kicker:
            st.barred = kicker
        st.kicker, st.kick = -1, ""
        st.ball, st.holder, st.roll, st.dice, st.move_deadline = to, -1, 0, [0, 0], -1.0
        attacked = self.profile.ends[other(st.offense)]
        if attacked.penalty_area >> to & 1:
            st.chance_live = True
        self._emit("ball_played", team=TEAMS[st.offense], pawn=pawn_id(kicker) if kicker >= 0 else None,
                   frm=g.name(origin), to=g.name(to))
        self._ball_landed(to)

    def _ball_landed(self, to: int) -> None:
        """Rule 4 A-D and C7: what the square the ball ends on makes of the play."""
        st = self.state
        o_team, d_team = st.offense, other(st.offense)
        mate, opp = self.pawn_on(o_team, to), self.pawn_on(d_team, to)
        if mate < 0 and opp < 0:
            st.phase, st.actor, st.ball_sq, st.roll = Phase.CAPTURE, o_team, to, 0
            return
        if mate >= 0 and opp >= 0:
            return self._start_battle(mate, opp)
        if opp >= 0:
            self._emit("interception", team=TEAMS[d_team], pawn=pawn_id(opp), square=g.name(to))
            return self._gain(opp, "interception")
        # a direct pass (rule 4B)
        if self._offside_on_receiving(mate, to):
            return
        self._touch(mate)
        st.holder = mate
        self._emit("direct_pass", team=TEAMS[o_team], pawn=pawn_id(mate), square=g.name(to))
        attacked = self.profile.ends[d_team]
        if (attacked.penalty_area | attacked.long_distance) >> to & 1:
            st.chance_live = True
            return self._shot_chance(mate, to)
        if st.passes == 0:
            st.passes = 1
            st.phase, st.actor, st.roll = Phase.BALL_PLAY, o_team, 0
            return
        self._answer(scoring=False)

    def _do_dribble(self, to: int) -> None:
        """Rule 4C: the holder moves one square with the ball; onto a D-team pawn it is a battle at once."""
        st = self.state
        holder = st.holder
        frm = st.ball
        st.sq[holder] = to
        self._moved()
        st.ball, st.roll, st.dice, st.move_deadline, st.offside = to, 0, [0, 0], -1.0, Offside(played_to=to)
        self._emit("dribble", team=TEAMS[st.offense], pawn=pawn_id(holder), frm=g.name(frm), to=g.name(to))
        opp = self.pawn_on(other(st.offense), to)
        if opp >= 0:
            return self._start_battle(holder, opp)
        self._answer(scoring=False)

    # ----- offside (rule 7, C8, C14) ---------------------------------------------------------------------
    def _record_offside(self, kicker: int, to: int) -> None:
        st = self.state
        attack = st.offense
        defend = other(attack)
        end = self.profile.ends[defend]
        ranks = [g.rank_of(st.sq[p]) for p in pawns_of(defend)
                 if not is_keeper(p) and st.sq[p] >= 0 and not st.sent_off[p]]
        toward_low = end.goal_rank == 1
        if ranks:
            line = min(ranks) if toward_low else max(ranks)
        else:
            line = end.goal_rank
        pawns, in_ga = 0, False
        for p in pawns_of(attack):
            s = st.sq[p]
            if p == kicker or s < 0 or st.sent_off[p] or not end.own_half >> s & 1:
                continue
            r = g.rank_of(s)
            if (r < line) if toward_low else (r > line):
                pawns |= 1 << p
                if end.goal_area >> s & 1:
                    in_ga = True
        st.offside = Offside(pawns, line, defend, in_ga, to)

    def _beyond_line(self, square: int) -> bool:
        off = self.state.offside
        if off.defending < 0 or not self.profile.ends[off.defending].own_half >> square & 1:
            return False
        r = g.rank_of(square)
        return r < off.line if self.profile.ends[off.defending].goal_rank == 1 else r > off.line

    def _offside_on_receiving(self, pawn: int, square: int) -> bool:
        """A pawn offside at the play receives a direct pass or captures beyond the line: free kick to D."""
        off = self.state.offside
        if off.pawns >> pawn & 1 and self._beyond_line(square):
            self._call_offside(pawn)
            return True
        return False

    def _call_offside(self, pawn: int | None) -> None:
        st = self.state
        d_team = other(st.offense)
        where = st.offside.played_to if st.offside.played_to >= 0 else st.ball
        self._emit("offside", team=TEAMS[st.offense], pawn=pawn_id(pawn) if pawn is not None else None,
                   square=g.name(where))
        kickers = tuple(p for p in pawns_of(d_team) if st.sq[p] >= 0 and not st.sent_off[p])
        self._award_free_kick(d_team, where, kickers, zone_team=st.offense)

    def _goal_area_interference(self) -> bool:
        """Rule 7: an O-team pawn offside in the goal area makes any scoring chance offside at once."""
        if self.state.offside.in_goal_area:
            self._call_offside(None)
            return True
        return False

    # ----- capture attempts and the D-team's answer (rule 4A, C6) -----------------------------------------
    def _after_attempt(self, pawn: int, to: int) -> None:
        st = self.state
        if to != st.ball_sq:
            st.actor = other(st.actor)
            return
        team = 0 if pawn < 11 else 1
        if team != st.offense:
            self._emit("capture", team=TEAMS[team], pawn=pawn_id(pawn), square=g.name(to))
            return self._gain(pawn, "capture")
        if self._offside_on_receiving(pawn, to):
            return
        self._touch(pawn)
        st.holder = pawn
        self._emit("capture", team=TEAMS[team], pawn=pawn_id(pawn), square=g.name(to))
        scoring = bool(self.profile.ends[other(team)].penalty_area >> to & 1)
        if scoring and self._goal_area_interference():
            return
        self._answer(scoring)

    def _answer(self, scoring: bool) -> None:
        st = self.state
        st.phase, st.actor, st.ball_sq, st.scoring, st.roll = Phase.ANSWER, other(st.offense), st.ball, scoring, 0

    def _after_answer(self, pawn: int, to: int) -> None:
        st = self.state
        if to == st.ball_sq:
            return self._start_battle(st.holder, pawn)
        self._answer_failed()

    def _answer_failed(self) -> None:
        st = self.state
        if st.scoring:
            return self._shot_chance(st.holder, st.ball)
        self._start_set(st.offense)

    def _lapse(self) -> None:
        """C4: the roll's move lapses and play goes on as if it was made."""
        st = self.state
        st.roll, st.move_deadline = 0, -1.0
        ph = st.phase
        if ph == Phase.OFFENSIVE_SET:
            st.phase, st.passes = Phase.BALL_PLAY, 0
        elif ph == Phase.CAPTURE:
            st.actor = other(st.actor)
        elif ph == Phase.ANSWER:
            self._answer_failed()

    # ----- battles (rule 4D, 6B, 9A, C13) ---------------------------------------------------------------
    def _start_battle(self, o_pawn: int, d_pawn: int) -> None:
        st = self.state
        st.phase, st.actor, st.dice, st.roll = Phase.BATTLE, -1, [0, 0], 0
        st.battlers, st.holder = (o_pawn, d_pawn), -1
        self._emit("battle", square=g.name(st.ball), pawns=[pawn_id(o_pawn), pawn_id(d_pawn)])

    def _modifier(self, pawn: int) -> int:
        role = ROLE[pawn]
        if role == KEEPER:
            return 2
        if role == DEFENDER:
            return 2 if self.options.advanced_defenders else 1
        return 0

    def _resolve_battle(self) -> None:
        st = self.state
        o_pawn, d_pawn = st.battlers
        o_team = 0 if o_pawn < 11 else 1
        raw = {o_team: st.dice[o_team], other(o_team): st.dice[other(o_team)]}
        pawn_of = {o_team: o_pawn, other(o_team): d_pawn}
        st.dice = [0, 0]
        if sorted(raw.values()) == [1, 6]:
            fouler_team = 0 if raw[0] == 1 else 1
            return self._battle_foul(pawn_of[fouler_team], pawn_of[other(fouler_team)], o_team)
        total = {t: raw[t] + self._modifier(pawn_of[t]) for t in (0, 1)}
        if total[0] == total[1]:
            self._emit("battle_tie", red=total[0], blue=total[1])
            return
        winner_team = 0 if total[0] > total[1] else 1
        winner, loser = pawn_of[winner_team], pawn_of[other(winner_team)]
        self._emit("battle_won", team=TEAMS[winner_team], pawn=pawn_id(winner),
                   red=total[0], blue=total[1], square=g.name(st.ball))
        self._touch(winner)
        st.holder = winner
        if winner_team == o_team:
            in_area = self.profile.ends[other(o_team)].penalty_area >> st.ball & 1
            if is_keeper(loser) or in_area:
                return self._shot_chance(winner, st.ball)
            return self._start_set(o_team)
        self._emit("possession", team=TEAMS[winner_team], pawn=pawn_id(winner), how="battle", square=g.name(st.ball))
        self._start_set(winner_team)

    # ----- fouls and cards (rule 9) ----------------------------------------------------------------------
    def _battle_foul(self, fouler: int, fouled: int, o_team: int) -> None:
        st = self.state
        f_team = 0 if fouler < 11 else 1
        square = st.ball
        self._emit("foul", team=TEAMS[f_team], pawn=pawn_id(fouler), square=g.name(square), kind="battle")
        self._show_yellow(fouler)
        if f_team != o_team and self.profile.ends[f_team].penalty_area >> square & 1:
            self._emit("penalty_kick", team=TEAMS[other(f_team)], pawn=pawn_id(fouled), square=g.name(square))
            return self._award_penalty(fouled)
        self._award_free_kick(other(f_team), square, (fouled,), zone_team=f_team)

    def _show_yellow(self, pawn: int) -> None:
        st = self.state
        team = 0 if pawn < 11 else 1
        st.yellow[pawn] += 1
        self._emit("yellow_card", team=TEAMS[team], pawn=pawn_id(pawn))
        if is_defender(pawn):
            st.defender_yellows[team] += 1
            second = st.defender_yellows[team] >= 2
            if second:
                st.defender_yellows[team] = 0
        else:
            second = st.yellow[pawn] >= 2
        if second:
            st.sent_off[pawn] = True
            self._moved()
            self._emit("red_card", team=TEAMS[team], pawn=pawn_id(pawn))

    # ----- shots (rule 5, 6C, 8) ----------------------------------------------------------------------------
    def _shot_chance(self, shooter: int, square: int) -> None:
        st = self.state
        if self._goal_area_interference():
            return
        st.phase, st.actor, st.shooter, st.shot_square, st.roll = Phase.SHOT, st.offense, shooter, square, 0
        st.holder = shooter
        self._emit("shot", team=TEAMS[st.offense], pawn=pawn_id(shooter), square=g.name(square),
                   penalty=st.penalty)

    def _spin(self, outcome: str) -> None:
        st = self.state
        if outcome not in OUTCOMES:
            raise Illegal("bad_input", f"a shot ends in goal, corner or goal_kick, not {outcome!r}")
        if st.phase == Phase.SHOOTOUT:
            return self._shootout_kick(outcome)
        if st.phase != Phase.SHOT:
            raise Illegal("not_expected", f"no shot is being taken (phase {st.phase})")
        team = st.offense
        st.penalty = False
        if outcome == "goal":
            st.score[team] += 1
            self._emit("goal", team=TEAMS[team], pawn=pawn_id(st.shooter), square=g.name(st.shot_square),
                       score={"red": st.score[0], "blue": st.score[1]})
            st.chance_live = False
            if st.time_up:
                return self._end_period()
            return self._reset_formation(other(team))
        if outcome == "corner":
            return self._award_corner()
        self._emit("goal_kick", team=TEAMS[other(team)])
        st.chance_live = False
        if st.time_up:
            return self._end_period()
        self._award_goal_kick()

    def _keeper(self, team: int) -> int:
        k = keeper_of(team)
        return k if self.state.sq[k] >= 0 and not self.state.sent_off[k] else -1

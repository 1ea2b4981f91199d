"""Time (rule 11): the move clock, the match clock, injury-time completion, extra time, shoot-out.

Time only moves with Tick actions, so a replay on simulated time is exact.
"""
from __future__ import annotations

from .base import GameBase
from .errors import Illegal
from .phase import Phase
from .pieces import TEAMS, other


class TimeMixin(GameBase):
    def _period_length(self) -> float:
        o = self.options
        return (o.half_minutes if self.state.period <= 2 else o.extra_time_minutes) * 60.0

    def _tick(self, seconds: float) -> None:
        st = self.state
        if not seconds >= 0:
            raise Illegal("bad_input", f"time only moves forward, not by {seconds}")
        st.now += seconds
        if st.phase == Phase.FULL_TIME:
            return
        if st.paused:
            if st.move_deadline >= 0:
                st.move_deadline += seconds
            if st.reset_deadline >= 0:
                st.reset_deadline += seconds
            return
        if st.clock_running:
            st.elapsed += seconds
        if 0 <= st.move_deadline <= st.now:
            st.move_deadline = -1.0
            self._emit("move_clock_expired", team=TEAMS[st.move_team])
            self._minor_foul(st.move_team, "move_clock")
        if 0 <= st.reset_deadline <= st.now:
            st.reset_deadline = -1.0
            self._emit("reset_clock_expired", kind=st.restart.kind if st.restart else None)
        if st.clock_running and not st.time_up and st.period <= 4 and st.elapsed >= self._period_length():
            st.time_up = True
            self._emit("time_up", period=st.period)
            if not self._chance_in_progress():
                self._end_period()

    def _chance_in_progress(self) -> bool:
        """Rule 11B: a chance whose ball went into the penalty area, a shot or a corner is finished first."""
        st = self.state
        return st.chance_live or st.phase in (Phase.SHOT, Phase.CORNER_SETUP, Phase.CORNER_PLACEMENT, Phase.CORNER_KICK,
                                             Phase.PENALTY_SETUP)

    def _end_period(self) -> None:
        st = self.state
        period = st.period
        st.time_up, st.clock_running, st.elapsed, st.chance_live = False, False, 0.0, False
        st.move_deadline = st.reset_deadline = -1.0
        st.restart, st.resume, st.penalty = None, None, False
        tied = st.score[0] == st.score[1]
        if period == 1:
            self._emit("half_time", score=self._score())
            st.period = 2
            return self._reset_formation(other(st.first_kickoff))
        self._emit("period_end", period=period, score=self._score())
        if period == 2 and tied and self.options.extra_time:
            self._emit("extra_time")
            st.period = 3
            return self._reset_formation(st.first_kickoff)
        if period == 3:
            st.period = 4
            return self._reset_formation(other(st.first_kickoff))
        if period == 4 and tied:
            self._emit("shootout")
            st.period, st.phase, st.actor, st.dice = 5, Phase.SHOOTOUT_ORDER, -1, [0, 0]
            st.holder, st.offense, st.roll = -1, -1, 0
            return
        self._final_whistle()

    def _score(self) -> dict[str, int]:
        return {"red": self.state.score[0], "blue": self.state.score[1]}

    def _final_whistle(self) -> None:
        st = self.state
        a, b = st.score
        if a == b and st.period == 5:
            a, b = st.shootout
        st.winner = -1 if a == b else (0 if a > b else 1)
        st.phase, st.actor, st.roll, st.holder = Phase.FULL_TIME, -1, 0, -1
        st.move_deadline = st.reset_deadline = -1.0
        st.clock_running = False
        self._emit("full_time", score=self._score(), winner=TEAMS[st.winner] if st.winner >= 0 else None,
                   shootout={"red": st.shootout[0], "blue": st.shootout[1]} if st.period == 5 else None)

    def _resolve_shootout_order(self) -> None:
        """Rule 11C: a roll decides who shoots first; we take the higher roll (a tie is rolled again)."""
        st = self.state
        r, b = st.dice
        first = self._both_rolled(lower_wins=False)
        if first < 0:
            return
        self._emit("shootout_order", first=TEAMS[first], red=r, blue=b)
        st.phase, st.actor, st.offense = Phase.SHOOTOUT, first, first

    def _shootout_kick(self, outcome: str) -> None:
        st = self.state
        team = st.actor
        st.shootout_taken[team] += 1
        if outcome == "goal":
            st.shootout[team] += 1
        self._emit("shootout_kick", team=TEAMS[team], outcome=outcome, scored=outcome == "goal",
                   tally={"red": st.shootout[0], "blue": st.shootout[1]})
        if self._shootout_decided():
            return self._final_whistle()
        st.actor = st.offense = other(team)

    def _shootout_decided(self) -> bool:
        """Five kicks each, stopping once one side cannot catch up; then one each until decided."""
        st = self.state
        k = self.options.shootout_kicks
        (ta, tb), (ga, gb) = st.shootout_taken, st.shootout
        if ta <= k and tb <= k:
            return ga + (k - ta) < gb or gb + (k - tb) < ga
        return ta == tb and ga != gb

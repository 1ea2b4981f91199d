"""What the game shows beyond its rules: the views the LED planner and the dashboard read (legal ball
and dribble squares, the offside line and the pawns beyond it, a set-up's zone and what it still needs).

Read-only: nothing here changes the state.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from . import geometry as g
from .base import GameBase
from .phase import BALL_PHASES, Phase
from .pieces import N_PAWNS, TEAMS, is_keeper, other, pawns_of


class LedView(NamedTuple):
    """The game as the LED planner sees it: the phase, who acts, the pending roll and dice, whether a
    restart is being set up, the move clock, and the rank of each team's goal line."""
    phase: Phase
    actor: int                       # team to act, -1 both or none
    roll: int
    dice: tuple[int, int]
    restarting: bool
    move_deadline: float             # -1: the move clock is not running
    move_team: int
    now: float
    paused: bool
    goal_ranks: tuple[int, int]


class Fix(NamedTuple):
    """One thing a set-up still needs: kind is ball, kicker, leave or lift_off; targets a square mask."""
    kind: str
    token: str
    square: int
    targets: int


class ViewMixin(GameBase):
    """The Game's read-only views."""
    __slots__ = ()

    if TYPE_CHECKING:       # rule helpers the views read, defined by the other rule mixins
        def _ball_targets(self) -> int: ...
        def _dribble_targets(self) -> int: ...
        def _zone(self) -> int: ...
        def _ball_ok(self) -> bool: ...
        def _kicker_in_place(self) -> int: ...
        def _active(self, p: int) -> bool: ...
        def _may_place(self, p: int) -> bool: ...
        def _kicker_targets(self, p: int) -> int: ...
        def _must_leave(self, p: int, s: int | None = None) -> int: ...
        def _leave_targets(self, p: int) -> int: ...

    def led_view(self) -> LedView:
        """What the LED planner reads of the state, as one immutable value."""
        st = self.state
        ends = self.profile.ends
        return LedView(st.phase, st.actor, st.roll, (st.dice[0], st.dice[1]), st.restart is not None,
                       st.move_deadline, st.move_team, st.now, st.paused, (ends[0].goal_rank, ends[1].goal_rank))

    def ball_destinations(self) -> int:
        """Squares the ball may be played to for the pending roll (0 when no ball play is pending)."""
        st = self.state
        return self._ball_targets() if st.phase in BALL_PHASES and st.roll else 0

    def dribble_destinations(self) -> int:
        st = self.state
        return self._dribble_targets() if st.phase in BALL_PHASES and st.roll else 0

    def offside_line(self) -> tuple[int, int] | None:
        """(defending team, rank of its last field player, C8) for the team on offence now."""
        st = self.state
        if st.offense < 0:
            return None
        defend = other(st.offense)
        end = self.profile.ends[defend]
        ranks = [g.rank_of(st.sq[p]) for p in pawns_of(defend)
                 if not is_keeper(p) and st.sq[p] >= 0 and not st.sent_off[p]]
        if not ranks:
            return defend, end.goal_rank
        return defend, (min(ranks) if end.goal_rank == 1 else max(ranks))

    def offside_positions(self) -> int:
        """Squares of O-team pawns standing in an offside position now (rule 7, C8, C14 own half)."""
        line = self.offside_line()
        if line is None:
            return 0
        defend, rank = line
        end = self.profile.ends[defend]
        out = 0
        for p in pawns_of(other(defend)):
            s = self.state.sq[p]
            if s < 0 or self.state.sent_off[p] or p == self.state.holder or not end.own_half >> s & 1:
                continue
            r = g.rank_of(s)
            if (r < rank) if end.goal_rank == 1 else (r > rank):
                out |= 1 << s
        return out

    def restart_zone(self) -> int:
        """The free-kick zone the opponents must respect during a set-up (0 when none)."""
        return self._zone() if self.state.restart is not None else 0

    def restart_fixes(self) -> list[Fix]:
        """What a set-up still needs, one Fix per token: the ball to its squares, each possible kicker
        to its spot, pawns that must leave an area, sent-off pawns to lift off the board."""
        st = self.state
        r = st.restart
        if r is None:
            return []
        out: list[Fix] = []
        if not self._ball_ok():
            out.append(Fix("ball", "ball", st.ball, r.ball_squares))
        if self._kicker_in_place() == -1:
            for p in r.kickers:
                if self._active(p) and self._may_place(p):
                    out.append(Fix("kicker", TEAMS[0 if p < 11 else 1], st.sq[p], self._kicker_targets(p)))
        for p in range(N_PAWNS):
            if self._active(p) and self._must_leave(p) and self._may_place(p):
                out.append(Fix("leave", TEAMS[0 if p < 11 else 1], st.sq[p], self._leave_targets(p)))
            elif st.sent_off[p] and st.sq[p] >= 0:
                out.append(Fix("lift_off", TEAMS[0 if p < 11 else 1], st.sq[p], 0))
        return out

"""Time (rule 11): the move clock, the match clock, injury-time completion and the shoot-out.

Time only moves with Tick actions, so a replay on simulated time is exact. What happens when a period
ends (half time, extra time, full time) is flow.end_period.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from controller.i18n import say

from ... import shootout
from . import flow, restarts
from .base import Match
from .errors import Illegal
from .phase import Phase
from .pieces import TEAMS, other


def period_length(game: Match) -> float:
    o = game.options
    return (o.half_minutes if game.state.period <= 2 else o.extra_time_minutes) * 60.0


def due_in(clock: Mapping[str, Any]) -> float | None:
    """Seconds of game time until a clock decides something, from a snapshot's `clock`: the move or reset clock
    running out, the period ending. Never below zero; None when no clock runs (paused, over, not started)."""
    if clock.get("paused"):
        return None                             # a paused game's deadlines move with time: nothing falls due
    dues = [d - clock["now"] for d in (clock.get("move_deadline"), clock.get("reset_deadline")) if d is not None]
    if clock.get("running") and not clock.get("time_up") and clock.get("period", 5) <= 4:
        dues.append(clock["length"] - clock["elapsed"])
    return max(min(dues), 0.0) if dues else None


def tick(game: Match, seconds: float) -> None:
    st = game.state
    if not seconds >= 0:
        raise Illegal("bad_input", say("time only moves forward, not by {seconds}", seconds=seconds))
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
        game._emit("move_clock_expired", team=TEAMS[st.move_team])
        restarts.minor_foul(game, st.move_team, "move_clock")
    if 0 <= st.reset_deadline <= st.now:
        st.reset_deadline = -1.0
        kind = st.restart.kind if st.restart else "corner" if st.phase == Phase.CORNER_PLACEMENT else \
            "kick_off" if st.phase == Phase.KICK_OFF else None
        game._emit("reset_clock_expired", kind=kind)
    if st.clock_running and not st.time_up and st.period <= 4 and st.elapsed >= period_length(game):
        st.time_up = True
        game._emit("time_up", period=st.period)
        if not chance_in_progress(game):
            flow.end_period(game)


def chance_in_progress(game: Match) -> bool:
    """Rule 11B: a chance whose ball went into the penalty area, a shot or a corner is finished first."""
    st = game.state
    return st.chance_live or st.phase in (Phase.SHOT, Phase.CORNER_SETUP, Phase.CORNER_PLACEMENT, Phase.CORNER_KICK,
                                         Phase.PENALTY_SETUP)


# ----- the shoot-out (rule 11C) ---------------------------------------------------------------------
def resolve_shootout_order(game: Match) -> None:
    """Rule 11C: a roll decides who shoots first; we take the higher roll (a tie is rolled again)."""
    st = game.state
    r, b = st.dice
    first = flow.both_rolled(game, lower_wins=False)
    if first < 0:
        return
    game._emit("shootout_order", first=TEAMS[first], red=r, blue=b)
    st.phase, st.actor, st.offense = Phase.SHOOTOUT, first, first


def shootout_kick(game: Match, outcome: str) -> None:
    st = game.state
    team = st.actor
    st.shootout_taken[team] += 1
    if outcome == "goal":
        st.shootout[team] += 1
    game._emit("shootout_kick", team=TEAMS[team], outcome=outcome, scored=outcome == "goal",
               tally={"red": st.shootout[0], "blue": st.shootout[1]})
    if _shootout_decided(game):
        return flow.final_whistle(game)
    st.actor = st.offense = other(team)


def _shootout_decided(game: Match) -> bool:
    st = game.state
    return shootout.decided(st.shootout_taken, st.shootout, game.options.shootout_kicks)

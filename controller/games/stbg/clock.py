"""Time: two periods (15 minutes by default) and the 30-second turn clock (S7, S14, S22)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from controller.i18n import say
from hal.board import TEAMS

from .errors import Illegal
from .flow import end_period, end_turn
from .state import OVER, Phase

if TYPE_CHECKING:
    from .match import Match


def period_length(game: Match) -> float:
    return game.options.half_minutes * 60.0


def due_in(clock: Mapping[str, Any]) -> float | None:
    """Seconds of game time until a clock decides something, from a snapshot's `clock`: the turn clock running
    out (it runs in turns only), the period ending. Never below zero; None when no clock runs."""
    dues: list[float] = []
    if clock.get("turn_elapsed") is not None:
        dues.append(clock["turn_length"] - clock["turn_elapsed"])
    if clock.get("running") and not clock.get("time_up") and clock.get("period", 5) <= 4:
        dues.append(clock["length"] - clock["elapsed"])
    return max(min(dues), 0.0) if dues else None


def tick(game: Match, seconds: float) -> None:
    """Time passes: the match clock runs from a period's first roll (or star card); the turn clock in turns
    only (S22; a kick-off's turn passes like any other); a period whose time is up ends at once in play, or
    once a battle, a card, a chance or a set-up that started before is completed."""
    st = game.state
    if seconds < 0:
        raise Illegal("bad_input", say("time does not go backwards"))
    st.now += seconds
    if st.phase in OVER:
        return
    if st.clock_running:
        st.elapsed += seconds
    left = seconds
    while st.phase == Phase.PLAY and left > 0:        # a long wait may run out several turns in a row
        used = min(left, game.options.turn_seconds - st.turn_clock)
        st.turn_clock += used
        left -= used
        if st.turn_clock < game.options.turn_seconds:
            break
        game.emit("turn_clock_expired", team=TEAMS[st.turn], points_lost=st.points)
        end_turn(game, "clock")
    if st.clock_running and not st.time_up and st.elapsed >= period_length(game):
        st.time_up = True
        game.emit("time_up", period=st.period)
        if st.phase in (Phase.PLAY, Phase.KICKOFF_SETUP):
            end_period(game)

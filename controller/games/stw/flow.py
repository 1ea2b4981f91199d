"""How play moves on (rules 1B, 11): the kick-off formation, the roll-off, a new offensive set, the end of a
period and the final whistle.

Every rule ends in one of these; they call no other rule module, so every rule module may call them.
"""
from __future__ import annotations

from .base import Match
from .phase import Phase
from .pieces import SLOTS, TEAMS, other, pawns_of
from .state import Offside

KICKER_ORDER = ("s1", "s2", "m1", "m2", "m3", "m4", "d1", "d2", "d3", "d4")
"""Who takes a kick-off: the first of these slots whose pawn is not sent off."""


# ----- kick-off -------------------------------------------------------------------------------------
def reset_formation(game: Match, team: int) -> None:
    """Kick-off formation (docs/board.md 2 and 5) with `team` to kick off; sent-off pawns leave the board."""
    st, profile = game.state, game.profile
    for t in (0, 1):
        slots = profile.formation_squares(t, kickoff=(t == team))
        for p, slot in zip(pawns_of(t), SLOTS, strict=True):
            st.sq[p] = -1 if st.sent_off[p] else slots[slot]
    kick_sq = profile.formation_squares(team, kickoff=True)["s1"]
    by_slot = dict(zip(SLOTS, pawns_of(team), strict=True))
    kicker = next((by_slot[k] for k in KICKER_ORDER if not st.sent_off[by_slot[k]]), -1)
    if kicker >= 0 and st.sq[kicker] != kick_sq:
        sitting = next((p for p in pawns_of(team)
                        if p != kicker and st.sq[p] == kick_sq and not st.sent_off[p]), -1)
        if sitting >= 0:
            st.sq[sitting] = st.sq[kicker]
        st.sq[kicker] = kick_sq
    game._moved()
    st.ball, st.holder, st.offense = kick_sq, kicker, team
    st.phase, st.actor, st.roll, st.dice = Phase.KICK_OFF, team, 0, [0, 0]
    st.kick, st.kicker, st.barred, st.passes = "kick_off", kicker, -1, 0
    st.restart, st.resume, st.offside = None, None, Offside()
    st.chance_live, st.move_deadline, st.reset_deadline = False, -1.0, -1.0
    game._emit("kick_off", team=TEAMS[team], period=st.period)


def both_rolled(game: Match, lower_wins: bool) -> int:
    """Both dice of a roll-off are in: the winning team, or -1 on a tie (rolled again, C1)."""
    st = game.state
    r, b = st.dice
    st.dice = [0, 0]
    if r == b:
        game._emit("roll_off_tie", value=r)
        return -1
    return 0 if (r < b) == lower_wins else 1


def resolve_roll_off(game: Match) -> None:
    """Rule 1B: the lower roll kicks off the first half; C1: a tie is rolled again."""
    st = game.state
    r, b = st.dice
    team = both_rolled(game, lower_wins=True)
    if team < 0:
        return
    st.first_kickoff = team
    game._emit("roll_off", red=r, blue=b, kickoff=TEAMS[team])
    reset_formation(game, team)


# ----- the offensive set --------------------------------------------------------------------------
def start_set(game: Match, team: int) -> None:
    """A new offensive set for `team` (it holds the ball); the end of a chance ends an expired period."""
    st = game.state
    st.offense = team
    st.chance_live = False
    if st.time_up:
        return end_period(game)
    st.phase, st.actor, st.roll, st.passes, st.dice = Phase.OFFENSIVE_SET, team, 0, 0, [0, 0]
    st.ball_sq, st.scoring, st.move_deadline = -1, False, -1.0


# ----- periods (rule 11) --------------------------------------------------------------------------
def end_period(game: Match) -> None:
    """Half time, extra time, the shoot-out or full time, as the period and the score say."""
    st = game.state
    period = st.period
    st.time_up, st.clock_running, st.elapsed, st.chance_live = False, False, 0.0, False
    st.move_deadline = st.reset_deadline = -1.0
    st.restart, st.resume, st.penalty = None, None, False
    tied = st.score[0] == st.score[1]
    if period == 1:
        game._emit("half_time", score=score(game))
        st.period = 2
        return reset_formation(game, other(st.first_kickoff))
    game._emit("period_end", period=period, score=score(game))
    extra_time = game.options.extra_time and game.options.extra_time_minutes > 0
    if period == 2 and tied and extra_time:
        game._emit("extra_time")
        st.period = 3
        return reset_formation(game, st.first_kickoff)
    if period == 3:
        st.period = 4
        return reset_formation(game, other(st.first_kickoff))
    if tied and (period == 4 or (period == 2 and game.options.extra_time)):     # extra_time_minutes 0: penalties
        game._emit("shootout")
        st.period, st.phase, st.actor, st.dice = 5, Phase.SHOOTOUT_ORDER, -1, [0, 0]
        st.holder, st.offense, st.roll = -1, -1, 0
        return
    final_whistle(game)


def score(game: Match) -> dict[str, int]:
    return {"red": game.state.score[0], "blue": game.state.score[1]}


def final_whistle(game: Match) -> None:
    st = game.state
    a, b = st.score
    if a == b and st.period == 5:
        a, b = st.shootout
    st.winner = -1 if a == b else (0 if a > b else 1)
    st.phase, st.actor, st.roll, st.holder = Phase.FULL_TIME, -1, 0, -1
    st.move_deadline = st.reset_deadline = -1.0
    st.clock_running = False
    game._emit("full_time", score=score(game), winner=TEAMS[st.winner] if st.winner >= 0 else None,
               shootout={"red": st.shootout[0], "blue": st.shootout[1]} if st.period == 5 else None)

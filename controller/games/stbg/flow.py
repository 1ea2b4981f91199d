"""How play moves on: the kick-off formation, a turn changing hands, a set-up starting and the end of a period
(RULES-STBG.md: Turns, S12, S14, S18, S22, S25).

Every rule ends in one of these; they call no other rule module but the shoot-out's start, so play, restarts,
star cards and the clock may all call them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from hal.board import TEAMS

from . import shootout
from .board import GOAL_AREA, MIDDLE, other, pawns_of, standard_slots, team_of
from .reach import pawn_at
from .state import Phase, Turn

if TYPE_CHECKING:
    from .match import Match


# ----- turns ---------------------------------------------------------------------------------------
def end_turn(game: Match, reason: str) -> None:
    st = game.state
    game.emit("turn_end", team=TEAMS[st.turn], reason=reason)
    start_turn(game, other(st.turn))


def start_turn(game: Match, team: int, kind: str = Turn.OPEN) -> None:
    """The team's turn starts (S22 the turn clock with it); an ordinary turn is skipped once for each
    substitution the team made (S12, S25), a set piece's never."""
    st = game.state
    if st.time_up:
        return end_period(game)
    for _ in range(8):
        k = kind
        if st.holder >= 0 and team_of(st.holder) == team and GOAL_AREA[team] >> st.sq[st.holder] & 1:
            k = Turn.GOAL_KICK
        if k != Turn.OPEN or not st.skips[team]:
            kind = k
            break
        st.skips[team] -= 1
        st.sub_pawn[team] = -1
        game.emit("turn_skipped", team=TEAMS[team])
        team, kind = other(team), Turn.OPEN
    st.phase, st.turn, st.kind = Phase.PLAY, team, kind
    st.rolled, st.points, st.roll, st.star, st.star_played = False, 0, 0, "", False
    st.kicked, st.stealer, st.turn_clock = False, -1, 0.0
    if kind not in (Turn.FREE_KICK, Turn.CORNER):
        st.barred = -1
    st.sub_pawn[team] = -1


# ----- set-ups -------------------------------------------------------------------------------------
def start_setup(game: Match, phase: Phase, first: int) -> None:
    st = game.state
    st.phase, st.turn, st.done = phase, first, [False, False]
    st.rolled, st.points, st.star, st.kicked, st.stealer = False, 0, "", False, -1


def find_holder(game: Match) -> None:
    """The set-up's attacking pawn on the ball holds it (a free kick's holder is settled when it is taken)."""
    st = game.state
    if st.phase != Phase.FREE_KICK_SETUP:
        team = st.kickoff_team if st.phase == Phase.KICKOFF_SETUP else st.attack
        st.holder = pawn_at(st, team, st.ball)


def lay_out_formation(game: Match, kickoff: int) -> None:
    """The standard formation for the pawns on the board, p1 in goal, the ball on the kick-off team's
    d-file middle square."""
    st = game.state
    for team in (0, 1):
        slots = standard_slots(team, team == kickoff)
        for slot, p in zip(slots, [p for p in pawns_of(team) if st.sq[p] >= 0], strict=False):
            st.sq[p] = slot
    st.ball = MIDDLE[kickoff][0]
    st.holder = pawn_at(st, kickoff, st.ball)


def kickoff_setup(game: Match) -> None:
    """After a goal or at half time: a free re-placement (S18), the kick-off team first, then the other, each
    pressing done once its pawns stand as the set-up rules say; the pieces stay where they are until then."""
    st = game.state
    start_setup(game, Phase.KICKOFF_SETUP, st.kickoff_team)
    find_holder(game)


# ----- the end of a period -------------------------------------------------------------------------
def end_period(game: Match) -> None:
    st = game.state
    st.time_up, st.clock_running = False, False
    if st.period == 1:
        game.emit("half_time", score={"red": st.score[0], "blue": st.score[1]})
        st.period, st.elapsed = 2, 0.0
        st.kickoff_team = other(st.first_kickoff)
        kickoff_setup(game)
        return
    if st.score[0] == st.score[1] and game.options.shootout:
        return shootout.start(game)
    st.phase = Phase.FULL_TIME
    st.winner = -1 if st.score[0] == st.score[1] else (0 if st.score[0] > st.score[1] else 1)
    game.emit("full_time", score={"red": st.score[0], "blue": st.score[1]},
              winner=TEAMS[st.winner] if st.winner >= 0 else None)

"""The published state: a versioned pydantic model (its JSON Schema is exported to the repo).

The same document is the last line of `soccerboard replay` and the retained MQTT `state`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field

from controller.snapshot_parts import BoardStatus, Dice

from . import clock, restarts
from . import geometry as g
from .pieces import PAWN_IDS, TEAMS

if TYPE_CHECKING:
    from .game import Game

SCHEMA: Final = "soccerboard.snapshot/1"
Team = Literal["red", "blue"]


class PawnState(BaseModel):
    model_config = ConfigDict(extra="forbid")
    square: str | None
    yellow: int
    sent_off: bool


class Score(BaseModel):
    red: int
    blue: int


class Clock(BaseModel):
    period: int                       # 1, 2 halves; 3, 4 extra time; 5 shoot-out
    elapsed: float                    # seconds played in the period
    length: float                     # seconds in the period
    running: bool
    paused: bool
    time_up: bool                     # the period's time is over; a chance is being finished
    now: float                        # simulated seconds since the set-up
    move_deadline: float | None       # the move clock (same time base as `now`)
    reset_deadline: float | None


class RestartInfo(BaseModel):
    kind: str
    team: Team
    todo: list[str]                   # English, as programs read it
    todo_say: list[dict[str, Any]]    # the same items as said ({"msg", "args"}): the page says them in its language
    declinable: bool


class Snapshot(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    schema_: Literal["soccerboard.snapshot/1"] = Field(SCHEMA, alias="schema")
    ruleset: str
    score: Score
    offense: Team | None
    ball: str | None
    holder: str | None
    phase: str
    expects: dict[str, Any]
    roll: int | None
    barred: str | None
    pawns: dict[str, PawnState]
    defender_yellows: dict[str, int]
    clock: Clock
    restart: RestartInfo | None
    shootout: Score | None
    winner: Team | None
    board: BoardStatus | None = None
    dice: Dice | None = None

    def to_json_dict(self) -> dict[str, Any]:
        return self.model_dump(mode="json", by_alias=True)


def _sq(s: int) -> str | None:
    return g.name(s) if s >= 0 else None


def _restart(game: Game) -> RestartInfo:
    r = game.state.restart
    assert r is not None
    todo = restarts.pending(game)
    return RestartInfo(kind=r.kind, team=TEAMS[r.team], todo=todo, todo_say=[item.said() for item in todo],
                       declinable=r.declinable)


def snapshot_of(game: Game) -> Snapshot:
    st = game.state
    r = st.restart
    return Snapshot(
        ruleset="soccer_tactics_world",
        score=Score(red=st.score[0], blue=st.score[1]),
        offense=TEAMS[st.offense] if st.offense >= 0 else None,
        ball=_sq(st.ball),
        holder=PAWN_IDS[st.holder] if st.holder >= 0 else None,
        phase=st.phase,
        expects=game.expects(),
        roll=st.roll or None,
        barred=PAWN_IDS[st.barred] if st.barred >= 0 else None,
        pawns={pid: PawnState(square=_sq(st.sq[i]), yellow=st.yellow[i], sent_off=st.sent_off[i])
               for i, pid in enumerate(PAWN_IDS)},
        defender_yellows={"red": st.defender_yellows[0], "blue": st.defender_yellows[1]},
        clock=Clock(period=st.period, elapsed=round(st.elapsed, 3), length=clock.period_length(game),
                    running=st.clock_running, paused=st.paused, time_up=st.time_up, now=round(st.now, 3),
                    move_deadline=st.move_deadline if st.move_deadline >= 0 else None,
                    reset_deadline=st.reset_deadline if st.reset_deadline >= 0 else None),
        restart=_restart(game) if r else None,
        shootout=Score(red=st.shootout[0], blue=st.shootout[1]) if st.period == 5 else None,
        winner=TEAMS[st.winner] if st.winner >= 0 else None,
    )

"""Soccer!! behind the seam's Ruleset: no sensed board, so every input is a line `action_for` turns into an
action (a game line, a roll, time)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from controller.i18n import say
from controller.scenario import ClockLine, GameLine, RollLine, Setup, Signal
from controller.seam import GameState, Illegal

from .actions import Roll, Wait
from .coach_lines import CoachLines
from .game import SoccerGame
from .lines import LINE_MODELS, _Line
from .roster import standard_models
from .state import Ball, Event, Match, Options, other


class SoccerOptions(BaseModel):
    """The set-up's options (section 3)."""
    model_config = ConfigDict(extra="forbid", strict=True)
    points: int = Field(1700, ge=0, le=100000)
    orientation: bool = False
    backpass: bool = False
    shared_die: bool = False
    units: Literal["cm", "in"] = "cm"


class Start(BaseModel):
    """`start`: begin mid-match; `team` moves first, as the last kick-off's or restart's team (P4)."""
    model_config = ConfigDict(extra="forbid", strict=True)
    half: int = Field(ge=1, le=2)
    turn: int = Field(ge=1, le=15)
    team: Literal["red", "blue"]
    holder: str | None = Field(None, pattern=r"^(red|blue)-[0-9]{1,2}$")
    score: dict[str, int] = Field(default_factory=dict)
    counted: int = Field(0, ge=0, le=100)


class GameKeys(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    rosters: Literal["standard"] | None = None
    start: Start | None = None


def _first_error(e: ValidationError, prefix: str) -> str:
    err = e.errors()[0]
    where = ".".join(str(p) for p in err["loc"])
    return f"{prefix}{'.' + where if where else ''}: {err['msg']}"


class Soccer(CoachLines):
    """The ruleset: no board, no clock; rosters, dice and tables."""
    name = "soccer"

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options = dict(options or {})

    def prepare(self) -> None:
        """Nothing to build."""

    def new_game(self, setup: Setup) -> SoccerGame:
        try:
            opts = SoccerOptions(**{**self.options, **(setup.options or {})})
        except ValidationError as e:
            raise ValueError(_first_error(e, "options")) from None
        except TypeError as e:
            raise ValueError(f"options: {e}") from None
        try:
            keys = GameKeys.model_validate(setup.game)
        except ValidationError as e:
            raise ValueError(_first_error(e, "setup")) from None
        if setup.pawns is not None or setup.ball is not None:
            raise ValueError("this game has no tokens on the board: no pawns or ball")
        if setup.turn is not None:
            raise ValueError("turn: a set-up of this game names no team to roll (the offense plays first)")
        if setup.clock is not None:
            raise ValueError("clock: this game has no clock (halves of turns); `start` begins mid-match")
        if keys.start is None and setup.kickoff is None:
            raise ValueError("kickoff: name the team that kicks off (or a `start` to begin mid-match)")
        first = keys.start.team if keys.start else cast(str, setup.kickoff)
        m = Match(Options(**opts.model_dump()), standard_models(), kickoff_team=first, team=first, starter=first)
        if keys.rosters is None:
            m.rosters_due = ["red", "blue"]
        if keys.start is not None:
            _begin_mid_match(m, keys.start)
        return SoccerGame(m)

    def action_for(self, line: Signal) -> Any:
        if isinstance(line, RollLine):
            return Roll(line.die, line.value)
        if isinstance(line, ClockLine):
            return Wait(line.advance)
        if isinstance(line, GameLine):
            return line_action(line.type, line.fields)
        raise Illegal("not_expected", say("{type} lines mean nothing in this game", type=line.type))

    def snapshot(self, game: GameState) -> dict[str, Any]:
        from .snapshot import snapshot_of
        return snapshot_of(cast(SoccerGame, game).match).to_json_dict()

    @staticmethod
    def due_in(snapshot: dict[str, Any]) -> float | None:
        """No clock runs in this game: turns, not minutes."""
        return None


def line_action(kind: str, fields: Mapping[str, Any]) -> _Line:
    """A line's fields checked against its model: Illegal bad_input naming the first thing wrong."""
    model = LINE_MODELS.get(kind)
    if model is None:
        raise Illegal("bad_input", say("{kind} is not a line of this game", kind=kind))
    try:
        return model.model_validate(dict(fields))
    except ValidationError as e:
        err = e.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "line"
        raise Illegal("bad_input", say("{kind} line, {where}: {msg}", kind=kind, where=where, msg=err['msg'])) from None


def _begin_mid_match(m: Match, start: Start) -> None:
    """`start`: the half and turn, the team moving first, the holder, the score and the half's counted events."""
    if start.holder is not None and start.holder not in m.models:
        raise ValueError(f"start.holder: {start.holder} is not a model of either roster")
    m.half, m.turn, m.counted = start.half, start.turn, start.counted
    m.half_length = min(15, 12 + start.counted // 2)
    if start.turn > m.half_length:
        raise ValueError(f"start.turn: the half has {m.half_length} turns")
    if set(start.score) - {"red", "blue"} or any(v < 0 for v in start.score.values()):
        raise ValueError("start.score: goals of red and blue, none negative")
    m.score = {"red": start.score.get("red", 0), "blue": start.score.get("blue", 0)}
    m.kickoff_team = start.team if start.half == 1 else other(start.team)
    m.phase, m.team, m.starter, m.phase_no, m.serial = "play", start.team, start.team, 0, 1
    if start.holder is not None:
        m.ball = Ball(holder=start.holder, state="held", last_touch=start.holder.split("-")[0])


__all__ = ["Event", "Soccer", "SoccerOptions", "line_action"]

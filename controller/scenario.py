"""Scenario lines (docs/board.md section 5): the physical inputs of a game, one JSON object a line.

The same format is the daemon's journal. Parsing never raises anything but BadInput, whose message
says what is wrong with the line.
"""
from __future__ import annotations

import json
import math
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator, model_validator

from hal.board import square_index

Token = Literal["red", "blue", "ball"]
TeamName = Literal["red", "blue"]


class BadInput(ValueError):
    """A line that is not a valid input; the message is the `detail` of its rejection."""


def _square(v: str) -> str:
    square_index(v)
    return v


class _Line(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class SetupClock(_Line):
    """Where the match clock stands at a set-up: the period (1, 2 halves; 3, 4 extra time) and the seconds
    played in it."""
    period: int = Field(ge=1, le=4, strict=True)
    elapsed: float = Field(0.0, ge=0, allow_inf_nan=False)


RULESETS = ("soccer_tactics_world", "stbg")
"""The games a set-up may name (`ruleset`); none named: the game the referee was started with."""


class Setup(_Line):
    type: Literal["setup"]
    ruleset: Literal["soccer_tactics_world", "stbg"] | None = None
    turn: TeamName | None = None            # stbg: the team to roll in an explicit set-up
    formation: Literal["standard"] | None = None
    kickoff: TeamName | None = None
    pawns: dict[str, str] | None = None
    ball: str | None = None
    offense: TeamName | None = None
    phase: str = "offensive_set"
    options: dict[str, Any] | None = None
    clock: SetupClock | None = None

    @model_validator(mode="after")
    def _turn_is_stbg(self) -> Setup:
        if self.turn is not None and self.ruleset != "stbg":
            raise ValueError("turn: only a set-up with \"ruleset\": \"stbg\" names the team to roll")
        return self

    @field_validator("ball")
    @classmethod
    def _ball(cls, v: str | None) -> str | None:
        return None if v is None else _square(v)

    @field_validator("pawns")
    @classmethod
    def _pawns(cls, v: dict[str, str] | None) -> dict[str, str] | None:
        if v is not None:
            for sq in v.values():
                _square(sq)
        return v


class Lift(_Line):
    type: Literal["lift"]
    square: str
    token: Token
    _v = field_validator("square")(classmethod(lambda cls, v: _square(v)))


class Place(_Line):
    type: Literal["place"]
    square: str
    token: Token
    _v = field_validator("square")(classmethod(lambda cls, v: _square(v)))


class Move(_Line):
    type: Literal["move"]
    from_: str = Field(alias="from")
    to: str
    token: Token
    _v = field_validator("from_", "to")(classmethod(lambda cls, v: _square(v)))


class RollLine(_Line):
    type: Literal["roll"]
    die: TeamName
    value: int = Field(ge=1, le=6, strict=True)


class SpinLine(_Line):
    type: Literal["spin"]
    outcome: Literal["goal", "corner", "goal_kick"]


class PressLine(_Line):
    type: Literal["press"]
    button: Literal["confirm", "decline", "pause", "resume", "undo",
                    "done", "star_pass", "star_shoot", "star_steal", "substitution"]
    team: TeamName | None = None            # stbg: who presses done, a star card or a substitution
    pawn: str | None = None                 # stbg: the pawn a substitution is for


class CardLine(_Line):
    """stbg: the referee card drawn after a fault, a chance input like a die."""
    type: Literal["card"]
    card: Literal["red", "yellow", "blank"]


class HandLine(_Line):
    """stbg: a team's hand of star cards, declared before the first kick-off (the engine judges its size)."""
    type: Literal["hand"]
    team: TeamName
    cards: list[Literal["pass", "shoot", "steal"]] = Field(max_length=64)


class ClockLine(_Line):
    type: Literal["clock"]
    advance: float = Field(ge=0)

    @field_validator("advance")
    @classmethod
    def _finite(cls, v: float) -> float:
        if not math.isfinite(v):
            raise ValueError("must be a finite number of seconds")
        return v


Line = Setup | Lift | Place | Move | RollLine | SpinLine | PressLine | ClockLine | CardLine | HandLine
# the inputs that move no token (dice, spins, buttons, cards, time): each ruleset turns them into its actions
Signal = RollLine | SpinLine | PressLine | ClockLine | CardLine | HandLine
Input = Annotated[Line, Field(discriminator="type")]
_ADAPTER: TypeAdapter[Line] = TypeAdapter(Input)
TYPES = ("setup", "lift", "place", "move", "roll", "spin", "press", "clock", "card", "hand")


def parse_line(text: str) -> Line | None:
    """One scenario line -> an input model; None for comments and blank lines; BadInput otherwise."""
    stripped = text.strip()
    if not stripped or stripped.startswith("#"):
        return None
    try:
        data = json.loads(stripped)
    except (json.JSONDecodeError, RecursionError) as e:
        raise BadInput(f"not valid JSON: {getattr(e, 'msg', 'nested too deeply')}") from None
    return parse_obj(data)


def parse_obj(data: object) -> Line:
    if not isinstance(data, dict):
        raise BadInput("a line must be a JSON object")
    if data.get("type") not in TYPES:
        raise BadInput(f"unknown line type {data.get('type')!r}; expected one of {', '.join(TYPES)}")
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as e:
        err = e.errors()[0]
        loc = ".".join(str(p) for p in err["loc"][1:]) or "line"
        msg = err["msg"].removeprefix("Value error, ")
        value = err.get("input")
        shown = "" if isinstance(value, dict) else f" (got {json.dumps(value) if _jsonable(value) else repr(value)})"
        raise BadInput(f"{data['type']} line, {loc}: {msg}{shown}") from None


def _jsonable(v: object) -> bool:
    try:
        json.dumps(v)
        return True
    except (TypeError, ValueError):
        return False

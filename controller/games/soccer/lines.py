"""The input lines of section 3 as strict models (the actions the engine applies), and the registry of their
handlers. A handler is found by line type and situation: first (type, the match's phase), then (type, the
ball's `cause`), then (type, ""), so a restart's kick or a kicked-away ball's `ball` line gets its own rule."""
from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from .state import Event, Match

ModelId = Annotated[str, StringConstraints(pattern=r"^(red|blue)-[0-9]{1,2}$")]
Team = Literal["red", "blue"]
Area = Literal["field", "red:penalty", "red:shooting", "red:side", "red:no_shooting",
               "blue:penalty", "blue:shooting", "blue:side", "blue:no_shooting"]
MAX_DISTANCE = 500.0        # beyond any table, in cm or inches
Distance = Annotated[float, Field(ge=0, le=MAX_DISTANCE, strict=True, allow_inf_nan=False)]
Text = Annotated[str, StringConstraints(max_length=200)]
Name = Annotated[str, StringConstraints(max_length=40)]
Level = Annotated[int, Field(strict=True)]        # the range is a roster ruling (P39: roster_invalid)


class _Line(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, populate_by_name=True)


class RosterModel(_Line):
    shirt: int = Field(ge=0, le=99)
    name: Name
    P: Level
    S: Level
    H: Level
    INT: Level
    A: Level
    PC: Level
    SV: Level | None = None
    skill: Name | None = None
    gk: bool = False
    bench: bool = False


class RosterLine(_Line):
    type: Literal["roster"]
    team: Team
    models: list[RosterModel] = Field(min_length=1, max_length=14)


class KickOffLine(_Line):
    type: Literal["kick_off"]
    from_: ModelId = Field(alias="from")
    to: ModelId


class MoveLine(_Line):
    type: Literal["move"]
    model: ModelId
    cm: Distance
    near: ModelId | None = None
    stopped_by: ModelId | None = None


class EndPhaseLine(_Line):
    type: Literal["end_phase"]
    team: Team | None = None        # the phase's team, so a coach ends only its own team's phase


Target = ModelId | Literal["point", "goal"]


class PassLine(_Line):
    type: Literal["pass"]
    model: ModelId
    to: Target
    cm: Distance
    height: Literal["low", "high"]
    with_: Literal["hands"] | None = Field(None, alias="with")
    block: bool = False
    offside: ModelId | None = None
    hands: bool = True
    challenger: ModelId | None = None


class HeaderLine(_Line):
    type: Literal["header"]
    model: ModelId
    to: Target
    cm: Distance
    at: Area | None = None
    offside: ModelId | None = None
    hands: bool = True
    challenger: ModelId | None = None


class ShootLine(_Line):
    type: Literal["shoot"]
    model: ModelId
    at: Area
    goal_cm: Distance
    zones: int = Field(ge=0, le=22)
    via: Literal["i", "ii", "iii"]
    moved_cm: Distance = 0.0
    gk_out: bool = False
    wall: int = Field(0, ge=0, le=4)
    interferer: ModelId | None = None


class GkExitLine(_Line):
    type: Literal["gk_exit"]
    model: ModelId
    cm: Distance
    on_axis: int = Field(ge=0, le=22)
    opp_on_spot: bool = False
    goal_area: bool = False


class InterceptLine(_Line):
    type: Literal["intercept"]
    model: ModelId
    at: Area
    cm: Distance
    helper: ModelId | None = None
    midair: bool = False
    side: Literal["front", "back"] | None = None


class ClaimLine(_Line):
    type: Literal["claim"]
    model: ModelId
    cm: Distance
    tie: ModelId | None = None


class BallLine(_Line):
    type: Literal["ball"]
    out: Literal["side", "goal_line", "goal"]
    end: Team | None = None


class ThrowInLine(_Line):
    type: Literal["throw_in"]
    model: ModelId
    to: Target
    cm: Distance
    opp_near: bool = False
    challenger: ModelId | None = None


class PlayOutLine(_Line):
    type: Literal["play_out"]
    model: ModelId


class SubstituteLine(_Line):
    type: Literal["substitute"]
    off: ModelId
    on: ModelId


class KeeperLine(_Line):
    type: Literal["keeper"]
    model: ModelId


class DisputeLine(_Line):
    type: Literal["dispute"]
    a: Text
    b: Text


class DeclineLine(_Line):
    type: Literal["decline"]
    team: Team


LINE_MODELS: dict[str, type[_Line]] = {
    "roster": RosterLine, "kick_off": KickOffLine, "move": MoveLine, "end_phase": EndPhaseLine,
    "pass": PassLine, "header": HeaderLine, "shoot": ShootLine, "gk_exit": GkExitLine,
    "intercept": InterceptLine, "claim": ClaimLine, "ball": BallLine, "throw_in": ThrowInLine,
    "play_out": PlayOutLine, "substitute": SubstituteLine, "keeper": KeeperLine, "dispute": DisputeLine,
    "decline": DeclineLine}
LINE_TYPES = tuple(LINE_MODELS)


Handler = Callable[[Match, Any], list[Event]]
HANDLERS: dict[tuple[str, str], Handler] = {}


def handles(line_type: str, situation: str = "") -> Callable[[Handler], Handler]:
    """Register the handler of a line type, for one situation (a phase or a ball cause) or any ("")."""
    def register(fn: Handler) -> Handler:
        HANDLERS[(line_type, situation)] = fn
        return fn
    return register


def handler_for(line_type: str, m: Match) -> Handler | None:
    for situation in (m.phase, m.ball.cause, ""):
        fn = HANDLERS.get((line_type, situation))
        if fn is not None:
            return fn
    return None

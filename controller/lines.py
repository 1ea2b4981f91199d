"""The scenario lines' models (docs/board.md section 5): what each input line holds, checked field by field.

Below the game seam (controller/seam.py names Setup and Signal in what a ruleset takes) and above nothing but the
board's geometry: the registry's knowledge (which games exist, their own line types and set-up keys) reaches the
models only through the parser, controller/scenario.py, which turns text into these.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from hal.board import square_index

from .echo import quoted
from .i18n import N_, Say, say

Token = Literal["red", "blue", "ball"]
TeamName = Literal["red", "blue"]


NAME_LENGTH = 32
"""The longest pawn id, phase or option name a line may give (the real ones are under 24 characters): every
refusal that names one then quotes a short piece of text."""
OPTIONS_DEPTH = 3       # {"shooting_die_faces": {"1": "goal"}} is the deepest a real option goes
GAME_DEPTH = 4          # a game's own line or set-up key: {"models": [{"shirt": 1, ...}]} and no deeper


def _square(v: str) -> str:
    try:
        square_index(v)
    except ValueError:          # its sentence quotes the name whole: the refusal quotes it bounded instead
        raise ValueError(say("not a square name (a1..h16)")) from None
    return v


OPTIONS = N_("options")


def _check_options(value: object, depth: int = 1, limit: int = OPTIONS_DEPTH, what: Say = OPTIONS) -> None:
    """Key names short, nesting shallow: the engine's refusals quote the names they refuse."""
    if depth > limit and isinstance(value, dict | list):
        raise ValueError(say("{what} nest at most {limit} levels deep", what=what, limit=limit))
    if isinstance(value, dict):
        for key, inner in value.items():
            if len(key) > NAME_LENGTH:
                raise ValueError(say("{key} is not a key name (at most {length} characters)", key=quoted(key),
                                     length=NAME_LENGTH))
            _check_options(inner, depth + 1, limit, what)
    elif isinstance(value, list):
        for inner in value:
            _check_options(inner, depth + 1, limit, what)


class _Line(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class SetupClock(_Line):
    """Where the match clock stands at a set-up: the period (1, 2 halves; 3, 4 extra time) and the seconds
    played in it."""
    period: int = Field(ge=1, le=4, strict=True)
    elapsed: float = Field(0.0, ge=0, allow_inf_nan=False)


def one_of_games(v: object, known: tuple[str, ...]) -> object:
    """`v` if it is None or one of the `known` games; else refused as a choice outside a Literal is, listing
    them."""
    if v is None or (isinstance(v, str) and v in known):
        return v
    choices = [repr(name) for name in known]
    listed = choices[0] if len(choices) == 1 else f"{', '.join(choices[:-1])} or {choices[-1]}"
    raise PydanticCustomError("literal_error", "Input should be {expected}", {"expected": listed})


def _named_game(v: object, info: ValidationInfo) -> object:
    """The games a set-up may name (`ruleset`): those the parser passes in the validation context (the registry's,
    controller/scenario.py; none named: the game the referee was started with). A set-up built in code, without
    the context, is trusted."""
    known = (info.context or {}).get("games")
    return v if known is None else one_of_games(v, known)


class Setup(_Line):
    type: Literal["setup"]
    ruleset: Annotated[str | None, BeforeValidator(_named_game)] = None
    turn: TeamName | None = None            # the team to roll in an explicit set-up, for a game whose set-up has one
    formation: Literal["standard"] | None = None
    kickoff: TeamName | None = None
    pawns: dict[Annotated[str, Field(max_length=NAME_LENGTH)], str] | None = None
    ball: str | None = None
    offense: TeamName | None = None
    phase: str = Field("offensive_set", max_length=NAME_LENGTH)
    options: dict[str, Any] | None = None
    clock: SetupClock | None = None
    game: dict[str, Any] = Field(default_factory=dict)   # the set-up keys of a game's own (GameInfo.setup_keys):
                                                         # the game reads them in new_game

    @field_validator("options")
    @classmethod
    def _options(cls, v: dict[str, Any] | None) -> dict[str, Any] | None:
        _check_options(v)
        return v

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
    team: TeamName | None = None            # who presses done, a star card or a substitution (a game with them)
    pawn: str | None = Field(None, max_length=NAME_LENGTH)      # the pawn a substitution is for


class CardLine(_Line):
    """The referee card drawn after a fault, in a game that has them: a chance input like a die."""
    type: Literal["card"]
    card: Literal["red", "yellow", "blank"]


class HandLine(_Line):
    """A team's hand of star cards, in a game that has them, declared before the first kick-off (the engine judges
    its size)."""
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
            raise ValueError(say("must be a finite number of seconds"))
        return v


@dataclass(frozen=True)
class GameLine:
    """A line of a game's own (a type its GameInfo.lines declares): `fields` is the whole JSON object, type
    included, bounded in depth like options; the game checks it in its ruleset's action_for. `core_error`: what
    the core's own form of that type said of it, for a game that does not declare the type (a `move` line that
    is not a token's move)."""
    type: str
    fields: dict[str, Any]
    core_error: str | None = None


CoreLine = Setup | Lift | Place | Move | RollLine | SpinLine | PressLine | ClockLine | CardLine | HandLine
Line = CoreLine | GameLine
# the inputs that move no token (dice, spins, buttons, cards, time, a game's own lines): each ruleset turns them
# into its actions
Signal = RollLine | SpinLine | PressLine | ClockLine | CardLine | HandLine | GameLine
Input = Line

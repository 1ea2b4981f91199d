"""Scenario lines (docs/board.md section 5): the physical inputs of a game, one JSON object a line.

The same format is the daemon's journal. Parsing never raises anything but BadInput, whose message
says what is wrong with the line. The models are controller/lines.py's; the parser adds what the game
registry knows (the games a set-up may name, the lines and set-up keys of a game's own).
"""
from __future__ import annotations

import json
from typing import Annotated, Any

from pydantic import Field, TypeAdapter, ValidationError

from .echo import quoted
from .games import names, own_lines_and_keys
from .i18n import N_, Say, say
from .i18n.pydantic_words import said_error
from .lines import (
    GAME_DEPTH,
    NAME_LENGTH,
    OPTIONS_DEPTH,
    CardLine,
    ClockLine,
    CoreLine,
    GameLine,
    HandLine,
    Input,
    Lift,
    Line,
    Move,
    Place,
    PressLine,
    RollLine,
    Setup,
    SetupClock,
    Signal,
    SpinLine,
    TeamName,
    Token,
    _check_options,
    one_of_games,
)

__all__ = [
    "GAME_DEPTH",
    "NAME_LENGTH",
    "OPTIONS_DEPTH",
    "TYPES",
    "BadInput",
    "CardLine",
    "ClockLine",
    "CoreLine",
    "GameLine",
    "HandLine",
    "Input",
    "Lift",
    "Line",
    "Move",
    "Place",
    "PressLine",
    "RollLine",
    "Setup",
    "SetupClock",
    "Signal",
    "SpinLine",
    "TeamName",
    "Token",
    "parse_line",
    "parse_obj",
]


class BadInput(ValueError):
    """A line that is not a valid input; the message (a said sentence, `sentence`) is the `detail` of its
    rejection."""

    @property
    def sentence(self) -> Say | str:
        return self.args[0] if len(self.args) == 1 and isinstance(self.args[0], Say) else str(self)


def registered_game(v: object) -> object:
    """A pydantic before-validator: `v` if it names a registered game (or is None), else refused, listing them."""
    return one_of_games(v, names())


_ADAPTER: TypeAdapter[CoreLine] = TypeAdapter(Annotated[CoreLine, Field(discriminator="type")])
TYPES = ("setup", "lift", "place", "move", "roll", "spin", "press", "clock", "card", "hand")


def parse_line(text: str) -> Line | None:
    """One scenario line -> an input model; None for comments and blank lines; BadInput otherwise."""
    stripped = text.strip()
    if not stripped or stripped.startswith("#"):
        return None
    try:
        data = json.loads(stripped, parse_constant=_not_json)
    except json.JSONDecodeError as e:
        raise BadInput(say("not valid JSON: {reason}", reason=e.msg)) from None
    except RecursionError:
        raise BadInput(say("not valid JSON: nested too deeply")) from None
    except ValueError as e:     # NaN or Infinity, or an integer of more digits than Python converts
        reason = e.args[0] if len(e.args) == 1 and isinstance(e.args[0], Say) else _short(str(e))
        raise BadInput(say("not valid JSON: {reason}", reason=reason)) from None
    return parse_obj(data)


def _not_json(name: str) -> object:
    """NaN, Infinity and -Infinity are JavaScript, not JSON: no scenario value is one."""
    raise ValueError(say("{name} is not a JSON number", name=name))


def _short(message: str) -> str:
    """Python's own sentence for an over-long integer, without its advice to raise the limit."""
    return message.split(";", 1)[0].replace("Exceeds the limit", "an integer exceeds the limit")


def parse_obj(data: object) -> Line:
    if not isinstance(data, dict):
        raise BadInput(say("a line must be a JSON object"))
    kind = data.get("type")
    own_lines, own_keys = own_lines_and_keys()
    if not isinstance(kind, str) or (kind not in TYPES and kind not in own_lines):
        if own_lines - set(TYPES):
            raise BadInput(say("unknown line type {type}; expected one of {types}, or a line of a game's own "
                               "(docs/games.md)", type=quoted(kind), types=", ".join(TYPES)))
        raise BadInput(say("unknown line type {type}; expected one of {types}", type=quoted(kind),
                           types=", ".join(TYPES)))
    if kind not in TYPES:
        return GameLine(kind, _game_fields(kind, data))
    if kind == "setup":
        data = _setup_with_game_keys(data, own_keys)
    try:
        return _ADAPTER.validate_python(data, context={"games": names()})
    except ValidationError as e:
        message = _refused_field(kind, e.errors()[0])
    if kind in own_lines:           # not the core's form of the type, but a game has a line of that type
        return GameLine(kind, _game_fields(kind, data), core_error=message)
    raise BadInput(message)


def _game_fields(kind: str, data: dict[str, Any]) -> dict[str, Any]:
    try:
        _check_options(data, 1, GAME_DEPTH, say("{type} lines", type=kind))
    except ValueError as e:
        raise BadInput(say("{type} line: {problem}", type=kind, problem=_problem(e))) from None
    return data


def _setup_with_game_keys(data: dict[str, Any], own_keys: frozenset[str]) -> dict[str, Any]:
    """The set-up with the keys of a game's own moved into `game` (the game named, or played, says whether they
    are its own: the core asks it at the set-up)."""
    if "game" in data:
        raise BadInput(say("setup line, game: Extra inputs are not permitted"))
    game = {key: value for key, value in data.items() if key in own_keys}
    if not game:
        return data
    try:
        _check_options(game, 1, GAME_DEPTH, N_("setup keys"))
    except ValueError as e:
        raise BadInput(say("setup line: {problem}", problem=_problem(e))) from None
    return {**{key: value for key, value in data.items() if key not in own_keys}, "game": game}


def _refused_field(kind: str, err: Any) -> Say:
    """A field's refusal: the line's type, the field, pydantic's error in our words and the value given."""
    field = ".".join(_loc_part(p) for p in err["loc"][1:]) or "line"
    problem = said_error(err)
    value = err.get("input")
    if isinstance(value, dict):
        return say("{type} line, {field}: {problem}", type=kind, field=field, problem=problem)
    return say("{type} line, {field}: {problem} (got {value})", type=kind, field=field, problem=problem,
               value=quoted(value))


def _problem(e: ValueError) -> Say | str:
    return e.args[0] if len(e.args) == 1 and isinstance(e.args[0], Say) else str(e)


def _loc_part(part: object) -> str:
    """A key of the line as its refusal names it: short keys as they are, a long one quoted and cut."""
    text = str(part)
    return text if len(text) <= NAME_LENGTH and text.isprintable() else quoted(part, NAME_LENGTH)

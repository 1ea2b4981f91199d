"""SOCCERBOARD_* environment variables as configuration data, each value remembering the variable it came from.

Why not pydantic-settings' own reader: a mistake must name where it is, and its reader neither names the
variable whose JSON is bad (it says "error parsing value for field game") nor tells a value from the
environment from one in the file, so a bad variable was blamed on the TOML file. The rules are the same:
`SOCCERBOARD_<SECTION>__<KEY>`, names in any case, a section or a table key given whole as a JSON object,
variables of other tools that share the prefix (SOCCERBOARD_HAL) left alone, the environment over the file.
"""
from __future__ import annotations

import json
import types
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel

from controller.echo import quoted
from controller.i18n import say

PREFIX = "SOCCERBOARD_"
DELIMITER = "__"
MAX_DEPTH = 8
"""Tables and lists nest at most this deep in a configuration (the deepest real key is three levels down:
game.options.star_cards.pass)."""

Loc = tuple[str, ...]


class EnvError(ValueError):
    """A variable that cannot be read as configuration; the message names it and the key."""


@dataclass
class Environment:
    """The configuration the environment gives, and which variable gave each value."""
    data: dict[str, Any] = field(default_factory=dict)
    origins: dict[Loc, str] = field(default_factory=dict)     # a value's path -> the variable that set it

    def variable_for(self, loc: Loc, file_data: Mapping[str, Any]) -> str | None:
        """The variable a mistake at `loc` is in: the one that set it or a table around it, or the one that
        set keys under it when the file has nothing there; None when the mistake is the file's."""
        for n in range(len(loc), 0, -1):
            if loc[:n] in self.origins:
                return self.origins[loc[:n]]
        inside = sorted(name for path, name in self.origins.items() if path[:len(loc)] == loc)
        if inside and not _holds(file_data, loc):
            return inside[0]
        return None


def read_environment(model: type[BaseModel], environ: Mapping[str, str]) -> Environment:
    """The variables of `environ` that configure `model`; EnvError (naming the variable) for one that cannot."""
    env = Environment()
    for name in sorted(environ, key=lambda n: (n.upper(), n)):    # a whole section before its keys
        if not name.upper().startswith(PREFIX):
            continue
        path = tuple(name[len(PREFIX):].lower().split(DELIMITER))
        if path[0] not in model.model_fields:
            continue                         # another tool's variable (SOCCERBOARD_HAL, SOCCERBOARD_APT, ...)
        key = dotted(path)
        if not all(path):
            raise EnvError(say("environment variable {name}: {key}: an empty key (SOCCERBOARD_<SECTION>__<KEY>, "
                               "e.g. SOCCERBOARD_MQTT__URL)", name=name, key=key))
        value: Any = environ[name]
        if _is_table(_annotation_at(model, path)):
            value = _json_object(name, key, value)
            deep = too_deep(value, MAX_DEPTH - len(path))
            if deep is not None:
                raise EnvError(say("environment variable {name}: {key}: nested more than {depth} levels deep (no "
                                   "configuration key goes so deep)", name=name, key=dotted((*path, *deep)),
                                   depth=MAX_DEPTH))
        _put(env.data, path, value)
        for leaf in _leaves(path, value):
            env.origins[leaf] = name
    return env


def merged(file_data: dict[str, Any], env_data: Mapping[str, Any]) -> dict[str, Any]:
    """The file's data with the environment's on top, table by table."""
    out = dict(file_data)
    for key, value in env_data.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merged(out[key], value)
        else:
            out[key] = value
    return out


def _json_object(name: str, key: str, text: str) -> dict[str, Any]:
    example = '{"half_minutes": 20}' if key.endswith("options") else '{"key": value, ...}'
    try:
        value = json.loads(text, parse_constant=_not_json)
    except json.JSONDecodeError as e:
        raise EnvError(say("environment variable {name}: {key}: not valid JSON ({why} at character {pos}); give a "
                           "JSON object, e.g. {name}='{example}'", name=name, key=key, why=e.msg, pos=e.pos,
                           example=example)) from None
    except RecursionError:
        raise EnvError(say("environment variable {name}: {key}: not valid JSON (nested too deeply)", name=name,
                           key=key)) from None
    except ValueError as e:            # NaN or Infinity, an integer of more digits than Python converts
        raise EnvError(say("environment variable {name}: {key}: not valid JSON ({why})", name=name, key=key,
                           why=str(e).split(';', 1)[0])) from None
    if not isinstance(value, dict):
        raise EnvError(say("environment variable {name}: {key}: must be a JSON object, not {value}; e.g. "
                           "{name}='{example}'", name=name, key=key, value=quoted(value), example=example))
    return value


def _not_json(constant: str) -> object:
    raise ValueError(f"{constant} is not a JSON number")


def _annotation_at(model: type[BaseModel], path: Loc) -> Any:
    """The type the configuration declares at `path` (Any past what it declares)."""
    annotation: Any = model
    for part in path:
        annotation = bare_type(annotation)
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            info = annotation.model_fields.get(part)
            if info is None:
                return Any
            annotation = info.annotation
        elif get_origin(annotation) is dict:
            annotation = get_args(annotation)[1]
        else:
            return Any
    return annotation


def bare_type(annotation: Any) -> Any:
    """`X | None` and `Annotated[X, ...]` as X."""
    while True:
        if get_origin(annotation) is Annotated:
            annotation = get_args(annotation)[0]
        elif get_origin(annotation) in (Union, types.UnionType):
            args = [a for a in get_args(annotation) if a is not type(None)]
            if len(args) != 1:
                return annotation
            annotation = args[0]
        else:
            return annotation


def _is_table(annotation: Any) -> bool:
    bare = bare_type(annotation)
    return get_origin(bare) is dict or bare is dict or (isinstance(bare, type) and issubclass(bare, BaseModel))


def _put(data: dict[str, Any], path: Loc, value: Any) -> None:
    for part in path[:-1]:
        inner = data.get(part)
        if not isinstance(inner, dict):
            inner = data[part] = {}
        data = inner
    last = path[-1]
    if isinstance(value, dict) and isinstance(data.get(last), dict):
        data[last] = merged(data[last], value)
    else:
        data[last] = value


def _leaves(path: Loc, value: Any) -> Iterator[Loc]:
    """Every path a variable's value sets: a table given as JSON sets its keys, not the keys beside them."""
    if isinstance(value, dict) and value:
        for key, inner in value.items():
            yield from _leaves((*path, str(key)), inner)
    else:
        yield path


def dotted(loc: tuple[object, ...]) -> str:
    """A key's path as a message names it, each part bounded (a key is input too)."""
    return ".".join(str(p) if len(str(p)) <= 32 and str(p).isprintable() else quoted(p, 32) for p in loc)


def too_deep(value: Any, limit: int) -> Loc | None:
    """The path at which `value` nests deeper than `limit` tables or lists, or None (looked at without
    recursion: the value may be nested far beyond Python's recursion limit)."""
    stack: list[tuple[Any, Loc]] = [(value, ())]
    while stack:
        inner, path = stack.pop()
        items = (inner.items() if isinstance(inner, dict) else enumerate(inner) if isinstance(inner, list) else ())
        for key, item in items:
            if isinstance(item, dict | list):
                if len(path) + 1 > limit:
                    return (*path, str(key))
                stack.append((item, (*path, str(key))))
    return None


def _holds(data: Mapping[str, Any], loc: Loc) -> bool:
    for part in loc:
        if not isinstance(data, Mapping) or part not in data:
            return False
        data = data[part]
    return True

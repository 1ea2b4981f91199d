"""The registry of games: each game is a package that names its `GameInfo` under the `soccerboard.games`
entry-point group (pyproject.toml), as the CLI's commands are found. Nothing outside a game's package imports
it by name: the core, the daemon, the page and the players ask the registry, so a new game is a new package
and one entry point (docs/games.md)."""
from __future__ import annotations

import sys
from collections.abc import Mapping
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from controller.seam import GameInfo, Ruleset

GROUP = "soccerboard.games"
_found: tuple[tuple[str, ...], dict[str, EntryPoint]] | None = None
_loaded: dict[str, GameInfo] = {}
_own: tuple[tuple[str, ...], tuple[frozenset[str], frozenset[str]]] | None = None


class UnknownGame(ValueError):
    """A game name no installed package registers: the message lists those that do."""

    def __init__(self, name: object) -> None:
        super().__init__(f"unknown ruleset {name!r} (available: {', '.join(names())})")


def _entry_points() -> dict[str, EntryPoint]:
    """The group's entry points, read again when sys.path changes (a test puts a game of its own on it)."""
    global _found
    key = tuple(sys.path)
    if _found is None or _found[0] != key:
        _found = (key, {ep.name: ep for ep in entry_points(group=GROUP)})
        _loaded.clear()
    return _found[1]


def names() -> tuple[str, ...]:
    """Every registered game's name, the default game first, then in name order."""
    found = sorted(_entry_points())
    first = [name for name in found if info(name).default]
    return (*first, *(name for name in found if name not in first))


def info(name: str) -> GameInfo:
    """The game registered as `name`; UnknownGame if none is."""
    points = _entry_points()
    if name not in _loaded:
        if not isinstance(name, str) or name not in points:
            raise UnknownGame(name)
        game = points[name].load()
        if not isinstance(game, GameInfo) or game.name != name:
            raise TypeError(f"the {GROUP} entry point {name!r} names {game!r}, not the GameInfo of {name!r}")
        _loaded[name] = game
    return _loaded[name]


def default() -> GameInfo:
    """The game played when nothing names one."""
    for name in sorted(_entry_points()):
        if info(name).default:
            return info(name)
    raise LookupError(f"no registered game is the default (entry-point group {GROUP})")


def own_lines_and_keys() -> tuple[frozenset[str], frozenset[str]]:
    """The line types and set-up keys the registered games declare as their own (GameInfo.lines, setup_keys):
    the parser asks on every line, so it is worked out once per set of registered games."""
    global _own
    _entry_points()
    key = _found[0] if _found is not None else ()
    if _own is None or _own[0] != key:
        every = [info(name) for name in names()]
        _own = (key, (frozenset(t for g in every for t in g.lines), frozenset(k for g in every for k in g.setup_keys)))
    return _own[1]


def get_ruleset(name: str | None = None, options: Mapping[str, Any] | None = None) -> Ruleset:
    """A ruleset of the named game (the default game when None), with its options."""
    return (default() if name is None else info(name)).make_ruleset(options)

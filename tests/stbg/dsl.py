"""A small language for the STBG rule tests: positions by square name, actions in the engine's notation,
scenario lines through the replay.

    game = position(red={"p1": "d1", "p2": "c5"}, blue={"p1": "d16", "p2": "c10"}, ball="c5")
    play(game, "roll red 3", "red-p2 c7")
    assert rejects(game, "red-p3 h9") == "over_budget"
"""
from __future__ import annotations

import json
from typing import Any

from controller.games.stbg import Game, Illegal, Options, parse, parse_action
from controller.games.stbg.board import PAWN_IDS, parse_team
from controller.replay import replay_lines

DEFAULT_RED = {"p1": "d1", "p2": "b6", "p3": "d6", "p4": "f6"}
DEFAULT_BLUE = {"p1": "d16", "p2": "b11", "p3": "d11", "p4": "f11"}


def position(red: dict[str, str] | None = None, blue: dict[str, str] | None = None, ball: str = "d6",
             turn: str = "red", **options: Any) -> Game:
    """Open play from a position (S27): `turn` to roll; at least 3 pawns a team (defaults: 4)."""
    pawns = {PAWN_IDS.index(f"red-{k}"): parse(v) for k, v in (red or DEFAULT_RED).items()}
    pawns.update({PAWN_IDS.index(f"blue-{k}"): parse(v) for k, v in (blue or DEFAULT_BLUE).items()})
    return Game.from_position(pawns, parse(ball), parse_team(turn), Options(**options))


def play(game: Game, *steps: str) -> list[str]:
    """Apply steps; the names of the events they caused."""
    names: list[str] = []
    for step in steps:
        names += [e["event"] for e in game.apply(parse_action(step))]
    return names


def events(game: Game, *steps: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for step in steps:
        out += game.apply(parse_action(step))
    return out


def rejects(game: Game, step: str) -> str:
    """The reason the game refuses a step; the state is checked unchanged."""
    before = game.state.clone()
    try:
        game.apply(parse_action(step))
    except Illegal as e:
        assert game.state == before, f"{step!r} was refused but changed the state"
        return e.reason
    raise AssertionError(f"{step!r} was accepted")


def sq(game: Game, pawn: str) -> str | None:
    s = game.state.sq[PAWN_IDS.index(pawn)]
    return None if s < 0 else f"{'abcdefgh'[s & 7]}{(s >> 3) + 1}"


def ball(game: Game) -> str:
    s = game.state.ball
    return f"{'abcdefgh'[s & 7]}{(s >> 3) + 1}"


def holder(game: Game) -> str | None:
    return PAWN_IDS[game.state.holder] if game.state.holder >= 0 else None


def setup_line(**fields: Any) -> str:
    return json.dumps({"type": "setup", "ruleset": "stbg", **fields})


def explicit(red: dict[str, str], blue: dict[str, str], ball: str, turn: str = "red", **extra: Any) -> str:
    """An explicit STBG set-up line."""
    pawns = {f"red-{k}": v for k, v in red.items()} | {f"blue-{k}": v for k, v in blue.items()}
    return setup_line(pawns=pawns, ball=ball, turn=turn, **extra)


def replay(*lines: str | dict[str, Any]) -> list[dict[str, Any]]:
    """Replay outputs for scenario lines (dicts are written as JSON)."""
    return replay_lines([x if isinstance(x, str) else json.dumps(x) for x in lines])


def verdicts(out: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    return {o["line"]: o for o in out if "line" in o}


def event_names(out: list[dict[str, Any]]) -> list[str]:
    return [o["event"] for o in out if "event" in o]


def snapshot(out: list[dict[str, Any]]) -> dict[str, Any]:
    snap = out[-1]["snapshot"]
    assert isinstance(snap, dict)
    return snap

"""A small language for rule tests: positions by square name, steps as short strings.

    game = position(red={"gk": "d1", "m1": "c5"}, blue={"gk": "d16", "d1": "c10"}, ball="c5")
    play(game, "roll red 3", "red-s1 c9", "roll red 2", "ball c7")
    assert rejects(game, "red-m1 h9") == "wrong_distance"
"""
from __future__ import annotations

from controller.games.stw import geometry as g
from controller.games.stw.actions import MinorFoul, parse_action
from controller.games.stw.errors import Illegal
from controller.games.stw.game import Game
from controller.games.stw.pieces import TEAMS, parse_pawn
from controller.games.stw.state import Options


def position(red: dict, blue: dict, ball: str, offense: str = "red", phase: str = "offensive_set", **options) -> Game:
    pawns = {parse_pawn(f"red-{k}"): g.parse(v) for k, v in red.items()}
    pawns.update({parse_pawn(f"blue-{k}"): g.parse(v) for k, v in blue.items()})
    return Game.from_position(pawns, g.parse(ball), TEAMS.index(offense), phase, Options(**options))


def edited(game: Game) -> Game:
    """The game again after a test set its state by hand (a position play cannot reach): a new Game over the
    same state, options and profile, so nothing the old one derived from the state is kept."""
    return Game(game.state, game.options, game.profile)


def action(step: str):
    words = step.split()
    if words[:1] == ["foul"] and len(words) == 2:        # a foul whose reason the test does not care about
        return MinorFoul(TEAMS.index(words[1]), "test")
    return parse_action(step)


def play(game: Game, *steps: str) -> list[str]:
    """Apply steps; return the names of the events they caused."""
    names = []
    for step in steps:
        names.extend(e["event"] for e in game.apply(action(step)))
    return names


def play_events(game: Game, *steps: str) -> list[dict]:
    out = []
    for step in steps:
        out.extend(game.apply(action(step)))
    return out


def rejects(game: Game, step: str) -> str:
    """The reason code a step is refused with (and the game must be unchanged)."""
    before = game.state.clone()
    try:
        game.apply(action(step))
    except Illegal as e:
        assert game.state == before, "a refused action changed the state"
        return e.reason
    raise AssertionError(f"{step!r} was accepted")


def at(game: Game, pawn: str) -> str | None:
    s = game.state.sq[parse_pawn(pawn)]
    return g.name(s) if s >= 0 else None


def ball(game: Game) -> str | None:
    return g.name(game.state.ball) if game.state.ball >= 0 else None


def offense(game: Game) -> str:
    return TEAMS[game.state.offense]


def holder(game: Game) -> str | None:
    from controller.games.stw.pieces import pawn_id
    return pawn_id(game.state.holder) if game.state.holder >= 0 else None


def squares(mask: int) -> set[str]:
    return {g.name(s) for s in g.squares_of(mask)}

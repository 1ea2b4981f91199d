"""Driving the deterministic core (controller/core.py) through its public methods only.

Inputs are scenario lines (docs/board.md section 5), given here as keyword arguments; what comes out is
read from the Outcome, `snapshot()`, `board_view()` and the core's public attributes.
"""
from __future__ import annotations

from typing import Any

from controller.core import Core, Outcome
from controller.scenario import parse_obj
from hal.board import TOKEN_BIT, square_index

# The default position of these tests: red to play its offensive set, red-s1 holding the ball on e5.
SETUP: dict[str, Any] = {
    "type": "setup", "offense": "red", "ball": "e5",
    "pawns": {"red-gk": "d1", "red-s1": "e5", "red-m1": "c6", "red-m2": "a6", "red-d1": "b4", "red-d2": "g4",
              "blue-gk": "d16", "blue-d1": "c12", "blue-m1": "g9"},
}

def new_core(setup: dict[str, Any] | None = None, sensed: bool = False) -> Core:
    """A core with a game set up; `sensed`: a real board, which does not follow the game's own relocations."""
    core = Core(board_follows_game=not sensed)
    out = feed(core, **(setup or SETUP))
    assert out.verdict["ok"], out.verdict
    return core


def feed(core: Core, **line: Any) -> Outcome:
    if "from_" in line:
        line["from"] = line.pop("from_")
    return core.feed(parse_obj(line))


def lift(core: Core, square: str, token: str = "red") -> Outcome:
    return feed(core, type="lift", square=square, token=token)


def place(core: Core, square: str, token: str = "red") -> Outcome:
    return feed(core, type="place", square=square, token=token)


def move(core: Core, frm: str, to: str, token: str = "red") -> Outcome:
    return feed(core, type="move", from_=frm, to=to, token=token)


def roll(core: Core, team: str, value: int) -> Outcome:
    return feed(core, type="roll", die=team, value=value)


def spin(core: Core, outcome: str) -> Outcome:
    return feed(core, type="spin", outcome=outcome)


def clock(core: Core, seconds: float) -> Outcome:
    return feed(core, type="clock", advance=seconds)


def press(core: Core, button: str) -> Outcome:
    return feed(core, type="press", button=button)


def ok(out: Outcome) -> Outcome:
    assert out.verdict["ok"], out.verdict
    return out


def names(events: list[dict[str, Any]]) -> list[str]:
    return [e["event"] for e in events]


def game_part(core: Core) -> dict[str, Any]:
    """The snapshot without the core's own parts (board status, dice): what the game holds."""
    snap = core.snapshot()
    assert snap is not None
    return {k: v for k, v in snap.items() if k not in ("board", "dice")}


def square(name: str) -> int:
    return square_index(name)


def expected_frame(core: Core) -> bytes:
    """The sensor frame of a board standing exactly as the game expects."""
    assert core.game is not None
    return bytes(core.ruleset.expected_occupancy(core.game))


def with_changes(frame: bytes, *changes: tuple[str, str, bool]) -> bytes:
    """`frame` with tokens (square, token, present) put on or taken off."""
    out = bytearray(frame)
    for name, token, present in changes:
        if present:
            out[square(name)] |= TOKEN_BIT[token]
        else:
            out[square(name)] &= ~TOKEN_BIT[token]
    return bytes(out)


def bits(*tokens: tuple[str, str]) -> int:
    """The relocation mask (Core.relocated) of (square, token) pairs: bit 8 * square + channel."""
    out = 0
    for name, token in tokens:
        out |= TOKEN_BIT[token] << (8 * square(name))
    return out

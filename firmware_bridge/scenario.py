"""Scenario files (docs/board.md section 5) as a physical board experiences them.

Only what a board can sense matters here: ``lift``/``place``/``move`` change the occupancy,
``roll`` makes a die settle, ``press`` presses a button, and ``setup`` puts the pieces out
(the standard kick-off formation or explicit ``pawns``/``ball``). Everything else (``spin``,
``clock``, comments, malformed lines) is skipped: the emulator plays the board, not the referee.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from hal.frames import empty_frame, square_index, token_bit, with_token


class FrameAction(NamedTuple):
    """A set-up: the whole occupancy at once, from line ``line`` of the scenario."""

    line: int
    frame: bytes


class TokenAction(NamedTuple):
    """A token put on (``present``) or lifted off a square."""

    line: int
    square: str
    token: str
    present: bool


class RollAction(NamedTuple):
    """A die settling on a face."""

    line: int
    die: str
    face: int


class PressAction(NamedTuple):
    """A button pressed."""

    line: int
    button: str


# One physical thing happening to the board.
BoardAction = FrameAction | TokenAction | RollAction | PressAction


def standard_formation(kickoff: str) -> bytes:
    """The kick-off formation of docs/board.md sections 2 and 5 as a sensor frame."""
    frame = empty_frame()
    ranks = {"red": {"gk": 1, "d": 4, "m": 6, "s": 8}, "blue": {"gk": 16, "d": 13, "m": 11, "s": 9}}
    for team, r in ranks.items():
        squares = [f"d{r['gk']}"]
        squares += [f"{f}{r['d']}" for f in "bdeg"]
        squares += [f"{f}{r['m']}" for f in "acfh"]
        squares += [f"{f}{r['s']}" for f in ("de" if team == kickoff else "bg")]
        for square in squares:
            frame = with_token(frame, square, team, True)
    return with_token(frame, "d8" if kickoff == "red" else "d9", "ball", True)


def explicit_setup(pawns: dict, ball: str | None) -> bytes:
    """An explicit set-up: pawn ids such as ``red-d1`` mapped to squares (null: off the board)."""
    frame = empty_frame()
    for pawn_id, square in pawns.items():
        team = str(pawn_id).split("-", 1)[0]
        if square is not None:
            frame = with_token(frame, square, team, True)
    if ball is not None:
        frame = with_token(frame, ball, "ball", True)
    return frame


def _check_square(square: object) -> str:
    """A square name from a scenario line; ValueError for anything else."""
    if not isinstance(square, str):
        raise ValueError(f"not a square name: {square!r}")
    square_index(square)
    return square


def parse_line(number: int, text: str) -> list[BoardAction]:
    """Board actions for one scenario line; an empty list for lines a board would not feel."""
    text = text.strip()
    if not text or text.startswith("#"):
        return []
    try:
        item = json.loads(text)
        kind = item.get("type")
        if kind == "setup":
            if "pawns" in item:
                return [FrameAction(number, explicit_setup(item["pawns"], item.get("ball")))]
            if item.get("formation") == "standard":
                kickoff = item.get("kickoff", "red")
                if kickoff not in ("red", "blue"):
                    return []
                return [FrameAction(number, standard_formation(kickoff))]
            return []
        if kind in ("lift", "place"):
            token_bit(item["token"])
            return [TokenAction(number, _check_square(item["square"]), item["token"], present=kind == "place")]
        if kind == "move":
            token_bit(item["token"])
            return [
                TokenAction(number, _check_square(item["from"]), item["token"], present=False),
                TokenAction(number, _check_square(item["to"]), item["token"], present=True),
            ]
        if kind == "roll":
            face = item["value"]
            if item["die"] in ("red", "blue") and isinstance(face, int) and 1 <= face <= 6:
                return [RollAction(number, item["die"], face)]
            return []
        if kind == "press" and item.get("button") in ("confirm", "decline"):
            return [PressAction(number, item["button"])]
    except (ValueError, KeyError, TypeError, AttributeError):
        return []
    return []


def parse_scenario(lines: Iterable[str]) -> Iterator[BoardAction]:
    for number, text in enumerate(lines, start=1):
        yield from parse_line(number, text)

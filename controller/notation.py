"""What the games' text notations share: a die's roll and time passing are the same chance actions in every
game that has them, and a line of any notation is read the same way (a verb, a fixed number of words for it,
ValueError naming the line and the reason). Each game keeps its own verbs, pieces and rules (the actions.py of
its package under controller/games).

>>> Roll(0, 4)
Roll(RED, 4)
>>> str(Tick(1.5))
'tick 1.5'
>>> read("roll red 7", lambda line: parse_roll(line.split()[1:], TEAMS.index), "a game's actions module")
Traceback (most recent call last):
...
ValueError: 'roll red 7': a die shows 1..6
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from hal.board import TEAMS

T = TypeVar("T")


@dataclass(frozen=True, slots=True, repr=False)
class Roll:
    """A die settled on a face. `team` is the die's owner (each team has its own die)."""
    team: int
    value: int

    def __str__(self) -> str:
        return f"roll {TEAMS[self.team]} {self.value}"

    def __repr__(self) -> str:
        return f"Roll({TEAMS[self.team].upper()}, {self.value})"


@dataclass(frozen=True, slots=True, repr=False)
class Tick:
    """Simulated time passes (seconds)."""
    seconds: float

    def __str__(self) -> str:
        return f"tick {self.seconds:g}"

    def __repr__(self) -> str:
        return f"Tick({self.seconds!r})"


def read(text: str, parse: Callable[[str], T], module: str) -> T:
    """`parse(text)`, its ValueError (or a missing word) told as "'TEXT': reason"; `module` documents the
    notation when there is no better reason."""
    try:
        return parse(text)
    except (ValueError, IndexError) as e:
        detail = str(e) if isinstance(e, ValueError) and str(e) else f"not an action (see {module})"
        raise ValueError(f"{text!r}: {detail}") from None


def check_arity(verb: str, args: list[str], arity: dict[str, int]) -> None:
    """A verb with a fixed number of words after it has exactly that many."""
    if verb in arity and len(args) != arity[verb]:
        raise ValueError(f"{verb} takes {arity[verb]} word{'s' if arity[verb] > 1 else ''}")


def parse_roll(args: list[str], parse_team: Callable[[str], int]) -> Roll:
    """`TEAM FACE` after the verb `roll`: the face 1..6."""
    value = int(args[1])
    if not 1 <= value <= 6:
        raise ValueError("a die shows 1..6")
    return Roll(parse_team(args[0]), value)

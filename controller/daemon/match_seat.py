"""Who plays the computer's seat in a match, and how: one definition for the config's `[match]` section and
`cmd/new_game`'s keys, so both are checked the same way and say the same thing when a value is wrong."""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

from controller.echo import quoted

Seat = Literal["red", "blue", "none"]
DiceMode = Literal["die", "virtual"]
SEATS: tuple[str, ...] = ("red", "blue", "none")
DICE_MODES: tuple[str, ...] = ("die", "virtual")
LEVELS = range(1, 6)
KEYS = ("computer", "level", "computer_dice")


@dataclass(frozen=True)
class MatchSeat:
    """`computer`: the team the computer plays (none: people play both); `level` 1 (casual) .. 5 (strongest);
    `computer_dice`: "die", a person rolls the computer's die, or "virtual", the daemon draws its rolls."""
    computer: str = "none"
    level: int = 3
    computer_dice: str = "die"

    @property
    def team(self) -> int | None:
        """0 red, 1 blue, None when no computer plays."""
        return None if self.computer == "none" else SEATS.index(self.computer)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def seat_from(body: dict[str, Any], base: MatchSeat | None = None, where: str = "new_game") -> MatchSeat:
    """The seat `body` asks for (its keys among KEYS; the others are ignored), over `base`; ValueError with a
    sentence naming the key, the value and what is allowed."""
    seat = base or MatchSeat()
    computer = body.get("computer", seat.computer)
    level = body.get("level", seat.level)
    dice = body.get("computer_dice", seat.computer_dice)
    if computer not in SEATS:
        raise ValueError(f"{where}: computer must be red, blue or none, not {quoted(computer)}")
    if isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS:
        raise ValueError(f"{where}: level must be a whole number from 1 to 5, not {quoted(level)}")
    if dice not in DICE_MODES:
        raise ValueError(f"{where}: computer_dice must be die or virtual, not {quoted(dice)}")
    return MatchSeat(computer, level, dice)


def level_argument(text: str) -> int:
    """A command line's --level: a whole number from 1 to 5."""
    import argparse
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number from 1 to 5, not {text!r}") from None
    if value not in LEVELS:
        raise argparse.ArgumentTypeError(f"must be a whole number from 1 to 5, not {text}")
    return value

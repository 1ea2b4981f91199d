"""Dice rolled on a page: on screen, or a browser's own Bluetooth dice (Web Bluetooth) that the page reads.

The board's receiver is not read; the page sends each roll as a ``roll`` input and the daemon hands it here,
so it takes the hardware path (the poller, the core, the journal) as a die on the board would. The page
speaks for its dice, so they are always ``ok``.
"""

from __future__ import annotations

from hal.events import DIE_NAMES
from hal.queues import DiceFeed, InputOrder


class PageDice(DiceFeed):
    """A DiceSource fed by the page's roll inputs."""

    def __init__(self, order: InputOrder | None = None) -> None:
        super().__init__(initial_status="ok", order=order)

    def roll(self, die: object, face: object) -> None:
        """A settled roll from the page; ValueError, and nothing queued, for a die or face that is no roll."""
        if not isinstance(die, str) or die not in DIE_NAMES:
            raise ValueError(f"roll: die must be one of {', '.join(DIE_NAMES)}, not {die!r}")
        if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= 6:
            raise ValueError(f"roll: value must be a face 1..6, not {face!r}")
        self.publish_roll(die, face)

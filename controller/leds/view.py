"""What the board tracker knows beyond the game, as the LED planner needs it.

The game state is the authority on where every token belongs; the tracker adds what only the sensors
can tell: tokens in the players' hands, tokens standing where the game does not expect them, tokens
the game expects that are absent, and squares whose pawn identity the players must confirm.
Squares and tokens are the board's (hal.board): ints 0..127 and "red", "blue" or "ball".
"""
from __future__ import annotations

from dataclasses import dataclass

from hal.board import N_SQUARES, TOKENS


@dataclass(frozen=True, slots=True)
class BoardView:
    """The default (all empty) means the board agrees with the game."""
    lifted: tuple[tuple[int, str], ...] = ()     # (square it left, token): in a hand, not yet put down
    extra: tuple[tuple[int, str], ...] = ()      # standing where the game expects no such token
    missing: tuple[tuple[int, str], ...] = ()    # expected by the game, not on the board
    ambiguous: int = 0                           # mask: squares whose pawn identity must be confirmed
    mismatch: bool = False                       # the board is out of step: guide the players back
    guide: tuple[int, int] | None = None         # one step of an action to carry out (the computer's, a hint):
                                                 # (square to lift or -1, square to put on or -1)

    def __post_init__(self) -> None:
        for field in ("lifted", "extra", "missing"):
            for item in getattr(self, field):
                if len(item) != 2 or not 0 <= item[0] < N_SQUARES or item[1] not in TOKENS:
                    raise ValueError(f"BoardView.{field}: {item!r} is not (square 0..127, red|blue|ball)")
        if self.guide is not None and (len(self.guide) != 2 or not all(-1 <= s < N_SQUARES for s in self.guide)):
            raise ValueError(f"BoardView.guide: {self.guide!r} is not (square -1..127, square -1..127)")
        if not 0 <= self.ambiguous < 1 << N_SQUARES:
            raise ValueError("BoardView.ambiguous must be a mask of squares 0..127")


AGREES = BoardView()

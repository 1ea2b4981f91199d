"""The seam between the daemon and a game's rules.

The core, the tracker, the LEDs and the publishers only talk to a Ruleset and the game it makes, so a
second game on the same board (Soccer The Board Game, seed 004) is a new Ruleset, not a change to them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .rules import LedView


class RulesGame(Protocol):
    """One match under some ruleset: python-chess style. Squares are ints 0..127, pawns ints, teams 0 and 1."""

    def apply(self, action: Any) -> list[dict]: ...      # raises Illegal, state unchanged
    def undo(self) -> object: ...
    def expects(self) -> dict: ...
    def legal_actions(self) -> list: ...
    def events_of_setup(self) -> list[dict]:
        """The events the set-up itself caused (a kick-off's), before any action."""
        ...
    def pawn_square(self, pawn: int) -> int:
        """Where a pawn stands, -1 off the board."""
        ...
    def team_of(self, pawn: int) -> int: ...
    def team_pawns(self, team: int) -> range: ...
    def pawn_name(self, pawn: int) -> str: ...
    def interchangeable(self, pawn: int) -> bool:
        """Whether the players need not tell this pawn from its twins (no identity question for it)."""
        ...
    def led_view(self) -> LedView:
        """Phase, team to act, roll, dice, set-up, move clock and goal ranks, for the LED planner."""
        ...


class Ruleset(Protocol):
    name: str

    def prepare(self) -> None:
        """Build the ruleset's lookup tables now: a long-running daemon calls it once at start-up so its
        memory stays flat during play (replays and tests may skip it: the tables fill lazily)."""

    def new_game(self, setup) -> RulesGame:
        """A game from a scenario `setup` line; ValueError with a readable message if it is not valid."""

    def action_for(self, line):
        """The engine action for a non-physical input line (roll, spin, press, clock)."""

    def expected_occupancy(self, game: RulesGame) -> bytearray:
        """Where the game expects each token: 128 squares x 3 bits (red, blue, ball)."""

    def read_difference(self, game: RulesGame, missing: list, extra: list, final: bool = False):
        """A Reading: the action, pending position or error a board difference stands for."""

    def minor_foul_for(self, game: RulesGame, missing: list, extra: list, error):
        """The action a placement refused by the rules becomes if it is still on the board when the
        settle window ends (a minor foul with strict_minor_fouls), or None: it is only corrected."""

    def snapshot(self, game: RulesGame) -> dict: ...


def get_ruleset(name: str = "soccer_tactics_world", options: dict | None = None) -> Ruleset:
    if name == "soccer_tactics_world":
        from .rules.ruleset import SoccerTacticsWorld
        return SoccerTacticsWorld(options)
    raise ValueError(f"unknown ruleset {name!r} (available: soccer_tactics_world)")

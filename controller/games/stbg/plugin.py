"""Soccer The Board Game as the registry sees it (controller/games)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from controller.seam import GameInfo, Ruleset

if TYPE_CHECKING:
    from pydantic import BaseModel

    from controller.seam import Sentences


def _ruleset(options: Mapping[str, Any] | None) -> Ruleset:
    from .ruleset import SoccerTheBoardGame
    return SoccerTheBoardGame(dict(options) if options is not None else None)


def _players() -> object:
    from .players import PLAYERS
    return PLAYERS


def _options_model() -> type[BaseModel]:
    from .state import Options
    return Options


def _snapshot_model() -> type[BaseModel]:
    from .snapshot import StbgSnapshot
    return StbgSnapshot


def _pitch() -> object:
    from .pitch import pitch
    return pitch()


def _clock_view(snapshot: Mapping[str, Any]) -> dict[str, Any]:
    """The turn clock is the move clock, and there is no set-up clock and no pause."""
    c = snapshot["clock"]
    turn = c.get("turn_elapsed")
    return {"period": c["period"], "length": c["length"], "running": c["running"], "paused": False,
            "time_up": c["time_up"], "elapsed": c["elapsed"], "phase": snapshot["phase"],
            "move_remaining": None if turn is None else round(c["turn_length"] - turn, 3),
            "reset_remaining": None, "now": c["now"]}


# what a checkpoint of a match holds: the game and its state, and the actions a pending reading may hold
_PICKLED = (("game", "Game"), ("ruleset", "SoccerTheBoardGame"), ("state", "Options"), ("state", "Phase"),
            ("state", "State"), *(("actions", name) for name in
              ("Card", "Step", "Kick", "Done", "Star", "Substitution", "Leave", "Hand", "Batch")))


def _sentences() -> Sentences:
    from .sentences import sentences
    return sentences()


GAME = GameInfo(name="stbg", title="Soccer The Board Game", package=__package__ or "",
                make_ruleset=_ruleset, half_minutes=15.0, players=_players, extra_time=False,
                options_model=_options_model, snapshot_model=_snapshot_model, pickled=_PICKLED, pitch=_pitch,
                clock_view=_clock_view, sentences=_sentences)

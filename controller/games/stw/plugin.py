"""Soccer Tactics WORLD as the registry sees it (controller/games)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from controller.seam import GameInfo, Ruleset

if TYPE_CHECKING:
    from pydantic import BaseModel

    from controller.seam import Sentences


def _ruleset(options: Mapping[str, Any] | None) -> Ruleset:
    from .ruleset import SoccerTacticsWorld
    return SoccerTacticsWorld(dict(options) if options is not None else None)


def _players() -> object:
    from .players import PLAYERS
    return PLAYERS


def _options_model() -> type[BaseModel]:
    from .state import Options
    return Options


def _snapshot_model() -> type[BaseModel]:
    from .snapshot import Snapshot
    return Snapshot


def _pitch() -> object:
    from .profile import default_profile
    return default_profile()


# what a checkpoint of a match holds: the game, its state and board profile, and the actions a pending reading
# may hold
_PICKLED = (("game", "Game"), ("occupancy", "Occupancy"), ("phase", "Phase"), ("profile", "End"),
            ("profile", "FormationModel"), ("profile", "Profile"), ("ruleset", "SoccerTacticsWorld"),
            ("state", "GameState"), ("state", "Offside"), ("state", "Options"), ("state", "Restart"),
            *(("actions", name) for name in
              ("Spin", "MovePawn", "MoveBall", "Dribble", "RemovePawn", "Press", "MinorFoul", "Batch")))


def _sentences() -> Sentences:
    from .sentences import sentences
    return sentences()



def _path_tables() -> object:
    from . import reach
    return reach

GAME = GameInfo(name="soccer_tactics_world", title="Soccer Tactics WORLD", package=__package__ or "",
                make_ruleset=_ruleset, half_minutes=45.0, default=True, players=_players,
                options_model=_options_model, snapshot_model=_snapshot_model, pickled=_PICKLED, pitch=_pitch,
                sentences=_sentences, path_tables=_path_tables)

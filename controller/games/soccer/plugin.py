"""Soccer!! as the registry sees it (controller/games)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from controller.seam import GameInfo, Ruleset

if TYPE_CHECKING:
    from pydantic import BaseModel

    from controller.seam import Sentences

LINES = ("roster", "kick_off", "move", "end_phase", "pass", "header", "shoot", "gk_exit", "intercept", "claim",
         "ball", "throw_in", "play_out", "substitute", "keeper", "dispute", "decline")


def _ruleset(options: Mapping[str, Any] | None) -> Ruleset:
    from .ruleset import Soccer
    return Soccer(options)


def _options_model() -> type[BaseModel]:
    from .ruleset import SoccerOptions
    return SoccerOptions


def _snapshot_model() -> type[BaseModel]:
    from .snapshot import SoccerSnapshot
    return SoccerSnapshot


def _players() -> object:
    from .players import PLAYERS
    return PLAYERS


def _sentences() -> Sentences:
    from .sentences import sentences
    return sentences()


# what a checkpoint of a match holds: the game, its match, the dice it awaits, and its actions (which a pending
# input may hold); tests/daemon/test_checkpoint_allow_list.py checks the list is exactly that
_PICKLED = (("game", "SoccerGame"), ("ruleset", "Soccer"), ("dice", "Due"), ("actions", "Roll"), ("actions", "Wait"),
            *(("state", cls) for cls in ("Match", "Model", "Ball", "Option", "Restart", "Options")))

GAME = GameInfo(name="soccer", title="Soccer!!", package=__package__ or "", make_ruleset=_ruleset,
                half_minutes=None, extra_time=False, lines=LINES, setup_keys=("rosters", "start"),
                pickled=_PICKLED, options_model=_options_model, snapshot_model=_snapshot_model,
                sentences=_sentences, players=_players)

"""Soccer The Board Game as the registry sees it (controller/games)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from controller.seam import GameInfo, Ruleset

if TYPE_CHECKING:
    from controller.story import Sentences


def _ruleset(options: Mapping[str, Any] | None) -> Ruleset:
    from .ruleset import SoccerTheBoardGame
    return SoccerTheBoardGame(dict(options) if options is not None else None)


def _sentences() -> Sentences:
    from .sentences import sentences
    return sentences()


def _players() -> object:
    from .players import PLAYERS
    return PLAYERS


GAME = GameInfo(name="stbg", title="Soccer The Board Game", package=__package__ or "",
                make_ruleset=_ruleset, half_minutes=15.0,
                sentences=_sentences, players=_players, extra_time=False)

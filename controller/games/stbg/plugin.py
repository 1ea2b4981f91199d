"""Soccer The Board Game as the registry sees it (controller/games)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from controller.seam import GameInfo, Ruleset


def _ruleset(options: Mapping[str, Any] | None) -> Ruleset:
    from .ruleset import SoccerTheBoardGame
    return SoccerTheBoardGame(dict(options) if options is not None else None)


GAME = GameInfo(name="stbg", title="Soccer The Board Game", package=__package__ or "",
                make_ruleset=_ruleset, half_minutes=15.0)

"""Race to the far rank as the registry sees it (entry point `race` of the test site's dist-info)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from controller.seam import GameInfo, Ruleset


def _ruleset(options: Mapping[str, Any] | None) -> Ruleset:
    from .ruleset import Race
    return Race(options)


GAME = GameInfo(name="race", title="Race to the Far Rank", package=__package__ or "", make_ruleset=_ruleset,
                half_minutes=None, extra_time=False, lines=("cheer",), setup_keys=("banner",),
                pickled=tuple(("ruleset", name) for name in ("Race", "RaceGame", "Position", "Roll", "Step", "Wait",
                                                             "Cheer")))

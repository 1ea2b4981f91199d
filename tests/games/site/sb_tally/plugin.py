"""Tally to twelve as the registry sees it (entry point `tally` of the test site's dist-info)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from controller.seam import GameInfo, Ruleset


def _ruleset(options: Mapping[str, Any] | None) -> Ruleset:
    from .ruleset import Tally
    return Tally(options)


GAME = GameInfo(name="tally", title="Tally to Twelve", package=__package__ or "", make_ruleset=_ruleset,
                half_minutes=None, extra_time=False,
                pickled=tuple(("ruleset", name) for name in ("Tally", "TallyGame", "Roll", "Wait")))

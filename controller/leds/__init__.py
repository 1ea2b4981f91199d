"""LED guidance under the board: what to light, in which colour, and why (docs/leds.md).

    from controller.leds import BoardView, plan_leds
    plan = plan_leds(game, BoardView(lifted=((parse_square("c5"), "red"),)))
    plan.frame()        # 384 bytes for the LED strip
    plan.to_json()      # the <base>/leds document
"""
from collections.abc import Callable
from typing import cast

from controller.seam import GameState, LitGrid, LitTurn, Ruleset

from .corrections import Step, plan_corrections
from .palette import COLOURS, PRIORITY, RGB, WARNING_SECONDS
from .planner import SCHEMA, LedPlan, plan_leds
from .turn import TurnPlanner, plan_turn
from .view import AGREES, BoardView

Planner = Callable[[GameState, BoardView], LedPlan]
_lit: dict[type, str] = {}          # ruleset class -> "grid" (LED layers), "turn" (the team to act) or ""
_by_name: dict[str, Planner | None] = {}


def planner_for(ruleset: Ruleset | str) -> Planner | None:
    """The LED planner of a ruleset's games (a Ruleset, or a registered game's name), or None for a game whose
    LEDs are not planned (its board stays dark). Decided by the ruleset's capabilities, once per ruleset class:
    LitGrid (its games have LED layers, all planned by the one planner), else LitTurn (only the goal line of the
    team to act is lit)."""
    if isinstance(ruleset, str):
        if ruleset not in _by_name:
            from controller.games import get_ruleset
            _by_name[ruleset] = planner_for(get_ruleset(ruleset))
        return _by_name[ruleset]
    kind = type(ruleset)
    lit = _lit.get(kind)
    if lit is None:
        lit = _lit[kind] = "grid" if isinstance(ruleset, LitGrid) else "turn" if isinstance(ruleset, LitTurn) else ""
    if lit == "grid":
        return plan_leds
    return TurnPlanner(cast(LitTurn, ruleset)) if lit == "turn" else None


__all__ = [
    "AGREES",
    "COLOURS",
    "PRIORITY",
    "RGB",
    "SCHEMA",
    "WARNING_SECONDS",
    "BoardView",
    "LedPlan",
    "Planner",
    "Step",
    "TurnPlanner",
    "plan_corrections",
    "plan_leds",
    "plan_turn",
    "planner_for",
]

"""LED guidance under the board: what to light, in which colour, and why (docs/leds.md).

    from controller.leds import BoardView, plan_leds
    plan = plan_leds(game, BoardView(lifted=((parse_square("c5"), "red"),)))
    plan.frame()        # 384 bytes for the LED strip
    plan.to_json()      # the <base>/leds document
"""
from collections.abc import Callable

from controller.seam import GameState, LitGrid, Ruleset

from .corrections import Step, plan_corrections
from .palette import COLOURS, PRIORITY, RGB, WARNING_SECONDS
from .planner import SCHEMA, LedPlan, plan_leds
from .view import AGREES, BoardView

Planner = Callable[[GameState, BoardView], LedPlan]
_lit: dict[type, bool] = {}         # ruleset class -> whether its games have LED layers
_lit_by_name: dict[str, bool] = {}


def planner_for(ruleset: Ruleset | str) -> Planner | None:
    """The LED planner of a ruleset's games (a Ruleset, or a registered game's name), or None for a game whose
    LEDs are not planned (its board stays dark). Decided by the ruleset's capability (LitGrid: its games have
    LED layers), once per ruleset class: every game that has them is planned by the one planner."""
    if isinstance(ruleset, str):
        lit = _lit_by_name.get(ruleset)
        if lit is None:
            from controller.games import get_ruleset
            lit = _lit_by_name[ruleset] = isinstance(get_ruleset(ruleset), LitGrid)
    else:
        kind = type(ruleset)
        lit = _lit.get(kind)
        if lit is None:
            lit = _lit[kind] = isinstance(ruleset, LitGrid)
    return plan_leds if lit else None


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
    "plan_corrections",
    "plan_leds",
    "planner_for",
]

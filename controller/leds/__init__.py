"""LED guidance under the board: what to light, in which colour, and why (docs/leds.md).

    from controller.leds import BoardView, plan_leds
    plan = plan_leds(game, BoardView(lifted=((parse_square("c5"), "red"),)))
    plan.frame()        # 384 bytes for the LED strip
    plan.to_json()      # the <base>/leds document
"""
from collections.abc import Callable

from controller.seam import RulesGame

from .corrections import Step, plan_corrections
from .palette import COLOURS, PRIORITY, RGB, WARNING_SECONDS
from .planner import SCHEMA, LedPlan, plan_leds
from .view import AGREES, BoardView

PLANNED = ("soccer_tactics_world", "stbg")


def planner_for(ruleset: str) -> Callable[[RulesGame, BoardView], LedPlan] | None:
    """The LED planner of a game, or None for a game whose LEDs are not planned (its board stays dark). Every
    game here is planned by the one planner, which reads a game only through the ruleset boundary."""
    return plan_leds if ruleset in PLANNED else None


__all__ = [
           "AGREES",
           "COLOURS",
           "PRIORITY",
           "RGB",
           "SCHEMA",
           "WARNING_SECONDS",
           "BoardView",
           "LedPlan",
           "Step",
           "plan_corrections",
           "plan_leds",
           "planner_for",
]

"""The board's LEDs for Soccer!!, a game played at a table beside the board (controller/seam.py LitTurn): only the
goal line of the team to act glows, in the to-act colours the grid games use; both while both roll or either may
act, none once the match is over; a game with neither LitGrid nor LitTurn keeps a dark board."""
from __future__ import annotations

from typing import Any

from controller.leds import AGREES, TurnPlanner, planner_for
from controller.seam import LitGrid, LitTurn

from .table import Table


def lit(t: Table) -> dict[str, list[str]]:
    planner = planner_for(t.ruleset)
    assert planner is not None
    return planner(t.game, AGREES).by_meaning()


RED_ROW = [f"{f}1" for f in "abcdefgh"]
BLUE_ROW = [f"{f}16" for f in "abcdefgh"]


def test_soccer_is_planned_by_whose_turn_it_is_not_by_led_layers():
    ruleset = Table().ruleset
    assert isinstance(ruleset, LitTurn) and not isinstance(ruleset, LitGrid)
    assert isinstance(planner_for(ruleset), TurnPlanner) and isinstance(planner_for("soccer"), TurnPlanner)


def test_the_kick_off_teams_goal_line_glows_and_nothing_else():
    assert lit(Table(kickoff="blue")) == {"blue_to_act": BLUE_ROW}


def test_the_goal_line_follows_the_phase_and_the_dice_awaited():
    t = Table().kicked_off("red")
    assert lit(t) == {"red_to_act": RED_ROW}
    t.do(type="end_phase")
    assert lit(t) == {"blue_to_act": BLUE_ROW}
    t.do(type="dispute", a="in", b="out")                  # P48: one die of either team settles it
    assert lit(t) == {"red_to_act": RED_ROW, "blue_to_act": BLUE_ROW}


def test_both_goal_lines_glow_while_both_rosters_are_awaited_then_the_missing_ones():
    t = Table(rosters=None)
    assert lit(t) == {"red_to_act": RED_ROW, "blue_to_act": BLUE_ROW}
    t.do(type="roster", team="red", models=[{"shirt": 2, "name": "Two", "P": 2, "S": 2, "H": 2, "INT": 2, "A": 2,
                                             "PC": 1}])
    assert lit(t) == {"blue_to_act": BLUE_ROW}


def test_the_board_is_dark_at_full_time():
    t = Table(start={"half": 2, "turn": 12, "team": "red", "holder": "red-9"})
    t.do(type="end_phase")
    t.do(type="end_phase")
    assert t.snapshot()["phase"] == "full_time"
    assert lit(t) == {}


class _Plain:
    """A ruleset with no capability beyond the seam's Ruleset."""
    name = "plain"

    def prepare(self) -> None: ...
    def new_game(self, setup: Any) -> Any: ...
    def action_for(self, line: Any) -> Any: ...
    def snapshot(self, game: Any) -> dict[str, Any]:
        return {}

    def due_in(self, snapshot: dict[str, Any]) -> float | None:
        return None


def test_a_game_with_neither_capability_has_no_planner():
    assert planner_for(_Plain()) is None

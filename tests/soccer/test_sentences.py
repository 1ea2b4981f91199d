"""Each event of section 4 in words, with its dice, modifiers, total and need (controller/story.py)."""
from __future__ import annotations

import pytest

from controller.story import sentence

SECTION_4 = ("kick_off", "phase", "awareness_test", "pass", "header", "deviation", "claim", "possession",
             "interception", "neutralized", "foul", "yellow_card", "red_card", "throw_in", "corner_kick",
             "goal_kick", "direct_kick", "indirect_kick", "penalty_kick", "keeper_ball", "shot", "post", "gk_exit",
             "goal", "offside", "substitution", "keeper", "half_length", "turn_end", "half_time", "full_time",
             "dispute")


@pytest.mark.parametrize("name", SECTION_4)
def test_every_event_of_section_4_has_its_sentence(name: str) -> None:
    said = sentence({"event": name}, "soccer")
    assert said and not said.startswith("unknown event")


def test_a_rolled_event_says_its_dice_modifier_total_and_need() -> None:
    said = sentence({"event": "pass", "model": "red-6", "to": "red-9", "cm": 28, "result": "success",
                     "dice": [3], "modifier": 0, "total": 3, "need": 3}, "soccer")
    assert said == "red-6 passes to red-9, 28: success (dice 3, modifier +0, total 3, need 3)"


def test_a_restarts_kick_says_which_restart() -> None:
    said = sentence({"event": "pass", "model": "red-7", "to": "red-9", "cm": 30, "result": "short",
                     "restart": "corner_kick"}, "soccer")
    assert said.startswith("red-7 corner kick to red-9")

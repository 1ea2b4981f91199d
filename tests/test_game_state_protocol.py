"""Both soccer games meet the seam's protocols (controller/seam.py) with the same meaning: a match is a GameState
whose result is the one shared Result, the grid and LED layers are capabilities both have, and only the first
game calls minor fouls. Their rulesets answer for their own clocks (`due_in`)."""
from __future__ import annotations

import pytest

from controller.games import get_ruleset, names
from controller.scenario import parse_obj
from controller.seam import (
    CallsMinorFouls,
    GameState,
    GridGame,
    LedLayers,
    LitGrid,
    Result,
    Ruleset,
    SensedGrid,
)

SOCCER = ("soccer_tactics_world", "stbg")


@pytest.mark.parametrize("name", SOCCER)
def test_each_soccer_game_has_every_capability_of_the_board(name):
    assert name in names()
    ruleset = get_ruleset(name)
    game = ruleset.new_game(parse_obj({"type": "setup", "kickoff": "red"}))
    assert isinstance(ruleset, Ruleset) and isinstance(ruleset, SensedGrid) and isinstance(ruleset, LitGrid)
    assert isinstance(game, GameState) and isinstance(game, GridGame) and isinstance(game, LedLayers)
    assert isinstance(ruleset, CallsMinorFouls) == (name == "soccer_tactics_world")


@pytest.mark.parametrize("name", SOCCER)
def test_a_new_match_is_not_over_and_its_result_is_the_shared_result(name):
    game = get_ruleset(name).new_game(parse_obj({"type": "setup", "kickoff": "blue"}))
    assert not game.is_terminal()
    result = game.result()
    assert type(result) is Result
    assert result == Result(final=False, winner=None, score=(0, 0), shootout=None, abandoned=False)
    assert game.expects() == {"input": "roll", "team": "blue", **({"turn": "kick_off"} if name == "stbg" else {})}
    outcomes = game.chance_outcomes()
    assert len(outcomes) == 6 and sum(p for _, p in outcomes) == pytest.approx(1.0)


def test_each_ruleset_reads_its_own_clock_from_its_snapshot():
    stw, stbg = get_ruleset("soccer_tactics_world"), get_ruleset("stbg")
    running = {"period": 1, "length": 900.0, "elapsed": 850.0, "running": True, "time_up": False}
    assert stw.due_in({"clock": {**running, "paused": False, "now": 10.0, "move_deadline": 40.0,
                                 "reset_deadline": None}}) == 30.0
    assert stw.due_in({"clock": {**running, "paused": True, "now": 10.0, "move_deadline": 40.0,
                                 "reset_deadline": None}}) is None
    assert stbg.due_in({"clock": {**running, "now": 10.0, "turn_elapsed": 25.0, "turn_length": 30.0}}) == 5.0
    assert stbg.due_in({"clock": {**running, "now": 10.0, "turn_elapsed": None, "turn_length": 30.0}}) == 50.0
    assert stw.due_in({}) is None and stbg.due_in({"clock": None}) is None

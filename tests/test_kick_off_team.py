"""Both engines' Game.kick_off take the team to kick off by index (RED, BLUE) or by name ("red", "blue"), as the
rest of the API writes teams, and refuse anything else at the call with a message that says what a team is."""
from __future__ import annotations

import pytest

from controller.games import stbg
from controller.games import stw as rules

ENGINES = {"stw": rules, "stbg": stbg}


@pytest.mark.parametrize("engine", ENGINES.values(), ids=ENGINES.keys())
@pytest.mark.parametrize(("name", "index"), [("red", 0), ("blue", 1)])
def test_kick_off_by_name_is_kick_off_by_index(engine, name, index):
    by_name, by_index = engine.Game.kick_off(name), engine.Game.kick_off(index)
    assert by_name.state == by_index.state
    assert by_name.expects() == by_index.expects()
    assert by_name.expects()["team"] == name


@pytest.mark.parametrize("engine", ENGINES.values(), ids=ENGINES.keys())
@pytest.mark.parametrize("team", ["green", "Red", 2, -1])
def test_kick_off_refuses_a_team_that_is_not_one(engine, team):
    with pytest.raises(ValueError, match="is not a team"):
        engine.Game.kick_off(team)


@pytest.mark.parametrize("engine", ENGINES.values(), ids=ENGINES.keys())
@pytest.mark.parametrize("team", [1.0, True, b"red"])
def test_kick_off_refuses_a_team_of_another_type(engine, team):
    with pytest.raises(TypeError, match="team must be"):
        engine.Game.kick_off(team)

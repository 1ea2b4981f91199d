"""Soccer!! on the coaches' path (controller/seam.py TeamLines): whose coach enters each line, read from the line
alone; a malformed one is bad_input and a referee's or the board's line is no coach's; each coach's view shows its
own models' hidden levels (P30) and never the other team's."""
from __future__ import annotations

import json

import pytest

from controller.scenario import parse_line
from controller.seam import Illegal, TeamLines

from .table import Table

RULESET = Table().ruleset

OWNED = [
    ({"type": "roll", "die": "blue", "value": 3}, "blue"),
    ({"type": "roster", "team": "blue", "models": [{"shirt": 2, "name": "Two", "P": 2, "S": 2, "H": 2, "INT": 2,
                                                     "A": 2, "PC": 1}]}, "blue"),
    ({"type": "kick_off", "from": "red-9", "to": "red-10"}, "red"),
    ({"type": "move", "model": "blue-7", "cm": 12}, "blue"),
    ({"type": "pass", "model": "red-6", "to": "red-9", "cm": 28, "height": "high"}, "red"),
    ({"type": "header", "model": "red-9", "to": "goal", "cm": 8}, "red"),
    ({"type": "shoot", "model": "red-9", "at": "blue:shooting", "goal_cm": 8, "zones": 0, "via": "i"}, "red"),
    ({"type": "gk_exit", "model": "blue-1", "cm": 6, "on_axis": 0}, "blue"),
    ({"type": "intercept", "model": "blue-4", "at": "field", "cm": 2}, "blue"),
    ({"type": "claim", "model": "red-8", "cm": 5}, "red"),
    ({"type": "throw_in", "model": "blue-2", "to": "blue-3", "cm": 8}, "blue"),
    ({"type": "play_out", "model": "red-5"}, "red"),
    ({"type": "substitute", "off": "blue-8", "on": "blue-13"}, "blue"),
    ({"type": "keeper", "model": "red-12"}, "red"),
    ({"type": "decline", "team": "blue"}, "blue"),
    ({"type": "ball", "out": "side"}, None),
    ({"type": "end_phase"}, None),
    ({"type": "end_phase", "team": "blue"}, "blue"),
    ({"type": "dispute", "a": "it went out", "b": "it stayed in"}, None),
]


def _parsed(line: dict):
    parsed = parse_line(json.dumps(line))
    assert parsed is not None
    return parsed


def test_soccer_has_the_coaches_path():
    assert isinstance(RULESET, TeamLines)


@pytest.mark.parametrize(("line", "team"), OWNED, ids=[line["type"] for line, _ in OWNED])
def test_each_line_is_the_team_it_names(line, team):
    assert RULESET.team_of(_parsed(line)) == team


def test_every_line_of_the_game_has_an_owner_rule():
    from controller.games import info
    assert {line["type"] for line, _ in OWNED} == {*info("soccer").lines, "roll"}


@pytest.mark.parametrize("line", [{"type": "move", "model": "red-7"},
                                  {"type": "pass", "model": "green-6", "to": "red-9", "cm": 28, "height": "low"},
                                  {"type": "claim", "model": "red-8", "cm": 5, "extra": 1}])
def test_a_malformed_line_is_bad_input(line):
    with pytest.raises(Illegal) as refused:
        RULESET.team_of(_parsed(line))
    assert refused.value.reason == "bad_input"


@pytest.mark.parametrize("line", [{"type": "press", "button": "undo"}, {"type": "spin", "outcome": "goal"}])
def test_a_referees_or_the_boards_line_is_no_coachs(line):
    with pytest.raises(Illegal) as refused:
        RULESET.team_of(_parsed(line))
    assert refused.value.reason == "not_a_coach_line"


def test_a_coach_sees_every_level_of_its_own_models_and_only_the_public_ones_of_the_others():
    t = Table(rosters=None, options={"points": 1800})
    t.do(type="roster", team="red", models=[{"shirt": 9, "name": "Striker", "P": 2, "S": 3, "H": 1, "INT": 1,
                                             "A": 2, "PC": 1, "skill": "Dribble"}])
    t.do(type="roster", team="blue", models=[{"shirt": 4, "name": "Stopper", "P": 2, "S": 1, "H": 2, "INT": 3,
                                              "A": 2, "PC": 1}])
    published = t.snapshot()
    red, blue = RULESET.team_view(t.game, "red"), RULESET.team_view(t.game, "blue")
    assert red["models"]["red-9"]["levels"] == {"P": 2, "S": 3, "H": 1, "INT": 1, "A": 2, "PC": 1, "skill": "Dribble"}
    assert blue["models"]["red-9"]["levels"] == published["models"]["red-9"]["levels"] == {"A": 2}
    assert blue["models"]["blue-4"]["levels"]["INT"] == 3 and "INT" not in red["models"]["blue-4"]["levels"]
    assert {k: v for k, v in red.items() if k != "models"} == {k: v for k, v in published.items() if k != "models"}
    assert t.snapshot() == published                       # a view changes nothing

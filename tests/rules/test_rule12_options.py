"""Rule 12: options (12A defenders +2 in battles, 12B shooting die instead of the spinner)."""
import pytest
from pydantic import ValidationError

from controller.rules.state import Options

from .dsl import holder, play, position


def defender_duel(**opts):
    gm = position(red={"gk": "d1", "d1": "d7", "m1": "a3"}, blue={"gk": "d16", "d1": "c12", "s1": "d8", "m1": "f12"},
                  ball="d8", offense="blue", **opts)
    play(gm, "roll blue 1", "blue-m1 f11", "roll blue 1", "dribble d7")
    return gm


def test_rule12A_advanced_rule_defenders_count_plus_two():
    normal = defender_duel()
    assert play(normal, "roll red 3", "roll blue 5")[0] == "battle_won" and holder(normal) == "blue-s1"
    advanced = defender_duel(advanced_defenders=True)
    assert play(advanced, "roll red 3", "roll blue 5") == ["battle_tie"]


def test_rule12B_shooting_die_replaces_the_spinner():
    gm = position(red={"gk": "d1", "s1": "d12", "m1": "e14", "m2": "a10"}, blue={"gk": "d16", "d1": "h15"},
                  ball="d12", shooting_die=True)
    play(gm, "roll red 1", "red-m2 a11", "roll red 2", "ball e14")
    assert gm.expects()["input"] == "roll"
    assert play(gm, "roll red 2")[0] == "goal"


def test_rule12B_shooting_die_faces_must_cover_one_to_six():
    with pytest.raises(ValidationError):
        Options(shooting_die_faces={1: "goal"})

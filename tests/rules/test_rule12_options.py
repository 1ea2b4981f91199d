"""Rule 12: options (12A defenders +2 in battles, 12B shooting die instead of the spinner)."""
import pytest
from pydantic import ValidationError

from controller.games.stw.state import Options

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


# ----- the `options` key of a scenario's set-up line (docs/board.md section 5) ------------------------------------
def replay(*lines):
    import json

    from controller.replay import replay_lines
    out = replay_lines([json.dumps(x) for x in lines])
    return {o["line"]: o for o in out if "line" in o}, [o for o in out if "event" in o], out[-1]["snapshot"]


ATTACK = {"type": "setup", "pawns": {"red-gk": "d1", "red-s1": "d12", "red-m1": "e14", "red-m2": "a10",
                                     "blue-gk": "d16", "blue-d1": "h15"}, "ball": "d12", "offense": "red"}
TO_THE_SHOT = [{"type": "roll", "die": "red", "value": 1},
               {"type": "move", "from": "a10", "to": "a11", "token": "red"},
               {"type": "roll", "die": "red", "value": 2},
               {"type": "move", "from": "d12", "to": "e14", "token": "ball"}]


def test_rule12_setup_options_key_sets_every_option():
    from controller.core import Core
    from controller.scenario import parse_obj
    core = Core()
    opts = {"half_minutes": 10, "extra_time_minutes": 5, "advanced_defenders": True, "strict_minor_fouls": True,
            "shooting_die": True}
    for setup in ({"type": "setup", "formation": "standard", "kickoff": "blue", "options": opts},
                  {**ATTACK, "options": opts}):
        assert core.feed(parse_obj(setup)).verdict == {"ok": True}
        o = core.game.options
        assert (o.half_minutes, o.extra_time_minutes, o.advanced_defenders, o.strict_minor_fouls, o.shooting_die) \
            == (10, 5, True, True, True)
        assert core.snapshot()["clock"]["length"] == 600.0


def test_rule12B_shooting_die_option_on_the_setup_line():
    v, events, snap = replay({**ATTACK, "options": {"shooting_die": True}}, *TO_THE_SHOT,
                             {"type": "roll", "die": "red", "value": 5})
    assert v[6] == {"line": 6, "ok": True} and "goal_kick" in [e["event"] for e in events]   # face 5: goal kick
    v, events, snap = replay(ATTACK, *TO_THE_SHOT, {"type": "roll", "die": "red", "value": 5})
    assert v[6]["reason"] == "not_expected" and snap["phase"] == "shot"                       # the spinner's


def test_rule12A_advanced_defenders_option_on_the_setup_line():
    setup = {"type": "setup", "pawns": {"red-gk": "d1", "red-d1": "d7", "red-m1": "a3", "blue-gk": "d16",
                                        "blue-d1": "c12", "blue-s1": "d8", "blue-m1": "f12"},
             "ball": "d8", "offense": "blue", "options": {"advanced_defenders": True}}
    lines = [{"type": "roll", "die": "blue", "value": 1}, {"type": "move", "from": "f12", "to": "f11", "token": "blue"},
             {"type": "roll", "die": "blue", "value": 1}, {"type": "move", "from": "d8", "to": "d7", "token": "ball"},
             {"type": "move", "from": "d8", "to": "d7", "token": "blue"},
             {"type": "roll", "die": "red", "value": 3}, {"type": "roll", "die": "blue", "value": 5}]
    v, events, _snap = replay(setup, *lines)
    assert all(x["ok"] for x in v.values()) and events[-1]["event"] == "battle_tie"     # 3 + 2 against 5


def test_rule12_a_bad_option_on_the_setup_line_is_bad_input():
    for bad in ({"half_minutes": 0}, {"shooting_die": "maybe"}, {"overtime": True}):
        v, _events, snap = replay({"type": "setup", "formation": "standard", "kickoff": "red", "options": bad})
        assert v[1]["reason"] == "bad_input" and snap is None

"""Movement (p.11, P8, P9, P44-P46)."""
from __future__ import annotations

from controller.games.soccer.flow import award

from .table import Table, named

START = {"half": 1, "turn": 3, "team": "red", "holder": "red-6"}


def test_P4_a_model_moves_20_cm_a_turn() -> None:
    t = Table(start=START)
    t.do(type="move", model="red-2", cm=15)
    assert t.refused(type="move", model="red-2", cm=6) == "too_far"
    t.do(type="move", model="red-2", cm=5)
    assert t.snapshot()["models"]["red-2"]["moved"] == 20


def test_P4_only_the_phases_team_moves() -> None:
    t = Table(start=START)
    assert t.refused(type="move", model="blue-2", cm=5) == "not_your_turn"


def test_A6_a_holders_16_cm_move_near_blue_4_tied_stops_and_blue_may_intercept_in_reds_phase() -> None:
    t = Table(start=START)
    t.do(type="move", model="red-6", cm=16, near="blue-4")
    assert t.snapshot()["awaiting"]["dice"] == {"red": 1, "blue": 1}
    assert t.snapshot()["awaiting"]["for"] == "awareness_test"
    events = t.roll("red", 3) + t.roll("blue", 3)
    assert named(events, "awareness_test")[0]["winner"] == "blue-4"
    snap = t.snapshot()
    assert snap["models"]["red-6"]["moved"] == 10
    assert (snap["awaiting"]["what"], snap["awaiting"]["team"], snap["awaiting"]["model"]) == (
        "intercept", "blue", "blue-4")
    assert t.refused(type="move", model="red-2", cm=5) == "not_expected"
    t.do(type="intercept", model="blue-4", at="field", cm=8)
    assert t.snapshot()["awaiting"]["for"] == "interception"


def test_P8_a_higher_holder_moves_on() -> None:
    t = Table(start=START)
    t.do(type="move", model="red-6", cm=16, near="blue-4")
    t.roll("blue", 2)
    t.roll("red", 3)
    assert t.snapshot()["models"]["red-6"]["moved"] == 16 and t.snapshot()["awaiting"]["may"] == []


def test_P8_a_holder_within_10_cm_meets_no_test() -> None:
    t = Table(start=START)
    t.do(type="move", model="red-6", cm=10, near="blue-4")
    assert t.snapshot()["awaiting"]["what"] == "play"


def test_P44_a_holder_stopped_by_a_zone_awaits_that_opponents_interception_or_decline() -> None:
    t = Table(start=START)
    t.do(type="move", model="red-6", cm=7, stopped_by="blue-4")
    assert t.snapshot()["awaiting"]["may"] == ["decline", "intercept"]
    assert t.refused(type="intercept", model="blue-5", at="field", cm=2) == "not_expected"
    t.do(type="decline", team="blue")
    t.do(type="move", model="red-6", cm=3)


def test_A7_INT2_and_a_helper_against_INT2_Dribble_2_against_5_keeps_the_ball_and_neutralizes() -> None:
    t = Table(rosters=None, options={"points": 1730})
    t.do(type="roster", team="red", models=[{"shirt": 6, "name": "Dribbler", "P": 2, "S": 2, "H": 2, "INT": 2,
                                             "A": 2, "PC": 1, "skill": "Dribble"}])
    t.do(type="roster", team="blue", models=[{"shirt": 2, "name": "B2", "P": 2, "S": 2, "H": 2, "INT": 2,
                                              "A": 2, "PC": 1}])
    t.kicked_off()
    t.do(type="pass", model="red-10", to="red-6", cm=10, height="low")
    t.do(type="end_phase")
    t.do(type="intercept", model="blue-4", at="field", cm=2, helper="blue-5")
    events = t.roll("blue", 2) + t.roll("red", 5)
    interception = named(events, "interception")[0]
    assert interception["difference"] == (2 + 2 + 1) - (5 + 2 + 1)
    assert t.snapshot()["ball"]["holder"] == "red-6"
    assert named(events, "neutralized")[0]["model"] == "blue-4"
    assert (t.snapshot()["turn"], t.snapshot()["team"]) == (2, "red")     # P17: the interception ended it
    t.do(type="end_phase")
    assert t.refused(type="move", model="blue-4", cm=5) == "neutralized"
    t.do(type="move", model="blue-5", cm=5)              # the helper is not neutralized (p.15)
    t.do(type="end_phase")
    t.do(type="end_phase")
    t.do(type="move", model="blue-4", cm=5)              # it sat out one phase (P46)


def test_P46_a_stoppage_clears_neutralized_models() -> None:
    t = Table(start=START)
    t.match.models["blue-4"].neutralized = True
    award(t.match, "throw_in", "blue", "field", counted=1)
    assert not t.snapshot()["models"]["blue-4"]["neutralized"]


def test_P45_a_direct_kicks_taker_moves_at_most_10_cm_before_the_kick() -> None:
    t = Table(start=START)
    award(t.match, "direct_kick", "red", "field", counted=1)
    t.do(type="move", model="red-6", cm=6)
    assert t.refused(type="move", model="red-6", cm=5) == "too_far"
    assert t.refused(type="move", model="red-7", cm=1) == "bad_input"


def test_P45_the_corner_taker_moves_at_most_15_cm() -> None:
    t = Table(start=START)
    award(t.match, "corner_kick", "red", "blue:side")
    t.do(type="move", model="red-7", cm=15)
    assert t.refused(type="move", model="red-7", cm=0.5) == "too_far"

"""Interceptions (p.15-17, P8, P9, P17, P20, P32, P44)."""

from __future__ import annotations

from .table import Table, named


def blue_phase(holder: str = "red-10", **options: object) -> Table:
    """Mid-match, blue's movement phase, a red model holding the ball."""
    return Table(kickoff=None, options=dict(options) or None,
                 start={"half": 1, "turn": 3, "team": "blue", "holder": holder})


def test_p16_an_interception_rolls_one_die_each_interceptor_first() -> None:
    t = blue_phase()
    t.do(type="intercept", model="blue-4", at="field", cm=2)
    awaiting = t.snapshot()["awaiting"]
    assert awaiting["what"] == "roll" and awaiting["for"] == "interception"
    assert awaiting["dice"] == {"red": 1, "blue": 1}


def test_p16_difference_2_the_interceptor_takes_the_ball_the_holder_is_neutralized_and_the_phase_ends() -> None:
    t = blue_phase()
    t.do(type="intercept", model="blue-4", at="field", cm=2)
    events = t.roll("blue", 5) + t.roll("red", 3)
    [contest] = named(events, "interception")
    assert contest["totals"] == [7, 5] and contest["result"] == "won"
    assert named(events, "neutralized") == [{"event": "neutralized", "model": "red-10"}]
    snap = t.snapshot()
    assert snap["ball"]["holder"] == "blue-4"
    assert snap["team"] == "red"  # P17: the interception ends blue's phase
    assert snap["models"]["red-10"]["neutralized"]
    assert t.refused(type="move", model="red-10", cm=5) == "neutralized"


def test_P9_the_winner_may_move_5_cm_at_once() -> None:
    t = blue_phase()
    t.do(type="intercept", model="blue-4", at="field", cm=2)
    t.roll("blue", 6)
    t.roll("red", 1)
    assert "move" in t.snapshot()["awaiting"]["may"]
    assert t.refused(type="move", model="blue-4", cm=6) == "too_far"
    t.do(type="move", model="blue-4", cm=5)


def test_A7_helper_against_dribble_2_vs_5_the_holder_keeps_and_the_interceptor_is_neutralized() -> None:
    t = Table(kickoff=None, rosters=None, options={"points": 2000},
              start={"half": 1, "turn": 3, "team": "red", "holder": "red-9"})
    t.do(type="roster", team="red", models=[{"shirt": 9, "name": "Nine", "P": 2, "S": 2, "H": 2, "INT": 2,
                                             "A": 2, "PC": 1, "skill": "Dribble"},
                                            {"shirt": 7, "name": "Seven", "P": 2, "S": 2, "H": 2, "INT": 2,
                                             "A": 2, "PC": 1}])
    t.do(type="roster", team="blue", models=[{"shirt": 4, "name": "Four", "P": 2, "S": 2, "H": 2, "INT": 2,
                                              "A": 2, "PC": 1}])
    t.do(type="move", model="red-9", cm=16, near="blue-4")
    t.roll("red", 3)
    t.roll("blue", 3)  # awareness tie: red-9 stops, blue-4 may intercept at once (P8)
    assert t.snapshot()["awaiting"]["what"] == "intercept"
    t.do(type="intercept", model="blue-4", at="field", cm=8, helper="blue-5")
    events = t.roll("blue", 2) + t.roll("red", 5)
    [contest] = named(events, "interception")
    assert contest["totals"] == [5, 8] and contest["result"] == "holder_keeps"
    assert t.snapshot()["models"]["red-9"]["levels"].get("skill") == "Dribble"
    assert t.snapshot()["ball"]["holder"] == "red-9"
    t.do(type="end_phase")
    assert t.snapshot()["team"] == "blue"
    assert t.refused(type="move", model="blue-4", cm=3) == "neutralized"
    t.do(type="move", model="blue-5", cm=3)  # p.15: the helper is not neutralized


def test_P17_one_interception_a_phase() -> None:
    t = blue_phase()
    t.do(type="intercept", model="blue-4", at="field", cm=2)
    t.roll("blue", 3)
    t.roll("red", 4)  # kicked away: blue's phase goes on
    t.roll("red", 1, 1, 1)
    t.do(type="claim", model="red-10", cm=2)
    assert t.refused(type="intercept", model="blue-6", at="field", cm=2) == "already_acted"


def test_P17_an_interception_in_the_holders_phase_only_after_a_stop() -> None:
    t = Table(kickoff=None, start={"half": 1, "turn": 3, "team": "red", "holder": "red-10"})
    assert t.refused(type="intercept", model="blue-4", at="field", cm=2) == "not_your_turn"


def test_p15_intercepting_from_beyond_the_control_zone_is_too_far() -> None:
    t = blue_phase()
    assert t.refused(type="intercept", model="blue-4", at="field", cm=3.5) == "too_far"  # A2: 3 cm zone


def test_P8_after_an_awareness_stop_the_opponent_intercepts_from_up_to_10_cm() -> None:
    t = Table(kickoff=None, start={"half": 1, "turn": 3, "team": "red", "holder": "red-10"})
    t.do(type="move", model="red-10", cm=16, near="blue-4")
    t.roll("red", 2)
    t.roll("blue", 4)
    assert t.refused(type="intercept", model="blue-4", at="field", cm=11) == "too_far"
    assert t.refused(type="move", model="red-7", cm=3) == "not_expected"
    t.do(type="intercept", model="blue-4", at="field", cm=10)


def test_P16_orientation_front_plus_1_back_minus_1_only_with_the_option() -> None:
    t = blue_phase()
    assert t.refused(type="intercept", model="blue-4", at="field", cm=2, side="front") == "bad_input"
    t = blue_phase(orientation=True)
    t.do(type="intercept", model="blue-4", at="field", cm=2, side="back")
    [contest] = named(t.roll("blue", 4) + t.roll("red", 4), "interception")
    assert contest["modifiers"] == [-1, 0] and contest["result"] == "kicked_away_by_holder"


def test_p16_difference_minus_1_the_holders_team_rolls_the_template_nobody_is_neutralized() -> None:
    t = blue_phase()
    t.do(type="intercept", model="blue-4", at="field", cm=2)
    events = t.roll("blue", 3) + t.roll("red", 4)
    assert not named(events, "neutralized")
    assert t.snapshot()["awaiting"]["dice"] == {"red": 3, "blue": 0}
    [deviation] = named(t.roll("red", 2, 3, 4), "deviation")
    assert deviation["cm"] == 7
    assert t.snapshot()["ball"]["state"] == "loose"


def test_A10_kick_away_plus_1_out_over_the_side_line_d6_2_is_the_interceptors_throw_in() -> None:
    t = blue_phase()
    t.do(type="intercept", model="blue-4", at="field", cm=2)
    t.roll("blue", 4)
    t.roll("red", 3)
    assert t.snapshot()["awaiting"]["dice"] == {"red": 0, "blue": 3}
    t.roll("blue", 2, 5, 5)
    t.do(type="ball", out="side")
    events = t.roll("blue", 2)
    [throw_in] = named(events, "throw_in")
    assert throw_in["team"] == "blue"
    snap = t.snapshot()
    assert snap["phase"] == "throw_in" and snap["team"] == "blue" and snap["counted"] == 1


def test_P19_kicked_away_over_a_goal_line_the_defenders_d6_1_3_goal_kick_4_6_corner_to_the_others() -> None:
    t = blue_phase()
    t.do(type="intercept", model="blue-4", at="field", cm=2)
    t.roll("blue", 3)
    t.roll("red", 4)
    t.roll("red", 1, 1, 1)
    t.do(type="ball", out="goal_line", end="red")
    assert t.snapshot()["awaiting"]["dice"] == {"red": 1, "blue": 0}
    [corner] = named(t.roll("red", 5), "corner_kick")
    assert corner["team"] == "blue"


def test_P20_a_midair_challenge_uses_header_levels_and_the_winner_heads_at_once() -> None:
    t = Table(kickoff=None, start={"half": 1, "turn": 3, "team": "red", "holder": "red-10"})
    t.do(type="pass", model="red-10", to="red-9", cm=28, height="high", challenger="blue-4")
    t.roll("red", 6)
    assert t.snapshot()["awaiting"]["what"] == "intercept"
    assert t.refused(type="intercept", model="blue-4", at="field", cm=2) == "bad_input"
    t.do(type="intercept", model="blue-4", at="field", cm=2, midair=True)
    [contest] = named(t.roll("blue", 6) + t.roll("red", 1), "interception")
    assert contest["level"] == "H" and contest["result"] == "won"
    snap = t.snapshot()
    assert snap["ball"]["holder"] == "blue-4" and snap["ball"]["state"] == "high"
    assert "header" in snap["awaiting"]["may"]
    t.do(type="header", model="blue-4", to="point", cm=20)


def test_P49_in_inches_a_3_cm_zone_reaches_1_inch() -> None:
    t = blue_phase(units="in")
    assert t.refused(type="intercept", model="blue-4", at="field", cm=1.5) == "too_far"
    t.do(type="intercept", model="blue-4", at="field", cm=1)


def test_P42_with_a_shared_die_the_interceptors_die_comes_first() -> None:
    t = blue_phase(shared_die=True)
    t.do(type="intercept", model="blue-4", at="field", cm=2)
    [contest] = named(t.roll("red", 6) + t.roll("red", 1), "interception")
    assert contest["dice"] == [6, 1] and contest["result"] == "won"


def test_P49_a_midair_challenger_in_inches_reaches_its_zone_in_inches() -> None:
    t = Table(kickoff=None, options={"units": "in"}, start={"half": 1, "turn": 3, "team": "red", "holder": "red-10"})
    t.do(type="pass", model="red-10", to="red-9", cm=11, height="high", challenger="blue-4")
    t.roll("red", 6)
    assert t.refused(type="intercept", model="blue-4", at="field", cm=2, midair=True) == "too_far"
    t.do(type="intercept", model="blue-4", at="field", cm=1, midair=True)


def test_P17_a_challenger_named_after_the_phases_interception_is_already_acted() -> None:
    t = Table(kickoff=None, start={"half": 1, "turn": 3, "team": "red", "holder": "red-10"})
    t.do(type="pass", model="red-10", to="red-9", cm=28, height="high", challenger="blue-4")
    t.roll("red", 6)
    t.do(type="intercept", model="blue-4", at="field", cm=2, midair=True)
    t.roll("blue", 1)
    t.roll("red", 6)                            # the holder keeps: the phase's one interception is made
    assert t.refused(type="header", model="red-9", to="red-8", cm=10, challenger="blue-5") == "already_acted"
    t.do(type="header", model="red-9", to="red-8", cm=10)
    assert "intercept" not in t.snapshot()["awaiting"]["may"]


def test_P49_in_inches_the_zone_shown_is_the_limit_after_a_P44_stop_too() -> None:
    t = Table(kickoff=None, options={"units": "in"}, start={"half": 1, "turn": 3, "team": "red", "holder": "red-10"})
    assert t.snapshot()["models"]["blue-4"]["zone_cm"] == 1
    t.do(type="move", model="red-10", cm=2, stopped_by="blue-4")
    assert t.refused(type="intercept", model="blue-4", at="field", cm=1.2) == "too_far"
    t.do(type="intercept", model="blue-4", at="field", cm=1)


def test_P9_a_neutralized_challenger_is_refused_on_the_pass_not_after_it() -> None:
    t = blue_phase()
    t.do(type="intercept", model="blue-4", at="field", cm=2)
    t.roll("blue", 1)
    t.roll("red", 6)                            # the holder keeps: blue-4 neutralized, blue's phase ends
    assert t.match.models["blue-4"].neutralized and t.snapshot()["team"] == "red"
    assert t.refused(type="pass", model="red-10", to="red-9", cm=28, height="high",
                     challenger="blue-4") == "neutralized"

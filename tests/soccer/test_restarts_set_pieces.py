"""Set pieces (p.20-24, P22-P24, P27, P35-P37, P45)."""

from __future__ import annotations

from typing import Any

from .table import Table, named


def red_loses_it(out: str, end: str | None = None, **options: Any) -> Table:
    """Red's holder plays the ball to a point; it goes out: a restart for blue (P14)."""
    t = Table(kickoff=None, options=dict(options) or None,
              start={"half": 1, "turn": 3, "team": "red", "holder": "red-9"})
    t.do(type="pass", model="red-9", to="point", cm=5, height="low")
    if end is None:
        t.do(type="ball", out=out)
    else:
        t.do(type="ball", out=out, end=end)
    return t


def blue_fouled(roll: tuple[int, int], at: str = "field") -> Table:
    """Red intercepts blue's holder in red's phase; a foul; red's 2D6 `roll` on the Foul table."""
    t = Table(kickoff=None, start={"half": 1, "turn": 3, "team": "red", "holder": "blue-9"})
    t.do(type="intercept", model="red-4", at=at, cm=2)
    t.roll("red", 3)
    t.roll("blue", 3)
    t.roll("red", *roll)
    return t


def test_P22_a_throw_in_is_no_pass_the_throwing_teams_phase_follows() -> None:
    t = red_loses_it("side")
    assert t.snapshot()["phase"] == "throw_in" and t.snapshot()["team"] == "blue"
    t.do(type="throw_in", model="blue-7", to="blue-8", cm=8)
    events = t.roll("blue", 1)  # 1 + 2 (<= 10 cm) = 3
    [throw] = named(events, "pass")
    assert throw["restart"] == "throw_in" and throw["result"] == "success" and throw["total"] == 3
    snap = t.snapshot()
    assert snap["phase"] == "play" and snap["team"] == "blue" and not snap["acted"]
    assert snap["ball"]["holder"] == "blue-8"
    t.do(type="pass", model="blue-8", to="blue-6", cm=12, height="low")  # the phase's pass is still to come


def test_p20_a_throw_in_over_20_cm_without_the_skill_is_too_far() -> None:
    t = red_loses_it("side")
    assert t.refused(type="throw_in", model="blue-7", to="blue-8", cm=25) == "too_far"  # A15


def test_p20_throw_in_modifiers_and_the_template_on_a_miss() -> None:
    t = red_loses_it("side")
    t.do(type="throw_in", model="blue-7", to="blue-8", cm=15, opp_near=True)
    [throw] = named(t.roll("blue", 2), "pass")
    assert throw["modifier"] == 0 and throw["result"] == "deviate"
    assert t.snapshot()["awaiting"]["dice"] == {"red": 0, "blue": 3}


def test_p20_a_throw_in_only_while_one_is_set_up() -> None:
    t = Table(kickoff=None, start={"half": 1, "turn": 3, "team": "red", "holder": "red-9"})
    assert t.refused(type="throw_in", model="red-7", to="red-8", cm=8) == "not_expected"


def test_A15_an_indirect_kick_may_not_be_shot() -> None:
    t = blue_fouled((1, 1))  # 2: indirect kick to the holder's team
    assert t.snapshot()["phase"] == "indirect_kick"
    assert t.refused(type="shoot", model="blue-9", at="red:shooting", goal_cm=15, zones=0,
                     via="i") == "must_pass"


def test_A15_substitutions_only_while_a_set_piece_is_set_up() -> None:
    t = Table(kickoff=None, start={"half": 1, "turn": 3, "team": "red", "holder": "red-9"})
    assert t.refused(type="substitute", off="red-7", on="red-13") == "no_substitution"
    t = blue_fouled((1, 1))
    t.do(type="substitute", off="blue-7", on="blue-13")


def test_P23_a_direct_kick_in_the_shooting_area_may_be_shot_with_a_wall() -> None:
    t = blue_fouled((2, 2), at="red:shooting")  # 4: direct kick to blue
    t.do(type="shoot", model="blue-9", at="red:shooting", goal_cm=15, zones=0, via="i", wall=3)
    assert "gk_exit" in t.snapshot()["awaiting"]["may"]
    [s] = named(t.roll("blue", 6) + t.roll("red", 1), "shot")
    assert s["modifiers"] == [-2, 0] and s["restart"] == "direct_kick"


def test_P23_a_direct_kick_outside_the_shooting_area_must_pass() -> None:
    t = blue_fouled((2, 2), at="field")
    assert t.refused(type="shoot", model="blue-9", at="red:shooting", goal_cm=15, zones=0,
                     via="i") == "must_pass"


def test_P35_a_direct_kick_is_a_pass_not_the_phases_pass() -> None:
    t = blue_fouled((2, 2))
    t.do(type="pass", model="blue-9", to="blue-8", cm=28, height="high")
    [kick] = named(t.roll("blue", 5), "pass")
    assert kick["restart"] == "direct_kick" and kick["result"] == "success"
    assert not t.snapshot()["acted"]


def test_P45_the_direct_kicks_taker_moves_at_most_10_cm_before_it() -> None:
    t = blue_fouled((2, 2))
    t.do(type="move", model="blue-9", cm=6)
    assert t.refused(type="move", model="blue-9", cm=5) == "too_far"
    assert t.refused(type="pass", model="blue-8", to="blue-7", cm=8, height="low") == "bad_input"


def test_P37_offside_on_a_restarts_kick_is_bad_input() -> None:
    t = blue_fouled((2, 2))
    assert t.refused(type="pass", model="blue-9", to="blue-8", cm=8, height="low", offside="blue-8") == "bad_input"


def test_p23_a_penalty_is_a_shot_plus_1_and_no_exit() -> None:
    t = blue_fouled((2, 2), at="red:penalty")
    assert t.snapshot()["phase"] == "penalty_kick"
    assert t.refused(type="pass", model="blue-9", to="blue-8", cm=8, height="low") == "bad_input"
    t.do(type="shoot", model="blue-9", at="red:penalty", goal_cm=11, zones=0, via="i")
    assert "gk_exit" not in t.snapshot()["awaiting"]["may"]
    [s] = named(t.roll("blue", 3) + t.roll("red", 3), "shot")
    assert s["modifiers"] == [1, 0] and s["result"] == "saved"


def test_P36_a_goal_kick_over_80_cm_is_too_far_and_only_the_keeper_takes_it() -> None:
    t = red_loses_it("goal_line", end="blue")
    assert t.snapshot()["phase"] == "goal_kick"
    assert t.refused(type="pass", model="blue-1", to="blue-9", cm=81, height="high") == "too_far"
    assert t.refused(type="pass", model="blue-5", to="blue-9", cm=30, height="high") == "bad_input"
    t.do(type="pass", model="blue-1", to="blue-9", cm=75, height="high")
    [kick] = named(t.roll("blue", 6), "pass")
    assert kick["modifier"] == 2 - 3 - 1 and kick["result"] == "success"


def test_p22_a_corner_is_a_pass_minus_1_when_its_sight_is_blocked() -> None:
    t = red_loses_it("goal_line", end="red")
    assert t.snapshot()["phase"] == "corner_kick" and t.snapshot()["team"] == "blue"
    t.do(type="pass", model="blue-7", to="blue-9", cm=25, height="high", block=True)
    [kick] = named(t.roll("blue", 3), "pass")
    assert kick["modifier"] == 2 - 1 - 1 - 1 and kick["result"] == "deviate"


def test_P27_after_a_successful_corner_the_keeper_may_exit_to_its_target() -> None:
    t = red_loses_it("goal_line", end="red")
    t.do(type="pass", model="blue-7", to="blue-9", cm=25, height="high")
    t.roll("blue", 6)
    assert "gk_exit" in t.snapshot()["awaiting"]["may"]
    t.do(type="gk_exit", model="red-1", cm=9, on_axis=1, opp_on_spot=True)
    events = t.roll("red", 1)
    assert named(events, "gk_exit")[0]["result"] == "offence"
    events = t.roll("red", 2)
    assert named(events, "penalty_kick")[0]["team"] == "blue"


def test_P27_a_failed_corner_exit_inside_the_goal_area_is_no_offence() -> None:
    t = red_loses_it("goal_line", end="red")
    t.do(type="pass", model="blue-7", to="blue-9", cm=25, height="high")
    t.roll("blue", 6)
    t.do(type="gk_exit", model="red-1", cm=9, on_axis=1, opp_on_spot=True, goal_area=True)
    events = t.roll("red", 1)
    assert named(events, "gk_exit")[0]["result"] == "fail"
    assert t.snapshot()["models"]["red-1"]["neutralized"]
    assert t.snapshot()["ball"]["holder"] == "blue-9"


def test_P24_the_keepers_throw_from_his_hands_over_40_cm_is_too_far() -> None:
    t = red_loses_it("goal", end="blue")
    t.roll("blue", 4)  # 4 + A2: the keeper blocks it, his hands
    assert t.snapshot()["phase"] == "keeper_ball"
    assert t.refused(type="pass", model="blue-1", to="blue-9", cm=41, height="high", with_="hands") == "too_far"
    t.do(type="pass", model="blue-1", to="blue-9", cm=35, height="high", with_="hands")
    [throw] = named(t.roll("blue", 3), "pass")
    assert throw["result"] == "success" and throw["restart"] == "keeper_ball"


def test_p20_playing_it_out_off_an_opponent_over_the_side_line_is_the_players_throw_in() -> None:
    t = Table(kickoff=None, start={"half": 1, "turn": 3, "team": "red", "holder": "red-9"})
    t.do(type="play_out", model="red-9")
    assert t.snapshot()["acted"]
    t.roll("red", 2, 3, 3)
    events = t.do(type="ball", out="side")
    assert named(events, "throw_in")[0]["team"] == "red"


def test_p20_playing_it_out_over_the_goal_line_is_the_players_corner() -> None:
    t = Table(kickoff=None, start={"half": 1, "turn": 3, "team": "red", "holder": "red-9"})
    t.do(type="play_out", model="red-9")
    t.roll("red", 1, 3, 3)
    events = t.do(type="ball", out="goal_line", end="blue")
    assert named(events, "corner_kick")[0]["team"] == "red"


def test_P33_a_penalty_awarded_in_the_last_turn_is_taken_and_the_half_ends_once_it_is_settled() -> None:
    t = Table(kickoff=None, start={"half": 1, "turn": 15, "team": "blue", "holder": "red-2", "counted": 6})
    t.do(type="intercept", model="blue-4", at="red:penalty", cm=2)
    t.roll("blue", 3)
    t.roll("red", 3)
    events = t.roll("blue", 2, 3)  # 5: a direct kick to blue, in red's penalty area
    assert [e["event"] for e in events][-2:] == ["penalty_kick", "turn_end"]
    assert t.snapshot()["phase"] == "penalty_kick" and t.snapshot()["turn"] == 15
    t.do(type="shoot", model="blue-9", at="red:penalty", goal_cm=11, zones=0, via="i")
    t.roll("blue", 1)
    t.roll("red", 6)
    t.roll("red", 6, 6)  # Failed 12: the post
    t.roll("blue", 3)
    t.roll("blue", 1, 1, 1)
    assert t.snapshot()["ball"]["state"] == "loose"  # P50: played through its post template
    events = t.do(type="claim", model="red-5", cm=3)
    assert named(events, "half_time")
    assert t.snapshot()["phase"] == "half_time"


def test_P49_a_throw_in_in_inches_reaches_8() -> None:
    t = red_loses_it("side", units="in")
    assert t.refused(type="throw_in", model="blue-7", to="blue-8", cm=9) == "too_far"
    t.do(type="throw_in", model="blue-7", to="blue-8", cm=4)
    [throw] = named(t.roll("blue", 1), "pass")
    assert throw["modifier"] == 2


def test_P45_after_a_throw_in_that_lands_the_thrower_may_move_15_cm() -> None:
    t = red_loses_it("side")
    t.do(type="throw_in", model="blue-7", to="blue-8", cm=8)
    t.roll("blue", 4)
    assert "move" in t.snapshot()["awaiting"]["may"]
    assert t.refused(type="move", model="blue-7", cm=16) == "too_far"
    t.do(type="move", model="blue-7", cm=15)


def test_p20_a_throw_ins_target_in_an_opponents_zone_may_be_challenged_by_INT_from_behind() -> None:
    t = red_loses_it("side")
    t.do(type="throw_in", model="blue-7", to="blue-8", cm=8, challenger="red-4")
    t.roll("blue", 1)
    aw = t.snapshot()["awaiting"]
    assert (aw["what"], aw["team"], aw["model"]) == ("intercept", "red", "red-4") and "decline" in aw["may"]
    assert t.refused(type="move", model="blue-6", cm=3) == "not_expected"
    t.do(type="intercept", model="red-4", at="field", cm=2)
    [contest] = named(t.roll("red", 6) + t.roll("blue", 1), "interception")
    assert contest["level"] == "INT" and not contest["midair"] and contest["result"] == "won"


def test_p20_a_throw_ins_challenger_in_front_challenges_midair() -> None:
    t = red_loses_it("side")
    t.do(type="throw_in", model="blue-7", to="blue-8", cm=8, challenger="red-4")
    t.roll("blue", 1)
    t.do(type="intercept", model="red-4", at="field", cm=2, midair=True)
    [contest] = named(t.roll("red", 1) + t.roll("blue", 6), "interception")
    assert contest["level"] == "H" and contest["midair"]


def test_p20_a_throw_ins_challenger_is_an_opponent_of_a_team_mate_target() -> None:
    t = red_loses_it("side")
    assert t.refused(type="throw_in", model="blue-7", to="blue-8", cm=8, challenger="blue-4") == "bad_input"
    assert t.refused(type="throw_in", model="blue-7", to="point", cm=8, challenger="red-4") == "bad_input"
    t.do(type="throw_in", model="blue-7", to="blue-8", cm=8, challenger="red-4")
    t.roll("blue", 1)
    t.do(type="decline", team="red")
    assert "move" in t.snapshot()["awaiting"]["may"]                 # the thrower's 15 cm stays (P45)


def test_P22_a_restart_kicks_taker_that_gets_the_ball_back_may_make_the_phases_pass_or_shot() -> None:
    t = blue_fouled((1, 1))                     # Foul 2: an indirect kick to blue
    t.do(type="pass", model="blue-7", to="point", cm=5, height="low")     # the kick, not the phase's pass
    t.do(type="claim", model="blue-7", cm=3)
    assert t.snapshot()["ball"]["holder"] == "blue-7" and not t.snapshot()["acted"]
    assert t.refused(type="move", model="blue-7", cm=2) == "already_acted"          # P45: it has kicked
    t.do(type="pass", model="blue-7", to="blue-6", cm=10, height="low")             # the phase's pass
    assert t.snapshot()["acted"]

"""Rule 7: offside (C8 level is onside, C14 judged when the ball is played, own half never, goal-area interference)."""
from .dsl import holder, offense, play, play_events, position


def attack(red_extra, blue_extra=None, ball="d10"):
    red = {"gk": "d1", "s1": ball, "m4": "h3", **red_extra}
    blue = {"gk": "d16", "d1": "c12", "d2": "f11", **(blue_extra or {})}   # last field player on rank 12
    return position(red=red, blue=blue, ball=ball)


def test_rule7_direct_pass_to_a_pawn_beyond_the_last_field_player_is_offside():
    gm = attack({"m1": "e13"})
    events = play_events(gm, "roll red 1", "red-m4 h4", "roll red 3", "ball e13")
    names = [e["event"] for e in events]
    assert names[-2:] == ["offside", "free_kick"]
    assert events[-1]["team"] == "blue" and events[-1]["square"] == "e13"
    assert offense(gm) == "blue" and gm.state.phase == "free_kick_setup"


def test_rule7_C8_level_with_the_last_field_player_is_onside():
    gm = attack({"m1": "e12"})
    names = play(gm, "roll red 1", "red-m4 h4", "roll red 2", "ball e12")
    assert "offside" not in names and holder(gm) == "red-m1" and gm.state.phase == "ball_play"


def test_rule7_C14_a_pawn_in_its_own_half_is_never_offside():
    gm = position(red={"gk": "d1", "s1": "d6", "m1": "e8", "m4": "h3"}, blue={"gk": "d16", "m1": "c7"}, ball="d6")
    names = play(gm, "roll red 1", "red-m4 h4", "roll red 2", "ball e8")     # blue's last field player on rank 7
    assert "offside" not in names and holder(gm) == "red-m1"


def test_rule7_capture_beyond_the_line_by_a_pawn_offside_at_the_play():
    gm = attack({"m1": "e13"})
    names = play(gm, "roll red 1", "red-m4 h4", "roll red 4", "ball d14", "roll red 1", "red-m1 d14")
    assert names[-2:] == ["offside", "free_kick"]


def test_rule7_an_onside_team_mate_may_take_the_ball_there():
    gm = attack({"m1": "e13", "m2": "b12"})               # b12: level with the line, onside
    names = play(gm, "roll red 1", "red-m4 h4", "roll red 3", "ball d13", "roll red 2", "red-m2 d13")
    assert "offside" not in names and holder(gm) == "red-m2"


def test_rule7_C14_positions_are_judged_when_the_ball_is_played():
    gm = attack({"m1": "e11"})                                   # onside when the ball is played
    names = play(gm, "roll red 1", "red-m4 h4", "roll red 4", "ball d14", "roll red 3", "red-m1 d14")
    assert "offside" not in names and holder(gm) == "red-m1"


def test_rule7_offside_pawn_in_the_goal_area_makes_a_scoring_chance_offside():
    gm = attack({"m1": "e16", "m2": "e12"})
    names = play(gm, "roll red 1", "red-m4 h4", "roll red 4", "ball d14", "roll red 2", "red-m2 d14")
    assert names[-3:] == ["capture", "offside", "free_kick"]
    assert gm.state.restart.square == 107                        # the square the ball was played to (d14)

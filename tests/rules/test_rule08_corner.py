"""Rule 8: corner kick (C9 side, keeper back, zone, 3 placements each D-team first, no offside)."""
from .dsl import at, play, position, rejects


def corner(shot_file="d"):
    gm = position(red={"gk": "d1", "s1": f"{shot_file}12", "m1": f"{shot_file}14", "m2": "a10", "m3": "e13"},
                  blue={"gk": "c15", "d1": "b15", "d2": "f13", "m1": "a15"}, ball=f"{shot_file}12")
    play(gm, "roll red 1", "red-m2 a11", "roll red 2", f"ball {shot_file}14", "spin corner")
    return gm


def test_rule8_C9_corner_on_the_side_of_the_shot():
    assert corner("d").state.restart.ball_squares == 1 << 120        # a16
    assert corner("e").state.restart.ball_squares == 1 << 127        # h16


def test_rule8_set_up_keeper_back_ball_to_corner_zone_cleared():
    gm = corner("d")
    assert gm.state.phase == "corner_setup"
    play(gm, "ball a16")
    assert rejects(gm, "blue-m1 a13") == "free_kick_zone"         # a13 is not in the ring just outside the zone
    play(gm, "blue-m1 c14", "blue-d1 c16", "blue-gk d16", "lift red-m1")
    assert gm.state.phase == "corner_placement" and gm.state.actor == 1 and at(gm, "red-m1") is None


def test_rule8_placements_alternate_d_team_first_three_each_then_the_kick():
    gm = corner("d")
    play(gm, "ball a16", "blue-m1 c14", "blue-d1 c16", "blue-gk d16")
    assert rejects(gm, "red-m3 e15") == "not_your_turn"
    assert rejects(gm, "blue-d2 b16") == "free_kick_zone"
    play(gm, "blue-d2 e15", "red-m3 e14", "blue-m1 c13", "red-m2 g15")
    assert rejects(gm, "blue-d1 e16") == "goal_area_limit"         # the keeper is in the goal area
    play(gm, "blue-d1 f15", "red-s1 c12")
    assert gm.state.phase == "corner_kick"
    play(gm, "roll red 2")
    assert rejects(gm, "red-m3 e13") == "not_expected"
    play(gm, "ball c14")                                          # the taker steps onto the corner first
    assert at(gm, "red-m1") == "a16" and gm.state.barred == 5


def test_rule8_no_offside_on_the_corner_play():
    gm = corner("d")
    play(gm, "ball a16", "blue-m1 c14", "blue-d1 c16", "blue-gk d16", "press confirm", "press confirm")
    assert gm.state.phase == "corner_kick"
    # red-m3 on e13 and nobody of blue but the keeper further back: no offside from a corner
    names = play(gm, "roll red 3", "ball c13")
    assert "offside" not in names and gm.state.phase == "capture"
    play(gm, "roll red 1")
    names = play(gm, "red-m3 d13")
    assert gm.state.phase == "capture"


def test_rule8_a_team_mate_on_the_corner_square_makes_room_for_the_taker():
    gm = position(red={"gk": "d1", "s1": "d12", "m1": "d14", "m2": "a10", "m3": "a16"},
                  blue={"gk": "d16", "d1": "h15"}, ball="d12")
    play(gm, "roll red 1", "red-m2 a11", "roll red 2", "ball d14", "spin corner", "ball a16")
    assert gm.state.phase == "corner_setup"                     # red-m3 still stands on the corner
    assert rejects(gm, "red-m3 a12") == "placement"
    play(gm, "red-m3 b15", "press confirm", "press confirm", "roll red 2", "ball c16")
    assert at(gm, "red-m1") == "a16" and at(gm, "red-m3") == "b15"

"""Rule 10: free kick (the zone, the ring just outside it, the kicker barred)."""
from .dsl import holder, offense, play, position, rejects, squares


def fouled():
    gm = position(red={"gk": "d1", "s1": "d7", "m1": "a3", "m2": "c9"},
                  blue={"gk": "d16", "m1": "d8", "m2": "e9", "d4": "h12"}, ball="d7")
    play(gm, "roll red 1", "red-m1 a4", "roll red 1", "dribble d8", "roll red 6", "roll blue 1")
    return gm


def test_rule10_opponents_leave_the_zone_for_the_ring_just_outside():
    gm = fouled()
    assert gm.state.phase == "free_kick_setup"
    assert rejects(gm, "blue-m1 d12") == "free_kick_zone"        # too far: the ring just outside
    assert rejects(gm, "red-m2 c10") == "placement"              # red has nothing to fix
    play(gm, "blue-m1 d10")
    assert gm.state.phase == "free_kick_setup"                   # blue-m2 on e9 is still in the zone
    play(gm, "blue-m2 f10")
    assert gm.state.phase == "offensive_set" and holder(gm) == "red-s1"


def test_rule10_the_kicker_may_not_touch_the_ball_until_another_pawn_has():
    gm = fouled()
    play(gm, "blue-m1 d10", "blue-m2 f10", "roll red 1", "red-m1 a5", "roll red 2", "ball b8", "roll red 2")
    assert rejects(gm, "red-s1 b8") == "kicker_barred"
    play(gm, "red-m2 b8")
    assert holder(gm) == "red-m2" and gm.state.barred == -1


def test_rule10_ring_is_the_squares_at_distance_two():
    from controller.rules import geometry as g
    assert squares(g.ring(g.parse("a16"), 1)) == {"a14", "b14", "c14", "c15", "c16"}


def test_rule10_after_an_offside_a_pawn_of_the_offended_team_close_to_the_ball_kicks():
    gm = position(red={"gk": "d1", "s1": "d10", "m4": "h3", "m1": "e13"},
                  blue={"gk": "d16", "d1": "c12", "d2": "f11", "m1": "f12"}, ball="d10")
    names = play(gm, "roll red 1", "red-m4 h4", "roll red 3", "ball e13")
    assert names[-2:] == ["offside", "free_kick"] and gm.state.phase == "free_kick_setup"
    assert rejects(gm, "red-m1 e12") == "free_kick_zone"        # the offside pawn leaves for the ring
    play(gm, "red-m1 e11", "blue-m1 e13")                       # blue-m1, next to the ball, takes it
    assert gm.state.phase == "offensive_set" and holder(gm) == "blue-m1" and offense(gm) == "blue"


def test_rule10_an_opponent_touching_the_ball_frees_the_kicker():
    gm = fouled()
    play(gm, "blue-m1 d10", "blue-m2 f10", "roll red 1", "red-m1 a5", "roll red 2", "ball b8")
    play(gm, "roll red 1", "red-m2 c10", "roll blue 2")         # red misses; blue answers
    events = play(gm, "blue-m1 b8")                             # a blue pawn takes the ball ("from either team")
    assert "capture" in events and gm.state.barred == -1

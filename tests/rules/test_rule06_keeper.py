"""Rule 6: the keeper (6A one square without a die on defence, 6C goal kick with two dice, C15)."""
from .dsl import at, ball, holder, offense, play, play_events, position, rejects


def shot_then_goal_kick():
    gm = position(red={"gk": "d1", "s1": "d12", "m1": "e14", "m2": "a10", "m3": "c15"},
                  blue={"gk": "e15", "d1": "h15", "m1": "a12"}, ball="d12")
    play(gm, "roll red 1", "red-m2 a11", "roll red 2", "ball e14", "spin goal_kick")
    return gm


def test_rule6A_keeper_steps_one_square_without_a_die_only_on_defence():
    gm = position(red={"gk": "d1", "s1": "d12", "m2": "a10", "m1": "b11"}, blue={"gk": "d16", "d1": "h15"}, ball="d12")
    play(gm, "roll red 1", "red-m2 a11", "roll red 2", "ball d14", "roll red 3", "red-m1 d14")
    assert rejects(gm, "blue-gk d14") == "keeper_move"            # two squares
    play(gm, "roll blue 2")
    assert rejects(gm, "blue-gk d15") == "keeper_move"            # a die was rolled: a field player moves


def test_rule6C_goal_kick_attackers_leave_the_area_and_keeper_takes_the_ball():
    gm = shot_then_goal_kick()
    assert gm.state.phase == "goal_kick_setup" and offense(gm) == "blue"
    assert rejects(gm, "red-m2 a12") == "placement"               # nothing to fix with that pawn
    assert rejects(gm, "red-m1 e12") == "placement"               # must stand just outside the area
    assert rejects(gm, "ball e15") == "placement"                 # the keeper first goes into its goal area
    play(gm, "red-m1 e13", "red-m3 a15", "blue-gk e16", "ball e16")
    assert gm.state.phase == "offensive_set" and holder(gm) == "blue-gk" and ball(gm) == "e16"


def test_rule6C_goal_kick_uses_two_dice_must_leave_the_area_C15_reroll():
    gm = shot_then_goal_kick()
    play(gm, "red-m1 e13", "red-m3 a15", "blue-gk e16", "ball e16", "roll blue 1", "blue-m1 a11")
    play(gm, "roll red 1")                                        # either die counts for a keeper kick
    assert gm.state.roll == 0 and gm.state.dice[0] == 1
    assert play(gm, "roll blue 1") == ["reroll"]                  # 2: cannot leave the area from e16 (C15)
    play(gm, "roll blue 2", "roll red 2")
    assert gm.state.roll == 4
    assert rejects(gm, "ball e14") == "wrong_distance"
    play(gm, "ball e12")
    assert gm.state.barred == 11 and gm.state.phase == "capture"


def test_rule6C_goal_kick_inside_the_area_is_refused():
    gm = shot_then_goal_kick()
    play(gm, "red-m1 e13", "red-m3 a15", "blue-gk e16", "ball e16", "roll blue 1", "blue-m1 a11",
         "roll blue 1", "roll blue 2")
    assert rejects(gm, "ball b16") == "goal_kick_short"           # three squares, still in the area
    assert at(gm, "blue-gk") == "e16"


def test_rule6C_goal_kick_ball_slid_out_of_the_area_rests_on_its_way_inside_it():
    from controller.games.stw import geometry as g
    from controller.games.stw.physical import read_difference
    gm = shot_then_goal_kick()
    play(gm, "red-m1 e13", "red-m3 a15", "blue-gk e16", "ball e16", "roll blue 1", "blue-m1 a11",
         "roll blue 2", "roll red 2")                              # a keeper's kick of 4 from e16

    def reading(square, final=False):
        return read_difference(gm, [(g.parse("e16"), "ball")], [(g.parse(square), "ball")], final)

    assert reading("e15").kind == "pending" and reading("e14").kind == "pending"   # in the area, on the way
    assert reading("b16").kind == "pending"                       # on the way to a16, outside the area
    assert reading("g15").kind == "pending"                       # on the way to h15 (S then E)
    assert reading("c14").kind == "pending"                       # 4 squares but in the area: on the way on
    assert reading("c14", final=True).error.reason == "goal_kick_short"            # a `move` line ends there
    assert reading("e12").action is not None and not reading("e12").open_ended
    assert reading("h14").kind == "wrong" and reading("h14").error.reason == "wrong_distance"


def test_rule6C_goal_kick_only_the_opponents_leave_the_penalty_area():
    gm = position(red={"gk": "d1", "s1": "d12", "m1": "e14", "m2": "a10"},
                  blue={"gk": "d16", "d1": "h15", "m1": "c15"}, ball="d12")
    play(gm, "roll red 1", "red-m2 a11", "roll red 2", "ball e14", "spin goal_kick")
    assert rejects(gm, "blue-m1 c13") == "placement"              # the keeper's team-mate may stay in its area
    play(gm, "red-m1 e13", "ball d16")
    assert at(gm, "blue-m1") == "c15" and gm.state.phase == "offensive_set" and holder(gm) == "blue-gk"


def test_rule6C_rule7_offside_applies_to_the_play_from_a_goal_kick():
    gm = position(red={"gk": "d1", "s1": "d12", "m1": "e14", "m2": "a10"},
                  blue={"gk": "d16", "d1": "h15", "m1": "d8"}, ball="d12")
    play(gm, "roll red 1", "red-m2 a11", "roll red 2", "ball e14", "spin goal_kick", "red-m1 e13", "ball d16")
    # red's last field player is on rank 11: blue-m1 on d8, in red's half, is beyond it when the keeper kicks
    play(gm, "roll blue 1", "blue-d1 h14", "roll blue 4", "roll red 4")
    events = play_events(gm, "ball d8")
    assert [e["event"] for e in events][-2:] == ["offside", "free_kick"]
    assert events[-1] == {"event": "free_kick", "team": "red", "square": "d8"} and offense(gm) == "red"

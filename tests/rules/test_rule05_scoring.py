"""Rule 5: scoring chances (5A1 capture in the area, 5A2 direct pass into it, 5B long distance, C13)."""
from .dsl import ball, holder, offense, play, play_events, position, rejects


def attack(**extra_blue):
    """Red attacks the blue end (penalty area b14-g16, long-distance squares c13 f13)."""
    return position(red={"gk": "d1", "s1": "d12", "m1": "b13", "m2": "a10"},
                    blue={"gk": "d16", "d1": "h15", "s1": "h10", **extra_blue}, ball="d12")


def test_rule5A1_capture_in_the_area_then_d_team_cannot_reach_is_a_shot_and_goal():
    gm = attack()
    play(gm, "roll red 1", "red-m2 a11", "roll red 2", "ball d14", "roll red 2")
    events = play(gm, "red-m1 d14")
    assert "capture" in events and gm.state.phase == "answer" and gm.state.scoring
    events = play(gm, "blue-gk e16")                              # the keeper steps but does not reach
    assert events == ["shot"] and gm.state.phase == "shot"
    events = play_events(gm, "spin goal")
    assert events[0] == {"event": "goal", "team": "red", "pawn": "red-m1", "square": "d14",
                         "score": {"red": 1, "blue": 0}}
    assert gm.state.score == [1, 0]


def test_rule5_a_goal_restarts_with_a_kickoff_by_the_team_scored_against():
    gm = attack()
    play(gm, "roll red 1", "red-m2 a11", "roll red 2", "ball d14", "roll red 2", "red-m1 d14", "blue-gk e16",
         "spin goal")
    assert gm.state.phase == "kick_off" and offense(gm) == "blue" and ball(gm) == "d9" and holder(gm) == "blue-s1"


def test_rule5A2_direct_pass_into_the_area_is_a_shot_at_once():
    gm = position(red={"gk": "d1", "s1": "d12", "m1": "e14", "m2": "a10"}, blue={"gk": "d16", "d1": "h15"},
                  ball="d12")
    events = play(gm, "roll red 1", "red-m2 a11", "roll red 2", "ball e14")
    assert events[-2:] == ["direct_pass", "shot"] and holder(gm) == "red-m1"


def test_rule5A2_direct_pass_into_the_area_onto_two_pawns_is_a_battle_won_then_shot():
    gm = position(red={"gk": "d1", "s1": "d12", "m1": "e14", "m2": "a10"}, blue={"gk": "d16", "d1": "e14", "m1": "h15"},
                  ball="d12")
    play(gm, "roll red 1", "red-m2 a11", "roll red 2", "ball e14")
    assert gm.state.phase == "battle"
    events = play(gm, "roll red 6", "roll blue 2")                # 6 against 2 + 1
    assert events[-2:] == ["battle_won", "shot"]


def test_rule5B_long_distance_square_direct_pass_is_a_shot_even_the_second():
    gm = position(red={"gk": "d1", "s1": "d10", "m1": "d11", "m2": "c13", "m3": "a9"}, blue={"gk": "d16", "d1": "h15"},
                  ball="d10")
    play(gm, "roll red 1", "red-m3 a8", "roll red 1", "ball d11")   # first direct pass: extra play
    events = play(gm, "roll red 2", "ball c13")
    assert events[-2:] == ["direct_pass", "shot"] and gm.state.shot_square == 98


def test_rule5B_capture_on_a_long_distance_square_is_normal_play():
    gm = position(red={"gk": "d1", "s1": "d10", "m1": "b12", "m3": "a9"}, blue={"gk": "d16", "d1": "h13"}, ball="d10")
    play(gm, "roll red 1", "red-m3 a8", "roll red 3", "ball c13", "roll red 1", "red-m1 c13")
    assert gm.state.phase == "answer" and not gm.state.scoring


def test_rule5_C13_keeper_losing_a_battle_anywhere_gives_a_shot():
    gm = position(red={"gk": "d1", "s1": "d12", "m1": "a9"}, blue={"gk": "d13", "d1": "h13"}, ball="d12")
    play(gm, "roll red 1", "red-m1 a8", "roll red 1", "dribble c12")   # c12 is outside the area
    play(gm, "blue-gk c12")                                     # the keeper answers without a die
    events = play(gm, "roll blue 1", "roll red 5")              # 5 against 1 + 2
    assert events[-2:] == ["battle_won", "shot"]


def test_rule5_no_shot_outside_the_area_after_a_capture():
    gm = position(red={"gk": "d1", "s1": "d10", "m1": "b11", "m3": "a9"}, blue={"gk": "d16", "d1": "h13"}, ball="d10")
    play(gm, "roll red 1", "red-m3 a8", "roll red 2", "ball d12", "roll red 2", "red-m1 d12", "roll blue 1",
         "blue-d1 h12")
    assert gm.state.phase == "offensive_set" and rejects(gm, "spin goal") == "not_expected"


def shot_in_blue_area():
    """Red's direct pass to red-m1 on e14, in blue's penalty area: a shot at once (blue-m1 on c15 in its own area)."""
    gm = position(red={"gk": "d1", "s1": "d12", "m1": "e14", "m2": "a10"},
                  blue={"gk": "d16", "d1": "h15", "s1": "h10", "m1": "c15"}, ball="d12")
    play(gm, "roll red 1", "red-m2 a11", "roll red 2", "ball e14")
    assert gm.state.phase == "shot"
    return gm


def test_rule5_rule6C_a_goal_kick_spin_is_a_goal_kick_for_the_d_team_keeper():
    gm = shot_in_blue_area()
    events = play_events(gm, "spin goal_kick")
    assert events[0] == {"event": "goal_kick", "team": "blue"}
    assert gm.state.phase == "goal_kick_setup" and offense(gm) == "blue" and gm.state.score == [0, 0]
    assert rejects(gm, "red-s1 d11") == "placement"              # outside the area already: nothing to fix
    play(gm, "red-m1 e13", "ball d16")                           # the shooter leaves; the ball to the keeper
    assert gm.state.phase == "offensive_set" and holder(gm) == "blue-gk" and ball(gm) == "d16"


def test_rule5_rule1_rule10_the_kickoff_after_a_goal_keeps_the_kickoff_rules():
    from controller.games.stw import chebyshev
    gm = shot_in_blue_area()
    play(gm, "spin goal")
    assert gm.state.phase == "kick_off" and offense(gm) == "blue" and ball(gm) in ("d9", "e9")
    assert all(chebyshev(gm.state.sq[p], gm.state.ball) > 1 for p in range(11) if gm.state.sq[p] >= 0)
    play(gm, "roll blue 2")
    assert rejects(gm, "blue-m1 a9") == "not_expected"           # no pawn move before the kick-off's ball play
    file = ball(gm)[0]
    assert rejects(gm, f"ball {file}11") == "kickoff_forward"    # back into blue's own half
    kicker = holder(gm)
    play(gm, f"ball {file}7", "roll blue 2")
    assert rejects(gm, f"{kicker} {file}7") == "kicker_barred"

"""Rule 8: corner kick (C9 side, keeper back, zone, 3 placements each D-team first, no offside)."""
from .dsl import at, play, play_events, position, rejects


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


def placements(extra_red=None, extra_blue=None):
    """Rule 8 set-up done for a corner at a16 (red-m1 shot from d14): blue (the D-team) places first."""
    gm = position(red={"gk": "d1", "s1": "d12", "m1": "d14", "m2": "a10", "m3": "e13", "d1": "c7", **(extra_red or {})},
                  blue={"gk": "c15", "d1": "b15", "d2": "f13", "m1": "a15", **(extra_blue or {})}, ball="d12")
    play(gm, "roll red 1", "red-m2 a11", "roll red 2", "ball d14", "spin corner")
    play(gm, "ball a16", "blue-m1 c14", "blue-d1 c16", "blue-gk d16", "lift red-m1")
    assert gm.state.phase == "corner_placement" and gm.expects() == {"input": "place", "team": "blue"}
    return gm


def test_rule8_the_o_team_may_place_next_to_the_ball():
    gm = placements()
    play(gm, "blue-d2 e15")
    events = play_events(gm, "red-m3 b16")                      # only D-team pawns keep the zone
    assert events == [{"event": "placement", "team": "red", "pawn": "red-m3", "square": "b16", "n": 1}]


def test_rule8_corner_placements_keep_defenders_and_the_keeper_in_their_own_half():
    gm = placements()
    assert rejects(gm, "blue-d2 f8") == "defender_own_half"
    assert rejects(gm, "blue-gk d8") == "keeper_own_half"
    play(gm, "blue-d2 e15")
    assert rejects(gm, "red-d1 c10") == "defender_own_half"
    play(gm, "red-d1 c8")
    assert at(gm, "red-d1") == "c8"


def test_rule8_corner_placements_at_most_4_d_team_field_players_in_that_penalty_area():
    gm = placements(extra_blue={"m2": "f15", "m3": "g14"})      # blue: c14 c16 f15 g14, the keeper besides
    assert rejects(gm, "blue-d2 e15") == "penalty_area_limit"
    play(gm, "blue-m2 e15")                                     # one already inside may move within it
    assert at(gm, "blue-m2") == "e15"


def test_rule8_corner_placements_at_most_4_o_team_field_players_in_that_penalty_area():
    gm = position(red={"gk": "d1", "s1": "d12", "m1": "d14", "m2": "b14", "m3": "e14", "m4": "g14", "s2": "f12"},
                  blue={"gk": "c15", "d1": "b15", "d2": "f13", "m1": "a15"}, ball="d12")
    play(gm, "roll red 1", "red-m2 a14", "roll red 2", "ball d14", "spin corner")
    play(gm, "ball a16", "blue-m1 c14", "blue-d1 c16", "blue-gk d16", "lift red-m1", "blue-d2 e15")
    play(gm, "red-m2 b14", "blue-d2 g15", "red-s2 f14", "blue-d2 f15")   # red: b14 e14 f14 g14, the taker off
    assert rejects(gm, "red-s1 c15") == "penalty_area_limit"
    play(gm, "red-s1 c13")
    assert gm.state.phase == "corner_kick"


def test_rule8_one_pawn_of_each_team_in_the_goal_area():
    gm = placements()
    play(gm, "blue-d2 e15", "red-m3 e16")                       # beside the blue keeper: one of each team
    play(gm, "blue-d2 g15")
    assert rejects(gm, "red-m2 d16") == "goal_area_limit"


def test_rule8_the_same_pawn_may_be_placed_more_than_once():
    gm = placements()
    play(gm, "blue-d2 e15", "red-m3 e14", "blue-d2 g15", "red-m3 f14")
    events = play_events(gm, "blue-d2 f15")
    assert events[0] == {"event": "placement", "team": "blue", "pawn": "blue-d2", "square": "f15", "n": 3}
    assert at(gm, "blue-d2") == "f15" and gm.expects() == {"input": "place", "team": "red"}


def test_rule8_the_corner_taker_may_not_touch_the_ball_until_another_pawn_has():
    gm = placements()
    play(gm, "press confirm", "press confirm", "roll red 2", "ball b14", "roll red 2")
    assert at(gm, "red-m1") == "a16"                            # the taker stepped onto the corner to kick
    assert rejects(gm, "red-m1 b14") == "kicker_barred"


def test_rule8_the_corner_taker_may_not_dribble():
    """Rule 8 bars the corner's taker as rule 10 bars a free kick's: it plays the ball away, never carries it."""
    gm = placements()
    play(gm, "press confirm", "press confirm", "roll red 1")
    assert not [a for a in gm.legal_actions() if type(a).__name__ == "Dribble"]
    assert rejects(gm, "dribble b15") == "kicker_barred"


def test_rule8_the_o_team_rolls_only_when_both_teams_are_set_up():
    gm = placements()
    before = gm.state.clone()
    assert rejects(gm, "roll red 3") == "not_your_turn"           # blue (the D-team) still places
    assert gm.state == before
    play(gm, "blue-d2 e15")
    assert rejects(gm, "roll red 3") == "not_your_turn"           # red's turn, but blue has two placements left
    play(gm, "red-m3 e14", "blue-m1 c13", "red-m2 g15", "blue-d1 f15")
    play(gm, "roll red 3")                                        # blue is done: red's roll ends its placements
    assert gm.state.phase == "corner_kick" and gm.state.roll == 3


def test_rule8_the_corner_taker_belonging_off_the_pitch_never_counts_in_the_penalty_area():
    gm = position(red={"gk": "d1", "s1": "d12", "m1": "d14", "m2": "b14", "m3": "e14", "m4": "g14", "s2": "f12"},
                  blue={"gk": "c15", "d1": "b15", "d2": "f13", "m1": "a15"}, ball="d12")
    play(gm, "roll red 1", "red-m2 a14", "roll red 2", "ball d14", "spin corner")
    play(gm, "ball a16", "blue-m1 c14", "blue-d1 c16", "blue-gk d16")
    assert gm.state.phase == "corner_placement" and at(gm, "red-m1") == "d14"    # not lifted yet
    play(gm, "blue-d2 e15", "red-m2 b14", "blue-d2 g15", "red-s2 f14")           # red: b14 e14 g14 f14, four
    assert at(gm, "red-s2") == "f14"

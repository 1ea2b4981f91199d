"""RULES-STBG.md, Turns (S5-S10, S15, S17, S28, S31): a roll is a budget split over any pieces, moves cost
their fewest steps, the holder carries the ball and may not enter an opponent's square, kicks go straight and
are blocked by opponents, offside, and when a turn ends."""
from controller.games.stbg import RED

from .dsl import ball, events, holder, play, position, rejects, sq

RED4 = {"p1": "d1", "p2": "b6", "p3": "d6", "p4": "f6"}
BLUE4 = {"p1": "d16", "p2": "b11", "p3": "d11", "p4": "f11"}


def test_s5_move_cost_is_fewest_steps():
    game = position(ball="d6")
    play(game, "roll red 6", "red-p2 e9")            # b6 -> e9: 3 steps straight and diagonally
    assert game.state.points == 3
    play(game, "red-p4 c8")                           # f6 -> c8: 3 (any square may be crossed)
    assert game.state.points == 0


def test_s5_a_player_may_change_direction_and_cross_any_square():
    game = position(red={**RED4, "p4": "d8"}, blue={**BLUE4, "p4": "d9"}, ball="d6")
    play(game, "roll red 2", "red-p4 d10")            # over the opponent on d9: a player without the ball may
    assert sq(game, "red-p4") == "d10"


def test_s5_the_holder_may_not_enter_a_square_with_an_opponent():
    game = position(red={**RED4, "p3": "d8"}, blue={**BLUE4, "p4": "d9", "p3": "c9", "p2": "e9"}, ball="d8")
    play(game, "roll red 4")
    assert rejects(game, "red-p3 d9") == "path_blocked"
    play(game, "red-p3 d10")                          # around c9-d9-e9: d8 e8 f9 e10 d10
    assert ball(game) == "d10" and game.state.points == 0


def test_s5_holder_path_around_opponents_costs_the_detour():
    game = position(red={**RED4, "p3": "d8"}, blue={**BLUE4, "p4": "d9", "p3": "c9", "p2": "e9"}, ball="d8")
    play(game, "roll red 2")
    assert rejects(game, "red-p3 d10") == "over_budget"


def test_s6_points_need_not_all_be_used_done_ends_the_turn():
    game = position()
    play(game, "roll red 5", "red-p2 b7")
    assert rejects(game, "done blue") == "not_your_turn"
    names = play(game, "done red")
    assert names == ["turn_end"] and game.state.turn == 1 and not game.state.rolled


def test_s6_over_budget_is_refused_and_nothing_changes():
    game = position()
    play(game, "roll red 2")
    assert rejects(game, "red-p2 b9") == "over_budget"
    play(game, "red-p2 b7")
    assert rejects(game, "red-p4 f8") == "over_budget"
    play(game, "red-p4 f7")
    assert game.state.points == 0


def test_s6_several_pawns_and_the_ball_in_any_order():
    game = position(ball="d6", red={**RED4, "p4": "f7"})
    play(game, "roll red 6", "red-p2 b7", "red-p3 d7", "ball f7", "red-p4 f8")   # 1 + 1 (dribble) + 2 + 1
    assert holder(game) == "red-p4" and ball(game) == "f8" and game.state.points == 1


def test_s8_the_holder_carries_the_ball():
    game = position()
    play(game, "roll red 3", "red-p3 d9")
    assert ball(game) == "d9" and holder(game) == "red-p3" and game.state.points == 0


def test_s9_kick_ends_loose_with_a_team_mate_or_with_a_lone_opponent():
    game = position()
    play(game, "roll red 5", "ball d8")
    assert holder(game) is None
    play(game, "red-p3 d8")                           # reaches the loose ball: possession, 1 point left
    assert holder(game) == "red-p3" and game.state.points == 1
    play(game, "red-p3 d9")
    assert ball(game) == "d9"


def test_s9_kick_onto_a_lone_opponent_ends_the_turn():
    game = position()
    play(game, "roll red 5")
    names = play(game, "ball d11")
    assert holder(game) == "blue-p3" and "turn_end" in names and game.state.turn == 1


def test_s9_pass_to_a_team_mate_who_may_use_the_rest():
    game = position(red={**RED4, "p4": "d8"})
    play(game, "roll red 4", "ball d8")
    assert holder(game) == "red-p4" and game.state.points == 2
    play(game, "red-p4 d10")
    assert ball(game) == "d10"


def test_kick_goes_straight_or_diagonally_exactly_its_points():
    game = position()
    play(game, "roll red 4")
    assert rejects(game, "ball e8") == "not_straight"
    assert rejects(game, "ball d11") == "over_budget"
    play(game, "ball h10")                            # diagonal, 4 squares
    assert ball(game) == "h10"


def test_kick_passes_over_team_mates_never_over_an_opponent():
    game = position(red={**RED4, "p4": "d7"}, blue={**BLUE4, "p4": "d9"})
    play(game, "roll red 5")
    play(game, "ball d8")                              # over the team-mate on d7
    game = position(red={**RED4, "p4": "d7"}, blue={**BLUE4, "p4": "d8"})
    play(game, "roll red 5")
    assert rejects(game, "ball d10") == "path_blocked"


def test_s10_offside_pass_is_refused_not_penalised():
    red = {**RED4, "p4": "f13"}
    game = position(red=red, blue={**BLUE4, "p3": "d12"}, ball="d6")
    play(game, "roll red 6", "red-p3 d9")
    assert rejects(game, "ball f10") == "not_straight"
    game = position(red={**RED4, "p3": "h7", "p4": "h13"}, blue=BLUE4, ball="h7")
    play(game, "roll red 6")
    assert rejects(game, "ball h13") == "offside"      # nearer the goal line than blue's last field player (rank 11)


def test_s10_level_is_onside_and_own_half_is_never_offside():
    game = position(red={**RED4, "p3": "c5", "p4": "c11"}, blue=BLUE4, ball="c5")
    play(game, "roll red 6", "ball c11")                # level with d11: onside
    assert holder(game) == "red-p4"
    game = position(red={**RED4, "p3": "c2", "p4": "c8"}, blue={**BLUE4, "p2": "b4", "p3": "d4"}, ball="c2")
    play(game, "roll red 6", "ball c8")                 # beyond blue's last player, but in its own half
    assert holder(game) == "red-p4"


def test_s15_the_holder_takes_the_ball_along_to_part_with_it_it_kicks():
    game = position()
    play(game, "roll red 2", "red-p3 d8")
    assert ball(game) == "d8"


def test_s17_the_other_teams_roll_ends_the_turn_once_the_team_has_rolled():
    game = position()
    assert rejects(game, "roll blue 3") == "not_your_turn"
    play(game, "roll red 3")
    names = play(game, "roll blue 4")
    assert names[0] == "turn_end" and game.state.turn == 1 and game.state.points == 4


def test_s28_a_player_may_end_on_an_opponent_without_the_ball_a_kick_not_on_both():
    game = position(red={**RED4, "p4": "f10"}, blue=BLUE4)
    play(game, "roll red 2", "red-p4 f11")              # onto blue-p4, which has no ball
    assert sq(game, "red-p4") == "f11" == sq(game, "blue-p4")
    game = position(red={**RED4, "p4": "d11", "p3": "d7"}, blue=BLUE4, ball="d7")
    play(game, "roll red 4")
    assert rejects(game, "ball d11") == "square_taken"


def test_s31_no_kick_or_dribble_into_the_own_goal_area():
    game = position(red={**RED4, "p1": "a1", "p3": "d3"}, ball="d3")
    play(game, "roll red 2")
    assert rejects(game, "ball d1") == "own_goal_area"
    assert rejects(game, "red-p3 e1") == "own_goal_area"


def test_reaching_the_opposing_holder_starts_a_battle_and_ends_the_turn():
    game = position(turn="blue")
    play(game, "roll blue 5")
    ev = events(game, "blue-p3 d6")
    assert [e["event"] for e in ev][:2] == ["battle", "turn_end"]
    assert game.state.phase == "battle" and game.expects()["team"] == "both"


def test_s33_possession_told_when_it_changes():
    game = position()
    ev = events(game, "roll red 4", "ball d8")
    assert {"event": "possession", "team": None, "pawn": None} in ev
    ev = events(game, "red-p3 d8")
    assert {"event": "possession", "team": "red", "pawn": "red-p3"} in ev
    assert RED == 0


def test_s5_a_team_mates_space_is_named_before_roll_first():
    """A refusal names the rule the move breaks: two pawns of a team never share a space, whatever the roll."""
    game = position(red={"p1": "d1", "p2": "b6", "p3": "d6", "p4": "f6"}, ball="d6")
    assert rejects(game, "red-p2 d6") == "square_taken"
    assert rejects(game, "red-p2 b7") == "roll_first"

"""RULES-STBG.md, Goalie and goal kick: the goalie on either square of its goal area, a player leaving it,
a player entering the empty goal area, no return with the ball, the goal kick (roll + 3, ball only, stops at
the first pawn or the touch line, the turn ends)."""
from .dsl import ball, holder, play, position, rejects, sq

RED4 = {"p1": "d1", "p2": "b6", "p3": "d6", "p4": "f6"}
BLUE4 = {"p1": "d16", "p2": "b11", "p3": "d11", "p4": "f11"}


def goal_kick_position(**kw):
    return position(red=RED4, blue=BLUE4, ball="d1", **kw)


def test_goalie_leaving_is_a_player_and_a_player_entering_the_empty_area_is_the_goalie():
    game = position(red={**RED4, "p2": "c3"}, ball="d6")
    play(game, "roll red 4", "red-p1 c2", "red-p2 d1")
    assert sq(game, "red-p1") == "c2" and sq(game, "red-p2") == "d1"


def test_goalie_may_not_return_to_its_goal_area_with_the_ball():
    game = position(red={**RED4, "p1": "c2"}, ball="c2")
    play(game, "roll red 3")
    assert rejects(game, "red-p1 d1") == "own_goal_area"


def test_goal_kick_is_the_roll_plus_three_ball_only():
    game = goal_kick_position()
    assert game.state.kind == "goal_kick"
    play(game, "roll red 2")
    assert game.state.points == 5
    assert rejects(game, "red-p2 b7") == "goal_kick"
    assert rejects(game, "done red") == "goal_kick"
    assert rejects(game, "star red pass") == "card_not_allowed"


def test_goal_kick_stops_at_the_touch_line_and_at_the_first_pawn():
    game = goal_kick_position()
    play(game, "roll red 4")                          # 7 points
    assert rejects(game, "ball a8") == "goal_kick"
    play(game, "ball h4")                             # e1 f2 g3 h4: the touch line after 3
    assert ball(game) == "h4" and holder(game) is None and game.state.turn == 1


def test_goal_kick_to_a_team_mate_on_its_line():
    game = goal_kick_position()
    play(game, "roll red 6")                          # 9 points: d1 straight up stops at red-p3 on d6
    assert rejects(game, "ball d10") == "goal_kick"
    play(game, "ball d6")
    assert holder(game) == "red-p3" and game.state.turn == 1      # the goal kick ends the turn


def test_goal_kick_onto_an_opponent_gives_it_the_ball():
    game = position(red=RED4, blue={**BLUE4, "p4": "a4"}, ball="d1")
    play(game, "roll red 6")
    play(game, "ball a4")                             # d1 c2 b3 a4: the blue pawn there takes it
    assert holder(game) == "blue-p4" and game.state.turn == 1

"""RULES-STBG.md, penalty kick (S19, S20, S21): a fault in the fouling team's own penalty area; the kicker and
the ball on a penalty-spot square, one defender in the goal area, the others out of the area to the nearest
squares; `done` by each; both roll as for a chance."""
from .dsl import play, position, rejects

RED4 = {"p1": "d1", "p2": "b6", "p3": "d14", "p4": "f13"}
BLUE4 = {"p1": "d16", "p2": "c15", "p3": "d13", "p4": "g10"}


def penalty():
    game = position(red=RED4, blue=BLUE4, ball="d14", turn="blue")
    play(game, "roll blue 1", "blue-p3 d14", "roll red 2")
    names = play(game, "roll blue 2", "card blank")
    assert "penalty_kick" in names and game.state.phase == "penalty_setup"
    return game


def test_penalty_set_up_attacking_team_first_kicker_and_ball_on_a_spot():
    game = penalty()
    assert game.expects() == {"input": "setup", "team": "red"}
    assert rejects(game, "ball d12") == "placement"
    assert rejects(game, "done red") == "placement"
    play(game, "ball e15", "red-p4 e15")
    assert rejects(game, "done red") == "placement"            # red-p3 still in the area
    assert rejects(game, "red-p3 d10") == "placement"          # not the nearest square outside
    play(game, "red-p3 d13", "done red")
    assert game.expects() == {"input": "setup", "team": "blue"}


def test_penalty_defending_team_one_in_goal_others_out_then_both_roll():
    game = penalty()
    play(game, "ball e15", "red-p4 e15", "red-p3 d13", "done red")
    assert rejects(game, "done blue") == "placement"           # blue-p2 and blue-p3 in the area
    assert rejects(game, "blue-p2 e16") == "placement"         # the goal area has its goalie
    play(game, "blue-p2 c13")
    play(game, "blue-p3 e13")
    names = play(game, "done blue")
    assert names[-1] == "scoring_chance" and game.state.phase == "chance"
    assert play(game, "roll blue 2", "roll red 2")[0] == "corner_kick"
    assert game.state.corner == 15 * 8 + 7                     # S21: the e spot square: the h corner

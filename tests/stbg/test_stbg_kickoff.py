"""RULES-STBG.md, Set-up and kick-off (S4, S18): the roll-off, the standard formation, the kick-off pass, the
re-placement after a goal and at half time."""
from controller.games.stbg import BLUE, RED, Game, Roll

from .dsl import ball, holder, play, position, rejects, sq


def test_s4_roll_off_higher_kicks_off_and_a_tie_is_rolled_again():
    game = Game.kick_off(None)
    assert game.expects()["team"] == "both"
    assert play(game, "roll red 3", "roll blue 3") == ["roll_off_tie"]
    assert play(game, "roll blue 5", "roll red 2") == ["roll_off", "possession"]
    assert game.state.turn == BLUE and ball(game) == "d9" and holder(game) == "blue-p2"


def test_standard_formation_red_kicks_off():
    game = Game.kick_off(RED)
    assert [sq(game, f"red-p{i}") for i in range(1, 7)] == ["d1", "d8", "e8", "b6", "g6", "d5"]
    assert [sq(game, f"blue-p{i}") for i in range(1, 7)] == ["d16", "b11", "d11", "e11", "g11", "d13"]
    assert ball(game) == "d8" and holder(game) == "red-p2"


def test_standard_formation_blue_kicks_off_is_the_mirror():
    game = Game.kick_off(BLUE)
    assert [sq(game, f"blue-p{i}") for i in range(2, 7)] == ["d9", "e9", "b11", "g11", "d12"]
    assert [sq(game, f"red-p{i}") for i in range(1, 7)] == ["d1", "b6", "d6", "e6", "g6", "d4"]


def test_kick_off_first_action_is_the_one_square_pass_to_the_team_mate():
    game = Game.kick_off(RED)
    assert rejects(game, "star red pass") == "card_not_allowed"       # no star card at a kick-off
    game.apply(Roll(RED, 4))
    assert rejects(game, "red-p4 b8") == "kickoff_pass"
    assert rejects(game, "ball d10") == "kickoff_pass"
    assert rejects(game, "done red") == "kickoff_pass"
    assert [str(a) for a in game.legal_actions()] == ["ball e8"]
    assert play(game, "ball e8")[0] == "kick_off"
    assert holder(game) == "red-p3" and game.state.points == 3


def test_s18_after_a_goal_the_team_scored_upon_re_places_then_the_other():
    game = position(red={"p1": "d1", "p2": "b6", "p3": "e14", "p4": "f6"},
                    blue={"p1": "a16", "p2": "b11", "p3": "d11", "p4": "f11"}, ball="e14")
    names = play(game, "roll red 2", "ball e16")
    assert names[-2:] == ["scoring_chance", "goal"]           # nobody in the goal area: a goal at once
    assert game.state.phase == "kickoff_setup" and game.expects() == {"input": "setup", "team": "blue"}
    assert sq(game, "blue-p1") == "a16" and ball(game) == "e16"      # a free re-placement: nothing moved yet
    assert rejects(game, "done blue") == "placement"
    assert rejects(game, "done red") == "not_your_turn"
    assert rejects(game, "blue-p4 c10") == "placement"       # inside c7-f10 and not a middle square
    assert rejects(game, "blue-p4 b7") == "placement"        # outside its own half
    assert rejects(game, "ball d12") == "placement"          # the ball goes to d9
    play(game, "blue-p1 e16", "blue-p3 d9", "blue-p4 e9", "ball d9", "done blue")
    assert holder(game) == "blue-p3"
    assert rejects(game, "red-p4 d9") == "placement"
    assert rejects(game, "done red") == "placement"            # red-p3 stands in blue's half
    play(game, "red-p3 e6", "done red")
    assert game.state.phase == "play" and game.state.turn == BLUE and game.state.kind == "kick_off"


def test_s18_done_refused_while_the_kick_off_set_up_breaks_the_rule():
    game = position(red={"p1": "d1", "p2": "b6", "p3": "e14", "p4": "f6"},
                    blue={"p1": "a16", "p2": "b11", "p3": "d11", "p4": "f11"}, ball="e14")
    play(game, "roll red 2", "ball e16")
    play(game, "blue-p1 d16", "blue-p3 d9", "ball d9")         # the e9 middle square is left empty
    assert rejects(game, "done blue") == "placement"
    play(game, "blue-p4 e9", "done blue")


def test_s18_turn_names_the_kick_off_team_throughout_the_set_up():
    from controller.games.stbg.snapshot import snapshot_of
    game = position(red={"p1": "d1", "p2": "b6", "p3": "e14", "p4": "f6"},
                    blue={"p1": "a16", "p2": "b11", "p3": "d11", "p4": "f11"}, ball="e14")
    play(game, "roll red 2", "ball e16", "blue-p1 d16", "blue-p3 d9", "blue-p4 e9", "ball d9", "done blue")
    snap = snapshot_of(game).to_json_dict()
    assert snap["turn"] == "blue" and snap["expects"] == {"input": "setup", "team": "red"}

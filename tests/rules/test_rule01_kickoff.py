"""Rule 1: set-up and kick-off (C1, C2, C16)."""
from controller.games.stw import chebyshev
from controller.games.stw.actions import Roll
from controller.games.stw.game import Game
from controller.games.stw.state import Options

from .dsl import at, ball, holder, offense, play, rejects


def test_rule1_standard_formation_follows_board_spec():
    game = Game.kick_off(1)
    expected = {"red-gk": "d1", "red-d1": "b4", "red-d2": "d4", "red-d3": "e4", "red-d4": "g4",
                "red-m1": "a6", "red-m2": "c6", "red-m3": "f6", "red-m4": "h6", "red-s1": "b8", "red-s2": "g8",
                "blue-gk": "d16", "blue-d1": "b13", "blue-m4": "h11", "blue-s1": "d9", "blue-s2": "e9"}
    assert {p: at(game, p) for p in expected} == expected
    assert ball(game) == "d9" and holder(game) == "blue-s1" and offense(game) == "blue"


def test_rule1_C1_roll_off_lower_roll_kicks_off_and_tie_is_rolled_again():
    game = Game.kick_off(None)
    assert game.state.phase == "roll_off"
    assert play(game, "roll red 4", "roll blue 4") == ["roll_off_tie"]
    assert rejects(game, "ball d9") == "not_expected"
    events = play(game, "roll blue 5", "roll red 2")
    assert events[:2] == ["roll_off", "kick_off"]
    assert offense(game) == "red" and ball(game) == "d8"


def test_rule1_C2_kickoff_goes_forward_at_every_step_and_crosses_the_centre_line():
    game = Game.kick_off(0)
    play(game, "roll red 3")
    assert rejects(game, "ball a8") == "kickoff_forward"          # sideways: never forward
    assert rejects(game, "ball g5") == "kickoff_forward"          # backwards
    assert rejects(game, "ball d10") == "wrong_distance"          # two squares on a roll of three
    play(game, "ball b11")                                         # NW, NW then N: every step forward
    assert ball(game) == "b11" and game.state.phase == "capture"


def test_rule1_kicker_may_not_touch_the_ball_until_another_pawn_has():
    game = Game.kick_off(0)
    play(game, "roll red 1", "ball d9", "roll red 1")
    assert rejects(game, "red-s1 d9") == "kicker_barred"
    play(game, "red-s2 d9")                                        # the other striker captures
    assert holder(game) == "red-s2" and game.state.barred == -1


def test_rule1_C16_kickoff_onto_a_lone_opponent_gives_it_the_ball():
    game = Game.kick_off(0)
    play(game, "roll red 3")
    events = play(game, "ball a11")                                # blue-m1 stands on a11
    assert "interception" in events and offense(game) == "blue" and holder(game) == "blue-m1"
    assert game.state.phase == "offensive_set"


def test_rule1_the_other_team_kicks_off_the_second_half():
    game = Game.kick_off(0, Options(half_minutes=1))
    play(game, "roll red 2", "ball d10", "tick 61")
    assert game.state.period == 2 and offense(game) == "blue" and ball(game) == "d9"
    assert game.state.phase == "kick_off"


def test_rule1_no_pawn_move_before_the_kickoff_ball_play():
    game = Game.kick_off(0)
    play(game, "roll red 2")
    assert rejects(game, "red-m2 c8") == "not_expected"
    assert isinstance(game.history[-1], type(game.state)) and Roll


def test_rule1B_rule10_opponents_keep_out_of_the_zone_around_the_kickoff_ball():
    for team in (0, 1):
        game = Game.kick_off(team)
        st = game.state
        opponents = [st.sq[p] for p in range(22) if (p >= 11) != (team == 1) and st.sq[p] >= 0]
        assert len(opponents) == 11
        assert all(chebyshev(s, st.ball) > 1 for s in opponents), team


def test_rule1B_the_kickoff_striker_holds_the_ball_on_a_centre_circle_square_of_its_own_half():
    for team, circle, strikers in ((0, {"d8", "e8"}, {"red-s1", "red-s2"}), (1, {"d9", "e9"}, {"blue-s1", "blue-s2"})):
        game = Game.kick_off(team)
        assert ball(game) in circle and holder(game) in strikers and at(game, holder(game)) == ball(game)

"""Rule 4: the offensive set, capture attempts (A, C6), direct pass (B, C12), dribble (C), battles (D), C7."""
from .dsl import at, ball, holder, offense, play, position, rejects


def game(**opts):
    return position(red={"gk": "d1", "d1": "c4", "m1": "c6", "s1": "d7"},
                    blue={"gk": "d16", "d1": "c12", "m1": "f10", "s1": "e9", "d2": "h12"}, ball="d7", **opts)


def test_rule4_offensive_set_is_a_pawn_move_then_the_ball():
    gm = game()
    assert rejects(gm, "red-m1 c7") == "roll_first"
    play(gm, "roll red 1")
    assert rejects(gm, "red-s1 d8") == "holder_moves"
    play(gm, "red-m1 c7")
    assert gm.state.phase == "ball_play"
    play(gm, "roll red 2")
    assert rejects(gm, "red-m1 c9") == "not_expected"


def test_rule4A_capture_then_the_d_team_fails_to_reach_new_offensive_set():
    gm = game()
    events = play(gm, "roll red 1", "red-m1 c7", "roll red 2", "ball d9", "roll red 2", "red-m1 d9")
    assert "capture" in events and holder(gm) == "red-m1" and gm.state.phase == "answer"
    play(gm, "roll blue 2", "blue-m1 f8")                        # the D-team's pawn still moves
    assert gm.state.phase == "offensive_set" and offense(gm) == "red" and at(gm, "blue-m1") == "f8"


def test_rule4A_d_team_reaching_the_captured_ball_starts_a_battle():
    gm = game()
    play(gm, "roll red 1", "red-m1 c7", "roll red 2", "ball d9", "roll red 2", "red-m1 d9")
    events = play(gm, "roll blue 1", "blue-s1 d9")
    assert events == ["battle"] and gm.state.phase == "battle"
    events = play(gm, "roll red 3", "roll blue 5")
    assert "battle_won" in events and offense(gm) == "blue" and holder(gm) == "blue-s1"


def test_rule4A_failed_attempt_then_d_team_capture_changes_possession():
    gm = game()
    play(gm, "roll red 1", "red-m1 c7", "roll red 2", "ball d9", "roll red 1", "red-d1 c5")
    assert gm.state.phase == "capture" and gm.state.actor == 1
    events = play(gm, "roll blue 1", "blue-s1 d9")
    assert "possession" in events and offense(gm) == "blue" and gm.state.phase == "offensive_set"


def test_rule4A_C6_attempts_alternate_until_one_team_reaches():
    gm = game()
    play(gm, "roll red 1", "red-m1 c7", "roll red 2", "ball d9")
    play(gm, "roll red 1", "red-d1 c5", "roll blue 6", "blue-d2 b12")
    assert gm.state.phase == "capture" and gm.state.actor == 0   # O-team again
    play(gm, "roll red 1", "red-s1 d8", "roll blue 3", "blue-m1 c10", "roll red 1", "red-s1 d9")
    assert holder(gm) == "red-s1" and gm.state.phase == "answer"


def test_rule4B_direct_pass_gives_an_extra_play_and_a_second_ends_in_the_d_answer():
    gm = position(red={"gk": "d1", "m1": "c6", "m2": "c9", "s1": "d7", "s2": "a10"},
                  blue={"gk": "d16", "d1": "h12"}, ball="d7")
    events = play(gm, "roll red 1", "red-m1 c7", "roll red 2", "ball c9")
    assert "direct_pass" in events and gm.state.phase == "ball_play" and holder(gm) == "red-m2"
    play(gm, "roll red 2", "ball a10")
    assert gm.state.phase == "answer" and gm.state.actor == 1 and holder(gm) == "red-s2"


def test_rule4B_C12_extra_play_to_a_free_square_starts_capture_attempts():
    gm = position(red={"gk": "d1", "m1": "c6", "m2": "c9", "s1": "d7"}, blue={"gk": "d16", "d1": "h12"}, ball="d7")
    play(gm, "roll red 1", "red-m1 c7", "roll red 2", "ball c9", "roll red 1", "ball c10")
    assert gm.state.phase == "capture" and gm.state.actor == 0


def test_rule4C_dribble_on_a_roll_of_one():
    gm = game()
    play(gm, "roll red 1", "red-m1 c7", "roll red 2")
    assert rejects(gm, "dribble d8") == "not_dribble"
    gm = game()
    play(gm, "roll red 1", "red-m1 c7", "roll red 1", "dribble d8")
    assert at(gm, "red-s1") == "d8" and ball(gm) == "d8" and gm.state.phase == "answer"


def test_rule4C_dribble_onto_a_d_team_pawn_is_a_battle_at_once():
    gm = position(red={"gk": "d1", "m1": "c6", "s1": "d7"}, blue={"gk": "d16", "d1": "c12", "m1": "d8"}, ball="d7")
    events = play(gm, "roll red 1", "red-m1 c5", "roll red 1", "dribble d8")
    assert events[-1] == "battle"


def test_rule4D_ball_to_a_square_with_a_pawn_of_each_team_is_a_battle():
    gm = position(red={"gk": "d1", "m1": "c6", "s1": "d7", "m2": "d9"}, blue={"gk": "d16", "d1": "c12", "m1": "d9"},
                  ball="d7")
    events = play(gm, "roll red 1", "red-m1 c5", "roll red 2", "ball d9")
    assert events[-1] == "battle" and gm.state.battlers == (6, 16)


def test_rule4_C7_ball_to_a_lone_opponent_gives_it_sole_possession():
    gm = game()
    events = play(gm, "roll red 1", "red-m1 c7", "roll red 2", "ball f9")
    assert gm.state.phase == "capture"
    gm = game()
    events = play(gm, "roll red 1", "red-m1 c7", "roll red 3", "ball f10")
    assert "interception" in events and offense(gm) == "blue" and holder(gm) == "blue-m1"


def test_rule4D_battle_modifiers_and_tie_rerolled():
    # red defender (+1) against blue striker: 3 + 1 = 4 against 4 is a tie, rolled again
    gm = position(red={"gk": "d1", "d1": "d7", "m1": "a3"}, blue={"gk": "d16", "d1": "c12", "s1": "d8", "m1": "f12"},
                  ball="d8", offense="blue")
    play(gm, "roll blue 1", "blue-m1 f11", "roll blue 1", "dribble d7")
    assert play(gm, "roll red 3", "roll blue 4") == ["battle_tie"]
    events = play(gm, "roll blue 4", "roll red 4")               # 5 against 4: the defender wins
    assert "battle_won" in events and offense(gm) == "red" and holder(gm) == "red-d1"


def test_rule4D_keeper_counts_plus_two():
    gm = position(red={"gk": "d2", "m1": "a5"}, blue={"gk": "d16", "d1": "c12", "s1": "d4", "m1": "f12"},
                  ball="d4", offense="blue")
    play(gm, "roll blue 1", "blue-m1 f11", "roll blue 1", "dribble d3", "red-gk d3")
    events = play(gm, "roll blue 5", "roll red 4")               # 5 against 4 + 2
    assert "battle_won" in events and holder(gm) == "red-gk"

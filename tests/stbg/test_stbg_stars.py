"""RULES-STBG.md, star cards (S13, S23, S24): Pass, Shoot, Steal instead of a roll, one a turn, each card
once, never at a set piece or a battle; hands declared or not."""
from .dsl import ball, holder, play, position, rejects, sq

RED4 = {"p1": "d1", "p2": "b6", "p3": "d6", "p4": "f6"}
BLUE4 = {"p1": "d16", "p2": "b11", "p3": "d11", "p4": "f11"}


def test_pass_card_to_a_team_mate_on_a_clear_line_any_distance_ends_the_turn():
    game = position(red={**RED4, "p4": "h10"}, ball="d6")
    names = play(game, "star red pass")
    assert names[-1] == "star_card" and game.expects()["input"] == "ball"
    assert rejects(game, "ball d10") == "path_blocked"
    names = play(game, "ball h10")
    assert holder(game) == "red-p4" and "turn_end" in names and game.state.turn == 1


def test_pass_card_blocked_by_a_pawn_of_either_side_or_offside():
    game = position(red={**RED4, "p3": "d3", "p4": "d9"}, blue={**BLUE4, "p2": "d5"}, ball="d3")
    assert rejects(game, "star red pass") == "card_not_allowed"       # S23: no legal completion
    game = position(red={**RED4, "p2": "a8", "p4": "d14"}, ball="d6")
    assert rejects(game, "star red pass") == "card_not_allowed"       # blocked by d11, and offside


def test_shoot_card_into_the_goal_area_is_a_chance():
    game = position(red={**RED4, "p3": "a13"}, ball="a13")
    play(game, "star red shoot")
    names = play(game, "ball d16")
    assert "scoring_chance" in names and game.state.phase == "chance"


def test_steal_card_nearest_player_takes_the_ball_then_rolls_and_moves_it_off():
    game = position(turn="blue", blue={**BLUE4, "p3": "d9"})
    play(game, "star blue steal")
    assert rejects(game, "blue-p2 d6") == "card_not_allowed"          # not the nearest player (d9 is 3 away)
    play(game, "blue-p3 d6")
    assert holder(game) == "blue-p3" and sq(game, "red-p3") == "d6"
    assert rejects(game, "star blue pass") == "card_not_allowed"      # one star card a turn
    play(game, "roll blue 3")
    assert rejects(game, "blue-p2 b10") == "steal_first"
    assert rejects(game, "done blue") == "steal_first"
    play(game, "blue-p3 d5")
    assert ball(game) == "d5"


def test_s13_the_team_chooses_among_the_nearest():
    game = position(turn="blue", blue={**BLUE4, "p2": "c9", "p3": "e9"})
    play(game, "star blue steal", "blue-p2 d6")
    assert holder(game) == "blue-p2"


def test_star_card_replaces_the_roll_and_not_after_it():
    game = position(red={**RED4, "p4": "h10"})
    play(game, "roll red 2")
    assert rejects(game, "star red pass") == "card_not_allowed"


def test_star_card_not_at_a_battle_nor_out_of_turn():
    game = position(red={**RED4, "p4": "h10"})
    assert rejects(game, "star blue steal") == "not_your_turn"


def test_each_card_once_undeclared_hand_at_most_four_of_a_kind_six_in_all():
    game = position(red={**RED4, "p4": "h10"})
    game.state.stars_used[0] = [4, 0, 0]
    assert rejects(game, "star red pass") == "card_not_allowed"
    game.state.stars_used[0] = [3, 3, 0]
    assert rejects(game, "star red pass") == "card_not_allowed"
    game.state.stars_used[0] = [3, 2, 0]
    play(game, "star red pass")


def test_s24_a_declared_hand_is_six_cards_that_fit_the_deck():
    game = position(red={**RED4, "p4": "h10"})
    assert rejects(game, "hand red pass pass shoot steal steal shoot pass") == "card_not_allowed"
    assert rejects(game, "hand red pass pass pass pass pass shoot") == "card_not_allowed"
    play(game, "hand red pass shoot shoot steal steal steal")
    assert rejects(game, "hand blue steal steal pass pass shoot shoot") == "card_not_allowed"   # 5 steals
    play(game, "star red pass", "ball h10")
    assert game.state.stars_used[0][0] == 1


def test_s24_a_declared_hand_limits_the_cards_played():
    game = position(red={**RED4, "p4": "h10"})
    play(game, "hand red shoot shoot shoot steal steal steal")
    assert rejects(game, "star red pass") == "card_not_allowed"


def test_s24_hands_are_declared_before_the_first_roll_after_an_explicit_set_up():
    """An explicit set-up with `turn` has no kick-off: its first roll (or star card) closes the declarations."""
    game = position()
    play(game, "hand blue pass pass shoot shoot steal steal")
    play(game, "roll red 3")
    assert rejects(game, "hand red pass pass shoot shoot steal steal") == "card_not_allowed"
    game = position(red={**RED4, "p4": "h10"})
    play(game, "star red pass")
    assert rejects(game, "hand red pass pass shoot shoot steal steal") == "card_not_allowed"


def test_s24_hand_after_an_explicit_set_up_on_the_board():
    import json

    from controller.replay import replay_lines
    lines = [{"type": "setup", "ruleset": "stbg", "pawns": {"red-p1": "d1", "red-p2": "b6", "red-p3": "d6",
                                                             "red-p4": "f6", "blue-p1": "d16", "blue-p2": "b11",
                                                             "blue-p3": "d11", "blue-p4": "f11"},
              "ball": "d6", "turn": "red"},
             {"type": "hand", "team": "red", "cards": ["pass", "pass", "shoot", "shoot", "steal", "steal"]},
             {"type": "hand", "team": "blue", "cards": ["pass", "pass", "shoot", "shoot", "steal", "steal"]},
             {"type": "roll", "die": "red", "value": 2}]
    out = replay_lines([json.dumps(x) for x in lines])
    assert [o["ok"] for o in out if "line" in o] == [True] * 4
    assert [o["event"] for o in out if "event" in o][:2] == ["hand_declared", "hand_declared"]


def test_s24_hands_are_declared_before_the_first_kick_off():
    from controller.games.stbg import RED, Game
    game = Game.kick_off(RED)
    play(game, "roll red 3")
    assert rejects(game, "hand red pass pass shoot shoot steal steal") == "card_not_allowed"

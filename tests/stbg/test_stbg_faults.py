"""RULES-STBG.md, battles, faults, referee cards, substitutions, free kick, abandoned match (S12, S20, S25,
S26, S34)."""
from .dsl import ball, events, holder, play, position, rejects, sq

RED4 = {"p1": "d1", "p2": "b6", "p3": "d6", "p4": "f6"}
BLUE4 = {"p1": "d16", "p2": "b11", "p3": "d7", "p4": "f11"}


def battle():
    game = position(red=RED4, blue=BLUE4, ball="d6", turn="blue")
    play(game, "roll blue 1", "blue-p3 d6")
    assert game.state.phase == "battle"
    return game


def test_battle_challenger_higher_takes_the_ball_and_a_new_turn():
    game = battle()
    names = play(game, "roll red 2", "roll blue 5")
    assert "battle_won" in names and holder(game) == "blue-p3" and game.state.turn == 1
    assert not game.state.rolled


def test_battle_holder_higher_keeps_the_ball_its_team_plays():
    game = battle()
    play(game, "roll blue 1", "roll red 6")
    assert holder(game) == "red-p3" and game.state.turn == 0


def test_battle_rolls_from_either_die_in_either_order_s16():
    game = battle()
    assert rejects(game, "star red steal") == "card_not_allowed"
    play(game, "roll blue 4")
    assert rejects(game, "roll blue 5") == "not_your_turn"


def fault(ball_at: str = "d6"):
    red = {**RED4, "p3": ball_at}
    blue = {**BLUE4, "p3": "c" + ball_at[1:]}          # next to the holder, to come for the ball
    game = position(red=red, blue=blue, ball=ball_at, turn="blue")
    play(game, "roll blue 1", f"blue-p3 {ball_at}", "roll red 3")
    names = play(game, "roll blue 3")
    return game, names


def test_equal_rolls_are_a_fault_by_the_challenger_a_referee_card_is_drawn():
    game, names = fault()
    assert names[:2] == ["fault", "free_kick"]
    assert game.expects() == {"input": "card", "team": "blue"}
    assert rejects(game, "done blue") == "not_expected"


def test_card_when_no_fault_is_pending_is_refused():
    game = position()
    assert rejects(game, "card yellow") == "card_not_allowed"


def test_red_card_sends_the_player_off():
    game, _ = fault()
    names = play(game, "card red")
    assert names[0] == "red_card" and sq(game, "blue-p3") is None and game.state.sent_off[8]


def test_s25_second_yellow_is_yellow_then_red_and_reads_2():
    game, _ = fault()
    game.state.yellow[8] = 1                                   # booked earlier in the match
    ev = events(game, "card yellow")
    assert [e["event"] for e in ev][:2] == ["yellow_card", "red_card"]
    assert game.state.yellow[8] == 2 and game.state.sent_off[8]


def test_blank_card_is_a_verbal_warning():
    game, _ = fault()
    assert play(game, "card blank")[0] == "verbal_warning"


def test_free_kick_fouler_one_square_away_then_done_s20():
    game, _ = fault()
    play(game, "card blank")
    assert game.state.phase == "free_kick_setup"
    assert rejects(game, "done blue") == "placement"           # the fouler still stands on the ball
    assert rejects(game, "blue-p3 d9") == "placement"          # two squares away
    assert rejects(game, "blue-p2 c6") == "placement"          # only the fouler moves
    play(game, "blue-p3 e7", "done blue")
    assert game.state.kind == "free_kick" and holder(game) == "red-p3" and game.state.turn == 0


def test_free_kick_kicker_may_not_carry_and_is_barred():
    game, _ = fault()
    play(game, "card blank", "blue-p3 e7", "done blue")
    assert rejects(game, "star red pass") == "card_not_allowed"
    play(game, "roll red 5", "red-p2 b7")
    assert rejects(game, "red-p3 d7") == "kicker_holds"
    play(game, "ball d8")
    assert rejects(game, "red-p3 d8") == "kicker_barred"


def test_free_kick_after_a_red_card_another_player_may_stand_next_to_the_ball():
    game, _ = fault()
    play(game, "card red")
    play(game, "blue-p2 c7")
    assert rejects(game, "blue-p4 e7") == "placement"         # one other player only
    play(game, "done blue")
    assert game.state.kind == "free_kick"


def test_s12_substitution_discards_the_yellow_and_skips_the_next_turn():
    game, _ = fault()
    play(game, "card yellow", "substitution blue-p3")
    assert game.state.yellow[8] == 0 and game.state.subs[1] == 1
    assert rejects(game, "substitution blue-p3") == "card_not_allowed"
    play(game, "blue-p3 c6", "done blue", "roll red 2", "ball d8")
    names = play(game, "done red")
    assert names == ["turn_end", "turn_skipped"] and game.state.turn == 0


def test_s25_fourth_substitution_is_refused():
    game, _ = fault()
    game.state.subs[1] = 3
    play(game, "card yellow")
    assert rejects(game, "substitution blue-p3") == "card_not_allowed"


def test_s25_substitution_window_closes_when_the_teams_next_turn_starts():
    game, _ = fault()
    play(game, "card yellow", "blue-p3 c6", "done blue", "roll red 2", "ball d8", "done red")
    assert rejects(game, "substitution blue-p3") == "card_not_allowed"


def test_s26_abandoned_when_a_team_is_left_with_two_players():
    red = {"p1": "d1", "p2": "b6", "p3": "d6"}
    blue = {"p1": "d16", "p2": "b11", "p3": "d7"}
    game = position(red=red, blue=blue, ball="d6", turn="blue")
    play(game, "roll blue 1", "blue-p3 d6", "roll red 3", "roll blue 3")
    ev = events(game, "card red")
    assert ev[-1]["event"] == "abandoned" and game.state.phase == "abandoned"
    assert rejects(game, "roll red 3") == "game_over"


def test_no_yellow_card_left_in_the_pile_is_refused():
    game, _ = fault()
    game.options = game.options.model_copy(update={"referee_cards": {"red": 2, "yellow": 0, "blank": 4}})
    assert rejects(game, "card yellow") == "card_not_allowed"
    assert ball(game) == "d6"

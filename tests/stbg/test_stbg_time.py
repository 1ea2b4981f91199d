"""RULES-STBG.md, time (S7, S14, S22): two periods, the turn clock, a chance started is completed."""
from controller.games.stbg import BLUE, Game

from .dsl import play, position


def test_s22_the_turn_clock_passes_the_turn_with_its_points_lost_s7():
    game = position()
    play(game, "roll red 5", "tick 29")
    assert game.state.turn == 0
    names = play(game, "tick 1")
    assert names[:2] == ["turn_clock_expired", "turn_end"] and game.state.turn == 1 and game.state.points == 0


def test_s22_the_turn_clock_does_not_run_in_a_battle():
    game = position(turn="blue", blue={"p1": "d16", "p2": "b11", "p3": "d7", "p4": "f11"})
    play(game, "roll blue 1", "blue-p3 d6", "tick 60")
    assert game.state.phase == "battle"


def test_half_time_then_the_other_team_kicks_off_the_second_period():
    game = Game.kick_off(0)
    play(game, "roll red 1", "ball e8", "done red")
    names = play(game, "tick 900")
    assert "half_time" in names and game.state.period == 2 and game.state.kickoff_team == BLUE
    assert game.state.phase == "kickoff_setup"


def test_s14_full_time_a_draw_stands():
    game = position()
    game.state.period = 2
    names = play(game, "roll red 1", "tick 900")
    assert names[-1] == "full_time" and game.is_terminal() and game.result().winner is None


def test_a_chance_started_before_time_runs_out_is_completed():
    game = position(red={"p1": "d1", "p2": "b6", "p3": "b14", "p4": "f6"}, ball="b14")
    play(game, "roll red 2", "ball d16", "tick 900")
    assert game.state.phase == "chance" and game.state.time_up
    names = play(game, "roll red 6", "roll blue 1")
    assert names[:2] == ["goal", "half_time"] and game.state.score == [1, 0]


def test_s22_the_turn_clock_runs_from_the_start_of_the_turn_before_the_roll_a_kick_off_too():
    game = Game.kick_off(0)
    names = play(game, "tick 30")
    assert "turn_end" in names and game.state.turn == BLUE and game.state.kind == "open"


def test_a_star_card_starts_the_match_clock_like_a_roll():
    game = position(red={"p1": "d1", "p2": "b6", "p3": "d6", "p4": "h10"})
    game.state.clock_running = False
    assert play(game, "star red pass")[0] == "clock_started"


def test_a_long_wait_runs_out_one_turn_after_another():
    game = position()
    names = play(game, "roll red 2", "tick 75")
    assert names.count("turn_clock_expired") == 2 and game.state.turn == 0 and game.state.turn_clock == 15

"""Rule 11: the move clock, halves, injury-time completion, extra time and the penalty shoot-out."""
from controller.rules.engine import Game
from controller.rules.state import Options

from .dsl import offense, play, position


def test_rule11A_the_move_clock_runs_from_the_roll():
    gm = position(red={"gk": "d1", "s1": "d7", "m1": "a3"}, blue={"gk": "d16", "d1": "c12"}, ball="d7")
    assert play(gm, "tick 100") == []                            # no roll, no move clock
    play(gm, "roll red 3")
    assert play(gm, "tick 59.5") == []
    assert play(gm, "tick 0.5")[0] == "move_clock_expired"


def test_rule11B_half_time_when_the_time_runs_out():
    gm = Game.kick_off(0, Options(half_minutes=2))
    play(gm, "roll red 2", "ball d10")
    assert play(gm, "tick 119") == []
    names = play(gm, "tick 1")
    assert names[:2] == ["time_up", "half_time"] and gm.state.period == 2 and offense(gm) == "blue"


def test_rule11B_the_clock_starts_with_the_kickoff_roll_and_stops_while_paused():
    gm = Game.kick_off(0, Options(half_minutes=1))
    play(gm, "tick 120")
    assert gm.state.period == 1 and gm.state.elapsed == 0
    play(gm, "roll red 2", "press pause", "tick 300", "press resume")
    assert gm.state.elapsed == 0 and gm.state.period == 1


def test_rule11B_a_chance_in_the_penalty_area_is_finished_after_time_is_up():
    gm = position(red={"gk": "d1", "s1": "d12", "m1": "b13", "m2": "a10"}, blue={"gk": "d16", "d1": "h15"},
                  ball="d12", half_minutes=1)
    gm.state.clock_running = True
    play(gm, "roll red 1", "red-m2 a11", "roll red 2", "ball d14")     # into the penalty area
    names = play(gm, "tick 61")
    assert names == ["time_up"] and gm.state.period == 1
    play(gm, "roll red 2", "red-m1 d14", "blue-gk e16")
    names = play(gm, "spin goal")
    assert names[:2] == ["goal", "half_time"] and gm.state.score == [1, 0]


def test_rule11B_without_a_chance_the_half_ends_at_once():
    gm = position(red={"gk": "d1", "s1": "d7", "m1": "a3"}, blue={"gk": "d16", "d1": "c12"}, ball="d7", half_minutes=1)
    gm.state.clock_running = True
    play(gm, "roll red 1", "red-m1 a4")
    assert play(gm, "tick 60")[:2] == ["time_up", "half_time"]


def test_rule11C_draw_gives_two_full_extra_periods_then_a_shootout():
    gm = Game.kick_off(0, Options(half_minutes=1, extra_time_minutes=1))
    names = []
    for _ in range(4):
        play(gm, f"roll {offense(gm)} 2", "ball d10" if offense(gm) == "red" else "ball d7")
        names += play(gm, "tick 60")
    assert names.count("period_end") == 3 and "extra_time" in names and names[-1] == "shootout"
    assert gm.state.phase == "shootout_order"
    play(gm, "roll red 2", "roll blue 5")                        # the higher roll shoots first
    assert offense(gm) == "blue"
    kicks = ["goal", "goal", "goal", "goal_kick", "goal", "goal", "goal", "goal"]   # blue, red, blue, red, ...
    for k in kicks:
        play(gm, f"spin {k}")
    assert gm.state.phase == "shootout" and gm.state.shootout == [3, 4]
    names = play(gm, "spin goal")                                # blue 5 of 5: red can reach 4 at most
    assert names[-1] == "full_time" and gm.state.winner == 1


def test_rule11C_shootout_stops_when_one_side_cannot_catch_up_then_sudden_death():
    gm = Game.kick_off(0, Options(half_minutes=1, extra_time_minutes=1))
    gm.state.period, gm.state.phase, gm.state.actor = 5, "shootout", 0
    for _ in range(3):
        play(gm, "spin goal", "spin corner")                     # red 3, blue 0 after three each
    assert gm.state.phase == "full_time" and gm.state.winner == 0
    gm = Game.kick_off(0, Options(half_minutes=1, extra_time_minutes=1))
    gm.state.period, gm.state.phase, gm.state.actor = 5, "shootout", 0
    for _ in range(5):
        play(gm, "spin goal", "spin goal")
    assert gm.state.phase == "shootout"                          # 5-5: one each until decided
    play(gm, "spin goal")
    assert gm.state.phase == "shootout"                          # equal numbers of kicks
    play(gm, "spin goal_kick")
    assert gm.state.phase == "full_time" and gm.state.winner == 0 and gm.state.shootout == [6, 5]

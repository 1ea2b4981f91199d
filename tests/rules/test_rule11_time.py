"""Rule 11: the move clock, halves, injury-time completion, extra time and the penalty shoot-out."""
from controller.games.stw.game import Game
from controller.games.stw.state import Options

from .dsl import offense, play, play_events, position, rejects


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


def test_rule11C_options_extra_time_minutes_0_goes_from_a_drawn_second_half_to_the_shootout():
    gm = Game.kick_off(0, Options(half_minutes=1, extra_time_minutes=0))
    names = []
    for _ in range(2):
        play(gm, f"roll {offense(gm)} 2", "ball d10" if offense(gm) == "red" else "ball d7")
        names += play(gm, "tick 60")
    assert "extra_time" not in names and names[-1] == "shootout" and gm.state.phase == "shootout_order"


def test_rule11C_options_extra_time_false_lets_a_draw_stand():
    gm = Game.kick_off(0, Options(half_minutes=1, extra_time=False))
    names = []
    for _ in range(2):
        play(gm, f"roll {offense(gm)} 2", "ball d10" if offense(gm) == "red" else "ball d7")
        names += play(gm, "tick 60")
    assert names[-1] == "full_time" and "shootout" not in names


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


def draw_to(gm, period: int) -> list[str]:
    """Play kick-offs and let the time run out until `period` starts (nobody scores); the event names."""
    names = []
    while gm.state.period < period:
        team = offense(gm)
        play(gm, f"roll {team} 2", "ball d10" if team == "red" else "ball d7")
        names += play(gm, "tick 60")
    return names


def test_rule11C_C20_extra_periods_are_kicked_off_as_the_halves():
    gm = Game.kick_off(None, Options(half_minutes=1, extra_time_minutes=1))
    play(gm, "roll red 5", "roll blue 2")                         # the lower roll: blue kicks off the first half
    assert offense(gm) == "blue" and gm.state.first_kickoff == 1
    draw_to(gm, 2)
    assert gm.state.phase == "kick_off" and offense(gm) == "red"
    names = draw_to(gm, 3)
    assert "extra_time" in names and gm.state.phase == "kick_off" and offense(gm) == "blue"   # like the first half
    draw_to(gm, 4)
    assert gm.state.phase == "kick_off" and offense(gm) == "red"                              # like the second


def test_rule11C_C21_shootout_order_by_the_higher_roll_tie_rolled_again_one_shooting_die_roll_a_kick():
    gm = Game.kick_off(0, Options(half_minutes=1, extra_time_minutes=1, shooting_die=True))
    assert draw_to(gm, 5)[-1] == "shootout" and gm.state.phase == "shootout_order"
    assert play(gm, "roll red 4", "roll blue 4") == ["roll_off_tie"] and gm.state.phase == "shootout_order"
    events = play_events(gm, "roll blue 6", "roll red 3")
    assert events[-1] == {"event": "shootout_order", "first": "blue", "red": 3, "blue": 6}
    assert gm.expects() == {"input": "roll", "team": "blue"} and gm.legal_actions() == []   # nothing set up
    assert rejects(gm, "roll red 1") == "not_your_turn"
    # faces 1-3 goal, 4 and 6 corner, 5 goal kick: only a goal scores, anything else is a miss
    kicks = [("blue", 1, 1), ("red", 4, 0), ("blue", 2, 1), ("red", 5, 0), ("blue", 3, 1)]
    for team, face, scored in kicks:
        events = play_events(gm, f"roll {team} {face}")
        assert events[0]["event"] == "shootout_kick" and events[0]["scored"] == bool(scored)
    # blue 3 of 3, red 0 of 2: red can reach 3 at most, so it goes on; red misses its third: blue wins
    assert gm.state.phase == "shootout"
    names = play(gm, "roll red 6")
    assert names[-1] == "full_time" and gm.state.winner == 1 and gm.state.shootout == [0, 3]
    assert gm.state.score == [0, 0]


def test_rule11B_C22_time_up_during_a_corner_finishes_the_corner_and_the_shot_it_leads_to():
    gm = position(red={"gk": "d1", "s1": "d12", "m1": "d14", "m2": "a10", "m3": "e13"},
                  blue={"gk": "c15", "d1": "b15", "d2": "h12", "m1": "a15"}, ball="d12", half_minutes=0.5)
    gm.state.clock_running = True
    play(gm, "roll red 1", "red-m2 a11", "roll red 2", "ball d14", "spin corner")
    assert play(gm, "tick 30") == ["time_up"]                     # during the corner's set-up
    play(gm, "ball a16", "blue-m1 c14", "blue-d1 c16", "blue-gk d16", "press confirm", "press confirm")
    assert gm.state.phase == "corner_kick" and gm.state.period == 1
    play(gm, "roll red 3", "ball d13")                            # the kick, to a free square
    play(gm, "roll red 1", "red-m3 d13")                          # the capture attempts: red captures
    assert gm.state.phase == "answer" and gm.state.period == 1
    names = play(gm, "roll blue 1", "blue-m1 b14")                # not in the area: a new red set ends the half
    assert names[-2:] == ["half_time", "kick_off"] and gm.state.period == 2


def test_rule11B_C22_the_corner_play_ends_when_possession_changes():
    gm = position(red={"gk": "d1", "s1": "d12", "m1": "d14", "m2": "a10", "m3": "e13"},
                  blue={"gk": "c15", "d1": "b15", "d2": "h12", "m1": "a15"}, ball="d12", half_minutes=0.5)
    gm.state.clock_running = True
    play(gm, "roll red 1", "red-m2 a11", "roll red 2", "ball d14", "spin corner", "tick 30")
    play(gm, "ball a16", "blue-m1 c14", "blue-d1 c16", "blue-gk d16", "press confirm", "press confirm")
    play(gm, "roll red 4", "ball e14", "roll red 3", "red-m3 h13")   # red misses the ball on e14
    assert gm.state.period == 1 and gm.state.phase == "capture"
    names = play(gm, "roll blue 1", "blue-m1 d14", "roll red 1", "red-s1 d11", "roll blue 1")
    assert gm.state.period == 1
    names = play(gm, "blue-m1 e14")                               # blue captures: the corner's play is over
    assert "half_time" in names and gm.state.period == 2


def test_rule11A_C23_the_reset_clock_is_shown_but_not_sanctioned():
    gm = position(red={"gk": "d1", "s1": "d7", "m1": "a3"}, blue={"gk": "d16", "d1": "c12"}, ball="d7")
    play(gm, "roll red 3", "tick 61")
    assert gm.state.phase == "free_kick_setup" and gm.state.reset_deadline == 121.0
    names = play(gm, "tick 61")
    assert names == ["reset_clock_expired"]                       # no foul, no free kick the other way
    assert gm.state.phase == "free_kick_setup" and offense(gm) == "blue" and gm.state.reset_deadline < 0
    play(gm, "ball d9", "blue-d1 d9")
    assert gm.state.phase == "offensive_set"


# ----- the match clock after an explicit set-up, and its `clock` key (docs/board.md section 5, rule 11) ---------
def replay(*lines):
    import json

    from controller.replay import replay_lines
    out = replay_lines([json.dumps(x) for x in lines])
    return {o["line"]: o for o in out if "line" in o}, [o for o in out if "event" in o], out[-1]["snapshot"]


EXPLICIT = {"type": "setup", "pawns": {"red-gk": "d1", "red-s1": "d7", "red-m1": "a3", "blue-gk": "d16",
                                       "blue-d1": "c12"}, "ball": "d7", "offense": "red"}
ROLL = {"type": "roll", "die": "red", "value": 1}


def clock(seconds):
    return {"type": "clock", "advance": seconds}


def test_rule11_an_explicit_setup_starts_period_1_at_0_and_the_clock_runs_from_the_first_roll():
    _v, events, snap = replay(EXPLICIT, clock(30))
    assert snap["clock"]["period"] == 1 and snap["clock"]["elapsed"] == 0 and not snap["clock"]["running"]
    _v, events, snap = replay(EXPLICIT, ROLL, clock(30))
    assert {"event": "clock_started", "period": 1} in events
    assert snap["clock"]["running"] and snap["clock"]["elapsed"] == 30


def test_rule11_setup_clock_key_starts_mid_match():
    setup = {**EXPLICIT, "clock": {"period": 2, "elapsed": 1200.0}, "options": {"half_minutes": 30}}
    v, events, snap = replay(setup)
    assert v[1]["ok"] and snap["clock"]["period"] == 2 and snap["clock"]["elapsed"] == 1200
    assert snap["clock"]["length"] == 1800 and not snap["clock"]["running"]
    v, events, snap = replay(setup, ROLL, {"type": "move", "from": "a3", "to": "a4", "token": "red"}, clock(600))
    names = [e["event"] for e in events]
    assert names[:1] == ["clock_started"] and "time_up" in names and "period_end" in names
    assert "extra_time" in names and snap["clock"]["period"] == 3              # 0-0 after the second half
    # C20: the first extra period is kicked off as the first half was: by the team that did not kick off
    # the second half. The set-up's offense is taken as having kicked off its period.
    assert snap["phase"] == "kick_off" and snap["offense"] == "blue"


def test_rule11_setup_clock_key_in_extra_time_uses_the_extra_time_length():
    setup = {**EXPLICIT, "phase": "kick_off", "clock": {"period": 4, "elapsed": 0},
             "options": {"extra_time_minutes": 10}}
    v, _events, snap = replay(setup)
    assert v[1]["ok"] and snap["clock"]["period"] == 4 and snap["clock"]["length"] == 600


def test_rule11_a_bad_setup_clock_key_is_bad_input():
    for bad in ({"period": 0}, {"period": 5}, {"period": 1, "elapsed": -1}, {"period": 1, "elapsed": 2700},
                {"period": 2, "elapsed": "late"}, {"period": 1, "elapsed": 10, "added": 3}):
        v, _events, _snap = replay({**EXPLICIT, "clock": bad})
        assert v[1]["reason"] == "bad_input", bad
    v, _events, _snap = replay({**EXPLICIT, "clock": {"period": 3}, "options": {"extra_time": False}})
    assert v[1]["reason"] == "bad_input"


def test_rule11_C20_a_standard_setup_with_a_clock_key_kicks_off_that_period():
    setup = {"type": "setup", "formation": "standard", "kickoff": "blue", "clock": {"period": 2, "elapsed": 0},
             "options": {"half_minutes": 1, "extra_time_minutes": 1}}
    v, events, snap = replay(setup, {"type": "roll", "die": "blue", "value": 2},
                             {"type": "move", "from": "d9", "to": "d7", "token": "ball"}, clock(60))
    assert events[0] == {"event": "kick_off", "team": "blue", "period": 2}
    names = [e["event"] for e in events]
    assert "extra_time" in names and snap["clock"]["period"] == 3
    assert snap["phase"] == "kick_off" and snap["offense"] == "red"   # red kicked off the first half
    v, events, snap = replay({"type": "setup", "formation": "standard", "clock": {"period": 2}})
    assert v[1]["reason"] == "bad_input" and "roll-off" in v[1]["detail"]


def test_rule11A_C23_the_kickoff_after_a_goal_shows_the_reset_clock():
    gm = position(red={"gk": "d1", "s1": "d12", "m1": "e14", "m2": "a10"},
                  blue={"gk": "d16", "d1": "h15", "s1": "h10"}, ball="d12")
    play(gm, "roll red 1", "red-m2 a11", "roll red 2", "ball e14", "tick 5", "spin goal")
    assert gm.state.phase == "kick_off"
    assert gm.state.reset_deadline == gm.state.now + 60
    assert play(gm, "tick 61") == ["reset_clock_expired"]         # shown, not sanctioned (C23)
    assert gm.state.phase == "kick_off"


def test_rule11A_C23_the_kickoff_roll_ends_the_reset():
    gm = position(red={"gk": "d1", "s1": "d12", "m1": "e14", "m2": "a10"},
                  blue={"gk": "d16", "d1": "h15", "s1": "h10"}, ball="d12")
    play(gm, "roll red 1", "red-m2 a11", "roll red 2", "ball e14", "spin goal", "roll blue 2")
    assert gm.state.reset_deadline == -1.0


def test_rule11A_C23_the_corner_reset_clock_runs_through_the_placements():
    gm = position(red={"gk": "d1", "s1": "d12", "m1": "d14", "m2": "a10", "m3": "e13"},
                  blue={"gk": "c15", "d1": "b15", "d2": "f13", "m1": "a15"}, ball="d12")
    play(gm, "roll red 1", "red-m2 a11", "roll red 2", "ball d14", "tick 5", "spin corner")
    assert gm.state.reset_deadline == 65.0
    play(gm, "ball a16", "blue-m1 c14", "blue-d1 c16", "blue-gk d16", "lift red-m1")
    assert gm.state.phase == "corner_placement" and gm.state.reset_deadline == 65.0
    events = play_events(gm, "tick 61")
    assert events == [{"event": "reset_clock_expired", "kind": "corner"}]

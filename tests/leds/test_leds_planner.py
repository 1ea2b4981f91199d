"""LED frames asserted exactly for representative states: play, set pieces, corrections and identity questions."""
from __future__ import annotations

import pytest
from leds_helpers import expect_exact, mask

from controller.games.stw import geometry as g
from controller.games.stw.game import Game
from controller.leds import AGREES, PRIORITY, RGB, BoardView, plan_leds
from tests.rules.dsl import edited, play, position

P = g.parse
RED_LINE = "a1 b1 c1 d1 e1 f1 g1 h1"
BLUE_LINE = "a16 b16 c16 d16 e16 f16 g16 h16"
RANK12 = "a12 b12 c12 d12 e12 f12 g12 h12"


def open_play():
    return position(red={"gk": "d1", "d1": "b4", "s1": "d7", "m1": "c5"},
                    blue={"gk": "d16", "d1": "c12", "m1": "e10"}, ball="d7")


def lifted(*items: str) -> BoardView:
    """'c5:red' -> BoardView(lifted=((c5, 'red'),))."""
    return BoardView(lifted=tuple((P(i.split(":")[0]), i.split(":")[1]) for i in items))


# ----- normal play -----------------------------------------------------------------------------------
def test_kick_off_before_the_roll_shows_only_the_team_to_act():
    expect_exact(plan_leds(Game.kick_off(0)), {"red_to_act": RED_LINE})
    expect_exact(plan_leds(Game.kick_off(1)), {"blue_to_act": BLUE_LINE})


def test_kick_off_roll_lights_the_forward_ball_destinations():
    gm = Game.kick_off(0)
    play(gm, "roll red 3")
    expect_exact(plan_leds(gm), {"red_to_act": RED_LINE, "ball_destination": "a11 b11 c11 d11 e11 f11 g11"})


def test_lifted_pawn_after_a_roll_shows_its_legal_destinations():
    gm = open_play()
    play(gm, "roll red 1")
    plan = plan_leds(gm, lifted("c5:red"))
    expect_exact(plan, {"legal_destination": "c4 d4 b5 d5 b6 c6 d6",    # b4 holds a team-mate
                        "lifted_from": "c5", "offside_line": RANK12, "red_to_act": RED_LINE})


def test_lifted_pawn_destinations_are_the_engines_for_a_longer_roll():
    gm = open_play()
    play(gm, "roll red 3")
    plan = plan_leds(gm, lifted("c5:red"))
    want = gm.legal_pawn_moves()[gm.pawn_on(0, P("c5"))]
    assert {s for s, m in plan.meanings.items() if m == "legal_destination"} == set(g.squares_of(want))
    assert plan.meanings[P("c5")] == "lifted_from"


def test_nothing_to_light_for_a_pawn_that_may_not_move():
    gm = open_play()
    play(gm, "roll red 2")
    # the holder may not move in the offensive set; a blue pawn is not blue's to move now
    for view in (lifted("d7:red"), lifted("e10:blue")):
        plan = plan_leds(gm, view)
        assert "legal_destination" not in plan.by_meaning()


def test_keeper_step_on_defence_without_a_roll():
    gm = position(red={"gk": "d1", "s1": "d12", "m2": "a10", "m1": "b11"}, blue={"gk": "d16", "d1": "h15"},
                  ball="d12")
    play(gm, "roll red 1", "red-m2 a11", "roll red 2", "ball d14", "roll red 3", "red-m1 d14")
    assert gm.expects() == {"input": "roll", "team": "blue", "or": "keeper_step"}
    plan = plan_leds(gm, lifted("d16:blue"))
    expect_exact(plan, {"legal_destination": "c15 d15 e15 c16 e16", "lifted_from": "d16",
                        "blue_to_act": "a16 b16 f16 g16 h16",            # the goal line, under the rest
                        "offside_line": "a15 b15 f15 g15 h15"})          # blue-d1 on h15 is blue's last


def test_ball_play_shows_ball_destinations():
    gm = open_play()
    play(gm, "roll red 1", "red-m1 c6", "roll red 2")
    expect_exact(plan_leds(gm), {
        "ball_destination": "b5 c5 d5 e5 f5 b6 c6 e6 f6 b7 f7 b8 c8 e8 f8 b9 c9 d9 e9 f9",
        "offside_line": RANK12, "red_to_act": RED_LINE})


def test_ball_play_on_a_one_shows_the_dribble_squares():
    gm = open_play()
    play(gm, "roll red 1", "red-m1 c6", "roll red 1")
    expect_exact(plan_leds(gm), {"dribble_destination": "d6 e6 c7 e7 c8 d8 e8",
                                 "ball_destination": "c6",          # a pass to the team-mate; no dribble there
                                 "offside_line": RANK12, "red_to_act": RED_LINE})


def test_offside_line_and_pawns_in_an_offside_position():
    gm = position(red={"gk": "d1", "s1": "d7", "m1": "c5", "m2": "f14", "s2": "a10"},
                  blue={"gk": "d16", "d1": "c12", "m1": "e10"}, ball="d7")
    play(gm, "roll red 2")
    expect_exact(plan_leds(gm), {"offside_pawn": "f14", "offside_line": RANK12, "red_to_act": RED_LINE})


def test_move_clock_warning_in_the_last_ten_seconds():
    gm = open_play()
    play(gm, "roll red 2", "tick 49")
    assert gm.state.move_deadline - gm.state.now == pytest.approx(11)
    assert "move_clock_warning" not in plan_leds(gm).by_meaning()
    play(gm, "tick 1")
    expect_exact(plan_leds(gm, lifted("c5:red")), {
        "move_clock_warning": RED_LINE,
        "legal_destination": " ".join(g.name(s) for s in g.squares_of(gm.legal_pawn_moves()[gm.pawn_on(0, P("c5"))])),
        "lifted_from": "c5", "offside_line": RANK12})


def test_move_clock_warning_is_for_the_team_that_must_move_and_stops_when_paused():
    gm = open_play()
    play(gm, "roll red 2", "tick 55", "press pause")
    assert "move_clock_warning" not in plan_leds(gm).by_meaning()


def test_battle_both_teams_to_roll_then_the_one_still_waiting():
    gm = position(red={"gk": "d1", "s1": "d13", "m1": "a3"}, blue={"gk": "d16", "d1": "d14", "m1": "e15"},
                  ball="d13")
    play(gm, "roll red 1", "red-m1 a4", "roll red 1", "dribble d14")
    assert gm.state.phase == "battle"
    expect_exact(plan_leds(gm), {"red_to_act": RED_LINE, "blue_to_act": BLUE_LINE})
    play(gm, "roll red 4")
    expect_exact(plan_leds(gm), {"blue_to_act": BLUE_LINE})


def test_identity_question_outranks_everything_but_the_correction():
    gm = open_play()
    play(gm, "roll red 1")
    plan = plan_leds(gm, BoardView(ambiguous=mask("c5 b4 d1")))
    expect_exact(plan, {"identity_question": "c5 b4 d1", "offside_line": RANK12,
                        "red_to_act": "a1 b1 c1 e1 f1 g1 h1"})


# ----- a board out of step -----------------------------------------------------------------------------
def test_mismatch_shows_one_correction_step_and_the_legal_alternatives():
    gm = open_play()
    play(gm, "roll red 1")
    view = BoardView(missing=((P("c5"), "red"),), extra=((P("c9"), "red"),), mismatch=True)
    plan = plan_leds(gm, view)
    expect_exact(plan, {"correction_lift": "c9", "correction_put": "c5",
                        "legal_destination": "c4 d4 b5 d5 b6 c6 d6",      # or onto a legal square
                        "offside_line": RANK12, "red_to_act": RED_LINE})
    assert plan.step.to_json() == {"kind": "move", "token": "red", "from": "c9", "to": "c5",
                                   "text": "move the red pawn from c9 to c5"}
    assert plan.corrections == 1 and plan.to_json()["correction"]["from"] == "c9"


def test_mismatch_shows_only_the_first_of_several_steps():
    gm = open_play()
    view = BoardView(missing=((P("c5"), "red"), (P("d7"), "ball")),
                     extra=((P("c9"), "red"), (P("h9"), "blue")), mismatch=True)
    plan = plan_leds(gm, view)
    assert plan.corrections == 3
    assert plan.by_meaning()["correction_lift"] == ["c9"] and plan.by_meaning()["correction_put"] == ["c5"]


def test_differences_without_a_mismatch_are_a_move_in_progress_not_a_correction():
    gm = open_play()
    play(gm, "roll red 3")
    view = BoardView(lifted=((P("c5"), "red"),), missing=((P("c5"), "red"),))
    assert "correction_put" not in plan_leds(gm, view).by_meaning()


# ----- set pieces ----------------------------------------------------------------------------------------
def fouled():
    gm = position(red={"gk": "d1", "s1": "d7", "m1": "a3", "m2": "c9"},
                  blue={"gk": "d16", "m1": "d8", "m2": "e9", "d4": "h12"}, ball="d7")
    play(gm, "roll red 1", "red-m1 a4", "roll red 1", "dribble d8", "roll red 6", "roll blue 1")
    assert gm.state.phase == "free_kick_setup"
    return gm


RING_D8 = "b6 c6 d6 e6 f6 b7 f7 b8 f8 b9 f9 b10 c10 d10 e10 f10"


def test_free_kick_setup_zone_and_the_pawns_that_must_leave():
    gm = fouled()
    expect_exact(plan_leds(gm), {"setup_move": "d8 e9", "setup_target": RING_D8,
                                 "free_kick_zone": "c7 d7 e7 c8 e8 c9 d9"})
    # the kicker (red-s1) stands on the ball on d8: nothing to fix for it; blue-m1 shares d8


def test_free_kick_setup_with_one_pawn_lifted_keeps_the_others_orange():
    gm = fouled()
    plan = plan_leds(gm, lifted("d8:blue"))
    expect_exact(plan, {"lifted_from": "d8", "setup_move": "e9", "setup_target": RING_D8,
                        "free_kick_zone": "c7 d7 e7 c8 e8 c9 d9"})


def test_minor_foul_free_kick_ball_then_zone_and_kicker_spot():
    gm = position(red={"gk": "d1", "s1": "d7", "m1": "a3", "m2": "c9"},
                  blue={"gk": "d16", "m1": "d8", "m2": "e9", "d4": "h12"}, ball="d7")
    play(gm, "foul blue")
    expect_exact(plan_leds(gm), {"setup_move": "d7", "setup_target": "d8 e8 d9 e9"})
    play(gm, "ball d9")
    # any red pawn may take it: only the spot (the ball's square) is lit, not every candidate
    expect_exact(plan_leds(gm), {
        "setup_move": "d8 e9",
        "setup_target": "b7 c7 d7 e7 f7 b8 f8 b9 d9 f9 b10 f10 b11 c11 d11 e11 f11",
        "free_kick_zone": "c8 e8 c9 c10 d10 e10"})


def corner(spin="corner"):
    gm = position(red={"gk": "d1", "s1": "d12", "m1": "d14", "m2": "a10", "m3": "e13"},
                  blue={"gk": "c15", "d1": "b15", "d2": "f13", "m1": "a15"}, ball="d12")
    play(gm, "roll red 1", "red-m2 a11", "roll red 2", "ball d14", "spin " + spin)
    return gm


def test_corner_setup_ball_to_the_corner_and_keeper_home_then_the_zone():
    gm = corner()
    assert gm.state.phase == "corner_setup"
    expect_exact(plan_leds(gm), {"setup_move": "d14 c15", "setup_target": "a16 d16 e16"})
    play(gm, "ball a16")
    expect_exact(plan_leds(gm), {"setup_move": "a15 b15 c15", "setup_target": "a14 b14 c14 c16 d16 e16",
                                 "free_kick_zone": "a16 b16"})


def test_corner_placement_lifted_pawn_shows_where_it_may_be_placed():
    gm = corner()
    play(gm, "ball a16", "blue-m1 c14", "blue-d1 c16", "blue-gk d16")
    assert gm.state.phase == "corner_placement" and gm.expects()["team"] == "blue"
    plan = plan_leds(gm, lifted("f13:blue"))
    from controller.games.stw.actions import MovePawn
    want = {a.to for a in gm.legal_actions() if isinstance(a, MovePawn) and a.pawn == gm.pawn_on(1, P("f13"))}
    assert want and {s for s, m in plan.meanings.items() if m == "legal_destination"} == want
    assert plan.meanings[P("f13")] == "lifted_from"
    hint = {s for s, m in plan.meanings.items() if m == "blue_to_act"}
    assert hint == set(g.squares_of(mask(BLUE_LINE))) - want          # the placing team's goal line, under the rest


def test_goal_kick_setup_ball_kicker_and_clearing():
    gm = corner("goal_kick")
    assert gm.state.phase == "goal_kick_setup"
    expect_exact(plan_leds(gm), {
        "setup_move": "d14 c15",          # the ball (and red-m1) on d14; the keeper (kicker) on c15
        "setup_target": "a13 b13 c13 d13 f13 g13 h13 a14 h14 a15 h15 a16 d16 e16 h16"})


def test_penalty_setup():
    gm = position(red={"gk": "d1", "s1": "d13", "m1": "a3", "m2": "c14"},
                  blue={"gk": "d16", "d1": "d14", "d2": "f14", "m1": "e15"}, ball="d13")
    play(gm, "roll red 1", "red-m1 a4", "roll red 1", "dribble d14", "roll red 6", "roll blue 1")
    assert gm.state.phase == "penalty_setup"
    expect_exact(plan_leds(gm), {                         # blue fouled, so blue places first (C19)
        "setup_move": "d14 f14 e15",                      # the ball and blue's pawns inside the area
        "setup_target": "a13 b13 c13 f13 g13 h13 a14 h14 d15",
        "blue_to_act": BLUE_LINE})
    play(gm, "blue-d1 c13")
    expect_exact(plan_leds(gm), {                         # then red: its kicker to the arc, red-m2 out
        "setup_move": "c14 d14",
        "setup_target": "a13 b13 c13 d13 e13 f13 g13 h13 a14 h14 d15 e15",
        "red_to_act": RED_LINE})


def test_sent_off_pawn_to_lift_during_the_setup():
    gm = fouled()
    gm.state.sent_off[gm.pawn_on(1, P("h12"))] = True      # as a red card leaves it: on the board, not in play
    gm = edited(gm)
    plan = plan_leds(gm)
    assert plan.meanings[P("h12")] == "setup_lift_off"


# ----- general properties --------------------------------------------------------------------------------
def test_full_time_is_dark():
    gm = open_play()
    gm.state.phase = "full_time"
    assert plan_leds(gm).meanings == {}
    assert plan_leds(gm).frame() == bytes(384)


def test_plan_is_pure_and_the_default_view_agrees():
    gm = corner()
    play(gm, "ball a16", "blue-m1 c14", "blue-d1 c16", "blue-gk d16")
    before = gm.state.clone()
    history = len(gm.history)
    plan_leds(gm, lifted("f13:blue"))
    assert gm.state == before and len(gm.history) == history
    assert BoardView() == AGREES


def test_board_view_rejects_nonsense():
    with pytest.raises(ValueError):
        BoardView(lifted=((200, "red"),))
    with pytest.raises(ValueError):
        BoardView(extra=((3, "green"),))


def test_every_meaning_has_a_colour_and_no_square_is_dark_but_lit():
    assert set(PRIORITY) == set(RGB)
    assert all(any(rgb) for rgb in RGB.values())


def test_plans_over_random_match_positions_never_fail():
    import random

    from controller.games.stw.bot import Bot, play_match
    from controller.games.stw.state import Options
    rng = random.Random(5)
    seen: set[str] = set()
    for seed in (1, 2):
        gm = Game.kick_off(None, Options(half_minutes=3))

        def check(action, events, gm=gm):
            st = gm.state
            on = [(s, "red" if p < 11 else "blue") for p, s in enumerate(st.sq) if s >= 0]
            view = BoardView(lifted=(rng.choice(on),)) if on and rng.random() < 0.5 else AGREES
            plan = plan_leds(gm, view)
            assert len(plan.frame()) == 384 and set(plan.meanings.values()) <= set(PRIORITY)
            seen.update(plan.meanings.values())
            if st.roll and st.phase in ("offensive_set", "capture", "answer"):
                moves = gm.legal_pawn_moves()
                for p in range(st.actor * 11, st.actor * 11 + 11):   # the one-pawn listing the planner asks agrees
                    assert gm.legal_pawn_moves(pawn=p).get(p, 0) == moves.get(p, 0), (p, st.phase)
        play_match(gm, Bot(seed), on_action=check)
    assert {"ball_destination", "legal_destination", "offside_line", "red_to_act", "blue_to_act"} <= seen

"""The LEDs of Soccer The Board Game (docs/leds.md, its section for this game): the one LED planner reads the
game through the ruleset boundary, so each test checks what a player sees for a rule of RULES-STBG.md on a
position built with the test DSL or on replayed scenario lines."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from controller.games.stbg import parse
from controller.games.stbg.board import name
from controller.leds import RGB, BoardView, plan_leds, planner_for
from controller.replay import replay_lines
from tests.leds.test_leds_palette import MIN_DE, worst_de

from .dsl import explicit, play, position

RED4 = {"p1": "d1", "p2": "b6", "p3": "d6", "p4": "f6"}
BLUE4 = {"p1": "d16", "p2": "b11", "p3": "d11", "p4": "f11"}
ROOT = Path(__file__).resolve().parents[2]


def lit(plan, meaning: str) -> set[str]:
    return set(plan.by_meaning().get(meaning, []))


def king_ball(centre: str, radius: int) -> set[str]:
    """Every square within `radius` king steps of `centre`, the centre included (independent of the engine)."""
    c = parse(centre)
    return {name(s) for s in range(128) if max(abs((s & 7) - (c & 7)), abs((s >> 3) - (c >> 3))) <= radius}


def lifted(*items: tuple[str, str]) -> BoardView:
    return BoardView(lifted=tuple((parse(s), t) for s, t in items))


def row(rank: int) -> set[str]:
    return {f"{f}{rank}" for f in "abcdefgh"}


# ----- a turn: the points, the lifted pawn, the goalie's free shift -------------------------------------------
def test_s5_a_lifted_pawn_lights_the_squares_it_reaches_with_the_points_left():
    game = position(red=RED4, blue=BLUE4, ball="d6")
    play(game, "roll red 2")
    plan = plan_leds(game, lifted(("b6", "red")))
    assert lit(plan, "legal_destination") == king_ball("b6", 2) - {"b6", "d6"}    # not onto a team-mate
    assert lit(plan, "lifted_from") == {"b6"}
    play(game, "red-p2 b7")                                   # 1 point spent, 1 left
    plan = plan_leds(game, lifted(("f6", "red")))
    assert lit(plan, "legal_destination") == king_ball("f6", 1) - {"f6"}


def test_the_points_colour_stays_apart_from_every_meaning_lit_in_a_turn_for_colour_blind_players():
    for other in ("correction_lift", "correction_put", "identity_question", "legal_destination", "lifted_from",
                  "dribble_destination", "ball_destination", "offside_pawn", "offside_line", "red_to_act",
                  "blue_to_act"):
        assert worst_de(RGB["points_left"], RGB[other]) >= MIN_DE, other


def test_a_pawn_of_the_team_not_acting_lights_nothing_when_lifted():
    game = position(red=RED4, blue=BLUE4, ball="d6")
    play(game, "roll red 3")
    plan = plan_leds(game, lifted(("b11", "blue")))
    assert lit(plan, "legal_destination") == set() and lit(plan, "lifted_from") == {"b11"}


def test_s6_the_points_left_show_on_the_acting_teams_goal_line_from_its_left():
    game = position(red=RED4, blue=BLUE4, ball="d6")
    plan = plan_leds(game)
    assert lit(plan, "red_to_act") == row(1) and lit(plan, "points_left") == set()    # to roll: no points yet
    play(game, "roll red 4")
    plan = plan_leds(game)
    assert lit(plan, "points_left") == {"a1", "b1", "c1", "d1"}
    assert lit(plan, "red_to_act") == {"e1", "f1", "g1", "h1"}
    assert plan.rgb(parse("a1")) == RGB["points_left"] != RGB["red_to_act"]
    play(game, "red-p2 b8")                                   # 2 spent
    assert lit(plan_leds(game), "points_left") == {"a1", "b1"}
    play(game, "done red", "roll blue 3")                     # blue sits behind rank 16: its left is file h
    plan = plan_leds(game)
    assert lit(plan, "points_left") == {"h16", "g16", "f16"} and lit(plan, "blue_to_act") == row(16) - {
        "h16", "g16", "f16"}
    assert lit(plan, "red_to_act") == set()


def test_s1_with_no_points_left_the_lifted_goalie_may_still_shift_inside_its_goal_area():
    game = position(red=RED4, blue=BLUE4, ball="d6")
    play(game, "roll red 1", "red-p2 b7")                     # no points left
    assert lit(plan_leds(game), "points_left") == set() and lit(plan_leds(game), "red_to_act") == row(1)
    plan = plan_leds(game, lifted(("d1", "red")))
    assert lit(plan, "legal_destination") == {"e1"}           # the goal area is one space: free
    assert lit(plan_leds(game, lifted(("f6", "red"))), "legal_destination") == set()


# ----- the ball: kick lines when it (or its holder) is lifted, or when a kick is the pending choice -----------
def test_kicks_lifting_the_ball_lights_its_straight_lines_within_the_points_never_over_an_opponent():
    game = position(red=RED4, blue={**BLUE4, "p3": "d8"}, ball="d6")
    play(game, "roll red 3")
    plan = plan_leds(game, lifted(("d6", "ball")))
    kicks = lit(plan, "ball_destination")
    assert {"b6", "f6"} <= kicks                              # passes to team-mates
    assert "d8" in kicks and "d9" not in kicks                # onto the lone opponent, never over it
    assert {"d5", "d4", "d3", "a3", "g3", "g9", "a9"} <= kicks    # straight or diagonal, up to the 3 points
    assert not kicks & {"d2", "h6", "e8", "c9"}               # 4 squares away, or off a line
    assert lit(plan, "dribble_destination") == set()          # the ball alone: a kick
    assert lit(plan_leds(game), "ball_destination") == set()  # nothing lifted, no kick pending: no lines


def test_s10_a_kick_line_never_ends_on_an_offside_team_mate():
    game = position(red={**RED4, "p4": "d9"}, blue={"p1": "d16", "p2": "a8", "p3": "b8", "p4": "h8"}, ball="d6")
    play(game, "roll red 3")
    plan = plan_leds(game, lifted(("d6", "ball")))
    assert "d8" in lit(plan, "ball_destination") and "d9" not in lit(plan, "ball_destination")
    assert lit(plan, "offside_pawn") == {"d9"}


def test_kicks_a_lifted_holder_lights_its_dribble_squares_and_the_squares_only_a_kick_reaches():
    game = position(red=RED4, blue=BLUE4, ball="d6")
    play(game, "roll red 2")
    plan = plan_leds(game, lifted(("d6", "red")))
    assert lit(plan, "legal_destination") == king_ball("d6", 2) - {"d6", "b6", "f6"}
    assert lit(plan, "ball_destination") == {"b6", "f6"}      # a pass: the holder may not go there itself


def test_kick_off_the_one_square_pass_is_lit_as_soon_as_the_kick_off_is_rolled():
    out = replay_lines([json.dumps(line) for line in (
        {"type": "setup", "ruleset": "stbg", "formation": "standard", "kickoff": "red"},
        {"type": "roll", "die": "red", "value": 4})], leds=True)
    doc = [o["leds"] for o in out if "leds" in o][-1]
    assert {s for s, v in doc["squares"].items() if v["meaning"] == "ball_destination"} == {"e8"}


def test_goal_kick_its_lines_are_lit_with_nothing_lifted_ball_only():
    game = position(red={**RED4, "p3": "b14"}, blue=BLUE4, ball="b14")
    play(game, "roll red 6", "ball d16", "roll red 2", "roll blue 5")       # a save: blue's goal kick
    assert game.state.kind == "goal_kick"
    play(game, "roll blue 1")                                 # 1 + 3 points, ball only
    plan = plan_leds(game)
    kicks = lit(plan, "ball_destination")
    assert kicks == {name(s) for s in range(128) if game.ball_destinations() >> s & 1} and kicks
    assert lit(plan, "dribble_destination") == set() and lit(plan, "legal_destination") == set()
    assert lit(plan, "points_left") == {"h16", "g16", "f16", "e16"} - kicks     # the gauge lies under the lines


# ----- offside --------------------------------------------------------------------------------------------------
def test_s10_s30_the_offside_line_is_the_last_defender_outside_the_goal_area_and_beyond_it_is_pink():
    game = position(red={**RED4, "p4": "h13", "p2": "a11"}, blue=BLUE4, ball="d6")
    plan = plan_leds(game)
    assert lit(plan, "offside_line") == row(11)               # blue's last player outside its goal area
    assert lit(plan, "offside_pawn") == {"h13"}               # a11 is level: onside, under the line
    game = position(red={**RED4, "p4": "h13"}, blue={**BLUE4, "p2": "b14"}, ball="d6")
    plan = plan_leds(game)
    assert lit(plan, "offside_line") == row(14) and lit(plan, "offside_pawn") == set()   # the deepest defender
    game = position(red={**RED4, "p4": "h7", "p5": "a12"}, blue={"p1": "d16", "p2": "a5", "p3": "c4", "p4": "h3"},
                    ball="d6")
    plan = plan_leds(game)
    assert lit(plan, "offside_line") == row(5)
    assert lit(plan, "offside_pawn") == {"a12"}               # S10: b6 and h7 are beyond it in their own half


def test_s30_no_offside_line_while_the_acting_team_does_not_hold_the_ball():
    game = position(red=RED4, blue=BLUE4, ball="d7")          # a loose ball
    plan = plan_leds(game)
    assert lit(plan, "offside_line") == set() and lit(plan, "offside_pawn") == set()


# ----- clocks and dice ------------------------------------------------------------------------------------------
def test_s22_the_last_10_seconds_of_the_turn_clock_turn_the_acting_teams_row_red():
    game = position(red=RED4, blue=BLUE4, ball="d6")
    play(game, "roll red 3", "tick 19")
    plan = plan_leds(game)
    assert lit(plan, "move_clock_warning") == set() and lit(plan, "points_left") == {"a1", "b1", "c1"}
    play(game, "tick 1.5")                                    # 9.5 s left of 30
    plan = plan_leds(game)
    assert lit(plan, "move_clock_warning") == row(1)
    assert lit(plan, "points_left") == set() and lit(plan, "red_to_act") == set()


def test_s16_s22_at_a_scoring_chance_both_teams_rows_glow_until_each_has_rolled_and_no_turn_clock_runs():
    game = position(red={**RED4, "p3": "b14"}, blue=BLUE4, ball="b14")
    play(game, "roll red 6", "ball d16", "tick 29")
    plan = plan_leds(game)
    assert lit(plan, "red_to_act") == row(1) and lit(plan, "blue_to_act") == row(16)
    assert lit(plan, "move_clock_warning") == set()
    play(game, "roll blue 2")
    plan = plan_leds(game)
    assert lit(plan, "red_to_act") == row(1) and lit(plan, "blue_to_act") == set()


# ----- set-ups --------------------------------------------------------------------------------------------------
def corner_setup():
    game = position(red={**RED4, "p3": "b14"}, blue={**BLUE4, "p4": "b15"}, ball="b14")
    play(game, "roll red 2", "ball d16", "roll red 3", "roll blue 3")
    assert game.state.phase == "corner_setup"
    return game


def test_corner_the_attacking_team_sees_the_corner_square_to_fill_and_the_two_square_ring():
    game = corner_setup()
    plan = plan_leds(game)
    assert lit(plan, "setup_move") == {"d16"}                 # the ball goes to the corner
    assert lit(plan, "setup_target") == {"a16"}
    assert lit(plan, "free_kick_zone") == {"b16", "a15", "b15"}   # the ring (blue's b15 pawn moves in its turn)
    assert lit(plan, "red_to_act") == row(1) and lit(plan, "blue_to_act") == set()


def test_corner_the_defending_team_must_leave_the_ring_and_sees_where_it_may_go():
    game = corner_setup()
    play(game, "ball a16", "red-p3 a16", "done red")
    plan = plan_leds(game)
    assert lit(plan, "setup_move") == {"b15"}
    assert lit(plan, "free_kick_zone") == {"a15", "a16", "b16"}   # the ring, a16 under red's taker and the ball
    targets = lit(plan, "setup_target")
    assert "c14" in targets and not targets & king_ball("a16", 1) and "d16" not in targets   # d16: the goalie
    assert lit(plan, "blue_to_act") and lit(plan, "red_to_act") == set()      # blue places now


def test_free_kick_the_fouler_steps_one_square_away_inside_the_one_square_ring():
    game = position(red={**RED4, "p3": "d6"}, blue={**BLUE4, "p3": "c6"}, ball="d6", turn="blue")
    play(game, "roll blue 1", "blue-p3 d6", "roll red 3", "roll blue 3", "card blank")
    assert game.state.phase == "free_kick_setup"
    plan = plan_leds(game)
    assert lit(plan, "setup_move") == {"d6"}                  # the fouler stands on the ball
    assert lit(plan, "setup_target") == king_ball("d6", 1) - {"d6"}    # one square away: the whole free ring
    assert lit(plan, "blue_to_act") == row(16) and lit(plan, "red_to_act") == set()
    play(game, "blue-p3 e7", "done blue", "roll red 3")       # the free kick: a kick is the pending choice
    plan = plan_leds(game)
    kicks = lit(plan, "ball_destination")
    assert {"e7", "b6", "d9", "a9"} <= kicks and "d10" not in kicks     # onto the lone fouler, passes, 3 at most
    assert lit(plan, "dribble_destination") == set()          # the kicker may not carry the ball


def test_s18_after_a_goal_a_lifted_pawn_shows_where_the_kick_off_set_up_lets_it_stand():
    game = position(red={**RED4, "p3": "b14"}, blue=BLUE4, ball="b14")
    play(game, "roll red 6", "ball d16", "roll blue 2", "roll red 5")
    assert game.state.phase == "kickoff_setup" and game.expects()["team"] == "blue"
    plan = plan_leds(game, lifted(("b11", "blue")))
    dest = lit(plan, "legal_destination") | lit(plan, "setup_target")
    assert {"a9", "b12", "h15"} <= dest                       # anywhere in blue's half
    assert not dest & {"c9", "f10", "d8", "b7"}               # never in c7-f10 but its middle squares, nor red's half
    assert {"d9", "e9"} <= lit(plan, "setup_target")          # the kick-off team fills its two middle squares


def test_s19_penalty_set_up_lights_the_ball_to_a_spot_and_where_a_lifted_attacker_may_stand():
    game = position(red={"p1": "d1", "p2": "b6", "p3": "d14", "p4": "f13"},
                    blue={"p1": "d16", "p2": "c15", "p3": "d13", "p4": "g10"}, ball="d14", turn="blue")
    play(game, "roll blue 1", "blue-p3 d14", "roll red 2", "roll blue 2", "card blank")
    assert game.state.phase == "penalty_setup"
    plan = plan_leds(game)
    assert lit(plan, "setup_move") == {"d14"}                 # the ball goes from d14 to a spot
    assert lit(plan, "setup_target") == {"d15", "e15"}        # the penalty-spot squares
    plan = plan_leds(game, lifted(("d14", "red")))            # the attacker in the area: the nearest squares
    assert lit(plan, "legal_destination") == {"c13", "d13", "e13"}     # outside it, or a spot (cyan already)
    plan = plan_leds(game, lifted(("f13", "red")))            # outside the area: only the spots, to kick
    assert lit(plan, "legal_destination") == set() and lit(plan, "setup_target") == {"d15", "e15"}


def test_s20_a_refused_placement_lights_at_once_the_correction_and_the_allowed_squares():
    red, blue = {**RED4, "p3": "b14"}, {**BLUE4, "p4": "b15"}
    lines = [explicit(red, blue, "b14"),
             {"type": "roll", "die": "red", "value": 2},
             {"type": "move", "from": "b14", "to": "d16", "token": "ball"},
             {"type": "roll", "die": "red", "value": 3},
             {"type": "roll", "die": "blue", "value": 3},
             {"type": "move", "from": "d16", "to": "a16", "token": "ball"},
             {"type": "move", "from": "b14", "to": "a16", "token": "red"},
             {"type": "press", "button": "done", "team": "red"},
             {"type": "lift", "square": "b15", "token": "blue"},
             {"type": "place", "square": "a15", "token": "blue"}]          # inside the 2-square ring
    out = replay_lines([x if isinstance(x, str) else json.dumps(x) for x in lines], leds=True)
    refused = next(i for i, o in enumerate(out) if o.get("line") == len(lines))
    assert out[refused]["ok"] is False
    doc = next(o["leds"] for o in out[refused + 1:] if "leds" in o)            # the very next frame
    meaning = {s: v["meaning"] for s, v in doc["squares"].items()}
    assert meaning["a15"] == "correction_lift" and meaning["b15"] == "correction_put"
    allowed = {s for s, m in meaning.items() if m in ("setup_target", "legal_destination")}
    assert {"c14", "h9", "a14"} <= allowed and not allowed & king_ball("a16", 1)
    assert not allowed & {"d16", "e16", "b11"}                # the goal area's goalie, a team-mate


# ----- the commands ---------------------------------------------------------------------------------------------
def test_replay_leds_on_a_stbg_scenario_prints_the_frames():
    scenario = ROOT / "tests" / "stbg" / "golden" / "04_corner.jsonl"
    run = subprocess.run([sys.executable, "-m", "controller.cli", "replay", "--leds", str(scenario)],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert run.returncode == 0, run.stderr
    docs = [json.loads(t)["leds"] for t in run.stdout.splitlines() if t.startswith('{"leds"')]
    meanings = {v["meaning"] for d in docs for v in d["squares"].values()}
    assert docs and all(d["planner"] == "controller.leds" for d in docs)
    assert {"red_to_act", "blue_to_act", "points_left", "setup_target", "free_kick_zone"} <= meanings


def test_planner_for_plans_both_games_with_the_one_planner():
    assert planner_for("stbg") is plan_leds is planner_for("soccer_tactics_world")


def test_render_leds_draws_a_stbg_scenarios_last_frame(tmp_path):
    scenario = tmp_path / "turn.jsonl"
    scenario.write_text("\n".join(json.dumps(line) for line in (
        {"type": "setup", "ruleset": "stbg", "formation": "standard", "kickoff": "red"},
        {"type": "roll", "die": "red", "value": 4})) + "\n")
    run = subprocess.run([sys.executable, "-m", "controller.cli", "render", str(scenario), "--leds", "-o",
                          str(tmp_path / "turn.svg")], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert run.returncode == 0, run.stderr
    svg = (tmp_path / "turn.svg").read_text()
    assert "points left" in svg and "ball destination" in svg and "red to act" in svg
    assert "#ffff96" in svg                                   # the points-left colour under a1..d1


def test_every_position_of_seeded_matches_lights_only_what_the_rules_allow():
    """After every action of seeded bot matches, with nothing, each pawn of the team to act, or the ball
    lifted: a lifted pawn's cyan squares are its legal moves or free moves, the blue squares the ball's, and
    the points on the goal line are the points left."""
    from controller.games.stbg import Game, Options
    from controller.games.stbg.bot import StbgBot, play_match
    checked = 0
    for seed in range(3):
        game = Game.kick_off(None, Options(half_minutes=2.0))

        def check(action, events, game=game):
            nonlocal checked
            st = game.state
            colour = "red" if st.turn == 0 else "blue"
            views = [BoardView()] + [BoardView(lifted=((st.sq[p], colour),)) for p in game.team_pawns(st.turn)
                                     if st.sq[p] >= 0]
            if st.ball >= 0:
                views.append(BoardView(lifted=((st.ball, "ball"),)))
            for view in views:
                plan = plan_leds(game, view)
                assert len(plan.frame()) == 384
                mask: dict[str, int] = {}
                for s, m in plan.meanings.items():
                    mask[m] = mask.get(m, 0) | 1 << s
                if view.lifted and view.lifted[0][1] != "ball" and not st.phase.endswith("setup"):
                    p = game.pawn_on(st.turn, view.lifted[0][0])
                    allowed = game.legal_pawn_moves(pawn=p).get(p, 0) | game.free_moves(p)
                    assert mask.get("legal_destination", 0) & ~allowed == 0, (str(game), view)
                assert mask.get("ball_destination", 0) & ~game.ball_destinations() == 0, (str(game), view)
                gauge = mask.get("points_left", 0)
                if gauge:
                    assert bin(gauge).count("1") <= st.points and st.phase == "play"
                checked += 1
        play_match(game, StbgBot(seed), check)
    assert checked > 1000

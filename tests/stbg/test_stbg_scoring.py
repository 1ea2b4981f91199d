"""RULES-STBG.md, Scoring (S11, S21, S31): the ball entering the opponents' goal area is a chance, both roll
(attacker higher: goal; defender higher: save and a goal kick; equal: a corner from the side the ball came
from); an empty goal area is a goal at once."""
from controller.games.stbg import BLUE

from .dsl import ball, events, holder, play, position

RED4 = {"p1": "d1", "p2": "b6", "p3": "d6", "p4": "f6"}
BLUE4 = {"p1": "d16", "p2": "b11", "p3": "d11", "p4": "f11"}


def chance(entry_from: str = "b14", target: str = "d16"):
    game = position(red={**RED4, "p3": entry_from}, blue=BLUE4, ball=entry_from)
    play(game, "roll red 6", f"ball {target}")
    return game


def test_ball_into_the_goal_area_is_a_chance_both_roll():
    game = chance()
    assert game.state.phase == "chance" and game.expects()["team"] == "both"


def test_attacker_higher_is_a_goal_and_the_scored_upon_kick_off():
    game = chance()
    ev = events(game, "roll blue 2", "roll red 5")
    assert ev[-1]["event"] == "goal" or "goal" in [e["event"] for e in ev]
    assert game.state.score == [1, 0] and game.state.kickoff_team == BLUE and game.state.phase == "kickoff_setup"


def test_defender_higher_is_a_save_and_a_goal_kick():
    game = chance()
    names = play(game, "roll red 2", "roll blue 5")
    assert names[:2] == ["save", "goal_kick"]
    assert holder(game) == "blue-p1" and ball(game) == "d16" and game.state.kind == "goal_kick"
    play(game, "roll blue 1")
    assert game.state.points == 4


def test_s34_the_rolls_are_told_apart_by_the_die_not_the_order():
    a, b = chance(), chance()
    play(a, "roll red 5", "roll blue 2")
    play(b, "roll blue 2", "roll red 5")
    assert a.state.score == b.state.score == [1, 0]


def test_equal_is_a_corner_s11_on_the_side_the_ball_came_from():
    game = chance("b14", "d16")                        # from b14 (files a-d): the a corner
    names = play(game, "roll red 3", "roll blue 3")
    assert names[0] == "corner_kick" and game.state.corner == 15 * 8 + 0


def test_s11_corner_from_files_e_to_h_is_the_h_corner():
    game = position(red={**RED4, "p3": "g14"}, blue=BLUE4, ball="g14")
    play(game, "roll red 2", "ball e16", "roll red 4", "roll blue 4")
    assert game.state.corner == 15 * 8 + 7


def test_empty_goal_area_is_a_goal_at_once():
    game = position(red={**RED4, "p3": "d14"}, blue={**BLUE4, "p1": "a16"}, ball="d14")
    names = play(game, "roll red 2", "ball d16")
    assert names[-2:] == ["scoring_chance", "goal"]


def test_s21_a_dribble_into_the_empty_goal_area_scores_the_entry_is_the_last_square():
    game = position(red={**RED4, "p3": "f15"}, blue={**BLUE4, "p1": "a16"}, ball="f15")
    ev = events(game, "roll red 1", "red-p3 e16")
    assert {"event": "scoring_chance", "team": "red", "square": "e16"} in ev
    assert game.state.score == [1, 0]


def test_the_holder_may_not_dribble_into_a_guarded_goal_area():
    game = position(red={**RED4, "p3": "e15"}, blue=BLUE4, ball="e15")
    play(game, "roll red 1")
    from .dsl import rejects
    assert rejects(game, "red-p3 e16") == "path_blocked"      # the goal area is one space, the goalie's


def test_s35_the_goal_area_is_one_space_a_holder_may_not_carry_the_ball_into_it_past_either_square():
    # the goalie stands on e16: d16 is the same space, so the holder may not carry the ball onto it either
    game = position(red={**RED4, "p3": "d14"}, blue={**BLUE4, "p1": "e16"}, ball="d14")
    play(game, "roll red 2")
    from .dsl import rejects
    assert rejects(game, "red-p3 d16") == "path_blocked"
    assert rejects(game, "red-p3 e16") == "path_blocked"
    assert not game.dribble_destinations() & (1 << (15 * 8 + 3) | 1 << (15 * 8 + 4))


def test_s35_on_the_board_the_holder_and_ball_put_down_in_a_guarded_goal_area_are_refused():
    from .dsl import explicit, replay, snapshot, verdicts
    setup = explicit({**RED4, "p3": "d14"}, {**BLUE4, "p1": "e16"}, ball="d14")
    def line(kind, square, token):
        return {"type": kind, "square": square, "token": token}
    out = replay(setup, {"type": "roll", "die": "red", "value": 2}, line("lift", "d14", "red"),
                 line("lift", "d14", "ball"), line("place", "d16", "ball"), line("place", "d16", "red"))
    assert verdicts(out)[6]["reason"] == "path_blocked"
    assert snapshot(out)["score"] == {"red": 0, "blue": 0} and snapshot(out)["holder"] == "red-p3"


def test_s35_carried_into_an_empty_goal_area_is_a_goal_at_once_kicked_in_is_a_chance():
    game = position(red={**RED4, "p3": "d14"}, blue={**BLUE4, "p1": "a16"}, ball="d14")
    names = play(game, "roll red 2", "red-p3 e16")
    assert names[-2:] == ["scoring_chance", "goal"] and game.state.score == [1, 0]
    game = position(red={**RED4, "p3": "d14"}, blue={**BLUE4, "p1": "e16"}, ball="d14")
    names = play(game, "roll red 2", "ball d16")                   # kicked in past the goalie's square: a chance
    assert names[-1] == "scoring_chance" and game.state.phase == "chance"

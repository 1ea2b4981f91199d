"""RULES-STBG.md, Board and pieces (S1-S3): the areas, the goal area as one space, six identical pawns a team,
the deck."""
from controller.games.stbg import Game
from controller.games.stbg.board import CENTRE_BLOCK, GOAL_AREA, PENALTY_AREA, SPOTS, cost, name, squares_of

from .dsl import play, position, rejects, sq


def names(mask: int) -> set[str]:
    return {name(s) for s in squares_of(mask)}


def test_s1_areas_of_each_end():
    assert names(GOAL_AREA[0]) == {"d1", "e1"} and names(GOAL_AREA[1]) == {"d16", "e16"}
    assert names(SPOTS[0]) == {"d2", "e2"} and names(SPOTS[1]) == {"d15", "e15"}
    assert names(PENALTY_AREA[0]) == {f"{f}{r}" for f in "bcdefg" for r in (1, 2, 3)}
    assert names(CENTRE_BLOCK) == {f"{f}{r}" for f in "cdef" for r in (7, 8, 9, 10)}


def test_s1_goal_area_is_one_space_moving_inside_costs_nothing():
    assert cost(3, 4) == 0
    game = position()
    play(game, "roll red 1", "red-p1 e1")           # d1 -> e1 is free
    assert game.state.points == 1 and sq(game, "red-p1") == "e1"


def test_s1_one_pawn_a_team_in_the_goal_area():
    game = position()
    play(game, "roll red 6")
    assert rejects(game, "red-p3 e1") == "goal_area_limit"    # the goalie stands on d1: e1 is the same space


def test_s1_cost_from_the_goal_area_counts_from_its_nearer_square():
    assert cost(3, 4 + 8) == 1          # d1 to e2: one step from e1
    assert cost(4 + 8, 3) == 1


def test_s2_the_goalie_is_the_pawn_in_its_goal_area():
    game = position()
    snap_goalies = [p for p in range(12) if game.state.sq[p] >= 0 and GOAL_AREA[p // 6] >> game.state.sq[p] & 1]
    assert snap_goalies == [0, 6]


def test_s3_six_pawns_a_team_and_identity_follows_the_pawn():
    game = Game.kick_off(0)
    assert [game.pawn_name(p) for p in game.team_pawns(1)] == [f"blue-p{i}" for i in range(1, 7)]
    assert all(game.interchangeable(p) for p in range(12))      # no yellow card yet: no identity to keep


def test_s3_the_deck_is_configurable():
    game = position(star_cards={"pass": 1, "shoot": 0, "steal": 2}, referee_cards={"red": 0, "yellow": 1,
                                                                                    "blank": 1})
    assert game.options.star_cards["shoot"] == 0

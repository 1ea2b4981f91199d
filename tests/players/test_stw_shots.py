"""The Soccer Tactics WORLD evaluation creates and takes shots: a team-mate a direct pass turns into a shot
(rule 5: alone in the opponents' penalty area or on a long-distance square, onside), reached at once or through
one direct pass (rule 4B), and the searching player plays the ball there."""
from __future__ import annotations

import random
from dataclasses import replace

from controller.games.stw import evaluate as ev
from controller.games.stw import geometry as g
from controller.games.stw.actions import MoveBall, Roll
from controller.games.stw.game import Game
from controller.games.stw.phase import Phase
from controller.games.stw.search_view import StwSearch
from controller.games.stw.state import Options
from controller.players.levels import level
from controller.players.search import Search
from tests.rules.dsl import position

SG = StwSearch()
SHORT = Options(half_minutes=5, extra_time=False).model_dump()
BLUE_BACK = {"gk": "d16", "d1": "b13", "d2": "d14", "d3": "e14", "d4": "g13", "m1": "a11", "m2": "h11"}
"""Blue's last field players on rank 13: a red pawn on rank 13 is onside, on rank 14 offside."""


def red_on_ball(ball: str, **red: str) -> Game:
    pawns = {"gk": "d1", "d1": "c4", "m1": ball, **red}
    return position(red=pawns, blue=BLUE_BACK, ball=ball, **SHORT)


def test_a_team_mate_alone_and_onside_on_a_long_distance_square_is_a_shot_target() -> None:
    game = red_on_ball("c9", s1="c13")
    assert g.squares_of(ev.shot_targets(game, 0, game.state.ball)) == [g.parse("c13")]
    assert ev.pass_shot_chance(game, 0, game.state.ball) == 1 / 6        # only a 4 reaches c13 from c9


def test_an_offside_team_mate_in_the_penalty_area_is_no_shot_target() -> None:
    game = red_on_ball("c9", s1="c15")
    assert ev.shot_targets(game, 0, game.state.ball) == 0
    assert ev.two_play_shot_chance(game, 0, game.state.ball) == 0.0


def test_a_direct_pass_to_a_team_mate_who_can_find_the_target_counts_towards_the_shot() -> None:
    alone = red_on_ball("c7", s1="f13")
    relayed = red_on_ball("c7", s1="f13", m2="f10")       # a team-mate three squares from the target
    ball = alone.state.ball
    assert ev.pass_shot_chance(alone, 0, ball) == ev.pass_shot_chance(relayed, 0, ball)
    assert ev.two_play_shot_chance(relayed, 0, ball) > ev.two_play_shot_chance(alone, 0, ball)
    assert SG.value(relayed, 0) > SG.value(alone, 0)


def test_the_searching_player_passes_to_the_shot_target_when_the_die_allows() -> None:
    game = red_on_ball("c9", s1="c13", s2="h9")
    game.apply(Roll(0, 1))                              # the pawn move of the offensive set: a short one
    game.apply(next(a for a in SG.choices(game) if getattr(a, "pawn", -1) == 10 and a.to == g.parse("h10")))
    game.apply(Roll(0, 4))                              # the ball's roll: four squares reach c13
    assert game.state.phase == Phase.BALL_PLAY
    for lvl in (3, 5):
        choice = Search(SG, 0, replace(level(lvl), seconds=600.0), random.Random(0)).decide(game)
        assert choice == MoveBall(g.parse("c13"))
    game.apply(MoveBall(g.parse("c13")))
    assert game.state.phase == Phase.SHOT


def test_the_offensive_sets_pawn_move_makes_a_shot_target_within_the_balls_reach() -> None:
    game = red_on_ball("c8", s1="c12")
    game.apply(Roll(0, 1))                              # a one-square move: c12 to c13 makes the target
    choice = Search(SG, 0, replace(level(5), seconds=600.0), random.Random(0)).decide(game)
    game.apply(choice)
    assert ev.pass_shot_chance(game, 0, game.state.ball) > 0

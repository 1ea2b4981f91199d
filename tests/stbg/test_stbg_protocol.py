"""The ruleset boundary as this game fills it (controller/seam.py): the Ruleset registered as "stbg", the
game's protocol views with their meaning here, and the set-up's needs the LEDs would show."""
from controller.games import get_ruleset
from controller.games.stbg import Game
from controller.games.stbg.board import name, parse, squares_of
from controller.scenario import parse_obj
from controller.seam import CallsMinorFouls, minor_foul_for

from .dsl import play, position

RED4 = {"p1": "d1", "p2": "b6", "p3": "d6", "p4": "f6"}
BLUE4 = {"p1": "d16", "p2": "b11", "p3": "d11", "p4": "f11"}


def names(mask):
    return {name(s) for s in squares_of(mask)}


def test_get_ruleset_makes_the_stbg_ruleset_and_its_games():
    ruleset = get_ruleset("stbg", {"half_minutes": 5})
    assert ruleset.name == "stbg"
    game = ruleset.new_game(parse_obj({"type": "setup", "ruleset": "stbg", "formation": "standard",
                                       "kickoff": "blue"}))
    assert isinstance(game, Game) and game.options.half_minutes == 5
    assert ruleset.snapshot(game)["ball"] == "d9"
    occupancy = ruleset.expected_occupancy(game)
    assert occupancy[parse("d9")] == 2 | 4 and occupancy[parse("d1")] == 1
    assert not isinstance(ruleset, CallsMinorFouls)                 # no minor fouls: a refusal is only corrected
    assert minor_foul_for(ruleset, game, [], [], None) is None
    assert isinstance(get_ruleset("soccer_tactics_world"), CallsMinorFouls)


def test_protocol_views_mean_what_they_can_in_this_game():
    game = position(red={**RED4, "p4": "h13"}, ball="d6")
    play(game, "roll red 2")
    assert game.pawn_on(0, parse("d6")) == 2 and game.pawn_square(2) == parse("d6")
    assert names(game.dribble_destinations()) >= {"d8", "c7", "e5"}
    assert "d8" in names(game.ball_destinations()) and "d9" not in names(game.ball_destinations())
    assert names(game.free_moves()) == {"e1"}                    # the goalie's free shift in its goal area
    assert names(game.free_moves(0)) == {"e1"} and game.free_moves(2) == 0
    assert game.offside_line() == (1, 11) and names(game.offside_positions()) == {"h13"}
    view = game.led_view()
    assert view.phase == "play" and view.actor == 0 and view.roll == 2 and view.goal_ranks == (1, 16)
    assert game.legal_pawn_moves(pawn=1) == {1: game.legal_pawn_moves()[1]}


def test_exclusion_zone_and_fixes_at_a_corner():
    game = position(red={**RED4, "p3": "b14"}, blue={**BLUE4, "p4": "b15"}, ball="b14")
    play(game, "roll red 2", "ball d16", "roll red 3", "roll blue 3")
    fixes = game.restart_fixes()
    assert [(f.kind, f.token) for f in fixes] == [("ball", "ball"), ("fill", "red")]
    assert names(fixes[0].targets) == {"a16"}
    play(game, "ball a16", "red-p3 a16", "done red")
    assert names(game.exclusion_zone()) == {"a16", "b16", "a15", "b15"}
    fixes = game.restart_fixes()
    assert [(f.kind, name(f.square)) for f in fixes] == [("leave", "b15")]
    assert "b15" not in names(fixes[0].targets) and "c14" in names(fixes[0].targets)

"""Soccer The Board Game's match options are frozen and bounded as Soccer Tactics WORLD's are: no option can
overflow a clock or stall a match, an option out of its bounds is a ValueError that names it, and a match's
options cannot change under it. Its phases are a str enum, as the first game's: they compare, hash and
serialise as their values."""
from __future__ import annotations

import json
import pickle

import pytest
from pydantic import ValidationError

from controller.games import get_ruleset
from controller.games.stbg import Game, Options, Phase
from controller.scenario import parse_obj


@pytest.mark.parametrize("option,value", [("half_minutes", 181.0), ("half_minutes", 0), ("turn_seconds", 3601.0),
                                          ("turn_seconds", float("inf")), ("hand_size", 13), ("shootout_kicks", 51),
                                          ("star_cards", {"pass": 51, "shoot": 4, "steal": 4}),
                                          ("referee_cards", {"red": 2, "yellow": 100, "blank": 4})])
def test_an_option_out_of_its_bounds_is_a_value_error_naming_it(option, value):
    with pytest.raises(ValueError, match=option):
        Options(**{option: value})


def test_the_longest_options_allowed_are_accepted():
    opts = Options(half_minutes=180.0, turn_seconds=3600.0, star_cards={"pass": 50, "shoot": 0, "steal": 50})
    assert opts.half_minutes == 180.0 and opts.star_cards["pass"] == 50


def test_a_matchs_options_cannot_be_changed_under_it():
    game = Game.kick_off(0, Options(half_minutes=5.0))
    with pytest.raises(ValidationError, match="frozen"):
        game.options.half_minutes = 1.0        # type: ignore[misc]


def test_a_set_up_with_an_option_out_of_bounds_is_refused_with_the_option_named():
    ruleset = get_ruleset("stbg")
    with pytest.raises(ValueError, match=r"^options\.turn_seconds: "):
        ruleset.new_game(parse_obj({"type": "setup", "options": {"turn_seconds": 7200}}))


def test_phases_are_a_str_enum_that_serialise_and_pickle_as_their_values():
    game = Game.kick_off(0)
    assert isinstance(game.state.phase, Phase) and game.state.phase == "play"
    assert json.dumps({"phase": game.state.phase}) == '{"phase": "play"}'
    assert f"{game.state.phase}" == "play" and Phase("card") is Phase.CARD
    assert pickle.loads(pickle.dumps(game.state)).phase is Phase.PLAY

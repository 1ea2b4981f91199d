"""The parts outside the games ask the registry what a game declares (docs/games.md, The registry and what a game
declares): the set-up's game names, the turn a set-up may name, the pitch a drawing shows and the snapshot
schema `soccerboard schema --game` prints."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from controller import games
from controller.core import Core
from controller.render import pitch_of
from controller.scenario import BadInput, Setup, parse_obj
from tests.cli.cli_helpers import one_line_error, soccerboard
from tests.games.plugin_games import SITE


def test_a_set_up_naming_no_registered_game_is_refused_listing_the_registered_ones():
    with pytest.raises(BadInput) as refused:
        parse_obj({"type": "setup", "ruleset": "chess"})
    choices = [repr(name) for name in games.names()]
    listed = f"{', '.join(choices[:-1])} or {choices[-1]}"
    assert str(refused.value) == f'setup line, ruleset: Input should be {listed} (got "chess")'


def test_a_set_up_may_name_a_game_registered_after_start(monkeypatch):
    with pytest.raises(BadInput):
        parse_obj({"type": "setup", "ruleset": "tally"})
    monkeypatch.syspath_prepend(str(SITE))
    monkeypatch.setattr("sys.dont_write_bytecode", True)
    assert parse_obj({"type": "setup", "ruleset": "tally"}) == Setup(type="setup", ruleset="tally")


def test_the_turn_of_a_set_up_is_refused_by_the_game_whose_set_up_has_none_and_taken_by_the_other():
    for name in games.names():
        core = Core(games.get_ruleset(name))
        setup = parse_obj({"type": "setup", "ruleset": name, "formation": "standard", "kickoff": "red",
                           "turn": "red"})
        verdict = core.feed(setup).verdict
        if name == "stbg":
            assert verdict["ok"] is False and "turn" in verdict["detail"]       # a standard set-up has no turn
        else:
            assert verdict == {"ok": False, "reason": "bad_input",
                               "detail": "turn: a set-up of this game names no team to roll "
                                         "(the offense plays first)"}


def test_the_second_games_pitch_is_the_boards_without_the_arc_and_the_long_distance_squares():
    world, board_game = pitch_of({"ruleset": "soccer_tactics_world"}), pitch_of({"ruleset": "stbg"})
    assert world is not None and board_game is not None
    assert board_game.centre_circle == world.centre_circle
    for ours, theirs in zip(board_game.ends, world.ends, strict=True):
        assert (ours.goal_area, ours.penalty_area, ours.penalty_spot, tuple(ours.corners), ours.goal_rank) == \
               (theirs.goal_area, theirs.penalty_area, theirs.penalty_spot, tuple(theirs.corners), theirs.goal_rank)
        assert ours.penalty_arc == ours.long_distance == 0 and theirs.penalty_arc and theirs.long_distance


def test_a_snapshot_of_no_known_game_is_drawn_on_the_default_games_pitch():
    assert pitch_of({"ruleset": "chess"}) == pitch_of({}) == pitch_of({"ruleset": games.default().name})


@pytest.mark.parametrize("name", games.names())
def test_schema_prints_each_games_snapshot_schema_as_its_package_keeps_it(name):
    kept = Path(__file__).resolve().parents[2].joinpath(*games.info(name).package.split("."), "snapshot.schema.json")
    done = soccerboard("schema", "--game", name)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads(kept.read_text())


def test_schema_without_a_game_prints_the_default_games():
    assert soccerboard("schema").stdout == soccerboard("schema", "--game", games.default().name).stdout


def test_schema_of_an_unknown_game_is_a_usage_error_naming_the_games():
    err = one_line_error(soccerboard("schema", "--game", "chess"), 2)
    assert err == f"soccerboard schema: --game: unknown ruleset 'chess' (available: {', '.join(games.names())})"

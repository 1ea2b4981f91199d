"""The daemon names no game: what it says of one comes from the game's GameInfo (docs/games.md, The registry and
what a game declares), so the configuration, Home Assistant, the report and the clock treat a plugin game as they
treat the built-in ones, and the built-in ones exactly as before."""
from __future__ import annotations

import pytest

from controller import games
from controller.core import Core
from controller.daemon.operations.config import ConfigError, load_settings
from controller.daemon.outputs.homeassistant import device_block
from controller.daemon.referee import Referee, clock_view
from controller.scenario import parse_obj
from tests.games.plugin_games import SITE


@pytest.fixture
def test_games(monkeypatch):
    monkeypatch.syspath_prepend(str(SITE))
    monkeypatch.setattr("sys.dont_write_bytecode", True)


def test_home_assistant_names_the_board_after_the_configured_game():
    assert device_block("b1")["model"] == "Soccer Tactics WORLD board"
    for name in games.names():
        assert device_block("b1", None, name)["model"] == f"{games.info(name).title} board"


def test_a_config_may_name_a_registered_plugin_game_whose_options_only_its_set_up_checks(test_games):
    settings = load_settings(env=False, game__ruleset="tally", game__options={"target": 12})
    assert settings.game.ruleset == "tally" and settings.game.options == {"target": 12}


def test_a_config_naming_no_registered_game_lists_them_all(test_games):
    with pytest.raises(ConfigError) as refused:
        load_settings(env=False, game__ruleset="chess")
    listed = ", ".join(repr(name) for name in games.names()[:-1]) + f" or {games.names()[-1]!r}"
    assert str(refused.value) == f"the command's options: game.ruleset = 'chess': allowed: {listed}"


def test_a_config_without_a_game_referees_the_default_one():
    assert load_settings(env=False).game.ruleset == games.default().name


def test_the_clock_view_of_a_game_without_one_of_its_own_is_its_move_and_reset_deadlines():
    core = Core(games.get_ruleset())
    core.feed(parse_obj({"type": "setup", "formation": "standard", "kickoff": "red"}))
    snap = core.snapshot()
    assert snap is not None and games.info(snap["ruleset"]).clock_view is None
    view = clock_view(snap)
    assert view is not None and set(view) == {"period", "length", "running", "paused", "time_up", "elapsed",
                                              "move_remaining", "reset_remaining", "phase"}


def test_the_clock_view_of_a_game_with_one_of_its_own_is_the_games():
    own = [name for name in games.names() if games.info(name).clock_view is not None]
    assert own, "no registered game has a clock view of its own"
    for name in own:
        ref = Referee({}, board_follows_game=True, ruleset=name)
        ref.feed(ref.normalise({"type": "setup", "formation": "standard", "kickoff": "red"}))
        view_of_game = games.info(name).clock_view
        assert view_of_game is not None and ref.snapshot is not None
        assert clock_view(ref.snapshot) == view_of_game(ref.snapshot)


def test_a_journal_names_the_default_game_when_its_header_and_set_up_name_none():
    ref = Referee({})
    assert ref.ruleset == games.default().name
    assert ref.normalise({"type": "setup"}) == {"type": "setup"}
    other = next(name for name in games.names() if not games.info(name).default)
    assert Referee({}, ruleset=other).normalise({"type": "setup"}) == {"type": "setup", "ruleset": other}


def test_a_game_without_a_clock_has_no_clock_view(test_games):
    ref = Referee({}, board_follows_game=True, ruleset="tally")
    step = ref.feed(ref.normalise({"type": "setup"}))
    assert step.verdict["ok"] and ref.snapshot is not None and "clock" not in ref.snapshot
    assert clock_view(ref.snapshot) is None and step.clock is None

"""A checkpoint names the code it was made by (the referee's and every registered game's): a game registered
while the process runs (a plugin put on sys.path) must count, or a checkpoint made where the game is registered
would be refused as made by other code."""
from __future__ import annotations

from controller.daemon import checkpoint
from tests.games.plugin_games import SITE


def test_the_checkpoint_code_follows_the_games_registered_now(monkeypatch):
    without = checkpoint.fingerprint()
    monkeypatch.setattr("sys.dont_write_bytecode", True)      # the test games' folder is part of the checkout
    monkeypatch.syspath_prepend(str(SITE))
    with_games = checkpoint.fingerprint()
    assert with_games != without
    monkeypatch.undo()
    assert checkpoint.fingerprint() == without

"""Fixtures of the plugin tests: the test games registered in this process, a real Mosquitto."""
from __future__ import annotations

import pytest

from simulator.bench.mosquitto import Mosquitto
from tests.games.plugin_games import SITE


@pytest.fixture
def test_games(monkeypatch):
    """The test games' folder on sys.path: the registry reads its entry points again and finds them."""
    monkeypatch.syspath_prepend(str(SITE))
    monkeypatch.setattr("sys.dont_write_bytecode", True)


@pytest.fixture
def broker(tmp_path):
    m = Mosquitto(tmp_path / "mosquitto").start()
    yield m
    m.stop()

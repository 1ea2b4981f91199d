"""Fixtures of the daemon tests; the helpers they build on are plain functions in daemon_helpers."""
from __future__ import annotations

import pytest

from tests.daemon.daemon_helpers import Mosquitto


@pytest.fixture
def broker(tmp_path):
    """A fresh Mosquitto for one test, stopped afterwards."""
    m = Mosquitto(tmp_path / "mosquitto").start()
    yield m
    m.stop()

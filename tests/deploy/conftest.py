"""Fixtures of the deployment tests: the shipped Mosquitto files started for real (deploy_helpers)."""
from __future__ import annotations

import pytest

from tests.deploy.deploy_helpers import BoardBroker, SpectatorBroker


@pytest.fixture
def deploy_broker(tmp_path):
    """The board's broker as deploy/mosquitto/soccerboard.conf sets it up, on a free port."""
    b = BoardBroker(tmp_path).start()
    yield b
    b.stop()


@pytest.fixture
def spectator_broker(tmp_path, deploy_broker):
    """The spectator broker (deploy/mosquitto/spectators.conf) bridged from deploy_broker."""
    s = SpectatorBroker(tmp_path, deploy_broker).start()
    yield s
    s.stop()


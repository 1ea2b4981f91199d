"""Fixtures of the language tests: one short seeded match played by `soccerboard sim`, its journal folder."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.cli_helpers import soccerboard

# the simulated matches here need no broker: one that cannot be reached (the daemon goes on without it) keeps
# them off the embedded broker's port, which a simulated match in another test file may hold at the same time
NO_BROKER = "mqtt://127.0.0.1:9"


@pytest.fixture(scope="session")
def journal(tmp_path_factory) -> Path:
    """The journal folder of a match of one-minute halves that ends in a shoot-out (seed 3)."""
    folder = tmp_path_factory.mktemp("journal")
    done = soccerboard("sim", "--seed", "3", "--speed", "0", "--no-web", "--broker", NO_BROKER, "--half-minutes", "1",
                       "--extra-time-minutes", "0", "--journal-dir", str(folder), env={"LANGUAGE": "", "LC_ALL": ""})
    assert done.returncode == 0, done.stderr
    return folder
